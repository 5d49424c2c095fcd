// AI credits (issue 13, item 2; spec "Limits"): one credit is taken atomically before the provider is called
// (one SQL statement that re-checks the limit: concurrent requests at the limit let exactly one through) and given
// back when the generation fails. Past the limit: 429 `AI generation limit reached`.
import { AppError } from '@/lib/http/errors';
import { consumeAiGeneration, releaseAiGeneration } from '@/lib/plans/quota';

export const AI_LIMIT_REACHED = 'AI generation limit reached';

/** Runs `work` on one of the user's AI credits; the credit comes back if `work` throws. */
export async function withAiCredit<T>(userId: string, work: () => Promise<T>): Promise<T> {
  if (!(await consumeAiGeneration(userId))) throw new AppError(429, AI_LIMIT_REACHED);
  try {
    return await work();
  } catch (err) {
    await releaseAiGeneration(userId).catch(() => undefined);
    throw err;
  }
}
