'use client';
// Tabs on Radix Tabs (arrow keys between tabs, the panel follows). With `urlParam` the chosen tab is kept in the
// address (?tab=…), so a reload or a shared link opens the same tab.
import * as RT from '@radix-ui/react-tabs';
import { usePathname, useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import styles from './Tabs.module.css';

export interface TabDef {
  value: string;
  label: ReactNode;
  content: ReactNode;
  testId?: string;
}

export interface TabsProps {
  tabs: TabDef[];
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (v: string) => void;
  urlParam?: string;
}

export function Tabs({ tabs, label, defaultValue, value, onValueChange, urlParam }: TabsProps) {
  const params = useSearchParams();
  const pathname = usePathname();
  const fromUrl = urlParam ? params.get(urlParam) : null;
  const initial = fromUrl && tabs.some((t) => t.value === fromUrl) ? fromUrl : (defaultValue ?? tabs[0]?.value ?? '');
  const [own, setOwn] = useState(initial);
  const current = value ?? own;
  // a link to ?<urlParam>=… (e.g. "Embed" under the player) switches the tab
  useEffect(() => {
    if (fromUrl && tabs.some((t) => t.value === fromUrl)) setOwn(fromUrl);
  }, [fromUrl]);
  function change(v: string) {
    setOwn(v);
    onValueChange?.(v);
    if (urlParam) {
      const q = new URLSearchParams(params.toString());
      if (v === (defaultValue ?? tabs[0]?.value)) q.delete(urlParam);
      else q.set(urlParam, v);
      const s = q.toString();
      // the browser's history API, not the router: the address changes without rendering the page again on the
      // server (a content page would otherwise issue a new player token and reload its player)
      window.history.replaceState(null, '', `${pathname}${s ? `?${s}` : ''}`);
    }
  }
  return (
    <RT.Root value={current} onValueChange={change} className={styles.root}>
      <RT.List aria-label={label} className={styles.list}>
        {tabs.map((t) => (
          <RT.Trigger key={t.value} value={t.value} className={styles.trigger} data-testid={t.testId}>
            {t.label}
          </RT.Trigger>
        ))}
      </RT.List>
      {tabs.map((t) => (
        <RT.Content key={t.value} value={t.value} className={styles.panel} forceMount hidden={t.value !== current}>
          {t.content}
        </RT.Content>
      ))}
    </RT.Root>
  );
}
