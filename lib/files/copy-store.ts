// Copies stored files from one file store to another, e.g. a DATA_DIR moving to S3 (`npm run files:copy`) or the
// two-instance test putting its libraries into the shared bucket. Files whose size already matches on the target
// are skipped, so a copy that stopped half-way can simply be run again.
import type { FileStore } from './types';

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

/** Copies every file below each prefix (e.g. `libraries/`) from `from` to `to`, `concurrency` at a time. */
export async function copyBetweenStores(
  from: FileStore,
  to: FileStore,
  prefixes: string[],
  opts: { concurrency?: number; onFile?: (key: string) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const prefix of prefixes) {
    const files = await from.list(prefix);
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const f = files[next++]!;
        const key = `${prefix}${f.name}`;
        if ((await to.stat(key))?.size === f.size) {
          report.skipped++;
          continue;
        }
        const local = from.localPath(key);
        if (local) await to.putFile(key, local);
        else await to.write(key, await from.read(key));
        report.copied++;
        report.bytes += f.size;
        opts.onFile?.(key);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 8, files.length)) }, worker));
  }
  return report;
}
