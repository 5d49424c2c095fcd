'use client';
// The caller's collections: a form that creates one (title and curriculum), then the list, each with its item count,
// visibility and subject, and a delete after a confirmation.
import { FolderOpen, Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { CurriculumFields, EMPTY_CURRICULUM, type CurriculumValue } from '@/components/curriculum/CurriculumFields';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import type { CollectionView as Collection } from '@/lib/collections/service';
import { Badge, Button, Card, EmptyState, Field, Skeleton } from '@/components/ui';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';
import styles from './Collections.module.css';


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
    <div className={styles.list}>
      <Card as="section" aria-labelledby="new-collection-heading">
        <form onSubmit={create} className={styles.form} data-testid="create-collection">
          <h2 id="new-collection-heading" className={styles.heading}>
            {t('list.newHeading')}
          </h2>
          <Field label={t('list.title')} htmlFor="new-title" required requiredLabel={t('list.required')}>
            <input id="new-title" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="new-title" required />
          </Field>
          <CurriculumFields value={fields} onChange={setFields} state={curriculum} />
          <div>
            <Button variant="primary" type="submit" icon={Plus} disabled={!title.trim()}>
              {t('list.create')}
            </Button>
          </div>
        </form>
      </Card>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <Card as="section" aria-labelledby="my-collections-heading">
        <h2 id="my-collections-heading" className={styles.heading}>
          {t('list.mine', { total })}
        </h2>
        {!loaded && !error ? <Skeleton variant="line" count={3} label={t('loading')} /> : null}
        <ul className={styles.items} data-testid="collections">
          {items.map((c) => (
            <li key={c.id} className={styles.item} data-testid="collection-row">
              <span className={styles.itemMain}>
                <a href={`/collections/${c.id}`} className={styles.rowLink}>
                  {c.title}
                </a>
                <span className={styles.rowMeta}>
                  <span>{t('summary', { count: c.itemCount, visibility: visibility(c.visibility) })}</span>
                  {c.subjectName ? <Badge tone="neutral">{c.subjectName}</Badge> : null}
                </span>
              </span>
              <ConfirmDialog
                title={t('delete.title')}
                description={t('delete.description', { title: c.title })}
                confirmLabel={t('delete.confirm')}
                onConfirm={() => remove(c)}
                testId="delete-collection-dialog"
                trigger={
                  <Button size="sm" variant="ghost" icon={Trash2} aria-label={t('list.deleteLabel', { title: c.title })} data-testid="delete-collection">
                    {t('list.delete')}
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
        {loaded && items.length === 0 ? <EmptyState icon={FolderOpen} title={t('list.empty')} body={t('list.emptyBody')} testId="collections-empty" /> : null}
      </Card>
    </div>
  );
}
