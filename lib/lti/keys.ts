// The tool's signing key (spec "LTI records", Key): a 2048-bit RSA key pair generated on first use and persisted
// in lti_keys, so every instance signs with the same key and publishes it at /lti/jwks. Two instances starting
// together make one key: the first use takes a transaction-scoped advisory lock, looks again, and only then
// generates and stores. The private key never leaves this module (never returned, never logged).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT, exportJWK, type JWK, type JWTPayload } from 'jose';
import { db } from '@/lib/db/client';

/** pg_advisory_xact_lock key of the key generation (any fixed 64-bit number; "lti-key" in ASCII) */
const LOCK_KEY = 0x6c74692d6b6579n;

export interface ToolKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: JWK;
}

const g = globalThis as unknown as { __lumenLtiKey?: Promise<ToolKey> };

async function publicJwk(kid: string, publicKey: KeyObject): Promise<JWK> {
  const { kty, n, e } = await exportJWK(publicKey);
  return { kty, n, e, kid, use: 'sig', alg: 'RS256' };
}

async function toToolKey(row: { kid: string; publicKey: string; privateKey: string }): Promise<ToolKey> {
  const publicKey = createPublicKey(row.publicKey);
  return { kid: row.kid, privateKey: createPrivateKey(row.privateKey), publicKey, jwk: await publicJwk(row.kid, publicKey) };
}

async function loadOrCreate(): Promise<ToolKey> {
  const existing = await db().ltiKey.findFirst({ orderBy: { createdAt: 'asc' } });
  if (existing) return toToolKey(existing);
  const row = await db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
    const again = await tx.ltiKey.findFirst({ orderBy: { createdAt: 'asc' } });
    if (again) return again;
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const kid = createHash('sha256').update(publicPem).digest('base64url').slice(0, 32);
    return tx.ltiKey.create({ data: { kid, publicKey: publicPem, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() } });
  });
  return toToolKey(row);
}

/** The tool's key (loaded once per process; generated and stored on the very first use anywhere). */
export function toolKey(): Promise<ToolKey> {
  g.__lumenLtiKey ??= loadOrCreate().catch((err: unknown) => {
    g.__lumenLtiKey = undefined;
    throw err;
  });
  return g.__lumenLtiKey;
}

/** The public key set published at /lti/jwks (every stored key, oldest first: a rotated key stays verifiable). */
export async function toolJwks(): Promise<{ keys: JWK[] }> {
  await toolKey();
  const rows = await db().ltiKey.findMany({ orderBy: { createdAt: 'asc' }, select: { kid: true, publicKey: true } });
  return { keys: await Promise.all(rows.map((r) => publicJwk(r.kid, createPublicKey(r.publicKey)))) };
}

/** Signs claims RS256 with the tool's key; `expiresIn` seconds. */
export async function signWithToolKey(claims: JWTPayload, expiresIn: number, typ = 'JWT'): Promise<string> {
  const key = await toolKey();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ }).setIssuedAt(now).setExpirationTime(now + expiresIn).sign(key.privateKey);
}
