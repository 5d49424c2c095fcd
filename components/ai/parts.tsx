'use client';
// Small pieces the AI tools share (the content page's and the collection page's): their card and action sections,
// the run button, the upgrade prompt, the progress and error lines, the new item's line and the credits left.
import Link from 'next/link';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { creditsLeft, type AiCredits } from './shared';
import { BLOOM_LEVELS, type BloomLevel } from '@/lib/content/blooms';

// the layout of the tools' actions (kept as they were written in each page)
export const ACTION = { borderTop: '1px solid var(--border)', paddingTop: '1rem', marginTop: '1rem' } as const;
export const H3 = { fontSize: '1.05rem', margin: '0 0 0.25rem' } as const;
export const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '0.5rem 0.75rem' } as const;
export const GROW = { flex: '1 1 14rem', minWidth: 0, maxWidth: '28rem' } as const;
export const FIELD_LABEL = { marginTop: '0.5rem' } as const;
export const RADIO_LABEL = { display: 'inline-flex', alignItems: 'center', gap: '0.4rem', margin: 0, fontWeight: 400, cursor: 'pointer' } as const;
export const TEXT = { overflowWrap: 'anywhere', margin: '0.25rem 0' } as const;

/** The tools' card: its title, then the actions — or, without an AI provider, a line pointing to the setup. */
export function ToolsCard({ titleId, testId, configured, children }: { titleId: string; testId: string; configured: boolean; children: ReactNode }) {
  const t = useTranslations('ai');
  return (
    <section className="card" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} style={{ marginTop: 0 }}>
        {t('tools.title')}
      </h2>
      {configured ? (
        children
      ) : (
        <p data-testid="ai-tools-not-configured" style={{ margin: 0 }}>
          {t('tools.notConfigured')} <Link href="/content/ai">{t('tools.howToConfigure')}</Link>
        </p>
      )}
    </section>
  );
}

/** One action of the tools: its heading (`<name>-title`) and help, then its form, progress and outcome. */
export function ActionSection({ name, title, help, children }: { name: string; title: string; help: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${name}-title`} data-testid={name} style={ACTION}>
      <h3 id={`${name}-title`} style={H3}>
        {title}
      </h3>
      <p className="muted" style={{ margin: 0 }}>
        {help}
      </p>
      {children}
    </section>
  );
}

/** An action's live region: its progress while it runs, then what it made. */
export function Status({ busy, text, children }: { busy: boolean; text: string; children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {busy ? (
        <div style={{ marginTop: '0.75rem' }}>
          <p style={{ margin: '0 0 0.35rem', fontWeight: 600 }}>{text}</p>
          <progress aria-label={text} />
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
    <p className="notice notice-success" data-testid="ai-action-result" style={{ margin: '0.75rem 0 0', overflowWrap: 'anywhere' }}>
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
    <button
      type="submit"
      className="primary"
      data-testid={testId}
      aria-disabled={blocked || busy ? true : undefined}
      aria-describedby={describedBy}
      style={{
        width: 'auto',
        margin: 0,
        padding: '0.6rem 1.25rem',
        ...(blocked || busy ? { opacity: 0.6, cursor: busy ? 'progress' : 'not-allowed' } : {}),
      }}
    >
      {children}
    </button>
  );
}

/** What a plan without the feature sees instead of the action. */
export function Upgrade({ plan }: { plan: string }) {
  const t = useTranslations('ai.tools');
  return (
    <p className="notice" data-testid="ai-upgrade" style={{ margin: '0.5rem 0 0' }}>
      {t.rich('upgrade', { plan, strong: (chunks) => <strong>{chunks}</strong> })} <Link href="/plans">{t('seePlans')}</Link>
    </p>
  );
}

/** An action's error, announced. */
export function ErrorLine({ id, text, testId }: { id: string; text: string | null; testId: string }) {
  return text ? (
    <p id={id} className="error" role="alert" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </p>
  ) : null;
}

/**
 * The AI credits left, where they are spent: `… AI generations left this month. <cost>` — or, when none are left, a
 * notice with a link to the plans. `id` is what the actions' buttons are described by.
 */
export function CreditsLine({ id, testId, credits, cost, style }: { id: string; testId: string; credits: AiCredits; cost: string; style?: CSSProperties }) {
  const t = useTranslations('ai.credits');
  const left = creditsLeft(credits);
  return left <= 0 ? (
    <p id={id} className="notice" data-testid={testId} style={{ margin: 0, ...style, textAlign: undefined }}>
      {t('none', { limit: credits.limit })} <Link href="/plans">{t('plans')}</Link>
    </p>
  ) : (
    <p id={id} className="muted" data-testid={testId} style={{ margin: 0, ...style }}>
      {credits.limit === -1 ? t('unlimited') : t('left', { left, limit: credits.limit })}
      {'. '}
      {cost}
    </p>
  );
}

/** A Bloom's level select whose empty choice (`anyLabel`) means any level. */
export function BloomsSelect({ id, value, onChange, anyLabel, style }: { id: string; value: BloomLevel | ''; onChange: (v: BloomLevel | '') => void; anyLabel: string; style?: CSSProperties }) {
  const t = useTranslations('ai');
  return (
    <select id={id} data-testid={id} value={value} onChange={(e) => onChange(e.target.value as BloomLevel | '')} style={style}>
      <option value="">{anyLabel}</option>
      {BLOOM_LEVELS.map((b) => (
        <option key={b} value={b}>
          {t(`bloomsLevels.${b}`)}
        </option>
      ))}
    </select>
  );
}
