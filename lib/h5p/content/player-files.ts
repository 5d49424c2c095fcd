// What opens a player's files (/h5p/player-files/<segment>/<id>/<file…>), for the route and the front server
// (server/static-files.mjs) alike. Two kinds of segment open exactly this content's files:
// - the item's files key (lib/auth/content-files-key.ts): the same for every viewer of one version of the item,
//   so the files are cached across views and viewers (public, immutable: a new version has a new key; a key of an
//   older version still opens the files, but they are not kept under its address);
// - an embed or player token of this content (what older pages name): private, for an hour.
import { contentFilesKeyVersion, FILES_KEY_MAX_AGE_SECONDS, isContentFilesKey, verifyContentFilesKey } from '@/lib/auth/content-files-key';
import { verifyEmbedToken } from '@/lib/auth/embed-token';
import { contentSnapshot, type ContentSnapshot } from './content-cache';

const KEYED_CACHE = `public, max-age=${FILES_KEY_MAX_AGE_SECONDS}, immutable`;
const STALE_KEY_CACHE = 'no-cache';
const TOKEN_CACHE = 'private, max-age=3600';

export interface PlayerFilesAccess {
  /** the Cache-Control of what the segment opens */
  cacheControl: string;
  /** the item, when a files key opened it */
  snapshot: ContentSnapshot | null;
}

/** Does `segment` open this content's player files, and how may they be cached? null: it does not. */
export async function playerFilesAccess(segment: string, contentId: string): Promise<PlayerFilesAccess | null> {
  if (isContentFilesKey(segment)) {
    if (!verifyContentFilesKey(segment, contentId)) return null;
    const snapshot = await contentSnapshot(contentId);
    if (!snapshot) return null;
    return { snapshot, cacheControl: contentFilesKeyVersion(segment) === snapshot.filesVersion ? KEYED_CACHE : STALE_KEY_CACHE };
  }
  const claims = await verifyEmbedToken(segment).catch(() => null);
  return claims && claims.contentId === contentId ? { snapshot: null, cacheControl: TOKEN_CACHE } : null;
}
