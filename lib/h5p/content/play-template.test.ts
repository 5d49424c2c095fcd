import { describe, expect, it } from 'vitest';
import { compileTemplate, fillChunks, fillTemplate, type SlotValues } from './play-template';

const model = {
  integration: {
    url: '/h5p',
    ajax: { contentUserData: 'x' },
    ajaxPath: 'x',
    user: { name: 'x' },
    postUserStatistics: false,
    contents: { 'cid-1': { library: 'H5P.MultiChoice 1.16', jsonContent: '{"question":"Wie viel ist 2 + 2? ünï \\u2028"}', contentUserData: [] } },
  },
  scripts: ['/h5p/core/js/h5p.js'],
  styles: ['/h5p/core/styles/h5p.css'],
};

const values = (jsonContent: string): SlotValues => ({
  ajax: JSON.stringify({ contentUserData: '/h5p/contentUserData/1?token=t', setFinished: '/h5p/finishedData?token=t' }),
  ajaxPath: JSON.stringify('/h5p/ajax?token=t&action='),
  user: JSON.stringify({ name: 'Jörg', mail: 'j@example.test', id: 'u1' }),
  contentUserData: JSON.stringify([{ state: '{"a":1}' }]),
  postUserStatistics: 'true',
  jsonContent,
});

const join = (chunks: (string | Buffer)[]) => Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).toString('utf8');

describe('fillChunks', () => {
  it('is the play answer fillTemplate gives, byte for byte, with the template\'s parameters as its encoded piece', () => {
    const t = compileTemplate(model, 'cid-1');
    const v = values(t.jsonContent);
    const chunks = fillChunks(t, v);
    expect(join(chunks)).toBe(`{"integration":${fillTemplate(t, v)},${t.assetsJson}}`);
    expect(chunks).toContain(t.chunks.jsonContent);
    const parsed = JSON.parse(join(chunks)) as { integration: { user: { name: string }; contents: Record<string, { jsonContent: string }> }; scripts: string[] };
    expect(parsed.integration.user.name).toBe('Jörg');
    expect(JSON.parse(parsed.integration.contents['cid-1']!.jsonContent)).toEqual({ question: 'Wie viel ist 2 + 2? ünï \u2028' });
    expect(parsed.scripts).toEqual(['/h5p/core/js/h5p.js']);
  });

  it('writes other parameters when the request names them', () => {
    const t = compileTemplate(model, 'cid-1');
    const other = JSON.stringify('{"question":"other"}');
    const out = JSON.parse(join(fillChunks(t, values(other)))) as { integration: { contents: Record<string, { jsonContent: string }> } };
    expect(out.integration.contents['cid-1']!.jsonContent).toBe('{"question":"other"}');
  });
});
