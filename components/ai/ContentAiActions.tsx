'use client';
// AI actions on a content item (issue 13 item 6), on the content page for teachers and admins who can read it:
// Bloom's critique with rewrite suggestions (POST /api/ai/content/:id/critique), an easier / harder /
// reading-level variant (…/differentiate) and the item remade as another type (…/remix), both saved as a new
// private item that opens in the editor. Each takes one AI credit; the credits left come from the server page,
// then from each answer. What the plan lacks is decided on the server: those actions show an upgrade prompt
// instead of their button. Without an AI provider one line says so (an admin is pointed to the Create with AI
// page, which explains the setup; anyone else to their administrator). A busy button stays focusable (aria-disabled), so the keyboard focus is never lost to the page.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { CreditsLine, ToolsCard, aiStyles as styles } from './parts';
import { creditsLeft, type AiCredits, type AiToolGate } from './shared';
import { CritiqueAction } from './tools/CritiqueAction';
import { DifferentiateAction } from './tools/DifferentiateAction';
import { RemixAction } from './tools/RemixAction';

export type { AiToolGate } from './shared';

export function ContentAiActions({
  contentId,
  contentType,
  configured,
  admin = false,
  credits: initialCredits,
  critique: critiqueGate,
  differentiate: differentiateGate,
  remix: remixGate,
  differentiable,
}: {
  contentId: string;
  /** the item's machine name, e.g. H5P.MultiChoice */
  contentType: string;
  /** whether an AI provider is configured (aiConfigured()) */
  configured: boolean;
  /** whether the caller is an admin: without an AI provider an admin is pointed to the setup, others to their administrator */
  admin?: boolean;
  /** the caller's AI credits (null when AI is not configured) */
  credits: AiCredits | null;
  critique: AiToolGate;
  differentiate: AiToolGate;
  remix: AiToolGate;
  /** whether the AI can write the item's own type (a variant keeps the type) */
  differentiable: boolean;
}) {
  const t = useTranslations('ai');
  const [credits, setCredits] = useState<AiCredits>(initialCredits ?? { used: 0, limit: 0 });
  const base = `/api/ai/content/${encodeURIComponent(contentId)}`;
  const noCredits = creditsLeft(credits) <= 0;
  const action = { base, noCredits, setCredits };

  return (
    <ToolsCard titleId="ai-tools-title" testId="ai-tools" configured={configured} admin={admin}>
      <p className={styles.intro}>{t('tools.intro')}</p>
      <CreditsLine id="ai-tools-credits" testId="ai-tools-credits" credits={credits} cost={t('tools.cost')} />
      {/* 1. Bloom's critique */}
      <CritiqueAction gate={critiqueGate} {...action} />
      {/* 2. Differentiation: a variant of the same type */}
      <DifferentiateAction gate={differentiateGate} differentiable={differentiable} {...action} />
      {/* 3. Remix: the item as another type */}
      <RemixAction gate={remixGate} contentType={contentType} {...action} />
    </ToolsCard>
  );
}
