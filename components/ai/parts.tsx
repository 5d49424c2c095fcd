'use client';
// Small pieces the AI tools share (the content page's and the collection page's): their card and action sections,
// the run button, the upgrade prompt, the progress and error lines, the new item's line and the credits left.
// Styled by ai.module.css on the design tokens and the kit (components/ui).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Sparkles } from 'lucide-react';
import { Button, Card } from '@/components/ui';
import { creditsLeft, type AiCredits } from './shared';
import { BLOOM_LEVELS, type BloomLevel } from '@/lib/content/blooms';
import styles from './ai.module.css';

export const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ');
export { styles as aiStyles };

/**
 * The tools' card: its title, then the actions — or, without an AI provider, a line saying so: an admin is pointed
 * to the setup (the Create with AI page), anyone else is asked to turn to their administrator.
 */
export function ToolsCard({ titleId, testId, configured, admin = false, children }: { titleId: string; testId: string; configured: boolean; admin?: boolean; children: ReactNode }) {
  const t = useTranslations('ai');
  return (
    <Card className={styles.card} aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className={styles.cardTitle}>
        <Sparkles aria-hidden size={20} />
        {t('tools.title')}
      </h2>
      {configured ? (
        children
      ) : (
        <p data-testid="ai-tools-not-configured" className={styles.plain}>
          {t('tools.notConfigured')} {admin ? <Link href="/content/ai">{t('tools.howToConfigure')}</Link> : t('tools.askAdmin')}
        </p>
      )}
    </Card>
  );
}

/** One action of the tools: its heading (`<name>-title`) and help, then its form, progress and outcome. */
export function ActionSection({ name, title, help, children }: { name: string; title: string; help: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${name}-title`} data-testid={name} className={styles.action}>
      <h3 id={`${name}-title`} className={styles.actionTitle}>
        {title}
      </h3>
      <p className={styles.help}>{help}</p>
      {children}
    </section>
  );
}

/** An action's live region: its progress while it runs, then what it made. */
export function Status({ busy, text, children }: { busy: boolean; text: string; children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {busy ? (
        <div className={styles.busy}>
          <p className={styles.busyText}>{text}</p>
          <progress aria-label={text} className={styles.meter} />
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** A new item an action made: its title and the way into the editor. */
export function MadeLine({ made }: { made: { contentId: string | null; draft: { metadata: { title: string } } } }) {
  const t = useTranslations('ai.tools');
  return made.contentId ? (
    <p className={cx('notice notice-success', styles.callout)} data-testid="ai-action-result">
      {t('made', { title: made.draft.metadata.title })}{' '}
      <Link href={`/content/${encodeURIComponent(made.contentId)}/edit`} data-testid="ai-action-open">
        {t('open')}
      </Link>
    </p>
  ) : null;
}

/** A button that stays focusable while it cannot act (aria-disabled), so the focus stays where the user was. */
export function RunButton({ testId, blocked, busy, describedBy, children }: { testId: string; blocked: boolean; busy: boolean; describedBy: string; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="primary"
      icon={Sparkles}
      className={styles.run}
      data-testid={testId}
      data-busy={busy ? 'true' : undefined}
      aria-disabled={blocked || busy ? true : undefined}
      aria-describedby={describedBy}
    >
      {children}
    </Button>
  );
}

/** What a plan without the feature sees instead of the action. */
export function Upgrade({ plan }: { plan: string }) {
  const t = useTranslations('ai.tools');
  return (
    <p className={cx('notice', styles.callout, styles.tight)} data-testid="ai-upgrade">
      {t.rich('upgrade', { plan, strong: (chunks) => <strong>{chunks}</strong> })} <Link href="/plans">{t('seePlans')}</Link>
    </p>
  );
}

/** An action's error, announced. */
export function ErrorLine({ id, text, testId }: { id: string; text: string | null; testId: string }) {
  return text ? (
    <p id={id} className={cx('error', styles.error)} role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

/**
 * The AI credits left, where they are spent: `… AI generations left this month. <cost>` — or, when none are left, a
 * notice with a link to the plans. `id` is what the actions' buttons are described by.
 */
export function CreditsLine({ id, testId, credits, cost, className }: { id: string; testId: string; credits: AiCredits; cost: string; className?: string }) {
  const t = useTranslations('ai.credits');
  const left = creditsLeft(credits);
  return left <= 0 ? (
    <p id={id} className={cx('notice', styles.creditsNone, className)} data-testid={testId}>
      {t('none', { limit: credits.limit })} <Link href="/plans">{t('plans')}</Link>
    </p>
  ) : (
    <p id={id} className={cx(styles.credits, className)} data-testid={testId}>
      {credits.limit === -1 ? t('unlimited') : t('left', { left, limit: credits.limit })}
      {'. '}
      {cost}
    </p>
  );
}

/** A Bloom's level select whose empty choice (`anyLabel`) means any level. */
export function BloomsSelect({ id, value, onChange, anyLabel, className }: { id: string; value: BloomLevel | ''; onChange: (v: BloomLevel | '') => void; anyLabel: string; className?: string }) {
  const t = useTranslations('ai');
  return (
    <select id={id} data-testid={id} value={value} onChange={(e) => onChange(e.target.value as BloomLevel | '')} className={className}>
      <option value="">{anyLabel}</option>
      {BLOOM_LEVELS.map((b) => (
        <option key={b} value={b}>
          {t(`bloomsLevels.${b}`)}
        </option>
      ))}
    </select>
  );
}
