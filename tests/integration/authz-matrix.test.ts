// The authorization matrix (issue 7, standing guard): every route file under app/ (walked at test time), every
// method it exports, run for eight callers — anonymous, a student, the owner of the fixtures (a teacher), another
// teacher, an admin of another tenant and a super_admin, and (issue 27) a viewer and an editor: teachers of the
// owner's school the private content is shared with — against the expected statuses in TABLE below. TABLE's rows
// keep six columns; the viewer and the editor expect what the other teacher does unless SHARED names the case.
// A route file or method without an entry fails the test with its name: a new route must say who may call it.
// Requests are valid, so a status reflects authorization, not validation. Mutating requests get fresh fixtures
// per call (prepare) so one caller's success does not change what the next one sees.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent as seedContent, createIdpUser, createTenant, newLibraryPackage, signedIn, signedInTenant, uniqueEmail, uniqueWord } from '../support/factories';
import { api } from '../support/http';
import { signed } from '../support/images';
import { freshLimits } from '../support/rate-limits';
import { createContent, installTestLibraries } from '../support/h5p';
import { contentPackage, libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';
import { sampleFramework } from '../support/curriculum-standin';
import { REALM } from '../support/idp-standin';
import { DEFAULT_HIDDEN_TYPES } from '@/lib/h5p';

const CALLERS = ['anonymous', 'student', 'owner', 'otherTeacher', 'foreignAdmin', 'superAdmin', 'viewer', 'editor'] as const;
type Who = (typeof CALLERS)[number];
type Caller = { token: string; email: string; user: { id: string; name: string } };
/** expected status per caller, in the order of CALLERS (the first six; viewer and editor: see SHARED) */
type Row = [anonymous: number, student: number, owner: number, otherTeacher: number, foreignAdmin: number, superAdmin: number];

interface Fixtures {
  callers: Record<Exclude<Who, 'anonymous'>, Caller>;
  /** private content of the owner */
  privateContent: string;
  /** public content of the owner */
  publicContent: string;
  /** private collection of the owner, holding privateContent */
  privateCollection: string;
  /** a file of privateContent */
  privateFile: string;
  /** a browser sign-in the token routes can use */
  login: { email: string; password: string };
  /** a framework the curriculum stand-in serves */
  frameworkCode: string;
  /** a teacher of the owner's school who is none of the callers: the one the sharing routes share with */
  colleague: Caller;
  /** two teachers of foreignAdmin's school (tenant A): an admin's reassignment moves one's content to the other */
  leaverA: Caller;
  heirA: Caller;
}

interface Req {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Case {
  /** names the case when an entry has several (catch-all routes) */
  name?: string;
  req: (fx: Fixtures, who: Who) => Req | Promise<Req>;
  expect: Row;
}

const ALL_200: Row = [200, 200, 200, 200, 200, 200];
const ALL_404: Row = [404, 404, 404, 404, 404, 404];
const USER: Row = [401, 200, 200, 200, 200, 200];
/** the content read rule on the owner's private content (404 for callers it keeps out) */
const READ_PRIVATE: Row = [401, 404, 200, 404, 404, 200];
/** one valid xAPI batch about the content */
const xapiBatch = (contentId: string) => ({
  attempt: randomUUID(),
  statements: [{ id: randomUUID(), verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' }, object: { id: `http://localhost/h5p/embed/${contentId}`, definition: { extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId } } } }],
});
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const json = (p: string, body?: unknown): Req => ({ path: p, ...(body !== undefined ? { body } : {}) });
const tf = () => ({ library: libraryString('H5P.TrueFalse'), params: SAMPLE_PARAMS['H5P.TrueFalse'], metadata: { title: 'Matrix' } });
const metadataBody = { frameworkCode: 'NZC', frameworkName: 'NZ Curriculum', countryCode: 'NZ', gradeCode: 'Y5', gradeName: 'Year 5', subjectCode: 'MATH', subjectName: 'Mathematics' };

/** the admins of the school of a local framework: foreignAdmin (tenant A) only */
const LOCAL_ADMIN: Row = [401, 403, 403, 403, 200, 403];
/** A local framework of foreignAdmin's tenant (A) with one stage. */
async function freshLocalFramework(fx: Fixtures): Promise<{ id: string; nodeId: string }> {
  const { tenantId } = await db().user.findUniqueOrThrow({ where: { id: fx.callers.foreignAdmin.user.id }, select: { tenantId: true } });
  const c = uniqueWord('LF').toUpperCase();
  const f = await db().localCurriculumFramework.create({ data: { tenantId: tenantId!, code: c, name: `Local ${c}`, nodes: { create: [{ level: 'stage', code: 'S1', name: 'Stage 1' }] } }, include: { nodes: true } });
  return { id: f.id, nodeId: f.nodes[0]!.id };
}

/** a fresh folder of the owner (mutating cases get their own) */
async function freshFolder(fx: Fixtures): Promise<string> {
  const f = await api('POST', '/api/folders', { token: fx.callers.owner.token, body: { name: uniqueWord('Folder') } });
  return f.body.data.id as string;
}

/** fresh private content of the owner (rows only: no quota taken), optionally shared with the colleague */
async function freshShareable(fx: Fixtures, sharedWithColleague = false): Promise<string> {
  const { id } = await seedContent({ ownerId: fx.callers.owner.user.id, title: 'Shareable' });
  if (sharedWithColleague) await db().contentShare.create({ data: { contentId: id, userId: fx.colleague.user.id, role: 'viewer' } });
  return id;
}
/** a fresh folder of the owner shared with the colleague */
async function freshSharedFolder(fx: Fixtures): Promise<string> {
  const id = await freshFolder(fx);
  await db().contentShare.create({ data: { folderId: id, userId: fx.colleague.user.id, role: 'viewer' } });
  return id;
}

/** The first revision of a content item (created through the API, so it has one). */
async function firstRevision(contentId: string): Promise<string> {
  return (await db().contentRevision.findFirstOrThrow({ where: { contentId }, orderBy: { number: 'asc' }, select: { id: true } })).id;
}
/**
 * The private file as a file of the private content's first revision (its blob stored by hash, as a save records
 * it): the file was written into the item after that revision was saved.
 */
async function revisionFileUrl(fx: Fixtures): Promise<string> {
  const first = await db().contentRevision.findFirstOrThrow({ where: { contentId: fx.privateContent }, orderBy: { number: 'asc' }, select: { id: true, files: true } });
  const bytes = Buffer.from('png-bytes');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const blob = path.join(inject('appDataDir'), 'h5p', 'revisions', 'blobs', sha256.slice(0, 2), sha256);
  fs.mkdirSync(path.dirname(blob), { recursive: true });
  fs.writeFileSync(blob, bytes);
  const files = (Array.isArray(first.files) ? (first.files as { path: string }[]) : []).filter((f) => f.path !== 'images/matrix.png');
  await db().contentRevision.update({ where: { id: first.id }, data: { files: [...files, { path: 'images/matrix.png', sha256, size: bytes.length }] } });
  return `/h5p/content/${fx.privateContent}/revisions/${first.id}/files/images/matrix.png`;
}
async function freshContent(fx: Fixtures): Promise<string> {
  return createContent(fx.callers.owner.token, 'H5P.TrueFalse', { title: 'Fresh' });
}
/** a fresh public item of the owner that nobody has used yet (reviews) */
async function freshPublic(fx: Fixtures): Promise<string> {
  // rows only: no quota taken (the matrix makes many)
  const { id } = await seedContent({ ownerId: fx.callers.owner.user.id, title: 'Reviewable', visibility: 'public', publishedAt: new Date() });
  return id;
}
async function freshCollection(fx: Fixtures): Promise<{ id: string; itemId: string }> {
  const c = await api('POST', '/api/collections', { token: fx.callers.owner.token, body: { title: 'Fresh collection' } });
  const item = await api('POST', `/api/collections/${c.body.data.id}/items`, { token: fx.callers.owner.token, body: { contentId: fx.privateContent } });
  return { id: c.body.data.id as string, itemId: item.body.data.id as string };
}
function h5pUpload(field: string, pkg: Buffer, filename: string): FormData {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), filename);
  return fd;
}
async function loginTokens(fx: Fixtures) {
  const res = await api('POST', '/api/auth/login', { body: fx.login });
  return res.body.data as { token: string; refreshToken: string };
}

/** a multipart body with a (tiny, not really) PDF */
function pdfForm(): FormData {
  const f = new FormData();
  f.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'a.pdf');
  f.append('contentType', 'H5P.TrueFalse');
  return f;
}

function imageForm(): FormData {
  const f = new FormData();
  f.append('image', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'a.png');
  return f;
}

function videoForm(): FormData {
  const f = new FormData();
  f.append('videoUrl', 'https://example.org/a.mp4');
  return f;
}

const ltiRegistration = (clientId: string) => ({
  issuer: 'https://lms.matrix.example',
  clientId,
  name: 'Matrix LMS',
  authLoginUrl: 'https://lms.matrix.example/auth',
  authTokenUrl: 'https://lms.matrix.example/token',
  keysetUrl: 'https://lms.matrix.example/jwks',
});
/** A platform registered by the super admin (without service endpoints); without fixtures, one owned by nobody. */
async function ltiPlatform(fx?: Fixtures, clientId = 'matrix-client'): Promise<string> {
  const ownerId = fx ? fx.callers.superAdmin.user.id : null;
  const row = await db().ltiPlatform.upsert({
    where: { issuer_clientId: { issuer: 'https://lms.matrix.example', clientId } },
    create: { ...ltiRegistration(clientId), ownerId },
    update: { ownerId },
  });
  return row.id;
}

/** The school of the fixtures' owner (tenant B): a super admin manages its people, foreignAdmin (tenant A) never. */
async function schoolB(fx: Fixtures): Promise<string> {
  return (await db().user.findUniqueOrThrow({ where: { id: fx.callers.owner.user.id }, select: { tenantId: true } })).tenantId!;
}
/** a fresh member of school B with a Keycloak (stand-in) account, signed in once */
async function freshMember(fx: Fixtures): Promise<string> {
  const email = uniqueEmail('mx-member');
  await createIdpUser({ email, roles: ['student'], tenantId: await schoolB(fx), password: 'member-pass-1' });
  const res = await api('POST', '/api/auth/login', { body: { email, password: 'member-pass-1' } });
  return res.body.data.user.id as string;
}
/** a fresh pending invitation of school B (made by the super admin; no SMTP: the answer has the link) */
async function freshInvitation(fx: Fixtures): Promise<{ id: string; token: string }> {
  const res = await api('POST', `/api/admin/people/invitations?tenantId=${await schoolB(fx)}`, { token: fx.callers.superAdmin.token, body: { email: uniqueEmail('mx-invite'), role: 'student' } });
  return { id: res.body.data.invitation.id as string, token: (res.body.data.link as string).split('/').pop()! };
}
/** a people route of school B: an admin of another school (foreignAdmin) finds nothing there */
const SCHOOL_B_ADMIN: Row = [401, 403, 403, 403, 404, 200];

/** One entry per route file and method: `<file> <METHOD>`. Several cases only where one file serves several routes. */
const TABLE: Record<string, Case | Case[]> = {
  // ------------------------------------------------------------ auth
  'app/api/auth/[...nextauth]/route.ts GET': { req: () => json('/api/auth/csrf'), expect: ALL_200 },
  'app/api/auth/[...nextauth]/route.ts POST': { req: () => ({ path: '/api/auth/signout', body: 'json=true', headers: form }), expect: ALL_200 },
  // next-auth's catch-all answers only its own actions; anything else under /api/auth is the JSON 404
  'app/api/auth/[...nextauth]/route.ts HEAD': { req: () => json('/api/auth/csrf'), expect: ALL_404 },
  'app/api/auth/[...nextauth]/route.ts PUT': { req: () => json('/api/auth/nothing-here', {}), expect: ALL_404 },
  'app/api/auth/[...nextauth]/route.ts PATCH': { req: () => json('/api/auth/nothing-here', {}), expect: ALL_404 },
  'app/api/auth/[...nextauth]/route.ts DELETE': { req: () => json('/api/auth/nothing-here'), expect: ALL_404 },
  // every /api path without a route of its own
  ...Object.fromEntries(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => [`app/api/[...path]/route.ts ${m}`, { req: () => json('/api/no-such-route', m === 'GET' || m === 'HEAD' || m === 'OPTIONS' ? undefined : {}), expect: ALL_404 }])),
  'app/api/auth/login/route.ts POST': { req: (fx) => json('/api/auth/login', fx.login), expect: ALL_200 },
  'app/api/auth/refresh/route.ts POST': { req: async (fx) => json('/api/auth/refresh', { refreshToken: (await loginTokens(fx)).refreshToken }), expect: ALL_200 },
  'app/api/auth/me/route.ts GET': { req: () => json('/api/auth/me'), expect: USER },
  'app/api/auth/me/preferences/route.ts GET': { req: () => json('/api/auth/me/preferences'), expect: USER },
  'app/api/auth/me/preferences/route.ts PUT': { req: () => json('/api/auth/me/preferences', { language: null }), expect: USER },
  'app/api/auth/plans/route.ts GET': { req: () => json('/api/auth/plans'), expect: ALL_200 },
  // the main test app runs without payments (no PAYMENT_* variables): every signed-in caller gets 503
  'app/api/auth/checkout/route.ts POST': { req: () => json('/api/auth/checkout', { planId: 'pro' }), expect: [401, 503, 503, 503, 503, 503] },
  'app/api/auth/billing-portal/route.ts POST': { req: () => json('/api/auth/billing-portal', {}), expect: [401, 503, 503, 503, 503, 503] },
  // signed by the payment provider, not by a caller: without the signing secret, 503 for everyone
  'app/api/auth/webhook/route.ts POST': { req: () => ({ path: '/api/auth/webhook', body: '{}', headers: { 'Stripe-Signature': 't=1,v1=00' } }), expect: [503, 503, 503, 503, 503, 503] },

  // ------------------------------------------------------------ collections (owner-only writes, private detail 404)
  // folders of one's own content (issue 25 item 4): everyone lists their own; only teachers and admins write, and
  // only in their own folders (another's folder is 404)
  'app/api/folders/route.ts GET': { req: () => json('/api/folders'), expect: USER },
  'app/api/folders/route.ts POST': { req: () => json('/api/folders', { name: uniqueWord('Matrix folder') }), expect: [401, 403, 201, 201, 201, 201] },
  'app/api/folders/[id]/route.ts PATCH': { req: async (fx) => json(`/api/folders/${await freshFolder(fx)}`, { name: uniqueWord('Renamed') }), expect: [401, 403, 200, 404, 404, 404] },
  'app/api/folders/[id]/route.ts DELETE': { req: async (fx) => json(`/api/folders/${await freshFolder(fx)}`), expect: [401, 403, 200, 404, 404, 404] },
  'app/api/folders/move/route.ts POST': { req: async (fx) => json('/api/folders/move', { contentIds: [fx.privateContent], folderId: null }), expect: [401, 403, 200, 404, 404, 404] },

  // ------------------------------------------------------------ sharing (issue 27): a folder's shares are its owner's
  // (its editors read them); anyone else's folder is 404 like the folders routes
  'app/api/folders/[id]/shares/route.ts GET': { req: async (fx) => json(`/api/folders/${await freshFolder(fx)}/shares`), expect: [401, 403, 200, 404, 404, 404] },
  'app/api/folders/[id]/shares/route.ts POST': { req: async (fx) => json(`/api/folders/${await freshFolder(fx)}/shares`, { email: fx.colleague.email, role: 'viewer' }), expect: [401, 403, 201, 404, 404, 404] },
  'app/api/folders/[id]/shares/[userId]/route.ts PATCH': { req: async (fx) => json(`/api/folders/${await freshSharedFolder(fx)}/shares/${fx.colleague.user.id}`, { role: 'editor' }), expect: [401, 403, 200, 404, 404, 404] },
  'app/api/folders/[id]/shares/[userId]/route.ts DELETE': { req: async (fx) => json(`/api/folders/${await freshSharedFolder(fx)}/shares/${fx.colleague.user.id}`), expect: [401, 403, 200, 404, 404, 404] },
  // an item's shares: the owner changes them; readers who do not own it get 403 (the super admin), others 404
  'app/h5p/content/[contentId]/shares/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/shares`), expect: [401, 403, 200, 404, 404, 403] },
  'app/h5p/content/[contentId]/shares/route.ts POST': { req: async (fx) => json(`/h5p/content/${await freshShareable(fx)}/shares`, { email: fx.colleague.email, role: 'editor' }), expect: [401, 403, 201, 404, 404, 403] },
  'app/h5p/content/[contentId]/shares/[userId]/route.ts PATCH': { req: async (fx) => json(`/h5p/content/${await freshShareable(fx, true)}/shares/${fx.colleague.user.id}`, { role: 'editor' }), expect: [401, 403, 200, 404, 404, 403] },
  'app/h5p/content/[contentId]/shares/[userId]/route.ts DELETE': { req: async (fx) => json(`/h5p/content/${await freshShareable(fx, true)}/shares/${fx.colleague.user.id}`), expect: [401, 403, 200, 404, 404, 403] },
  'app/h5p/content/[contentId]/transfer/route.ts POST': { req: async (fx) => json(`/h5p/content/${await freshShareable(fx)}/transfer`, { email: fx.colleague.email }), expect: [401, 403, 200, 404, 404, 403] },
  // every teacher's own "Shared with me"
  'app/h5p/content/shared/route.ts GET': { req: () => json('/h5p/content/shared'), expect: [401, 403, 200, 200, 200, 200] },
  // an admin's reassignment within their school (tenant A's two teachers; the super admin: within any one school)
  'app/api/admin/content/reassign/route.ts POST': { req: (fx) => json('/api/admin/content/reassign', { fromEmail: fx.leaverA.email, toEmail: fx.heirA.email }), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/collections/route.ts GET': { req: () => json('/api/collections'), expect: USER },
  'app/api/collections/route.ts POST': { req: () => json('/api/collections', { title: 'Matrix collection' }), expect: [401, 403, 201, 201, 201, 201] },
  'app/api/collections/[id]/route.ts GET': { req: (fx) => json(`/api/collections/${fx.privateCollection}`), expect: [401, 404, 200, 404, 404, 404] },
  'app/api/collections/[id]/route.ts PATCH': { req: (fx) => json(`/api/collections/${fx.privateCollection}`, { title: 'Renamed' }), expect: [401, 403, 200, 404, 404, 404] },
  'app/api/collections/[id]/route.ts DELETE': { req: async (fx) => json(`/api/collections/${(await freshCollection(fx)).id}`), expect: [401, 403, 200, 404, 404, 404] },
  'app/api/collections/[id]/suggestions/route.ts GET': { req: (fx) => json(`/api/collections/${fx.privateCollection}/suggestions`), expect: [401, 404, 200, 404, 404, 404] },
  'app/api/collections/[id]/items/route.ts POST': { req: (fx) => json(`/api/collections/${fx.privateCollection}/items`, { contentIds: [fx.privateContent] }), expect: [401, 403, 201, 404, 404, 404] },
  'app/api/collections/[id]/items/[itemId]/route.ts DELETE': {
    req: async (fx) => {
      const c = await freshCollection(fx);
      return json(`/api/collections/${c.id}/items/${c.itemId}`);
    },
    expect: [401, 403, 200, 404, 404, 404],
  },
  'app/api/collections/[id]/items/reorder/route.ts PATCH': {
    req: async (fx) => {
      const c = await freshCollection(fx);
      return json(`/api/collections/${c.id}/items/reorder`, { items: [{ id: c.itemId, position: 0 }] });
    },
    expect: [401, 403, 200, 404, 404, 404],
  },

  // ------------------------------------------------------------ curriculum
  'app/api/curriculum/content/[contentId]/metadata/route.ts GET': { req: (fx) => json(`/api/curriculum/content/${fx.privateContent}/metadata`), expect: ALL_200 },
  // the owner, an admin of the owner's tenant (tenant B) or a super_admin; the admin of tenant A is refused
  'app/api/curriculum/content/[contentId]/metadata/route.ts POST': { req: (fx) => json(`/api/curriculum/content/${fx.privateContent}/metadata`, metadataBody), expect: [401, 403, 200, 403, 403, 200] },
  'app/api/curriculum/content/[contentId]/metadata/route.ts DELETE': { req: async (fx) => json(`/api/curriculum/content/${await freshContent(fx)}/metadata`), expect: [401, 403, 200, 403, 403, 200] },
  'app/api/curriculum/frameworks/route.ts GET': { req: () => json('/api/curriculum/frameworks'), expect: ALL_200 },
  'app/api/curriculum/frameworks/[code]/stages/route.ts GET': { req: () => json('/api/curriculum/frameworks/NZC/stages'), expect: ALL_200 },
  'app/api/curriculum/frameworks/[code]/stages/[stageCode]/grades/route.ts GET': { req: () => json('/api/curriculum/frameworks/NZC/stages/S1/grades'), expect: ALL_200 },
  'app/api/curriculum/frameworks/[code]/subjects/route.ts GET': { req: () => json('/api/curriculum/frameworks/NZC/subjects'), expect: ALL_200 },
  'app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/route.ts GET': { req: () => json('/api/curriculum/frameworks/NZC/subjects/MATH/grades/Y5/units'), expect: ALL_200 },
  'app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/[unitCode]/topics/route.ts GET': {
    req: () => json('/api/curriculum/frameworks/NZC/subjects/MATH/grades/Y5/units/U1/topics'),
    expect: ALL_200,
  },
  'app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/[unitCode]/topics/[topicCode]/objectives/route.ts GET': {
    req: () => json('/api/curriculum/frameworks/NZC/subjects/MATH/grades/Y5/units/U1/topics/T1/objectives'),
    expect: ALL_200,
  },
  'app/api/curriculum/status/route.ts GET': { req: () => json('/api/curriculum/status'), expect: USER },
  'app/api/curriculum/sync/history/route.ts GET': { req: () => json('/api/curriculum/sync/history'), expect: ALL_200 },
  // admin level (spec); the frameworks are shared reference data, refreshed from the central service
  'app/api/curriculum/sync/frameworks/route.ts POST': { req: () => json('/api/curriculum/sync/frameworks'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/curriculum/sync/frameworks/[code]/route.ts POST': { req: (fx) => json(`/api/curriculum/sync/frameworks/${fx.frameworkCode}`), expect: [401, 403, 403, 403, 200, 200] },

  // a school's own frameworks (issue 25 item 9): the admins of the school (foreignAdmin's tenant A); a super_admin
  // without a tenant has none (403), nor has anyone else
  'app/api/curriculum/local/import/route.ts POST': {
    req: () => {
      const c = uniqueWord('LF').toUpperCase();
      return json('/api/curriculum/local/import', { code: c, name: `Local ${c}`, stages: [{ code: 'S1', name: 'Stage 1' }] });
    },
    expect: LOCAL_ADMIN,
  },
  'app/api/curriculum/local/frameworks/route.ts GET': { req: () => json('/api/curriculum/local/frameworks'), expect: LOCAL_ADMIN },
  'app/api/curriculum/local/frameworks/[id]/route.ts GET': { req: async (fx) => json(`/api/curriculum/local/frameworks/${(await freshLocalFramework(fx)).id}`), expect: LOCAL_ADMIN },
  'app/api/curriculum/local/frameworks/[id]/route.ts PATCH': { req: async (fx) => json(`/api/curriculum/local/frameworks/${(await freshLocalFramework(fx)).id}`, { name: 'Renamed' }), expect: LOCAL_ADMIN },
  'app/api/curriculum/local/frameworks/[id]/route.ts DELETE': { req: async (fx) => json(`/api/curriculum/local/frameworks/${(await freshLocalFramework(fx)).id}`), expect: LOCAL_ADMIN },
  'app/api/curriculum/local/frameworks/[id]/nodes/route.ts POST': {
    req: async (fx) => json(`/api/curriculum/local/frameworks/${(await freshLocalFramework(fx)).id}/nodes`, { level: 'subject', code: 'SCI', name: 'Science' }),
    expect: [401, 403, 403, 403, 201, 403],
  },
  'app/api/curriculum/local/frameworks/[id]/nodes/[nodeId]/route.ts PATCH': {
    req: async (fx) => {
      const f = await freshLocalFramework(fx);
      return json(`/api/curriculum/local/frameworks/${f.id}/nodes/${f.nodeId}`, { name: 'Renamed' });
    },
    expect: LOCAL_ADMIN,
  },
  'app/api/curriculum/local/frameworks/[id]/nodes/[nodeId]/route.ts DELETE': {
    req: async (fx) => {
      const f = await freshLocalFramework(fx);
      return json(`/api/curriculum/local/frameworks/${f.id}/nodes/${f.nodeId}`);
    },
    expect: LOCAL_ADMIN,
  },

  // ------------------------------------------------------------ marketplace, referral, tenant, health, LTI
  'app/api/marketplace/public-contents/route.ts GET': { req: () => json('/api/marketplace/public-contents'), expect: USER },
  'app/api/marketplace/public-contents/facets/route.ts GET': { req: () => json('/api/marketplace/public-contents/facets'), expect: USER },
  // reviews (issue 28 item 4): nobody has used a fresh item (403 for every teacher), the owner may not review their own
  'app/api/marketplace/public-contents/[contentId]/reviews/route.ts GET': { req: (fx) => json(`/api/marketplace/public-contents/${fx.publicContent}/reviews`), expect: [401, 200, 200, 200, 200, 200] },
  'app/api/marketplace/public-contents/[contentId]/reviews/mine/route.ts PUT': { req: async (fx) => json(`/api/marketplace/public-contents/${await freshPublic(fx)}/reviews/mine`, { rating: 5 }), expect: [401, 403, 403, 403, 403, 403] },
  'app/api/marketplace/public-contents/[contentId]/reviews/mine/route.ts DELETE': { req: async (fx) => json(`/api/marketplace/public-contents/${await freshPublic(fx)}/reviews/mine`), expect: [401, 403, 404, 404, 404, 404] },
  'app/api/marketplace/public-contents/[contentId]/reviews/[reviewId]/reply/route.ts POST': {
    req: async (fx) => json(`/api/marketplace/public-contents/${await freshPublic(fx)}/reviews/${randomUUID()}/reply`, { body: 'Thanks' }),
    expect: [401, 403, 404, 403, 403, 403],
  },
  'app/api/marketplace/public-contents/[contentId]/report/route.ts POST': [
    { name: 'public content', req: async (fx) => json(`/api/marketplace/public-contents/${await freshPublic(fx)}/report`, { reason: 'spam' }), expect: [401, 201, 201, 201, 201, 201] },
    { name: 'private content', req: (fx) => json(`/api/marketplace/public-contents/${fx.privateContent}/report`, { reason: 'spam' }), expect: [401, 404, 404, 404, 404, 404] },
  ],
  'app/api/admin/moderation/route.ts GET': { req: () => json('/api/admin/moderation'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/moderation/[reportId]/route.ts POST': { req: () => json(`/api/admin/moderation/${randomUUID()}`, { action: 'dismiss' }), expect: [401, 403, 403, 403, 404, 404] },
  'app/api/marketplace/public-contents/[contentId]/clone/route.ts POST': [
    { name: 'public content', req: (fx) => json(`/api/marketplace/public-contents/${fx.publicContent}/clone`), expect: [401, 403, 201, 201, 201, 201] },
    { name: 'private content', req: (fx) => json(`/api/marketplace/public-contents/${fx.privateContent}/clone`), expect: [401, 403, 404, 404, 404, 404] },
  ],
  'app/api/referral/convert/route.ts POST': { req: () => json('/api/referral/convert', { referralCode: 'ZZZZZZZZ', email: uniqueEmail('ref') }), expect: ALL_200 },
  'app/api/referral/link/route.ts GET': { req: () => json('/api/referral/link'), expect: USER },
  'app/api/referral/stats/route.ts GET': { req: () => json('/api/referral/stats'), expect: USER },
  'app/api/tenant/current/route.ts GET': { req: () => json('/api/tenant/current'), expect: ALL_200 },
  // the super_admin's support tools
  // the tenant's audit log: a tenant admin their own school's (foreignAdmin, tenant A), the super admin any
  'app/api/admin/audit/route.ts GET': { req: () => json('/api/admin/audit'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/users/route.ts GET': { req: () => json('/api/admin/users?email=nobody'), expect: [401, 403, 403, 403, 403, 200] },
  'app/api/admin/users/[id]/plan/route.ts PUT': { req: (fx) => json(`/api/admin/users/${fx.callers.student.user.id}/plan`, { plan: 'free' }), expect: [401, 403, 403, 403, 403, 200] },
  // running a school (issue 27 items 4-5): the school's admin (foreignAdmin reads and invites in their own school A)
  'app/api/admin/people/route.ts GET': { req: async (fx) => json(`/api/admin/people?tenantId=${await schoolB(fx)}`), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/people/invitations/route.ts GET': { req: async (fx) => json(`/api/admin/people/invitations?tenantId=${await schoolB(fx)}`), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/people/invitations/route.ts POST': {
    req: async (fx) => json(`/api/admin/people/invitations?tenantId=${await schoolB(fx)}`, { email: uniqueEmail('mx-invite'), role: 'teacher' }),
    expect: [401, 403, 403, 403, 201, 201],
  },
  'app/api/admin/people/invitations/[id]/route.ts DELETE': { req: async (fx) => json(`/api/admin/people/invitations/${(await freshInvitation(fx)).id}?tenantId=${await schoolB(fx)}`), expect: SCHOOL_B_ADMIN },
  'app/api/admin/people/invitations/[id]/resend/route.ts POST': { req: async (fx) => json(`/api/admin/people/invitations/${(await freshInvitation(fx)).id}/resend?tenantId=${await schoolB(fx)}`), expect: SCHOOL_B_ADMIN },
  'app/api/admin/people/[id]/route.ts PATCH': { req: async (fx) => json(`/api/admin/people/${await freshMember(fx)}`, { role: 'teacher' }), expect: SCHOOL_B_ADMIN },
  'app/api/admin/people/[id]/disable/route.ts POST': { req: async (fx) => json(`/api/admin/people/${await freshMember(fx)}/disable`), expect: SCHOOL_B_ADMIN },
  'app/api/admin/people/[id]/enable/route.ts POST': { req: async (fx) => json(`/api/admin/people/${await freshMember(fx)}/enable`), expect: SCHOOL_B_ADMIN },
  'app/api/admin/people/[id]/password-reset/route.ts POST': { req: async (fx) => json(`/api/admin/people/${await freshMember(fx)}/password-reset`), expect: [401, 403, 403, 403, 404, 201] },
  // the invitee's and the forgetful user's public routes (the token is the key)
  'app/api/invitations/[token]/route.ts GET': { req: async (fx) => json(`/api/invitations/${(await freshInvitation(fx)).token}`), expect: ALL_200 },
  'app/api/invitations/[token]/route.ts POST': { req: async (fx) => json(`/api/invitations/${(await freshInvitation(fx)).token}`, { name: 'Matrix Invitee' }), expect: [201, 201, 201, 201, 201, 201] },
  'app/api/auth/forgot-password/route.ts POST': { req: () => json('/api/auth/forgot-password', { email: uniqueEmail('mx-forgot') }), expect: ALL_200 },
  // an external Keycloak resets passwords itself: no link of this app is valid
  'app/api/auth/reset-password/route.ts POST': { req: () => json('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'long-enough-1' }), expect: [400, 400, 400, 400, 400, 400] },
  'app/api/admin/tenants/route.ts GET': { req: () => json('/api/admin/tenants'), expect: [401, 403, 403, 403, 403, 200] },
  'app/api/admin/tenants/route.ts POST': {
    req: () => {
      const slug = `mx-${Math.random().toString(36).slice(2, 10)}`;
      return json('/api/admin/tenants', { slug, name: 'Matrix', domain: `${slug}.example` });
    },
    expect: [401, 403, 403, 403, 403, 201],
  },
  'app/api/admin/tenants/[id]/route.ts PATCH': { req: async () => json(`/api/admin/tenants/${(await createTenant()).id}`, { active: true }), expect: [401, 403, 403, 403, 403, 200] },
  // the admin pages' tools: every admin (content types are shared by all tenants; the curriculum is reference data)
  'app/api/admin/content-types/route.ts GET': { req: () => json('/api/admin/content-types'), expect: [401, 403, 403, 403, 200, 200] },
  // issue 28 item 1: a version nobody installed is 404 for both admins (a real job would depend on what other files'
  // content uses), a job that is not theirs is 404
  'app/api/admin/content-upgrades/route.ts GET': { req: () => json('/api/admin/content-upgrades'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/content-upgrades/route.ts POST': { req: () => json('/api/admin/content-upgrades', { machineName: 'H5P.TrueFalse', toVersion: '99.0', dryRun: true }), expect: [401, 403, 403, 403, 404, 404] },
  'app/api/admin/content-upgrades/[jobId]/route.ts GET': { req: () => json(`/api/admin/content-upgrades/${randomUUID()}`), expect: [401, 403, 403, 403, 404, 404] },
  'app/api/admin/content-upgrades/[jobId]/items/route.ts GET': { req: () => json(`/api/admin/content-upgrades/${randomUUID()}/items`), expect: [401, 403, 403, 403, 404, 404] },
  'app/api/admin/content-upgrades/[jobId]/cancel/route.ts POST': { req: () => json(`/api/admin/content-upgrades/${randomUUID()}/cancel`, {}), expect: [401, 403, 403, 403, 404, 404] },
  'app/api/admin/content-types/install/route.ts POST': { req: () => json('/api/admin/content-types/install', { machineName: 'H5P.TrueFalse' }), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/content-types/install-essentials/route.ts GET': { req: () => json('/api/admin/content-types/install-essentials'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/content-types/install-essentials/route.ts POST': {
    // one job at a time (409 while one runs): each caller's request waits for the previous caller's job to end
    req: async (fx) => {
      for (let i = 0; i < 600; i++) {
        const r = await api('GET', '/api/admin/content-types/install-essentials', { token: fx.callers.superAdmin.token });
        if (r.body.data?.state !== 'running') break;
        await new Promise((res) => setTimeout(res, 100));
      }
      return json('/api/admin/content-types/install-essentials');
    },
    expect: [401, 403, 403, 403, 202, 202],
  },
  // the hidden content types: every admin reads them; the list applies to every tenant, so only a super_admin changes it
  'app/api/admin/content-types/hidden/route.ts GET': { req: () => json('/api/admin/content-types/hidden'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/content-types/hidden/route.ts PUT': {
    req: () => json('/api/admin/content-types/hidden', { types: DEFAULT_HIDDEN_TYPES.map((t) => ({ ...t })) }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  'app/api/admin/curriculum/route.ts GET': { req: () => json('/api/admin/curriculum'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/curriculum/sync/route.ts GET': { req: () => json('/api/admin/curriculum/sync'), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/curriculum/sync/route.ts POST': { req: (fx) => json('/api/admin/curriculum/sync', { framework: fx.frameworkCode }), expect: [401, 403, 403, 403, 200, 200] },
  // whitelabel (premium: the admins) is the gate (plain 403); the test app's host resolves to no tenant (404)
  'app/api/tenant/brand/route.ts PUT': { req: () => json('/api/tenant/brand', { appName: 'Matrix' }), expect: [401, 403, 403, 403, 404, 404] },
  'app/api/tenant/domain/route.ts PUT': { req: () => json('/api/tenant/domain', { customDomain: 'matrix.example' }), expect: [401, 403, 403, 403, 404, 404] },
  'app/api/health/route.ts GET': { req: () => json('/api/health'), expect: ALL_200 },
  // the API document and its reference page (Swagger UI and its files) are public
  'app/api/openapi.json/route.ts GET': { req: () => json('/api/openapi.json'), expect: ALL_200 },
  'app/api/docs/route.ts GET': { req: () => json('/api/docs'), expect: ALL_200 },
  'app/api/docs/[asset]/route.ts GET': { req: () => json('/api/docs/swagger-ui.css'), expect: ALL_200 },
  // feature lti-integration: premium only (admins get premium, teachers pro, students free)
  'app/lti/config/route.ts GET': { req: () => json('/lti/config'), expect: [401, 403, 403, 403, 200, 200] },
  // AI generation (issue 13): teachers, every plan; the test app has no provider (503 after the gates)
  'app/api/ai/generate/route.ts POST': { req: () => json('/api/ai/generate', { contentType: 'H5P.MultiChoice', topic: 'Matrix' }), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/jobs/bulk/route.ts POST': { req: () => json('/api/ai/jobs/bulk', { items: [{ contentType: 'H5P.MultiChoice', topic: 'Matrix' }] }), expect: [401, 403, 503, 503, 503, 503] },
  // lesson-bundle is premium: the pro teachers are refused before the (unconfigured) provider
  'app/api/ai/jobs/lesson-bundle/route.ts POST': { req: () => json('/api/ai/jobs/lesson-bundle', { objective: 'Matrix' }), expect: [401, 403, 403, 403, 503, 503] },
  // image-hotspot is pro (teachers); video-to-h5p and branching-scenario premium (the admins)
  'app/api/ai/generate/image-hotspots/route.ts POST': { req: () => json('/api/ai/generate/image-hotspots', imageForm()), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/jobs/video/route.ts POST': { req: () => json('/api/ai/jobs/video', videoForm()), expect: [401, 403, 403, 403, 503, 503] },
  'app/api/ai/generate/branching-scenario/route.ts POST': { req: () => json('/api/ai/generate/branching-scenario', { topic: 'Matrix' }), expect: [401, 403, 403, 403, 503, 503] },
  'app/api/ai/jobs/pdf/route.ts POST': { req: () => json('/api/ai/jobs/pdf', pdfForm()), expect: [401, 403, 503, 503, 503, 503] },
  // ai-recommendation is premium
  'app/api/ai/recommendations/route.ts POST': { req: () => json('/api/ai/recommendations', { objective: 'Matrix' }), expect: [401, 403, 403, 403, 503, 503] },
  // reading jobs too is refused without a provider (every AI route); with one, a job is its user's only (ai-generate.test.ts)
  'app/api/ai/jobs/route.ts GET': { req: () => json('/api/ai/jobs'), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/jobs/[jobId]/route.ts GET': { req: () => json(`/api/ai/jobs/${randomUUID()}`), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/jobs/[jobId]/route.ts DELETE': { req: () => json(`/api/ai/jobs/${randomUUID()}`), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/generate/url/route.ts POST': { req: () => json('/api/ai/generate/url', { contentType: 'H5P.MultiChoice', url: 'https://example.org/' }), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/content/[contentId]/critique/route.ts POST': { req: (fx) => json(`/api/ai/content/${fx.privateContent}/critique`, {}), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/content/[contentId]/differentiate/route.ts POST': { req: (fx) => json(`/api/ai/content/${fx.privateContent}/differentiate`, { variant: 'easier' }), expect: [401, 403, 503, 503, 503, 503] },
  'app/api/ai/content/[contentId]/remix/route.ts POST': { req: (fx) => json(`/api/ai/content/${fx.privateContent}/remix`, { contentType: 'H5P.TrueFalse' }), expect: [401, 403, 503, 503, 503, 503] },
  // LTI (issue 12): launch and login are the platform's (the token proves itself): a bad token or an unknown issuer is 401 for all
  'app/lti/launch/route.ts POST': { req: async () => (await ltiPlatform(), { path: '/lti/launch', body: 'id_token=not-a-token', headers: form }), expect: [401, 401, 401, 401, 401, 401] },
  'app/lti/login/route.ts GET': { req: async () => (await ltiPlatform(), json('/lti/login?iss=https%3A%2F%2Fmatrix.example&login_hint=h&target_link_uri=https%3A%2F%2Fx.example')), expect: [401, 401, 401, 401, 401, 401] },
  'app/lti/login/route.ts POST': { req: async () => (await ltiPlatform(), { path: '/lti/login', body: 'iss=https%3A%2F%2Fmatrix.example&login_hint=h&target_link_uri=https%3A%2F%2Fx.example', headers: form }), expect: [401, 401, 401, 401, 401, 401] },
  'app/lti/jwks/route.ts GET': { req: () => json('/lti/jwks'), expect: ALL_200 },
  // platforms: premium (the admins); a platform is its registrant's (the super admin's here), or its tenant admins'
  'app/lti/platforms/route.ts GET': { req: () => json('/lti/platforms'), expect: [401, 403, 403, 403, 200, 200] },
  'app/lti/platforms/route.ts POST': { req: () => json('/lti/platforms', ltiRegistration(uniqueWord('client'))), expect: [401, 403, 403, 403, 201, 201] },
  'app/lti/platforms/[platformId]/route.ts PATCH': { req: async (fx) => json(`/lti/platforms/${await ltiPlatform(fx)}`, { name: 'Matrix LMS' }), expect: [401, 403, 403, 403, 404, 200] },
  'app/lti/platforms/[platformId]/route.ts DELETE': { req: async (fx) => json(`/lti/platforms/${await ltiPlatform(fx, uniqueWord('del'))}`), expect: [401, 403, 403, 403, 404, 200] },
  'app/lti/platforms/[platformId]/passback/retry/route.ts POST': { req: async (fx) => json(`/lti/platforms/${await ltiPlatform(fx)}/passback/retry`), expect: [401, 403, 403, 403, 404, 200] },
  // a platform the caller may not use is the spec's 500 Platform not found; the super admin's has no service endpoints (500 not configured)
  'app/lti/deep-link/route.ts POST': {
    req: async (fx) => json('/lti/deep-link', { platformId: await ltiPlatform(fx), contents: [{ type: 'ltiResourceLink', title: 'Quiz', url: 'https://x.example/', contentId: fx.publicContent }] }),
    expect: [401, 403, 403, 403, 500, 200],
  },
  'app/lti/ags/lineitems/route.ts GET': { req: async (fx) => json(`/lti/ags/lineitems?platformId=${await ltiPlatform(fx)}&contextId=c1`), expect: [401, 403, 403, 403, 500, 500] },
  'app/lti/ags/lineitems/route.ts POST': { req: async (fx) => json('/lti/ags/lineitems', { platformId: await ltiPlatform(fx), contextId: 'c1', label: 'Quiz', scoreMaximum: 10 }), expect: [401, 403, 403, 403, 500, 500] },
  'app/lti/ags/scores/route.ts POST': {
    req: async (fx) => json('/lti/ags/scores', { platformId: await ltiPlatform(fx), lineItemUrl: 'https://matrix.example/lineitems/1', userId: 'u1', scoreGiven: 1, scoreMaximum: 1 }),
    expect: [401, 403, 403, 403, 500, 500],
  },
  'app/lti/nrps/members/route.ts GET': { req: async (fx) => json(`/lti/nrps/members?platformId=${await ltiPlatform(fx)}&contextId=c1`), expect: [401, 403, 403, 403, 500, 500] },
  'app/lti/contexts/route.ts GET': { req: () => json('/lti/contexts'), expect: [401, 403, 403, 403, 200, 200] },
  'app/lti/contexts/[platformId]/[contextId]/route.ts GET': { req: async (fx) => json(`/lti/contexts/${await ltiPlatform(fx)}/c1`), expect: [401, 403, 403, 403, 404, 404] },
  // the pages after a launch take only a launch token (in the URL): without a valid one, 401 for everyone
  'app/lti/picker/route.ts GET': { req: () => json('/lti/picker?lti_launch=x'), expect: [401, 401, 401, 401, 401, 401] },
  'app/lti/picker/items/route.ts GET': { req: () => json('/lti/picker/items?lti_launch=x'), expect: [401, 401, 401, 401, 401, 401] },
  'app/lti/picker/submit/route.ts POST': { req: () => ({ path: '/lti/picker/submit', body: 'lti_launch=x&content=y', headers: form }), expect: [401, 401, 401, 401, 401, 401] },
  'app/lti/link/route.ts GET': { req: () => json('/lti/link?lti_launch=x'), expect: [401, 401, 401, 401, 401, 401] },
  'app/lti/link/route.ts POST': { req: () => ({ path: '/lti/link', body: 'lti_launch=x', headers: form }), expect: [401, 401, 401, 401, 401, 401] },

  // ------------------------------------------------------------ embedded identity provider (not used when IDP_BASE_URL is set)
  'app/realms/[realm]/.well-known/openid-configuration/route.ts GET': { req: () => json(`/realms/${REALM}/.well-known/openid-configuration`), expect: [404, 404, 404, 404, 404, 404] },
  'app/realms/[realm]/protocol/openid-connect/certs/route.ts GET': { req: () => json(`/realms/${REALM}/protocol/openid-connect/certs`), expect: [404, 404, 404, 404, 404, 404] },
  'app/realms/[realm]/protocol/openid-connect/token/route.ts POST': {
    req: (fx) => ({ path: `/realms/${REALM}/protocol/openid-connect/token`, body: `grant_type=password&client_id=x&username=${encodeURIComponent(fx.login.email)}&password=x`, headers: form }),
    expect: [404, 404, 404, 404, 404, 404],
  },

  // ------------------------------------------------------------ H5P content API
  'app/h5p/content/route.ts GET': { req: () => json('/h5p/content'), expect: [401, 403, 200, 200, 200, 200] },
  'app/h5p/content/route.ts POST': { req: () => json('/h5p/content', tf()), expect: [401, 403, 201, 201, 201, 201] },
  'app/h5p/content/[contentId]/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}`), expect: READ_PRIVATE },
  'app/h5p/content/[contentId]/route.ts PUT': { req: (fx) => json(`/h5p/content/${fx.privateContent}`, tf()), expect: [401, 403, 200, 403, 403, 403] },
  'app/h5p/content/[contentId]/route.ts DELETE': { req: async (fx) => json(`/h5p/content/${await freshContent(fx)}`), expect: [401, 403, 200, 403, 403, 403] },
  'app/h5p/content/[contentId]/visibility/route.ts PATCH': { req: (fx) => json(`/h5p/content/${fx.privateContent}/visibility`, { visibility: 'private' }), expect: [401, 403, 200, 403, 403, 403] },
  'app/h5p/content/[contentId]/embed-settings/route.ts PATCH': { req: (fx) => json(`/h5p/content/${fx.privateContent}/embed-settings`, { askName: false }), expect: [401, 403, 200, 403, 403, 403] },
  // rights of use (issue 28 item 3): an update, the owner or an editor (as PUT)
  'app/h5p/content/[contentId]/metadata/route.ts PATCH': { req: (fx) => json(`/h5p/content/${fx.privateContent}/metadata`, { license: 'CC BY', licenseVersion: '4.0' }), expect: [401, 403, 200, 403, 403, 403] },
  // tags: owner only (403 like update)
  'app/h5p/content/[contentId]/tags/route.ts PUT': { req: (fx) => json(`/h5p/content/${fx.privateContent}/tags`, { tags: ['matrix'] }), expect: [401, 403, 200, 403, 403, 403] },
  // duplicate: teachers who may read the content (the read rule: 404 otherwise)
  'app/h5p/content/[contentId]/duplicate/route.ts POST': [
    { name: 'private content', req: (fx) => json(`/h5p/content/${fx.privateContent}/duplicate`), expect: [401, 403, 201, 404, 404, 201] },
    { name: 'public content', req: (fx) => json(`/h5p/content/${fx.publicContent}/duplicate`), expect: [401, 403, 201, 201, 201, 201] },
  ],
  // bulk: teachers; each item's owner rule is reported in its result (200 either way)
  'app/h5p/content/bulk/route.ts POST': { req: (fx) => json('/h5p/content/bulk', { action: 'unpublish', contentIds: [fx.privateContent] }), expect: [401, 403, 200, 200, 200, 200] },
  // usage (the delete dialogs' warnings): teachers; only the caller's own items are answered (others are left out, 200)
  'app/h5p/content/usage/route.ts GET': { req: (fx) => json(`/h5p/content/usage?ids=${fx.privateContent}`), expect: [401, 403, 200, 200, 200, 200] },
  'app/h5p/content/[contentId]/presence/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/presence`), expect: READ_PRIVATE },
  'app/h5p/content/[contentId]/presence/route.ts POST': { req: (fx) => json(`/h5p/content/${fx.privateContent}/presence`, {}), expect: [401, 403, 200, 403, 403, 403] },
  'app/h5p/content/[contentId]/revisions/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/revisions`), expect: READ_PRIVATE },
  'app/h5p/content/[contentId]/revisions/compare/route.ts GET': {
    req: async (fx) => {
      const rev = await firstRevision(fx.privateContent);
      return json(`/h5p/content/${fx.privateContent}/revisions/compare?from=${rev}&to=${rev}`);
    },
    expect: READ_PRIVATE,
  },
  'app/h5p/content/[contentId]/revisions/[revisionId]/route.ts GET': { req: async (fx) => json(`/h5p/content/${fx.privateContent}/revisions/${await firstRevision(fx.privateContent)}`), expect: READ_PRIVATE },
  'app/h5p/content/[contentId]/revisions/[revisionId]/play/route.ts GET': { req: async (fx) => json(`/h5p/content/${fx.privateContent}/revisions/${await firstRevision(fx.privateContent)}/play`), expect: READ_PRIVATE },
  'app/h5p/content/[contentId]/revisions/[revisionId]/files/[...file]/route.ts GET': { req: async (fx) => json(await revisionFileUrl(fx)), expect: READ_PRIVATE },
  'app/h5p/content/[contentId]/revisions/[revisionId]/files/[...file]/route.ts HEAD': { req: async (fx) => json(await revisionFileUrl(fx)), expect: READ_PRIVATE },
  // a restore is an update: the owner or an editor (as PUT /h5p/content/:id)
  'app/h5p/content/[contentId]/revisions/[revisionId]/restore/route.ts POST': {
    req: async (fx) => {
      const id = await freshContent(fx);
      return json(`/h5p/content/${id}/revisions/${await firstRevision(id)}/restore`, {});
    },
    expect: [401, 403, 200, 403, 403, 403],
  },
  'app/h5p/content/[contentId]/quality/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/quality`), expect: READ_PRIVATE },
  // export keeps the spec's 403 for content the caller may not read
  'app/h5p/content/[contentId]/export-html/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/export-html`), expect: [401, 403, 200, 403, 403, 200] },
  'app/h5p/content/[contentId]/export/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/export`), expect: [401, 403, 200, 403, 403, 200] },
  // feature scorm-export: the student's free plan lacks it (403 feature_not_available)
  'app/h5p/content/[contentId]/export-scorm/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/export-scorm`), expect: [401, 403, 200, 403, 403, 200] },
  'app/h5p/content/[contentId]/export-cmi5/route.ts GET': { req: (fx) => json(`/h5p/content/${fx.privateContent}/export-cmi5`), expect: [401, 403, 200, 403, 403, 200] },
  // files of private content: no login page to send anyone to, so everyone kept out gets 404
  'app/h5p/content/[contentId]/[...file]/route.ts GET': { req: (fx) => json(fx.privateFile), expect: [404, 404, 200, 404, 404, 200] },
  'app/h5p/content/[contentId]/[...file]/route.ts HEAD': { req: (fx) => json(fx.privateFile), expect: [404, 404, 200, 404, 404, 200] },
  // the player's content files: only a content token (in the path) of exactly that item opens them, whoever calls
  'app/h5p/player-files/[token]/[contentId]/[...file]/route.ts GET': [
    { req: (fx) => json(fx.privateFile.replace('/h5p/content/', '/h5p/player-files/not-a-token/')), expect: [404, 404, 404, 404, 404, 404] },
    { req: async (fx) => json(fx.privateFile.replace('/h5p/content/', `/h5p/player-files/${await issuePlayerToken(fx.callers.owner.user.id, fx.privateContent)}/`)), expect: ALL_200 },
  ],
  'app/h5p/player-files/[token]/[contentId]/[...file]/route.ts HEAD': {
    req: async (fx) => json(fx.privateFile.replace('/h5p/content/', `/h5p/player-files/${await issueEmbedToken(fx.callers.owner.user.id, fx.privateContent)}/`)),
    expect: ALL_200,
  },
  'app/h5p/content-types/route.ts GET': { req: () => json('/h5p/content-types'), expect: USER },
  'app/h5p/new/route.ts GET': { req: () => json('/h5p/new'), expect: [401, 403, 200, 200, 200, 200] },
  // the editor reads (404 when the rule keeps the caller out), then owner rules (403 for readable content of another owner)
  'app/h5p/edit/[contentId]/route.ts GET': { req: (fx) => json(`/h5p/edit/${fx.privateContent}`), expect: [401, 403, 200, 404, 404, 403] },
  'app/h5p/play/[contentId]/route.ts GET': { req: (fx) => json(`/h5p/play/${fx.privateContent}`), expect: READ_PRIVATE },
  'app/h5p/embed/[contentId]/route.ts GET': { req: (fx) => json(`/h5p/embed/${fx.privateContent}`), expect: READ_PRIVATE },
  'app/h5p/health/route.ts GET': { req: () => json('/h5p/health'), expect: ALL_200 },
  // a signed-in API caller records statements for content they may read (players use their content token)
  'app/h5p/xapi/[contentId]/route.ts POST': { req: (fx) => json(`/h5p/xapi/${fx.privateContent}`, xapiBatch(fx.privateContent)), expect: [401, 404, 201, 404, 404, 201] },

  // ------------------------------------------------------------ learner results (feature analytics-dashboard; the student is on free)
  'app/api/results/content/[contentId]/route.ts GET': { req: (fx) => json(`/api/results/content/${fx.privateContent}`), expect: [401, 403, 200, 404, 404, 200] },
  'app/api/results/content/[contentId]/attempts/route.ts GET': { req: (fx) => json(`/api/results/content/${fx.privateContent}/attempts`), expect: [401, 403, 200, 404, 404, 200] },
  'app/api/results/collections/[id]/route.ts GET': { req: (fx) => json(`/api/results/collections/${fx.privateCollection}`), expect: [401, 403, 200, 404, 404, 200] },
  // another teacher's view of a learner shows only their own content's attempts (none here)
  'app/api/results/learners/[learnerKey]/route.ts GET': { req: (fx) => json(`/api/results/learners/user:${fx.callers.student.user.id}`), expect: [401, 403, 200, 200, 200, 200] },
  'app/api/results/me/route.ts GET': { req: () => json('/api/results/me'), expect: USER },
  'app/api/admin/results/learners/[learnerKey]/route.ts GET': { req: (fx) => json(`/api/admin/results/learners/user:${fx.callers.student.user.id}`), expect: [401, 403, 403, 403, 200, 200] },
  'app/api/admin/results/learners/[learnerKey]/route.ts DELETE': { req: (fx) => json(`/api/admin/results/learners/user:${fx.callers.student.user.id}`), expect: [401, 403, 403, 403, 200, 200] },
  'app/h5p/import/route.ts POST': {
    req: () => ({ path: '/h5p/import', body: h5pUpload('h5p', contentPackage({ machineName: 'H5P.TrueFalse', params: SAMPLE_PARAMS['H5P.TrueFalse'] }), 'matrix.h5p') }),
    expect: [401, 403, 201, 201, 201, 201],
  },
  'app/h5p/media/upload/route.ts POST': { req: () => json('/h5p/media/upload', { filename: 'dot.png', data: signed('png', 'png').toString('base64') }), expect: [401, 201, 201, 201, 201, 201] },
  'app/h5p/media/attach/route.ts POST': { req: (fx) => json('/h5p/media/attach', { contentId: fx.privateContent, files: [] }), expect: [401, 403, 200, 403, 403, 403] },

  // ------------------------------------------------------------ H5P libraries
  'app/h5p/libraries/route.ts GET': { req: () => json('/h5p/libraries'), expect: USER },
  'app/h5p/libraries/status/route.ts GET': { req: () => json('/h5p/libraries/status'), expect: USER },
  'app/h5p/libraries/[...file]/route.ts GET': { req: () => json('/h5p/libraries/H5P.TrueFalse-1.8/library.json'), expect: ALL_200 },
  'app/h5p/libraries/[...file]/route.ts HEAD': { req: () => json('/h5p/libraries/H5P.TrueFalse-1.8/library.json'), expect: ALL_200 },
  // a recommended hub type: teachers and admins alike (canInstallRecommended)
  'app/h5p/libraries/install/route.ts POST': { req: () => json('/h5p/libraries/install', { machineName: 'H5P.TrueFalse' }), expect: [401, 403, 200, 200, 200, 200] },
  'app/h5p/libraries/install-essentials/route.ts POST': { req: () => json('/h5p/libraries/install-essentials'), expect: [401, 403, 200, 200, 200, 200] },

  // ------------------------------------------------------------ /h5p catch-all: static files and the H5P library's AJAX routes
  'app/h5p/[...path]/route.ts GET': [
    { name: 'core file', req: () => json('/h5p/core/js/jquery.js'), expect: ALL_200 },
    { name: 'ajax content-type-cache', req: () => json('/h5p/ajax?action=content-type-cache'), expect: USER },
    { name: 'params of private content', req: (fx) => json(`/h5p/params/${fx.privateContent}`), expect: READ_PRIVATE },
    { name: 'download of private content', req: (fx) => json(`/h5p/download/${fx.privateContent}`), expect: READ_PRIVATE },
    { name: 'own state of private content', req: (fx) => json(`/h5p/contentUserData/${fx.privateContent}/state/0`), expect: READ_PRIVATE },
    // another user's state (the other teacher's, tenant B): the admin of tenant A and plain users are refused
    { name: 'state ?asUserId= of public content', req: (fx) => json(`/h5p/contentUserData/${fx.publicContent}/state/0?asUserId=${fx.callers.otherTeacher.user.id}`), expect: [401, 403, 403, 200, 403, 200] },
  ],
  'app/h5p/[...path]/route.ts HEAD': [
    { name: 'core file', req: () => json('/h5p/core/js/jquery.js'), expect: ALL_200 },
    { name: 'params of private content', req: (fx) => json(`/h5p/params/${fx.privateContent}`), expect: READ_PRIVATE },
  ],
  'app/h5p/[...path]/route.ts POST': [
    { name: 'state of private content', req: (fx) => ({ path: `/h5p/contentUserData/${fx.privateContent}/state/0`, body: 'data=%7B%7D&preload=1&invalidate=0', headers: form }), expect: READ_PRIVATE },
    { name: 'result of private content', req: (fx) => ({ path: '/h5p/finishedData', body: `contentId=${fx.privateContent}&score=1&maxScore=1&opened=1&finished=2`, headers: form }), expect: READ_PRIVATE },
    // installing libraries from a package changes what every tenant runs: super_admin only
    { name: 'library-upload of new libraries', req: () => ({ path: '/h5p/ajax?action=library-upload', body: h5pUpload('h5p', newLibraryPackage().pkg, 'probe.h5p') }), expect: [401, 403, 403, 403, 403, 200] },
  ],
};

/**
 * Where the viewer and the editor of the owner's private content (issue 27: teachers of the owner's school it is
 * shared with) expect other than the other teacher: `<TABLE key>` or `<TABLE key> [<case name>]` → [viewer, editor].
 */
const SHARED: Record<string, [viewer: number, editor: number]> = {
  // reading: play, preview, details, files, quality, the player's AJAX routes and statements
  'app/h5p/content/[contentId]/route.ts GET': [200, 200],
  'app/h5p/content/[contentId]/quality/route.ts GET': [200, 200],
  'app/h5p/content/[contentId]/[...file]/route.ts GET': [200, 200],
  'app/h5p/content/[contentId]/[...file]/route.ts HEAD': [200, 200],
  'app/h5p/play/[contentId]/route.ts GET': [200, 200],
  'app/h5p/embed/[contentId]/route.ts GET': [200, 200],
  'app/h5p/xapi/[contentId]/route.ts POST': [201, 201],
  'app/h5p/content/[contentId]/duplicate/route.ts POST [private content]': [201, 201],
  'app/h5p/[...path]/route.ts GET [params of private content]': [200, 200],
  'app/h5p/[...path]/route.ts GET [download of private content]': [200, 200],
  'app/h5p/[...path]/route.ts GET [own state of private content]': [200, 200],
  'app/h5p/[...path]/route.ts HEAD [params of private content]': [200, 200],
  'app/h5p/[...path]/route.ts POST [state of private content]': [200, 200],
  'app/h5p/[...path]/route.ts POST [result of private content]': [200, 200],
  // the other teacher reads their own state there; the viewer and the editor ask for someone else's
  'app/h5p/[...path]/route.ts GET [state ?asUserId= of public content]': [403, 403],
  // editing, exporting and results: the editor only (the viewer gets the other teacher's answer)
  'app/h5p/content/[contentId]/route.ts PUT': [403, 200],
  'app/h5p/content/[contentId]/metadata/route.ts PATCH': [403, 200],
  'app/h5p/edit/[contentId]/route.ts GET': [403, 200],
  'app/h5p/content/[contentId]/export/route.ts GET': [403, 200],
  'app/h5p/content/[contentId]/export-scorm/route.ts GET': [403, 200],
  'app/h5p/content/[contentId]/export-cmi5/route.ts GET': [403, 200],
  'app/h5p/content/[contentId]/export-html/route.ts GET': [403, 200],
  // the history (revisions, presence): the editor as the owner; a restore is an update (the matrix's restore
  // case restores a fresh item that is not shared)
  'app/h5p/content/[contentId]/revisions/route.ts GET': [404, 200],
  'app/h5p/content/[contentId]/revisions/compare/route.ts GET': [404, 200],
  'app/h5p/content/[contentId]/revisions/[revisionId]/route.ts GET': [404, 200],
  'app/h5p/content/[contentId]/revisions/[revisionId]/play/route.ts GET': [404, 200],
  'app/h5p/content/[contentId]/revisions/[revisionId]/files/[...file]/route.ts GET': [404, 200],
  'app/h5p/content/[contentId]/revisions/[revisionId]/files/[...file]/route.ts HEAD': [404, 200],
  'app/h5p/content/[contentId]/presence/route.ts GET': [404, 200],
  'app/h5p/content/[contentId]/presence/route.ts POST': [403, 200],
  'app/api/results/content/[contentId]/route.ts GET': [404, 200],
  'app/api/results/content/[contentId]/attempts/route.ts GET': [404, 200],
  // who the private content is shared with: its editors read the list, its viewers are refused
  'app/h5p/content/[contentId]/shares/route.ts GET': [403, 200],
};

/** Every route file under app/ and the HTTP methods it exports. */
function routeFiles(): { file: string; methods: string[] }[] {
  const out: { file: string; methods: string[] }[] = [];
  const root = path.resolve(process.cwd(), 'app');
  (function walk(dir: string) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === 'route.ts' || e.name === 'route.tsx' || e.name === 'route.js') {
        const src = fs.readFileSync(full, 'utf8');
        const methods = new Set<string>();
        for (const m of src.matchAll(/export\s+(?:const|let|async\s+function|function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)) methods.add(m[1]!);
        for (const block of src.matchAll(/export\s*\{([^}]*)\}/g)) {
          for (const m of block[1]!.matchAll(/(?:\bas\s+)?\b(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)) methods.add(m[1]!);
        }
        out.push({ file: path.relative(process.cwd(), full).split(path.sep).join('/'), methods: [...methods].sort() });
      }
    }
  })(root);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

let fx: Fixtures;

beforeAll(async () => {
  await installTestLibraries();
  const tenantA = (await createTenant()).id;
  const tenantB = (await createTenant()).id;
  const [student, owner, otherTeacher, foreignAdmin, superAdmin, viewer, editor, colleague, leaverA, heirA] = await Promise.all([
    signedInTenant(['student'], tenantB),
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['tenant_admin'], tenantA),
    signedIn(['super_admin']),
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['teacher'], tenantA),
    signedInTenant(['teacher'], tenantA),
  ]);
  const privateContent = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Matrix private' });
  const publicContent = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Matrix public' });
  expect((await api('PATCH', `/h5p/content/${publicContent}/visibility`, { token: owner.token, body: { visibility: 'public' } })).status).toBe(200);
  // the viewer and the editor: teachers of the owner's school (tenant B) the private content is shared with
  for (const [who, role] of [[viewer, 'viewer'], [editor, 'editor']] as const) {
    const shared = await api('POST', `/h5p/content/${privateContent}/shares`, { token: owner.token, body: { email: who.email, role } });
    expect(shared.status, shared.text).toBe(201);
  }
  await seedContent({ ownerId: leaverA.user.id, title: 'Leaver A' });
  const c = await api('POST', '/api/collections', { token: owner.token, body: { title: 'Matrix private collection' } });
  expect((await api('POST', `/api/collections/${c.body.data.id}/items`, { token: owner.token, body: { contentId: privateContent } })).status).toBe(201);
  const dir = path.join(inject('appDataDir'), 'h5p', 'content', privateContent, 'images');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'matrix.png'), 'png-bytes');
  const idpUser = await createIdpUser({ roles: ['student'] });
  const frameworkCode = uniqueWord('FW').toUpperCase();
  const loaded = await fetch(`${inject('curriculumUrl')}/admin/frameworks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sampleFramework(frameworkCode)) });
  expect(loaded.ok).toBe(true);
  fx = {
    callers: { student, owner, otherTeacher, foreignAdmin, superAdmin, viewer, editor },
    colleague,
    leaverA,
    heirA,
    privateContent,
    publicContent,
    privateCollection: c.body.data.id as string,
    privateFile: `/h5p/content/${privateContent}/images/matrix.png`,
    login: { email: idpUser.email, password: idpUser.password },
    frameworkCode,
  };
  // the other teacher has saved state on the public content (read through ?asUserId=)
  const saved = await api('POST', `/h5p/contentUserData/${publicContent}/state/0`, { token: otherTeacher.token, body: 'data=%7B%22x%22%3A1%7D&preload=1&invalidate=0', headers: form });
  expect(saved.status).toBe(200);
}, 120_000);

describe('authorization matrix', () => {
  it('has an entry for every route file and method under app/, and none for a route that is gone', () => {
    const found = routeFiles();
    expect(found.length).toBeGreaterThan(40);
    const keys = new Set(found.flatMap((r) => r.methods.map((m) => `${r.file} ${m}`)));
    const missing = [...keys].filter((k) => !(k in TABLE));
    const stale = Object.keys(TABLE).filter((k) => !keys.has(k));
    const noMethods = found.filter((r) => r.methods.length === 0).map((r) => r.file);
    expect({ missing, stale, noMethods }, 'add an authorization-matrix entry for each new route file and method (tests/integration/authz-matrix.test.ts TABLE)').toEqual({ missing: [], stale: [], noMethods: [] });
    // every viewer/editor exception names a case of TABLE
    const cases = new Set(Object.entries(TABLE).flatMap(([k, e]) => (Array.isArray(e) ? e : [e]).map((c) => `${k}${c.name ? ` [${c.name}]` : ''}`)));
    expect(Object.keys(SHARED).filter((k) => !cases.has(k))).toEqual([]);
  });

  it('answers every route and method with the expected status for each of the eight callers', async () => {
    const mismatches: string[] = [];
    const callerIds = Object.values(fx.callers).map((c) => c.user.id);
    for (const [key, entry] of Object.entries(TABLE)) {
      const method = key.slice(key.lastIndexOf(' ') + 1);
      for (const c of Array.isArray(entry) ? entry : [entry]) {
        for (const [i, who] of CALLERS.entries()) {
          // the matrix checks who may call what, not the rate limits (per user: each caller makes hundreds of calls)
          // nor the monthly content quota (the fixtures' owner creates many items: the quota is one atomic SQL update)
          await freshLimits(...callerIds);
          await db().user.updateMany({ where: { id: { in: callerIds } }, data: { contentsCreatedThisMonth: 0 } });
          const r = await c.req(fx, who);
          await freshLimits(...callerIds);
          const token = who === 'anonymous' ? undefined : fx.callers[who].token;
          const res = await api(method, r.path, { ...(token ? { token } : {}), ...(r.body !== undefined ? { body: r.body } : {}), ...(r.headers ? { headers: r.headers } : {}) });
          const name = `${key}${c.name ? ` [${c.name}]` : ''}`;
          const expected = who === 'viewer' || who === 'editor' ? (SHARED[name]?.[who === 'viewer' ? 0 : 1] ?? c.expect[3]) : c.expect[i];
          if (res.status !== expected) {
            mismatches.push(`${name} as ${who}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // the refused callers left nothing behind on the owner's private content
    expect(await db().h5pFinishedData.count({ where: { contentId: fx.privateContent, userId: { notIn: [fx.callers.owner.user.id, fx.callers.superAdmin.user.id, fx.callers.viewer.user.id, fx.callers.editor.user.id] } } })).toBe(0);
  }, 600_000);
});
