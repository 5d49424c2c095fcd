import { healthReport, healthReportSchema } from '@/lib/health/check';
import { fastRoute, jsonResponse } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// a load balancer's probe is never refused (unlimited: no 429 whatever the address); the request's one store
// round trip is still made and is the Redis check (no second call)
export const GET = fastRoute(
  {
    action: 'check health',
    auth: 'none',
    unlimited: true,
    tenantless: true,
    summary: 'Health of the database and the cache',
    description: '200 when every check passes; 503 with the same body when one or more fail. Never rate limited (a load balancer probes it).',
    tags: ['Service'],
    response: { kind: 'json', description: 'status (ok, degraded or error), timestamp, checks.database and checks.redis', schema: healthReportSchema },
  },
  async (ctx) => {
    const report = await healthReport(ctx.limiter);
    return jsonResponse(report, { status: report.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } }, ctx.req);
  },
);
