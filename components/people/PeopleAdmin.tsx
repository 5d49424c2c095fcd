'use client';
// The admin's "People" page (issue 27 item 4): the school's users with role, status and last sign-in (change a
// role, disable or enable, issue a password reset), an "Invite people" dialog (several addresses at once), and the
// pending invitations (a new link, revoke). Without mail the links to hand over are shown with a copy button.
import { KeyRound, MailPlus, RefreshCw, Search, UserCheck, UserX, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { Badge, Button, Card, ConfirmDialog, DataTable, Dialog, Field, Pagination, Stack } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import type { InvitationView, Person } from '@/lib/people/schemas';
import { CopyLink } from './CopyLink';
import styles from './People.module.css';

const PAGE = 50;
type Role = Person['role'];
type InviteRole = 'teacher' | 'student';
interface LinkAnswer {
  mailed: boolean;
  viaIdentityProvider: boolean;
  link: string | null;
}
type InviteResult = { email: string; ok: true; answer: LinkAnswer } | { email: string; ok: false; error: string };

export function PeopleAdmin({ tenantId, selfId }: { tenantId: string | null; selfId: string }) {
  // relative times against one moment (next-intl wants `now` given; the lists load after mount, so no SSR mismatch)
  const [now] = useState(() => Date.now());
  const t = useTranslations('people');
  const format = useFormatter();
  const toast = useToast();
  const q = tenantId ? `tenantId=${encodeURIComponent(tenantId)}` : '';
  const withQ = (path: string) => (q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path);

  const [people, setPeople] = useState<Person[] | null>(null);
  const [total, setTotal] = useState(0);
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [invitations, setInvitations] = useState<InvitationView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [handover, setHandover] = useState<{ title: string; link: string } | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);

  const loadPeople = useCallback(async () => {
    try {
      const res = await callApi<Person[]>('GET', withQ(`/api/admin/people?limit=${PAGE}&offset=${offset}${applied ? `&search=${encodeURIComponent(applied)}` : ''}`));
      setPeople(res.data);
      setTotal(Number(res.total ?? 0));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [offset, applied, q]);
  const loadInvitations = useCallback(async () => {
    try {
      setInvitations((await callApi<InvitationView[]>('GET', withQ('/api/admin/people/invitations'))).data);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [q]);
  useEffect(() => void loadPeople(), [loadPeople]);
  useEffect(() => void loadInvitations(), [loadInvitations]);

  const replace = (p: Person) => setPeople((list) => list?.map((x) => (x.id === p.id ? p : x)) ?? null);
  const act = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      toast({ title: (err as Error).message, tone: 'error' });
    }
  };
  const changeRole = (p: Person, role: Role) =>
    act(async () => {
      replace((await callApi<Person>('PATCH', `/api/admin/people/${p.id}`, { role })).data);
      toast({ title: t('roleChanged', { email: p.email, role: t(`roles.${role}`) }) });
    });
  const setDisabled = (p: Person, disabled: boolean) =>
    act(async () => {
      replace((await callApi<Person>('POST', `/api/admin/people/${p.id}/${disabled ? 'disable' : 'enable'}`)).data);
      toast({ title: t(disabled ? 'disabledToast' : 'enabledToast', { email: p.email }) });
    });
  const resetPassword = (p: Person) =>
    act(async () => {
      const a = (await callApi<LinkAnswer>('POST', `/api/admin/people/${p.id}/password-reset`)).data;
      if (a.link) setHandover({ title: t('resetLinkTitle', { email: p.email }), link: a.link });
      else toast({ title: t(a.viaIdentityProvider ? 'resetSentIdp' : 'resetSent', { email: p.email }) });
    });
  const resend = (i: InvitationView) =>
    act(async () => {
      const a = (await callApi<LinkAnswer & { invitation: InvitationView }>('POST', withQ(`/api/admin/people/invitations/${i.id}/resend`))).data;
      setInvitations((list) => list?.map((x) => (x.id === i.id ? a.invitation : x)) ?? null);
      if (a.link) setHandover({ title: t('inviteLinkTitle', { email: i.email }), link: a.link });
      else toast({ title: t('inviteResent', { email: i.email }) });
    });
  const revoke = (i: InvitationView) =>
    act(async () => {
      await callApi('DELETE', withQ(`/api/admin/people/invitations/${i.id}`));
      setInvitations((list) => list?.filter((x) => x.id !== i.id) ?? null);
      toast({ title: t('revoked', { email: i.email }) });
    });

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setOffset(0);
    setApplied(search.trim());
  };

  return (
    <Stack gap={4}>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <Card aria-labelledby="people-users">
        <Stack gap={3}>
          <div className={styles.toolbar}>
            <h2 id="people-users">{t('users.title')}</h2>
            <Button ref={inviteButton} variant="primary" icon={MailPlus} onClick={() => setInviteOpen(true)} data-testid="people-invite-open">
              {t('invite.open')}
            </Button>
          </div>
          <form className={styles.search} onSubmit={submitSearch} role="search">
            <label className="sr-only" htmlFor="people-search">
              {t('users.search')}
            </label>
            <input id="people-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('users.searchPlaceholder')} data-testid="people-search" />
            <Button type="submit" icon={Search}>
              {t('users.searchButton')}
            </Button>
          </form>
          {people === null ? (
            <p className="muted">{t('loading')}</p>
          ) : (
            <DataTable
              testId="people-table"
              rowTestId="people-row"
              label={t('users.title')}
              rows={people}
              rowKey={(p) => p.id}
              empty={applied ? t('users.noMatch') : t('users.empty')}
              columns={[
                {
                  header: t('users.person'),
                  cell: (p) => (
                    <span className={styles.person}>
                      <strong>{p.name}</strong>
                      <span data-testid="people-email">{p.email}</span>
                    </span>
                  ),
                },
                {
                  header: t('users.role'),
                  cell: (p) =>
                    p.roleName === 'super_admin' ? (
                      <Badge tone="brand">{t('roles.super_admin')}</Badge>
                    ) : (
                      <>
                        <label className="sr-only" htmlFor={`role-${p.id}`}>
                          {t('users.roleOf', { email: p.email })}
                        </label>
                        <select id={`role-${p.id}`} value={p.role} disabled={p.id === selfId} onChange={(e) => void changeRole(p, e.target.value as Role)} data-testid="people-role">
                          {(['student', 'teacher', 'admin'] as const).map((r) => (
                            <option key={r} value={r}>
                              {t(`roles.${r}`)}
                            </option>
                          ))}
                        </select>
                      </>
                    ),
                },
                {
                  header: t('users.status'),
                  cell: (p) => (
                    <Badge tone={p.status === 'active' ? 'success' : 'danger'} data-testid="people-status">
                      {t(`status.${p.status}`)}
                    </Badge>
                  ),
                },
                {
                  header: t('users.lastSignIn'),
                  cell: (p) =>
                    p.lastSignInAt ? (
                      <time dateTime={p.lastSignInAt} title={format.dateTime(new Date(p.lastSignInAt), { dateStyle: 'medium', timeStyle: 'short' })}>
                        {format.relativeTime(new Date(p.lastSignInAt), Math.max(now, new Date(p.lastSignInAt).getTime()))}
                      </time>
                    ) : (
                      <span className="muted">{t('users.never')}</span>
                    ),
                },
                {
                  header: t('users.actions'),
                  cell: (p) =>
                    p.id === selfId ? (
                      <span className="muted">{t('users.you')}</span>
                    ) : (
                      <div className={styles.actions}>
                        {p.status === 'active' ? (
                          <ConfirmDialog
                            title={t('disable.title', { email: p.email })}
                            description={t('disable.body')}
                            confirmLabel={t('disable.confirm')}
                            onConfirm={() => setDisabled(p, true)}
                            testId="people-disable-confirm"
                            trigger={
                              <Button size="sm" variant="ghost" icon={UserX} data-testid="people-disable">
                                {t('disable.action')}
                              </Button>
                            }
                          />
                        ) : (
                          <Button size="sm" variant="ghost" icon={UserCheck} onClick={() => void setDisabled(p, false)} data-testid="people-enable">
                            {t('enable')}
                          </Button>
                        )}
                        <Button size="sm" variant="ghost" icon={KeyRound} onClick={() => void resetPassword(p)} data-testid="people-reset">
                          {t('reset')}
                        </Button>
                      </div>
                    ),
                },
              ]}
            />
          )}
          {total > PAGE ? (
            <Pagination
              label={t('users.pages')}
              previousLabel={t('users.previous')}
              nextLabel={t('users.next')}
              onPrev={offset > 0 ? () => setOffset(Math.max(0, offset - PAGE)) : undefined}
              onNext={offset + PAGE < total ? () => setOffset(offset + PAGE) : undefined}
              summary={t('users.range', { from: offset + 1, to: Math.min(total, offset + PAGE), total })}
            />
          ) : null}
        </Stack>
      </Card>

      <Card aria-labelledby="people-invitations">
        <Stack gap={3}>
          <h2 id="people-invitations">{t('pending.title')}</h2>
          {invitations === null ? (
            <p className="muted">{t('loading')}</p>
          ) : (
            <DataTable
              testId="invitations-table"
              rowTestId="invitation-row"
              label={t('pending.title')}
              rows={invitations}
              rowKey={(i) => i.id}
              empty={t('pending.empty')}
              columns={[
                { header: t('pending.email'), cell: (i) => <strong data-testid="invitation-email">{i.email}</strong> },
                { header: t('users.role'), cell: (i) => t(`roles.${i.role}`) },
                {
                  header: t('pending.expires'),
                  cell: (i) => (i.expired ? <Badge tone="warning">{t('pending.expired')}</Badge> : <time dateTime={i.expiresAt}>{format.relativeTime(new Date(i.expiresAt), now)}</time>),
                },
                { header: t('pending.invitedBy'), cell: (i) => i.invitedBy ?? '—' },
                {
                  header: t('users.actions'),
                  cell: (i) => (
                    <div className={styles.actions}>
                      <Button size="sm" variant="ghost" icon={RefreshCw} onClick={() => void resend(i)} data-testid="invitation-resend">
                        {t('pending.resend')}
                      </Button>
                      <ConfirmDialog
                        title={t('pending.revokeTitle', { email: i.email })}
                        description={t('pending.revokeBody')}
                        confirmLabel={t('pending.revoke')}
                        onConfirm={() => revoke(i)}
                        testId="invitation-revoke-confirm"
                        trigger={
                          <Button size="sm" variant="ghost" icon={XCircle} data-testid="invitation-revoke">
                            {t('pending.revoke')}
                          </Button>
                        }
                      />
                    </div>
                  ),
                },
              ]}
            />
          )}
        </Stack>
      </Card>

      <InviteDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        returnFocus={inviteButton}
        invite={(email, role) => callApi<LinkAnswer & { invitation: InvitationView }>('POST', withQ('/api/admin/people/invitations'), { email, role }).then((r) => r.data)}
        onInvited={() => void loadInvitations()}
      />
      <Dialog open={!!handover} onOpenChange={(o) => !o && setHandover(null)} title={handover?.title ?? ''} description={t('handover')} testId="people-handover" closeLabel={t('close')}>
        {handover ? <CopyLink link={handover.link} label={handover.title} /> : null}
      </Dialog>
    </Stack>
  );
}

/** Splits what was typed into addresses: commas, semicolons, spaces and new lines separate them. */
const addressesOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];

function InviteDialog({
  open,
  onOpenChange,
  returnFocus,
  invite,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  returnFocus: React.RefObject<HTMLElement | null>;
  invite: (email: string, role: InviteRole) => Promise<LinkAnswer>;
  onInvited: () => void;
}) {
  const t = useTranslations('people');
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<InviteRole>('teacher');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<InviteResult[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const reset = (o: boolean) => {
    if (!o) {
      setEmails('');
      setResults(null);
      setFormError(null);
    }
    onOpenChange(o);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const list = addressesOf(emails);
    if (!list.length) return setFormError(t('invite.none'));
    if (list.length > 50) return setFormError(t('invite.tooMany'));
    setBusy(true);
    setFormError(null);
    const out: InviteResult[] = [];
    for (const email of list) {
      try {
        out.push({ email, ok: true, answer: await invite(email, role) });
      } catch (err) {
        out.push({ email, ok: false, error: (err as Error).message });
      }
    }
    setResults(out);
    setBusy(false);
    if (out.some((r) => r.ok)) onInvited();
  };

  return (
    <Dialog open={open} onOpenChange={reset} title={t('invite.title')} description={t('invite.description')} testId="people-invite" returnFocus={returnFocus} closeLabel={t('close')} wide>
      {results ? (
        <Stack gap={3}>
          <ul className={styles.results} data-testid="invite-results">
            {results.map((r) => (
              <li key={r.email} data-testid="invite-result">
                <strong>{r.email}</strong>
                {!r.ok ? (
                  <span className="error" role="alert">
                    {r.error}
                  </span>
                ) : r.answer.link ? (
                  <>
                    <span className="muted">{t('invite.handover')}</span>
                    <CopyLink link={r.answer.link} label={t('inviteLinkTitle', { email: r.email })} />
                  </>
                ) : (
                  <span className="muted">{t(r.answer.viaIdentityProvider ? 'invite.sentIdp' : 'invite.sent')}</span>
                )}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => reset(false)} data-testid="invite-done">
              {t('invite.done')}
            </Button>
            <Button onClick={() => setResults(null)}>{t('invite.more')}</Button>
          </div>
        </Stack>
      ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t('invite.emails')} htmlFor="invite-emails" hint={t('invite.emailsHint')} error={formError}>
            <textarea id="invite-emails" value={emails} onChange={(e) => setEmails(e.target.value)} placeholder="ana@school.org, ben@school.org" data-testid="invite-emails" />
          </Field>
          <Field label={t('invite.role')} htmlFor="invite-role">
            <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as InviteRole)} data-testid="invite-role">
              <option value="teacher">{t('roles.teacher')}</option>
              <option value="student">{t('roles.student')}</option>
            </select>
          </Field>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" icon={MailPlus} loading={busy} data-testid="invite-submit">
              {t('invite.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
