#!/usr/bin/env node
// npm run test:e2e — prepares a clean database, Redis db and data folder for the end-to-end tier, makes
// sure the app is built and Debian's Chromium is present, then runs Playwright.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { ensureIdpState } from '../server/embedded/idp-state.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resetDatabase, resetRedis } from './stores.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3211);
const databaseUrl = process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_e2e';
const redisUrl = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install Debian's package: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

// fresh database, Redis db and data folder
await resetDatabase(databaseUrl);
await resetRedis(redisUrl);
rmSync(path.join(root, '.data', 'e2e'), { recursive: true, force: true });
// the embedded IdP's demo accounts, plus a second teacher for the specs that need two (the walk-through)
{
  const { file, state } = ensureIdpState(path.join(root, '.data', 'e2e'), process.env.IDP_CLIENT_ID?.trim() || 'lumen-app');
  state.users.push({ id: randomUUID(), email: 'teacher2@demo.lumen.test', name: 'Theo Teacher', password: randomBytes(9).toString('base64url'), roles: ['teacher'], enabled: true });
  // schools that nothing is set up for yet, each with an admin and a teacher (tests/e2e/support/fixtures.ts
  // freshSchool(): a spec makes the tenant row with this id; app-shell.spec.ts shows one's first-run checklist,
  // walkthrough-roles.spec.ts walks the other's admin through it, its teacher signing in to tick "Add your teachers")
  for (const key of ['shell-school', 'fresh-school']) {
    const tenantId = randomUUID();
    state.users.push({ id: randomUUID(), email: `admin@${key}.lumen.test`, name: 'Frieda Firstrun', password: randomBytes(9).toString('base64url'), roles: ['school_admin'], enabled: true, tenantId });
    state.users.push({ id: randomUUID(), email: `teacher@${key}.lumen.test`, name: 'Tomas Newteacher', password: randomBytes(9).toString('base64url'), roles: ['teacher'], enabled: true, tenantId });
  }
  // a class of 30 pupils (tests/e2e/sign-in-class.spec.ts signs them in one after another from one address)
  for (let i = 1; i <= 30; i++) {
    const n = String(i).padStart(2, '0');
    state.users.push({ id: randomUUID(), email: `pupil${n}@class.lumen.test`, name: `Pupil ${n}`, password: randomBytes(9).toString('base64url'), roles: ['student'], enabled: true });
  }
  writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
}

execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: root });
// spec files named on the command line (`player.spec.ts`, `a11y.spec.ts:56`) run alone: the walks project's dependency
// on the specs (playwright.config.ts) would otherwise run every spec first. Without a named file (the whole tier, or
// options only: `--retries 0`) the dependency stays, so the walks never run beside the other specs.
const args = process.argv.slice(2);
const named = args.some((a) => /\.spec\.ts(:\d+)*$/.test(a));
const res = spawnSync('npx', ['playwright', 'test', ...args, ...(named && !args.includes('--no-deps') ? ['--no-deps'] : [])], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, E2E_PORT: String(port) },
});
process.exit(res.status ?? 1);
