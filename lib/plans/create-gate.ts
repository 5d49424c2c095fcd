// Whether a user may start authoring new content now — checked before the editor or the import form opens, so no
// one writes for an hour and then learns that the month's quota is used up. Pure: the page renders the answer.
import type { Role } from '@/lib/auth/roles';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { PLAN_IDS, PLANS, planOf } from './plans';

export type CreateGate = { allowed: true } | { allowed: false; reason: 'role' } | { allowed: false; reason: 'quota'; plan: string; limit: number; used: number; upgrade: { name: string; limit: number } | null };

export function createGate(role: Role, user: { plan: string; contentsCreatedThisMonth: number }): CreateGate {
  if (!isTeacherOrAbove(role)) return { allowed: false, reason: 'role' };
  const plan = planOf(user.plan);
  const limit = plan.limits.contentsPerMonth;
  if (limit === -1 || user.contentsCreatedThisMonth < limit) return { allowed: true };
  // the cheapest plan that allows more
  const better = PLAN_IDS.map((id) => PLANS[id]).find((p) => p.price > plan.price && (p.limits.contentsPerMonth === -1 || p.limits.contentsPerMonth > limit));
  return { allowed: false, reason: 'quota', plan: plan.name, limit, used: user.contentsCreatedThisMonth, upgrade: better ? { name: better.name, limit: better.limits.contentsPerMonth } : null };
}
