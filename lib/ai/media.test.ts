import { describe, expect, it } from 'vitest';
import { linkedVideo, parseVtt, transcriptOf, videoTypeOf, vttOf } from './media';

describe('WebVTT', () => {
  it('reads the cues: times with or without hours, markup and entities dropped, identifiers and notes skipped', () => {
    const cues = parseVtt('\uFEFFWEBVTT - a lesson\r\n\r\nNOTE made by hand\r\n\r\nintro\r\n00:00:01.000 --> 00:00:04.250 align:start\r\n<v Ann>Hello &amp; <b>welcome</b></v>\r\n\r\n1:02:03.5 --> 1:02:04.000\r\nlate line\r\n');
    expect(cues).toEqual([
      { start: 1, end: 4.25, text: 'Hello & welcome' },
      { start: 3723.5, end: 3724, text: 'late line' },
    ]);
  });

  it('refuses what is not WebVTT, and a file without cues', () => {
    expect(() => parseVtt('1\n00:00:01,000 --> 00:00:02,000\nan SRT file')).toThrow('Validation error: captions: not a WebVTT file (it must start with WEBVTT)');
    expect(() => parseVtt('WEBVTT\n\nNOTE nothing')).toThrow('Validation error: captions: the WebVTT file has no cues');
  });

  it('writes a transcript with [m:ss] times, and cues back as WebVTT that reads the same', () => {
    const cues = [
      { start: 0, end: 4.5, text: 'One <two> & three' },
      { start: 75.9, end: 80, text: 'Four' },
    ];
    expect(transcriptOf(cues)).toBe('[0:00] One <two> & three\n[1:15] Four');
    const vtt = vttOf(cues);
    expect(vtt).toContain('00:00:00.000 --> 00:00:04.500\nOne &lt;two&gt; &amp; three');
    expect(parseVtt(vtt)).toEqual([
      { start: 0, end: 4.5, text: 'One <two> & three' },
      { start: 75.9, end: 80, text: 'Four' },
    ]);
  });
});

describe('videos', () => {
  it('knows MP4, WebM and Ogg by their first bytes, and nothing else', () => {
    expect(videoTypeOf(Buffer.from('\0\0\0\x18ftypisom', 'latin1'))).toEqual({ mime: 'video/mp4', ext: 'mp4' });
    expect(videoTypeOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0]))).toEqual({ mime: 'video/webm', ext: 'webm' });
    expect(videoTypeOf(Buffer.from('OggS\0', 'latin1'))).toEqual({ mime: 'video/ogg', ext: 'ogv' });
    expect(videoTypeOf(Buffer.from('<html>', 'latin1'))).toBeNull();
  });

  it('takes a YouTube link or a link to a video file', () => {
    expect(linkedVideo('https://www.youtube.com/watch?v=abc')).toEqual({ mime: 'video/YouTube', youtube: true });
    expect(linkedVideo('https://youtu.be/abc')).toEqual({ mime: 'video/YouTube', youtube: true });
    expect(linkedVideo('https://cdn.example.org/a/lesson.WEBM?x=1')).toEqual({ mime: 'video/webm', youtube: false });
    expect(() => linkedVideo('https://example.org/watch')).toThrow('Validation error: videoUrl: must be a YouTube link or a link to an .mp4, .webm or .ogv file');
  });
});
