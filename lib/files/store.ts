// The file store: where H5P files live (content files, library files, temporary uploads, custom CSS), behind one
// interface with two implementations chosen by configuration (FILE_STORE): the local directory ${DATA_DIR}/h5p
// (one machine, or a shared volume) and an S3-compatible object store (several instances without a shared disk).
// Keys are relative paths such as `content/<id>/images/a.png` or `libraries/H5P.Foo-1.2/library.json`: never
// absolute, never `..`, no backslashes. Metadata (rows, parameters, library indexes) stays in PostgreSQL: a listing
// is one prefix query on the store, never a walk over several folders.
import { config } from '@/lib/config';
import { LocalFileStore } from './local';
import { S3FileStore } from './s3';
import type { FileStore } from './types';

export * from './types';

const g = globalThis as unknown as { __lumenFileStore?: FileStore };

/** The file store of this process, as configured (FILE_STORE). */
export function fileStore(): FileStore {
  if (!g.__lumenFileStore) {
    const c = config();
    g.__lumenFileStore = c.files.store === 's3' ? new S3FileStore(c.files) : new LocalFileStore(`${c.dataDir}/h5p`);
  }
  return g.__lumenFileStore;
}
