// The key of a content item's files for players (issue 26, item 2): one path segment that is the same for every
// viewer of one version of the item, so its files — and its parameters script — are cacheable across views and
// viewers (by the browser and by any shared cache), where a per-viewer token in the path made every view fetch them
// again. It opens only that item's files, only for that version, and only for a while:
//   v<version>.<period>.<signature>   signature = HMAC-SHA256(secret, "<content id>:<version>:<period>")
// - version: what changes when the item's files or parameters may have (content-cache.ts filesVersion): an edit
//   gives new addresses, so a response cached under an old one is never served for the new version;
// - period: a 30-day window; a key of the current or the previous window is accepted (a page opened just before
//   the change keeps working), so a key a viewer kept stops working after 30 to 60 days, as tokens expire;
// - the secret is derived from AUTH_SECRET (rotating it revokes every key, as it does every token).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';

export const FILES_KEY_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a browser or a shared cache may keep a file fetched under a key (its longest possible life). */
export const FILES_KEY_MAX_AGE_SECONDS = (2 * FILES_KEY_PERIOD_MS) / 1000;

const KEY_RE = /^v([0-9a-z]{1,32})\.([0-9]{1,8})\.([A-Za-z0-9_-]{22})$/;

let secret: { source: string; key: Buffer } | undefined;
function hmacKey(): Buffer {
  const source = config().authSecret;
  if (secret?.source !== source) secret = { source, key: createHash('sha256').update(`lumen-content-files:${source}`).digest() };
  return secret.key;
}

const sign = (contentId: string, version: string, period: number) =>
  createHmac('sha256', hmacKey()).update(`${contentId}:${version}:${period}`).digest('base64url').slice(0, 22);

const periodAt = (ms: number) => Math.floor(ms / FILES_KEY_PERIOD_MS);

/** The files key of this version of the item, for the current period. `version`: lowercase letters and digits. */
export function contentFilesKey(contentId: string, version: string, now = Date.now()): string {
  const period = periodAt(now);
  return `v${version}.${period}.${sign(contentId, version, period)}`;
}

/** Does `key` open this item's files (signed for it, of the current or the previous period)? */
export function verifyContentFilesKey(key: string, contentId: string, now = Date.now()): boolean {
  const m = KEY_RE.exec(key);
  if (!m) return false;
  const [, version, p, sig] = m as unknown as [string, string, string, string];
  const period = Number(p);
  const current = periodAt(now);
  if (period !== current && period !== current - 1) return false;
  const expected = Buffer.from(sign(contentId, version, period));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Looks like a files key (not a content token): the player-files route tells the two apart by this. */
export const isContentFilesKey = (segment: string) => KEY_RE.test(segment);

/** The content version a files key was made for (undefined for anything else). */
export const contentFilesKeyVersion = (key: string): string | undefined => KEY_RE.exec(key)?.[1];
