'use client';
// The school's own curriculum frameworks on the admin's curriculum page (issue 25 item 9): import a JSON or CSV file
// (POST /api/curriculum/local/import; the server's 400 names the line or field that is wrong, and nothing is stored),
// the imported frameworks in a table with an overflow menu each — edit entries, rename, delete.
import { FileUp, Pencil, Trash2, Upload, ListTree } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { apiFetch, callApi, type Envelope } from '@/components/shared/api';
import { Button, Card, ConfirmDialog, DataTable, Dialog, EmptyState, Field, OverflowMenu, useToast } from '@/components/ui';
import type { LocalFrameworkView } from '@/lib/curriculum/local';
import { FrameworkEditor } from './FrameworkEditor';
import styles from './admin.module.css';

interface ImportResult {
  frameworks: { id: string; code: string; name: string; nodes: number; replaced: boolean }[];
}

export function LocalFrameworks({ initial, hasTenant }: { initial: LocalFrameworkView[]; hasTenant: boolean }) {
  const t = useTranslations('curriculum.local');
  const format = useFormatter();
  const toast = useToast();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [frameworks, setFrameworks] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<LocalFrameworkView | null>(null);
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<LocalFrameworkView | null>(null);

  const reload = async () => {
    try {
      setFrameworks((await callApi<LocalFrameworkView[]>('GET', '/api/curriculum/local/frameworks')).data);
    } catch {
      /* the table keeps what it showed */
    }
  };

  async function importFile(ev: FormEvent) {
    ev.preventDefault();
    if (!file) return;
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const type = file.type || (file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv');
      const res = await apiFetch('/api/curriculum/local/import', { method: 'POST', headers: { 'Content-Type': type }, body: file });
      const body = (await res.json().catch(() => ({ success: false, error: `HTTP ${res.status}` }))) as Envelope<ImportResult>;
      if (!res.ok || !body.success) {
        setError(res.status === 413 ? t('import.tooLarge') : (body.error ?? `HTTP ${res.status}`));
        return;
      }
      const names = body.data.frameworks.map((f) => f.name).join(', ');
      setStatus(t('import.done', { count: body.data.frameworks.length, names }));
      toast({ title: t('import.toast', { count: body.data.frameworks.length }) });
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      await reload();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function rename() {
    if (!renaming || !newName.trim()) return;
    try {
      await callApi('PATCH', `/api/curriculum/local/frameworks/${renaming.id}`, { name: newName.trim() });
      toast({ title: t('renamed') });
      setRenaming(null);
      await reload();
    } catch (err) {
      toast({ title: t('failed'), description: (err as Error).message, tone: 'error' });
    }
  }

  async function remove(f: LocalFrameworkView) {
    try {
      await callApi('DELETE', `/api/curriculum/local/frameworks/${f.id}`);
      toast({ title: t('deleted', { name: f.name }) });
      if (editing === f.id) setEditing(null);
      setDeleting(null);
      await reload();
    } catch (err) {
      toast({ title: t('failed'), description: (err as Error).message, tone: 'error' });
    }
  }

  if (!hasTenant) {
    return (
      <p className="notice" role="status" data-testid="local-no-tenant">
        {t('noTenant')}
      </p>
    );
  }

  const editingFramework = frameworks.find((f) => f.id === editing) ?? null;
  return (
    <div className={styles.stack}>
      <form onSubmit={importFile} className={styles.importForm} data-testid="local-import">
        <Field label={t('import.label')} htmlFor={`${id}-file`} hint={t('import.hint')}>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(ev) => {
              setFile(ev.target.files?.[0] ?? null);
              setError('');
            }}
            data-testid="local-import-file"
          />
        </Field>
        <div>
          <Button type="submit" variant="primary" icon={Upload} loading={busy} disabled={!file || busy} data-testid="local-import-submit">
            {t('import.submit')}
          </Button>
        </div>
        {error ? (
          <p role="alert" className={styles.error} data-testid="local-import-error">
            {error}
          </p>
        ) : null}
        {status ? (
          <p role="status" data-testid="local-import-status">
            {status}
          </p>
        ) : null}
      </form>
      <details className={styles.format}>
        <summary>{t('format.title')}</summary>
        <p>{t('format.csv')}</p>
        <p>
          <code className={styles.columns}>framework_code, framework_name, stage_code, stage_name, grade_code, grade_name, subject_code, subject_name, unit_code, unit_name, topic_code, topic_name, objective_code, objective</code>
        </p>
        <p>{t('format.csvOptional')}</p>
        <p>{t('format.json')}</p>
      </details>

      {frameworks.length ? (
        <DataTable
          testId="local-frameworks"
          rowTestId="local-framework"
          rows={frameworks}
          rowKey={(f) => f.id}
          empty={t('empty')}
          columns={[
            {
              header: t('columns.name'),
              cell: (f) => (
                <>
                  <strong>{f.name}</strong> <code>{f.code}</code>
                </>
              ),
            },
            { header: t('columns.grades'), cell: (f) => format.number(f.counts.grade) },
            { header: t('columns.subjects'), cell: (f) => format.number(f.counts.subject) },
            { header: t('columns.objectives'), cell: (f) => format.number(f.counts.objective) },
            { header: t('columns.updated'), cell: (f) => format.dateTime(new Date(f.updatedAt), { dateStyle: 'medium' }) },
            {
              header: t('columns.actions'),
              cell: (f) => (
                <OverflowMenu
                  label={t('menu', { name: f.name })}
                  testId="local-framework-menu"
                  items={[
                    { label: t('edit'), icon: ListTree, onSelect: () => setEditing(f.id), testId: 'local-framework-edit' },
                    {
                      label: t('rename'),
                      icon: Pencil,
                      onSelect: () => {
                        setNewName(f.name);
                        setRenaming(f);
                      },
                      testId: 'local-framework-rename',
                    },
                    { label: t('delete'), icon: Trash2, danger: true, separatorBefore: true, onSelect: () => setDeleting(f), testId: 'local-framework-delete' },
                  ]}
                />
              ),
            },
          ]}
        />
      ) : (
        <EmptyState icon={FileUp} title={t('emptyTitle')} body={t('empty')} testId="local-frameworks-empty" />
      )}

      {editingFramework ? (
        <Card as="section" aria-label={t('editorLabel', { name: editingFramework.name })}>
          <FrameworkEditor key={editingFramework.id} framework={editingFramework} onChanged={reload} onClose={() => setEditing(null)} />
        </Card>
      ) : null}

      <Dialog
        open={renaming !== null}
        onOpenChange={(o) => (o ? null : setRenaming(null))}
        title={t('renameTitle')}
        testId="local-rename-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRenaming(null)}>
              {t('cancel')}
            </Button>
            <Button variant="primary" onClick={() => void rename()} disabled={!newName.trim()} data-testid="local-rename-save">
              {t('save')}
            </Button>
          </>
        }
      >
        <Field label={t('columns.name')} htmlFor={`${id}-rename`}>
          <input
            id={`${id}-rename`}
            value={newName}
            maxLength={255}
            onChange={(ev) => setNewName(ev.target.value)}
            onKeyDown={(ev) => {
              if (ev.key === 'Enter') void rename();
            }}
            data-testid="local-rename-input"
          />
        </Field>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? null : setDeleting(null))}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        description={t('deleteBody')}
        confirmLabel={t('delete')}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        testId="local-delete-dialog"
      />
    </div>
  );
}
