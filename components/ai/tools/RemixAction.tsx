'use client';
// The content page's remix (POST /api/ai/content/:id/remix): the item remade as another type, saved as a new
// private item. One AI credit.
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { Field } from '@/components/ui';
import { ActionSection, ErrorLine, MadeLine, RunButton, Status, Upgrade, aiStyles as styles } from '../parts';
import { AI_TYPES, AI_TYPE_KEY, type AiToolGate, type AiType, type SetCredits } from '../shared';
import { useAiRun } from '../useAiRun';
import type { Made } from './made';

export function RemixAction({
  base,
  contentType,
  gate,
  noCredits,
  setCredits,
}: {
  base: string;
  /** the item's machine name: the other types are offered */
  contentType: string;
  gate: AiToolGate;
  noCredits: boolean;
  setCredits: SetCredits;
}) {
  const t = useTranslations('ai');
  const remixAction = useAiRun<Made>(setCredits);
  const remixTypes = AI_TYPES.filter((ty) => ty !== contentType);
  const [remixType, setRemixType] = useState<AiType>(remixTypes[0] ?? 'H5P.MultiChoice');

  const onRemix = (e: FormEvent) => {
    e.preventDefault();
    if (remixAction.busy || noCredits) return;
    void remixAction.run(() => callApi<Made>('POST', `${base}/remix`, { contentType: remixType, save: true }));
  };

  return (
    <ActionSection name="ai-remix" title={t('tools.remix.title')} help={t('tools.remix.help')}>
      {gate.allowed ? (
        <form onSubmit={onRemix} noValidate className={styles.row}>
          <Field label={t('tools.remix.type')} htmlFor="ai-remix-type" className={styles.grow}>
            <select id="ai-remix-type" data-testid="ai-remix-type" value={remixType} onChange={(e) => setRemixType(e.target.value as AiType)} className={styles.full}>
              {remixTypes.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`types.${AI_TYPE_KEY[ty]}`)}
                </option>
              ))}
            </select>
          </Field>
          <RunButton describedBy="ai-tools-credits" testId="ai-remix-run" blocked={noCredits} busy={remixAction.busy}>
            {t('tools.remix.run')}
          </RunButton>
        </form>
      ) : (
        <Upgrade plan={gate.plan} />
      )}
      <Status busy={remixAction.busy} text={t('tools.remix.busy')}>
        {remixAction.result ? <MadeLine made={remixAction.result} /> : null}
      </Status>
      <ErrorLine testId="ai-action-error" id="ai-remix-error" text={remixAction.error} />
    </ActionSection>
  );
}
