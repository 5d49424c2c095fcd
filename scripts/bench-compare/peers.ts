// The peers of `npm run bench:compare`: installed from npm (the ordinary client) into a scratch folder outside
// the repository (BENCH_PEERS_DIR, default ~/.cache/lumen-bench-compare/peers), never committed, and started one
// process each (scripts/bench-compare/peer-server.mjs).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Exact versions: the figures must name what they were measured against. */
export const PEER_PACKAGES: Record<string, string> = {
  express: '4.21.2', // what @lumieducation/h5p-express 10.0.4 pins
  '@lumieducation/h5p-server': '10.0.4',
  '@lumieducation/h5p-express': '10.0.4',
};

export const PEERS_DIR = process.env.BENCH_PEERS_DIR ?? path.join(os.homedir(), '.cache', 'lumen-bench-compare', 'peers');

function installedVersion(name: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(PEERS_DIR, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

/** Installs the peers unless the exact versions are there; throws with npm's output when it cannot. */
export function ensurePeers(log: (m: string) => void): void {
  const missing = Object.entries(PEER_PACKAGES).filter(([n, v]) => installedVersion(n) !== v);
  if (missing.length === 0) {
    log(`peers present in ${PEERS_DIR}`);
    return;
  }
  log(`installing peers into ${PEERS_DIR}: ${missing.map(([n, v]) => `${n}@${v}`).join(', ')}`);
  fs.mkdirSync(PEERS_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(PEERS_DIR, 'package.json'),
    JSON.stringify({ name: 'lumen-bench-compare-peers', private: true, description: 'scratch install for npm run bench:compare', dependencies: PEER_PACKAGES }, null, 2),
  );
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: PEERS_DIR, stdio: 'pipe', timeout: 300_000 });
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(`could not install the peers from npm into ${PEERS_DIR} (bench:compare needs network access to the npm registry):\n${e.stderr?.toString() ?? ''}${e.stdout?.toString() ?? ''}${e.message}`);
  }
  const still = Object.entries(PEER_PACKAGES).filter(([n, v]) => installedVersion(n) !== v);
  if (still.length) throw new Error(`npm install left the wrong versions in ${PEERS_DIR}: ${still.map(([n, v]) => `${n} (want ${v}, have ${installedVersion(n) ?? 'none'})`).join(', ')}`);
}

export interface Peer {
  name: string;
  url: string;
  pid: number;
  info: Record<string, any>;
  stop(): Promise<void>;
}

/** Starts one peer and waits for its READY line (fails with its output if it exits or takes over 60 s). */
export async function startPeer(name: string, args: string[], port: number): Promise<Peer> {
  const script = path.join(__dirname, 'peer-server.mjs');
  const child: ChildProcess = spawn(process.execPath, [script, args[0]!, String(port), ...args.slice(1)], {
    env: { ...process.env, BENCH_PEERS_DIR: PEERS_DIR, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const info = await new Promise<Record<string, any>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`peer ${name} not ready after 60 s:\n${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^READY (.*)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]!) as Record<string, any>);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`peer ${name} exited with ${String(code)}:\n${out}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    info,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => {
        child.once('exit', r);
        setTimeout(r, 3000);
      });
    },
  };
}
