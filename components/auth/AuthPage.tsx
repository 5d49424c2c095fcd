// The frame of the public account pages (sign-in's siblings): the tenant's brand in the shell, one card.
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/AppShell';
import { currentBrand } from '@/lib/tenant/current';
import styles from '@/app/login/login.module.css';

export async function AuthPage({ title, sub, children }: { title: ReactNode; sub?: ReactNode; children: ReactNode }) {
  const { brand } = await currentBrand();
  return (
    <AppShell brand={brand} session={null}>
      <div className={styles.single}>
        <div className={styles.formCard}>
          <h1>{title}</h1>
          {sub ? <p className={styles.sub}>{sub}</p> : null}
          {children}
        </div>
      </div>
    </AppShell>
  );
}
