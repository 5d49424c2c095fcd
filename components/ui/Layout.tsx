// The kit's small building blocks: status badge (a pill, never button-shaped), card, page header with breadcrumbs,
// empty state with its call to action, skeletons while loading, a labelled form field, toolbar and stack layouts,
// figures in a grid, and the previous/next pager.
import Link from 'next/link';
import type { LucideIcon } from 'lucide-react';
import { ChevronLeft, ChevronRight, ChevronRight as Sep } from 'lucide-react';
import type { ElementType, FormHTMLAttributes, HTMLAttributes, ReactNode } from 'react';
import styles from './ui.module.css';

const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ');

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';
export function Badge({ tone = 'neutral', className, children, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span className={cx(styles.badge, styles[`tone_${tone}`], className)} {...rest}>
      {children}
    </span>
  );
}

/** a card is a section by default; `as="form"` makes a form card (with a form's own attributes) */
export interface CardProps extends HTMLAttributes<HTMLElement>, Pick<FormHTMLAttributes<HTMLFormElement>, 'noValidate'> {
  as?: 'section' | 'article' | 'div' | 'li' | 'aside' | 'form';
  padded?: boolean;
  interactive?: boolean;
}
export function Card({ as = 'section', padded = true, interactive, className, children, ...rest }: CardProps) {
  const Tag = as as ElementType;
  return (
    <Tag className={cx(styles.card, padded && styles.padded, interactive && styles.interactive, className)} {...rest}>
      {children}
    </Tag>
  );
}

export interface Crumb {
  label: string;
  href?: string;
}
export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  breadcrumbs?: Crumb[];
  /** the breadcrumb navigation's accessible name (translated by the caller) */
  breadcrumbLabel?: string;
  actions?: ReactNode;
  titleTestId?: string;
  icon?: ReactNode;
}
export function PageHeader({ title, description, breadcrumbs, breadcrumbLabel = 'Breadcrumb', actions, titleTestId, icon }: PageHeaderProps) {
  return (
    <header className={styles.pageHeader}>
      {breadcrumbs?.length ? (
        <nav aria-label={breadcrumbLabel} className={styles.crumbs}>
          <ol>
            {breadcrumbs.map((c, i) => (
              <li key={`${c.label}-${i}`}>
                {c.href ? <Link href={c.href}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
                {i < breadcrumbs.length - 1 ? <Sep aria-hidden size={14} /> : null}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className={styles.headerRow}>
        <div className={styles.headerText}>
          <h1 data-testid={titleTestId} className={styles.title}>
            {icon}
            {title}
          </h1>
          {description ? <div className={styles.description}>{description}</div> : null}
        </div>
        {actions ? <div className={styles.headerActions}>{actions}</div> : null}
      </div>
    </header>
  );
}

export function EmptyState({ icon: Icon, title, body, action, testId }: { icon?: LucideIcon; title: ReactNode; body?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div className={styles.empty} data-testid={testId}>
      {Icon ? (
        <span className={styles.emptyIcon} aria-hidden>
          <Icon size={28} />
        </span>
      ) : null}
      <p className={styles.emptyTitle}>{title}</p>
      {body ? <div className={styles.emptyBody}>{body}</div> : null}
      {action ? <div className={styles.emptyAction}>{action}</div> : null}
    </div>
  );
}

export function Skeleton({ variant = 'line', count = 1, label }: { variant?: 'line' | 'block' | 'card' | 'thumb'; count?: number; label?: string }) {
  return (
    <div className={styles.skeletonGroup} aria-busy="true" aria-live="polite">
      {label ? <span className="sr-only">{label}</span> : null}
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={cx(styles.skeleton, styles[`sk_${variant}`])} aria-hidden />
      ))}
    </div>
  );
}

export interface FieldProps {
  label: ReactNode;
  htmlFor?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** the word shown beside a required field's label (translated by the caller) */
  requiredLabel?: string;
  children: ReactNode;
  className?: string;
}
export function Field({ label, htmlFor, hint, error, required, requiredLabel = 'required', children, className }: FieldProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={htmlFor} className={styles.fieldLabel}>
        {label}
        {required ? (
          <span className={styles.required}>
            <span aria-hidden>*</span>
            <span className="sr-only"> ({requiredLabel})</span>
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Toolbar({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx(styles.toolbar, className)} {...rest}>
      {children}
    </div>
  );
}

export function Stack({ gap = 4, className, children, ...rest }: HTMLAttributes<HTMLDivElement> & { gap?: 1 | 2 | 3 | 4 | 5 | 6 }) {
  return (
    <div className={cx(styles.stack, styles[`gap${gap}`], className)} {...rest}>
      {children}
    </div>
  );
}

export function StatGrid({ items, className }: { items: { label: ReactNode; value: ReactNode; testId?: string }[]; className?: string }) {
  return (
    <dl className={cx(styles.stats, className)}>
      {items.map((s, i) => (
        <div key={i} className={styles.stat}>
          <dt>{s.label}</dt>
          <dd data-testid={s.testId}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface PaginationProps {
  label: string;
  previousLabel: string;
  nextLabel: string;
  onPrev?: () => void;
  onNext?: () => void;
  summary?: ReactNode;
  testIdPrefix?: string;
}
export function Pagination({ label, previousLabel, nextLabel, onPrev, onNext, summary, testIdPrefix = 'page' }: PaginationProps) {
  return (
    <nav aria-label={label} className={styles.pager}>
      <button type="button" className={styles.pageButton} onClick={onPrev} disabled={!onPrev} data-testid={`${testIdPrefix}-prev`}>
        <ChevronLeft aria-hidden size={16} />
        {previousLabel}
      </button>
      {summary ? <span className={styles.pageSummary}>{summary}</span> : null}
      <button type="button" className={styles.pageButton} onClick={onNext} disabled={!onNext} data-testid={`${testIdPrefix}-next`}>
        {nextLabel}
        <ChevronRight aria-hidden size={16} />
      </button>
    </nav>
  );
}
