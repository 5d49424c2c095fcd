// The month's usage against the plan's limits: new content, AI generations and storage, each a labelled bar
// ("3 / 30"; a limit of -1 is unlimited: an empty bar) whose value is also spoken in words (aria-valuetext, with
// plurals). The bars are <progress> elements (their length is their value, no style needed).
import { getFormatter, getTranslations } from 'next-intl/server';
import type { Usage } from '@/lib/plans/quota';
import styles from './UsageBars.module.css';

type Formatter = Awaited<ReturnType<typeof getFormatter>>;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

function formatBytes(format: Formatter, n: number): string {
  let i = 0;
  let v = n;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = v < 10 && i > 0 ? 1 : 0;
  return `${format.number(v, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${UNITS[i]}`;
}

function Row({ id, label, used, limit, text, valueText }: { id: string; label: string; used: number; limit: number; text: string; valueText: string }) {
  const unlimited = limit === -1;
  // a limit of 0 reads as full
  const max = unlimited ? 1 : Math.max(limit, 1);
  const value = unlimited ? 0 : limit > 0 ? Math.min(used, limit) : 1;
  return (
    <div className="usage-row" data-testid={`usage-${id}`}>
      <div className="label">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <progress
        className={`${styles.bar}${!unlimited && used >= limit ? ` ${styles.full}` : ''}`}
        aria-label={label}
        max={max}
        value={value}
        aria-valuetext={valueText}
      />
    </div>
  );
}

export async function UsageBars({ usage }: { usage: Usage }) {
  const [t, format] = await Promise.all([getTranslations('workspace'), getFormatter()]);
  const num = (n: number) => format.number(n);
  const bytes = (n: number) => formatBytes(format, n);
  const amount = (used: number, limit: number, show: (n: number) => string) =>
    t('usage.amount', { used: show(used), limit: limit === -1 ? t('usage.unlimited') : show(limit) });
  return (
    <div className="usage">
      <Row
        id="contents"
        label={t('usage.contents')}
        used={usage.contentsUsed}
        limit={usage.contentsLimit}
        text={amount(usage.contentsUsed, usage.contentsLimit, num)}
        valueText={
          usage.contentsLimit === -1
            ? t('usage.contentsValueUnlimited', { used: usage.contentsUsed })
            : t('usage.contentsValue', { used: usage.contentsUsed, limit: num(usage.contentsLimit) })
        }
      />
      <Row
        id="ai"
        label={t('usage.ai')}
        used={usage.aiUsed}
        limit={usage.aiLimit}
        text={amount(usage.aiUsed, usage.aiLimit, num)}
        valueText={usage.aiLimit === -1 ? t('usage.aiValueUnlimited', { used: usage.aiUsed }) : t('usage.aiValue', { used: usage.aiUsed, limit: num(usage.aiLimit) })}
      />
      <Row
        id="storage"
        label={t('usage.storage')}
        used={usage.storageUsed}
        limit={usage.storageLimit}
        text={amount(usage.storageUsed, usage.storageLimit, bytes)}
        valueText={
          usage.storageLimit === -1
            ? t('usage.storageValueUnlimited', { used: bytes(usage.storageUsed) })
            : t('usage.storageValue', { used: bytes(usage.storageUsed), limit: bytes(usage.storageLimit) })
        }
      />
    </div>
  );
}
