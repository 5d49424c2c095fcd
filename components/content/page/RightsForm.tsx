'use client';
// The Details tab's rights of use (issue 28 item 3): the list everyone sees and, for the owner or an editor, a form
// that edits H5P's licence metadata — licence and version, authors (name and role; add, remove), source, years,
// licence extras, author comments, and the change log (its entries read-only, one new entry per save). It saves
// with PATCH /h5p/content/:id/metadata on top of the revision the page was opened on; the server's refusal (its
// 400 text, or the 409 of a save that came in between) is shown as it is.
import { Plus, Scale, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button, Field, IconButton } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { callApi } from '@/components/shared/api';
import { AUTHOR_ROLES, forbidsDerivatives, LICENCE_CODES, LICENCE_KEYS, versionKey, versionsOf } from '@/lib/content/licence';
import type { Rights } from '@/lib/h5p/content/rights';
import { RightsList } from './PreviewPanel';
import { useRightsOfUse } from './RightsContext';
import styles from './ContentPage.module.css';

interface Draft {
  license: string;
  licenseVersion: string;
  authors: { key: number; name: string; role: string }[];
  source: string;
  yearFrom: string;
  yearTo: string;
  licenseExtras: string;
  authorComments: string;
  change: string;
}

let keys = 0;
const draftOf = (r: Rights): Draft => ({
  license: r.license,
  licenseVersion: r.licenseVersion ?? '',
  authors: r.authors.map((a) => ({ key: ++keys, name: a.name, role: a.role })),
  source: r.source ?? '',
  yearFrom: r.yearFrom === null ? '' : String(r.yearFrom),
  yearTo: r.yearTo === null ? '' : String(r.yearTo),
  licenseExtras: r.licenseExtras ?? '',
  authorComments: r.authorComments ?? '',
  change: '',
});

export function RightsDetails({ contentId, canEdit }: { contentId: string; canEdit: boolean }) {
  const t = useTranslations('content.page.rightsForm');
  const [open, setOpen] = useState(false);
  return (
    <>
      <RightsList />
      {canEdit ? (
        open ? (
          <RightsForm contentId={contentId} onDone={() => setOpen(false)} />
        ) : (
          <Button size="sm" icon={Scale} onClick={() => setOpen(true)} data-testid="rights-edit">
            {t('edit')}
          </Button>
        )
      ) : null}
    </>
  );
}

function RightsForm({ contentId, onDone }: { contentId: string; onDone: () => void }) {
  const t = useTranslations('content.page.rightsForm');
  const tc = useTranslations('common');
  const toast = useToast();
  const { rights, revision, saved } = useRightsOfUse();
  const [d, setD] = useState<Draft>(() => draftOf(rights));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const versions = versionsOf(d.license);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const body = {
        license: d.license,
        licenseVersion: versions.length ? d.licenseVersion || null : null,
        authors: d.authors.filter((a) => a.name.trim()).map((a) => ({ name: a.name.trim(), role: a.role })),
        source: d.source.trim() || null,
        yearFrom: d.yearFrom.trim() || null,
        yearTo: d.yearTo.trim() || null,
        licenseExtras: d.licenseExtras.trim() || null,
        authorComments: d.authorComments.trim() || null,
        ...(d.change.trim() ? { change: { log: d.change.trim() } } : {}),
        ...(revision ? { baseRevision: revision } : {}),
      };
      const r = await callApi<{ contentId: string; rights: Rights }>(
        'PATCH',
        `/h5p/content/${encodeURIComponent(contentId)}/metadata`,
        body,
      );
      saved?.(r.data.rights, (r as { revisionId?: string | null }).revisionId ?? null);
      toast({ title: t('saved') });
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.rightsForm}
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      data-testid="rights-form"
      noValidate
    >
      <h3 id={`${id}-title`}>{t('formTitle')}</h3>
      <div className={styles.rightsRow}>
        <Field label={t('licence')} htmlFor={`${id}-licence`}>
          <select
            id={`${id}-licence`}
            value={d.license}
            data-testid="rights-licence"
            onChange={(e) => {
              const code = e.target.value;
              const vs = versionsOf(code);
              set({ license: code, licenseVersion: vs.includes(d.licenseVersion) ? d.licenseVersion : (vs[0] ?? '') });
            }}
          >
            {LICENCE_CODES.map((c) => (
              <option key={c} value={c}>
                {tc(`licences.${LICENCE_KEYS[c]}`)}
              </option>
            ))}
          </select>
        </Field>
        {versions.length ? (
          <Field label={t('version')} htmlFor={`${id}-version`}>
            <select
              id={`${id}-version`}
              value={d.licenseVersion}
              onChange={(e) => set({ licenseVersion: e.target.value })}
              data-testid="rights-version"
            >
              <option value="">{t('noVersion')}</option>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {t(`versionName.${versionKey(v)}`)}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      {forbidsDerivatives(d.license) ? (
        <p className="muted" data-testid="rights-nd-note">
          {t('ndNote')}
        </p>
      ) : null}

      <fieldset>
        <legend>{t('authors')}</legend>
        {d.authors.length === 0 ? <p className="muted">{t('noAuthors')}</p> : null}
        {d.authors.map((a, i) => (
          <div className={styles.authorRow} key={a.key} data-testid="rights-author">
            <div>
              <label htmlFor={`${id}-author-${a.key}`}>{t('authorName', { n: i + 1 })}</label>
              <input
                id={`${id}-author-${a.key}`}
                value={a.name}
                maxLength={255}
                autoComplete="off"
                data-testid="rights-author-name"
                onChange={(e) => set({ authors: d.authors.map((x) => (x.key === a.key ? { ...x, name: e.target.value } : x)) })}
              />
            </div>
            <div>
              <label htmlFor={`${id}-role-${a.key}`}>{t('authorRole', { n: i + 1 })}</label>
              <select
                id={`${id}-role-${a.key}`}
                value={a.role}
                data-testid="rights-author-role"
                onChange={(e) => set({ authors: d.authors.map((x) => (x.key === a.key ? { ...x, role: e.target.value } : x)) })}
              >
                {AUTHOR_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {tc(`authorRoles.${r}`)}
                  </option>
                ))}
              </select>
            </div>
            <IconButton
              size="sm"
              icon={Trash2}
              label={t('removeAuthor', { n: i + 1 })}
              onClick={() => set({ authors: d.authors.filter((x) => x.key !== a.key) })}
              data-testid="rights-author-remove"
            />
          </div>
        ))}
        {d.authors.length < 20 ? (
          <div>
            <Button
              type="button"
              size="sm"
              icon={Plus}
              onClick={() => set({ authors: [...d.authors, { key: ++keys, name: '', role: 'Author' }] })}
              data-testid="rights-author-add"
            >
              {t('addAuthor')}
            </Button>
          </div>
        ) : null}
      </fieldset>

      <Field label={t('source')} htmlFor={`${id}-source`} hint={<span id={`${id}-source-hint`}>{t('sourceHint')}</span>}>
        <input
          id={`${id}-source`}
          type="url"
          inputMode="url"
          value={d.source}
          maxLength={2000}
          aria-describedby={`${id}-source-hint`}
          onChange={(e) => set({ source: e.target.value })}
          data-testid="rights-source-input"
        />
      </Field>
      <div className={styles.rightsRow}>
        <Field label={t('yearFrom')} htmlFor={`${id}-from`}>
          <input
            id={`${id}-from`}
            inputMode="numeric"
            pattern="[0-9]{4}"
            maxLength={4}
            value={d.yearFrom}
            onChange={(e) => set({ yearFrom: e.target.value })}
            data-testid="rights-year-from"
          />
        </Field>
        <Field label={t('yearTo')} htmlFor={`${id}-to`}>
          <input
            id={`${id}-to`}
            inputMode="numeric"
            pattern="[0-9]{4}"
            maxLength={4}
            value={d.yearTo}
            onChange={(e) => set({ yearTo: e.target.value })}
            data-testid="rights-year-to"
          />
        </Field>
      </div>
      <Field label={t('licenseExtras')} htmlFor={`${id}-extras`} hint={<span id={`${id}-extras-hint`}>{t('licenseExtrasHint')}</span>}>
        <textarea
          id={`${id}-extras`}
          rows={2}
          maxLength={5000}
          value={d.licenseExtras}
          aria-describedby={`${id}-extras-hint`}
          onChange={(e) => set({ licenseExtras: e.target.value })}
        />
      </Field>
      <Field
        label={t('authorComments')}
        htmlFor={`${id}-comments`}
        hint={<span id={`${id}-comments-hint`}>{t('authorCommentsHint')}</span>}
      >
        <textarea
          id={`${id}-comments`}
          rows={2}
          maxLength={5000}
          value={d.authorComments}
          aria-describedby={`${id}-comments-hint`}
          onChange={(e) => set({ authorComments: e.target.value })}
          data-testid="rights-comments"
        />
      </Field>

      <fieldset>
        <legend>{t('changes')}</legend>
        {rights.changes.length ? (
          <ul className={styles.changeList}>
            {rights.changes.map((c, i) => (
              <li key={i}>{t('change', { date: c.date || '—', author: c.author || '—', log: c.log || '—' })}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('noChanges')}</p>
        )}
        <Field label={t('addChange')} htmlFor={`${id}-change`} hint={<span id={`${id}-change-hint`}>{t('addChangeHint')}</span>}>
          <textarea
            id={`${id}-change`}
            rows={2}
            maxLength={1000}
            value={d.change}
            aria-describedby={`${id}-change-hint`}
            onChange={(e) => set({ change: e.target.value })}
            data-testid="rights-change"
          />
        </Field>
      </fieldset>

      {error ? (
        <p className="error" role="alert" data-testid="rights-error">
          {t('saveFailed')}: {error}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" loading={busy} data-testid="rights-save">
          {t('save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {tc('cancel')}
        </Button>
      </div>
    </form>
  );
}
