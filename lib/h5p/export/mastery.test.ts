import { describe, expect, it } from 'vitest';
import { courseStructure } from './cmi5';
import { contentPassMark, masteryPercent, masteryScoreParam, scaled } from './mastery';
import { manifest } from './scorm';

describe('mastery score of exported packages (issue 23 items 9 and 10)', () => {
  it('takes a percentage from 0 to 100 with up to two decimals and refuses anything else with one clear message', () => {
    expect(masteryScoreParam.parse('80')).toBe(80);
    expect(masteryScoreParam.parse('0')).toBe(0);
    expect(masteryScoreParam.parse('100')).toBe(100);
    expect(masteryScoreParam.parse('66.67')).toBe(66.67);
    expect(masteryScoreParam.parse(undefined)).toBeUndefined();
    for (const bad of ['101', '-1', '', 'abc', '0.5.1', '50%', '1e2', '12.345']) {
      const r = masteryScoreParam.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('masteryScore must be a percentage from 0 to 100');
    }
  });

  it("defaults to the content's own pass mark where its parameters carry one, else 100 %; the author's choice wins", () => {
    expect(contentPassMark({ passPercentage: 70, questions: [] })).toBe(70); // Question Set
    expect(contentPassMark({ behaviour: { passPercentage: 40 } })).toBe(40); // Single Choice Set
    expect(contentPassMark({ behaviour: { percentagePassing: 55 } })).toBe(55); // Essay
    expect(contentPassMark({ passPercentage: 'x' })).toBeNull();
    expect(contentPassMark({ passPercentage: 120 })).toBeNull();
    expect(contentPassMark(null)).toBeNull();
    expect(masteryPercent(undefined, { passPercentage: 70 })).toBe(70);
    expect(masteryPercent(undefined, { questions: ['a'] })).toBe(100);
    expect(masteryPercent(0, { passPercentage: 70 })).toBe(0);
    expect(scaled(66.67)).toBe(0.6667);
  });

  it('is written into the SCORM 1.2 and 2004 manifests and cmi5.xml', () => {
    expect(manifest('1.2', 'abc', 'T', ['index.html'], 80)).toMatch(/<title>T<\/title>\s*<adlcp:masteryscore>80<\/adlcp:masteryscore>\s*<\/item>/);
    expect(manifest('2004', 'abc', 'T', ['index.html'], 80)).toMatch(
      /<imsss:sequencing>\s*<imsss:objectives>\s*<imsss:primaryObjective objectiveID="primary" satisfiedByMeasure="true">\s*<imsss:minNormalizedMeasure>0.8<\/imsss:minNormalizedMeasure>/,
    );
    expect(courseStructure('abc', 'T', 'en', 66.67)).toContain('masteryScore="0.6667"');
  });
});
