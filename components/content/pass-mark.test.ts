import { describe, expect, it } from 'vitest';
import { masteryScoreParam } from '@/lib/h5p/export/mastery';
import { passMarkOf, withPassMark } from './pass-mark';

describe('the pass mark typed in the export dialog', () => {
  it('is empty (the server decides) or a percentage 0–100 with up to two decimals, a decimal comma read as a point', () => {
    expect(passMarkOf('')).toEqual({ ok: true, value: null });
    expect(passMarkOf('   ')).toEqual({ ok: true, value: null });
    expect(passMarkOf(' 75 ')).toEqual({ ok: true, value: '75' });
    expect(passMarkOf('0')).toEqual({ ok: true, value: '0' });
    expect(passMarkOf('100')).toEqual({ ok: true, value: '100' });
    expect(passMarkOf('66,67')).toEqual({ ok: true, value: '66.67' });
    for (const bad of ['150', '100.01', '-1', 'abc', '50%', '1e2', '12.345', '1,2,3', '0.5.1']) expect(passMarkOf(bad), bad).toEqual({ ok: false });
  });

  it('accepts exactly what the export routes accept, so a value let through is never refused by the server', () => {
    for (const typed of ['0', '7', '75', '99.5', '66,67', '100', '100.00', '007']) {
      const mark = passMarkOf(typed);
      expect(mark.ok, typed).toBe(true);
      if (mark.ok && mark.value !== null) expect(masteryScoreParam.safeParse(mark.value).success, typed).toBe(true);
    }
  });

  it('goes into the export address as masteryScore, after a query the address already has', () => {
    expect(withPassMark('/h5p/content/a/export-cmi5', null)).toBe('/h5p/content/a/export-cmi5');
    expect(withPassMark('/h5p/content/a/export-cmi5', '75')).toBe('/h5p/content/a/export-cmi5?masteryScore=75');
    expect(withPassMark('/h5p/content/a/export-scorm?version=1.2', '66.5')).toBe('/h5p/content/a/export-scorm?version=1.2&masteryScore=66.5');
  });
});
