// Where the player frame is loaded from (issue 23 item 6, server/content-origin.mjs): the content origin when there
// is one, else the app's own host (opaque sandbox). Every page that frames the player (the workspace, the LTI
// player page, the embed snippet) takes its address from here.
import { config } from '@/lib/config';

/** The origin the player page and its files are served from. */
export function playerOrigin(): string {
  const c = config();
  return c.contentUrl ?? c.appUrl;
}

/** Whether the player frame keeps its origin (allow-same-origin): only on a content origin of its own. */
export const playerKeepsOrigin = (): boolean => !!config().contentUrl;

/** The player page's address for one content item. */
export function playerUrl(contentId: string, query: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, v);
  const qs = q.toString();
  return `${playerOrigin()}/h5p/embed/${encodeURIComponent(contentId)}${qs ? `?${qs}` : ''}`;
}
