// The admin area's own navigation: overview (users, schools, support), content types, curriculum.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

const PAGES = [
  { href: '/admin', key: 'overview' },
  { href: '/admin/content-types', key: 'contentTypes' },
  { href: '/admin/curriculum', key: 'curriculum' },
  { href: '/settings/tenant', key: 'branding' },
  { href: '/settings/lti', key: 'lms' },
  { href: '/admin/audit', key: 'audit' },
] as const;

export async function AdminNav({ current }: { current: (typeof PAGES)[number]['href'] }) {
  const t = await getTranslations('admin.pages');
  return (
    <nav aria-label={t('label')} className="sub-nav" data-testid="admin-nav">
      <ul>
        {PAGES.map((p) => (
          <li key={p.href}>
            <Link href={p.href} aria-current={p.href === current ? 'page' : undefined}>
              {t(p.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
