'use client';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { CurriculumFields, EMPTY_CURRICULUM, isDifficulty, type CurriculumValue } from '@/components/curriculum/CurriculumFields';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';
import { BloomsChart, isBloomsLevel, type BloomsAnalysisView } from './BloomsChart';
import type { CollectionDetail as Detail, CollectionView, Suggestions as SuggestionsView } from '@/lib/collections/service';

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
    <form onSubmit={submit} data-testid="edit-collection">
      <label htmlFor="edit-title">{t('title')}</label>
      <input id="edit-title" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="edit-title" />
      <CurriculumFields value={fields} onChange={setFields} state={curriculum} />
      <button type="submit" className="small" disabled={!title.trim()} data-testid="save-collection">
        {t('saveSettings')}
      </button>
    </form>
  );
}

export function CollectionEditor({
  id,
  userId,
  myContents,
  curriculum,
}: {
  id: string;
  userId: string;
  myContents: { id: string; title: string; mainLibrary: string }[];
  curriculum: CurriculumState;
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
  const itemTitle = (it: Item) =>
    it.status === 'restricted' ? t('editor.privateItem') : (it.title ?? it.contentId ?? t('editor.removedItem'));

  if (!detail) return <p className="muted">{error || t('loading')}</p>;
  const inCollection = new Set(detail.items.map((i) => i.contentId));
  return (
    <div>
      <h1 data-testid="collection-title">{detail.collection.title}</h1>
      <p className="muted">
        {t('summary', { count: detail.collection.itemCount, visibility: visibilityName(detail.collection.visibility) })}{' '}
        {owner ? (
          <>
            <button type="button" className="small" onClick={toggleVisibility} data-testid="toggle-visibility">
              {detail.collection.visibility === 'public' ? t('editor.makePrivate') : t('editor.makePublic')}
            </button>{' '}
            <ConfirmDialog
              title={t('delete.title')}
              description={t('delete.description', { title: detail.collection.title })}
              confirmLabel={t('delete.confirm')}
              onConfirm={deleteCollection}
              testId="delete-collection-dialog"
              trigger={
                <button type="button" className="small" data-testid="delete-collection">
                  {t('delete.button')}
                </button>
              }
            />
          </>
        ) : null}
      </p>
      <p className="muted" data-testid="collection-curriculum">
        {facts.length ? facts.join(' · ') : t('editor.noCurriculum')}{' '}
        {owner ? (
          <button type="button" className="small" aria-expanded={editing} onClick={() => setEditing(!editing)} data-testid="edit-settings">
            {editing ? t('editor.closeSettings') : t('editor.editSettings')}
          </button>
        ) : null}
      </p>
      {owner && editing ? (
        <section className="card" aria-label={t('editor.settingsLabel')}>
          <SettingsForm collection={detail.collection} curriculum={curriculum} onSave={save} />
        </section>
      ) : null}
      {error ? <p className="error">{error}</p> : null}

      <section className="card">
        <h2>{t('editor.items')}</h2>
        {owner ? <p className="muted">{t('editor.dragHint')}</p> : null}
        <ul className="items" data-testid="items">
          {detail.items.map((it) => (
            <li
              key={it.id}
              className={`item${dragged === it.id ? ' dragging' : ''}`}
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
              <span>
                {it.position + 1}.{' '}
                {it.status === 'restricted' ? (
                  <strong className="muted">{t('editor.privateItem')}</strong>
                ) : (
                  <>
                    {it.status === 'available' && it.contentId ? (
                      <a href={`/content/${it.contentId}`} data-testid="item-open">
                        <strong>{it.title ?? it.contentId}</strong>
                      </a>
                    ) : (
                      <strong>{itemTitle(it)}</strong>
                    )}
                    {it.contentTypeSlug ? <span className="muted"> · {it.contentTypeSlug}</span> : null}
                  </>
                )}
                {it.status !== 'available' ? <span className={`status-${it.status}`}> · {t(`status.${it.status}`)}</span> : null}
              </span>
              {owner ? (
                <span className="toolbar" style={{ margin: 0 }}>
                  <button
                    type="button"
                    className="small"
                    aria-label={t('editor.moveUp')}
                    disabled={it.position === 0}
                    onClick={() => moveTo(it.id, it.position - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="small"
                    aria-label={t('editor.moveDown')}
                    disabled={it.position === detail.items.length - 1}
                    onClick={() => moveTo(it.id, it.position + 1)}
                  >
                    ↓
                  </button>
                  <ConfirmDialog
                    title={t('remove.title')}
                    description={t('remove.description', { title: itemTitle(it) })}
                    confirmLabel={t('remove.confirm')}
                    onConfirm={() => remove(it.id)}
                    testId="remove-item-dialog"
                    trigger={
                      <button type="button" className="small" data-testid="remove-item">
                        {t('editor.remove')}
                      </button>
                    }
                  />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {owner ? (
          <div className="toolbar">
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
            <button
              type="button"
              className="small"
              disabled={!pick}
              onClick={() => {
                void add(pick);
                setPick('');
              }}
              data-testid="add-mine"
            >
              {t('editor.add')}
            </button>
          </div>
        ) : null}
      </section>

      <section className="card">
        <h2>{t('editor.bloomsHeading')}</h2>
        {analysis ? <BloomsChart analysis={analysis} /> : null}
      </section>

      <section className="card">
        <h2>{t('editor.suggestions')}</h2>
        {suggestions.length === 0 ? <p className="muted">{t('editor.noSuggestions')}</p> : null}
        {fallback && suggestions.length ? (
          <p className="muted" data-testid="suggestions-fallback">
            {t('editor.fallback')}
          </p>
        ) : null}
        <ul className="items" data-testid="suggestions">
          {suggestions.map((s) => (
            <li key={s.contentId} className="item" data-testid="suggestion">
              <span>
                <a href={`/content/${s.contentId}`}>
                  <strong>{s.title}</strong>
                </a>{' '}
                <span className="muted">
                  · {s.contentTypeSlug} · {levelName(s.bloomsLevel)}
                </span>
                {s.fillsGap ? (
                  <span className="plan-badge" style={{ marginLeft: 8 }}>
                    {t('editor.fillsGap')}
                  </span>
                ) : null}
              </span>
              {owner ? (
                <button
                  type="button"
                  className="small"
                  aria-label={t('editor.addSuggestion', { title: s.title })}
                  onClick={() => add(s.contentId)}
                >
                  {t('editor.add')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
