'use client';
// The owner's actions on the content page, in its header, on the kit: Results, Publish / Make private, Edit (the
// primary action) and one overflow menu — Export .h5p, SCORM 1.2, SCORM 2004, cmi5, then Delete. A SCORM or cmi5
// export asks for the pass mark (mastery score) in a small dialog first; Delete is confirmed in a dialog that warns
// when the item is public or in collections. Outcomes show a toast; a failure also stays beside the actions
// (action-error). The status badge in the page header (`VisibilityBadge`) follows a change of visibility at once:
// both sit inside `ContentVisibility`, which holds it (no server render: the player keeps its token and state).
import { BarChart3, Download, Globe, Lock, Package, Pencil, Sparkles, Trash2, FileCode } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { createContext, useContext, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Button, ButtonLink, Field, OverflowMenu, type MenuItem } from '@/components/ui';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/Toaster';
import { download, h5pApi } from './api';
import { DeleteItemDescription } from './library/DeleteWarnings';
import styles from './ContentActions.module.css';
import { passMarkOf, withPassMark } from './pass-mark';

export type Visibility = 'private' | 'public';
type VisibilityState = readonly [Visibility, (v: Visibility) => void];

const VisibilityContext = createContext<VisibilityState | null>(null);

/** Holds the item's visibility for the header's badge and the actions (wrap both). */
export function ContentVisibility({ initial, children }: { initial: Visibility; children: ReactNode }) {
  const state = useState<Visibility>(initial);
  return <VisibilityContext.Provider value={state}>{children}</VisibilityContext.Provider>;
}

/** The item's status as a badge; inside `ContentVisibility` it follows Publish / Make private. */
export function VisibilityBadge({ initial }: { initial: Visibility }) {
  const t = useTranslations('content.page');
  const shared = useContext(VisibilityContext);
  const visibility = shared?.[0] ?? initial;
  return (
    <Badge tone={visibility === 'public' ? 'success' : 'neutral'} data-testid="visibility">
      {t(`status.${visibility}`)}
    </Badge>
  );
}

interface PackageExport {
  /** the dialog's title: the menu item's label */
  label: string;
  path: string;
  fileName: string;
}

export function ContentActions({
  contentId,
  visibility: initial,
  title,
  scormPlan,
  onDeleted,
  usedInCollections = 0,
  contentPassMark = null,
}: {
  contentId: string;
  visibility: Visibility;
  title: string;
  /** set when the caller's plan lacks SCORM export: the name of the plan that unlocks it */
  scormPlan?: string | null;
  /** called after a delete (a list reloads itself); without it the page goes to My content */
  onDeleted?: () => void;
  /** the collections (anyone's) that hold the item: the delete dialog warns about them */
  usedInCollections?: number;
  /** the content's own pass mark (a percentage) where its parameters have one: the package's default */
  contentPassMark?: number | null;
}) {
  const t = useTranslations('content');
  const tc = useTranslations('common');
  const toast = useToast();
  const router = useRouter();
  const shared = useContext(VisibilityContext);
  const local = useState<Visibility>(initial);
  const [visibility, setVisibility] = shared ?? local;
  const [toggling, setToggling] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  // the SCORM/cmi5 export waiting for its pass mark; the pass mark typed is kept for the next export of this visit
  const [pending, setPending] = useState<PackageExport | null>(null);
  const [passMark, setPassMark] = useState('');
  const [passMarkError, setPassMarkError] = useState(false);
  const [exporting, setExporting] = useState(false);
  const menuRef = useRef<HTMLButtonElement>(null);
  const passMarkRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const hintId = useId();
  const errorId = useId();

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

  const toggleVisibility = async () => {
    if (toggling) return;
    setToggling(true);
    await run(t('actions.visibilityFailed', { title }), async () => {
      const next = visibility === 'public' ? 'private' : 'public';
      const r = await h5pApi<{ visibility: Visibility }>('PATCH', `/h5p/content/${id}/visibility`, { visibility: next });
      setVisibility(r.visibility);
      toast({ title: r.visibility === 'public' ? t('actions.published', { title }) : t('actions.madePrivate', { title }) });
    });
    setToggling(false);
  };

  const askPassMark = (p: PackageExport) => {
    setPassMarkError(false);
    setPending(p);
  };
  const exportPackage = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending || exporting) return;
    const mark = passMarkOf(passMark);
    if (!mark.ok) {
      setPassMarkError(true);
      passMarkRef.current?.focus();
      return;
    }
    setPassMarkError(false);
    setExporting(true);
    await exportFile(withPassMark(pending.path, mark.value), pending.fileName);
    setExporting(false);
    setPending(null);
  };

  const gated = scormPlan ? t('list.menu.scormGated', { plan: scormPlan }) : undefined;
  const packages: (PackageExport & { testId: string })[] = [
    { label: t('list.menu.scorm12'), path: `/h5p/content/${id}/export-scorm?version=1.2`, fileName: `${title}_scorm1.2.zip`, testId: 'export-scorm-12' },
    { label: t('list.menu.scorm2004'), path: `/h5p/content/${id}/export-scorm?version=2004`, fileName: `${title}_scorm2004.zip`, testId: 'export-scorm-2004' },
    // cmi5-launch comes with the same plans as scorm-export (Pro and Premium)
    { label: t('list.menu.cmi5'), path: `/h5p/content/${id}/export-cmi5`, fileName: `${title}_cmi5.zip`, testId: 'export-cmi5' },
  ];
  const items: MenuItem[] = [
    { label: t('actions.exportH5p'), icon: Download, onSelect: () => void exportFile(`/h5p/content/${id}/export`, `${title}.h5p`), testId: 'export' },
    { label: t('actions.exportHtml'), icon: FileCode, onSelect: () => void exportFile(`/h5p/content/${id}/export-html`, `${title}.html`), testId: 'export-html' },
    ...packages.map(({ testId, ...p }): MenuItem => ({ label: p.label, icon: Package, onSelect: () => askPassMark(p), testId, disabled: !!scormPlan, reason: gated })),
    ...(scormPlan ? [{ label: t('list.menu.upgrade', { plan: scormPlan }), icon: Sparkles, href: '/plans', testId: 'scorm-upgrade' }] : []),
    { label: t('actions.delete'), icon: Trash2, onSelect: () => setDeleting(true), testId: 'delete', danger: true, separatorBefore: true },
  ];

  return (
    <div className={styles.actions}>
      <ButtonLink href={`/results/content/${id}`} icon={BarChart3} className={styles.results} data-testid="content-results-link">
        {t('play.results')}
      </ButtonLink>
      {/* busy, not disabled, while it works: the button keeps the keyboard focus */}
      <Button icon={visibility === 'public' ? Lock : Globe} className={styles.publish} aria-busy={toggling || undefined} onClick={() => void toggleVisibility()} data-testid="toggle-visibility">
        {visibility === 'public' ? t('actions.makePrivate') : t('actions.publish')}
      </Button>
      {/* a full page load: the editor's scripts run only on a page loaded with its own nonce */}
      <ButtonLink href={`/content/${id}/edit`} icon={Pencil} variant="primary" external className={styles.edit} data-testid="content-edit-link">
        {t('play.edit')}
      </ButtonLink>
      <span className={styles.menu}>
        <OverflowMenu label={t('actions.more')} items={items} testId="content-menu" triggerRef={menuRef} bordered />
      </span>
      {message ? (
        <p className={styles.error} data-testid="action-error">
          {message}
        </p>
      ) : null}

      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !exporting) setPending(null);
        }}
        title={pending?.label ?? ''}
        description={t('actions.passMarkIntro')}
        closeLabel={tc('close')}
        testId="export-dialog"
        initialFocus={passMarkRef}
        returnFocus={menuRef}
        footer={
          <>
            <Button onClick={() => setPending(null)} disabled={exporting} data-testid="export-dialog-cancel">
              {tc('cancel')}
            </Button>
            <Button type="submit" form={formId} variant="primary" icon={Download} loading={exporting} data-testid="export-dialog-confirm">
              {t('actions.exportConfirm')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={(e) => void exportPackage(e)} noValidate>
          <Field
            label={t('actions.passMark')}
            htmlFor={`${formId}-pass-mark`}
            hint={<span id={hintId}>{contentPassMark === null ? t('actions.passMarkDefaultFull') : t('actions.passMarkDefaultOwn', { percent: contentPassMark })}</span>}
            error={
              passMarkError ? (
                <span id={errorId} data-testid="export-mastery-error">
                  {t('actions.masteryScoreInvalid')}
                </span>
              ) : null
            }
          >
            <span className={styles.percent}>
              <input
                ref={passMarkRef}
                id={`${formId}-pass-mark`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                data-testid="export-mastery-score"
                placeholder={String(contentPassMark ?? 100)}
                value={passMark}
                aria-invalid={passMarkError}
                aria-describedby={passMarkError ? `${errorId} ${hintId}` : hintId}
                onChange={(e) => {
                  setPassMark(e.target.value);
                  if (passMarkError && passMarkOf(e.target.value).ok) setPassMarkError(false);
                }}
              />
              <span aria-hidden>%</span>
            </span>
          </Field>
        </form>
      </Dialog>

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        returnFocus={menuRef}
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
      />
    </div>
  );
}
