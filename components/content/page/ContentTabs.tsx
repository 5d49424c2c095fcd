'use client';
// The content page's tabs: Preview, Share & embed, Results, Details, History (its revisions). Every panel stays mounted (the player keeps
// playing while another tab is open); the chosen tab is kept in the address (?tab=).
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Tabs } from '@/components/ui';

export function ContentTabs({ preview, share, results, details, history }: { preview: ReactNode; share: ReactNode; results: ReactNode | null; details: ReactNode; history?: ReactNode | null }) {
  const t = useTranslations('content.page');
  return (
    <Tabs
      label={t('tabs')}
      urlParam="tab"
      defaultValue="preview"
      tabs={[
        { value: 'preview', label: t('tabPreview'), content: preview, testId: 'tab-preview' },
        { value: 'share', label: t('tabShare'), content: share, testId: 'tab-share' },
        ...(results ? [{ value: 'results', label: t('tabResults'), content: results, testId: 'tab-results' }] : []),
        { value: 'details', label: t('tabDetails'), content: details, testId: 'tab-details' },
        ...(history ? [{ value: 'history', label: t('tabHistory'), content: history, testId: 'tab-history' }] : []),
      ]}
    />
  );
}
