import { PLAN_IDS, planOf } from './plans';

/** A plan as the API shows it: id, name, price, limits and its feature flags. */
export function planView(id: string) {
  const p = planOf(id);
  return { id: p.id, name: p.name, price: p.price, limits: { ...p.limits }, features: [...p.features] };
}

export const allPlans = () => PLAN_IDS.map(planView);
