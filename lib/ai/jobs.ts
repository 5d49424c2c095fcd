// Long AI work as jobs (issue 13, item 5): pg-boss (a maintained queue on the PostgreSQL the service already has,
// embedded or external) runs each item of a job as its own queue job, on whichever instance is free, and again
// after a crash (an item's queue job expires after AI_JOB_LEASE_SECONDS and is retried elsewhere). The ai_jobs row
// is what the user sees: progress and each item's result, recorded once per item (a rerun of a recorded item does
// nothing). Every item takes its own AI credit, once however often it runs (credits.ts); a job without credits left stops cleanly (`stopped_no_credits`:
// its remaining items are skipped), and one asked to stop skips the items not started yet.
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { config, databaseUrl } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { AiJob, User } from '@/lib/generated/prisma/client';
import { permissionsFor } from '@/lib/auth/roles';
import type { H5pActor } from '@/lib/h5p';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { assertAiConfigured } from './client';
import { curriculumField, generateInteractiveVideo, videoItem, type VideoItem } from './media';
import { textOfPdf } from './sources';
import { AI_LIMIT_REACHED, JOB_NOT_FOUND } from './errors';
import { generateBody, generateFromTopic, generateOptions, type GenerableType } from './generate';
import { addItems, createCollection } from '@/lib/collections';
import { BLOOM_LEVELS } from '@/lib/content/blooms';
import { AI_LIMITS } from './limits';

export const QUEUE = 'ai-jobs';
export const MAX_BULK_ITEMS = 50;
export { JOB_NOT_FOUND };

export interface JobResult {
  index: number;
  contentId?: string;
  title?: string;
  error?: string;
}

export type JobKind = 'bulk' | 'lesson-bundle' | 'pdf' | 'video';

/** a bulk job: up to 50 items, each a topic or text generation (always saved) */
export const bulkBody = z.object({
  items: z
    .array(generateBody)
    .min(1)
    .max(MAX_BULK_ITEMS, { message: `at most ${MAX_BULK_ITEMS} items in one job` }),
});

/** a lesson bundle: 3 to 6 items for one objective, across Bloom's levels, gathered in a new collection */
export const lessonBundleBody = generateOptions
  .pick({ language: true, difficulty: true })
  .extend({
    objective: z.string().trim().min(1).max(500),
    count: z.number().int().min(3).max(6).default(4),
    title: z.string().trim().min(1).max(255).optional(),
  });

/** For each Bloom's level, the types that suit it, best first (the first one installed is used). */
const BUNDLE_TYPES: Record<(typeof BLOOM_LEVELS)[number], GenerableType[]> = {
  remember: ['H5P.Dialogcards', 'H5P.TrueFalse'],
  understand: ['H5P.QuestionSet', 'H5P.MultiChoice'],
  apply: ['H5P.Blanks'],
  analyze: ['H5P.DragText', 'H5P.SingleChoiceSet', 'H5P.MultiChoice'],
  evaluate: ['H5P.Summary', 'H5P.MultiChoice'],
  create: ['H5P.MarkTheWords', 'H5P.Blanks'],
};

/** The items of a bundle: Bloom's levels spread from remember upwards, each with an installed type that suits the level. */
export function bundlePlan(b: z.infer<typeof lessonBundleBody>, installed: Set<string>): z.infer<typeof generateBody>[] {
  return Array.from({ length: b.count }, (_, i) => {
    const level = BLOOM_LEVELS[Math.round((i * (BLOOM_LEVELS.length - 1)) / (b.count - 1))]!;
    const types = BUNDLE_TYPES[level];
    const contentType = types.find((t) => installed.has(t)) ?? types.at(-1)!;
    return { contentType, topic: b.objective, bloomsLevel: level, language: b.language, difficulty: b.difficulty, questionCount: 4, save: true };
  });
}

async function installedTypes(): Promise<Set<string>> {
  const rows = await db().h5pLibrary.findMany({ where: { runnable: true }, select: { machineName: true }, distinct: ['machineName'] });
  return new Set(rows.map((r) => r.machineName));
}

const g = globalThis as unknown as { __lumenBoss?: Promise<PgBoss | null> };

/** an item is retried after its worker died (expiry) or failed; generous, so a bad hour does not strand a job */
const ITEM_RETRY = { retryLimit: 50, retryDelay: 5 };

interface ItemData {
  jobId: string;
  index: number;
}

/** The queue (started once per process); null when it could not start (logged). */
function boss(): Promise<PgBoss | null> {
  g.__lumenBoss ??= (async () => {
    const lease = config().ai.jobLeaseSeconds;
    const b = new PgBoss({
      connectionString: databaseUrl(),
      schema: 'pgboss',
      max: 3,
      application_name: 'lumen-ai-jobs',
      // expired items (a dead worker's) are handed on within this
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(lease / 2))),
    });
    b.on('error', (err: Error) => log.warn({ err: err.message }, 'AI job queue error'));
    try {
      await b.start();
      await b.createQueue(QUEUE, { name: QUEUE, ...ITEM_RETRY, expireInSeconds: lease });
      await b.work<ItemData>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await runItem(job.data.jobId, job.data.index);
      });
      return b;
    } catch (err) {
      log.error({ err }, 'AI job queue could not start');
      g.__lumenBoss = undefined;
      await b.stop({ graceful: false, wait: false }).catch(() => undefined);
      return null;
    }
  })();
  return g.__lumenBoss;
}

/** Starts this instance's job worker (at start-up, when a provider is configured: it picks up unfinished jobs). */
export async function startAiJobs(): Promise<void> {
  if (config().ai.apiUrl) await boss();
}

/** Every status a job passes through (the column is a plain string; these are the values the worker writes). */
export const JOB_STATUSES = ['queued', 'running', 'completed', 'completed_with_errors', 'stopped_no_credits', 'cancelled', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The success data of GET /api/ai/jobs/{jobId} (and the jobs list): the one description of a job the browser's types are inferred from. */
export const jobViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  results: z.array(z.object({ index: z.number().int(), contentId: z.string().optional(), title: z.string().optional(), error: z.string().optional() })),
  detail: z.string().nullable(),
  /** a lesson bundle's collection, once gathered */
  output: z.object({ collectionId: z.string(), title: z.string() }).nullable(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof jobViewSchema>;

export function jobView(j: AiJob): JobView {
  return {
    id: j.id,
    kind: j.kind,
    status: j.status as JobStatus,
    progress: { done: j.done, total: j.total },
    results: j.results as unknown as JobResult[],
    detail: j.detail,
    output: (j.output ?? null) as JobView['output'],
    cancelRequested: j.cancelRequested,
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
  };
}

/** What a job stores as its request: the items to make (and, for a bundle, the collection to gather them in). */
const jobRequest = z.object({ items: z.array(z.union([videoItem, generateBody])), bundle: z.object({ title: z.string(), objective: z.string(), language: z.string() }).optional() });
type JobRequest = z.infer<typeof jobRequest>;

async function submit(user: User, kind: JobKind, request: JobRequest): Promise<JobView> {
  assertAiConfigured();
  const b = await boss();
  if (!b) throw new AppError(503, 'AI jobs are unavailable: the job queue did not start');
  const row = await db().aiJob.create({
    data: { id: randomUUID(), userId: user.id, kind, request, total: request.items.length },
  });
  // the expiry and retries go with each item (a queue made earlier keeps its first options)
  const lease = config().ai.jobLeaseSeconds;
  await b.insert(request.items.map((_, index) => ({ name: QUEUE, data: { jobId: row.id, index } satisfies ItemData, expireInSeconds: lease, ...ITEM_RETRY })));
  return jobView(row);
}

/** Queues a bulk generation for the user (202 with the job). Credits are taken item by item when it runs. */
export const submitBulk = (user: User, body: z.infer<typeof bulkBody>) => submit(user, 'bulk', { items: body.items });

/** the fields of a PDF job (multipart, besides the file) */
export const pdfFields = generateOptions.omit({ save: true }).extend({
  pages: z.string().trim().max(AI_LIMITS.pages).optional(),
  /** the curriculum objective, as JSON (a multipart field) */
  curriculum: curriculumField,
});

/** Queues one item from a PDF's pages (the text is read now: a bad file is refused before anything is queued). */
export async function submitPdf(user: User, file: Uint8Array, fields: z.infer<typeof pdfFields>) {
  assertAiConfigured();
  const { pages: _pages, ...options } = fields;
  const pdf = await textOfPdf(file, fields.pages);
  return submit(user, 'pdf', { items: [{ ...options, text: pdf.text, save: true }] });
}

/** Queues an Interactive Video from a video (checked and stored by prepareVideo): one item, one AI credit. */
export const submitVideo = (user: User, item: VideoItem) => submit(user, 'video', { items: [item] });

/** Queues a lesson bundle: its items, then a collection holding them (202 with the job). */
export const submitLessonBundle = async (user: User, body: z.infer<typeof lessonBundleBody>) =>
  submit(user, 'lesson-bundle', {
    items: bundlePlan(body, await installedTypes()),
    bundle: { title: body.title ?? `Lesson: ${body.objective}`.slice(0, 255), objective: body.objective, language: body.language },
  });

export async function jobOf(user: User, id: string): Promise<AiJob> {
  const j = await db().aiJob.findFirst({ where: { id, userId: user.id } });
  if (!j) throw new AppError(404, JOB_NOT_FOUND);
  return j;
}

export async function listJobs(user: User): Promise<JobView[]> {
  return (await db().aiJob.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'desc' }, take: 50 })).map(jobView);
}

/** Asks a job to stop (between items); a queued job ends at once. */
export async function cancelJob(user: User, id: string): Promise<JobView> {
  await jobOf(user, id);
  await db().$executeRaw`UPDATE ai_jobs SET cancel_requested = true,
      status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END, updated_at = now()
    WHERE id = ${id}::uuid AND status IN ('queued', 'running')`;
  return jobView(await jobOf(user, id));
}

const FINAL = ['completed', 'completed_with_errors', 'stopped_no_credits', 'cancelled', 'failed'];

/** The actor a job's items are created with: its user as a teacher (the job was submitted through a teacher route). */
function actorOfUser(u: User): H5pActor {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    type: 'local',
    role: 'teacher',
    permissions: permissionsFor('teacher'),
    reader: { kind: 'user', userId: u.id, superAdmin: false, tenantAdmin: false, tenantId: u.tenantId },
  };
}

/** Runs one item of a job, unless the job has ended or the item is recorded already. */
export async function runItem(jobId: string, index: number): Promise<void> {
  const job = await db().aiJob.findUnique({ where: { id: jobId }, include: { user: true } });
  if (!job || FINAL.includes(job.status)) return;
  if (job.cancelRequested) {
    await db().$executeRaw`UPDATE ai_jobs SET status = 'cancelled', updated_at = now() WHERE id = ${jobId}::uuid AND status IN ('queued', 'running')`;
    return;
  }
  if ((job.results as unknown as JobResult[]).some((r) => r.index === index)) return;
  await db().$executeRaw`UPDATE ai_jobs SET status = 'running', updated_at = now() WHERE id = ${jobId}::uuid AND status = 'queued'`;
  const request = jobRequest.parse(job.request);
  let result: JobResult;
  try {
    const item = request.items[index]!;
    const actor = actorOfUser(job.user);
    // the item's credit is keyed by the item: a rerun after a crash or a retry does not charge it again
    const creditItem = { jobId, index };
    const made = 'kind' in item ? await generateInteractiveVideo(job.user, actor, item, creditItem) : await generateFromTopic(job.user, actor, { ...item, save: true }, creditItem);
    result = { index, contentId: made.contentId!, title: made.draft.metadata.title };
  } catch (err) {
    if (err instanceof AppError && err.status === 429 && err.message === AI_LIMIT_REACHED) {
      await db().$executeRaw`UPDATE ai_jobs SET status = 'stopped_no_credits', detail = ${AI_LIMIT_REACHED}, updated_at = now()
        WHERE id = ${jobId}::uuid AND status IN ('queued', 'running')`;
      return;
    }
    if (!(err instanceof AppError)) log.warn({ err, jobId, index }, 'AI job item failed');
    result = { index, error: err instanceof AppError ? err.message : 'Generation failed' };
  }
  // recorded once (a rerun of this item after a lost answer adds nothing); the last item ends the job
  await db().$executeRaw`UPDATE ai_jobs SET done = done + 1, results = results || ${JSON.stringify([result])}::jsonb, updated_at = now()
    WHERE id = ${jobId}::uuid AND NOT results @> ${JSON.stringify([{ index }])}::jsonb`;
  const ended = await db().$queryRaw<{ status: string }[]>`UPDATE ai_jobs SET updated_at = now(),
      status = CASE WHEN cancel_requested THEN 'cancelled'
                    WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(results) r WHERE r ? 'error') THEN 'completed_with_errors'
                    ELSE 'completed' END
    WHERE id = ${jobId}::uuid AND done >= total AND status IN ('queued', 'running') RETURNING status`;
  // the item that ended the job gathers a bundle's items in its collection (once: only one update ends it)
  if (ended[0] && ended[0].status !== 'cancelled' && request.bundle) await gatherBundle(jobId, job.user, request.bundle);
}

async function gatherBundle(jobId: string, user: User, bundle: NonNullable<JobRequest['bundle']>): Promise<void> {
  const job = await db().aiJob.findUniqueOrThrow({ where: { id: jobId } });
  const made = (job.results as unknown as JobResult[]).filter((r) => r.contentId).sort((a, b) => a.index - b.index);
  if (!made.length) return;
  try {
    const collection = await createCollection(user.id, { title: bundle.title, description: `Generated for: ${bundle.objective}`, language: bundle.language });
    const reader = { kind: 'user' as const, userId: user.id, superAdmin: false, tenantAdmin: false, tenantId: user.tenantId };
    await addItems(collection.id, reader, { contentIds: made.map((r) => r.contentId!) });
    await db().aiJob.update({ where: { id: jobId }, data: { output: { collectionId: collection.id, title: bundle.title } } });
  } catch (err) {
    log.warn({ err, jobId }, 'lesson bundle: the collection could not be made');
    await db().aiJob.update({ where: { id: jobId }, data: { status: 'completed_with_errors', detail: 'The items were made but the collection could not be created' } });
  }
}

/** Stops this process's worker (tests, shutdown). */
export async function stopAiJobs(): Promise<void> {
  const b = await g.__lumenBoss;
  g.__lumenBoss = undefined;
  await b?.stop({ graceful: false, wait: false }).catch(() => undefined);
}
