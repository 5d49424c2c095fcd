'use client';
// "Move to folder…" (an item's overflow menu, or the bulk bar): the keyboard way to do what dragging cards onto the
// folder tree does. A radio group of "My content" (the top level) and every folder, indented by depth; Move calls
// POST /api/folders/move and reports the folder chosen.
import { Folder, Home } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiCallError, callApi } from '@/components/shared/api';
import { Button, Dialog, useToast } from '@/components/ui';
import { flattenFolders, type FolderNode } from './FolderTree';
import styles from './MoveToFolderDialog.module.css';

export interface MoveToFolderDialogProps {
  /** the items to move (the caller's own) */
  contentIds: string[];
  folders: FolderNode[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** after the move: the folder the items are now in (null: the top level) */
  onMoved: (folderId: string | null) => void;
  /** the folder preselected (e.g. the item's current one); default: the top level */
  currentFolderId?: string | null;
  /** the item's title, for the dialog's heading when one item moves */
  title?: string;
}

const ROOT = 'root';
const indent = (level: number) => styles[`indent${Math.min(level, 7)}`] ?? '';

export function MoveToFolderDialog({ contentIds, folders, open, onOpenChange, onMoved, currentFolderId = null, title }: MoveToFolderDialogProps) {
  const t = useTranslations('content.folders');
  const toast = useToast();
  const name = useId();
  const [choice, setChoice] = useState<string>(currentFolderId ?? ROOT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setChoice(currentFolderId ?? ROOT);
      setError(null);
    }
  }, [open, currentFolderId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const folderId = choice === ROOT ? null : choice;
    setBusy(true);
    setError(null);
    try {
      await callApi('POST', '/api/folders/move', { contentIds, folderId });
      const target = folderId ? folders.find((f) => f.id === folderId)?.name ?? '' : t('root');
      toast({ title: t('movedToast', { count: contentIds.length, folder: target }) });
      onMoved(folderId);
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof ApiCallError ? err.message : t('moveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const list = flattenFolders(folders);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title && contentIds.length === 1 ? t('moveTitleOne', { title }) : t('moveTitle', { count: contentIds.length })}
      description={t('moveDescription')}
      closeLabel={t('close')}
      testId="move-folder-dialog"
    >
      <form onSubmit={(e) => void submit(e)} className={styles.form}>
        <fieldset className={styles.options}>
          <legend className={styles.legend}>{t('moveLegend')}</legend>
          <label className={styles.option} data-testid="move-folder-option" data-folder-id={ROOT}>
            <input type="radio" name={name} value={ROOT} checked={choice === ROOT} onChange={() => setChoice(ROOT)} />
            <Home aria-hidden size={16} />
            <span className={styles.optionName}>{t('rootOption')}</span>
          </label>
          {list.map(({ folder, depth }) => (
            <label key={folder.id} className={`${styles.option} ${indent(depth + 1)}`} data-testid="move-folder-option" data-folder-id={folder.id}>
              <input type="radio" name={name} value={folder.id} checked={choice === folder.id} onChange={() => setChoice(folder.id)} />
              <Folder aria-hidden size={16} />
              <span className={styles.optionName}>{folder.name}</span>
            </label>
          ))}
        </fieldset>
        {list.length === 0 ? <p className={styles.legend}>{t('moveNoFolders')}</p> : null}
        {error ? (
          <p className={styles.error} role="alert" data-testid="move-folder-error">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button onClick={() => onOpenChange(false)}>{t('cancel')}</Button>
          <Button type="submit" variant="primary" loading={busy} disabled={!contentIds.length} data-testid="move-folder-submit">
            {t('move')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
