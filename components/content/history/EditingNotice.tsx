'use client';
// "Ana is editing" (issue 27 item 2): the editor announces its user every 20 s (POST …/presence) and the content page
// asks who is editing (GET …/presence); both show the others. A hint only: saves are kept apart by revisions.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { apiFetch } from '@/components/shared/api';

const BEAT_MS = 20_000;

interface Editor {
  id: string;
  name: string;
}

export function EditingNotice({ contentId, announce }: { contentId: string; announce: boolean }) {
  const t = useTranslations('content.presence');
  const [editors, setEditors] = useState<Editor[]>([]);

  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      try {
        const res = await apiFetch(`/h5p/content/${encodeURIComponent(contentId)}/presence`, { method: announce ? 'POST' : 'GET' });
        if (!res.ok) return;
        const body = (await res.json()) as { data?: { editors: Editor[] } };
        if (!stopped) setEditors(body.data?.editors ?? []);
      } catch {
        /* a hint: a missed beat is retried with the next */
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), BEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [contentId, announce]);

  if (!editors.length) return null;
  const names = new Intl.ListFormat(undefined, { style: 'long', type: 'conjunction' }).format(editors.map((e) => e.name));
  return (
    <p className="notice" role="status" data-testid="editing-notice">
      {t('editing', { names, count: editors.length })}
    </p>
  );
}
