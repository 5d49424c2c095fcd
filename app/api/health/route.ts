import { healthReport } from '@/lib/health/check';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'check health', auth: 'none' }, async () => {
  const report = await healthReport();
  return Response.json(report, { status: report.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});
