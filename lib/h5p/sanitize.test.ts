import { describe, expect, it } from 'vitest';
import { escapeText, filterParams, type SemanticsField, type SemanticsLoader } from './sanitize';

const MAIN = { machineName: 'H5P.Main', majorVersion: 1, minorVersion: 0 };
const SEMANTICS: Record<string, SemanticsField[]> = {
  'H5P.Main-1.0': [
    { name: 'question', type: 'text', widget: 'html', tags: ['p', 'strong', 'a'] },
    { name: 'plain', type: 'text' },
    { name: 'defaults', type: 'text', widget: 'html' },
    { name: 'lines', type: 'list', max: 2, field: { name: 'line', type: 'text', widget: 'html', tags: ['em'] } },
    { name: 'count', type: 'number', min: 0, max: 10 },
    { name: 'on', type: 'boolean' },
    { name: 'pick', type: 'select', default: 'b', options: [{ value: 'a' }, { value: 'b' }] },
    { name: 'box', type: 'group', fields: [{ name: 'x', type: 'text' }, { name: 'y', type: 'number' }] },
    { name: 'single', type: 'group', fields: [{ name: 'only', type: 'text', tags: ['p'] }] },
    { name: 'pic', type: 'image' },
    { name: 'sub', type: 'library', options: ['H5P.Sub 1.0'] },
  ],
  'H5P.Sub-1.0': [{ name: 'text', type: 'text', widget: 'html', tags: ['p'] }],
};
const load: SemanticsLoader = async (l) => SEMANTICS[`${l.machineName}-${l.majorVersion}.${l.minorVersion}`];

describe('filterParams (content parameters against the library semantics)', () => {
  it('keeps only the allowed tags and drops script, event handlers and script URLs', async () => {
    const out = await filterParams(
      {
        question: '<p onclick="x()">Hi <strong>there</strong><img src=x onerror=alert(1)><script>alert(2)</script> <a href="javascript:alert(3)">a</a> <a href="https://e.x/">b</a></p>',
        defaults: '<h2 style="color:expression(alert(1))">T</h2><iframe src="//evil"></iframe><svg onload=alert(1)></svg>',
      },
      MAIN,
      load,
    );
    expect(out.question).toBe('<p>Hi <strong>there</strong> <a>a</a> <a href="https://e.x/">b</a></p>');
    expect(out.defaults).toBe('<h2>T</h2>');
  });

  it('escapes plain text fields and filters every item of a list (up to max)', async () => {
    const out = await filterParams({ plain: 'a < b & "c" &amp; <img src=x onerror=y>', lines: ['<em>1</em><script>x</script>', '<b onmouseover=y>2</b>', '3'] }, MAIN, load);
    expect(out.plain).toBe('a &lt; b &amp; &quot;c&quot; &amp; &lt;img src=x onerror=y&gt;');
    expect(out.lines).toEqual(['<em>1</em>', '2']);
    expect(escapeText(escapeText('a & <b>'))).toBe(escapeText('a & <b>'));
  });

  it('coerces numbers, booleans and selects, removes undeclared keys and unknown libraries', async () => {
    const out = await filterParams(
      { count: '42', on: 'yes', pick: 'evil', box: { x: '<i>x</i>', y: 'n', z: '<script>' }, extra: '<script>', sub: { library: 'H5P.Evil 1.0', params: {} } },
      MAIN,
      load,
    );
    expect(out).toEqual({ count: 10, on: false, pick: 'b', box: { x: '&lt;i&gt;x&lt;/i&gt;', y: 0 } });
  });

  it('filters sub-content with its own semantics and keeps its ids', async () => {
    const out = await filterParams(
      { sub: { library: 'H5P.Sub 1.0', subContentId: '0f8a9b4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', params: { text: '<p>ok<img src=x onerror=1></p>', more: 1 }, metadata: { title: '<b>t</b>' }, evil: 1 }, single: '<p>one</p><script>x</script>' },
      MAIN,
      load,
    );
    expect(out).toEqual({
      sub: { library: 'H5P.Sub 1.0', subContentId: '0f8a9b4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', params: { text: '<p>ok</p>' }, metadata: { title: '&lt;b&gt;t&lt;/b&gt;' } },
      single: '<p>one</p>',
    });
  });

  it('keeps file references but not script paths or undeclared keys', async () => {
    expect((await filterParams({ pic: { path: 'images/a.png', mime: 'image/png', width: '10', onload: 'x' } }, MAIN, load)).pic).toEqual({ path: 'images/a.png', mime: 'image/png', width: 10 });
    expect((await filterParams({ pic: { path: 'javascript:alert(1)', mime: 'image/png' } }, MAIN, load)).pic).toBeUndefined();
  });

  it('refuses content whose library has no semantics', async () => {
    await expect(filterParams({}, { machineName: 'H5P.None', majorVersion: 1, minorVersion: 0 }, load)).rejects.toThrow();
  });
});
