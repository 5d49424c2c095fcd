'use client';
// Small pieces the AI tools share (the content page's and the collection page's): the run button, the upgrade
// prompt, the error line and the credits left.
import Link from 'next/link';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { creditsLeft, type AiCredits } from './shared';
import { BLOOM_LEVELS, type BloomLevel } from '@/lib/content/blooms';

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
