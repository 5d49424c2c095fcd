// The admin's content types page (issue 10 item 6): where the H5P Hub stands, the essential set and its install
// job (progress per library, lib/admin/jobs.ts), every content type the hub offers with the version installed
// here, one type installed or updated, and every installed library with its versions. Installs are audited.
import { z } from 'zod';
import type { Principal } from '@/lib/auth/types';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { ESSENTIAL_CONTENT_TYPES } from '@/lib/content/types';
import { essentialsPlan, essentialsStatus, HUB_TYPE_NOT_FOUND, HUB_UNREACHABLE, hubReachable, installedLibraries, installFromHub } from '@/lib/h5p';
import { errorOf } from '@/lib/errors';
import { actorOf } from '@/lib/h5p';
import { h5p } from '@/lib/h5p';
import { log } from '@/lib/log';
import { jobSchema, latestJob, startJob } from './jobs';
import { audit } from '@/lib/log';

const version = (v: { majorVersion: number; minorVersion: number; patchVersion: number }) => `${v.majorVersion}.${v.minorVersion}.${v.patchVersion}`;
const newer = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;

/** The install route's own errors. */
export const CONTENT_TYPE_ERR = {
  notOnHub: errorOf(404, HUB_TYPE_NOT_FOUND),
  hubUnreachable: errorOf(502, HUB_UNREACHABLE),
} as const;

export const hubTypeRowSchema = z.object({
  machineName: z.string(),
  title: z.string(),
  summary: z.string(),
  /** the version the hub offers */
  hubVersion: z.string(),
  /** the newest version installed here, or null */
  installedVersion: z.string().nullable(),
  updateAvailable: z.boolean(),
  essential: z.boolean(),
});
export type HubTypeRow = z.infer<typeof hubTypeRowSchema>;

/** The content types the hub offers (from the content type cache, refreshed when outdated), with what is installed here. */
async function hubCatalog(): Promise<{ lastUpdate: string | null; types: HubTypeRow[] }> {
  const { editor } = await h5p();
  const cache = editor.contentTypeCache;
  let offered = ((await cache.get().catch(() => [])) as { machineName: string; title: string; summary?: string; description?: string; majorVersion: number; minorVersion: number; patchVersion: number }[]) ?? [];
  if (!offered.length || (await cache.isOutdated().catch(() => false))) {
    if (await cache.forceUpdate().then(() => true).catch(() => false)) offered = (await cache.get().catch(() => [])) as typeof offered;
  }
  // stored by the library as a number of milliseconds (typed as a Date)
  const raw = (await cache.getLastUpdate().catch(() => undefined)) as unknown;
  const last = raw instanceof Date ? raw : typeof raw === 'number' || typeof raw === 'string' ? new Date(raw) : undefined;
  const rows = await db().h5pLibrary.findMany({
    where: { machineName: { in: offered.map((o) => o.machineName) } },
    select: { machineName: true, majorVersion: true, minorVersion: true, patchVersion: true },
  });
  const newest = new Map<string, number[]>();
  for (const r of rows) {
    const v = [r.majorVersion, r.minorVersion, r.patchVersion];
    const known = newest.get(r.machineName);
    if (!known || newer(v, known) > 0) newest.set(r.machineName, v);
  }
  const essential = new Set<string>(ESSENTIAL_CONTENT_TYPES);
  const types = offered
    .map((o) => {
      const have = newest.get(o.machineName);
      const hub = [o.majorVersion, o.minorVersion, o.patchVersion];
      return {
        machineName: o.machineName,
        title: o.title || o.machineName,
        summary: o.summary ?? o.description ?? '',
        hubVersion: version(o),
        installedVersion: have ? have.join('.') : null,
        updateAvailable: !!have && newer(hub, have) > 0,
        essential: essential.has(o.machineName),
      };
    })
    .sort((a, b) => Number(b.essential) - Number(a.essential) || a.title.localeCompare(b.title));
  return { lastUpdate: last && Number.isFinite(last.getTime()) && last.getTime() > 0 ? last.toISOString() : null, types };
}

export const contentTypesOverviewSchema = z.object({
  hub: z.object({ url: z.string(), reachable: z.boolean(), lastUpdate: z.string().nullable() }),
  essentials: z.object({
    total: z.number().int(),
    installed: z.number().int(),
    ready: z.boolean(),
    status: z.array(z.object({ name: z.string(), installed: z.boolean() })),
  }),
  catalog: z.array(hubTypeRowSchema),
  libraries: z.array(z.object({ machineName: z.string(), title: z.string(), runnable: z.boolean(), versions: z.array(z.string()) })),
  job: jobSchema.nullable(),
});
export type ContentTypesOverview = z.infer<typeof contentTypesOverviewSchema>;

export async function contentTypesOverview(): Promise<ContentTypesOverview> {
  const reachable = await hubReachable();
  const [catalog, essentials, libraries, job] = await Promise.all([
    reachable ? hubCatalog() : Promise.resolve({ lastUpdate: null, types: [] }),
    essentialsStatus(),
    installedLibraries(),
    latestJob('install-essentials'),
  ]);
  return { hub: { url: config().h5p.hubUrl, reachable, lastUpdate: catalog.lastUpdate }, essentials, catalog: catalog.types, libraries, job };
}

export const installBody = z.object({
  machineName: z.string({ message: 'machineName is required' }).trim().min(1, 'machineName is required').max(255),
});

export const adminInstallSchema = z.object({ machineName: z.string(), installedLibraries: z.number().int(), installedVersion: z.string().nullable() });

/** Installs (or updates to the hub's version) one content type. */
export async function adminInstall(principal: Principal, actorId: string | undefined, machineName: string): Promise<z.infer<typeof adminInstallSchema>> {
  const installedLibraries = await installFromHub(machineName, actorOf(principal));
  const newest = await db().h5pLibrary.findFirst({
    where: { machineName },
    orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }, { patchVersion: 'desc' }],
    select: { majorVersion: true, minorVersion: true, patchVersion: true },
  });
  const installedVersion = newest ? version(newest) : null;
  audit(actorId, 'install content type', { machineName, installedLibraries, version: installedVersion });
  return { machineName, installedLibraries, installedVersion };
}

/** Starts the install of the essential set as a job (409 while one runs); the page follows it through latestJob. */
export async function startEssentialsJob(principal: Principal, actorId: string | undefined) {
  const actor = actorOf(principal);
  const { job, finished } = await startJob('install-essentials', actorId, () => essentialsPlan(actor));
  audit(actorId, 'install essential content types', { jobId: job.id });
  void finished.then((done) => {
    const installed = done.results.filter((r) => r.success).length;
    log.info({ jobId: done.id, installed, total: done.total }, 'essential content types job finished');
  });
  return { job, finished };
}
