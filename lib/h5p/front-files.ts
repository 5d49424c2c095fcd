// What the front HTTP server (server/static-files.mjs) needs from the app to serve static H5P files outside the
// Next.js pipeline: where they live, and the access decisions of the routes it stands in front of — content files
// of open content (public, or without an owner: spec "Authentication" 6) and a player's files (its content
// token). Registered on globalThis at start-up; everything else (private content files) is left to the routes.
import { verifyEmbedToken } from '@/lib/auth/embed-token';
import { ANONYMOUS, contentAccessFacts, mayRead } from './access';
import { fileStore } from '@/lib/files/store';
import { coreDir, editorDir } from './paths';
import { bundleUrl } from '../../server/asset-bundle.mjs';

export interface FrontFiles {
  /** local folders; libraries and content are null on a remote file store (the app's routes serve them from it) */
  roots(): { core: string; editor: string; libraries: string | null; content: string | null };
  /** 'open' when anyone may read the item's files; 'other' leaves the decision to the route */
  contentAccess(contentId: string): Promise<'open' | 'other'>;
  /** whether the token is an embed or player token of exactly this content */
  playerToken(token: string, contentId: string): Promise<boolean>;
}

const frontFiles: FrontFiles = {
  roots: () => {
    const store = fileStore();
    return { core: coreDir(), editor: editorDir(), libraries: store.localPath('libraries'), content: store.localPath('content') };
  },
  async contentAccess(contentId) {
    const facts = await contentAccessFacts(contentId).catch(() => null);
    return facts && mayRead(ANONYMOUS, contentId, facts) ? 'open' : 'other';
  },
  async playerToken(token, contentId) {
    const claims = await verifyEmbedToken(token).catch(() => null);
    return !!claims && claims.contentId === contentId;
  },
};

/**
 * One script and one stylesheet URL for a player page's files (server/asset-bundle.mjs), when the front server
 * answers bundles and the libraries are on local disk; otherwise the files one by one.
 */
export function pageAssets(scripts: string[], styles: string[]): { scripts: string[]; styles: string[] } {
  if (!(globalThis as unknown as { __lumenFrontBundles?: boolean }).__lumenFrontBundles || !fileStore().localPath('libraries')) return { scripts, styles };
  const js = bundleUrl(scripts, '.js');
  const css = bundleUrl(styles, '.css');
  return { scripts: js ? [js] : scripts, styles: css ? [css] : styles };
}

/** Lets the front server serve static H5P files (called once at start-up). */
export function registerFrontFiles(): void {
  (globalThis as unknown as { __lumenFrontFiles?: FrontFiles }).__lumenFrontFiles = frontFiles;
}
