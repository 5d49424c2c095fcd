// The first-run checklist on an admin's home: the five steps that make a fresh install useful, each ticking
// itself from the data (no stored progress), scoped as every admin view is (a tenant admin counts their tenant).
// Content types are the one service-wide step: libraries are installed for every tenant at once.
import { db } from '@/lib/db/client';
import { hiddenMachineNames } from '@/lib/h5p';
import type { AdminScope } from './overview';

export type SetupStep = 'types' | 'content' | 'brand' | 'teachers' | 'lms';
export interface SetupChecklist {
  steps: { key: SetupStep; done: boolean }[];
  done: number;
  total: number;
}

/** A brand that holds anything: an empty object (or none) is the default look. */
const isBranded = (brandConfig: unknown) => !!brandConfig && typeof brandConfig === 'object' && Object.keys(brandConfig).length > 0;

export async function setupChecklist(scope: AdminScope): Promise<SetupChecklist> {
  // the tenant's own rows only: a user, item or platform without a tenant belongs to no tenant's checklist (an
  // admin without a tenant — scope none — has nothing of their own to count)
  const tenantId = scope.kind === 'tenant' ? scope.tenantId : null;
  const none = scope.kind === 'none';
  const userWhere = tenantId ? { tenantId } : {};
  const hidden = [...(await hiddenMachineNames())];
  const [types, contents, tenant, teachers, platforms] = await Promise.all([
    // a type teachers can create with: runnable and not on the hidden list (a type that cannot work here)
    db().h5pLibrary.count({ where: { runnable: true, ...(hidden.length ? { machineName: { notIn: hidden } } : {}) } }),
    none ? 0 : db().contentOwnership.count({ where: tenantId ? { user: { tenantId } } : {} }),
    tenantId ? db().tenant.findUnique({ where: { id: tenantId }, select: { brandConfig: true } }) : null,
    none ? 0 : db().user.count({ where: { ...userWhere, role: 'teacher' } }),
    none ? 0 : db().ltiPlatform.count({ where: tenantId ? { tenantId } : {} }),
  ]);
  // a super admin (scope all, on the default site) sees the whole service: any tenant's brand counts
  const branded = tenantId
    ? isBranded(tenant?.brandConfig)
    : !none && (await db().tenant.count({ where: { NOT: { brandConfig: { equals: {} } } } })) > 0;
  const steps: SetupChecklist['steps'] = [
    { key: 'types', done: types > 0 },
    { key: 'content', done: contents > 0 },
    { key: 'brand', done: branded },
    { key: 'teachers', done: teachers > 0 },
    { key: 'lms', done: platforms > 0 },
  ];
  return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
}
