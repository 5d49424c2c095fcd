#!/usr/bin/env tsx
// npm run content:subcontent-ids [-- --dry-run] — gives the questions of content stored before sub-content ids
// were kept (Single Choice Set questions, Summary statements …) a UUID each, as the next save would, so that their
// results are told apart from now on (lib/h5p/engine/subcontent-ids.ts). Run it once with the service's environment after
// upgrading; safe to run again (content that has its ids is left as it is).
import { backfillSubContentIds } from '@/lib/h5p/engine/subcontent-ids';

async function main() {
  const dryRun = process.argv.includes('--dry-run');
  let shown = 0;
  const report = await backfillSubContentIds({
    dryRun,
    onProgress: (r) => {
      if (r.scanned - shown < 1000) return;
      shown = r.scanned;
      console.log(`${r.scanned} items looked at…`);
    },
  });
  console.log(
    `${dryRun ? '[dry run] ' : ''}${report.scanned} items: ${report.updated} ${dryRun ? 'would be given' : 'given'} sub-content ids, ` +
      `${report.unchanged} already had them, ${report.skipped} left for their next save (content type not installed, or more than ids would change)`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
