'use client';
// The one overflow menu of a library item: every per-item action (open, edit, duplicate, tags, publish / make
// private, export .h5p / SCORM / cmi5, results, delete). The list owns what the actions change (the item's
// visibility and tags, the delete confirmation); exports download here. Outcomes show in a toast.
import { BarChart3, Copy, Download, Eye, FolderInput, Globe, Lock, Package, Pencil, Sparkles, Tags, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { OverflowMenu, type MenuItem } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { download } from '../api';
import { QuotaReason } from '@/components/plans/QuotaReason';
import type { Allowance } from '@/lib/plans/allowance';
import type { MyContentItem } from '../MyContent';

export interface ItemMenuProps {
  item: MyContentItem;
  /** set when the caller's plan lacks SCORM export: the name of the plan that unlocks it */
  scormPlan?: string | null;
  onDuplicate: (item: MyContentItem) => void;
  onEditTags: (item: MyContentItem) => void;
  onToggleVisibility: (item: MyContentItem) => void;
  onDelete: (item: MyContentItem) => void;
  /** "Move to folder…" (the keyboard way to what dragging a card onto a folder does) */
  onMove?: (item: MyContentItem) => void;
  /** the plan's quota is reached: Duplicate is disabled with the reason and the way to more (lib/plans/allowance.ts) */
  duplicateBlocked?: Allowance | null;
}

export function ItemMenu({ item, scormPlan, onDuplicate, onEditTags, onToggleVisibility, onDelete, onMove, duplicateBlocked }: ItemMenuProps) {
  const t = useTranslations('content');
  const toast = useToast();
  const id = encodeURIComponent(item.id);
  const exportFile = (path: string, name: string) => {
    download(path, name, (status) => t('actions.downloadFailed', { status })).catch((e: Error) => toast({ title: t('actions.exportFailed'), description: e.message, tone: 'error' }));
  };
  const gated = scormPlan ? t('list.menu.scormGated', { plan: scormPlan }) : undefined;
  const items: MenuItem[] = [
    { label: t('list.menu.open'), icon: Eye, href: `/content/${id}`, testId: 'open' },
    // a full page load: the editor's scripts run only on a page loaded with its own nonce
    { label: t('list.edit'), icon: Pencil, href: `/content/${id}/edit`, external: true, testId: 'edit' },
    {
      label: t('list.duplicate'),
      icon: Copy,
      onSelect: () => onDuplicate(item),
      testId: 'duplicate',
      disabled: !!duplicateBlocked,
      reason: duplicateBlocked ? <QuotaReason {...duplicateBlocked} compact testId="duplicate-reason" /> : undefined,
    },
    ...(duplicateBlocked?.upgradePlan ? [{ label: t('list.menu.moreItems'), icon: Sparkles, href: '/plans', testId: 'duplicate-upgrade' }] : []),
    { label: t('list.editTags'), icon: Tags, onSelect: () => onEditTags(item), testId: 'edit-tags' },
    ...(onMove ? [{ label: t('folders.moveMenu'), icon: FolderInput, onSelect: () => onMove(item), testId: 'move-to-folder' }] : []),
    {
      label: item.visibility === 'public' ? t('actions.makePrivate') : t('actions.publish'),
      icon: item.visibility === 'public' ? Lock : Globe,
      onSelect: () => onToggleVisibility(item),
      testId: 'toggle-visibility',
      separatorBefore: true,
    },
    { label: t('actions.exportH5p'), icon: Download, onSelect: () => exportFile(`/h5p/content/${id}/export`, `${item.title}.h5p`), testId: 'export', separatorBefore: true },
    { label: t('list.menu.scorm12'), icon: Package, onSelect: () => exportFile(`/h5p/content/${id}/export-scorm?version=1.2`, `${item.title}_scorm1.2.zip`), testId: 'export-scorm-12', disabled: !!scormPlan, reason: gated },
    { label: t('list.menu.scorm2004'), icon: Package, onSelect: () => exportFile(`/h5p/content/${id}/export-scorm?version=2004`, `${item.title}_scorm2004.zip`), testId: 'export-scorm-2004', disabled: !!scormPlan, reason: gated },
    // cmi5-launch comes with the same plans as scorm-export (Pro and Premium)
    { label: t('list.menu.cmi5'), icon: Package, onSelect: () => exportFile(`/h5p/content/${id}/export-cmi5`, `${item.title}_cmi5.zip`), testId: 'export-cmi5', disabled: !!scormPlan, reason: gated },
    ...(scormPlan ? [{ label: t('list.menu.upgrade', { plan: scormPlan }), icon: Sparkles, href: '/plans', testId: 'scorm-upgrade' }] : []),
    { label: t('list.menu.results'), icon: BarChart3, href: `/results/content/${id}`, testId: 'results', separatorBefore: true },
    { label: t('actions.delete'), icon: Trash2, onSelect: () => onDelete(item), testId: 'delete', danger: true, separatorBefore: true },
  ];
  return <OverflowMenu label={t('list.menu.label', { title: item.title })} items={items} testId="item-menu" />;
}
