'use client';
// The admin's list of hidden content types (lib/h5p/content-types/hidden.ts): machine names with reasons, one
// added or shown again at a time (each change saves the whole list: PUT /api/admin/content-types/hidden), or the
// built-in list restored. Read-only for admins who are not super_admin: the list applies to every tenant.
import { useTranslations } from 'next-intl';
import { EyeOff, RotateCcw, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, DataTable, Field, useToast } from '@/components/ui';
import { callApi } from '@/components/shared/api';
import type { HiddenType, HiddenTypes as List } from '@/lib/h5p/content-types/hidden';
import styles from './HiddenTypes.module.css';

export function HiddenTypes({ initial, canEdit }: { initial: List; canEdit: boolean }) {
  const t = useTranslations('admin.contentTypes.hidden');
  const toast = useToast();
  const [list, setList] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [machineName, setMachineName] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async (types: HiddenType[]): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const r = await callApi<List>('PUT', '/api/admin/content-types/hidden', { types });
      setList(r.data);
      toast({ title: t('saved'), tone: 'success' });
      return true;
    } catch (e) {
      setError((e as Error).message);
      toast({ title: t('saveFailed'), description: (e as Error).message, tone: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const name = machineName.trim();
    if (!name) return;
    const rest = list.types.filter((x) => x.machineName !== name);
    if (await save([...rest, { machineName: name, reason: reason.trim() }])) {
      setMachineName('');
      setReason('');
    }
  };

  return (
    <div className={styles.wrap} data-testid="hidden-types">
      <p className={styles.intro}>{t('intro')}</p>
      {list.isDefault ? <p className="muted">{t('defaults')}</p> : null}
      {!canEdit ? (
        <p className="muted" data-testid="hidden-types-readonly">
          {t('readOnly')}
        </p>
      ) : null}
      <DataTable
        testId="hidden-types-table"
        rowTestId="hidden-type"
        label={t('title')}
        rows={list.types}
        rowKey={(r) => r.machineName}
        empty={t('empty')}
        columns={[
          { header: t('machineName'), cell: (r) => <code>{r.machineName}</code> },
          { header: t('reason'), cell: (r) => r.reason || '—' },
          canEdit && {
            header: t('action'),
            cell: (r) => (
              <Button
                size="sm"
                variant="ghost"
                icon={Undo2}
                disabled={busy}
                aria-label={t('removeNamed', { name: r.machineName })}
                data-testid="hidden-type-remove"
                onClick={() => void save(list.types.filter((x) => x.machineName !== r.machineName))}
              >
                {t('remove')}
              </Button>
            ),
          },
        ]}
      />
      {canEdit ? (
        <form className={styles.form} onSubmit={add} aria-labelledby="hidden-add-title" data-testid="hidden-type-form">
          <h3 id="hidden-add-title" className={styles.formTitle}>
            {t('add')}
          </h3>
          <div className={styles.fields}>
            <Field label={t('machineName')} htmlFor="hidden-machine-name" hint={t('machineNameHint')}>
              <input id="hidden-machine-name" value={machineName} onChange={(e) => setMachineName(e.target.value)} required maxLength={255} autoComplete="off" spellCheck={false} data-testid="hidden-type-name" />
            </Field>
            <Field label={t('reason')} htmlFor="hidden-reason" hint={t('reasonHint')} className={styles.reason}>
              <input id="hidden-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} data-testid="hidden-type-reason" />
            </Field>
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" icon={EyeOff} loading={busy} data-testid="hidden-type-add">
              {t('addButton')}
            </Button>
            {!list.isDefault ? (
              <Button variant="ghost" icon={RotateCcw} disabled={busy} onClick={() => void save(list.defaults)} data-testid="hidden-types-reset">
                {t('reset')}
              </Button>
            ) : null}
          </div>
          {error ? (
            <p className={styles.error} role="alert" data-testid="hidden-types-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
