#!/usr/bin/env tsx
// npm run files:copy — copies the H5P files of the local DATA_DIR (content, libraries, custom CSS) into the file
// store the environment configures (FILE_STORE=s3 with S3_ENDPOINT, S3_BUCKET, …): the step that moves an
// installation from its DATA_DIR to an S3-compatible store. Run it with the service's environment, then start the
// service with FILE_STORE=s3. Safe to run again: files already there with the same size are skipped.
// Temporary uploads (temp/) are not copied: they expire within a day.
import path from 'node:path';
import { config } from '../lib/config';
import { copyBetweenStores } from '../lib/files/copy-store';
import { LocalFileStore } from '../lib/files/local';
import { fileStore } from '../lib/files/store';

async function main() {
  const c = config();
  if (c.files.store !== 's3') {
    console.error('files:copy copies DATA_DIR into the S3 store: set FILE_STORE=s3 and the S3_* variables first.');
    process.exit(2);
  }
  const from = new LocalFileStore(path.join(c.dataDir, 'h5p'));
  let n = 0;
  const report = await copyBetweenStores(from, fileStore(), ['libraries/', 'content/', 'custom/'], {
    onFile: () => {
      if (++n % 500 === 0) console.log(`${n} files copied…`);
    },
  });
  console.log(`copied ${report.copied} files (${(report.bytes / 1048576).toFixed(1)} MiB); ${report.skipped} already there`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
