import { describe, expect, it } from 'vitest';
import { assertContentMatches, extensionOf, sniff } from './sniff';

const hex = (h: string) => Buffer.from(h, 'hex');
const text = (t: string) => Buffer.from(t, 'utf8');

describe('sniff: the type of an upload by its leading bytes', () => {
  it.each([
    [hex('89504e470d0a1a0a0000'), 'png'],
    [hex('ffd8ffe000104a464946'), 'jpeg'],
    [text('GIF89a....'), 'gif'],
    [text('RIFF\0\0\0\0WEBPVP8 '), 'webp'],
    [text('RIFF\0\0\0\0WAVEfmt '), 'wav'],
    [text('\0\0\0\x18ftypisom'), 'mp4'],
    [hex('1a45dfa39f4286810142'), 'webm'],
    [text('OggS\0\x02'), 'ogg'],
    [text('ID3\x04\0'), 'mp3'],
    [hex('fffb9064'), 'mp3'],
    [text('%PDF-1.7\n'), 'pdf'],
    [text('PK\x03\x04\x14\0'), 'zip'],
    [text('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nHi'), 'vtt'],
    [text('<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    [text('<!DOCTYPE html><p>x'), 'html'],
    [text('  \n<HTML><body>'), 'html'],
    [text('<script>alert(1)</script>'), 'html'],
    [text('<!-- a comment -->'), 'html'],
    [text('{"a":1}'), null],
    [text('plain words'), null],
  ])('%j is %s', (bytes, type) => {
    expect(sniff(bytes)).toBe(type);
  });
});

describe('assertContentMatches: the bytes must be what the extension says', () => {
  it('takes matching bytes, and text types that are not HTML', () => {
    expect(() => assertContentMatches('png', hex('89504e470d0a1a0a'))).not.toThrow();
    expect(() => assertContentMatches('JPG', hex('ffd8ffdb'))).not.toThrow();
    expect(() => assertContentMatches('m4a', text('\0\0\0\x20ftypM4A '))).not.toThrow();
    expect(() => assertContentMatches('json', text('{"a":1}'))).not.toThrow();
    expect(() => assertContentMatches('csv', text('a,b\n1,2'))).not.toThrow();
  });

  it('refuses HTML as an image or as any type, and a signature of another type', () => {
    expect(() => assertContentMatches('png', text('<!doctype html><script>x</script>'))).toThrow("Validation error: the file's content is not a PNG image (.png): it is an HTML page");
    expect(() => assertContentMatches('txt', text('<html><script>x</script>'))).toThrow("Validation error: the file's content is not a .txt file (.txt): it is an HTML page");
    expect(() => assertContentMatches('gif', hex('89504e470d0a1a0a'))).toThrow("Validation error: the file's content is not a GIF image (.gif): it is a PNG image");
    expect(() => assertContentMatches('mp3', text('just text'))).toThrow("Validation error: the file's content is not an MP3 file (.mp3)");
  });

  it('reads an extension from a file name', () => {
    expect(extensionOf('My Photo.PNG')).toBe('png');
    expect(extensionOf('a\\b\\c.tar.gz')).toBe('gz');
    expect(extensionOf('noext')).toBe('');
  });
});
