import { describe, expect, it } from 'vitest';
import { firstImagePath, imagePathOf, thumbnailPathFor, thumbnailUrlOf } from './thumbnail';
import { titleFromMachineName } from './content-list';

describe('the first image of content parameters', () => {
  it('finds an image file object in document order, however deep', () => {
    const params = {
      intro: { text: '<p>hi</p>' },
      slides: [
        { elements: [{ action: { params: { text: 'no image' } } }] },
        { elements: [{ action: { params: { file: { path: 'images/first-abc.png', mime: 'image/png', width: 10, height: 10 } } } }] },
        { elements: [{ action: { params: { file: { path: 'images/second.jpg', mime: 'image/jpeg' } } } }] },
      ],
    };
    expect(firstImagePath(params)).toBe('images/first-abc.png');
    expect(thumbnailPathFor(params)).toBe('images/first-abc.png');
  });

  it('takes a path without mime by its image extension, and skips videos, audio and SVG', () => {
    expect(firstImagePath({ a: { path: 'videos/v.mp4', mime: 'video/mp4' }, b: { path: 'images/logo.svg', mime: 'image/svg+xml' }, c: { path: 'images/p.webp' } })).toBe('images/p.webp');
    expect(imagePathOf({ path: 'images/x.svg' })).toBeNull();
  });

  it('refuses external URLs, editor temp files and unsafe paths', () => {
    for (const path of ['https://example.com/a.png', '//evil.test/a.png', 'images/a.png#tmp', '../other/a.png', '/etc/a.png', 'images/../a.png', 'images//a.png', 'data:image/png;base64,AAAA', 'images/a.png?x=1']) {
      expect(imagePathOf({ path, mime: 'image/png' }), path).toBeNull();
    }
    expect(thumbnailPathFor({ text: 'none' })).toBe('');
    expect(thumbnailPathFor(null)).toBe('');
  });

  it('builds a same-origin content file URL, encoded per segment', () => {
    expect(thumbnailUrlOf('abc', 'images/a b.png')).toBe('/h5p/content/abc/images/a%20b.png');
    expect(thumbnailUrlOf('abc', '')).toBeNull();
    expect(thumbnailUrlOf('abc', null)).toBeNull();
  });
});

describe('type titles without an installed library', () => {
  it('splits the machine name into words', () => {
    expect(titleFromMachineName('H5P.DragQuestion')).toBe('Drag Question');
    expect(titleFromMachineName('H5P.MultiChoice')).toBe('Multi Choice');
    expect(titleFromMachineName('H5P.Blanks')).toBe('Blanks');
  });
});
