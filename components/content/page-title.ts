// The document <title> of a content page: the page's name in the user's language and the tenant's app name.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { currentBrand } from '@/lib/tenant/current';

type PageKey = 'list.title' | 'new.title' | 'edit.title' | 'import.title' | 'types.title' | 'play.metaTitle' | 'history.previewPageTitle';

export async function contentPageMetadata(page: PageKey): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('content'), currentBrand()]);
  return { title: t('pageTitle', { page: t(page), app: brand.appName }) };
}
