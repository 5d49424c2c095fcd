import { IMPORT_LIMIT } from '@/lib/curriculum/local-import';
import { adminTenant, importFrameworks, importResultSchema, LOCAL_ERR } from '@/lib/curriculum/local';
import { reply, requireUser, route } from '@/lib/http/route';
import { BODY_TOO_LARGE, readBodyText } from '@/lib/net/body';
import { errorOf } from '@/lib/errors';

export const dynamic = 'force-dynamic';

// POST /api/curriculum/local/import: the body is the file itself, JSON (the spec's hierarchy shapes) or CSV (one row
// per objective; README "Curriculum"). All or nothing: a bad file stores nothing and answers 400 naming where.
export const POST = route(
  {
    action: 'import curriculum',
    auth: 'user',
    rawBody: true,
    summary: "Import curriculum frameworks from a JSON or CSV file into the admin's school (admin)",
    description: `The body is the file (at most ${IMPORT_LIMIT / 1024 / 1024} MB). A framework the school already has is replaced; nothing is stored when any line is wrong.`,
    tags: ['Curriculum'],
    requestBody: {
      required: true,
      content: {
        'text/csv': { schema: { type: 'string', description: 'header: framework_code, framework_name, stage_code, stage_name, grade_code, grade_name, subject_code, subject_name, unit_code, unit_name, topic_code, topic_name, objective_code, objective (optional: bloom_level, country_code, language, framework_description)' } },
        'application/json': { schema: { type: 'object', description: 'a framework with stages, grades, subjects, units, topics and objectives lists (or an array of them, or { frameworks: [...] })' } },
      },
    },
    response: importResultSchema,
    message: true,
    errors: [LOCAL_ERR.invalid, LOCAL_ERR.admin, LOCAL_ERR.noTenant, LOCAL_ERR.codeInUse, errorOf(413, BODY_TOO_LARGE)],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const tenantId = adminTenant(ctx.principal, user);
    const text = await readBodyText(ctx.req, IMPORT_LIMIT);
    const result = await importFrameworks(tenantId, user.id, text, ctx.req.headers.get('content-type') ?? '');
    const n = result.frameworks.length;
    return reply(result, { message: n === 1 ? `Framework ${result.frameworks[0]!.code} imported` : `${n} frameworks imported` });
  },
);
