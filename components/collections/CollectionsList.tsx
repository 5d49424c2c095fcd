'use client';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { CurriculumFields, EMPTY_CURRICULUM, type CurriculumValue } from '@/components/curriculum/CurriculumFields';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import type { CollectionView as Collection } from '@/lib/collections/service';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';


export function CollectionsList({ curriculum }: { curriculum: CurriculumState }) {
  const t = useTranslations('collections');
  const toast = useToast();
  const router = useRouter();
  const [items, setItems] = useState<Collection[]>([]);
  const [total, setTotal] = useState(0);
  const [title, setTitle] = useState('');
  const [fields, setFields] = useState<CurriculumValue>(EMPTY_CURRICULUM);
  const [error, setError] = useState('');
  const [loaded, setLoaded] = useState(false);

  async function load() {
    try {
      const r = await callApi<Collection[]>('GET', '/api/collections?limit=50');
      setItems(r.data);
      setTotal(r.total ?? 0);
      setLoaded(true);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  useEffect(() => {
    void load();
  }, []);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    const body: Record<string, string> = {};
    for (const [k, v] of Object.entries({ title, ...fields })) if (v.trim()) body[k] = v.trim();
    try {
      const r = await callApi<{ id: string }>('POST', '/api/collections', body);
      toast({ title: t('toast.created') });
      router.push(`/collections/${r.data.id}`);
    } catch (err) {
      const message = (err as Error).message;
      setError(message);
      toast({ title: t('toast.createFailed'), description: message, tone: 'error' });
    }
  }

  async function remove(c: Collection) {
    try {
      await callApi('DELETE', `/api/collections/${c.id}`);
      toast({ title: t('toast.deleted'), description: c.title });
      setError('');
      await load();
    } catch (err) {
      const message = (err as Error).message;
      setError(message);
      toast({ title: t('toast.deleteFailed'), description: message, tone: 'error' });
    }
  }

  const visibility = (v: string) => (v === 'public' ? t('visibility.public') : t('visibility.private'));

  return (
    <div>
      <form onSubmit={create} className="card" data-testid="create-collection">
        <h2>{t('list.newHeading')}</h2>
        <label htmlFor="new-title">{t('list.title')}</label>
        <input id="new-title" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="new-title" />
        <CurriculumFields value={fields} onChange={setFields} state={curriculum} />
        <button className="primary" type="submit" disabled={!title.trim()}>
          {t('list.create')}
        </button>
      </form>
      {error ? <p className="error">{error}</p> : null}
      <h2>{t('list.mine', { total })}</h2>
      <ul className="items" data-testid="collections">
        {items.map((c) => (
          <li key={c.id} className="item" data-testid="collection-row">
            <a href={`/collections/${c.id}`}>{c.title}</a>
            <span className="toolbar" style={{ margin: 0 }}>
              <span className="muted">
                {t('summary', { count: c.itemCount, visibility: visibility(c.visibility) })}
                {c.subjectName ? ` · ${c.subjectName}` : ''}
              </span>
              <ConfirmDialog
                title={t('delete.title')}
                description={t('delete.description', { title: c.title })}
                confirmLabel={t('delete.confirm')}
                onConfirm={() => remove(c)}
                testId="delete-collection-dialog"
                trigger={
                  <button
                    type="button"
                    className="small"
                    aria-label={t('list.deleteLabel', { title: c.title })}
                    data-testid="delete-collection"
                  >
                    {t('list.delete')}
                  </button>
                }
              />
            </span>
          </li>
        ))}
      </ul>
      {loaded && items.length === 0 ? <p className="muted">{t('list.empty')}</p> : null}
    </div>
  );
}
