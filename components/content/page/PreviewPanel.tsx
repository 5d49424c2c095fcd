'use client';
// The Preview tab: the player (as the signed-in user, whose plays of their own content are previews) or, switched
// to "Preview as learner", the content as a learner meets it — fresh, and nothing recorded (a preview token:
// no saved state, no view counted, no statement stored). Under the player, H5P's bar: reuse, embed, rights of use.
import { useTranslations } from 'next-intl';
import { Code2, Download, Eye, Scale } from 'lucide-react';
import { useState } from 'react';
import { H5pPlayer } from '@/components/content/H5pPlayer';
import { Badge, Button, Dialog } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { download } from '../api';
import styles from './ContentPage.module.css';
import { useRightsOfUse, type RightsOfUse } from './RightsContext';
import { LICENCE_KEYS, isLicenceCode, versionsOf } from '@/lib/content/licence';

export type { RightsOfUse };

interface Props {
  contentId: string;
  title: string;
  playerToken: string;
  previewToken: string | null;
  origin?: string;
  canReuse: boolean;
  canEmbed: boolean;
  /** the rights shown when the panel is outside a RightsOfUseProvider */
  rights?: RightsOfUse;
}

export function PreviewPanel({ contentId, title, playerToken, previewToken, origin, canReuse, canEmbed, rights }: Props) {
  const t = useTranslations('content.page');
  const toast = useToast();
  const [asLearner, setAsLearner] = useState(false);
  const [rightsOpen, setRightsOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function reuse() {
    setBusy(true);
    try {
      await download(`/h5p/content/${encodeURIComponent(contentId)}/export`, `${title}.h5p`, (status) => t('reuseFailedStatus', { status }));
    } catch (e) {
      toast({ title: t('reuseFailed'), description: (e as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.preview}>
      {previewToken ? (
        <div className={styles.previewBar} role="group" aria-label={t('previewMode')}>
          <label className={styles.switch}>
            <input type="checkbox" role="switch" checked={asLearner} onChange={(e) => setAsLearner(e.target.checked)} data-testid="preview-as-learner" />
            <Eye aria-hidden size={16} /> {t('asLearner')}
          </label>
          {asLearner ? (
            <Badge tone="info" data-testid="preview-nothing-recorded">
              {t('nothingRecorded')}
            </Badge>
          ) : null}
        </div>
      ) : null}
      <div className={styles.playerFrame}>
        {asLearner && previewToken ? (
          <H5pPlayer key="learner" contentId={contentId} playerToken={previewToken} origin={origin} title={title} />
        ) : (
          <H5pPlayer key="self" contentId={contentId} playerToken={playerToken} origin={origin} title={title} />
        )}
      </div>
      <div className={styles.h5pBar} role="toolbar" aria-label={t('playerBar')}>
        {canReuse ? (
          <Button size="sm" variant="ghost" icon={Download} onClick={() => void reuse()} loading={busy} data-testid="bar-reuse">
            {t('reuse')}
          </Button>
        ) : null}
        {canEmbed ? (
          <Button size="sm" variant="ghost" icon={Code2} onClick={() => window.history.replaceState(null, '', '?tab=share')} data-testid="bar-embed">
            {t('embed')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" icon={Scale} onClick={() => setRightsOpen(true)} data-testid="bar-rights">
          {t('rights')}
        </Button>
      </div>
      <Dialog open={rightsOpen} onOpenChange={setRightsOpen} title={t('rightsTitle')} description={title} testId="rights-dialog" closeLabel={t('close')}>
        <RightsList rights={rights} />
      </Dialog>
    </div>
  );
}

/** The licence as the dialog names it: "CC BY-SA 4.0", or the words of U, C and the public domain codes. */
export function useLicenceName() {
  const tl = useTranslations('common.licences');
  return (code: string, version: string | null) => {
    if (!isLicenceCode(code)) return version ? `${code} ${version}` : code;
    if (versionsOf(code).length || code === 'CC PDM') return version && code !== 'CC0 1.0' ? `${code} ${version}` : code;
    return tl(LICENCE_KEYS[code]);
  };
}

/** H5P's rights of use: licence, authors, years, source, extras, the change log and, for a clone, its origin. */
export function RightsList({ rights: fallback }: { rights?: RightsOfUse }) {
  const t = useTranslations('content.page');
  const tr = useTranslations('common.authorRoles');
  const licenceName = useLicenceName();
  const { rights } = useRightsOfUse(fallback);
  const role = (r: string) => ((['Author', 'Editor', 'Licensee', 'Originator'] as const).find((x) => x === r) ? tr(r as 'Author') : r);
  return (
    <dl className="facts">
      <dt>{t('license')}</dt>
      <dd data-testid="rights-license">
        {rights.license && rights.license !== 'U' ? licenceName(rights.license, rights.licenseVersion) : t('licenseUndisclosed')}
      </dd>
      <dt>{t('authors')}</dt>
      <dd data-testid="rights-authors">
        {rights.authors.length ? rights.authors.map((a) => (a.role ? `${a.name} (${role(a.role)})` : a.name)).join(', ') : '—'}
      </dd>
      {rights.yearFrom !== null ? (
        <>
          <dt>{t('years')}</dt>
          <dd>{rights.yearTo !== null && rights.yearTo !== rights.yearFrom ? `${rights.yearFrom}–${rights.yearTo}` : rights.yearFrom}</dd>
        </>
      ) : null}
      {rights.source ? (
        <>
          <dt>{t('source')}</dt>
          <dd data-testid="rights-source">
            {/^https?:\/\//.test(rights.source) ? (
              <a href={rights.source} rel="noopener noreferrer nofollow" target="_blank">
                {rights.source}
              </a>
            ) : (
              rights.source
            )}
          </dd>
        </>
      ) : null}
      {rights.licenseExtras ? (
        <>
          <dt>{t('licenseExtras')}</dt>
          <dd>{rights.licenseExtras}</dd>
        </>
      ) : null}
      {rights.authorComments ? (
        <>
          <dt>{t('authorComments')}</dt>
          <dd>{rights.authorComments}</dd>
        </>
      ) : null}
      {rights.origin ? (
        <>
          <dt>{t('origin')}</dt>
          <dd data-testid="rights-origin">
            <cite>{rights.origin.title}</cite> · {rights.origin.authorName} ·{' '}
            {rights.origin.license && rights.origin.license !== 'U' ? rights.origin.license : t('licenseUndisclosed')}
          </dd>
        </>
      ) : null}
      {rights.changes.length ? (
        <>
          <dt>{t('changes')}</dt>
          <dd>
            <ul className={styles.changeList} data-testid="rights-changes">
              {rights.changes.map((c, i) => (
                <li key={i}>{t('rightsForm.change', { date: c.date || '—', author: c.author || '—', log: c.log || '—' })}</li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
