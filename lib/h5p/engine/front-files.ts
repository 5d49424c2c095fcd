// What the front HTTP server (server/static-files.mjs) needs from the app to serve static H5P files outside the
// Next.js pipeline: where they live, and the access decisions of the routes it stands in front of — content files
// of open content (public, or without an owner: spec "Authentication" 6) and a player's files (its files key or content
// token). Registered at start-up through server/globals.mjs (the interface FrontFiles is declared there); everything else (private content files) is left to the routes.
import { ANONYMOUS, contentAccessFacts, mayRead } from '@/lib/h5p/content/access';
import { playerFilesAccess } from '@/lib/h5p/content/player-files';
import { fileStore } from '@/lib/files/store';
import { coreDir, editorDir } from './paths';
import { bundleUrl } from '@/server/asset-bundle.mjs';
import { frontBundles, setFrontFiles, type FrontFiles } from '@/server/globals.mjs';

const frontFiles: FrontFiles = {
  roots: () => {
    const store = fileStore();
    return { core: coreDir(), editor: editorDir(), libraries: store.localPath('libraries'), content: store.localPath('content') };
  },
  async contentAccess(contentId) {
    const facts = await contentAccessFacts(contentId).catch(() => null);
    return facts && mayRead(ANONYMOUS, contentId, facts) ? 'open' : 'other';
  },
  async playerFiles(segment, contentId) {
    return (await playerFilesAccess(segment, contentId))?.cacheControl ?? null;
  },
};

/**
 * One script and one stylesheet URL for a player page's files (server/asset-bundle.mjs), when the front server
 * answers bundles and the libraries are on local disk; otherwise the files one by one.
 */
export function pageAssets(scripts: string[], styles: string[]): { scripts: string[]; styles: string[] } {
  if (!frontBundles() || !fileStore().localPath('libraries')) return { scripts, styles };
  const js = bundleUrl(scripts, '.js');
  const css = bundleUrl(styles, '.css');
  return { scripts: js ? [js] : scripts, styles: css ? [css] : styles };
}

/** Lets the front server serve static H5P files (called once at start-up). */
export function registerFrontFiles(): void {
  setFrontFiles(frontFiles);
}
