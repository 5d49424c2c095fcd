// The marketplace's HTTP adapter: what its routes need from the HTTP layer.
import { AppError } from '@/lib/errors';
import { hit } from '@/lib/http/rate-limit';
import { REVIEW_ERR, REVIEW_WRITES_PER_HOUR, type WriteLimit } from './reviews';

/** Reviews, answers and reports: at most REVIEW_WRITES_PER_HOUR an hour per user, shared by every instance. */
export const reviewWriteLimit =
  (userId: string): WriteLimit =>
  async () => {
    const h = await hit(`reviews:${userId}`, 60 * 60 * 1000);
    if (h.count > REVIEW_WRITES_PER_HOUR) throw new AppError(429, REVIEW_ERR.tooMany);
  };
