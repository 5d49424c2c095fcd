'use client';
// "Create with AI" (issue 13): a source (a topic, a pasted text, a web page, a PDF, an image or a video), a content
// type and its options, and optionally a curriculum objective. A synchronous source gives a draft (save: false,
// one AI credit) from POST /api/ai/generate, …/generate/url, …/generate/branching-scenario or
// …/generate/image-hotspots, shown readably for review with an editable title → saved with POST /h5p/content (the
// editor's path; the objective is saved as the item's curriculum metadata) → the editor. A PDF or a video runs as
// a job (components/ai/create/JobPanel.tsx) that saves the item itself. The sources and types the plan lacks show
// an upgrade prompt instead of their fields (decided on the server page). The credits left come from the server
// page first, then from each answer. Errors are shown in an alert that takes the focus; the form keeps what was
// typed. This file composes the sections (components/ai/create/*); what is typed lives in useCreateForm, what is
// done with it (generating, the draft, saving, the credits) in useCreateRun.
import type { FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { Sparkles } from 'lucide-react';
import { Button, Card } from '@/components/ui';
import { CreditsLine, Upgrade, aiStyles as styles } from './parts';
import { creditsLeft, type AiCredits } from './shared';
import { choicesOf, SOURCE_GATE, useCreateForm, type CreateWithAiGates, type Source } from './create/form';
import { ErrorBox, fieldErrors } from './create/FormError';
import { JobPanel } from './create/JobPanel';
import { OptionFields } from './create/OptionFields';
import { Preview } from './create/Preview';
import { countOf, prepareRequest, type CreateRequest } from './create/request';
import { SourceFields, SourcePicker } from './create/SourceFields';
import { useCreateRun } from './create/useCreateRun';

export type { AiCredits } from './shared';
export type { AiFeatureGate, CreateWithAiGates } from './create/form';
export { textOf } from './create/DraftView';

export function CreateWithAi({
  initialCredits,
  defaultLanguage,
  languages,
  gates,
  curriculum,
}: {
  initialCredits: AiCredits;
  /** the interface's language */
  defaultLanguage: string;
  /** the content languages offered, named in the interface's language */
  languages: { code: string; name: string }[];
  /** the plan-gated sources and types */
  gates: CreateWithAiGates;
  /** what the curriculum objective picker can offer */
  curriculum: CurriculumState;
}) {
  const t = useTranslations('ai');
  const { values, set } = useCreateForm(defaultLanguage);
  const run = useCreateRun(initialCredits);
  const { busy, credits, draft, error, job } = run;
  const choices = choicesOf(values, gates);
  const { blocked, gate, isJob } = choices;
  const noCredits = creditsLeft(credits) <= 0;
  const languageName = (code: string) => languages.find((l) => l.code === code)?.name ?? code;

  const changeSource = (s: Source) => {
    set('source', s);
    run.clearError();
  };

  /** the form's values checked: the request to send, or null (the field's error is shown) */
  const prepare = (): CreateRequest | null => {
    const n = countOf(values, choices);
    if (choices.counted) set('count', String(n));
    const prepared = prepareRequest(values, choices, n, t);
    if ('invalid' in prepared) {
      run.invalid(prepared.invalid.field, prepared.invalid.message);
      return null;
    }
    return prepared.request;
  };
  const generate = (from: 'form' | 'preview') => run.generate(from, blocked, prepare, values.objective);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void generate('form');
  };

  return (
    <>
      <Card as="form" className={styles.card} onSubmit={submit} aria-labelledby="ai-form-title" data-testid="ai-form" noValidate>
        <h2 id="ai-form-title" className={styles.cardTitle}>
          {t('form.title')}
        </h2>
        <SourcePicker source={values.source} gates={gates} onChange={changeSource} />

        {SOURCE_GATE[values.source] && blocked ? (
          <Upgrade plan={gate?.plan ?? ''} />
        ) : (
          <>
            <SourceFields values={values} set={set} errors={fieldErrors(error)} />
            <OptionFields values={values} set={set} choices={choices} gates={gates} languages={languages} curriculum={curriculum} />
          </>
        )}

        <ErrorBox error={error} at="form" />
        <div className={styles.submitRow}>
          {blocked ? null : (
            <Button
              type="submit"
              variant="primary"
              icon={Sparkles}
              loading={busy === 'generate'}
              className={styles.run}
              disabled={busy !== null || noCredits}
              aria-describedby={isJob ? 'ai-credits ai-job-hint' : 'ai-credits'}
              data-testid="ai-generate"
            >
              {isJob ? t('form.start') : t('form.generate')}
            </Button>
          )}
          <CreditsLine id="ai-credits" testId="ai-credits" credits={credits} cost={isJob ? t('credits.costJob') : t('credits.cost')} />
        </div>
        <div ref={run.progressRef} role="status" aria-live="polite" data-testid="ai-progress" data-active={busy === 'generate'} className={styles.progress}>
          {busy === 'generate' ? (
            <>
              <p id="ai-progress-text" className={styles.busyText}>
                {isJob ? t('form.starting') : t('form.generating')}
              </p>
              <progress aria-labelledby="ai-progress-text" className={styles.meter} />
            </>
          ) : null}
        </div>
      </Card>

      {job ? <JobPanel key={job.id} initial={job} setCredits={run.setCredits} /> : null}

      {draft ? (
        <Preview
          draft={draft}
          source={run.draftSource}
          objective={run.draftObjective}
          title={run.title}
          onTitle={run.setTitle}
          titleRef={run.titleRef}
          headingRef={run.previewTitleRef}
          busy={busy}
          error={error}
          againDisabled={noCredits || blocked}
          languageName={languageName}
          onSave={() => void run.save(values.difficulty)}
          onAgain={() => void generate('preview')}
        />
      ) : null}
    </>
  );
}
