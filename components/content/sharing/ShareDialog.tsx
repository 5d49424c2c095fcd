'use client';
// The owner's "Share" dialog (issue 27 item 1) for a content item or a folder, on the kit's Dialog: add a colleague
// of the same school by email as viewer or editor, the list of colleagues with their role (changed in place) and
// Remove, and for an item "Transfer ownership" behind a confirmation. Every refusal shows the server's own text.
import { Trash2, UserPlus, Users } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useState, type FormEvent, type RefObject } from 'react';
import { Button, Field } from '@/components/ui';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/Toaster';
import { h5pApi } from '../api';
import styles from './ShareDialog.module.css';

type Role = 'viewer' | 'editor';
interface Share {
  userId: string;
  email: string;
  name: string;
  role: Role;
}

export function ShareDialog({
  kind,
  targetId,
  title,
  open,
  onOpenChange,
  returnFocus,
}: {
  kind: 'content' | 'folder';
  targetId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useTranslations('content.sharing');
  const tc = useTranslations('common');
  const toast = useToast();
  const router = useRouter();
  const base = kind === 'content' ? `/h5p/content/${encodeURIComponent(targetId)}/shares` : `/api/folders/${encodeURIComponent(targetId)}/shares`;
  const [shares, setShares] = useState<Share[] | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [transferTo, setTransferTo] = useState('');
  const [confirmTransfer, setConfirmTransfer] = useState(false);
  const formId = useId();
  const transferId = useId();

  const load = useCallback(async () => {
    try {
      setShares(await h5pApi<Share[]>('GET', base));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [base]);
  useEffect(() => {
    if (open) {
      setError(null);
      void load();
    }
  }, [open, load]);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
    }
    setBusy(false);
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !email.trim()) return;
    void run(async () => {
      const s = await h5pApi<Share>('POST', base, { email: email.trim(), role });
      setEmail('');
      toast({ title: t('added', { name: s.name || s.email }) });
      await load();
    });
  };
  const change = (s: Share, next: Role) =>
    void run(async () => {
      await h5pApi('PATCH', `${base}/${s.userId}`, { role: next });
      await load();
    });
  const remove = (s: Share) =>
    void run(async () => {
      await h5pApi('DELETE', `${base}/${s.userId}`);
      toast({ title: t('removed', { name: s.name || s.email }) });
      await load();
    });
  const transfer = () =>
    run(async () => {
      await h5pApi('POST', `/h5p/content/${encodeURIComponent(targetId)}/transfer`, { email: transferTo.trim() });
      toast({ title: t('transferred', { email: transferTo.trim() }) });
      setTransferTo('');
      onOpenChange(false);
      router.refresh();
    });

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={t('title', { title })} description={kind === 'folder' ? t('introFolder') : t('intro')} closeLabel={tc('close')} testId="share-dialog" returnFocus={returnFocus} wide>
        <form id={formId} className={styles.add} onSubmit={add} noValidate>
          <Field label={t('email')} htmlFor={`${formId}-email`}>
            <input id={`${formId}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="share-email" placeholder={t('emailPlaceholder')} />
          </Field>
          <Field label={t('role')} htmlFor={`${formId}-role`}>
            <select id={`${formId}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)} data-testid="share-role">
              <option value="viewer">{t('roles.viewer')}</option>
              <option value="editor">{t('roles.editor')}</option>
            </select>
          </Field>
          <Button type="submit" variant="primary" icon={UserPlus} loading={busy} data-testid="share-add">
            {t('add')}
          </Button>
        </form>
        <p className={styles.hint}>{t('rolesHint')}</p>
        {error ? (
          <p className={styles.error} role="alert" data-testid="share-error">
            {error}
          </p>
        ) : null}
        <h3 className={styles.heading}>
          <Users aria-hidden size={16} /> {t('people')}
        </h3>
        {shares === null ? (
          <p className="muted">{t('loading')}</p>
        ) : shares.length === 0 ? (
          <p className="muted" data-testid="share-empty">
            {t('nobody')}
          </p>
        ) : (
          <ul className={styles.list} data-testid="share-list">
            {shares.map((s) => (
              <li key={s.userId} className={styles.row} data-testid="share-row">
                <span className={styles.who}>
                  <strong>{s.name || s.email}</strong>
                  <span className="muted">{s.email}</span>
                </span>
                <select aria-label={t('roleOf', { name: s.name || s.email })} value={s.role} disabled={busy} onChange={(e) => change(s, e.target.value as Role)} data-testid="share-row-role">
                  <option value="viewer">{t('roles.viewer')}</option>
                  <option value="editor">{t('roles.editor')}</option>
                </select>
                <Button variant="ghost" icon={Trash2} disabled={busy} onClick={() => remove(s)} data-testid="share-row-remove" aria-label={t('removeOf', { name: s.name || s.email })}>
                  {t('remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {kind === 'content' ? (
          <form
            className={styles.transfer}
            onSubmit={(e) => {
              e.preventDefault();
              if (transferTo.trim()) setConfirmTransfer(true);
            }}
            noValidate
          >
            <h3 className={styles.heading}>{t('transferTitle')}</h3>
            <p className="muted">{t('transferIntro')}</p>
            <div className={styles.add}>
              <Field label={t('transferTo')} htmlFor={`${transferId}-email`}>
                <input id={`${transferId}-email`} type="email" autoComplete="off" value={transferTo} onChange={(e) => setTransferTo(e.target.value)} data-testid="transfer-email" />
              </Field>
              <Button type="submit" disabled={busy || !transferTo.trim()} data-testid="transfer-start">
                {t('transfer')}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirmTransfer}
        onOpenChange={setConfirmTransfer}
        testId="transfer-dialog"
        title={t('transferConfirmTitle', { title })}
        description={t('transferConfirm', { email: transferTo.trim() })}
        confirmLabel={t('transfer')}
        onConfirm={transfer}
      />
    </>
  );
}
