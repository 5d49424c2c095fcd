// Factories shared by the tests: IdP accounts and tokens (through the stand-in's admin API) and local
// records (through the app's own Prisma client on the test database).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { inject } from 'vitest';
import { announceChange } from './cache';
import { db } from '@/lib/db/client';
import { api } from './http';
import { TEST_JWT_SECRET } from './env';
import { LIBRARIES_DIR, libraryDirOf, SAMPLE_PARAMS, zip, type ZipEntry } from './h5p-packages';

export type RealmRole = 'super_admin' | 'tenant_admin' | 'school_admin' | 'teacher' | 'student';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export async function createIdpUser(opts: { email?: string; password?: string; name?: string; roles?: RealmRole[]; enabled?: boolean; tenantId?: string; accessTtl?: number } = {}) {
  const res = await fetch(`${inject('idpUrl')}/admin/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: opts.email ?? uniqueEmail(), password: opts.password ?? 'secret-pass', name: opts.name ?? 'Test User', roles: opts.roles ?? ['student'], enabled: opts.enabled ?? true, tenantId: opts.tenantId, accessTtl: opts.accessTtl }),
  });
  return (await res.json()) as { id: string; email: string; password: string; name: string; roles: string[] };
}

/** A token signed by the stand-in IdP (verifies against its key set). */
export async function idpToken(opts: { sub?: string; email?: string; name?: string; roles?: RealmRole[]; issuer?: 'internal' | 'external' | string; expiresIn?: number; foreignKey?: boolean; claims?: Record<string, unknown> } = {}) {
  const res = await fetch(`${inject('idpUrl')}/admin/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      sub: opts.sub ?? randomUUID(),
      issuer: opts.issuer,
      expiresIn: opts.expiresIn,
      foreignKey: opts.foreignKey,
      claims: { email: opts.email ?? uniqueEmail(), name: opts.name ?? 'Token User', realm_access: { roles: opts.roles ?? ['student'] }, ...opts.claims },
    }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A locally issued HS256 token (JWT_SECRET) with the same claims. */
export async function localToken(opts: { email?: string; roles?: RealmRole[]; secret?: string; expiresIn?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: opts.email ?? uniqueEmail(), name: 'Local Token User', realm_access: { roles: opts.roles ?? ['student'] } })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresIn ?? 300))
    .sign(new TextEncoder().encode(opts.secret ?? TEST_JWT_SECRET));
}

/** A signed-in caller: IdP token + local record (created by a first authenticated request). */
export async function signedIn(roles: RealmRole[] = ['teacher'], email = uniqueEmail()) {
  const token = await idpToken({ email, roles });
  const me = await api('GET', '/api/auth/me', { token });
  if (me.status !== 200) throw new Error(`sign-in failed: ${me.status} ${me.text}`);
  return { token, email, user: me.body.data.user as { id: string; email: string; name: string; plan: string } };
}

/** Sets a user's plan as billing does: the row, then the change announced to every instance's cache at once. */
export async function setPlan(userId: string, plan: 'free' | 'pro' | 'premium') {
  await db().user.update({ where: { id: userId }, data: { plan } });
  await announceChange('users', userId);
}

export async function createTenant(data: { slug?: string; name?: string; domain?: string; customDomain?: string | null; brandConfig?: object; active?: boolean; plan?: string } = {}) {
  const slug = data.slug ?? `t-${randomUUID().slice(0, 8)}`;
  return db().tenant.create({
    data: { slug, name: data.name ?? `Tenant ${slug}`, domain: data.domain ?? `${slug}.example.org`, customDomain: data.customDomain ?? null, brandConfig: data.brandConfig ?? {}, active: data.active ?? true, plan: data.plan ?? 'premium' },
  });
}

// ---------------------------------------------------------------- content (curriculum, collections, marketplace)

export interface ContentSeed {
  ownerId?: string | null;
  id?: string;
  title?: string;
  mainLibrary?: string;
  visibility?: 'private' | 'public';
  publishedAt?: Date | null;
  viewCount?: number;
  parameters?: object;
  curriculum?: Partial<{
    frameworkCode: string;
    frameworkName: string;
    countryCode: string;
    stageCode: string | null;
    stageName: string | null;
    gradeCode: string;
    gradeName: string;
    subjectCode: string;
    subjectName: string;
    topicCodes: string[];
    topicNames: string[];
    objectiveCodes: string[];
    objectiveDescriptions: string[];
    difficulty: string;
    language: string;
  }>;
  quality?: { overallScore: number; dimensions?: Record<string, number>; bloomsLevel?: string };
}

/** Inserts an h5p_contents row (the shared content layout) with its ownership, metadata and quality rows. */
export async function createContent(seed: ContentSeed = {}) {
  const id = seed.id ?? randomUUID();
  const title = seed.title ?? `Content ${id.slice(0, 8)}`;
  const mainLibrary = seed.mainLibrary ?? 'H5P.MultiChoice';
  const visibility = seed.visibility ?? 'private';
  await db().h5pContent.create({
    data: {
      id,
      title,
      mainLibrary,
      metadata: { title, mainLibrary, embedTypes: ['iframe'], language: 'und', defaultLanguage: 'en', license: 'U', preloadedDependencies: [{ machineName: mainLibrary, majorVersion: 1, minorVersion: 0 }] },
      parameters: seed.parameters ?? { question: `<p>${title}</p>` },
      creatorId: seed.ownerId ?? null,
    },
  });
  if (seed.ownerId) {
    await db().contentOwnership.create({
      data: {
        contentId: id,
        userId: seed.ownerId,
        visibility,
        publishedAt: seed.publishedAt !== undefined ? seed.publishedAt : visibility === 'public' ? new Date() : null,
        viewCount: seed.viewCount ?? 0,
      },
    });
  }
  if (seed.curriculum) {
    const c = seed.curriculum;
    await db().contentCurriculumMetadata.create({
      data: {
        contentId: id,
        frameworkCode: c.frameworkCode ?? 'NZC',
        frameworkName: c.frameworkName ?? 'NZ Curriculum',
        countryCode: c.countryCode ?? 'NZ',
        stageCode: c.stageCode ?? null,
        stageName: c.stageName ?? null,
        gradeCode: c.gradeCode ?? 'Y5',
        gradeName: c.gradeName ?? 'Year 5',
        subjectCode: c.subjectCode ?? 'MATH',
        subjectName: c.subjectName ?? 'Mathematics',
        topicCodes: c.topicCodes ?? [],
        topicNames: c.topicNames ?? [],
        objectiveCodes: c.objectiveCodes ?? [],
        objectiveDescriptions: c.objectiveDescriptions ?? [],
        difficulty: c.difficulty ?? 'medium',
        language: c.language ?? 'en',
      },
    });
  }
  if (seed.quality) {
    await db().contentQualityReport.create({
      data: {
        contentId: id,
        overallScore: seed.quality.overallScore,
        bloomsLevel: seed.quality.bloomsLevel ?? 'understand',
        accessibilityScore: 80,
        report: { overallScore: seed.quality.overallScore, dimensions: seed.quality.dimensions ?? { clarity: 80 }, strengths: [], improvements: [] },
      },
    });
  }
  return { id, title, mainLibrary };
}

/** A word no other test uses, for searches and filters that must only see this test's rows. */
export const uniqueWord = (prefix = 'w') => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** A signed-in caller of a tenant: the token carries the tenant_id claim, so the local record gets that tenant. */
export async function signedInTenant(roles: RealmRole[], tenantId: string, email = uniqueEmail()) {
  const token = await idpToken({ email, roles, claims: { tenant_id: tenantId } });
  const me = await api('GET', '/api/auth/me', { token });
  if (me.status !== 200) throw new Error(`sign-in failed: ${me.status} ${me.text}`);
  const user = me.body.data.user as { id: string; email: string; name: string; plan: string };
  const row = await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { tenantId: true } });
  if (row.tenantId !== tenantId) throw new Error(`user ${user.email} did not get tenant ${tenantId}`);
  return { token, email, user };
}

/**
 * A content package whose library nobody has installed yet: a copy of the test H5P.TrueFalse 1.8 under a new
 * machine name (what installing or updating libraries from a package means).
 */
export function newLibraryPackage(): { machineName: string; pkg: Buffer } {
  const machineName = `H5P.Probe${uniqueWord('x')}`;
  const src = libraryDirOf('H5P.TrueFalse');
  const entries: ZipEntry[] = fs.readdirSync(path.join(LIBRARIES_DIR, src)).map((f) => {
    let data = fs.readFileSync(path.join(LIBRARIES_DIR, src, f));
    if (f === 'library.json') data = Buffer.from(JSON.stringify({ ...JSON.parse(data.toString('utf8')), machineName, title: 'Probe' }));
    return { name: `${machineName}-1.8/${f}`, data };
  });
  const h5p = { title: 'Probe', language: 'und', mainLibrary: machineName, embedTypes: ['iframe'], license: 'U', defaultLanguage: 'en', preloadedDependencies: [{ machineName, majorVersion: 1, minorVersion: 8 }] };
  const pkg = zip([{ name: 'h5p.json', data: Buffer.from(JSON.stringify(h5p)) }, { name: 'content/content.json', data: Buffer.from(JSON.stringify(SAMPLE_PARAMS['H5P.TrueFalse'])) }, ...entries]);
  return { machineName, pkg };
}
