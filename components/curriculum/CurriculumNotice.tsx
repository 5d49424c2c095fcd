// Why the curriculum pickers have nothing to offer, and what to do about it: an admin reads the set-up steps (the
// variable CURRICULUM_SERVICE_URL, the sync) and is sent to the curriculum admin page, where the school's own
// framework can be imported from a file; a teacher is asked to turn to their administrator — never an API path or a
// variable name (issue 25 item 9). Shown only when no framework, synced or the school's own, can be chosen.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import styles from './curriculum.module.css';

export interface CurriculumState {
  /** a central curriculum service is configured (CURRICULUM_SERVICE_URL) */
  configured: boolean;
  /** frameworks the viewer can choose from: the active synced ones and their school's own */
  frameworks: number;
  /** the viewer may set up the curriculum (an admin role) */
  admin: boolean;
}

// Not in the messages: the catalogs go to every page, and only an admin's notice names these.
const SERVICE_VARIABLE = 'CURRICULUM_SERVICE_URL';
const SYNC_ENDPOINT = 'POST /api/curriculum/sync/frameworks';

export function CurriculumNotice({ state }: { state: CurriculumState }) {
  const t = useTranslations('curriculum.notice');
  if (state.frameworks > 0) return null;
  const key = state.configured ? (state.admin ? 'syncAdmin' : 'syncTeacher') : state.admin ? 'serviceAdmin' : 'serviceTeacher';
  return (
    <div className={`notice ${styles.notice}`} role="status" data-testid="curriculum-empty">
      <p>
        {t.rich(key, {
          variable: SERVICE_VARIABLE,
          endpoint: SYNC_ENDPOINT,
          code: (chunks: ReactNode) => <code>{chunks}</code>,
          link: (chunks: ReactNode) => (
            <Link href="/admin/curriculum" data-testid="curriculum-admin-link">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
