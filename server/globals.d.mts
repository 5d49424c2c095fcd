import type { IncomingMessage, ServerResponse } from 'node:http';

/** The app's fast lane: true when it answered, false to let Next.js answer (a promise of either while it works). */
export interface FastLane {
  handle(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
}

/** What the front server (server/static-files.mjs) needs from the app to serve static H5P files. */
export interface FrontFiles {
  /** local folders; libraries and content are null on a remote file store (the app's routes serve them from it) */
  roots(): { core: string; editor: string; libraries: string | null; content: string | null };
  /** 'open' when anyone may read the item's files; 'other' leaves the decision to the route */
  contentAccess(contentId: string): Promise<'open' | 'other'>;
  /** the Cache-Control of this content's player files when the segment (files key or content token) opens them, else null */
  playerFiles(segment: string, contentId: string): Promise<string | null>;
}

export function setFastLane(lane: FastLane): void;
export function fastLane(): FastLane | undefined;
export function setFrontFiles(hooks: FrontFiles): void;
export function frontFiles(): FrontFiles | undefined;
export function markFrontBundles(): void;
export function frontBundles(): boolean;
export function addShutdownHook(hook: () => Promise<void>): void;
export function shutdownHooks(): (() => Promise<void>)[];
