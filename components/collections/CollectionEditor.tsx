'use client';
import { ArrowDown, ArrowUp, Eye, EyeOff, Lock, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { CurriculumFields, EMPTY_CURRICULUM, isDifficulty, type CurriculumValue } from '@/components/curriculum/CurriculumFields';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { Badge, Button, Card, EmptyState, Field, IconButton, PageHeader, Skeleton } from '@/components/ui';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';
import { BloomsChart, isBloomsLevel, type BloomsAnalysisView } from './BloomsChart';
import type { CollectionDetail as Detail, CollectionView, Suggestions as SuggestionsView } from '@/lib/collections/service';
import styles from './Collections.module.css';

type Item = Detail['items'][number];
type Suggestion = SuggestionsView['matchingContents'][number];

const curriculumOf = (c: CollectionView): CurriculumValue => {
  const v = { ...EMPTY_CURRICULUM };
  for (const k of Object.keys(v) as (keyof CurriculumValue)[]) v[k] = c[k] ?? '';
  return v;
};

/** The owner's settings: title and curriculum fields (an emptied field is cleared). */
function SettingsForm({
  collection,
  curriculum,
  onSave,
}: {
  collection: CollectionView;
  curriculum: CurriculumState;
  onSave: (body: object) => Promise<void>;
}) {
  const t = useTranslations('collections.editor');
  const [title, setTitle] = useState(collection.title);
  const [fields, setFields] = useState<CurriculumValue>(() => curriculumOf(collection));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: Record<string, string | null> = { title: title.trim() };
    for (const [k, v] of Object.entries(fields)) body[k] = v.trim() ? v.trim() : null;
    void onSave(body);
  };
  return (
    <form onSubmit={submit} data-testid="edit-collection" className={styles.form}>
      <Field label={t('title')} htmlFor="edit-title" required requiredLabel={t('required')}>
        <input id="edit-title" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="edit-title" required />
      </Field>
      <CurriculumFields value={fields} onChange={setFields} state={curriculum} />
      <div>
        <Button type="submit" variant="primary" size="sm" disabled={!title.trim()} data-testid="save-collection">
          {t('saveSettings')}
        </Button>
      </div>
    </form>
  );
}

export function CollectionEditor({
  id,
  userId,
  myContents,
  curriculum,
  resultsLink = null,
  typeTitles = {},
}: {
  id: string;
  userId: string;
  myContents: { id: string; title: string; mainLibrary: string }[];
  curriculum: CurriculumState;
  /** each installed content type's title in the reader's language, by its contentTypeSlug (the slug where none) */
  typeTitles?: Record<string, string>;
  /** the owner's link to the collection's results grid */
  resultsLink?: { href: string; label: string } | null;
}) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [fallback, setFallback] = useState(false);
  const [editing, setEditing] = useState(false);
  const [analysis, setAnalysis] = useState<BloomsAnalysisView | null>(null);
  const [pick, setPick] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [error, setError] = useState('');
  const t = useTranslations('collections');
  const tc = useTranslations('curriculum');
  const toast = useToast();
  const router = useRouter();

  const load = useCallback(async () => {
    try {
      const [d, s] = await Promise.all([
        callApi<Detail>('GET', `/api/collections/${id}`),
        callApi<SuggestionsView>('GET', `/api/collections/${id}/suggestions`),
      ]);
      setDetail(d.data);
      setSuggestions(s.data.matchingContents);
      setFallback(Boolean(s.data.fallback));
      setAnalysis(s.data.bloomsAnalysis);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const owner = detail?.collection.userId === userId;
  type ToastKey = 'saved' | 'madePublic' | 'madePrivate' | 'added' | 'removed';
  type FailKey = 'saveFailed' | 'addFailed' | 'removeFailed' | 'moveFailed' | 'deleteFailed';
  /** Runs a change, reloads, and says how it went: a toast (and the error inline, as before). */
  const run = async (fn: () => Promise<unknown>, outcome: { done?: ToastKey; failed: FailKey }) => {
    try {
      await fn();
      if (outcome.done) toast({ title: t(`toast.${outcome.done}`) });
      await load();
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      toast({ title: t(`toast.${outcome.failed}`), description: message, tone: 'error' });
    }
  };
  const add = (contentId: string) =>
    run(() => callApi('POST', `/api/collections/${id}/items`, { contentId }), { done: 'added', failed: 'addFailed' });
  const remove = (itemId: string) =>
    run(() => callApi('DELETE', `/api/collections/${id}/items/${itemId}`), { done: 'removed', failed: 'removeFailed' });
  const moveTo = (itemId: string, position: number) =>
    run(() => callApi('PATCH', `/api/collections/${id}/items/reorder`, { items: [{ id: itemId, position }] }), { failed: 'moveFailed' });
  const toggleVisibility = () => {
    const visibility = detail?.collection.visibility === 'public' ? 'private' : 'public';
    return run(() => callApi('PATCH', `/api/collections/${id}`, { visibility }), {
      done: visibility === 'public' ? 'madePublic' : 'madePrivate',
      failed: 'saveFailed',
    });
  };
  const deleteCollection = async () => {
    try {
      await callApi('DELETE', `/api/collections/${id}`);
      toast({ title: t('toast.deleted'), description: detail?.collection.title });
      router.push('/collections');
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      toast({ title: t('toast.deleteFailed'), description: message, tone: 'error' });
    }
  };

  const save = (body: object) =>
    run(
      async () => {
        await callApi('PATCH', `/api/collections/${id}`, body);
        setEditing(false);
      },
      { done: 'saved', failed: 'saveFailed' },
    );
  const c = detail?.collection;
  const facts = c
    ? [
        c.frameworkName || c.frameworkCode,
        c.gradeName || c.gradeCode,
        c.subjectName || c.subjectCode,
        isDifficulty(c.difficulty) ? tc(`difficultyInline.${c.difficulty}`) : c.difficulty,
        c.language,
      ].filter(Boolean)
    : [];
  const visibilityName = (v: string) => (v === 'public' ? t('visibility.public') : t('visibility.private'));
  const levelName = (l: string | null) => (l === null ? t('editor.noLevel') : isBloomsLevel(l) ? t(`blooms.level.${l}`) : l);
  // an item whose content is gone (deleted by its author) shows as such, never as its raw id
  const itemTitle = (it: Item) =>
    it.status === 'restricted' ? t('editor.privateItem') : it.status === 'unavailable' ? t('editor.removedByAuthor') : (it.title ?? t('editor.removedItem'));

  if (!detail)
    return error ? (
      <p className="error" role="alert">
        {error}
      </p>
    ) : (
      <Skeleton variant="block" count={2} label={t('loading')} />
    );
  const inCollection = new Set(detail.items.map((i) => i.contentId));
  return (
    <div className={styles.editor}>
      <PageHeader
        title={detail.collection.title}
        titleTestId="collection-title"
        breadcrumbs={[{ label: t('heading'), href: '/collections' }, { label: detail.collection.title }]}
        breadcrumbLabel={t('breadcrumb')}
        description={
          <>
            <span className={styles.summary}>
              {t('summary', { count: detail.collection.itemCount, visibility: visibilityName(detail.collection.visibility) })}
            </span>
            <span className={styles.curriculumLine} data-testid="collection-curriculum">
              {facts.length ? facts.join(' · ') : t('editor.noCurriculum')}
            </span>
          </>
        }
        actions={
          <>
            {resultsLink ? (
              <a href={resultsLink.href} className={styles.headerLink} data-testid="collection-results-link">
                {resultsLink.label}
              </a>
            ) : null}
            {owner ? (
              <>
                <Button size="sm" icon={editing ? X : Pencil} aria-expanded={editing} onClick={() => setEditing(!editing)} data-testid="edit-settings">
                  {editing ? t('editor.closeSettings') : t('editor.editSettings')}
                </Button>
                <Button size="sm" icon={detail.collection.visibility === 'public' ? EyeOff : Eye} onClick={toggleVisibility} data-testid="toggle-visibility">
                  {detail.collection.visibility === 'public' ? t('editor.makePrivate') : t('editor.makePublic')}
                </Button>
                <ConfirmDialog
                  title={t('delete.title')}
                  description={t('delete.description', { title: detail.collection.title })}
                  confirmLabel={t('delete.confirm')}
                  onConfirm={deleteCollection}
                  testId="delete-collection-dialog"
                  trigger={
                    <Button size="sm" variant="danger" icon={Trash2} data-testid="delete-collection">
                      {t('delete.button')}
                    </Button>
                  }
                />
              </>
            ) : null}
          </>
        }
      />
      {owner && editing ? (
        <Card aria-label={t('editor.settingsLabel')}>
          <SettingsForm collection={detail.collection} curriculum={curriculum} onSave={save} />
        </Card>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}

      <Card aria-labelledby="items-heading">
        <h2 id="items-heading" className={styles.heading}>
          {t('editor.items')}
        </h2>
        {owner && detail.items.length > 1 ? <p className={styles.muted}>{t('editor.dragHint')}</p> : null}
        <ul className={styles.items} data-testid="items">
          {detail.items.map((it) => (
            <li
              key={it.id}
              className={dragged === it.id ? `${styles.item} ${styles.dragging}` : styles.item}
              data-testid="item"
              draggable={owner}
              onDragStart={() => setDragged(it.id)}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged && dragged !== it.id) void moveTo(dragged, it.position);
                setDragged(null);
              }}
            >
              <span className={styles.itemMain}>
                <span className={styles.itemTitle}>
                  {it.position + 1}.{' '}
                  {it.status === 'available' && it.contentId ? (
                    <a href={`/content/${it.contentId}`} data-testid="item-open">
                      <strong>{it.title ?? it.contentId}</strong>
                    </a>
                  ) : (
                    <strong className={it.status === 'available' ? undefined : styles.muted} data-testid={it.status === 'unavailable' ? 'item-removed' : undefined}>
                      {itemTitle(it)}
                    </strong>
                  )}
                </span>
                <span className={styles.itemMeta}>
                  {it.status === 'available' && it.contentTypeSlug ? <Badge tone="neutral">{typeTitles[it.contentTypeSlug] ?? it.contentTypeSlug}</Badge> : null}
                  {it.status === 'restricted' ? (
                    <Badge tone="warning" title={t('editor.privateHint')}>
                      <Lock aria-hidden size={12} />
                      {t(`status.${it.status}`)}
                    </Badge>
                  ) : it.status === 'unavailable' ? (
                    <Badge tone="danger" title={t('editor.removedHint')}>
                      {t(`status.${it.status}`)}
                    </Badge>
                  ) : null}
                </span>
              </span>
              {owner ? (
                <span className={styles.itemActions}>
                  <IconButton size="sm" label={t('editor.moveUp')} icon={ArrowUp} disabled={it.position === 0} onClick={() => moveTo(it.id, it.position - 1)} />
                  <IconButton size="sm" label={t('editor.moveDown')} icon={ArrowDown} disabled={it.position === detail.items.length - 1} onClick={() => moveTo(it.id, it.position + 1)} />
                  <ConfirmDialog
                    title={t('remove.title')}
                    description={t('remove.description', { title: itemTitle(it) })}
                    confirmLabel={t('remove.confirm')}
                    onConfirm={() => remove(it.id)}
                    testId="remove-item-dialog"
                    trigger={
                      <Button size="sm" variant="ghost" data-testid="remove-item">
                        {t('editor.remove')}
                      </Button>
                    }
                  />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {owner ? (
          <div className={styles.addRow}>
            <select aria-label={t('editor.myContent')} value={pick} onChange={(e) => setPick(e.target.value)} data-testid="my-content">
              <option value="">{t('editor.addFromMine')}</option>
              {myContents
                .filter((c) => !inCollection.has(c.id))
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title} ({c.mainLibrary})
                  </option>
                ))}
            </select>
            <Button
              size="sm"
              icon={Plus}
              disabled={!pick}
              onClick={() => {
                void add(pick);
                setPick('');
              }}
              data-testid="add-mine"
            >
              {t('editor.add')}
            </Button>
          </div>
        ) : null}
      </Card>

      <Card aria-labelledby="blooms-heading">
        <h2 id="blooms-heading" className={styles.heading}>
          {t('editor.bloomsHeading')}
        </h2>
        {analysis ? <BloomsChart analysis={analysis} /> : null}
      </Card>

      <Card aria-labelledby="suggestions-heading">
        <h2 id="suggestions-heading" className={styles.heading}>
          {t('editor.suggestions')}
        </h2>
        {suggestions.length === 0 ? <EmptyState title={t('editor.noSuggestions')} /> : null}
        {fallback && suggestions.length ? (
          <p className={styles.muted} data-testid="suggestions-fallback">
            {t('editor.fallback')}
          </p>
        ) : null}
        <ul className={styles.items} data-testid="suggestions">
          {suggestions.map((s) => (
            <li key={s.contentId} className={styles.item} data-testid="suggestion">
              <span className={styles.itemMain}>
                <span className={styles.itemTitle}>
                  <a href={`/content/${s.contentId}`}>
                    <strong>{s.title}</strong>
                  </a>
                </span>
                <span className={styles.itemMeta}>
                  <Badge tone="neutral">{typeTitles[s.contentTypeSlug] ?? s.contentTypeSlug}</Badge>
                  <Badge tone="info">{levelName(s.bloomsLevel)}</Badge>
                  {s.fillsGap ? <Badge tone="success">{t('editor.fillsGap')}</Badge> : null}
                </span>
              </span>
              {owner ? (
                <Button size="sm" icon={Plus} aria-label={t('editor.addSuggestion', { title: s.title })} onClick={() => add(s.contentId)}>
                  {t('editor.add')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
