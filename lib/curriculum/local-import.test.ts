import { describe, expect, it } from 'vitest';
import { ImportError, parseCsv, parseCurriculumFile } from './local-import';

const HEADER = 'framework_code;framework_name;stage_code;stage_name;grade_code;grade_name;subject_code;subject_name;unit_code;unit_name;topic_code;topic_name;objective_code;objective';

describe('parseCsv', () => {
  it('reads quoted cells with delimiters, doubled quotes and line breaks, and numbers rows by their first line', () => {
    const rows = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\n\n3,4', ',');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"\nthere'] },
      { line: 5, cells: ['3', '4'] },
    ]);
  });

  it('refuses a quoted cell that is never closed', () => {
    expect(() => parseCsv('a\n"open', ',')).toThrow(new ImportError('line 2', 'a quoted cell is not closed'));
  });
});

describe('parseCurriculumFile', () => {
  it('reads a semicolon CSV (German spreadsheets) into the levels, names given once per code', () => {
    const [fw] = parseCurriculumFile(`${HEADER}\nDE;Plan;S1;Sek I;K7;Klasse 7;MA;Mathe;U1;Brüche;T1;Kürzen;O1;Brüche kürzen\nDE;;S1;;K7;;MA;;U1;;T1;;O2;Brüche erweitern`);
    expect(fw!.code).toBe('DE');
    expect(fw!.nodes.map((n) => `${n.level}:${n.code}`)).toEqual(['stage:S1', 'grade:K7', 'subject:MA', 'unit:U1', 'topic:T1', 'objective:O1', 'objective:O2']);
    expect(fw!.nodes.find((n) => n.level === 'grade')).toMatchObject({ stageCode: 'S1', name: 'Klasse 7' });
    expect(fw!.nodes.at(-1)).toMatchObject({ subjectCode: 'MA', gradeCode: 'K7', unitCode: 'U1', topicCode: 'T1', name: 'Brüche erweitern' });
  });

  it('names the line of a name that differs from the one given before', () => {
    expect(() => parseCurriculumFile(`${HEADER}\nDE;Plan;S1;Sek I;K7;Klasse 7;MA;Mathe;U1;Brüche;T1;Kürzen;O1;x\nDE;;S1;;K7;Jahrgang 7;MA;;U1;;T1;;O2;y`)).toThrow(
      'line 3: grade_name: "Jahrgang 7" differs from "Klasse 7" given for K7 on line 2',
    );
  });

  it('reads JSON in the spec hierarchy shapes and checks each parent exists', () => {
    const base = { code: 'F', name: 'F', stages: [{ code: 'S', name: 'S' }], grades: [{ stage_code: 'S', code: 'G', name: 'G' }], subjects: [{ code: 'SU', name: 'SU' }] };
    expect(parseCurriculumFile(JSON.stringify(base))[0]!.nodes).toHaveLength(3);
    expect(() => parseCurriculumFile(JSON.stringify({ ...base, units: [{ subject_code: 'SU', grade_code: 'NO', code: 'U', name: 'U' }] }))).toThrow('units[0].grade_code: no grade NO in this framework');
  });
});
