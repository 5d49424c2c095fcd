import { z } from 'zod';
import { syncHistory, syncLogViewSchema } from '@/lib/curriculum/read';
import { historyQuery } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get sync history', auth: 'none', query: historyQuery, summary: 'Sync log, newest first', tags: ['Curriculum'], response: z.array(syncLogViewSchema) },
  async (ctx) => {
    return reply(await syncHistory(ctx.query.limit));
  },
);
