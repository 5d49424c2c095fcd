'use client';
// Per-content actions: visibility toggle, export (.h5p, SCORM and cmi5 with the author's pass mark), delete confirmed in a dialog. Outcomes show a
// toast; a failure also stays next to the actions (action-error).
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';
import { download, h5pApi } from './api';
import { DeleteItemDescription } from './library/DeleteWarnings';

export function ContentActions({
  contentId,
  visibility: initial,
  title,
  scormPlan,
  onDeleted,
  usedInCollections = 0,
}: {
  contentId: string;
  visibility: 'private' | 'public';
  title: string;
  /** set when the caller's plan lacks SCORM export: the name of the plan that unlocks it */
  scormPlan?: string | null;
  /** called after a delete (a list reloads itself); without it the page goes to My content */
  onDeleted?: () => void;
  /** the collections (anyone's) that hold the item: the delete dialog warns about them */
  usedInCollections?: number;
}) {
  const t = useTranslations('content');
  const toast = useToast();
  const router = useRouter();
  const [visibility, setVisibility] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  // the mastery score of SCORM/cmi5 packages: empty = the content's own pass mark, else 100 % (decided by the server)
  const [mastery, setMastery] = useState('');
  const run = async (failure: string, fn: () => Promise<void>) => {
    setMessage(null);
    try {
      await fn();
    } catch (e) {
      const text = (e as Error).message;
      setMessage(text);
      toast({ title: failure, description: text, tone: 'error' });
    }
  };
  const id = encodeURIComponent(contentId);
  const exportFile = (path: string, name: string) =>
    run(t('actions.exportFailed'), () => download(path, name, (status) => t('actions.downloadFailed', { status })));
  const masteryValid = mastery.trim() === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(mastery.trim()) && Number(mastery) <= 100);
  const withMastery = (path: string) => {
    const m = mastery.trim();
    return m ? `${path}${path.includes('?') ? '&' : '?'}masteryScore=${encodeURIComponent(m)}` : path;
  };
  const exportPackage = (path: string, name: string) => {
    if (!masteryValid) {
      setMessage(t('actions.masteryScoreInvalid'));
      return;
    }
    void exportFile(withMastery(path), name);
  };
  return (
    <span className="content-actions">
      <button
        type="button"
        data-testid="toggle-visibility"
        onClick={() =>
          run(t('actions.visibilityFailed', { title }), async () => {
            const next = visibility === 'public' ? 'private' : 'public';
            const r = await h5pApi<{ visibility: 'private' | 'public' }>('PATCH', `/h5p/content/${id}/visibility`, { visibility: next });
            setVisibility(r.visibility);
            toast({ title: r.visibility === 'public' ? t('actions.published', { title }) : t('actions.madePrivate', { title }) });
          })
        }
      >
        {visibility === 'public' ? t('actions.makePrivate') : t('actions.publish')}
      </button>{' '}
      <span data-testid="visibility" className="plan-badge">
        {t(`visibilityValue.${visibility}`)}
      </span>{' '}
      <button type="button" data-testid="export" onClick={() => exportFile(`/h5p/content/${id}/export`, `${title}.h5p`)}>
        {t('actions.exportH5p')}
      </button>{' '}
      {scormPlan ? (
        <span className="gated" data-testid="scorm-gated">
          {t.rich('actions.scormGated', { plan: scormPlan, strong: (chunks) => <strong>{chunks}</strong> })}{' '}
          <a href="/plans" data-testid="scorm-upgrade">
            {t('actions.upgrade')}
          </a>
        </span>
      ) : (
        <>
          <label className="mastery-score" title={t('actions.masteryScoreHint')}>
            {t('actions.masteryScore')}{' '}
            <input
              type="text"
              inputMode="decimal"
              size={4}
              data-testid="export-mastery-score"
              value={mastery}
              aria-invalid={!masteryValid}
              aria-describedby={`mastery-hint-${id}`}
              onChange={(e) => setMastery(e.target.value)}
            />
          </label>
          <span id={`mastery-hint-${id}`} hidden>
            {t('actions.masteryScoreHint')}
          </span>{' '}
          <button type="button" data-testid="export-scorm-12" onClick={() => exportPackage(`/h5p/content/${id}/export-scorm?version=1.2`, `${title}_scorm1.2.zip`)}>
            SCORM 1.2
          </button>{' '}
          <button type="button" data-testid="export-scorm-2004" onClick={() => exportPackage(`/h5p/content/${id}/export-scorm?version=2004`, `${title}_scorm2004.zip`)}>
            SCORM 2004
          </button>{' '}
          {/* cmi5-launch comes with the same plans as scorm-export (Pro and Premium) */}
          <button type="button" data-testid="export-cmi5" onClick={() => exportPackage(`/h5p/content/${id}/export-cmi5`, `${title}_cmi5.zip`)}>
            cmi5
          </button>
        </>
      )}{' '}
      <ConfirmDialog
        testId="delete-dialog"
        title={t('actions.deleteTitle', { title })}
        description={<DeleteItemDescription visibility={visibility} usage={{ contentId, visibility, collections: usedInCollections }} />}
        confirmLabel={t('actions.deleteConfirm')}
        onConfirm={() =>
          run(t('actions.deleteFailed', { title }), async () => {
            await h5pApi('DELETE', `/h5p/content/${id}`);
            toast({ title: t('actions.deleted', { title }) });
            if (onDeleted) onDeleted();
            else {
              router.push('/content');
              router.refresh();
            }
          })
        }
        trigger={
          <button type="button" data-testid="delete">
            {t('actions.delete')}
          </button>
        }
      />
      {message ? (
        <span className="error" data-testid="action-error">
          {' '}
          {message}
        </span>
      ) : null}
    </span>
  );
}
