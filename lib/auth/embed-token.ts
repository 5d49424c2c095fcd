// Content-scoped tokens: the only credentials a player ever holds. Both kinds play exactly one content item (the
// embed page, the player model, that item's files and its result/state calls); every other route refuses them as
// an invalid token.
// - embed token: what the owner's iframe snippet carries in ?token=, for anonymous viewers on any site; it names
//   the owner who made the snippet and lives 180 days (no saved state is shared between its viewers).
// - player token: what the workspace's player frame carries for one signed-in viewer; it names that viewer (their
//   own state and results) and lives as long as a page reasonably stays open (PLAYER_TOKEN_SECONDS).
// Both are signed with a key derived from the session secret (rotating AUTH_SECRET revokes them all).
import { createHash } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { localCache } from '@/lib/cache/local';
import { config } from '@/lib/config';

export const EMBED_TOKEN_TYPE = 'lumen-embed+jwt';
export const EMBED_TOKEN_SECONDS = 180 * 24 * 60 * 60;
export const PLAYER_TOKEN_SECONDS = 24 * 60 * 60;

/** lti: one LMS learner's launch (lib/lti/launch.ts): their own state and results, graded back to the platform */
export type ContentTokenUse = 'embed' | 'player' | 'lti' | 'preview';

const key = () => createHash('sha256').update(`lumen-embed:${config().authSecret}`).digest();

async function issue(use: ContentTokenUse, userId: string, contentId: string, seconds: number, extra: Record<string, string> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...extra, cid: contentId, use })
    .setProtectedHeader({ alg: 'HS256', typ: EMBED_TOKEN_TYPE })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(key());
}

/** The owner's snippet token (anonymous viewers play as nobody in particular). */
export const issueEmbedToken = (userId: string, contentId: string, seconds = EMBED_TOKEN_SECONDS) => issue('embed', userId, contentId, seconds);

/** One signed-in viewer's player token: their own state and results for this item only. */
export const issuePlayerToken = (userId: string, contentId: string, seconds = PLAYER_TOKEN_SECONDS) => issue('player', userId, contentId, seconds);

/**
 * "Preview as learner" (issue 25 item 5): the content as a learner meets it — no saved state, and nothing recorded
 * (no view counted, no statement stored, no result posted).
 */
export const issuePreviewToken = (userId: string, contentId: string, seconds = PLAYER_TOKEN_SECONDS) => issue('preview', userId, contentId, seconds);

/**
 * An LMS learner's player token (a verified LTI launch): plays the content as its owner's item (`userId`), for
 * the learner `learnerKey` (lti:<platform>:<subject>) of the launch `launchId`.
 */
export const issueLtiPlayerToken = (ownerId: string, contentId: string, launchId: string, learnerKey: string, seconds = PLAYER_TOKEN_SECONDS) =>
  issue('lti', ownerId, contentId, seconds, { lid: launchId, lk: learnerKey });

/**
 * What the request path reads of a bearer token's text before and while verifying it — whether it is a content
 * token, its (unverified) use, its digest — worked out once per token text, not three times per request: a
 * player's token comes back with every call of its page (model, saved state every 10 s, statements). Nothing
 * here is trusted: verifyEmbedToken decides.
 */
export interface TokenText {
  /** the header names a content token */
  embed: boolean;
  /** the unverified payload's `use` */
  use: unknown;
  /** SHA-256 of the text */
  digest: Buffer;
  /** the digest in base64url: the key of the verified tokens' cache */
  digestKey: string;
}
/** texts kept at most (a few MB); longer texts than a content token's are worked out every time */
const TOKEN_TEXTS_MAX = 10_000;
const TOKEN_TEXT_MAX_LENGTH = 1_024;
let tokenTexts = new Map<string, TokenText>();

export function tokenText(token: string): TokenText {
  const known = tokenTexts.get(token);
  if (known) return known;
  let embed = false;
  let use: unknown;
  try {
    embed = decodeProtectedHeader(token).typ === EMBED_TOKEN_TYPE;
    use = decodeJwt(token).use;
  } catch {
    // not a JWT at all: neither
  }
  const digest = createHash('sha256').update(token).digest();
  const text: TokenText = { embed, use, digest, digestKey: digest.toString('base64url') };
  if (token.length <= TOKEN_TEXT_MAX_LENGTH) {
    if (tokenTexts.size >= TOKEN_TEXTS_MAX) tokenTexts = new Map();
    tokenTexts.set(token, text);
  }
  return text;
}

export function isEmbedToken(token: string): boolean {
  return tokenText(token).embed;
}

export interface ContentTokenClaims {
  use: ContentTokenUse;
  userId: string;
  contentId: string;
  iat: number;
  exp: number;
  /** lti: the launch and the learner */
  launchId?: string;
  learnerKey?: string;
}

const VERIFIED_TTL_MS = 60_000;
const verified = () => localCache<ContentTokenClaims>('verifiedContentTokens', { ttlMs: VERIFIED_TTL_MS, max: 50_000 });

/** The claims of a valid content token; throws when it is not one (a token verified a moment ago is not verified again). */
export async function verifyEmbedToken(token: string): Promise<ContentTokenClaims> {
  const known = verifiedEmbedTokenNow(token);
  if (known) return known;
  const cacheKey = tokenText(token).digestKey;
  const claims = await verifyUncached(token);
  verified().set(cacheKey, claims, Math.max(0, Math.min(VERIFIED_TTL_MS, claims.exp * 1000 - Date.now())));
  return claims;
}

/** The claims of a content token verified a moment ago (no promise: the player's calls ask this first); undefined otherwise. */
export function verifiedEmbedTokenNow(token: string): ContentTokenClaims | undefined {
  const known = verified().get(tokenText(token).digestKey);
  return known && known.exp * 1000 > Date.now() ? known : undefined;
}

async function verifyUncached(token: string): Promise<ContentTokenClaims> {
  const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], typ: EMBED_TOKEN_TYPE, requiredClaims: ['exp', 'sub'] });
  if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') throw new Error('malformed embed token');
  const use: ContentTokenUse = payload.use === 'player' || payload.use === 'lti' || payload.use === 'preview' ? payload.use : 'embed';
  if (use === 'lti' && (typeof payload.lid !== 'string' || typeof payload.lk !== 'string')) throw new Error('malformed LTI player token');
  return {
    use,
    userId: payload.sub,
    contentId: payload.cid,
    iat: Number(payload.iat),
    exp: Number(payload.exp),
    ...(use === 'lti' ? { launchId: payload.lid as string, learnerKey: payload.lk as string } : {}),
  };
}
