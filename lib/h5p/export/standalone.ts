// The standalone-player package both SCORM (scorm.ts) and cmi5 (cmi5.ts) export: the content beside index.html
// (h5p.json, content.json, its media folders), the libraries under libraries/, the H5P standalone player under
// player/ (h5p-standalone, installed by scripts/setup-h5p.mjs), a launcher page bound by a hash-only CSP and the
// format's runtime script — one streaming pass from the stored files (h5p.ts packageFiles): no .h5p is built first.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { assertCanExport } from '@/lib/h5p/content/content';
import { standaloneDir } from '@/lib/h5p/engine/paths';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { nodeToWeb } from '@/lib/h5p/http/files';
import { escapeXml } from '@/lib/shared/escape';
import { attachment, exportFilename, packageFiles, streamArchive, type ArchiveEntry } from './h5p';
import { masteryPercent } from './mastery';

const xml = escapeXml; // lib/shared/escape.ts

/** The H5P standalone player's options in an exported package (content beside index.html, libraries/, player/). */
export const STANDALONE_OPTIONS = `{
    h5pJsonPath: '.',
    contentJsonPath: '.',
    librariesPath: 'libraries',
    frameJs: 'player/frame.bundle.js',
    frameCss: 'player/styles/h5p.css',
    frame: false,
    copyright: false,
    export: false,
    icon: false
  }`;

/**
 * The one inline script the H5P standalone player writes into its content frame (frame.bundle.js, H5P.getHeadTags):
 * constant text, so a hash binds it. Its other scripts are files of the package (<script src>, allowed by 'self').
 */
export const STANDALONE_FRAME_SCRIPT = 'H5PIntegration = window.parent.H5PIntegration; var H5P = H5P || {}; H5P.externalEmbed = false;';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The Content-Security-Policy of an exported package's launcher (SCORM index.html, the cmi5 AU), as a <meta> tag:
 * the package is a static file an LMS serves, so no header and no per-response nonce — every inline script is bound
 * by its hash (the launcher's own and the standalone frame's), other scripts are the package's own files ('self';
 * the content frame inherits this policy), eval stays for content types that need it; no plugins, forms post only
 * to the package's origin (issue 22 item 1). Connections stay open: a cmi5 AU talks to the LMS's LRS wherever it is.
 */
export function launcherCsp(inlineScripts: string[]): string {
  const hashes = [...inlineScripts, STANDALONE_FRAME_SCRIPT].map(sha256).join(' ');
  return [
    `script-src 'self' 'unsafe-eval' ${hashes}`,
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** A launcher page: its inline script bound by the page's policy (launcherCsp). */
export function launcherPage(o: { title: string; headScripts: string[]; body: string; script: string; style: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${launcherCsp([o.script])}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${xml(o.title)}</title>
<style>${o.style}</style>
${o.headScripts.map((src) => `<script src="${src}"></script>`).join('\n')}
</head>
<body>
${o.body}
<script>${o.script}</script>
</body>
</html>
`;
}

/** The H5P standalone player's files under player/ (SCORM and cmi5 packages). */
export function playerFiles(what: string): ArchiveEntry[] {
  const root = standaloneDir();
  if (!fs.existsSync(path.join(root, 'main.bundle.js'))) throw new AppError(503, `${what} is unavailable: the H5P standalone player is not installed (run npm run setup:h5p)`);
  const out: ArchiveEntry[] = [];
  (function walk(d: string, rel: string) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else if (!r.endsWith('.d.ts') && !r.endsWith('.map')) out.push({ name: `player/${r}`, file: path.join(d, e.name) });
    }
  })(root, '');
  return out;
}

/** What a format adds to the standalone package. */
export interface StandaloneParts {
  /** entries first in the archive (cmi5.xml) */
  first?: ArchiveEntry[];
  /** the launcher page, index.html */
  launcher: string;
  /** the format's runtime script beside it (h5p-scorm-wrapper.js, h5p-cmi5.js) */
  runtime: { name: string; js: string };
  /** a manifest written from the names of every other entry, put first (imsmanifest.xml) */
  manifest?: { name: string; of: (names: string[]) => string };
}

/** What the format's parts are made from: the content's title, its language (null when unknown) and the mastery score. */
export interface StandaloneFacts {
  title: string;
  language: string | null;
  /** percent (mastery.ts masteryPercent: the author's choice or the content's own pass mark) */
  mastery: number;
}

/**
 * The package of `contentId` as a streamed ZIP response: the caller's export right checked, then the format's parts
 * around the content, its libraries and the player. A content file named like one of the package's own top-level
 * files is left out.
 */
export async function standalonePackage(
  contentId: string,
  actor: H5pActor,
  o: { what: string; masteryScore?: number; suffix: string },
  parts: (facts: StandaloneFacts) => StandaloneParts,
): Promise<Response> {
  await assertCanExport(actor.reader, contentId);
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true, metadata: true } });
  if (!row) throw new AppError(404, 'Content not found');
  const player = playerFiles(o.what);
  const pkg = await packageFiles(contentId);
  const language = (row.metadata as { language?: string } | null)?.language;
  const p = parts({ title: row.title, language: language && language !== 'und' ? language : null, mastery: masteryPercent(o.masteryScore, pkg.parameters) });
  const reserved = new Set(['h5p.json', 'content.json', 'index.html', p.runtime.name, ...(p.first ?? []).map((e) => e.name), ...(p.manifest ? [p.manifest.name] : [])]);
  const entries: ArchiveEntry[] = [
    ...(p.first ?? []),
    { name: 'content.json', data: Buffer.from(JSON.stringify(pkg.parameters)) },
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(pkg.metadata)) },
    // the content's media folders sit beside content.json (h5p-standalone's contentJsonPath '.')
    ...pkg.content.filter((f) => !reserved.has(f.name)),
    ...pkg.libraries.map((f) => ({ ...f, name: `libraries/${f.name}` })),
    { name: 'index.html', data: Buffer.from(p.launcher) },
    { name: p.runtime.name, data: Buffer.from(p.runtime.js) },
    ...player,
  ];
  if (p.manifest) entries.unshift({ name: p.manifest.name, data: Buffer.from(p.manifest.of(entries.map((e) => e.name))) });
  return new Response(nodeToWeb(streamArchive(entries)), {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachment(exportFilename(row.title, o.suffix)) },
  });
}
