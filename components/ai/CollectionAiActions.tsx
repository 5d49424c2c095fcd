'use client';
// AI actions on a collection (issue 13 item 6), on the collection page for its owner when they are a teacher or admin:
// recommendations (POST /api/ai/recommendations: public items that fill the collection's Bloom's gaps, ranked with a
// reason; each can be added to the collection) and a lesson bundle (POST /api/ai/jobs/lesson-bundle: a job that writes
// 3 to 6 items for one objective into a NEW collection; polled until it ends, and can be stopped). Recommendations
// take one AI credit, a bundle one per item made. What the plan lacks is decided on the server: those actions show
// an upgrade prompt instead of their button. Without an AI provider one line says so (an admin is pointed to the
// Create with AI page, anyone else to their administrator).
// A busy button stays focusable (aria-disabled), so the keyboard focus is never lost to the page.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { CreditsLine, ToolsCard, aiStyles as styles } from './parts';
import { creditsLeft, type AiCredits, type AiToolGate } from './shared';
import { BundleAction } from './tools/BundleAction';
import { RecommendAction } from './tools/RecommendAction';

export function CollectionAiActions({
  collectionId,
  configured,
  admin = false,
  credits: initialCredits,
  recommend: recommendGate,
  bundle: bundleGate,
}: {
  collectionId: string;
  /** whether an AI provider is configured (aiConfigured()) */
  configured: boolean;
  /** whether the caller is an admin: without an AI provider an admin is pointed to the setup, others to their administrator */
  admin?: boolean;
  /** the caller's AI credits (null when AI is not configured) */
  credits: AiCredits | null;
  recommend: AiToolGate;
  bundle: AiToolGate;
}) {
  const t = useTranslations('ai');
  const [credits, setCredits] = useState<AiCredits>(initialCredits ?? { used: 0, limit: 0 });
  const noCredits = creditsLeft(credits) <= 0;

  return (
    <ToolsCard titleId="ai-collection-title" testId="ai-collection-tools" configured={configured} admin={admin}>
      <p className={styles.intro}>{t('collection.intro')}</p>
      <CreditsLine id="ai-collection-credits" testId="ai-collection-credits" credits={credits} cost={t('collection.cost')} />
      {/* 1. recommendations */}
      <RecommendAction collectionId={collectionId} gate={recommendGate} noCredits={noCredits} setCredits={setCredits} />
      {/* 2. lesson bundle: a new collection */}
      <BundleAction gate={bundleGate} credits={credits} noCredits={noCredits} setCredits={setCredits} />
    </ToolsCard>
  );
}
