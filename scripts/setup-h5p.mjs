#!/usr/bin/env node
// Prepares the browser-side H5P files at install time (called from `postinstall`), using only what a fresh
// clone can reach:
//  - .vendor/h5p/core    the H5P player core, built from the npm package h5p-standalone (fetched with `npm pack`,
//                        so its `preinstall: only-allow yarn` never runs). Lumi loads js/jquery.js first, so the
//                        whole frame.bundle.js (jQuery + h5p.js + event dispatcher + xAPI + …) goes there and the
//                        other files of Lumi's asset lists are stubs.
//  - .vendor/h5p/editor  the H5P editor (h5p-editor-php-library, not on npm): copied from H5P_EDITOR_DIR when set,
//                        otherwise downloaded from GitHub at a pinned commit and checked against a checksum of its
//                        files. Without network the step is skipped with a note: everything but the browser editor
//                        works, and the editor page explains how to add it.
// Never fails the install: each step reports and moves on. Re-run with `npm run setup:h5p`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, '.vendor', 'h5p');
const require = createRequire(import.meta.url);

export const STANDALONE_VERSION = '3.8.2';
export const EDITOR_REPO = 'h5p/h5p-editor-php-library';
export const EDITOR_COMMIT = '02966453c75ada4a8336e1fa5a68fbc33c8b4835';
/** sha256 over the sorted list of `path\0sha256(file)\n` of the editor tree at EDITOR_COMMIT (source maps excluded) */
export const EDITOR_TREE_SHA256 = '4a6eea41b69c3f2da07759f8550601698ff432b30c5f547f6c450629f1c1fbf8';

const say = (m) => console.log(`[setup-h5p] ${m}`);

function listFiles(dir) {
  const out = [];
  (function walk(d, rel) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else if (e.isFile() && !r.endsWith('.map')) out.push(r);
    }
  })(dir, '');
  return out.sort();
}

export function treeChecksum(dir) {
  const h = createHash('sha256');
  for (const f of listFiles(dir)) {
    h.update(`${f}\0${createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest('hex')}\n`);
  }
  return h.digest('hex');
}

function npmPackExtract(spec) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5p-pack-'));
  const file = execFileSync('npm', ['pack', spec, '--pack-destination', dir, '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['xzf', path.join(dir, file), '-C', dir]);
  return path.join(dir, 'package');
}

function buildCore() {
  const core = path.join(OUT, 'core');
  const marker = path.join(core, 'SOURCE.txt');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').includes(`h5p-standalone@${STANDALONE_VERSION}`)) {
    say(`core   up to date (${core})`);
    return;
  }
  const dist = path.join(npmPackExtract(`h5p-standalone@${STANDALONE_VERSION}`), 'dist');
  const player = require('@lumieducation/h5p-server/build/src/playerAssetList.json');
  const editor = require('@lumieducation/h5p-server/build/src/editorAssetList.json');
  const tmp = `${core}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(path.join(tmp, 'js'), { recursive: true });
  fs.mkdirSync(path.join(tmp, 'styles'), { recursive: true });
  fs.cpSync(path.join(dist, 'fonts'), path.join(tmp, 'fonts'), { recursive: true });
  fs.cpSync(path.join(dist, 'images'), path.join(tmp, 'images'), { recursive: true });
  const scripts = new Set([...player.scripts.core, ...editor.scripts.core, ...editor.scripts.integrationCore]);
  for (const s of scripts) {
    fs.mkdirSync(path.dirname(path.join(tmp, s)), { recursive: true });
    fs.writeFileSync(
      path.join(tmp, s),
      s === 'js/jquery.js' ? fs.readFileSync(path.join(dist, 'frame.bundle.js')) : `/* ${s} is part of js/jquery.js (h5p-standalone frame.bundle.js) */\n`,
    );
  }
  const styles = new Set([...player.styles.core, ...editor.styles.core]);
  for (const s of styles) {
    fs.writeFileSync(path.join(tmp, s), s === 'styles/h5p.css' ? fs.readFileSync(path.join(dist, 'styles', 'h5p.css')) : `/* ${s} is part of styles/h5p.css */\n`);
  }
  // the standalone player itself (plays exported packages without our server: tests and the offline check)
  fs.mkdirSync(path.join(OUT, 'standalone'), { recursive: true });
  fs.cpSync(dist, path.join(OUT, 'standalone'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'SOURCE.txt'), `h5p-standalone@${STANDALONE_VERSION} dist/ (MIT wrapper; the H5P core inside is GPL-3.0)\n`);
  fs.rmSync(core, { recursive: true, force: true });
  fs.renameSync(tmp, core);
  say(`core   built from h5p-standalone@${STANDALONE_VERSION} -> ${core}`);
}

function installEditorFrom(src, label) {
  const dst = path.join(OUT, 'editor');
  const tmp = `${dst}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(src, tmp, { recursive: true });
  fs.rmSync(dst, { recursive: true, force: true });
  fs.renameSync(tmp, dst);
  fs.writeFileSync(path.join(dst, 'SOURCE.txt'), `${label}\n`);
  say(`editor installed from ${label} -> ${dst}`);
}

async function setupEditor() {
  const dst = path.join(OUT, 'editor');
  const provided = process.env.H5P_EDITOR_DIR?.trim();
  if (provided) {
    if (!fs.existsSync(path.join(provided, 'scripts', 'h5peditor.js'))) {
      say(`editor skipped: H5P_EDITOR_DIR=${provided} has no scripts/h5peditor.js (the app also reads H5P_EDITOR_DIR directly)`);
      return;
    }
    installEditorFrom(provided, `H5P_EDITOR_DIR ${provided}`);
    return;
  }
  const source = path.join(dst, 'SOURCE.txt');
  if (fs.existsSync(source) && fs.readFileSync(source, 'utf8').includes(EDITOR_COMMIT)) {
    say(`editor up to date (${EDITOR_REPO}@${EDITOR_COMMIT.slice(0, 8)})`);
    return;
  }
  const url = `https://codeload.github.com/${EDITOR_REPO}/tar.gz/${EDITOR_COMMIT}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'h5p-editor-'));
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const tgz = path.join(work, 'editor.tgz');
    fs.writeFileSync(tgz, Buffer.from(await res.arrayBuffer()));
    execFileSync('tar', ['xzf', tgz, '-C', work]);
    const top = fs.readdirSync(work).find((n) => n.startsWith('h5p-editor-php-library'));
    if (!top) throw new Error('unexpected archive layout');
    const tree = path.join(work, top);
    const sum = treeChecksum(tree);
    if (sum !== EDITOR_TREE_SHA256) throw new Error(`checksum mismatch (got ${sum}); not installed`);
    installEditorFrom(tree, `${EDITOR_REPO}@${EDITOR_COMMIT}`);
  } catch (err) {
    say(`editor not installed (${err?.cause?.code ?? err?.message ?? err}). The player and everything else work without it.`);
    say(`       to add the editor: set H5P_EDITOR_DIR to a copy of ${EDITOR_REPO} (commit ${EDITOR_COMMIT.slice(0, 8)}) and run \`npm run setup:h5p\`.`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildCore();
  } catch (err) {
    say(`core not built: ${err?.message ?? err}. Re-run \`npm run setup:h5p\` when the npm registry is reachable.`);
  }
  await setupEditor();
}
