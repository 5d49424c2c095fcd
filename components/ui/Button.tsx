// The kit's buttons: one look per intent (primary, secondary, ghost, danger) in two sizes, an optional icon on the
// left, a spinner while loading. `ButtonLink` is the same look on a link (navigation is a link, an action a button).
import Link from 'next/link';
import type { LucideIcon } from 'lucide-react';
import { Loader2 } from 'lucide-react';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { forwardRef } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: LucideIcon;
}

export function buttonClass({ variant = 'secondary', size = 'md' }: Look, extra?: string): string {
  return [styles.button, styles[variant], styles[size], extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, icon: Icon, loading, className, children, type = 'button', disabled, ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Loader2 className={styles.spin} aria-hidden size={16} /> : Icon ? <Icon aria-hidden size={16} /> : null}
      {children}
    </button>
  );
});

export interface ButtonLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, Look {
  href: string;
  children: ReactNode;
  /** a plain <a> (a full page load: downloads, other origins) instead of client navigation */
  external?: boolean;
}

export function ButtonLink({ href, variant, size, icon: Icon, className, children, external, ...rest }: ButtonLinkProps) {
  const cls = buttonClass({ variant, size }, className);
  const inner = (
    <>
      {Icon ? <Icon aria-hidden size={16} /> : null}
      {children}
    </>
  );
  return external ? (
    <a href={href} className={cls} {...rest}>
      {inner}
    </a>
  ) : (
    <Link href={href} className={cls} {...rest}>
      {inner}
    </Link>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  icon: LucideIcon;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon: Icon, variant = 'ghost', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} aria-label={label} title={label} className={buttonClass({ variant, size }, [styles.iconOnly, className].filter(Boolean).join(' '))} {...rest}>
      <Icon aria-hidden size={size === 'sm' ? 16 : 18} />
    </button>
  );
});
