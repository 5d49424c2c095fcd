'use client';
// The collection page's recommendations (POST /api/ai/recommendations): public items that fill the collection's
// Bloom's gaps, ranked with a reason; each can be added to the collection. One AI credit.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { AI_ERROR_CODES } from '@/lib/ai/error-codes';
import { BLOOM_LEVELS, type BloomLevel } from '@/lib/content/blooms';
import { ActionSection, ErrorLine, FIELD_LABEL, GROW, ROW, RunButton, Status, TEXT, Upgrade } from '../parts';
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

const LIST = { listStyle: 'none', padding: 0, margin: '0.5rem 0 0', display: 'grid', gap: '0.6rem' } as const;
const CARD_ITEM = { border: '1px solid var(--border)', borderRadius: '8px', padding: '0.6rem 0.75rem', minWidth: 0 } as const;

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
        <form onSubmit={(e) => void onRecommend(e)} noValidate style={ROW}>
          <div style={GROW}>
            <label htmlFor="ai-recommend-objective" style={FIELD_LABEL}>
              {t('collection.recommend.objective')}
            </label>
            <input
              id="ai-recommend-objective"
              data-testid="ai-recommend-objective"
              value={objective}
              onChange={(e) => setObjective(e.target.value)}
              maxLength={500}
              autoComplete="off"
            />
          </div>
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
        <div data-testid="ai-recommendations" style={{ marginTop: '0.75rem' }}>
          <p style={TEXT} data-testid="ai-recommendation-gaps">
            {rec.gaps.length ? t('collection.recommend.gaps', { levels: rec.gaps.map(levelName).join(', ') }) : t('collection.recommend.noGaps')}
          </p>
          {rec.recommendations.length ? (
            <ul style={LIST}>
              {rec.recommendations.map((r, i) => {
                const state = added[r.contentId];
                return (
                  <li key={r.contentId} data-testid="ai-recommendation" style={CARD_ITEM}>
                    <p style={{ ...TEXT, fontWeight: 600 }}>
                      <Link id={`ai-recommendation-${i}`} href={`/marketplace/${encodeURIComponent(r.contentId)}`} data-testid="ai-recommendation-title">
                        {r.title}
                      </Link>
                    </p>
                    <p className="muted" style={{ ...TEXT, fontSize: '0.9rem' }}>
                      {aiTypeName(t, r.mainLibrary)}
                      {r.bloomsLevel ? ` · ${t('collection.recommend.level', { level: levelName(r.bloomsLevel) })}` : ''}{' '}
                      {r.fillsGap ? (
                        <span className="plan-badge" data-testid="ai-recommendation-gap" style={{ textTransform: 'none' }}>
                          {t('collection.recommend.fillsGap')}
                        </span>
                      ) : null}
                    </p>
                    <p style={TEXT} data-testid="ai-recommendation-reason">
                      {r.reason}
                    </p>
                    {state === 'added' || state === 'exists' ? (
                      <p className="muted" style={{ ...TEXT, fontSize: '0.9rem' }} data-testid="ai-recommendation-added">
                        {state === 'added' ? t('collection.recommend.added') : t('collection.recommend.exists')}
                      </p>
                    ) : (
                      <button
                        type="button"
                        className="small"
                        data-testid="ai-recommendation-add"
                        aria-disabled={state === 'adding' ? true : undefined}
                        aria-describedby={`ai-recommendation-${i}`}
                        onClick={() => void addItem(r.contentId)}
                        style={{ width: 'auto', margin: '0.25rem 0 0' }}
                      >
                        {state === 'adding' ? t('collection.recommend.adding') : t('collection.recommend.add')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="muted" style={TEXT} data-testid="ai-recommendations-empty">
              {t('collection.recommend.none')}
            </p>
          )}
        </div>
      ) : null}
    </ActionSection>
  );
}
