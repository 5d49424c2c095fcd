// The save in progress (issue 27 items 2 and 3). A save reaches the database deep inside the H5P library
// (H5PEditor.saveOrUpdateContent → DbContentStorage.addContent), so what the revision of that save needs — its kind,
// author, note and the revision the client started from — travels with the async context, not through the
// library's arguments. The revision written by the save is noted here so its files can be recorded once the library
// has copied them (record.ts settleRevisionFiles), and so the library's second write of the same save (it re-saves
// when it renamed a file) updates that revision instead of adding another.
import { AsyncLocalStorage } from 'node:async_hooks';

export const REVISION_KINDS = ['create', 'edit', 'restore', 'ai', 'upgrade', 'import'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export interface RevisionAuthor {
  id: string | null;
  name: string | null;
}

export interface SaveContext {
  kind: RevisionKind;
  author?: RevisionAuthor;
  note?: string | null;
  /** the revision id the client started from; undefined = not named (the save is accepted as before) */
  baseRevision?: string;
  /** set by the save's first write: the revision it recorded */
  revisionId?: string;
  /**
   * a save of the metadata only (the rights of use): the parameters passed are the item's stored ones, written back
   * as they are — not filtered again, so the edit works even when the item's library is no longer installed
   */
  metadataOnly?: boolean;
}

// One store per process, not per module copy: the H5P engine is a process singleton (engine/server.ts) created by
// whichever bundle asks first — a Next.js route or the fast lane (lib/http/fast-lane.ts), which loads its own copy of
// these modules — so the storage that reads the save and the route that starts it may hold different copies.
const g = globalThis as unknown as { __lumenSaveContext?: AsyncLocalStorage<SaveContext> };
const store = (g.__lumenSaveContext ??= new AsyncLocalStorage<SaveContext>());

/** Runs `fn` as one save with these revision facts. */
export function withSave<T>(ctx: SaveContext, fn: () => Promise<T>): Promise<T> {
  return store.run(ctx, fn);
}

/** The save in progress, if any. */
export const currentSave = (): SaveContext | undefined => store.getStore();
