// The one byte-sniffing helper for uploads that declare a type (issue 22 item 12): a file named or declared as
// `.png` must be a PNG by its bytes. The media upload (POST /h5p/media/upload), the H5P editor's file uploads
// (/h5p/ajax?action=files) and the AI media routes check their files here, so an HTML page never passes as an
// image (or as any other type) — whatever the name and the declared Content-Type say.
//
// Types with a signature must carry it; types without one (plain text, JSON, CSV, fonts, XML …) are only refused
// when their first bytes are an HTML document (the WHATWG sniffing signatures), which no such file starts with.
import path from 'node:path';
import { AppError } from '@/lib/errors';

export type Sniffed =
  | 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'webp' | 'svg'
  | 'mp4' | 'webm' | 'ogg' | 'mp3' | 'wav' | 'flac'
  | 'pdf' | 'vtt' | 'zip' | 'ole' | 'gltf-binary' | 'html';

/** How many leading bytes the sniffer reads (the HTML and SVG signatures may follow a BOM, an XML prolog or comments). */
export const SNIFF_BYTES = 1024;

const LABELS: Record<Sniffed, string> = {
  png: 'a PNG image', jpeg: 'a JPEG image', gif: 'a GIF image', bmp: 'a BMP image', tiff: 'a TIFF image', webp: 'a WebP image',
  svg: 'an SVG image', mp4: 'an MP4 file', webm: 'a WebM file', ogg: 'an Ogg file', mp3: 'an MP3 file', wav: 'a WAV file',
  flac: 'a FLAC file', pdf: 'a PDF document', vtt: 'a WebVTT file', zip: 'an Office (zip) document', ole: 'an Office document',
  'gltf-binary': 'a binary glTF model', html: 'an HTML page',
};

/** The signature each extension must carry (one of). An extension not listed has none (only HTML is refused). */
const EXPECTED: Record<string, Sniffed[]> = {
  png: ['png'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  bmp: ['bmp'],
  tif: ['tiff'],
  tiff: ['tiff'],
  webp: ['webp'],
  svg: ['svg'],
  mp4: ['mp4'],
  m4v: ['mp4'],
  m4a: ['mp4'],
  mov: ['mp4'],
  webm: ['webm'],
  ogg: ['ogg'],
  ogv: ['ogg'],
  oga: ['ogg'],
  mp3: ['mp3'],
  wav: ['wav'],
  flac: ['flac'],
  pdf: ['pdf'],
  vtt: ['vtt'],
  webvtt: ['vtt'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  odt: ['zip'],
  ods: ['zip'],
  odp: ['zip'],
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  glb: ['gltf-binary'],
};

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/** The HTML signatures of the WHATWG MIME sniffing standard: the tag, then a space or `>`. */
const HTML_TAGS = ['!doctype html', 'html', 'head', 'script', 'iframe', 'h1', 'div', 'font', 'table', 'a', 'style', 'title', 'b', 'body', 'br', 'p', '!--'];

/** The text after a BOM and leading whitespace, lowercased (the start of a text file). */
function textStart(head: Buffer): string {
  let text = head.subarray(0, SNIFF_BYTES).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.replace(/^[\t\n\f\r ]+/, '').toLowerCase();
}

function isHtml(text: string): boolean {
  return HTML_TAGS.some((tag) => {
    if (!text.startsWith(`<${tag}`)) return false;
    const next = text.charAt(tag.length + 1);
    return tag === '!--' || next === ' ' || next === '>' || next === '\t' || next === '\n' || next === '\r' || next === '\f';
  });
}

function isSvg(text: string): boolean {
  // an XML prolog, comments and a doctype may come first
  const rest = text.replace(/^(?:<\?xml[^>]*\?>\s*|<!--[\s\S]*?-->\s*|<!doctype[^>]*>\s*)*/, '');
  return /^<svg[\s>]/.test(rest);
}

/** What the leading bytes are, or null when they carry none of the known signatures. */
export function sniff(head: Buffer): Sniffed | null {
  const b = head;
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') return 'wav';
  if (b.length >= 4 && (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*')) return 'tiff';
  if (b.length >= 8 && ascii(b, 4, 8) === 'ftyp') return 'mp4';
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (b.length >= 4 && ascii(b, 0, 4) === 'OggS') return 'ogg';
  if (b.length >= 4 && ascii(b, 0, 4) === 'fLaC') return 'flac';
  if (b.length >= 3 && ascii(b, 0, 3) === 'ID3') return 'mp3';
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0) return 'mp3'; // an MPEG audio frame
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'pdf';
  if (b.length >= 4 && ascii(b, 0, 4) === 'PK\x03\x04') return 'zip';
  if (b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1) return 'ole';
  if (b.length >= 4 && ascii(b, 0, 4) === 'glTF') return 'gltf-binary';
  if (b.length >= 2 && ascii(b, 0, 2) === 'BM') return 'bmp';
  const text = textStart(b);
  if (/^webvtt(?:[ \t\r\n]|$)/.test(text)) return 'vtt';
  if (isSvg(text)) return 'svg';
  if (isHtml(text)) return 'html';
  return null;
}

/** A file name's extension, lowercased, without the dot ('' when it has none). */
export const extensionOf = (filename: string): string => path.extname(filename.replace(/\\/g, '/')).slice(1).toLowerCase();

/** The refusal of a file whose bytes are not what its name says (400, a validation error). */
export function mismatch(ext: string, found: Sniffed | null): AppError {
  const expected = EXPECTED[ext];
  const want = expected ? LABELS[expected[0]!] : `a .${ext} file`;
  return new AppError(400, `Validation error: the file's content is not ${want} (.${ext})${found ? `: it is ${LABELS[found]}` : ''}`);
}

/**
 * Throws 400 `Validation error: the file's content is not …` unless the leading bytes fit the extension: its
 * signature for the types that have one, and never an HTML page for any type.
 */
export function assertContentMatches(ext: string, head: Buffer): void {
  const e = ext.toLowerCase();
  const found = sniff(head);
  const expected = EXPECTED[e];
  if (expected ? !found || !expected.includes(found) : found === 'html') throw mismatch(e, found);
}
