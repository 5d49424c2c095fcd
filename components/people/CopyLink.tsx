'use client';
// A link to hand over (no mail configured): shown read-only with a copy button.
import { Check, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui';
import styles from './People.module.css';

export function CopyLink({ link, label, testId = 'copy-link' }: { link: string; label: string; testId?: string }) {
  const t = useTranslations('people');
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // no clipboard permission: select it so the user can copy it themselves
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className={styles.copy} data-testid={testId}>
      <label className="sr-only" htmlFor={`${testId}-input-${link.slice(-8)}`}>
        {label}
      </label>
      <input id={`${testId}-input-${link.slice(-8)}`} ref={input} readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid={`${testId}-value`} />
      <Button size="sm" icon={copied ? Check : Copy} onClick={() => void copy()} data-testid={`${testId}-button`}>
        {copied ? t('copied') : t('copy')}
      </Button>
    </div>
  );
}
