// The offline HTML export's script minification off the event loop: uglify-js over the H5P core and a content
// type's libraries takes hundreds of milliseconds to seconds of synchronous work, which would stop every other
// request of the instance. It runs in one worker thread per instance (server/minify-worker.mjs), started on the first
// export and let go after a minute without work, with a heap limit; a bundle that was minified before (the same
// scripts, byte for byte: the same content type at the same versions) comes from the process's local cache, and two
// exports of one content type at once minify it once.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { localCache } from '@/lib/cache/local';

const SCRIPT = () => path.join(process.cwd(), 'server', 'minify-worker.mjs');
/** a worker without work for this long is stopped (the next export starts one again, ~100 ms) */
const IDLE_MS = 60_000;
/** a bundle the worker has not minified in this time fails the export (uglify takes seconds on the largest types) */
const JOB_MS = 120_000;
/**
 * the minified bundles kept, by their sources' digest (so never stale): a few content types' worth, 0.5–3 MB each,
 * at most 16 MiB
 */
const bundles = () => localCache<string>('minifiedBundles', { ttlMs: 24 * 60 * 60_000, max: 16, maxBytes: 16 * 1024 * 1024 });

interface Job {
  resolve: (code: string) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** a worker thread and the jobs it has been given (a worker that goes fails only its own) */
interface Minifier {
  worker: Worker;
  jobs: Map<number, Job>;
  idle: NodeJS.Timeout | null;
}

let current: Minifier | null = null;
let nextId = 1;

function settle(m: Minifier, id: number): Job | undefined {
  const job = m.jobs.get(id);
  if (!job) return undefined;
  m.jobs.delete(id);
  clearTimeout(job.timer);
  return job;
}

/** Stops `m` (its remaining jobs fail with `err`); the next job starts a new worker. */
function retire(m: Minifier, err: Error): void {
  if (current === m) current = null;
  if (m.idle) clearTimeout(m.idle);
  m.idle = null;
  for (const id of [...m.jobs.keys()]) settle(m, id)?.reject(err);
  void m.worker.terminate();
}

function start(): Minifier {
  const worker = new Worker(SCRIPT(), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  worker.unref(); // never keeps the process alive
  const m: Minifier = { worker, jobs: new Map(), idle: null };
  worker.on('message', (msg: { id: number; code?: string; error?: string }) => {
    const job = settle(m, msg.id);
    if (!job) return;
    if (msg.error !== undefined || msg.code === undefined) job.reject(new Error(`Minifying the scripts failed: ${msg.error ?? 'no code'}`));
    else job.resolve(msg.code);
    if (m.jobs.size === 0 && current === m) m.idle = setTimeout(() => retire(m, new Error('the minifier was idle')), IDLE_MS).unref();
  });
  worker.on('error', (err) => retire(m, err));
  worker.on('exit', (code) => retire(m, new Error(`the minifier stopped (exit code ${code})`)));
  return m;
}

function run(scripts: string[]): Promise<string> {
  const m = (current ??= start());
  if (m.idle) clearTimeout(m.idle);
  m.idle = null;
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    // a stuck worker is replaced; its other jobs fail with it
    const timer = setTimeout(() => retire(m, new Error('Minifying the scripts took too long')), JOB_MS);
    m.jobs.set(id, { resolve, reject, timer });
    m.worker.postMessage({ id, scripts });
  });
}

/** `scripts` (source texts, in order) as one minified bundle, minified in the worker thread or taken from the cache. */
export async function minifyScripts(scripts: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const s of scripts) hash.update(s).update('\0');
  return bundles().getOrLoad(hash.digest('base64'), () => run(scripts));
}
