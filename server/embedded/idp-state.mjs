// State of the embedded identity provider (lib/auth/embedded-idp.ts): an RSA signing key, the client
// secret and three demo accounts. Created once under DATA_DIR/embedded/idp.json (mode 0600) and reused.
import { generateKeyPair, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const password = () => randomBytes(9).toString('base64url');

const stateFile = (dataDir) => path.join(path.resolve(dataDir), 'embedded', 'idp.json');

function build(clientId, { privateKey, publicKey }) {
  const kid = randomUUID();
  return {
    clientId,
    clientSecret: randomBytes(24).toString('base64url'),
    key: { kid, privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }) },
    users: [
      { id: randomUUID(), email: 'admin@demo.lumen.test', name: 'Ada Admin', password: password(), roles: ['super_admin'], enabled: true },
      { id: randomUUID(), email: 'teacher@demo.lumen.test', name: 'Tara Teacher', password: password(), roles: ['teacher'], enabled: true },
      { id: randomUUID(), email: 'student@demo.lumen.test', name: 'Sam Student', password: password(), roles: ['student'], enabled: true },
    ],
  };
}

const existing = (file) => ({ file, state: JSON.parse(readFileSync(file, 'utf8')), created: false });

function write(file, state) {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if (err?.code === 'EEXIST') return existing(file); // another process made it meanwhile: use that one
    throw err;
  }
  return { file, state, created: true };
}

export function ensureIdpState(dataDir, clientId) {
  const file = stateFile(dataDir);
  if (existsSync(file)) return existing(file);
  return write(file, build(clientId, generateKeyPairSync('rsa', { modulusLength: 2048 })));
}

/** ensureIdpState with the RSA key made on libuv's thread pool (npm start loads the server meanwhile). */
export async function ensureIdpStateAsync(dataDir, clientId) {
  const file = stateFile(dataDir);
  if (existsSync(file)) return existing(file);
  const keys = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  if (existsSync(file)) return existing(file);
  return write(file, build(clientId, keys));
}
