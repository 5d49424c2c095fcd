import type { Usage } from '@/lib/plans/quota';

function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 && i > 0 ? 1 : 0)} ${units[i]}`;
}

function Row({ id, label, used, limit, format = String }: { id: string; label: string; used: number; limit: number; format?: (n: number) => string }) {
  const unlimited = limit === -1;
  const pct = unlimited ? 0 : Math.min(100, limit > 0 ? (used / limit) * 100 : 100);
  return (
    <div className="usage-row" data-testid={`usage-${id}`}>
      <div className="label">
        <span>{label}</span>
        <span>
          {format(used)} / {unlimited ? 'Unlimited' : format(limit)}
        </span>
      </div>
      <div
        className={`bar${!unlimited && used >= limit ? ' full' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={unlimited ? undefined : limit}
        aria-valuenow={used}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

export function UsageBars({ usage }: { usage: Usage }) {
  return (
    <div className="usage">
      <Row id="contents" label="Contents created this month" used={usage.contentsUsed} limit={usage.contentsLimit} />
      <Row id="ai" label="AI generations this month" used={usage.aiUsed} limit={usage.aiLimit} />
      <Row id="storage" label="Storage" used={usage.storageUsed} limit={usage.storageLimit} format={formatBytes} />
    </div>
  );
}
