// Content types from the H5P Hub (config h5p.hubUrl): the content type cache, installs (through the
// library's real hub client, under the install lock), the essential content types and their status
// (rules 14 and 15). The hub is never waited on without bound (HUB_TIMEOUT_MS in server.ts).
import { H5pError, LibraryName } from '@lumieducation/h5p-server';
import { cache } from '@/lib/cache';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { z } from 'zod';
import { AppError, errorOf } from '@/lib/errors';
import { log } from '@/lib/log';
import { ESSENTIAL_CONTENT_TYPES } from '@/lib/content/types';
import type { H5pActor } from './permissions';
import { h5p } from './server';

export const READY_THRESHOLD = 5;
export const HUB_UNREACHABLE = 'H5P Hub is unreachable';
export const HUB_TYPE_NOT_FOUND = 'Content type not found on the H5P Hub';
export const HUB_ERR = {
  unreachable: HUB_UNREACHABLE,
  notOnHub: HUB_TYPE_NOT_FOUND,
  denied: 'You are not allowed to install this content type',
  busy: 'Another installation is in progress; try again',
  invalidName: 'Validation error: machineName is not a library machine name',
} as const;
export const HUB_ERRORS = {
  invalidName: errorOf(400, HUB_ERR.invalidName),
  denied: errorOf(403, HUB_ERR.denied),
  notOnHub: errorOf(404, HUB_ERR.notOnHub),
  unreachable: errorOf(502, HUB_ERR.unreachable),
  busy: errorOf(503, HUB_ERR.busy),
} as const;

/** GET /h5p/content-types */
export const contentTypeSchema = z.object({ id: z.string(), title: z.string(), description: z.string(), majorVersion: z.number().int(), minorVersion: z.number().int() });
export type ContentType = z.infer<typeof contentTypeSchema>;
/** GET /h5p/libraries: installed libraries grouped by machine name, versions oldest first. */
export const libraryVersionsSchema = z.object({ machineName: z.string(), versions: z.array(z.string()), latestVersion: z.string() });
export type LibraryVersions = z.infer<typeof libraryVersionsSchema>;
/** GET /h5p/libraries/status (rule 15) */
export const essentialsStatusSchema = z.object({
  total: z.number().int(),
  installed: z.number().int(),
  ready: z.boolean(),
  status: z.array(z.object({ name: z.string(), installed: z.boolean() })),
});
export type EssentialsStatus = z.infer<typeof essentialsStatusSchema>;
/** POST /h5p/libraries/install-essentials (rule 14) */
export const essentialsResultSchema = z.object({
  total: z.number().int(),
  installed: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ name: z.string(), success: z.boolean(), error: z.string().optional() })),
});
export type EssentialsResult = z.infer<typeof essentialsResultSchema>;

const MACHINE_NAME = /^[\w.-]{1,255}$/;

/** Refreshes the content type cache from the hub; false when the hub could not be reached. */
export async function refreshContentTypeCache(): Promise<boolean> {
  const { editor } = await h5p();
  const r = await editor.contentTypeCache.forceUpdate().catch((err: unknown) => {
    log.warn({ err }, 'content type cache refresh failed');
    return undefined;
  });
  return r !== undefined;
}

async function ensureCache(): Promise<boolean> {
  const { editor } = await h5p();
  const cached = (await editor.contentTypeCache.get().catch(() => [])) as unknown[];
  if (cached.length) {
    if (await editor.contentTypeCache.isOutdated()) await refreshContentTypeCache();
    return true;
  }
  return refreshContentTypeCache();
}

/** GET /h5p/content-types: the hub's content types (falling back to the installed runnable libraries). */
export async function listContentTypes(): Promise<ContentType[]> {
  const { editor } = await h5p();
  await ensureCache();
  const cached = (await editor.contentTypeCache.get()) as { machineName: string; title: string; description: string; summary?: string; majorVersion: number; minorVersion: number }[];
  const byId = new Map<string, ContentType>();
  for (const c of cached) byId.set(c.machineName, { id: c.machineName, title: c.title, description: c.description ?? c.summary ?? '', majorVersion: c.majorVersion, minorVersion: c.minorVersion });
  const installed = await db().h5pLibrary.findMany({ where: { runnable: true }, orderBy: [{ machineName: 'asc' }, { majorVersion: 'desc' }, { minorVersion: 'desc' }] });
  const titled = new Set<string>();
  for (const l of installed) {
    if (titled.has(l.machineName)) continue;
    titled.add(l.machineName);
    const known = byId.get(l.machineName);
    // an installed type is listed under its installed library's title (the rows come newest version first)
    if (known) {
      if (l.title) known.title = l.title;
      continue;
    }
    const meta = l.metadata as { description?: string };
    byId.set(l.machineName, { id: l.machineName, title: l.title || l.machineName, description: meta.description ?? '', majorVersion: l.majorVersion, minorVersion: l.minorVersion });
  }
  return [...byId.values()].sort((a, b) => a.title.localeCompare(b.title));
}

/** GET /h5p/libraries: installed libraries grouped by machine name. */
export async function listLibraries(): Promise<LibraryVersions[]> {
  const rows = await db().h5pLibrary.findMany({
    select: { machineName: true, majorVersion: true, minorVersion: true, patchVersion: true },
    orderBy: [{ machineName: 'asc' }, { majorVersion: 'asc' }, { minorVersion: 'asc' }],
  });
  const groups = new Map<string, { v: [number, number, number]; s: string }[]>();
  for (const r of rows) {
    const list = groups.get(r.machineName) ?? [];
    list.push({ v: [r.majorVersion, r.minorVersion, r.patchVersion], s: `${r.majorVersion}.${r.minorVersion}.${r.patchVersion}` });
    groups.set(r.machineName, list);
  }
  return [...groups.entries()].map(([machineName, versions]) => {
    versions.sort((a, b) => a.v[0] - b.v[0] || a.v[1] - b.v[1] || a.v[2] - b.v[2]);
    return { machineName, versions: versions.map((x) => x.s), latestVersion: versions[versions.length - 1]!.s };
  });
}

function installError(err: unknown): AppError {
  if (err instanceof H5pError) {
    switch (err.errorId) {
      case 'hub-install-invalid-content-type':
        return new AppError(404, HUB_TYPE_NOT_FOUND);
      case 'hub-install-denied':
        return new AppError(403, HUB_ERR.denied);
      case 'hub-install-download-failed':
        return new AppError(502, HUB_UNREACHABLE);
      default:
        return new AppError(err.httpStatusCode >= 500 ? 502 : err.httpStatusCode || 400, `Install failed: ${err.errorId}`);
    }
  }
  const e = err as { code?: string; isAxiosError?: boolean; response?: { status?: number }; message?: string };
  if (e?.isAxiosError || e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND' || e?.code === 'ECONNABORTED' || e?.code === 'ETIMEDOUT') {
    return new AppError(502, e.response?.status ? `H5P Hub answered ${e.response.status}` : HUB_UNREACHABLE);
  }
  if (e?.message === 'timeout') return new AppError(503, HUB_ERR.busy);
  return new AppError(500, 'Failed to install library');
}

async function installOne(machineName: string, actor: H5pActor): Promise<number> {
  const { editor } = await h5p();
  try {
    const installed = await editor.installLibraryFromHub(machineName, actor);
    return installed.length;
  } catch (err) {
    throw installError(err);
  }
}

/** POST /h5p/libraries/install */
export async function installFromHub(machineName: string, actor: H5pActor) {
  if (!MACHINE_NAME.test(machineName)) throw new AppError(400, HUB_ERR.invalidName);
  if (!(await ensureCache())) {
    const { editor } = await h5p();
    if (!((await editor.contentTypeCache.get(machineName)) as unknown[]).length) throw new AppError(502, HUB_UNREACHABLE);
  }
  const count = await installOne(machineName, actor);
  return count;
}

async function installedEssentials(): Promise<Set<string>> {
  const rows = await db().h5pLibrary.findMany({ where: { machineName: { in: [...ESSENTIAL_CONTENT_TYPES] } }, select: { machineName: true }, distinct: ['machineName'] });
  return new Set(rows.map((r) => r.machineName));
}

type StepResult = { success: boolean; error?: string; detail?: string };

/**
 * Rule 14 as steps: the content type cache is refreshed first, then each essential type is one install. The
 * route runs them in a row; the admin page runs them as a job that reports each one (lib/admin/jobs.ts).
 */
export async function essentialsPlan(actor: H5pActor): Promise<{ steps: string[]; run: (name: string) => Promise<StepResult> }> {
  const hubOk = await refreshContentTypeCache();
  const { editor } = await h5p();
  const offered = new Set(((await editor.contentTypeCache.get()) as { machineName: string }[]).map((c) => c.machineName));
  return {
    steps: [...ESSENTIAL_CONTENT_TYPES],
    run: async (name) => {
      // fail fast: one unreachable hub is not asked thirty times
      if (!hubOk) return { success: false, error: HUB_UNREACHABLE };
      if (!offered.has(name)) return { success: false, error: HUB_TYPE_NOT_FOUND };
      await installOne(name, actor);
      const newest = await db().h5pLibrary.findFirst({
        where: { machineName: name },
        orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }, { patchVersion: 'desc' }],
        select: { majorVersion: true, minorVersion: true, patchVersion: true },
      });
      return { success: true, ...(newest ? { detail: `${newest.majorVersion}.${newest.minorVersion}.${newest.patchVersion}` } : {}) };
    },
  };
}

/** POST /h5p/libraries/install-essentials (rule 14): refresh the cache, then install each essential type. */
export async function installEssentials(actor: H5pActor): Promise<EssentialsResult> {
  const plan = await essentialsPlan(actor);
  const results: EssentialsResult['results'] = [];
  for (const name of plan.steps) {
    try {
      const r = await plan.run(name);
      results.push(r.success ? { name, success: true } : { name, success: false, error: r.error ?? 'Install failed' });
    } catch (err) {
      results.push({ name, success: false, error: err instanceof AppError ? err.message : 'Install failed' });
    }
  }
  const installed = results.filter((r) => r.success).length;
  return { total: results.length, installed, failed: results.length - installed, results };
}

/** GET /h5p/libraries/status (rule 15) */
export async function essentialsStatus(): Promise<EssentialsStatus> {
  const have = await installedEssentials();
  const status = ESSENTIAL_CONTENT_TYPES.map((name) => ({ name, installed: have.has(name) }));
  const installed = status.filter((s) => s.installed).length;
  return { total: status.length, installed, ready: installed >= READY_THRESHOLD, status };
}

export const libraryUberName = (l: { machineName: string; majorVersion: number; minorVersion: number }) => LibraryName.toUberName(l);

const HUB_PROBE_TIMEOUT_MS = 3_000;
const HUB_PROBE_TTL_MS = 60_000;

/**
 * Whether the H5P Hub answers at all (any HTTP answer counts), asked at most once a minute for all instances
 * (the shared cache) and never waited on for more than 3 s: pages say so when it cannot be reached.
 */
export async function hubReachable(): Promise<boolean> {
  const key = 'h5p:hub-reachable';
  const c = cache();
  const known = await c.get(key).catch(() => null);
  if (known === '1' || known === '0') return known === '1';
  const { h5p: h } = config();
  const reachable = await fetch(`${h.hubUrl}/content-types/`, { method: 'POST', body: '', signal: AbortSignal.timeout(HUB_PROBE_TIMEOUT_MS), cache: 'no-store' })
    .then(async (res) => {
      await res.body?.cancel().catch(() => undefined);
      return true;
    })
    .catch(() => false);
  await c.set(key, reachable ? '1' : '0', HUB_PROBE_TTL_MS).catch(() => undefined);
  return reachable;
}

/** Every installed library with its title and versions (newest first), for the content types page. */
export async function installedLibraries() {
  const rows = await db().h5pLibrary.findMany({
    select: { machineName: true, majorVersion: true, minorVersion: true, patchVersion: true, title: true, runnable: true },
    orderBy: [{ machineName: 'asc' }, { majorVersion: 'desc' }, { minorVersion: 'desc' }],
  });
  const byName = new Map<string, { machineName: string; title: string; runnable: boolean; versions: string[] }>();
  for (const r of rows) {
    const entry = byName.get(r.machineName) ?? { machineName: r.machineName, title: r.title || r.machineName, runnable: false, versions: [] };
    entry.versions.push(`${r.majorVersion}.${r.minorVersion}.${r.patchVersion}`);
    entry.runnable ||= r.runnable;
    byName.set(r.machineName, entry);
  }
  return [...byName.values()].sort((a, b) => Number(b.runnable) - Number(a.runnable) || a.title.localeCompare(b.title));
}
