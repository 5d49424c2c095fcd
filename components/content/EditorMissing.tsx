// Shown instead of the editor when its files (h5p-editor-php-library) are not installed. An admin reads how to add
// them; a teacher is asked to turn to their administrator (no variable names or API paths: issue 25 item 9).
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
const code = (chunks: ReactNode) => <code>{chunks}</code>;

export function EditorMissing({ admin }: { admin: boolean }) {
  const t = useTranslations('content.editorMissing');
  if (!admin) {
    return (
      <div data-testid="editor-missing">
        <p>{t('teacher')}</p>
        <p>{t.rich('teacherMeanwhile', { code })}</p>
      </div>
    );
  }
  return (
    <div data-testid="editor-missing">
      <p>{t.rich('intro', { strong })}</p>
      <p>{t('either')}</p>
      <ul>
        <li>{t.rich('setup', { code })}</li>
        <li>{t.rich('dir', { code })}</li>
      </ul>
      <p>{t.rich('meanwhile', { code })}</p>
    </div>
  );
}
