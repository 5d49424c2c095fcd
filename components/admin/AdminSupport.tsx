'use client';
// The super_admin's support tools on the admin page: find a user by email and change their plan; create a school
// workspace (tenant); activate or deactivate one. Each call goes to /api/admin/… with the session cookie.
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { Button, Card } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { PLAN_IDS, type PlanId } from '@/lib/plans/plans';
import type { AdminUser as FoundUser } from '@/lib/admin/manage';


export function UserPlanSupport() {
  const t = useTranslations('admin.support');
  const tp = useTranslations('workspace.plan.names');
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<FoundUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      setFound((await callApi<FoundUser[]>('GET', `/api/admin/users?email=${encodeURIComponent(email.trim())}&limit=20`)).data);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const setPlan = async (u: FoundUser, plan: string) => {
    try {
      await callApi('PUT', `/api/admin/users/${u.id}/plan`, { plan });
      setFound((list) => list?.map((x) => (x.id === u.id ? { ...x, plan } : x)) ?? null);
      toast({ title: t('planChanged', { email: u.email, plan: tp(plan as PlanId) }), tone: 'success' });
    } catch (err) {
      toast({ title: (err as Error).message, tone: 'error' });
    }
  };
  return (
    <Card aria-labelledby="support-users" data-testid="support-users">
      <h2 id="support-users">{t('usersTitle')}</h2>
      <form onSubmit={(e) => void search(e)} className="inline-form">
        <label htmlFor="support-email">{t('email')}</label>
        <input id="support-email" type="search" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@school.org" data-testid="support-email" />
        <Button type="submit" icon={Search} data-testid="support-search">
          {t('search')}
        </Button>
      </form>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {found ? (
        found.length === 0 ? (
          <p className="muted">{t('noUsers')}</p>
        ) : (
          <ul className="support-list">
            {found.map((u) => (
              <li key={u.id} data-testid="support-user">
                <span>
                  <strong>{u.name}</strong> · {u.email}
                  {u.role ? <span className="muted"> · {u.role}</span> : null}
                  <br />
                  <span className="muted">{t('usage', { contents: u.usage.contentsCreatedThisMonth, ai: u.usage.aiGenerationsThisMonth })}</span>
                </span>
                <label className="sr-only" htmlFor={`plan-${u.id}`}>
                  {t('planOf', { email: u.email })}
                </label>
                <select id={`plan-${u.id}`} value={u.plan} onChange={(e) => void setPlan(u, e.target.value)} data-testid="support-plan">
                  {PLAN_IDS.map((p) => (
                    <option key={p} value={p}>
                      {tp(p)}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </Card>
  );
}

export function TenantSupport() {
  const t = useTranslations('admin.support');
  const tp = useTranslations('workspace.plan.names');
  const toast = useToast();
  const router = useRouter();
  const [form, setForm] = useState({ slug: '', name: '', domain: '', plan: 'free' });
  const [error, setError] = useState<string | null>(null);
  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await callApi('POST', '/api/admin/tenants', form);
      toast({ title: t('tenantCreated', { name: form.name }), tone: 'success' });
      setForm({ slug: '', name: '', domain: '', plan: 'free' });
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const field = (k: 'slug' | 'name' | 'domain', placeholder: string) => (
    <>
      <label htmlFor={`tenant-${k}`}>{t(`tenant.${k}`)}</label>
      <input id={`tenant-${k}`} value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} placeholder={placeholder} required data-testid={`tenant-${k}`} />
    </>
  );
  return (
    <Card as="form" className="stacked-form" onSubmit={(e) => void create(e)} aria-labelledby="support-tenant" data-testid="support-tenant">
      <h2 id="support-tenant">{t('tenantTitle')}</h2>
      {field('name', 'Harbour School')}
      {field('slug', 'harbour')}
      {field('domain', 'harbour.school.org')}
      <label htmlFor="tenant-plan">{t('tenant.plan')}</label>
      <select id="tenant-plan" value={form.plan} onChange={(e) => setForm({ ...form, plan: e.target.value })}>
        {PLAN_IDS.map((p) => (
          <option key={p} value={p}>
            {tp(p)}
          </option>
        ))}
      </select>
      {error ? (
        <p className="error" role="alert" data-testid="tenant-error">
          {error}
        </p>
      ) : null}
      <p>
        <Button type="submit" variant="primary" icon={Plus} data-testid="tenant-create">
          {t('tenantCreate')}
        </Button>
      </p>
    </Card>
  );
}

export function TenantActiveToggle({ id, active, name }: { id: string; active: boolean; name: string }) {
  const t = useTranslations('admin.support');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await callApi('PATCH', `/api/admin/tenants/${id}`, { active: !active });
      router.refresh();
    } catch (err) {
      toast({ title: (err as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" onClick={() => void toggle()} loading={busy} data-testid="tenant-toggle" aria-label={active ? t('deactivateNamed', { name }) : t('activateNamed', { name })}>
      {active ? t('deactivate') : t('activate')}
    </Button>
  );
}
