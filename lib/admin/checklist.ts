// The first-run checklist on an admin's home: the five steps that make a fresh install useful, each ticking
// itself from the data (no stored progress), scoped as every admin view is (a tenant admin counts their tenant).
import { db } from '@/lib/db/client';
import type { AdminScope } from './overview';

export type SetupStep = 'types' | 'content' | 'brand' | 'teachers' | 'lms';
export interface SetupChecklist {
  steps: { key: SetupStep; done: boolean }[];
  done: number;
  total: number;
}

export async function setupChecklist(scope: AdminScope): Promise<SetupChecklist> {
  const tenantId = scope.kind === 'tenant' ? scope.tenantId : null;
  const none = scope.kind === 'none';
  const userWhere = tenantId ? { tenantId } : {};
  const [types, contents, tenant, teachers, platforms] = await Promise.all([
    db().h5pLibrary.count({ where: { runnable: true } }),
    none ? 0 : db().contentOwnership.count({ where: tenantId ? { user: { tenantId } } : {} }),
    tenantId ? db().tenant.findUnique({ where: { id: tenantId }, select: { brandConfig: true } }) : null,
    none ? 0 : db().user.count({ where: { ...userWhere, role: 'teacher' } }),
    none ? 0 : db().ltiPlatform.count({ where: tenantId ? { tenantId } : {} }),
  ]);
  // a tenant is branded once its brand holds anything (an empty object is the default look); without a tenant
  // (a super admin on the default site) any tenant's brand counts
  const branded = tenantId
    ? Object.keys((tenant?.brandConfig as Record<string, unknown> | null) ?? {}).length > 0
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
