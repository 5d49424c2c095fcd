'use client';
// Creates or edits content with Lumi's <h5p-editor> web component (client-side import only). Calls go with the
// session cookie. Work is never lost to an ended session: when a save is refused with 401 the content is kept in
// this browser (localStorage) and restored into the editor after signing in again. The editor loads in the
// user's language (?language=); saved content opens on its page with a toast. New content opens either with H5P's
// own type selector or, given `library` (`H5P.TrueFalse 1.8`, chosen in the create page's picker), with that type's
// form (the web component loads any id but 'new' as content with a library and parameters).
// Nothing is overwritten silently (issue 27 item 2): a save names the revision the editor opened (baseRevision); when
// someone saved in between the server answers 409 and a dialog says who and when, offering "Reload theirs" (mine
// discarded, the editor reloaded) or "Save mine as a new revision" (sent again on top of theirs, which stays in the
// history).
import { useRouter } from 'next/navigation';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { createElement, useEffect, useRef, useState } from 'react';
import { apiFetch, reportSessionEnded } from '@/components/shared/api';
import { Button, Dialog } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { EditingNotice } from './history/EditingNotice';

interface Draft {
  library: string;
  params: { params?: unknown; metadata?: unknown } & Record<string, unknown>;
  savedAt: string;
}

const draftKey = (contentId: string | undefined) => `lumen:editor-draft:${contentId ?? 'new'}`;

function readDraft(contentId: string | undefined): Draft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(contentId));
    const d = raw ? (JSON.parse(raw) as Draft) : null;
    return d && typeof d.library === 'string' && d.params && typeof d.params === 'object' ? d : null;
  } catch {
    return null;
  }
}

const writeDraft = (contentId: string | undefined, d: Draft) => {
  try {
    window.localStorage.setItem(draftKey(contentId), JSON.stringify(d));
  } catch {
    /* storage full or refused: nothing more we can do here */
  }
};
const clearDraft = (contentId: string | undefined) => {
  try {
    window.localStorage.removeItem(draftKey(contentId));
  } catch {
    /* ignore */
  }
};

const machineOf = (library: string) => library.trim().split(/\s+/)[0] ?? '';

interface Conflict {
  revisionId: string;
  name: string | null;
  savedAt: string;
  /** my save, to send again on top of theirs */
  body: Record<string, unknown>;
  contentId: string;
}

export function H5pEditor({ contentId, library }: { contentId?: string; library?: string }) {
  const t = useTranslations('content.editor');
  const format = useFormatter();
  const locale = useLocale();
  const toast = useToast();
  const router = useRouter();
  const ref = useRef<HTMLElement | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  // the revision the editor started from (the base its save names) and a refused save's conflict
  const baseRevision = useRef<string | null>(null);
  const conflictRef = useRef(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [resolving, setResolving] = useState(false);
  // a kept draft of new content opens as "draft" so the component loads its parameters
  // and new content of a chosen type opens as "draft" too, with that library and empty parameters
  const [elementId] = useState(() => (!contentId && library ? 'draft' : typeof window !== 'undefined' && !contentId && readDraft(undefined) ? 'draft' : (contentId ?? 'new')));

  useEffect(() => {
    let cancelled = false;
    const el = ref.current;
    (async () => {
      const wc = await import('@lumieducation/h5p-webcomponents');
      wc.defineElements('h5p-editor');
      if (cancelled || !el) return;
      const editor = el as unknown as {
        loadContentCallback: (id?: string) => Promise<unknown>;
        saveContentCallback: (id: string | undefined, body: unknown) => Promise<{ contentId: string; metadata: unknown }>;
      };
      editor.loadContentCallback = async (id?: string) => {
        const realId = id && id !== 'new' && id !== 'draft' ? id : undefined;
        const path = realId ? `/h5p/edit/${encodeURIComponent(realId)}` : '/h5p/new';
        const res = await apiFetch(`${path}?language=${encodeURIComponent(locale)}`);
        const body = (await res.json()) as { data?: Record<string, unknown>; error?: string; currentRevision?: string | null };
        if (!res.ok || !body.data) throw new Error(body.error ?? t('loadFailed', { status: res.status }));
        if (realId) baseRevision.current = body.currentRevision ?? null;
        const kept = readDraft(realId);
        // a kept draft of another type than the one chosen is not restored into it
        const draft = kept && (realId || !library || machineOf(kept.library) === machineOf(library)) ? kept : null;
        if (!draft) return !realId && library ? { ...body.data, library, params: {}, metadata: {} } : body.data;
        setRestored(draft.savedAt);
        const { params, metadata } = draft.params.params !== undefined ? draft.params : { params: draft.params, metadata: body.data.metadata };
        return { ...body.data, library: draft.library, params, metadata: metadata ?? body.data.metadata };
      };
      editor.saveContentCallback = async (id, body) => {
        const realId = id && id !== 'draft' ? id : undefined;
        const sent = { ...(body as Record<string, unknown>), ...(realId && baseRevision.current ? { baseRevision: baseRevision.current } : {}) };
        const res = await apiFetch(realId ? `/h5p/content/${encodeURIComponent(realId)}` : '/h5p/content', {
          method: realId ? 'PUT' : 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(sent),
        });
        const json = (await res.json().catch(() => ({}))) as {
          data?: { contentId: string; metadata: unknown };
          error?: string;
          revisionId?: string | null;
          conflict?: { revisionId: string; savedBy: { name: string | null }; savedAt: string };
        };
        if (res.status === 409 && json.conflict && realId) {
          // someone saved after this editor opened: nothing is written; the dialog offers the two ways on
          conflictRef.current = true;
          setConflict({ revisionId: json.conflict.revisionId, name: json.conflict.savedBy.name, savedAt: json.conflict.savedAt, body: body as Record<string, unknown>, contentId: realId });
          setStatus(json.error ?? null);
          throw new Error(json.error ?? t('conflictTitle'));
        }
        if (res.status === 401) {
          const b = body as { library: string; params: Draft['params'] };
          writeDraft(realId, { library: b.library, params: b.params, savedAt: new Date().toISOString() });
          reportSessionEnded();
          throw new Error(t('sessionEnded'));
        }
        if (!res.ok || !json.data) throw new Error(json.error ?? t('saveFailed'));
        if (json.revisionId) baseRevision.current = json.revisionId;
        clearDraft(realId);
        return json.data;
      };
    })().catch((e: Error) => setStatus(e.message));
    // the editor's frame is created by h5p-editor-php-library without a title: name it for screen readers
    const titleFrames = new MutationObserver(() => {
      for (const f of el?.querySelectorAll('iframe:not([title])') ?? []) f.setAttribute('title', t('frameTitle'));
    });
    if (el) titleFrames.observe(el, { childList: true, subtree: true });
    const onSaved = (e: Event) => {
      const id = (e as CustomEvent<{ contentId: string }>).detail.contentId;
      toast({ title: t('saved') });
      router.push(`/content/${encodeURIComponent(id)}`);
    };
    const onError = (e: Event) => {
      // a conflict is answered by its dialog, not a toast
      if (conflictRef.current) {
        conflictRef.current = false;
        return;
      }
      const text = (e as CustomEvent<{ message?: string }>).detail?.message ?? t('couldNotSave');
      setStatus(text);
      toast({ title: t('saveFailedToast'), description: text, tone: 'error' });
    };
    el?.addEventListener('saved', onSaved);
    el?.addEventListener('save-error', onError);
    el?.addEventListener('validation-error', onError);
    return () => {
      cancelled = true;
      titleFrames.disconnect();
      el?.removeEventListener('saved', onSaved);
      el?.removeEventListener('save-error', onError);
      el?.removeEventListener('validation-error', onError);
    };
    // set up once per mounted editor; the language and the messages do not change while it is open
  }, []);

  const save = async () => {
    setStatus(t('saving'));
    try {
      await (ref.current as unknown as { save: () => Promise<unknown> }).save();
    } catch (e) {
      setStatus((e as Error).message);
    }
  };

  const reloadTheirs = () => {
    clearDraft(contentId);
    window.location.reload();
  };

  const saveMine = async () => {
    if (!conflict) return;
    setResolving(true);
    try {
      const res = await apiFetch(`/h5p/content/${encodeURIComponent(conflict.contentId)}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...conflict.body, baseRevision: conflict.revisionId }),
      });
      const json = (await res.json().catch(() => ({}))) as { data?: { contentId: string }; error?: string; revisionId?: string | null; conflict?: Conflict & { savedBy: { name: string | null } } };
      if (res.status === 409 && json.conflict) {
        // yet another save came in between: the dialog names that one
        setConflict({ ...conflict, revisionId: json.conflict.revisionId, name: json.conflict.savedBy.name, savedAt: json.conflict.savedAt });
        return;
      }
      if (!res.ok || !json.data) throw new Error(json.error ?? t('saveFailed'));
      baseRevision.current = json.revisionId ?? null;
      clearDraft(conflict.contentId);
      setConflict(null);
      toast({ title: t('saved') });
      router.push(`/content/${encodeURIComponent(json.data.contentId)}`);
    } catch (e) {
      toast({ title: t('saveFailedToast'), description: (e as Error).message, tone: 'error' });
    } finally {
      setResolving(false);
    }
  };

  const discard = () => {
    clearDraft(contentId);
    window.location.reload();
  };

  return (
    <div>
      {restored ? (
        <p className="notice" role="status" data-testid="editor-draft-restored">
          {t('restored', { date: format.dateTime(new Date(restored), { dateStyle: 'medium', timeStyle: 'short' }) })}{' '}
          <button type="button" className="link" onClick={discard}>
            {t('discard')}
          </button>
        </p>
      ) : null}
      {contentId ? <EditingNotice contentId={contentId} announce /> : null}
      {createElement('h5p-editor', { ref, 'content-id': elementId, 'data-testid': 'h5p-editor' })}
      <Dialog
        open={!!conflict}
        onOpenChange={(o) => !o && setConflict(null)}
        title={t('conflictTitle')}
        description={conflict ? t('conflictText', { name: conflict.name ?? t('someone'), time: format.dateTime(new Date(conflict.savedAt), { dateStyle: 'medium', timeStyle: 'short' }) }) : ''}
        testId="editor-conflict"
        footer={
          <>
            <Button variant="secondary" onClick={reloadTheirs} data-testid="editor-conflict-reload" title={t('conflictReloadHint')}>
              {t('conflictReload')}
            </Button>
            <Button variant="primary" loading={resolving} onClick={() => void saveMine()} data-testid="editor-conflict-save-mine" title={t('conflictSaveMineHint')}>
              {t('conflictSaveMine')}
            </Button>
          </>
        }
      >
        <ul className="muted">
          <li>{t('conflictReloadHint')}</li>
          <li>{t('conflictSaveMineHint')}</li>
        </ul>
      </Dialog>
      <p>
        <button type="button" onClick={save} data-testid="editor-save">
          {t('save')}
        </button>{' '}
        {status ? (
          <span className="muted" role="status" data-testid="editor-status">
            {status}
          </span>
        ) : null}
      </p>
    </div>
  );
}
