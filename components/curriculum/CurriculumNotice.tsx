// Why the curriculum pickers have nothing to offer, and what to do about it: an admin learns how to configure
// the central curriculum service (CURRICULUM_SERVICE_URL) or run a sync; a teacher is asked to turn to theirs.
// Shown only when no active framework has been synced.
import { useTranslations } from 'next-intl';

export interface CurriculumState {
  /** a central curriculum service is configured (CURRICULUM_SERVICE_URL) */
  configured: boolean;
  /** active frameworks in the local copy */
  frameworks: number;
  /** the viewer may run a sync (an admin role) */
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
    <div className="notice" role="status" data-testid="curriculum-empty">
      <p style={{ margin: 0 }}>
        {t.rich(key, { variable: SERVICE_VARIABLE, endpoint: SYNC_ENDPOINT, code: (chunks) => <code>{chunks}</code> })}
      </p>
    </div>
  );
}
