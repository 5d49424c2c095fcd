// One script and one stylesheet per player page instead of one request per file (issue 9, item 7: learner page
// load). The player page (lib/h5p/player/embed.ts) names the files it needs, in order, in the bundle's URL:
//   /h5p/bundle/<sha-16>.js?f=core/js/jquery.js@1.27.0,libraries/H5P.MultiChoice-1.16/js/multichoice.js@1.16.3
// and the front server (server/static-files.mjs) joins exactly those core and library files. Any instance can
// answer any bundle (nothing is stored: the URL is the whole description), versions in the URL make it immutable,
// and the hash in the path is checked against the list so one list has one URL. Like H5P's own asset aggregation
// (h5p-php-library `H5PDefaultStorage::cacheAssets`), a stylesheet's relative url()s are rewritten to absolute
// ones; its @import rules move to the top of the bundle (where CSS allows them) and @charset rules go.
import crypto from 'node:crypto';
import path from 'node:path';
import { LIBRARY_DIR } from './paths.mjs';

/** characters a bundled file's path and version may have (anything else is served file by file) */
const SAFE_PART = /^[A-Za-z0-9._/-]+$/;
/** at most this many files in one bundle (a real Course Presentation names about 80) */
export const MAX_BUNDLE_FILES = 400;

const hashOf = (list) => crypto.createHash('sha256').update(list).digest('hex').slice(0, 16);

/** `/h5p/core/…?version=v` or `/h5p/libraries/<Name-M.m>/…?version=v` as `core/…@v`; null when it cannot be bundled. */
function itemOf(url, ext) {
  const m = /^\/h5p\/((?:core|libraries)\/[^?#]+)\?version=([^&#]+)$/.exec(url);
  if (!m) return null;
  const [, rel, version] = m;
  if (!SAFE_PART.test(rel) || !SAFE_PART.test(version) || !rel.endsWith(ext)) return null;
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  if (parts[0] === 'libraries' && (parts.length < 3 || !LIBRARY_DIR.test(parts[1]))) return null;
  return `${rel}@${version}`;
}

/**
 * The bundle URL for these file URLs (all of one kind: '.js' or '.css'), or null when one of them is not a
 * versioned core or library file (then the page names them one by one).
 */
export function bundleUrl(urls, ext) {
  if (urls.length < 2 || urls.length > MAX_BUNDLE_FILES) return null;
  const items = [];
  for (const u of urls) {
    const item = itemOf(u, ext);
    if (!item) return null;
    items.push(item);
  }
  const list = items.join(',');
  return `/h5p/bundle/${hashOf(list)}${ext}?f=${list}`;
}

/**
 * The files a bundle request names: `{ ext, files: [{ root: 'core'|'libraries', rel }] }`, or null for anything
 * that is not a well-formed bundle URL (wrong hash, unsafe path, too many files).
 */
export function parseBundle(name, list) {
  const m = /^([0-9a-f]{16})(\.js|\.css)$/.exec(name ?? '');
  if (!m || !list || hashOf(list) !== m[1]) return null;
  const ext = m[2];
  const items = list.split(',');
  if (items.length < 2 || items.length > MAX_BUNDLE_FILES) return null;
  const files = [];
  for (const item of items) {
    const at = item.lastIndexOf('@');
    const rel = at === -1 ? '' : item.slice(0, at);
    if (!itemOf(`/h5p/${rel}?version=${item.slice(at + 1)}`, ext)) return null;
    const [root, ...rest] = rel.split('/');
    files.push({ root, rel: rest.join('/') });
  }
  return { ext, files };
}

const URL_IN_CSS = /url\(\s*(['"]?)([^'")]*?)\1\s*\)/g;
const IMPORT_RULE = /@import\s+(?:url\(\s*(['"]?)[^'")]*?\1\s*\)|(['"])[^'"]*?\2)[^;]*;/g;
const CHARSET_RULE = /@charset\s+(['"])[^'"]*\1\s*;/g;

/** A stylesheet's relative reference, made absolute against the file's own URL folder. */
function absolute(ref, dirUrl) {
  if (!ref || /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return ref; // data:, https:, //host, /path, #fragment
  return path.posix.join(dirUrl, ref);
}

/** One stylesheet for the bundle: relative url()s made absolute; its @import rules returned apart, @charset removed. */
export function rebaseCss(css, fileUrl) {
  const dirUrl = path.posix.dirname(fileUrl);
  const fix = (text) => text.replace(URL_IN_CSS, (all, quote, ref) => `url(${quote}${absolute(ref.trim(), dirUrl)}${quote})`);
  const imports = [];
  const body = fix(css.replace(CHARSET_RULE, '')).replace(IMPORT_RULE, (rule) => {
    imports.push(rule.replace(/(@import\s+)(['"])([^'"]*?)\2/, (all, at, q, ref) => `${at}${q}${absolute(ref.trim(), dirUrl)}${q}`));
    return '';
  });
  return { imports, body };
}

/** The bundle's text from its files' texts (in order; `urls` are the files' own URL paths, for stylesheets). */
export function joinBundle(ext, texts, urls) {
  if (ext === '.js') {
    // a statement separator between files; a leading ';' so no file's "use strict" becomes the whole bundle's
    return texts.map((t, i) => `;/* ${urls[i]} */\n${t}\n`).join('');
  }
  const imports = [];
  const bodies = texts.map((t, i) => {
    const r = rebaseCss(t, urls[i]);
    imports.push(...r.imports);
    return `/* ${urls[i]} */\n${r.body}\n`;
  });
  return (imports.length ? `${imports.join('\n')}\n` : '') + bodies.join('');
}
