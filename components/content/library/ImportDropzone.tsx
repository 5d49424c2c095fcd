'use client';
// Drag-and-drop import of several .h5p files at once (issue 25 item 4), or a file picker that takes several. Each
// file is a row: its name and size, a progress bar (XMLHttpRequest reports upload progress; fetch does not) and its
// outcome — imported (a link to the item) or failed (the API's error text). Two uploads run at a time. With a
// folderId, each imported item is moved into that folder (POST /api/folders/move). The session cookie
// authenticates the uploads.
import { CheckCircle2, FileUp, Loader2, Upload, XCircle } from 'lucide-react';
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { callApi, ApiCallError, reportSessionEnded } from '@/components/shared/api';
import { announceUsageChanged } from '@/components/shell/usage-event';
import { Button } from '@/components/ui';
import type { FolderNode } from './FolderTree';
import { MoveToFolderDialog } from './MoveToFolderDialog';
import styles from './ImportDropzone.module.css';

/** How many uploads run at once. */
export const PARALLEL_UPLOADS = 2;

type Status = 'queued' | 'uploading' | 'processing' | 'imported' | 'failed';

interface Row {
  key: number;
  file: File;
  status: Status;
  /** upload progress 0..100 */
  progress: number;
  contentId?: string;
  error?: string;
  /** the folder the imported item is in (null: the top level) */
  folderId?: string | null;
  /** imported, but the move into the folder was refused (its text) */
  folderError?: string;
}

export interface ImportDropzoneProps {
  /** the folder imported items land in (null/absent: the top level) */
  folderId?: string | null;
  /** the folder's name, said in the hint */
  folderName?: string;
  /** after each successful import */
  onImported?: (contentId: string) => void;
  /** with the caller's folders, each imported item offers "Move to folder…" (MoveToFolderDialog) */
  folders?: FolderNode[];
  /** after an item moved with the dialog (the folders' counts changed) */
  onFoldersChanged?: () => void;
}

const isFileDrag = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/** Uploads one file to POST /h5p/import: resolves with the new content id, rejects with the API's error text. */
function upload(file: File, onProgress: (pct: number) => void, onSent: () => void, texts: { failed: (status: number) => string; network: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('h5p', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/h5p/import');
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) onProgress(Math.round((ev.loaded / ev.total) * 100));
    };
    xhr.upload.onload = onSent;
    xhr.onload = () => {
      let body: { data?: { contentId?: string }; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON */
      }
      if (xhr.status === 401) reportSessionEnded();
      if (xhr.status === 201 && body.data?.contentId) resolve(body.data.contentId);
      else reject(new Error(body.error ?? texts.failed(xhr.status)));
    };
    xhr.onerror = () => reject(new Error(texts.network));
    xhr.send(form);
  });
}

export function ImportDropzone({ folderId = null, folderName, onImported, folders, onFoldersChanged }: ImportDropzoneProps) {
  const t = useTranslations('content.importMany');
  const format = useFormatter();
  const [rows, setRows] = useState<Row[]>([]);
  const [over, setOver] = useState(false);
  const [moving, setMoving] = useState<Row | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const active = useRef(0);
  const queue = useRef<Row[]>([]);
  const folderRef = useRef(folderId);
  useEffect(() => {
    folderRef.current = folderId;
  }, [folderId]);

  const patch = useCallback((key: number, p: Partial<Row>) => setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...p } : r))), []);

  const run = useCallback(
    async (row: Row) => {
      patch(row.key, { status: 'uploading', progress: 0 });
      try {
        const contentId = await upload(
          row.file,
          (progress) => patch(row.key, { progress }),
          () => patch(row.key, { status: 'processing', progress: 100 }),
          { failed: (status) => t('failed', { status }), network: t('networkError') },
        );
        let folderError: string | undefined;
        const target = folderRef.current;
        if (target) {
          try {
            await callApi('POST', '/api/folders/move', { contentIds: [contentId], folderId: target });
          } catch (err) {
            folderError = err instanceof ApiCallError ? err.message : t('folderFailed');
          }
        }
        patch(row.key, { status: 'imported', progress: 100, contentId, folderId: folderError ? null : target, folderError });
        announceUsageChanged();
        onImported?.(contentId);
      } catch (err) {
        patch(row.key, { status: 'failed', error: (err as Error).message });
      }
    },
    [patch, t, onImported],
  );

  const pump = useCallback(() => {
    while (active.current < PARALLEL_UPLOADS && queue.current.length) {
      const row = queue.current.shift()!;
      active.current++;
      void run(row).finally(() => {
        active.current--;
        pump();
      });
    }
  }, [run]);

  const add = (files: FileList | File[] | null) => {
    const list = Array.from(files ?? []);
    if (!list.length) return;
    const added = list.map((file): Row => ({ key: nextKey.current++, file, status: 'queued', progress: 0 }));
    setRows((prev) => [...prev, ...added]);
    queue.current.push(...added);
    pump();
  };

  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? format.number(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
      : format.number(Math.max(bytes / 1024, 0.1), { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });

  const done = rows.filter((r) => r.status === 'imported').length;
  const failed = rows.filter((r) => r.status === 'failed').length;
  const pending = rows.length - done - failed;

  return (
    <div className={styles.wrap} data-testid="import-many">
      <div
        className={styles.zone}
        data-over={over || undefined}
        data-testid="import-dropzone"
        onDragEnter={(e) => {
          if (isFileDrag(e)) setOver(true);
        }}
        onDragOver={(e) => {
          if (!isFileDrag(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          if (!over) setOver(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          if (!isFileDrag(e)) return;
          e.preventDefault();
          setOver(false);
          add(e.dataTransfer.files);
        }}
      >
        <Upload aria-hidden size={32} className={styles.zoneIcon} />
        <p className={styles.zoneTitle}>{t('dropTitle')}</p>
        <p className={styles.zoneHint}>{folderName ? t('hintFolder', { folder: folderName }) : t('hint')}</p>
        <input
          ref={input}
          id="import-many-input"
          type="file"
          multiple
          accept=".h5p,application/zip"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          aria-label={t('choose')}
          data-testid="import-many-input"
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <Button icon={FileUp} onClick={() => input.current?.click()} data-testid="import-many-choose">
          {t('choose')}
        </Button>
      </div>

      {rows.length ? (
        <>
          <p className={styles.summary} role="status" data-testid="import-many-summary">
            {pending ? t('summaryRunning', { total: rows.length, done, failed, pending }) : t('summaryDone', { total: rows.length, done, failed })}
          </p>
          <ul className={styles.rows} aria-label={t('listLabel')}>
            {rows.map((r) => (
              <li key={r.key} className={styles.row} data-testid="import-many-row" data-status={r.status} data-file={r.file.name}>
                <span className={styles.statusIcon} aria-hidden>
                  {r.status === 'imported' ? <CheckCircle2 size={20} className={styles.ok} /> : r.status === 'failed' ? <XCircle size={20} className={styles.bad} /> : <Loader2 size={20} className={r.status === 'queued' ? styles.waiting : styles.spin} />}
                </span>
                <div className={styles.body}>
                  <div className={styles.line}>
                    <span className={styles.name}>{r.file.name}</span>
                    <span className={styles.size}>{size(r.file.size)}</span>
                  </div>
                  {r.status === 'uploading' || r.status === 'processing' || r.status === 'queued' ? (
                    <progress className={styles.bar} max={100} value={r.progress} aria-label={t('progressOf', { name: r.file.name })} data-testid="import-many-progress" data-progress={r.progress} />
                  ) : null}
                  <p className={styles.outcome} data-testid="import-many-outcome">
                    {r.status === 'queued' ? t('queued') : null}
                    {r.status === 'uploading' ? t('uploading', { progress: r.progress }) : null}
                    {r.status === 'processing' ? t('processing') : null}
                    {r.status === 'imported' && r.contentId ? (
                      <>
                        <span className={styles.okText}>{t('imported')}</span>{' '}
                        <Link href={`/content/${encodeURIComponent(r.contentId)}`} data-testid="import-many-link">
                          {t('open', { name: r.file.name })}
                        </Link>
                        {folders ? (
                          <>
                            {' · '}
                            <button type="button" className={styles.linkButton} onClick={() => setMoving(r)} data-testid="import-many-move">
                              {t('moveFile', { name: r.file.name })}
                            </button>
                          </>
                        ) : null}
                      </>
                    ) : null}
                    {r.status === 'failed' ? (
                      <span className={styles.badText} data-testid="import-many-error">
                        {r.error}
                      </span>
                    ) : null}
                  </p>
                  {r.folderError ? (
                    <p className={styles.outcome} data-testid="import-many-folder-error">
                      {t('notMoved', { error: r.folderError })}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {folders ? (
        <MoveToFolderDialog
          contentIds={moving?.contentId ? [moving.contentId] : []}
          folders={folders}
          open={moving !== null}
          onOpenChange={(o) => !o && setMoving(null)}
          currentFolderId={moving?.folderId ?? null}
          title={moving?.file.name}
          onMoved={(fid) => {
            if (moving) patch(moving.key, { folderId: fid, folderError: undefined });
            onFoldersChanged?.();
          }}
        />
      ) : null}
    </div>
  );
}
