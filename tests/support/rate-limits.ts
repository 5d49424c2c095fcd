// Since issue 22 item 13 every authenticated caller is rate limited per principal (lib/http/rate-limit.ts), whatever
// the client address: a test that checks something else than the limits with many calls of one user (the fuzz and
// authorization-matrix runs, a load test) starts that user's windows afresh with this, as a new window would.
import { cache, keys } from '@/lib/cache';
import type { Tier } from '@/lib/http/rate-limit';

const TIERS: Tier[] = ['AUTH', 'AI', 'API', 'PUBLIC', 'PLAYER', 'SESSION', 'LTI'];

/** Empties the rate-limit windows of these local users (every tier). */
export async function freshLimits(...userIds: string[]): Promise<void> {
  await cache().del(...userIds.flatMap((id) => TIERS.map((t) => keys.rateLimit(t, `user:${id}`))));
}
