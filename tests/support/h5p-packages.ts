// Builds .h5p packages for the tests, the hub stand-in and the import benchmark from the project's own test
// libraries (tests/fixtures/h5p-libraries), and hand-made hostile ZIPs (a raw writer that can lie).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const LIBRARIES_DIR = path.resolve(__dirname, '..', 'fixtures', 'h5p-libraries');

export interface LibraryJson {
  title: string;
  machineName: string;
  majorVersion: number;
  minorVersion: number;
  patchVersion: number;
  description?: string;
}

export const libraryDirs = () => fs.readdirSync(LIBRARIES_DIR).filter((d) => fs.existsSync(path.join(LIBRARIES_DIR, d, 'library.json')));

export function libraryJson(dir: string): LibraryJson {
  return JSON.parse(fs.readFileSync(path.join(LIBRARIES_DIR, dir, 'library.json'), 'utf8')) as LibraryJson;
}

export function libraryDirOf(machineName: string): string {
  const d = libraryDirs().find((x) => libraryJson(x).machineName === machineName);
  if (!d) throw new Error(`no test library ${machineName}`);
  return d;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** deflate (default) or store */
  compress?: boolean;
  /** unix mode incl. the file type bits (e.g. 0o120777 for a symbolic link) */
  mode?: number;
  /** the uncompressed size written into the headers (lie about it to build a bomb) */
  declaredSize?: number;
}

/** A minimal ZIP writer (no ZIP64) that writes exactly what it is told, names and sizes included. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const compress = e.compress ?? true;
    const body = compress ? zlib.deflateRawSync(e.data) : e.data;
    const crc = zlib.crc32(e.data) >>> 0;
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(compress ? 8 : 0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(compress ? 8 : 0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? (e.name.endsWith('/') ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export function filesOf(dir: string, prefix: string): ZipEntry[] {
  const out: ZipEntry[] = [];
  (function walk(d: string, rel: string) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = `${rel}${e.name}`;
      if (e.isDirectory()) walk(path.join(d, e.name), `${r}/`);
      else out.push({ name: r, data: fs.readFileSync(path.join(d, e.name)) });
    }
  })(dir, prefix);
  return out;
}

export const libraryEntries = (machineName: string): ZipEntry[] => {
  const dir = libraryDirOf(machineName);
  return filesOf(path.join(LIBRARIES_DIR, dir), `${dir}/`);
};

export function h5pJson(machineName: string, title = 'Test content', extra: Record<string, unknown> = {}) {
  const lib = libraryJson(libraryDirOf(machineName));
  return {
    title,
    language: 'und',
    mainLibrary: machineName,
    embedTypes: ['iframe'],
    license: 'U',
    defaultLanguage: 'en',
    preloadedDependencies: [{ machineName, majorVersion: lib.majorVersion, minorVersion: lib.minorVersion }],
    ...extra,
  };
}

/** The package the hub stand-in serves for a content type: the library plus an empty content. */
export function hubPackage(machineName: string): Buffer {
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5pJson(machineName, machineName))) },
    { name: 'content/content.json', data: Buffer.from('{}') },
    ...libraryEntries(machineName),
  ]);
}

/** A content package: h5p.json, content.json, optional media, and the library (unless left out). */
export function contentPackage(opts: { machineName: string; params: unknown; title?: string; media?: Record<string, Buffer>; withLibrary?: boolean; extra?: ZipEntry[] }): Buffer {
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5pJson(opts.machineName, opts.title ?? 'Imported content'))) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify(opts.params)) },
    ...Object.entries(opts.media ?? {}).map(([name, data]) => ({ name: `content/${name}`, data, compress: false })),
    ...(opts.withLibrary === false ? [] : libraryEntries(opts.machineName)),
    ...(opts.extra ?? []),
  ]);
}

export const SAMPLE_PARAMS: Record<string, unknown> = {
  'H5P.MultiChoice': {
    question: '<p>What is 2 + 2?</p>',
    answers: [
      { text: '4', correct: true, tipsAndFeedback: { chosenFeedback: 'Well done', notChosenFeedback: '' } },
      { text: '5', correct: false, tipsAndFeedback: { chosenFeedback: 'Count again', notChosenFeedback: '' } },
    ],
    checkLabel: 'Check',
  },
  'H5P.TrueFalse': { question: '<p>The sun is a star.</p>', correct: 'true', l10n: { trueText: 'True', falseText: 'False', checkAnswer: 'Check' } },
  'H5P.Blanks': { text: '<p>Fill in the capitals</p>', questions: ['<p>The capital of France is *Paris*.</p>', '<p>The capital of Italy is *Rome*.</p>'], checkLabel: 'Check' },
  'H5P.DragText': { taskDescription: '<p>Complete the sentence</p>', textField: 'The *cat* sat on the *mat*.', checkLabel: 'Check' },
  'H5P.MarkTheWords': { taskDescription: '<p>Click the verbs</p>', textField: 'The dog *runs* and *jumps*.', checkLabel: 'Check' },
};

export const libraryString = (machineName: string) => {
  const l = libraryJson(libraryDirOf(machineName));
  return `${machineName} ${l.majorVersion}.${l.minorVersion}`;
};

/** The AI issue's container content types (tests/fixtures/h5p-libraries-ai): not on the test hub, whose counts other tests assert. */
export const AI_LIBRARIES_DIR = path.resolve(__dirname, '..', 'fixtures', 'h5p-libraries-ai');

/** One package that carries every AI test library (a Dialog Cards content as its main content): importing it as a super admin installs them. */
export function aiLibrariesPackage(): Buffer {
  const dirs = fs.readdirSync(AI_LIBRARIES_DIR).filter((d) => fs.existsSync(path.join(AI_LIBRARIES_DIR, d, 'library.json')));
  const main = dirs.find((d) => d.startsWith('H5P.Dialogcards-'));
  if (!main) throw new Error('no H5P.Dialogcards test library');
  const lib = JSON.parse(fs.readFileSync(path.join(AI_LIBRARIES_DIR, main, 'library.json'), 'utf8')) as LibraryJson;
  const h5p = {
    title: 'AI test libraries',
    language: 'und',
    mainLibrary: lib.machineName,
    embedTypes: ['iframe'],
    license: 'U',
    preloadedDependencies: [{ machineName: lib.machineName, majorVersion: lib.majorVersion, minorVersion: lib.minorVersion }],
  };
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5p)) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify({ title: '<p>Cards</p>', mode: 'normal', dialogs: [{ text: '<p>Front</p>', answer: '<p>Back</p>' }] })) },
    ...dirs.flatMap((d) => filesOf(path.join(AI_LIBRARIES_DIR, d), `${d}/`)),
  ]);
}

/** The content-origin probe (tests/fixtures/h5p-libraries-origin, issue 23 item 6): not on the test hub either. */
export const ORIGIN_LIBRARIES_DIR = path.resolve(__dirname, '..', 'fixtures', 'h5p-libraries-origin');

/** A 2×2 PNG (red, green, blue, white), written here so the fixture needs no binary file. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A content package of the origin probe with its library: an image, a captions track and a sound as the content's
 * own files (the .ogg is a stub that starts as an Ogg page does: the probe fetches it, nothing decodes it), and
 * `lines` lines of text below (a tall item for the height tests).
 */
export function originProbePackage(opts: { title?: string; lines?: number } = {}): Buffer {
  const dir = 'H5P.OriginProbe-1.0';
  const h5p = {
    title: opts.title ?? 'Origin probe',
    language: 'und',
    mainLibrary: 'H5P.OriginProbe',
    embedTypes: ['iframe'],
    license: 'U',
    preloadedDependencies: [{ machineName: 'H5P.OriginProbe', majorVersion: 1, minorVersion: 0 }],
  };
  const params = {
    image: { path: 'images/probe.png', mime: 'image/png', width: 2, height: 2 },
    captions: { path: 'files/captions.vtt', mime: 'text/vtt' },
    sound: [{ path: 'audios/sound.ogg', mime: 'audio/ogg' }],
    lines: opts.lines ?? 0,
  };
  const ogg = Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(506)]);
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5p)) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify(params)) },
    { name: 'content/images/probe.png', data: tinyPng(), compress: false },
    { name: 'content/files/captions.vtt', data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n\n00:01.000 --> 00:02.000\nWorld\n') },
    { name: 'content/audios/sound.ogg', data: ogg, compress: false },
    ...filesOf(path.join(ORIGIN_LIBRARIES_DIR, dir), `${dir}/`),
  ]);
}

/** The content-upgrade test libraries (tests/fixtures/h5p-libraries-upgrade, issue 28 item 1): not on the test hub. */
export const UPGRADE_LIBRARIES_DIR = path.resolve(__dirname, '..', 'fixtures', 'h5p-libraries-upgrade');

export interface LumenCard {
  text: string;
  answer: string;
}

/**
 * A Lumen Cards package on version 1.0 (`question`, cards with `text` and `answer`) or 1.1 (`prompt`, cards with
 * `front` and `back`), with that version's libraries (a super admin's import installs them) or without.
 */
export function lumenCardsPackage(version: '1.0' | '1.1', opts: { title?: string; question?: string; cards?: LumenCard[]; withLibraries?: boolean } = {}): Buffer {
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const cards = (opts.cards ?? [{ text: ' Sun ', answer: 'a star' }, { text: 'Moon', answer: 'a satellite' }]).map((c, i) => ({
    library: `H5P.LumenCard ${version}`,
    params: version === '1.0' ? { text: c.text, answer: c.answer } : { front: c.text.trim(), back: c.answer },
    subContentId: `00000000-0000-4000-8000-00000000000${i}`,
    metadata: { contentType: 'Lumen Card', license: 'U', title: `Untitled card ${i}` },
  }));
  const question = opts.question ?? 'What is it?';
  const params = version === '1.0' ? { question, cards } : { prompt: question, cards };
  const h5p = {
    title: opts.title ?? 'Lumen Cards',
    language: 'und',
    mainLibrary: 'H5P.LumenCards',
    embedTypes: ['iframe'],
    license: 'U',
    preloadedDependencies: [
      { machineName: 'H5P.LumenCard', majorVersion: major, minorVersion: minor },
      { machineName: 'H5P.LumenCards', majorVersion: major, minorVersion: minor },
    ],
  };
  const dirs = opts.withLibraries === false ? [] : [`H5P.LumenCards-${version}`, `H5P.LumenCard-${version}`];
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5p)) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify(params)) },
    ...dirs.flatMap((d) => filesOf(path.join(UPGRADE_LIBRARIES_DIR, d), `${d}/`)),
  ]);
}

/** A Lumen Hostile package (the misbehaving upgrade hook's test type) whose `mode` says how its 1.1 hook misbehaves. */
export function lumenHostilePackage(version: '1.0' | '1.1', mode: string, opts: { marker?: string; withLibraries?: boolean; title?: string } = {}): Buffer {
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const h5p = {
    title: opts.title ?? `Hostile ${mode}`,
    language: 'und',
    mainLibrary: 'H5P.LumenHostile',
    embedTypes: ['iframe'],
    license: 'U',
    preloadedDependencies: [{ machineName: 'H5P.LumenHostile', majorVersion: major, minorVersion: minor }],
  };
  const dir = `H5P.LumenHostile-${version}`;
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5p)) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify({ mode, ...(opts.marker ? { marker: opts.marker } : {}) })) },
    ...(opts.withLibraries === false ? [] : filesOf(path.join(UPGRADE_LIBRARIES_DIR, dir), `${dir}/`)),
  ]);
}
