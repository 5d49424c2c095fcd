// Content seeding for the curriculum/collections/marketplace specs: rows in the shared content layout
// (h5p_contents + content_ownership + curriculum metadata + quality), inserted over plain SQL.
import { randomUUID } from 'node:crypto';
import { sql } from './fixtures';

export async function userIdByEmail(email: string): Promise<string> {
  const [row] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email.toLowerCase()]);
  if (!row) throw new Error(`no local user ${email}`);
  return row.id;
}

export async function createAuthor(name = 'Ada Author'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO users (id, email, name, plan, updated_at) VALUES (gen_random_uuid(), $1, $2, 'pro', now()) RETURNING id`,
    [`author-${randomUUID().slice(0, 8)}@example.test`, name],
  );
  return row!.id;
}

export async function createContent(opts: {
  ownerId: string;
  title: string;
  mainLibrary?: string;
  visibility?: 'private' | 'public';
  curriculum?: { frameworkCode?: string; frameworkName?: string; gradeCode?: string; gradeName?: string; subjectCode: string; subjectName?: string; difficulty?: string; language?: string };
  quality?: number;
}): Promise<string> {
  const id = randomUUID();
  const lib = opts.mainLibrary ?? 'H5P.MultiChoice';
  await sql(`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, updated_at) VALUES ($1, $2, $3, $4::jsonb, '{}'::jsonb, now())`, [
    id,
    opts.title,
    lib,
    JSON.stringify({ title: opts.title, mainLibrary: lib, embedTypes: ['iframe'] }),
  ]);
  const pub = opts.visibility === 'public';
  await sql(`INSERT INTO content_ownership (content_id, user_id, visibility, published_at, updated_at) VALUES ($1, $2, $3, $4, now())`, [
    id,
    opts.ownerId,
    pub ? 'public' : 'private',
    pub ? new Date() : null,
  ]);
  const c = opts.curriculum;
  if (c) {
    await sql(
      `INSERT INTO content_curriculum_metadata (content_id, framework_code, framework_name, country_code, grade_code, grade_name, subject_code, subject_name, difficulty, language, updated_at)
       VALUES ($1, $2, $3, 'NZ', $4, $5, $6, $7, $8, $9, now())`,
      [id, c.frameworkCode ?? 'NZC', c.frameworkName ?? 'NZ Curriculum', c.gradeCode ?? 'Y5', c.gradeName ?? 'Year 5', c.subjectCode, c.subjectName ?? c.subjectCode, c.difficulty ?? 'medium', c.language ?? 'en'],
    );
  }
  if (opts.quality !== undefined) {
    await sql(`INSERT INTO content_quality_reports (content_id, overall_score, blooms_level, accessibility_score, report) VALUES ($1, $2, 'understand', 80, '{"dimensions":{}}'::jsonb)`, [
      id,
      opts.quality,
    ]);
  }
  return id;
}
