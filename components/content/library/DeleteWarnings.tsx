'use client';
// What the library's delete dialogs warn about (issue 25 item 5, as the content page's dialog does): a public item
// leaves the marketplace, and collections that hold an item show it as removed by its author. Whether an item is in
// collections is asked when a dialog opens (GET /h5p/content/usage), so the list itself carries nothing more; until
// the answer comes (or when the lookup fails) a dialog warns from what the list knows: the items' visibility.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import type { ContentUsage } from '@/lib/h5p/content/usage';

/** the lookup's limit (lib/h5p/content/usage.ts MAX_USAGE_IDS, the bulk actions' too) */
const MAX_IDS = 100;

/** The usage of these items (null while the dialog is closed, while asking, or when the lookup failed). */
export function useContentUsage(ids: readonly string[] | null): ContentUsage[] | null {
  const key = ids && ids.length ? ids.slice(0, MAX_IDS).join(',') : '';
  const [answer, setAnswer] = useState<{ key: string; usage: ContentUsage[] } | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    callApi<ContentUsage[]>('GET', `/h5p/content/usage?ids=${encodeURIComponent(key)}`)
      .then((r) => {
        if (live) setAnswer({ key, usage: r.data });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      // a dialog opened again asks again (the items may have changed meanwhile)
      setAnswer(null);
    };
  }, [key]);
  return answer && answer.key === key ? answer.usage : null;
}

/** The description of one item's delete dialog (the library's and the content page's): what is removed, and the
 * public and collections warnings. */
export function DeleteItemDescription({ visibility, usage }: { visibility: 'private' | 'public'; usage: ContentUsage | null }) {
  const t = useTranslations('content');
  const isPublic = (usage?.visibility ?? visibility) === 'public';
  const collections = usage?.collections ?? 0;
  return (
    <>
      {t('actions.deleteDescription')}
      {isPublic ? (
        <>
          {' '}
          <strong data-testid="delete-public-warning">{t('actions.deletePublicWarning')}</strong>
        </>
      ) : null}
      {collections > 0 ? (
        <>
          {' '}
          <strong data-testid="delete-collections-warning">{t('actions.deleteCollectionsWarning', { count: collections })}</strong>
        </>
      ) : null}
    </>
  );
}

/**
 * The description of the bulk delete dialog: "This cannot be undone." and one sentence on how many of the selected
 * items are public and how many are used in collections. `knownPublic`: the selected items the list shows as public
 * (until the lookup answers).
 */
export function BulkDeleteDescription({ usage, knownPublic }: { usage: ContentUsage[] | null; knownPublic: number }) {
  const t = useTranslations('content');
  const isPublic = usage ? usage.filter((u) => u.visibility === 'public').length : knownPublic;
  const held = usage ? usage.filter((u) => u.collections > 0).length : 0;
  let warning: string | null = null;
  if (isPublic > 0 && held > 0) warning = t('list.bulkDeleteBothWarning', { public: isPublic, items: held });
  else if (isPublic > 0) warning = t('list.bulkDeletePublicWarning', { public: isPublic });
  else if (held > 0) warning = t('list.bulkDeleteCollectionsWarning', { items: held });
  return (
    <>
      {t('list.bulkDeleteDescription')}
      {warning ? (
        <>
          {' '}
          <strong data-testid="bulk-delete-warning">{warning}</strong>
        </>
      ) : null}
    </>
  );
}
