// The share lookups of the read rule (issue 27 item 1): a user's role on a content item through a share of the item
// itself or of a folder it lies in (any level up, at most MAX_FOLDER_DEPTH), and their role on a folder through a
// share of it or of a folder above it. One SQL statement each; asked only when the cheaper rules (owner, public,
// admin) have not decided (access.ts), so the owner's and the public's reads never reach it. Nothing is cached:
// a share changed or removed counts from the next request on every instance.
import { db } from '@/lib/db/client';

export type ShareRole = 'viewer' | 'editor';

/** Folders nest at most this deep (folders.ts MAX_FOLDER_DEPTH; repeated here: folders.ts imports access.ts). */
const DEPTH = 8;

/** The user's strongest share role on the content (editor over viewer), or null without a share. */
export async function shareRoleOf(userId: string, contentId: string): Promise<ShareRole | null> {
  const rows = await db().$queryRaw<{ role: string }[]>`
    WITH RECURSIVE up AS (
      SELECT f.id, f.parent_id, 1 AS d FROM content_ownership o JOIN content_folders f ON f.id = o.folder_id AND f.owner_id = o.user_id
       WHERE o.content_id = ${contentId}
      UNION ALL
      SELECT f.id, f.parent_id, up.d + 1 FROM content_folders f JOIN up ON f.id = up.parent_id WHERE up.d < ${DEPTH}
    )
    SELECT s.role FROM content_shares s
     WHERE s.user_id = ${userId}::uuid AND (s.content_id = ${contentId} OR s.folder_id IN (SELECT id FROM up))
     ORDER BY (s.role = 'editor') DESC LIMIT 1`;
  const role = rows[0]?.role;
  return role === 'editor' || role === 'viewer' ? role : null;
}

/** The user's strongest share role on the folder (a share of it or of a folder above it), or null. */
export async function folderShareRoleOf(userId: string, folderId: string): Promise<ShareRole | null> {
  const rows = await db().$queryRaw<{ role: string }[]>`
    WITH RECURSIVE up AS (
      SELECT f.id, f.parent_id, 1 AS d FROM content_folders f WHERE f.id = ${folderId}::uuid
      UNION ALL
      SELECT f.id, f.parent_id, up.d + 1 FROM content_folders f JOIN up ON f.id = up.parent_id WHERE up.d < ${DEPTH}
    )
    SELECT s.role FROM content_shares s WHERE s.user_id = ${userId}::uuid AND s.folder_id IN (SELECT id FROM up)
     ORDER BY (s.role = 'editor') DESC LIMIT 1`;
  const role = rows[0]?.role;
  return role === 'editor' || role === 'viewer' ? role : null;
}
