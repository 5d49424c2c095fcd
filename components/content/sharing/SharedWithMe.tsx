'use client';
// "Shared with me" in the library (issue 27 item 1): items colleagues of the school shared with the caller, directly
// or through a folder, newest share first, with the owner's name and the caller's role, paged like My content
// (GET /h5p/content/shared with offset and limit; the first page comes from the server).
import { useTranslations, useFormatter } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { callApi } from '@/components/shared/api';
import { Badge, DataTable, Pagination, type Column } from '@/components/ui';

export interface SharedItemView {
  id: string;
  title: string;
  contentTypeTitle: string;
  updatedAt: string;
  role: 'viewer' | 'editor';
  owner: { id: string; name: string; email: string };
  via: 'item' | 'folder';
}

export function SharedWithMe({ initialItems, initialTotal, pageSize, now }: { initialItems: SharedItemView[]; initialTotal: number; pageSize: number; /** the server's time (ISO): relative times render the same on server and client */ now: string }) {
  const t = useTranslations('content.sharing');
  const format = useFormatter();
  const [items, setItems] = useState(initialItems);
  const [total, setTotal] = useState(initialTotal);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const go = async (next: number) => {
    setError(null);
    try {
      const res = await callApi<SharedItemView[]>('GET', `/h5p/content/shared?offset=${next}&limit=${pageSize}`);
      setItems(res.data);
      setTotal(typeof res.total === 'number' ? res.total : 0);
      setOffset(next);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const columns: Column<SharedItemView>[] = [
    {
      header: t('colTitle'),
      cell: (r) => (
        <Link href={`/content/${encodeURIComponent(r.id)}`} data-testid="shared-item-link">
          {r.title}
        </Link>
      ),
    },
    { header: t('colType'), cell: (r) => r.contentTypeTitle },
    { header: t('colOwner'), cell: (r) => <span data-testid="shared-item-owner">{r.owner.name || r.owner.email}</span> },
    {
      header: t('colRole'),
      cell: (r) => (
        <>
          <Badge tone={r.role === 'editor' ? 'brand' : 'neutral'} data-testid="shared-item-role">
            {t(`roles.${r.role}`)}
          </Badge>{' '}
          {r.via === 'folder' ? <span className="muted">{t('viaFolder')}</span> : null}
        </>
      ),
    },
    { header: t('colUpdated'), cell: (r) => format.relativeTime(new Date(r.updatedAt), new Date(now)) },
  ];

  return (
    <section aria-label={t('sharedWithMe')}>
      {error ? (
        <p role="alert" className="muted">
          {error}
        </p>
      ) : null}
      <DataTable columns={columns} rows={items} rowKey={(r) => r.id} testId="shared-table" rowTestId="shared-item" empty={t('sharedEmpty')} label={t('sharedWithMe')} />
      {total > pageSize ? (
        <Pagination
          label={t('pages')}
          previousLabel={t('previous')}
          nextLabel={t('next')}
          summary={t('range', { from: offset + 1, to: Math.min(offset + pageSize, total), total })}
          onPrev={offset > 0 ? () => void go(Math.max(offset - pageSize, 0)) : undefined}
          onNext={offset + pageSize < total ? () => void go(offset + pageSize) : undefined}
          testIdPrefix="shared-page"
        />
      ) : null}
    </section>
  );
}
