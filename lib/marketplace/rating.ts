// An item's rating as the marketplace shows and sorts it (issue 28 item 4). Pure.
// The sort reads a Bayesian average: the item's ratings plus PRIOR_VOTES imaginary votes of PRIOR_MEAN, so one
// 5-star review (≈ 3.33) does not outrank fifty reviews of 4.8 (≈ 4.64), and an unrated item sits at the prior.
import { z } from 'zod';

export const PRIOR_VOTES = 5;
export const PRIOR_MEAN = 3;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The Bayesian average of `count` ratings summing to `sum`. */
export const bayesianScore = (count: number, sum: number) => (PRIOR_VOTES * PRIOR_MEAN + sum) / (PRIOR_VOTES + count);

export const ratingSummarySchema = z
  .object({
    average: z.number().nullable().describe('the plain average of the visible ratings, one decimal; null without ratings'),
    count: z.number().int().describe('how many visible ratings'),
  })
  .describe("the item's rating from teachers' reviews (1–5)");
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export function ratingOf(count: number | null | undefined, sum: number | null | undefined): RatingSummary {
  const n = Number(count ?? 0);
  return { average: n > 0 ? Math.round((Number(sum ?? 0) / n) * 10) / 10 : null, count: n };
}
