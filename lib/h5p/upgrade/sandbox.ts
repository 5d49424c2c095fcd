// The host side of the content-upgrade sandbox (server/upgrade-sandbox.mjs, which says what walls it has): starts
// the child process with Node's permission model and a heap limit, hands it the libraries of a job and then one item
// at a time, and kills it when an item overruns its time (the next item starts a fresh one, with the libraries
// loaded again). An item never fails the job: it fails alone, with a reason a person reads (failureText).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

export interface SandboxLibrary {
  /** machine name */
  name: string;
  /** "1.2" */
  version: string;
  semantics: unknown;
  /** the library's upgrades.js, or null when it has none */
  upgrades: string | null;
}

export interface UpgradeFailure {
  type: string;
  library?: string;
  used?: string;
  supported?: string;
  message?: string;
}

export type SandboxResult = { ok: true; content: string } | { ok: false; error: UpgradeFailure };

export interface SandboxOptions {
  /** the time limit of one item's hooks inside the sandbox (ms) */
  itemMs?: number;
  /** the sandbox's heap limit (MiB) */
  memoryMb?: number;
}

const SCRIPT = () => path.join(process.cwd(), 'server', 'upgrade-sandbox.mjs');
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

/** A failure as a sentence (what the job's report and the admin page show). */
export function failureText(e: UpgradeFailure): string {
  switch (e.type) {
    case 'libraryMissing':
      return `The content type ${e.library ?? ''} is not installed`;
    case 'scriptMissing':
      return `The upgrades script of ${e.library ?? 'the content type'} did not register its upgrades`;
    case 'errorTooHighVersion':
      return `Sub-content uses ${e.used}, newer than ${e.supported}, the version the upgraded type supports`;
    case 'errorNotSupported':
      return `Sub-content of type ${e.used} is not supported by the upgraded type`;
    case 'errorParamsBroken':
      return 'The content parameters are not valid JSON';
    case 'hookFailed':
      return `The upgrade hook${e.library ? ` of ${e.library}` : ''} failed: ${e.message ?? 'unknown error'}`;
    case 'notFinished':
      return 'The upgrade hook never reported that it finished';
    case 'timeout':
      return 'The upgrade took too long and was stopped';
    case 'memory':
      return 'The upgrade ran out of memory and was stopped';
    case 'crashed':
      return `The upgrade sandbox stopped unexpectedly${e.message ? ` (${e.message})` : ''}`;
    case 'scriptFailed':
      return `The upgrades script of ${e.library} could not be loaded: ${e.message ?? 'unknown error'}`;
    default:
      return e.message ?? 'The upgrade failed';
  }
}

interface Pending {
  resolve: (msg: Record<string, unknown>) => void;
  timer: NodeJS.Timeout;
}

export class UpgradeSandbox {
  private child: ChildProcessWithoutNullStreams | null = null;
  private ready: Promise<void> | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private libraries: SandboxLibrary[] = [];
  private loadErrors: UpgradeFailure[] = [];
  private loaded = false;
  private stderr = '';
  private readonly itemMs: number;
  private readonly memoryMb: number;

  constructor(opts: SandboxOptions = {}) {
    this.itemMs = opts.itemMs ?? 5_000;
    this.memoryMb = opts.memoryMb ?? 128;
  }

  /** The libraries every following item may use (the job's target and the versions its semantics offer). */
  async load(libraries: SandboxLibrary[]): Promise<UpgradeFailure[]> {
    this.libraries = libraries;
    this.loaded = false;
    await this.ensureLoaded();
    return this.loadErrors;
  }

  /** Upgrades one item's `{params, metadata}` (JSON text) of `name` from `from` to `to` ("1.2"). */
  async upgrade(name: string, from: string, to: string, content: string): Promise<SandboxResult> {
    try {
      await this.ensureLoaded();
    } catch (err) {
      return { ok: false, error: { type: 'crashed', message: (err as Error).message } };
    }
    const answer = await this.send({ op: 'upgrade', name, from, to, content }, this.itemMs * 2 + 1_000);
    if (answer.ok === true && typeof answer.content === 'string') return { ok: true, content: answer.content };
    return { ok: false, error: (answer.error as UpgradeFailure) ?? { type: 'crashed' } };
  }

  /** Stops the child (the end of a job). */
  close(): void {
    const c = this.child;
    this.child = null;
    this.ready = null;
    this.loaded = false;
    if (c && c.exitCode === null) c.kill('SIGKILL');
  }

  private async ensureLoaded(): Promise<void> {
    await this.start();
    if (this.loaded) return;
    const answer = await this.send({ op: 'load', libraries: this.libraries }, 30_000);
    if (answer.ok !== true) throw new Error(failureText((answer.error as UpgradeFailure) ?? { type: 'crashed' }));
    this.loadErrors = ((answer.errors as { library: string; message: string }[]) ?? []).map((e) => ({
      type: 'scriptFailed',
      library: e.library,
      message: e.message,
    }));
    this.loaded = true;
  }

  private start(): Promise<void> {
    if (this.child && this.ready) return this.ready;
    const script = SCRIPT();
    const child = spawn(
      process.execPath,
      [
        PERMISSION_FLAG,
        `--allow-fs-read=${script}`,
        `--max-old-space-size=${this.memoryMb}`,
        '--disallow-code-generation-from-strings',
        '--no-warnings',
        script,
        String(this.itemMs),
      ],
      // nothing of the service's environment (secrets) reaches it
      { env: {} as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.loaded = false;
    this.stderr = '';
    let buffered = '';
    this.ready = new Promise<void>((resolve, reject) => {
      const onReady = (msg: Record<string, unknown>) => {
        if (msg.ready) resolve();
      };
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        buffered += chunk;
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          let msg: Record<string, unknown>;
          try {
            msg = JSON.parse(line) as Record<string, unknown>;
          } catch {
            continue;
          }
          if (msg.id === 0) onReady(msg);
          const p = this.pending.get(msg.id as number);
          if (p) {
            this.pending.delete(msg.id as number);
            clearTimeout(p.timer);
            p.resolve(msg);
          }
        }
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => {
        this.stderr = (this.stderr + d).slice(-4000);
      });
      child.on('error', (err) => reject(err));
      // a write to a process that just died is answered by its close below
      child.stdin.on('error', () => undefined);
      // 'close', not 'exit': its stderr (an out-of-memory report) has been read by then
      child.on('close', (code, signal) => {
        if (this.child === child) {
          this.child = null;
          this.ready = null;
          this.loaded = false;
        }
        const memory = /heap out of memory|Reached heap limit/i.test(this.stderr);
        const error: UpgradeFailure = memory
          ? { type: 'memory' }
          : { type: 'crashed', message: signal ? `signal ${signal}` : `exit code ${code}` };
        for (const [id, p] of this.pending) {
          this.pending.delete(id);
          clearTimeout(p.timer);
          p.resolve({ ok: false, error });
        }
        reject(new Error(failureText(error)));
      });
    });
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private send(msg: Record<string, unknown>, limitMs: number): Promise<Record<string, unknown>> {
    const child = this.child;
    if (!child) return Promise.resolve({ ok: false, error: { type: 'crashed' } });
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // the watchdog: an item that does not answer in time takes the process with it
        this.pending.delete(id);
        resolve({ ok: false, error: { type: 'timeout' } });
        if (this.child === child) {
          this.child = null;
          this.ready = null;
          this.loaded = false;
        }
        child.kill('SIGKILL');
      }, limitMs);
      this.pending.set(id, { resolve, timer });
      child.stdin.write(JSON.stringify({ id, ...msg }) + '\n');
    });
  }
}
