// Crash-injection hook for tests (TEST_PAUSE_AT, honoured only together with E2E_TEST_CODE: lib/config.ts refuses
// it otherwise). A request reaching the named point writes `paused-at-<point>` into DATA_DIR and waits there, so
// a test can kill the instance at exactly that point and check what a restart finds.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { config, type TestPausePoint } from '@/lib/config';
import { log } from '@/lib/log';

/** Where a paused instance announces itself. */
export const pauseMarker = (dataDir: string, point: TestPausePoint) => path.join(dataDir, `paused-at-${point}`);

/** Waits (for the test to kill the process) when TEST_PAUSE_AT names this point; returns at once otherwise. */
export async function pauseAt(point: TestPausePoint): Promise<void> {
  const c = config();
  if (c.testPauseAt !== point || !c.e2eTestCode) return;
  await fsp.writeFile(pauseMarker(c.dataDir, point), String(process.pid));
  log.warn({ point }, 'TEST_PAUSE_AT: paused until the test ends this process');
  await new Promise((r) => setTimeout(r, 10 * 60_000));
}
