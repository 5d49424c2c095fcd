import { healthReport } from '@/lib/health/check';
import { jsonResponse, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'check health', auth: 'none' }, async (ctx) => {
  // the request's rate-limit round trip is the Redis check (no second call)
  const report = await healthReport(ctx.limiter);
  return jsonResponse(report, { status: report.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } }, ctx.req);
});
