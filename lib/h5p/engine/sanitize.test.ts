import fs from 'node:fs';
import path from 'node:path';
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

// Sub-content ids (issue 23, item 3) against the real content types' semantics: the test libraries under
// tests/fixtures carry the H5P Group's semantics.json for Single Choice Set, Summary, Course Presentation and
// Interactive Video (Three Image's interactions are library fields like Course Presentation's elements: a
// compact copy of its structure is inlined).
describe('filterParams: subContentId', () => {
  const FIXTURES = [path.resolve(__dirname, '../../../tests/fixtures/h5p-libraries-ai'), path.resolve(__dirname, '../../../tests/fixtures/h5p-libraries')];
  const THREE_IMAGE: SemanticsField[] = [
    {
      name: 'threeImage',
      type: 'group',
      fields: [
        {
          name: 'scenes',
          type: 'list',
          field: {
            name: 'scene',
            type: 'group',
            fields: [
              { name: 'sceneTitle', type: 'text' },
              {
                name: 'interactions',
                type: 'list',
                field: { name: 'interaction', type: 'group', fields: [{ name: 'interactionpos', type: 'text' }, { name: 'action', type: 'library', options: ['H5P.SingleChoiceSet 1.11', 'H5P.Summary 1.10', 'H5P.MultiChoice 1.16'] }] },
              },
            ],
          },
        },
      ],
    },
  ];
  const real: SemanticsLoader = async (l) => {
    if (l.machineName === 'H5P.ThreeImage') return THREE_IMAGE;
    for (const dir of FIXTURES) {
      const f = path.join(dir, `${l.machineName}-${l.majorVersion}.${l.minorVersion}`, 'semantics.json');
      if (fs.existsSync(f)) return JSON.parse(fs.readFileSync(f, 'utf8')) as SemanticsField[];
    }
    return undefined;
  };
  const lib = (uber: string) => {
    const [machineName, v] = uber.split(' ');
    const [major, minor] = v!.split('.').map(Number);
    return { machineName: machineName!, majorVersion: major!, minorVersion: minor! };
  };
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ID = (n: number) => `0f8a9b4e-1c2d-4e5f-8a9b-0c1d2e3f4a${String(n).padStart(2, '0')}`;
  const scs = (ids: (string | undefined)[]) => ({
    choices: ids.map((id, i) => ({ question: `<p>Q${i}</p>`, answers: ['<p>a</p>', '<p>b</p>'], ...(id === undefined ? {} : { subContentId: id }) })),
  });
  const summary = (ids: (string | undefined)[]) => ({
    intro: 'Pick',
    summaries: ids.map((id, i) => ({ summary: [`<p>t${i}</p>`, `<p>f${i}</p>`], ...(id === undefined ? {} : { subContentId: id }) })),
  });

  it("keeps the ids of a Single Choice Set's questions and of a Summary's statements (isSubContent groups)", async () => {
    const a = await filterParams(scs([ID(1), ID(2), ID(3)]), lib('H5P.SingleChoiceSet 1.11'), real);
    expect((a.choices as any[]).map((c) => c.subContentId)).toEqual([ID(1), ID(2), ID(3)]);
    const b = await filterParams(summary([ID(4), ID(5)]), lib('H5P.Summary 1.10'), real);
    expect((b.summaries as any[]).map((c) => c.subContentId)).toEqual([ID(4), ID(5)]);
  });

  it('keeps every id inside Course Presentation, Interactive Video and Three Image (library fields and the groups inside them)', async () => {
    const cp = await filterParams(
      {
        presentation: {
          slides: [
            {
              elements: [
                { x: 1, y: 1, width: 50, height: 50, action: { library: 'H5P.SingleChoiceSet 1.11', params: scs([ID(11), ID(12)]), subContentId: ID(10) } },
                { x: 1, y: 1, width: 50, height: 50, action: { library: 'H5P.Summary 1.10', params: summary([ID(14)]), subContentId: ID(13) } },
                { x: 1, y: 1, width: 50, height: 50, action: { library: 'H5P.MultiChoice 1.16', params: { question: '<p>q</p>', answers: [{ text: 'a', correct: true }] }, subContentId: ID(15) } },
              ],
            },
          ],
        },
      },
      lib('H5P.CoursePresentation 1.27'),
      real,
    );
    const els = (cp as any).presentation.slides[0].elements;
    expect(els.map((e: any) => e.action.subContentId)).toEqual([ID(10), ID(13), ID(15)]);
    expect(els[0].action.params.choices.map((c: any) => c.subContentId)).toEqual([ID(11), ID(12)]);
    expect(els[1].action.params.summaries[0].subContentId).toBe(ID(14));

    const iv = await filterParams(
      {
        interactiveVideo: {
          assets: { interactions: [{ duration: { from: 1, to: 5 }, action: { library: 'H5P.SingleChoiceSet 1.11', params: scs([ID(21)]), subContentId: ID(20) } }] },
          summary: { task: { library: 'H5P.Summary 1.10', params: summary([ID(23)]), subContentId: ID(22) } },
        },
      },
      lib('H5P.InteractiveVideo 1.28'),
      real,
    );
    const v = (iv as any).interactiveVideo;
    expect([v.assets.interactions[0].action.subContentId, v.assets.interactions[0].action.params.choices[0].subContentId]).toEqual([ID(20), ID(21)]);
    expect([v.summary.task.subContentId, v.summary.task.params.summaries[0].subContentId]).toEqual([ID(22), ID(23)]);

    const ti = await filterParams(
      { threeImage: { scenes: [{ sceneTitle: 'S', interactions: [{ action: { library: 'H5P.SingleChoiceSet 1.11', params: scs([ID(31)]), subContentId: ID(30) } }] }] } },
      lib('H5P.ThreeImage 0.5'),
      real,
    );
    const action = (ti as any).threeImage.scenes[0].interactions[0].action;
    expect([action.subContentId, action.params.choices[0].subContentId]).toEqual([ID(30), ID(31)]);
  });

  it('gives sub-content without an id (or with one that is not a UUID) a new UUID, and keeps it on the next save', async () => {
    const out = await filterParams(scs([undefined, 'x" onmouseover="alert(1)', '{' + ID(7).toUpperCase() + '}', '../../etc']), lib('H5P.SingleChoiceSet 1.11'), real);
    const ids = (out.choices as any[]).map((c) => c.subContentId as string);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[2]).toBe(ID(7).toUpperCase()); // braces dropped, the id itself kept
    expect(new Set(ids).size).toBe(4);
    const again = await filterParams(out, lib('H5P.SingleChoiceSet 1.11'), real);
    expect((again.choices as any[]).map((c) => c.subContentId)).toEqual(ids);
    const cp = await filterParams(
      { presentation: { slides: [{ elements: [{ x: 1, y: 1, width: 5, height: 5, action: { library: 'H5P.MultiChoice 1.16', params: { question: 'q' } } }] }] } },
      lib('H5P.CoursePresentation 1.27'),
      real,
    );
    expect((cp as any).presentation.slides[0].elements[0].action.subContentId).toMatch(UUID);
  });

  it('makes an id used twice in one content (a copy pasted) unique: the first keeps it', async () => {
    const out = await filterParams(scs([ID(1), ID(1), ID(1).toUpperCase()]), lib('H5P.SingleChoiceSet 1.11'), real);
    const ids = (out.choices as any[]).map((c) => c.subContentId as string);
    expect(ids[0]).toBe(ID(1));
    expect(new Set(ids.map((i) => i.toLowerCase())).size).toBe(3);
    const cp = await filterParams(
      {
        presentation: {
          slides: [1, 2].map(() => ({ elements: [{ x: 1, y: 1, width: 5, height: 5, action: { library: 'H5P.SingleChoiceSet 1.11', params: scs([ID(2)]), subContentId: ID(3) } }] })),
        },
      },
      lib('H5P.CoursePresentation 1.27'),
      real,
    );
    const all = (cp as any).presentation.slides.flatMap((s: any) => [s.elements[0].action.subContentId, s.elements[0].action.params.choices[0].subContentId]);
    expect(all.slice(0, 2)).toEqual([ID(3), ID(2)]);
    expect(new Set(all).size).toBe(4);
    for (const id of all) expect(id).toMatch(UUID);
    // the editor still holds the copies' shared id: the next save gives the copies the same ids again
    const again = await filterParams(scs([ID(1), ID(1), ID(1).toUpperCase()]), lib('H5P.SingleChoiceSet 1.11'), real);
    expect((again.choices as any[]).map((c) => c.subContentId)).toEqual(ids);
  });
});
