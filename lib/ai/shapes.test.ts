import { describe, expect, it } from 'vitest';
import { paramsOf, SHAPES } from './shapes';

const ctx = { sub: { 'H5P.MultiChoice': 'H5P.MultiChoice 1.16', 'H5P.AdvancedText': 'H5P.AdvancedText 1.1', 'H5P.BranchingQuestion': 'H5P.BranchingQuestion 1.0' }, language: 'en' };
const q = (question: string) => ({ question, answers: [{ text: 'yes', correct: true }, { text: 'no', correct: false }] });

describe('paramsOf', () => {
  it('places video questions in time order, at least 5 s apart, with a bookmark each', () => {
    const answer = SHAPES['H5P.InteractiveVideo'].parse({ title: 'T', questions: [{ ...q('b'), atSeconds: 12.4 }, { ...q('a'), atSeconds: 10 }, { ...q('c'), atSeconds: 40 }] });
    const { params } = paramsOf('H5P.InteractiveVideo', answer, { ...ctx, video: { path: 'videos/v.mp4', mime: 'video/mp4' } }) as any;
    expect(params.interactiveVideo.assets.interactions.map((i: any) => [i.duration.from, i.duration.to])).toEqual([
      [10, 20],
      [15, 25],
      [40, 50],
    ]);
    expect(params.interactiveVideo.assets.bookmarks.map((b: any) => b.time)).toEqual([10, 15, 40]);
    expect(params.interactiveVideo.video.files).toEqual([{ path: 'videos/v.mp4', mime: 'video/mp4', copyright: { license: 'U' } }]);
    expect(params.interactiveVideo.video.textTracks).toBeUndefined();
  });

  it('links a branching scenario: situation → question → the next situation, or the end with the option\'s feedback', () => {
    const option = (text: string, continues: boolean) => ({ text, feedback: `${text}!`, continues, score: continues ? 5 : 0 });
    const answer = SHAPES['H5P.BranchingScenario'].parse({
      title: 'S',
      introduction: 'I',
      ending: 'Done',
      steps: [
        { situation: 's1', question: 'q1', options: [option('go', true), option('stop', false)] },
        { situation: 's2', question: 'q2', options: [option('finish', true), option('quit', false)] },
      ],
    });
    const bs = (paramsOf('H5P.BranchingScenario', answer, ctx).params as any).branchingScenario;
    expect(bs.content.map((c: any) => c.nextContentId)).toEqual([1, undefined, 3, undefined]);
    const alts = (i: number) => bs.content[i].type.params.branchingQuestion.alternatives;
    expect(alts(1).map((a: any) => a.nextContentId)).toEqual([2, -1]);
    expect(alts(1)[1].feedback).toEqual({ title: 'stop!', endScreenScore: 0 });
    expect(alts(3).map((a: any) => a.nextContentId)).toEqual([-1, -1]);
    expect(alts(3)[0].feedback).toEqual({ title: 'Done', subtitle: 'finish!', endScreenScore: 5 });
  });

  it('refuses a scenario step without a way on, and escapes text into the parameters', () => {
    const stuck = { title: 'S', introduction: 'I', ending: 'E', steps: [{ situation: 's', question: 'q', options: [{ text: 'a', feedback: 'f', continues: false, score: 0 }, { text: 'b', feedback: 'f', continues: false, score: 0 }] }] };
    expect(SHAPES['H5P.BranchingScenario'].safeParse(stuck).success).toBe(false);
    const { params } = paramsOf('H5P.Accordion', { title: 't', panels: [{ heading: '<b>H</b>', text: '<script>x</script>' }] }, ctx) as any;
    expect(params.panels[0].title).toBe('&lt;b&gt;H&lt;/b&gt;');
    expect(params.panels[0].content.params.text).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
    expect(params.panels[0].content.library).toBe('H5P.AdvancedText 1.1');
  });

  it('gives every question and sub-content an id of its own, where the H5P editor gives one (issue 23, item 3)', () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const scs = paramsOf('H5P.SingleChoiceSet', SHAPES['H5P.SingleChoiceSet'].parse({ title: 't', questions: [1, 2, 3].map((i) => ({ question: `q${i}`, correct: 'c', wrong: ['w'] })) }), ctx).params as any;
    const sum = paramsOf('H5P.Summary', SHAPES['H5P.Summary'].parse({ title: 't', intro: 'i', statements: [1, 2].map((i) => ({ correct: `c${i}`, wrong: ['w'] })) }), ctx).params as any;
    const cp = paramsOf('H5P.CoursePresentation', SHAPES['H5P.CoursePresentation'].parse({ title: 't', slides: [{ heading: 'h', text: 'x', question: q('a') }] }), ctx).params as any;
    const iv = paramsOf('H5P.InteractiveVideo', SHAPES['H5P.InteractiveVideo'].parse({ title: 't', questions: [{ ...q('a'), atSeconds: 1 }, { ...q('b'), atSeconds: 9 }] }), { ...ctx, video: { path: 'videos/v.mp4', mime: 'video/mp4' } }).params as any;
    const ids = [
      ...scs.choices.map((c: any) => c.subContentId),
      ...sum.summaries.map((c: any) => c.subContentId),
      ...cp.presentation.slides[0].elements.map((e: any) => e.action.subContentId),
      ...iv.interactiveVideo.assets.interactions.map((i: any) => i.action.subContentId),
    ];
    expect(ids).toHaveLength(9);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(9);
  });
});
