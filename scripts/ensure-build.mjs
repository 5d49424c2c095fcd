#!/usr/bin/env node
// Builds the Next.js app when there is no build or a source file is newer than it (used by the test tiers).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildId = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
const sources = ['app', 'lib', 'components', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'package.json', 'tsconfig.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of readdirSync(p)) if (e !== 'generated') m = Math.max(m, newest(path.join(p, e)));
  return m;
}

// the route index the API document walks (scripts/route-index.mjs) follows the route files
execFileSync(process.execPath, [path.join(root, 'scripts', 'route-index.mjs')], { cwd: root, stdio: 'inherit' });

const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (built && built >= changed) {
  console.log('next build is up to date');
} else {
  console.log('building the app (next build)…');
  execFileSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit' });
}
