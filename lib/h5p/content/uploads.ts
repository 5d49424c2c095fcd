// Copying a user's own upload (temp/<userId>/uploads/<name>) into a content item's files: the media attach
// (rule 12) and the images named when content is created or saved. The content's owner pays for the bytes the
// copy adds (403 Storage limit reached past the allowance); a replaced file gives its own back.
import { fileStore, keySize, UnsafeKeyError } from '@/lib/files/store';
import { chargeStorage, refundStorage } from '@/lib/plans/storage';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { tempKey } from '@/lib/h5p/engine/storage/temporary-storage';

/**
 * Copies the upload `name` of `uploaderId` to `<folder>/<name>` of the content. Returns false when there is no
 * such upload (or the name is not a plain file name): the caller skips it.
 */
export async function copyUploadIntoContent(input: { uploaderId: string; chargeTo: string; contentId: string; folder: string; name: string }): Promise<boolean> {
  const { uploaderId, chargeTo, contentId, folder, name } = input;
  if (!name || name.includes('/') || name.startsWith('.') || name.endsWith('.metadata')) return false;
  let src: string;
  let dst: string;
  try {
    src = tempKey(uploaderId, `uploads/${name}`);
    dst = `${contentPrefix(contentId)}${folder}/${name}`;
  } catch (err) {
    if (err instanceof UnsafeKeyError || (err as { errorId?: string }).errorId === 'illegal-filename') return false;
    throw err;
  }
  const store = fileStore();
  const from = await store.stat(src);
  if (!from) return false;
  const delta = from.size - (await keySize(store, dst));
  await chargeStorage(chargeTo, delta);
  try {
    if (!(await store.copy(src, dst))) {
      if (delta > 0) await refundStorage(chargeTo, delta);
      return false;
    }
  } catch (err) {
    if (delta > 0) await refundStorage(chargeTo, delta);
    throw err;
  }
  if (delta < 0) await refundStorage(chargeTo, -delta);
  return true;
}
