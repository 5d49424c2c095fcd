'use client';
// Step-by-step guides for registering the tool in Moodle and in Canvas; Canvas cloud's platform values can be
// put into the platform form with one button.
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { BookOpen, Wand2 } from 'lucide-react';
import { Button, Card } from '@/components/ui';
import styles from '../lti.module.css';
import { CANVAS } from './usePlatformForm';
import type { ToolConfig } from './ToolConfigSection';

const MOODLE_STEPS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10'] as const;
const CANVAS_STEPS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10'] as const;

export function GuidesSection({ config, onPrefillCanvas }: { config: ToolConfig; onPrefillCanvas: () => void }) {
  const t = useTranslations('lti');
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  const urls = { launchUrl: config.launchUrl, loginUrl: config.loginUrl, jwksUrl: config.jwksUrl };
  const canvasValues = { ...urls, issuer: CANVAS.issuer, login: CANVAS.authLoginUrl, token: CANVAS.authTokenUrl, keyset: CANVAS.keysetUrl };
  return (
    <Card className={styles.card} aria-labelledby="lti-guides-title" data-testid="lti-guides">
      <h2 id="lti-guides-title" className={styles.cardTitle}>
        <BookOpen aria-hidden size={20} />
        {t('guides.title')}
      </h2>
      <details data-testid="lti-guide-moodle" className={styles.guide}>
        <summary>{t('guides.moodle.title')}</summary>
        <ol className={styles.steps}>
          {MOODLE_STEPS.map((s) => (
            <li key={s}>{t.rich(`guides.moodle.${s}`, { ...urls, code })}</li>
          ))}
        </ol>
      </details>
      <details data-testid="lti-guide-canvas" className={styles.guide}>
        <summary>{t('guides.canvas.title')}</summary>
        <ol className={styles.steps}>
          {CANVAS_STEPS.map((s) => (
            <li key={s}>{t.rich(`guides.canvas.${s}`, { ...canvasValues, code })}</li>
          ))}
        </ol>
        <p className={styles.note}>{t('guides.canvas.note')}</p>
        <p>
          <Button size="sm" icon={Wand2} data-testid="lti-canvas-prefill" onClick={onPrefillCanvas}>
            {t('guides.canvas.prefill')}
          </Button>
        </p>
      </details>
    </Card>
  );
}
