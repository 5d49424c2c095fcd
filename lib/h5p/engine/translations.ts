// The H5P player's and editor's own texts (fullscreen, download, copyright, metadata and copyright fields of the
// editor …) in the user's language. @lumieducation/h5p-server ships them per namespace and language
// (build/assets/translations/<namespace>/<language>.json); its default translator knows only English. Keys are
// "namespace:key.path"; a missing language or key falls back to English, then to the key.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const NAMESPACES = ['client', 'copyright-semantics', 'metadata-semantics', 'hub', 'library-metadata', 'server'] as const;
type Flat = Record<string, string>;

// read from the installed package (the server runs from the project directory, as lib/http/api-docs.ts assumes)
const ROOT = path.join(process.cwd(), 'node_modules', '@lumieducation', 'h5p-server', 'build', 'assets', 'translations');
const loaded = new Map<string, Flat | null>();

function flatten(obj: unknown, prefix = '', out: Flat = {}): Flat {
  for (const [k, v] of Object.entries((obj ?? {}) as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else if (v && typeof v === 'object') flatten(v, key, out);
  }
  return out;
}

function table(namespace: string, language: string): Flat | null {
  const id = `${namespace}/${language}`;
  if (loaded.has(id)) return loaded.get(id)!;
  let result: Flat | null = null;
  if ((NAMESPACES as readonly string[]).includes(namespace) && /^[a-z]{2}([-_][a-zA-Z]{2})?$/.test(language)) {
    try {
      result = flatten(JSON.parse(readFileSync(path.join(ROOT, namespace, `${language}.json`), 'utf8')));
    } catch {
      result = null;
    }
  }
  loaded.set(id, result);
  return result;
}

/** h5p-server's ITranslationFunction: (key "namespace:path", language) → text */
export function h5pTranslate(key: string, language: string): string {
  const m = /^([^:]+):(.+)$/.exec(key);
  if (!m) return key;
  const [, ns, k] = m as unknown as [string, string, string];
  const lang = (language || 'en').toLowerCase();
  return table(ns, lang)?.[k] ?? table(ns, lang.split(/[-_]/)[0]!)?.[k] ?? table(ns, 'en')?.[k] ?? key;
}
