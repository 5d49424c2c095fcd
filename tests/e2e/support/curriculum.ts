// A small framework hierarchy, as a sync from the central curriculum service would leave it (rows inserted over
// plain SQL), for the curriculum and collections specs.
import { sql } from './fixtures';

export async function seedFramework(code: string) {
  await sql(`INSERT INTO curriculum_frameworks (code, name, country_code, is_active, is_published, updated_at) VALUES ($1, $2, 'NZ', true, true, now())`, [code, `Framework ${code}`]);
  await sql(`INSERT INTO curriculum_stages (framework_code, code, name, sequence, updated_at) VALUES ($1, 'S1', 'Primary', 1, now())`, [code]);
  await sql(`INSERT INTO curriculum_grades (framework_code, stage_code, code, name, sequence, updated_at) VALUES ($1, 'S1', 'Y4', 'Year 4', 1, now()), ($1, 'S1', 'Y5', 'Year 5', 2, now())`, [code]);
  await sql(`INSERT INTO curriculum_subjects (framework_code, code, name, sequence, updated_at) VALUES ($1, 'SCI', 'Science', 1, now()), ($1, 'MAT', 'Mathematics', 2, now())`, [code]);
  await sql(`INSERT INTO curriculum_units (framework_code, subject_code, grade_code, code, name, sequence, updated_at) VALUES ($1, 'SCI', 'Y5', 'U1', 'Earth and space', 1, now())`, [code]);
  await sql(`INSERT INTO curriculum_topics (framework_code, subject_code, grade_code, unit_code, code, name, sequence, updated_at) VALUES ($1, 'SCI', 'Y5', 'U1', 'T1', 'Volcanoes', 1, now())`, [code]);
  await sql(
    `INSERT INTO curriculum_objectives (framework_code, subject_code, grade_code, unit_code, topic_code, code, objective, bloom_level, sequence, updated_at)
     VALUES ($1, 'SCI', 'Y5', 'U1', 'T1', 'O1', 'Explain how volcanoes form', 'understand', 1, now()),
            ($1, 'SCI', 'Y5', 'U1', 'T1', 'O2', 'Compare eruption types', 'analyze', 2, now())`,
    [code],
  );
}
