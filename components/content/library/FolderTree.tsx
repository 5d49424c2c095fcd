'use client';
// The folder tree of My content (issue 25 item 4): "My content" (the top level, selected as null) and the caller's
// folders nested under it, each with expand/collapse, its item count and a menu (new subfolder, rename, share with
// colleagues — issue 27, sharing/ShareDialog.tsx —, delete).
// A nested list of buttons (the current folder marked aria-current; ArrowRight/ArrowLeft expand and collapse). Every
// row is a drop target for content cards: a drag that carries CONTENT_DRAG_TYPE (a JSON array of content ids) moves
// them there (POST /api/folders/move). MoveToFolderDialog is the keyboard way to do the same.
import { ChevronDown, ChevronRight, Folder, FolderOpen, FolderPlus, Home, Pencil, Share2, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ApiCallError, callApi } from '@/components/shared/api';
import { Button, ConfirmDialog, Dialog, Field, IconButton, OverflowMenu, useToast } from '@/components/ui';
import { ShareDialog } from '../sharing/ShareDialog';
import styles from './FolderTree.module.css';

/** A folder as GET /api/folders lists it. */
export interface FolderNode {
  id: string;
  name: string;
  /** null: at the top level */
  parentId: string | null;
  /** the items directly in the folder */
  itemCount: number;
}

/** The drag data type of content cards: JSON, an array of content ids. */
export const CONTENT_DRAG_TYPE = 'application/x-lumen-content';

/** Marks a drag (of a content card, or of the selected cards) as carrying these content ids. */
export function setContentDragData(e: DragEvent, contentIds: string[]): void {
  e.dataTransfer.setData(CONTENT_DRAG_TYPE, JSON.stringify(contentIds));
  e.dataTransfer.effectAllowed = 'move';
}

/** The content ids a drop carries ([] when it is not a content drag). */
export function contentIdsOf(e: DragEvent): string[] {
  try {
    const ids: unknown = JSON.parse(e.dataTransfer.getData(CONTENT_DRAG_TYPE) || '[]');
    return Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : [];
  } catch {
    return [];
  }
}

const isContentDrag = (e: DragEvent) => Array.from(e.dataTransfer.types).includes(CONTENT_DRAG_TYPE);

/** The folders depth first, siblings by name, each with its depth (top level: 0). */
export function flattenFolders(folders: FolderNode[]): { folder: FolderNode; depth: number }[] {
  const children = childrenOf(folders);
  const out: { folder: FolderNode; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const f of children.get(parent) ?? []) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      out.push({ folder: f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function childrenOf(folders: FolderNode[]): Map<string | null, FolderNode[]> {
  const ids = new Set(folders.map((f) => f.id));
  const map = new Map<string | null, FolderNode[]>();
  for (const f of folders) {
    const parent = f.parentId && ids.has(f.parentId) ? f.parentId : null;
    map.set(parent, [...(map.get(parent) ?? []), f]);
  }
  for (const list of map.values()) list.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return map;
}

/** The ids from the top level down to `id` (its ancestors and itself). */
function pathTo(folders: FolderNode[], id: string | null): string[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const out: string[] = [];
  for (let cur = id ? byId.get(id) : undefined; cur && !out.includes(cur.id); cur = cur.parentId ? byId.get(cur.parentId) : undefined) out.unshift(cur.id);
  return out;
}

export interface FolderTreeProps {
  folders: FolderNode[];
  /** the folder shown; null: the top level ("My content") */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** after a folder was created, renamed, deleted, or items were moved by a drop: reload folders and items */
  onChanged: () => void;
  /** the items at the top level (GET /api/folders rootItemCount), shown beside "My content" */
  rootItemCount?: number;
}

/** A row's item count: the figure on screen (none when empty), the words for screen readers. */
function Count({ n, text }: { n: number; text: string }) {
  return (
    <span className={styles.count} data-testid="folder-count" data-count={n}>
      {n > 0 ? <span aria-hidden>{n}</span> : null}
      <span className="sr-only">, {text}</span>
    </span>
  );
}

type NameDialog = { mode: 'create'; parentId: string | null } | { mode: 'rename'; folder: FolderNode };

export function FolderTree({ folders, selectedId, onSelect, onChanged, rootItemCount }: FolderTreeProps) {
  const t = useTranslations('content.folders');
  const toast = useToast();
  const children = useMemo(() => childrenOf(folders), [folders]);
  const byId = useMemo(() => new Map(folders.map((f) => [f.id, f])), [folders]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(pathTo(folders, selectedId)));
  const [dropTarget, setDropTarget] = useState<string | null | undefined>(undefined);
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<FolderNode | null>(null);
  const [sharing, setSharing] = useState<FolderNode | null>(null);

  // the selected folder's ancestors open when the selection changes (a link, the back button)
  useEffect(() => {
    const path = pathTo(folders, selectedId).slice(0, -1);
    setExpanded((prev) => (path.every((id) => prev.has(id)) ? prev : new Set([...prev, ...path])));
  }, [selectedId, folders]);

  const toggle = (id: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const openName = (d: NameDialog) => {
    setNameDialog(d);
    setName(d.mode === 'rename' ? d.folder.name : '');
    setNameError(null);
  };

  const saveName = async (e: FormEvent) => {
    e.preventDefault();
    if (!nameDialog) return;
    setSaving(true);
    setNameError(null);
    try {
      if (nameDialog.mode === 'create') {
        const res = await callApi<FolderNode>('POST', '/api/folders', { name, parentId: nameDialog.parentId });
        if (nameDialog.parentId) toggle(nameDialog.parentId, true);
        toast({ title: t('createdToast', { name: res.data.name }) });
      } else {
        const res = await callApi<FolderNode>('PATCH', `/api/folders/${encodeURIComponent(nameDialog.folder.id)}`, { name });
        toast({ title: t('renamedToast', { name: res.data.name }) });
      }
      setNameDialog(null);
      onChanged();
    } catch (err) {
      setNameError(err instanceof ApiCallError ? err.message : t('failed'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (folder: FolderNode) => {
    try {
      await callApi('DELETE', `/api/folders/${encodeURIComponent(folder.id)}`);
      toast({ title: t('deletedToast', { name: folder.name }) });
      // the items now live in the parent: show it when the deleted folder (or one inside it) was shown
      if (selectedId && pathTo(folders, selectedId).includes(folder.id)) onSelect(folder.parentId);
      onChanged();
    } catch (err) {
      toast({ title: t('deleteFailed'), description: err instanceof ApiCallError ? err.message : undefined, tone: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  const drop = async (e: DragEvent, target: FolderNode | null) => {
    setDropTarget(undefined);
    if (!isContentDrag(e)) return;
    e.preventDefault();
    const contentIds = contentIdsOf(e);
    if (!contentIds.length) return;
    try {
      await callApi('POST', '/api/folders/move', { contentIds, folderId: target?.id ?? null });
      toast({ title: t('movedToast', { count: contentIds.length, folder: target?.name ?? t('root') }) });
      onChanged();
    } catch (err) {
      toast({ title: t('moveFailed'), description: err instanceof ApiCallError ? err.message : undefined, tone: 'error' });
    }
  };

  const dropProps = (target: FolderNode | null) => {
    const key = target?.id ?? null;
    return {
      onDragOver: (e: DragEvent) => {
        if (!isContentDrag(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (dropTarget !== key) setDropTarget(key);
      },
      onDragLeave: (e: DragEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && dropTarget === key) setDropTarget(undefined);
      },
      onDrop: (e: DragEvent) => void drop(e, target),
      'data-drop-target': dropTarget === key ? 'true' : undefined,
    };
  };

  const keys = (f: FolderNode, hasChildren: boolean) => (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' && hasChildren) {
      e.preventDefault();
      toggle(f.id, true);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      if (hasChildren && expanded.has(f.id)) toggle(f.id, false);
      else document.querySelector<HTMLButtonElement>(`[data-folder-button="${f.parentId ?? 'root'}"]`)?.focus();
    }
  };

  const renderLevel = (parent: string | null, depth: number) => {
    const list = children.get(parent) ?? [];
    if (!list.length) return null;
    return (
      <ul className={styles.list} role="list">
        {list.map((f) => {
          const kids = (children.get(f.id) ?? []).length > 0;
          const open = kids && expanded.has(f.id);
          const current = selectedId === f.id;
          const Icon = open ? FolderOpen : Folder;
          return (
            <li key={f.id} className={styles.item} data-testid="folder-item" data-folder-id={f.id}>
              <div className={styles.row} data-current={current || undefined} {...dropProps(f)}>
                {kids ? (
                  <button
                    type="button"
                    className={styles.twisty}
                    aria-expanded={open}
                    aria-label={open ? t('collapse', { name: f.name }) : t('expand', { name: f.name })}
                    onClick={() => toggle(f.id)}
                    data-testid="folder-toggle"
                  >
                    {open ? <ChevronDown aria-hidden size={16} /> : <ChevronRight aria-hidden size={16} />}
                  </button>
                ) : (
                  <span className={styles.twistySpacer} aria-hidden />
                )}
                <button
                  type="button"
                  className={styles.select}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onSelect(f.id)}
                  onKeyDown={keys(f, kids)}
                  title={f.name}
                  data-folder-button={f.id}
                  data-testid="folder-select"
                >
                  <Icon aria-hidden size={16} className={styles.icon} />
                  <span className={styles.name}>{f.name}</span>
                  <Count n={f.itemCount} text={t('itemCount', { count: f.itemCount })} />
                </button>
                <OverflowMenu
                  label={t('actionsFor', { name: f.name })}
                  testId="folder-menu"
                  items={[
                    { label: t('newSubfolder'), icon: FolderPlus, onSelect: () => openName({ mode: 'create', parentId: f.id }), testId: 'folder-new-sub', disabled: depth + 1 >= 8, reason: depth + 1 >= 8 ? t('tooDeep') : undefined },
                    { label: t('rename'), icon: Pencil, onSelect: () => openName({ mode: 'rename', folder: f }), testId: 'folder-rename' },
                    { label: t('share'), icon: Share2, onSelect: () => setSharing(f), testId: 'folder-share' },
                    { label: t('delete'), icon: Trash2, onSelect: () => setDeleting(f), danger: true, testId: 'folder-delete', separatorBefore: true },
                  ]}
                />
              </div>
              {open ? renderLevel(f.id, depth + 1) : null}
            </li>
          );
        })}
      </ul>
    );
  };

  const deletingParent = deleting?.parentId ? byId.get(deleting.parentId)?.name ?? t('root') : t('root');

  return (
    <nav className={styles.tree} aria-label={t('label')} data-testid="folder-tree">
      <div className={styles.head}>
        <h2 className={styles.heading}>{t('heading')}</h2>
        <IconButton label={t('newFolder')} icon={FolderPlus} size="sm" onClick={() => openName({ mode: 'create', parentId: null })} data-testid="folder-new" />
      </div>
      <ul className={styles.list} role="list">
        <li className={styles.item}>
          <div className={styles.row} data-current={selectedId === null || undefined} {...dropProps(null)}>
            <span className={styles.twistySpacer} aria-hidden />
            <button
              type="button"
              className={styles.select}
              aria-current={selectedId === null ? 'true' : undefined}
              onClick={() => onSelect(null)}
              data-folder-button="root"
              data-testid="folder-root"
            >
              <Home aria-hidden size={16} className={styles.icon} />
              <span className={styles.name}>{t('root')}</span>
              {rootItemCount !== undefined ? <Count n={rootItemCount} text={t('itemCount', { count: rootItemCount })} /> : null}
            </button>
          </div>
          {renderLevel(null, 0)}
        </li>
      </ul>
      {folders.length === 0 ? <p className={styles.hint}>{t('emptyHint')}</p> : null}

      <Dialog
        open={nameDialog !== null}
        onOpenChange={(o) => !o && setNameDialog(null)}
        title={nameDialog?.mode === 'rename' ? t('renameTitle', { name: nameDialog.folder.name }) : nameDialog?.parentId ? t('createInTitle', { name: byId.get(nameDialog.parentId)?.name ?? '' }) : t('createTitle')}
        closeLabel={t('close')}
        testId="folder-name-dialog"
      >
        <form onSubmit={(e) => void saveName(e)} className={styles.form}>
          <Field label={t('nameLabel')} htmlFor="folder-name" error={nameError} hint={t('nameHint')}>
            <input id="folder-name" value={name} maxLength={100} required autoFocus onChange={(e) => setName(e.target.value)} data-testid="folder-name-input" aria-invalid={nameError ? true : undefined} />
          </Field>
          <div className={styles.actions}>
            <Button onClick={() => setNameDialog(null)}>{t('cancel')}</Button>
            <Button type="submit" variant="primary" loading={saving} data-testid="folder-name-save">
              {nameDialog?.mode === 'rename' ? t('save') : t('create')}
            </Button>
          </div>
        </form>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        description={t('deleteBody', { parent: deletingParent })}
        confirmLabel={t('deleteConfirm')}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        testId="folder-delete-dialog"
      />
      {sharing ? <ShareDialog kind="folder" targetId={sharing.id} title={sharing.name} open onOpenChange={(o) => !o && setSharing(null)} /> : null}
    </nav>
  );
}
