import { describe, expect, it } from 'vitest';
import { isInteraction, plainText, questionOf, statementSchema } from './statements';

describe('questionOf (issue 23 item 4)', () => {
  it('takes the question from the description (H5P puts the content title in the name) and reduces HTML to text', () => {
    expect(questionOf({ name: { 'en-US': 'Capitals quiz' }, description: { 'en-US': '<p>What is the capital of <strong>Norway</strong>?</p>' } })).toBe('What is the capital of Norway?');
    expect(questionOf({ name: { 'en-US': 'Only a name' } })).toBe('Only a name');
    expect(questionOf({ description: { 'en-US': '<p>Fill in:</p><p>Oslo &amp; Bergen are in __________.&nbsp;</p>' } })).toBe('Fill in: Oslo & Bergen are in __________.');
    expect(questionOf({ description: { 'en-US': '<p> </p>' }, name: { 'en-US': 'Title' } })).toBe('Title');
    expect(questionOf(undefined)).toBeNull();
  });

  it('drops script and style bodies and decodes numeric entities', () => {
    expect(plainText('<style>p{}</style>a&#39;b&#x263A;<script>x()</script>')).toBe("a'b☺");
    expect(plainText('')).toBeNull();
  });
});

describe('isInteraction (issue 23 item 1)', () => {
  const s = (verb: string) => statementSchema.parse({ id: '00000000-0000-4000-8000-000000000000', verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` }, object: { id: 'https://x.test/c/1' } });
  it('load-only verbs are no interaction; everything else is', () => {
    for (const v of ['attempted', 'initialized', 'launched', 'experienced', 'terminated']) expect(isInteraction(s(v))).toBe(false);
    for (const v of ['answered', 'interacted', 'progressed', 'completed', 'passed', 'failed', 'scored']) expect(isInteraction(s(v))).toBe(true);
  });
});
