// Starts the real app (server/start.mjs → Next.js production build) as a child process for tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SEMI_SPACE_FLAG } from '../../server/v8-memory.mjs';

export const ROOT = path.resolve(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  url: string;
  port: number;
  /** the content host's own port (CONTENT_PORT, server/content-origin.mjs): http://127.0.0.1:<contentPort> */
  contentUrl: string;
  contentPort: number;
  dataDir: string;
  /** the app's process (the HTTP server runs in it) */
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

/** true when a child's output says a port it was given was taken between freePort() and its listen (tests run in parallel) */
export const portRaced = (output: string) => output.includes('EADDRINUSE');

export interface StartOptions {
  waitForHealthy?: boolean;
  /** the checkout whose built app runs (default: this one); a bench's baseline runs another checkout's build */
  root?: string;
}

export async function startApp(env: Record<string, string | undefined>, opts: StartOptions = {}): Promise<AppProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(env, opts);
    } catch (err) {
      if (attempt >= 3 || !portRaced(String((err as Error).message))) throw err;
    }
  }
}

async function startAppOnce(env: Record<string, string | undefined>, opts: StartOptions): Promise<AppProcess> {
  const root = opts.root ?? ROOT;
  const port = await freePort();
  // the content host's port: a free one of its own (PORT+1 may be another test's)
  const contentPort = env.CONTENT_PORT ? Number(env.CONTENT_PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lumen-test-'));
  let out = '';
  // as npm start runs it: the young generation capped by V8 itself (server/v8-memory.mjs)
  // BENCH_APP_NODE_ARGS: more node flags for the app (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench)
  const extra = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [SEMI_SPACE_FLAG, ...extra, path.join(root, 'server', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, PORT: String(port), CONTENT_PORT: String(contentPort), DATA_DIR: dataDir, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('wait'), 250))]);
    if (code !== 'wait') throw new Error(`app exited with ${String(code)} before it was ready:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200 || (!opts.waitForHealthy && res.status === 503)) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app did not become ready:\n${out}`);
    }
  }
  return {
    url,
    port,
    contentUrl: `http://127.0.0.1:${contentPort}`,
    contentPort,
    dataDir,
    pid: child.pid!,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A TCP relay to a service that a test can cut (close) to simulate an outage. */
export async function tcpRelay(targetPort: number, targetHost = '127.0.0.1') {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** stops accepting and drops every open connection */
    cut: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        sockets.clear();
        server.close(() => r());
      }),
  };
}
