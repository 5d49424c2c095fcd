import { z } from 'zod';
import { FEATURE_FLAGS, PLAN_IDS, planOf } from './plans';

export const planViewSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: z.number(),
  limits: z.object({ contentsPerMonth: z.number().int(), aiGenerationsPerMonth: z.number().int(), storageBytes: z.number().int() }),
  features: z.array(z.enum(FEATURE_FLAGS)),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** A plan as the API shows it: id, name, price, limits and its feature flags. */
export function planView(id: string): PlanView {
  const p = planOf(id);
  return { id: p.id, name: p.name, price: p.price, limits: { ...p.limits }, features: [...p.features] };
}

export const allPlans = () => PLAN_IDS.map(planView);
