// The Bloom's distribution of a collection as bars, each with a marker at the spec's target share (drawn as SVG: the
// shares are the shapes' attributes).
import { useFormatter, useTranslations } from 'next-intl';
import { BLOOM_LEVELS, type BloomLevel } from '@/lib/content/blooms';
import type { BloomsAnalysis } from '@/lib/collections/blooms';
import styles from './BloomsChart.module.css';

export const isBloomsLevel = (v: string | null | undefined): v is BloomLevel => (BLOOM_LEVELS as readonly string[]).includes(v ?? '');

/** The analysis of GET /api/collections/:id/suggestions (lib/collections/blooms.ts). */
export type BloomsAnalysisView = BloomsAnalysis;

export function BloomsChart({ analysis }: { analysis: BloomsAnalysisView }) {
  const t = useTranslations('collections.blooms');
  const format = useFormatter();
  const levelName = (l: string) => (isBloomsLevel(l) ? t(`level.${l}`) : l);
  return (
    <div data-testid="blooms-chart">
      <p>
        {t.rich('score', { score: analysis.score, strong: (chunks) => <strong data-testid="blooms-score">{chunks}</strong> })}
        {analysis.gaps.length ? <span className="muted"> · {t('gaps', { levels: analysis.gaps.map(levelName).join(', ') })}</span> : null}
      </p>
      <div className="blooms" role="img" aria-label={t('chartLabel')}>
        {BLOOM_LEVELS.map((l) => (
          <div className="blooms-row" key={l} data-testid={`blooms-${l}`}>
            <span className={styles.level}>{t(`level.${l}`)}</span>
            <svg className={styles.track} aria-hidden="true" focusable="false">
              <title>{t('barTitle', { actual: format.number(analysis.distribution[l]), target: format.number(analysis.target[l]) })}</title>
              <rect className={styles.rail} x="0" y="3" width="100%" height="16" rx="4" />
              <rect className={styles.actual} x="0" y="3" width={`${Math.min(100, Math.max(0, analysis.distribution[l]))}%`} height="16" rx="4" />
              <rect className={styles.target} x={`${Math.min(100, Math.max(0, analysis.target[l]))}%`} y="0" width="2" height="22" />
            </svg>
            <span className="muted">
              {t('share', {
                share: format.number(analysis.distribution[l]),
                deviation: format.number(analysis.deviation[l], { signDisplay: 'exceptZero' }),
              })}
            </span>
          </div>
        ))}
      </div>
      <p className="muted">{t('legend')}</p>
      {analysis.explanation ? (
        <p className="muted" data-testid="blooms-explanation">
          {t('explainScore', { covered: analysis.explanation.coveredLevels, points: format.number(analysis.explanation.pointsPerLevel, { maximumFractionDigits: 0 }) })}{' '}
          {t('explainDeviation')}{' '}
          {analysis.explanation.classified ? t('explainSource', { fromReports: analysis.explanation.fromReports, classified: analysis.explanation.classified }) : null}
          {analysis.unclassified ? ` ${t('unclassified', { count: analysis.unclassified })}` : null}
        </p>
      ) : null}
    </div>
  );
}
