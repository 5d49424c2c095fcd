// POST /h5p/content/bulk: publish, unpublish or delete several content items at once. Each item goes through the
// same service function (and owner rule) as its single-item route; one item's refusal does not stop the others.
// An item the caller may not read is answered exactly like a missing one (404 Content not found), so the owner
// refusals ("Only the owner can …") never tell a caller that someone's private item exists (issue 22 item 12).
import { z } from 'zod';
import type { Principal } from '@/lib/auth/types';
import type { User } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { CONTENT_NOT_FOUND, canReadContent, readerOf } from './access';
import { deleteContent, setVisibility } from './content';

export const BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export const bulkBody = z.object({
  action: z.enum(BULK_ACTIONS),
  contentIds: z.array(z.string().min(1).max(100)).min(1).max(100),
});
export type BulkBody = z.output<typeof bulkBody>;

/** One item's outcome: its error text when it was refused. */
export const bulkResultSchema = z.object({ contentId: z.string(), success: z.boolean(), error: z.string().optional() });
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkResultsSchema = z.object({ results: z.array(bulkResultSchema) });

const FAILED: Record<BulkBody['action'], string> = { publish: 'Failed to publish content', unpublish: 'Failed to unpublish content', delete: 'Failed to delete content' };

export async function bulkContentAction(principal: Principal | null, user: User, body: BulkBody): Promise<{ results: BulkResult[] }> {
  const results: BulkResult[] = [];
  const reader = readerOf(principal, user);
  for (const contentId of [...new Set(body.contentIds)]) {
    try {
      if (!(await canReadContent(reader, contentId))) throw new AppError(404, CONTENT_NOT_FOUND);
      if (body.action === 'delete') await deleteContent(user, contentId);
      else await setVisibility(user, contentId, body.action === 'publish' ? 'public' : 'private');
      results.push({ contentId, success: true });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        results.push({ contentId, success: false, error: err.message });
      } else {
        log.error({ err, contentId, action: body.action }, 'bulk content action failed for one item');
        results.push({ contentId, success: false, error: FAILED[body.action] });
      }
    }
  }
  return { results };
}
