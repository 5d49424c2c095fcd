// The offline HTML export's script minification off the event loop: uglify-js over the H5P core and a content
// type's libraries takes hundreds of milliseconds to seconds of synchronous work, which would stop every other
// request of the instance. It runs in one worker thread per instance (server/minify-worker.mjs), started on the first
// export and let go after a minute without work, with a heap limit; a bundle that was minified before (the same
// scripts, byte for byte: the same content type at the same versions) comes from a small in-process cache.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const SCRIPT = () => path.join(process.cwd(), 'server', 'minify-worker.mjs');
/** a worker without work for this long is stopped (the next export starts one again, ~100 ms) */
const IDLE_MS = 60_000;
/** a bundle the worker has not minified in this time fails the export (uglify takes seconds on the largest types) */
const JOB_MS = 120_000;
/** the minified bundles kept (by their sources' digest): a few content types' worth, a few MB each */
const CACHE_ENTRIES = 8;

interface Job {
  resolve: (code: string) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 1;
const jobs = new Map<number, Job>();
const cache = new Map<string, string>();

function failAll(err: Error): void {
  for (const [id, job] of jobs) {
    clearTimeout(job.timer);
    jobs.delete(id);
    job.reject(err);
  }
}

function stop(): void {
  const w = worker;
  worker = null;
  if (idle) clearTimeout(idle);
  idle = null;
  void w?.terminate();
}

function start(): Worker {
  const w = new Worker(SCRIPT(), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  w.unref(); // never keeps the process alive
  w.on('message', (msg: { id: number; code?: string; error?: string }) => {
    const job = jobs.get(msg.id);
    if (!job) return;
    jobs.delete(msg.id);
    clearTimeout(job.timer);
    if (msg.error !== undefined || msg.code === undefined) job.reject(new Error(`Minifying the scripts failed: ${msg.error ?? 'no code'}`));
    else job.resolve(msg.code);
    if (jobs.size === 0) idle = setTimeout(stop, IDLE_MS).unref();
  });
  const gone = (err: Error) => {
    if (worker === w) worker = null;
    failAll(err);
  };
  w.on('error', (err) => gone(err));
  w.on('exit', (code) => code !== 0 && gone(new Error(`the minifier stopped (exit code ${code})`)));
  return w;
}

function run(scripts: string[]): Promise<string> {
  if (idle) clearTimeout(idle);
  idle = null;
  worker ??= start();
  const id = nextId++;
  const w = worker;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      jobs.delete(id);
      reject(new Error('Minifying the scripts took too long'));
      if (worker === w) stop(); // a stuck worker is replaced; its other jobs fail with it
      failAll(new Error('Minifying the scripts took too long'));
    }, JOB_MS);
    jobs.set(id, { resolve, reject, timer });
    w.postMessage({ id, scripts });
  });
}

/** `scripts` (source texts, in order) as one minified bundle, minified in the worker thread or taken from the cache. */
export async function minifyScripts(scripts: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const s of scripts) hash.update(s).update('\0');
  const key = hash.digest('base64');
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key); // most recently used last
    cache.set(key, hit);
    return hit;
  }
  const code = await run(scripts);
  cache.set(key, code);
  while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return code;
}
