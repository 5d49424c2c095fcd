// Embed tokens: what the iframe snippet carries in ?token= instead of the author's access token. An embed
// token only plays one content item (the embed and player routes and that item's result reporting); every
// other route refuses it as an invalid token. It names the user who made the snippet, lives 180 days and is
// signed with a key derived from the session secret (rotating AUTH_SECRET revokes every snippet).
import { createHash } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { config } from '@/lib/config';

export const EMBED_TOKEN_TYPE = 'lumen-embed+jwt';
export const EMBED_TOKEN_SECONDS = 180 * 24 * 60 * 60;

const key = () => createHash('sha256').update(`lumen-embed:${config().authSecret}`).digest();

export async function issueEmbedToken(userId: string, contentId: string, seconds = EMBED_TOKEN_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid: contentId })
    .setProtectedHeader({ alg: 'HS256', typ: EMBED_TOKEN_TYPE })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(key());
}

export function isEmbedToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === EMBED_TOKEN_TYPE;
  } catch {
    return false;
  }
}

/** The user and content of a valid embed token; throws when it is not one. */
export async function verifyEmbedToken(token: string): Promise<{ userId: string; contentId: string; iat: number; exp: number }> {
  const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], typ: EMBED_TOKEN_TYPE });
  if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') throw new Error('malformed embed token');
  return { userId: payload.sub, contentId: payload.cid, iat: Number(payload.iat), exp: Number(payload.exp) };
}
