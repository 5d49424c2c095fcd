'use client';
// The entries of one of the school's frameworks, edited locally (issue 25 item 9): stages with their grades, subjects
// with their units (per grade), topics and objectives — each renamed in place or removed (with what hangs under it),
// and new entries added under their parent. Every change is one call to /api/curriculum/local/frameworks/:id/nodes.
import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { callApi } from '@/components/shared/api';
import { Button, ConfirmDialog, IconButton, Skeleton, useToast } from '@/components/ui';
import type { LocalFrameworkView, LocalNodeView } from '@/lib/curriculum/local';
import styles from './admin.module.css';

type Level = LocalNodeView['level'];
interface Tree {
  id: string;
  code: string;
  name: string;
  nodes: LocalNodeView[];
}
type Parent = Partial<Pick<LocalNodeView, 'stageCode' | 'subjectCode' | 'gradeCode' | 'unitCode' | 'topicCode'>>;

export function FrameworkEditor({ framework, onChanged, onClose }: { framework: LocalFrameworkView; onChanged: () => void; onClose: () => void }) {
  const t = useTranslations('curriculum.local.editor');
  const tl = useTranslations('curriculum.local');
  const toast = useToast();
  const [tree, setTree] = useState<Tree | null>(null);
  const [removing, setRemoving] = useState<LocalNodeView | null>(null);
  const base = `/api/curriculum/local/frameworks/${framework.id}`;

  const load = useCallback(async () => {
    try {
      setTree((await callApi<Tree>('GET', base)).data);
    } catch (err) {
      toast({ title: tl('failed'), description: (err as Error).message, tone: 'error' });
    }
  }, [base, toast, tl]);
  useEffect(() => {
    void load();
  }, [load]);

  const changed = async () => {
    await load();
    onChanged();
  };

  async function add(level: Level, parent: Parent, code: string, name: string): Promise<string | null> {
    try {
      await callApi('POST', `${base}/nodes`, { level, code, name, ...parent });
      await changed();
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  }

  async function rename(n: LocalNodeView, name: string): Promise<string | null> {
    try {
      await callApi('PATCH', `${base}/nodes/${n.id}`, { name });
      await changed();
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  }

  async function remove(n: LocalNodeView) {
    try {
      await callApi('DELETE', `${base}/nodes/${n.id}`);
      setRemoving(null);
      await changed();
    } catch (err) {
      toast({ title: tl('failed'), description: (err as Error).message, tone: 'error' });
    }
  }

  const header = (
    <div className={styles.editorHeader}>
      <h3 className={styles.editorTitle}>{t('title', { name: framework.name })}</h3>
      <Button variant="ghost" size="sm" icon={X} onClick={onClose} data-testid="local-editor-close">
        {t('close')}
      </Button>
    </div>
  );
  if (!tree) {
    return (
      <div data-testid="local-editor">
        {header}
        <Skeleton variant="line" count={4} />
      </div>
    );
  }

  const of = (level: Level, match: (n: LocalNodeView) => boolean = () => true) => tree.nodes.filter((n) => n.level === level && match(n));
  const gradeName = (code: string) => of('grade').find((g) => g.code === code)?.name ?? code;
  const row = (n: LocalNodeView, children?: ReactNode, label?: string) => (
    <li key={n.id} data-testid={`local-node-${n.level}`} data-code={n.code}>
      <NodeRow node={n} label={label} onRename={(name) => rename(n, name)} onRemove={() => setRemoving(n)} />
      {children}
    </li>
  );

  return (
    <div data-testid="local-editor">
      {header}
      <div className={styles.editorColumns}>
        <section aria-labelledby="local-stages-title">
          <h4 id="local-stages-title">{t('stagesTitle')}</h4>
          <ul className={styles.tree}>
            {of('stage').map((s) =>
              row(
                s,
                <ul className={styles.tree}>
                  {of('grade', (g) => g.stageCode === s.code).map((g) => row(g))}
                  <li>
                    <AddForm level="grade" parent={{ stageCode: s.code }} onAdd={add} />
                  </li>
                </ul>,
              ),
            )}
            <li>
              <AddForm level="stage" parent={{}} onAdd={add} />
            </li>
          </ul>
        </section>
        <section aria-labelledby="local-subjects-title">
          <h4 id="local-subjects-title">{t('subjectsTitle')}</h4>
          <ul className={styles.tree}>
            {of('subject').map((s) =>
              row(
                s,
                <ul className={styles.tree}>
                  {of('unit', (u) => u.subjectCode === s.code).map((u) =>
                    row(
                      u,
                      <ul className={styles.tree}>
                        {of('topic', (tp) => tp.subjectCode === s.code && tp.gradeCode === u.gradeCode && tp.unitCode === u.code).map((tp) =>
                          row(
                            tp,
                            <ul className={styles.tree}>
                              {of('objective', (o) => o.subjectCode === s.code && o.gradeCode === u.gradeCode && o.unitCode === u.code && o.topicCode === tp.code).map((o) => row(o))}
                              <li>
                                <AddForm level="objective" parent={{ subjectCode: s.code, gradeCode: u.gradeCode, unitCode: u.code, topicCode: tp.code }} onAdd={add} />
                              </li>
                            </ul>,
                          ),
                        )}
                        <li>
                          <AddForm level="topic" parent={{ subjectCode: s.code, gradeCode: u.gradeCode, unitCode: u.code }} onAdd={add} />
                        </li>
                      </ul>,
                      t('unitOfGrade', { name: u.name, grade: gradeName(u.gradeCode) }),
                    ),
                  )}
                  <li>
                    <AddForm level="unit" parent={{ subjectCode: s.code }} grades={of('grade')} onAdd={add} />
                  </li>
                </ul>,
              ),
            )}
            <li>
              <AddForm level="subject" parent={{}} onAdd={add} />
            </li>
          </ul>
        </section>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => (o ? null : setRemoving(null))}
        title={t('removeTitle', { name: removing?.name ?? '' })}
        description={removing && removing.level !== 'objective' ? t('removeBody') : undefined}
        confirmLabel={t('remove')}
        onConfirm={() => (removing ? remove(removing) : undefined)}
        testId="local-remove-dialog"
      />
    </div>
  );
}

function NodeRow({ node, label, onRename, onRemove }: { node: LocalNodeView; label?: string; onRename: (name: string) => Promise<string | null>; onRemove: () => void }) {
  const t = useTranslations('curriculum.local.editor');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(node.name);
  const [error, setError] = useState('');
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const levelName = t(`levels.${node.level}`);
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  async function save(ev: FormEvent) {
    ev.preventDefault();
    if (!name.trim()) return;
    const err = await onRename(name.trim());
    if (err) setError(err);
    else {
      setError('');
      setEditing(false);
    }
  }

  if (editing) {
    return (
      <form onSubmit={save} className={styles.nodeRow}>
        <label htmlFor={`${id}-name`} className="sr-only">
          {t('nameOf', { level: levelName, code: node.code })}
        </label>
        {node.level === 'objective' ? (
          <textarea ref={field} id={`${id}-name`} value={name} rows={2} maxLength={2000} onChange={(ev) => setName(ev.target.value)} data-testid="local-node-name" />
        ) : (
          <input ref={field} id={`${id}-name`} value={name} maxLength={255} onChange={(ev) => setName(ev.target.value)} data-testid="local-node-name" />
        )}
        <IconButton type="submit" label={t('saveName')} icon={Check} data-testid="local-node-save" />
        <IconButton
          type="button"
          label={t('cancel')}
          icon={X}
          onClick={() => {
            setName(node.name);
            setEditing(false);
            setError('');
          }}
        />
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </form>
    );
  }
  return (
    <div className={styles.nodeRow}>
      <span className={styles.nodeName}>
        {label ?? node.name} <code className={styles.nodeCode}>{node.code}</code>
      </span>
      <IconButton label={t('rename', { name: node.name })} icon={Pencil} variant="ghost" onClick={() => setEditing(true)} data-testid="local-node-rename" />
      <IconButton label={t('removeNamed', { name: node.name })} icon={Trash2} variant="ghost" onClick={onRemove} data-testid="local-node-remove" />
    </div>
  );
}

function AddForm({
  level,
  parent,
  grades,
  onAdd,
}: {
  level: Level;
  parent: Parent;
  /** a unit is added for one grade of the framework */
  grades?: LocalNodeView[];
  onAdd: (level: Level, parent: Parent, code: string, name: string) => Promise<string | null>;
}) {
  const t = useTranslations('curriculum.local.editor');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [grade, setGrade] = useState(grades?.[0]?.code ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const levelName = t(`levels.${level}`);
  // opened from its button: the keyboard lands in the code field
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <Button variant="ghost" size="sm" icon={Plus} onClick={() => setOpen(true)} data-testid={`local-add-${level}`}>
        {t('add', { level: levelName })}
      </Button>
    );
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (!code.trim() || !name.trim()) return;
    setBusy(true);
    const err = await onAdd(level, level === 'unit' ? { ...parent, gradeCode: grade } : parent, code.trim(), name.trim());
    setBusy(false);
    if (err) setError(err);
    else {
      setCode('');
      setName('');
      setError('');
      setOpen(false);
    }
  }

  return (
    <form onSubmit={submit} className={styles.addForm} data-testid={`local-add-${level}-form`} aria-label={t('add', { level: levelName })}>
      {level === 'unit' ? (
        <span className={styles.addField}>
          <label htmlFor={`${id}-grade`}>{t('grade')}</label>
          <select id={`${id}-grade`} value={grade} onChange={(ev) => setGrade(ev.target.value)} data-testid="local-add-grade">
            {(grades ?? []).map((g) => (
              <option key={g.id} value={g.code}>
                {g.name}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <span className={styles.addField}>
        <label htmlFor={`${id}-code`}>{t('code')}</label>
        <input ref={first} id={`${id}-code`} value={code} maxLength={100} onChange={(ev) => setCode(ev.target.value)} data-testid="local-add-code" />
      </span>
      <span className={`${styles.addField} ${styles.addName}`}>
        <label htmlFor={`${id}-name`}>{level === 'objective' ? t('objective') : t('name')}</label>
        <input id={`${id}-name`} value={name} maxLength={level === 'objective' ? 2000 : 255} onChange={(ev) => setName(ev.target.value)} data-testid="local-add-name" />
      </span>
      <span className={styles.addActions}>
        <Button type="submit" variant="primary" size="sm" loading={busy} disabled={!code.trim() || !name.trim() || (level === 'unit' && !grade)} data-testid="local-add-save">
          {t('addShort')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t('cancel')}
        </Button>
      </span>
      {level === 'unit' && !grades?.length ? <p className={styles.hintText}>{t('gradesFirst')}</p> : null}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
