'use client';
// The collection page's recommendations (POST /api/ai/recommendations): public items that fill the collection's
// Bloom's gaps, ranked with a reason; each can be added to the collection. One AI credit.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Plus } from 'lucide-react';
import { callApi } from '@/components/shared/api';
import { AI_ERROR_CODES } from '@/lib/ai/error-codes';
import { BLOOM_LEVELS, type BloomLevel } from '@/lib/content/blooms';
import { Badge, Button, Field } from '@/components/ui';
import { ActionSection, ErrorLine, RunButton, Status, Upgrade, aiStyles as styles, cx } from '../parts';
import { aiErrorCode, aiTypeName, type AiCredits, type AiToolGate, type SetCredits } from '../shared';
import { useAiRun } from '../useAiRun';

interface Recommendation {
  contentId: string;
  title: string;
  mainLibrary: string;
  bloomsLevel: string | null;
  fillsGap: boolean;
  reason: string;
}
interface Recommended {
  gaps: string[];
  recommendations: Recommendation[];
  credits: AiCredits;
}

const isBlooms = (l: string | null): l is BloomLevel => !!l && (BLOOM_LEVELS as readonly string[]).includes(l);

export function RecommendAction({ collectionId, gate, noCredits, setCredits }: { collectionId: string; gate: AiToolGate; noCredits: boolean; setCredits: SetCredits }) {
  const t = useTranslations('ai');
  const router = useRouter();
  const recommend = useAiRun<Recommended>(setCredits);
  const [objective, setObjective] = useState('');
  /** per recommended item: being added, added (or already there) */
  const [added, setAdded] = useState<Record<string, 'adding' | 'added' | 'exists'>>({});

  const onRecommend = async (e: FormEvent) => {
    e.preventDefault();
    if (recommend.busy || noCredits) return;
    setAdded({});
    const goal = objective.trim();
    await recommend.run(() => callApi<Recommended>('POST', '/api/ai/recommendations', { collectionId, ...(goal ? { objective: goal } : {}) }));
  };

  const addItem = async (contentId: string) => {
    if (added[contentId]) return;
    setAdded((a) => ({ ...a, [contentId]: 'adding' }));
    recommend.setError(null);
    try {
      await callApi('POST', `/api/collections/${encodeURIComponent(collectionId)}/items`, { contentId });
      setAdded((a) => ({ ...a, [contentId]: 'added' }));
      // the page's item list (the collection editor) is rebuilt by the server page
      router.refresh();
    } catch (err) {
      if (aiErrorCode(err) === AI_ERROR_CODES.itemExists) {
        setAdded((a) => ({ ...a, [contentId]: 'exists' }));
        return;
      }
      setAdded((a) => {
        const rest = { ...a };
        delete rest[contentId];
        return rest;
      });
      recommend.setError(t('collection.recommend.addFailed', { error: (err as Error).message }));
    }
  };

  const levelName = (l: string) => (isBlooms(l) ? t(`bloomsLevels.${l}`) : l);
  const rec = recommend.result;
  return (
    <ActionSection name="ai-recommend" title={t('collection.recommend.title')} help={t('collection.recommend.help')}>
      {gate.allowed ? (
        <form onSubmit={(e) => void onRecommend(e)} noValidate className={styles.row}>
          <Field label={t('collection.recommend.objective')} htmlFor="ai-recommend-objective" className={styles.grow}>
            <input
              id="ai-recommend-objective"
              data-testid="ai-recommend-objective"
              value={objective}
              onChange={(e) => setObjective(e.target.value)}
              maxLength={500}
              autoComplete="off"
            />
          </Field>
          <RunButton describedBy="ai-collection-credits" testId="ai-recommend-run" blocked={noCredits} busy={recommend.busy}>
            {t('collection.recommend.run')}
          </RunButton>
        </form>
      ) : (
        <Upgrade plan={gate.plan} />
      )}
      <Status busy={recommend.busy} text={t('collection.recommend.busy')}>
        {rec ? <span className="sr-only">{t('collection.recommend.done', { count: rec.recommendations.length })}</span> : null}
      </Status>
      <ErrorLine testId="ai-collection-error" id="ai-recommend-error" text={recommend.error} />
      {rec ? (
        <div data-testid="ai-recommendations" className={styles.result}>
          <p className={styles.text} data-testid="ai-recommendation-gaps">
            {rec.gaps.length ? t('collection.recommend.gaps', { levels: rec.gaps.map(levelName).join(', ') }) : t('collection.recommend.noGaps')}
          </p>
          {rec.recommendations.length ? (
            <ul className={styles.list}>
              {rec.recommendations.map((r, i) => {
                const state = added[r.contentId];
                return (
                  <li key={r.contentId} data-testid="ai-recommendation" className={styles.item}>
                    <p className={cx(styles.text, styles.strong)}>
                      <Link id={`ai-recommendation-${i}`} href={`/marketplace/${encodeURIComponent(r.contentId)}`} data-testid="ai-recommendation-title">
                        {r.title}
                      </Link>
                    </p>
                    <p className={styles.meta}>
                      <span>
                        {aiTypeName(t, r.mainLibrary)}
                        {r.bloomsLevel ? ` · ${t('collection.recommend.level', { level: levelName(r.bloomsLevel) })}` : ''}
                      </span>{' '}
                      {r.fillsGap ? (
                        <Badge tone="success" data-testid="ai-recommendation-gap">
                          {t('collection.recommend.fillsGap')}
                        </Badge>
                      ) : null}
                    </p>
                    <p className={styles.text} data-testid="ai-recommendation-reason">
                      {r.reason}
                    </p>
                    {state === 'added' || state === 'exists' ? (
                      <p className={styles.meta} data-testid="ai-recommendation-added">
                        {state === 'added' ? t('collection.recommend.added') : t('collection.recommend.exists')}
                      </p>
                    ) : (
                      <Button
                        size="sm"
                        icon={Plus}
                        className={styles.stop}
                        data-testid="ai-recommendation-add"
                        aria-disabled={state === 'adding' ? true : undefined}
                        aria-describedby={`ai-recommendation-${i}`}
                        onClick={() => void addItem(r.contentId)}
                      >
                        {state === 'adding' ? t('collection.recommend.adding') : t('collection.recommend.add')}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={styles.meta} data-testid="ai-recommendations-empty">
              {t('collection.recommend.none')}
            </p>
          )}
        </div>
      ) : null}
    </ActionSection>
  );
}
