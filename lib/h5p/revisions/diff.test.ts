import { describe, expect, it } from 'vitest';
import { compareRevisions, labelOf, wordDiff } from './diff';

describe('compareRevisions', () => {
  it('names changes in words with their JSON paths', () => {
    const from = { parameters: { question: '<p>What is 2+2?</p>', answers: [{ text: 'Four' }, { text: 'Five' }] }, metadata: { title: 'Maths', preloadedDependencies: [1] }, files: [{ path: 'images/a.png', sha256: 'a'.repeat(64), size: 1 }] };
    const to = { parameters: { question: '<p>What is 3+3?</p>', answers: [{ text: 'Four' }, { text: 'Six' }, { text: 'Seven' }] }, metadata: { title: 'Maths 2', preloadedDependencies: [2] }, files: [{ path: 'images/b.png', sha256: 'b'.repeat(64), size: 1 }] };
    const changes = compareRevisions(from, to);
    expect(changes.map((c) => [c.path, c.kind, c.text])).toEqual([
      ['params.question', 'changed', 'Question text changed'],
      ['params.answers[1].text', 'changed', 'Answer 2 › Text changed'],
      ['params.answers[2]', 'added', 'Answer 3 added'],
      ['metadata.title', 'changed', 'Title text changed'],
      ['files["images/a.png"]', 'removed', 'File images/a.png removed'],
      ['files["images/b.png"]', 'added', 'File images/b.png added'],
    ]);
    expect(changes[0]!.words).toEqual([
      { op: 'same', text: 'What is' },
      { op: 'removed', text: '2+2?' },
      { op: 'added', text: '3+3?' },
    ]);
  });

  it('finds nothing between equal revisions', () => {
    const r = { parameters: { a: [1, { b: 'x' }] }, metadata: { title: 't' }, files: [] };
    expect(compareRevisions(r, structuredClone(r))).toEqual([]);
  });
});

describe('labelOf and wordDiff', () => {
  it('singularises list names', () => {
    expect(labelOf(['params', 'questions', 0, 'correctAnswer'])).toBe('Question 1 › Correct answer');
    expect(labelOf(['params', 'choices', 4])).toBe('Choice 5');
  });
  it('keeps words in order', () => {
    expect(wordDiff('a b c', 'a x c')).toEqual([
      { op: 'same', text: 'a' },
      { op: 'removed', text: 'b' },
      { op: 'added', text: 'x' },
      { op: 'same', text: 'c' },
    ]);
  });
});
