// Round-trip counters for the request-path budget test: TCP relays in front of PostgreSQL and Redis that read
// what the app sends. PostgreSQL: one round trip per simple Query ('Q') or per Sync ('S') that ends an
// extended-protocol batch (Parse/Bind/Execute… Sync); the statement text of each is kept. Redis: one per command
// (a top-level RESP array); a pipeline of several commands counts each of them, so the count is never lower
// than the real number of round trips.
import net from 'node:net';

export interface Counted {
  /** round trips since the last reset */
  count: number;
  /** what each one was (SQL text or Redis command), for the failure message */
  items: string[];
}

export interface CountingRelay {
  port: number;
  reset(): void;
  read(): Counted;
  close(): Promise<void>;
}

interface RelayState {
  buf: Buffer;
  started: boolean;
  /** statements sent since the last Sync (PostgreSQL) */
  pending: string | null;
}

function relay(targetPort: number, onClientData: (state: RelayState, chunk: Buffer) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const state: RelayState = { buf: Buffer.alloc(0), started: false, pending: null };
    client.on('data', (chunk: Buffer) => {
      try {
        onClientData(state, chunk);
      } catch {
        /* counting must never break the connection */
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      }),
    ),
  );
}

/** A relay to PostgreSQL that counts the app's round trips (queries and extended-protocol syncs). */
export async function pgCountingRelay(targetPort: number): Promise<CountingRelay> {
  let counted: Counted = { count: 0, items: [] };
  const r = await relay(targetPort, (state, chunk) => {
    state.buf = Buffer.concat([state.buf, chunk]);
    for (;;) {
      if (!state.started) {
        // startup, SSL or GSS request: length (4) + payload, no type byte
        if (state.buf.length < 8) return;
        const len = state.buf.readInt32BE(0);
        const code = state.buf.readInt32BE(4);
        if (state.buf.length < len) return;
        state.buf = state.buf.subarray(len);
        if (code !== 80877103 && code !== 80877104) state.started = true; // not SSLRequest / GSSENCRequest
        continue;
      }
      if (state.buf.length < 5) return;
      const type = String.fromCharCode(state.buf[0]!);
      const len = state.buf.readInt32BE(1);
      if (state.buf.length < 1 + len) return;
      const body = state.buf.subarray(5, 1 + len);
      state.buf = state.buf.subarray(1 + len);
      if (type === 'Q') {
        counted.count++;
        counted.items.push(body.toString('utf8').replace(/\0$/, '').slice(0, 300));
      } else if (type === 'P') {
        const nameEnd = body.indexOf(0);
        const text = body.subarray(nameEnd + 1, body.indexOf(0, nameEnd + 1)).toString('utf8');
        state.pending = state.pending ? `${state.pending}; ${text}` : text;
      } else if (type === 'B' || type === 'E') {
        state.pending ??= '(prepared statement)';
      } else if (type === 'S') {
        if (state.pending !== null) {
          counted.count++;
          counted.items.push(state.pending.slice(0, 300));
        }
        state.pending = null;
      }
    }
  });
  return { port: r.port, close: r.close, reset: () => (counted = { count: 0, items: [] }), read: () => counted };
}

/** A relay to Redis that counts the app's commands. */
export async function redisCountingRelay(targetPort: number): Promise<CountingRelay> {
  let counted: Counted = { count: 0, items: [] };
  const r = await relay(targetPort, (state, chunk) => {
    state.buf = Buffer.concat([state.buf, chunk]);
    for (;;) {
      const parsed = parseCommand(state.buf);
      if (!parsed) return;
      state.buf = state.buf.subarray(parsed.used);
      counted.count++;
      counted.items.push(parsed.words.slice(0, 3).join(' ').slice(0, 200));
    }
  });
  return { port: r.port, close: r.close, reset: () => (counted = { count: 0, items: [] }), read: () => counted };
}

/** One RESP command (array of bulk strings) from the front of the buffer, or null when incomplete. */
function parseCommand(buf: Buffer): { used: number; words: string[] } | null {
  if (buf.length === 0) return null;
  let pos = 0;
  const line = () => {
    const end = buf.indexOf('\r\n', pos);
    if (end === -1) return null;
    const s = buf.subarray(pos, end).toString('latin1');
    pos = end + 2;
    return s;
  };
  const head = line();
  if (head === null) return null;
  if (!head.startsWith('*')) return { used: pos, words: head.split(' ') }; // inline command
  const n = Number(head.slice(1));
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const h = line();
    if (h === null) return null;
    const len = Number(h.slice(1));
    if (buf.length < pos + len + 2) return null;
    words.push(buf.subarray(pos, pos + Math.min(len, 80)).toString('utf8'));
    pos += len + 2;
  }
  return { used: pos, words };
}
