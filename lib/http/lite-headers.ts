import type { IncomingMessage } from 'node:http';

/**
 * Headers as the fast lane's routes read and answer them (get, set, forEach …): a plain record instead of undici's
 * Headers, whose validation of every name and value on each request costs more than the health check itself. The
 * names come from Node (already lower case) or from our own code; values are not re-validated. No set-cookie.
 */
export class LiteHeaders {
  readonly #h: Record<string, string>;
  /** from names already in lower case (Node's request headers) */
  private constructor(h: Record<string, string>) {
    this.#h = h;
  }
  static fromNode(raw: IncomingMessage['headers']): LiteHeaders {
    const h: Record<string, string> = {};
    for (const k in raw) {
      const v = raw[k];
      if (v !== undefined) h[k] = Array.isArray(v) ? v.join(k === 'cookie' ? '; ' : ', ') : v;
    }
    return new LiteHeaders(h);
  }
  static from(record: Record<string, string>): LiteHeaders {
    const h: Record<string, string> = {};
    for (const k in record) h[k.toLowerCase()] = String(record[k]);
    return new LiteHeaders(h);
  }
  get(name: string): string | null {
    return this.#h[name.toLowerCase()] ?? null;
  }
  has(name: string): boolean {
    return name.toLowerCase() in this.#h;
  }
  set(name: string, value: string): void {
    this.#h[name.toLowerCase()] = String(value);
  }
  append(name: string, value: string): void {
    const k = name.toLowerCase();
    this.#h[k] = k in this.#h ? `${this.#h[k]}, ${value}` : String(value);
  }
  delete(name: string): void {
    delete this.#h[name.toLowerCase()];
  }
  getSetCookie(): string[] {
    return [];
  }
  /** every header into `out` as it is, in no particular order (the fast lane's answer: no sorting, no iterator) */
  copyInto(out: Record<string, string | string[]>): void {
    const h = this.#h;
    for (const k in h) out[k] = h[k]!;
  }
  forEach(fn: (value: string, key: string, parent: LiteHeaders) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
  *entries(): IterableIterator<[string, string]> {
    for (const k of Object.keys(this.#h).sort()) yield [k, this.#h[k]!];
  }
  *keys(): IterableIterator<string> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): IterableIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

