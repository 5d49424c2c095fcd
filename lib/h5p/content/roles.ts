// A caller's role on one content item (issue 27 item 1): 'owner', 'editor' or 'viewer' (through a share of the item
// or of a folder it lies in, within the owner's tenant), or null. What each may do:
//   owner  — everything: edit, delete, publish, share, transfer
//   editor — read, edit (PUT /h5p/content/:id, the editor), export, results; not delete, publish, share or transfer
//   viewer — read (play, preview, the content page)
// Content without an ownership row has no owner: null for everyone (spec H5P rule 3 opens its update to any teacher
// in content.ts itself). The owner-only checks of content.ts stay as they are and ask this only to let editors in.
import type { User } from '@/lib/generated/prisma/client';
import { contentAccessFacts, readerShareRole, type Reader } from './access';
import type { ContentAccessFacts } from './content-cache';
import type { ShareRole } from './share-lookup';

export type ContentRole = 'owner' | ShareRole;

/** The reader's role on the content (null: none, or no such content). Pass facts already loaded to save the lookup. */
export async function contentRoleOf(reader: Reader, contentId: string, facts?: ContentAccessFacts | null): Promise<ContentRole | null> {
  const f = facts === undefined ? await contentAccessFacts(contentId) : facts;
  if (!f?.ownerId) return null;
  if (reader.kind === 'user' && reader.userId === f.ownerId) return 'owner';
  return readerShareRole(reader, contentId, f);
}

/** A local user as a plain reader (no admin rights: roles come from ownership and shares only). */
export const userReader = (user: Pick<User, 'id' | 'tenantId'>): Reader => ({ kind: 'user', userId: user.id, superAdmin: false, tenantAdmin: false, tenantId: user.tenantId });

/** May this user edit the content as its owner or one of its editors? */
export async function isOwnerOrEditor(user: Pick<User, 'id' | 'tenantId'>, contentId: string): Promise<boolean> {
  const role = await contentRoleOf(userReader(user), contentId);
  return role === 'owner' || role === 'editor';
}
