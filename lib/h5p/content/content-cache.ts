// A content item as the player and the read rule need it — access facts, metadata (h5p.json) and parameters —
// in-process for seconds, loaded in one query (lib/cache/local.ts: any change to the item's rows is announced
// by the database and dropped on every instance; the app's own writes also drop it at once through Redis).
// Callers get copies: Lumi's player may change what it is given.
import { createHash } from 'node:crypto';
import { invalidate, localCache } from '@/lib/cache/local';
import { db } from '@/lib/db/client';

export interface ContentAccessFacts {
  /** the owner's user id; null when the content has no ownership row */
  ownerId: string | null;
  visibility: 'private' | 'public';
  ownerTenantId: string | null;
}

export interface ContentSnapshot {
  facts: ContentAccessFacts;
  /** kept as JSON: each reader parses its own copy (faster than cloning the objects) */
  metadataJson: string;
  parametersJson: string;
  /** the author's embed asks anonymous viewers for a display name */
  embedAskName: boolean;
  /**
   * What changes whenever the item's files or parameters may have: its last update and a digest of its parameters
   * (lowercase letters and digits). Players fetch the files under a key of this version (lib/auth/content-files-key.ts).
   */
  filesVersion: string;
}

const SNAPSHOT_TTL_MS = 30_000;
const snapshots = () => localCache<ContentSnapshot | null>('content', { ttlMs: SNAPSHOT_TTL_MS, max: 1_000, maxBytes: 16 * 1024 * 1024 });

async function load(id: string): Promise<ContentSnapshot | null> {
  const row = await db().h5pContent.findUnique({
    where: { id },
    select: { metadata: true, parameters: true, updatedAt: true, ownership: { select: { userId: true, visibility: true, embedAskName: true, user: { select: { tenantId: true } } } } },
  });
  if (!row) return null;
  const parametersJson = JSON.stringify(row.parameters);
  return {
    facts: {
      ownerId: row.ownership?.userId ?? null,
      visibility: row.ownership?.visibility === 'public' ? 'public' : 'private',
      ownerTenantId: row.ownership?.user.tenantId ?? null,
    },
    metadataJson: JSON.stringify(row.metadata),
    parametersJson,
    embedAskName: row.ownership?.embedAskName ?? false,
    filesVersion: `${row.updatedAt.getTime().toString(36)}${createHash('sha256').update(parametersJson).digest('hex').slice(0, 10)}`,
  };
}

/** The content item (cached), or null when there is none (never cached). */
export function contentSnapshot(contentId: string): Promise<ContentSnapshot | null> {
  return snapshots().getOrLoad(contentId, () => load(contentId), (s) => (s ? SNAPSHOT_TTL_MS : 0));
}

/** The item's snapshot when this instance holds it (no promise: the player's model asks this first); undefined otherwise. */
export function contentSnapshotNow(contentId: string): ContentSnapshot | undefined {
  return snapshots().get(contentId) ?? undefined;
}

/** A copy of the stored metadata (h5p.json), or null when there is no such content. */
export async function contentMetadata(contentId: string): Promise<unknown> {
  const s = await contentSnapshot(contentId);
  return s ? JSON.parse(s.metadataJson) : null;
}

/** A copy of the stored parameters (content.json), or null when there is no such content. */
export async function contentParameters(contentId: string): Promise<unknown> {
  const s = await contentSnapshot(contentId);
  return s ? JSON.parse(s.parametersJson) : null;
}

/** Drops the item on every instance (after any change to its rows). */
export function forgetContent(contentId: string): Promise<void> {
  return invalidate('content', contentId);
}
