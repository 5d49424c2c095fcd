// Why the curriculum pickers have nothing to offer, and what to do about it: an admin learns how to configure
// the central curriculum service (CURRICULUM_SERVICE_URL) or run a sync; a teacher is asked to turn to theirs.
// Shown only when no active framework has been synced.

export interface CurriculumState {
  /** a central curriculum service is configured (CURRICULUM_SERVICE_URL) */
  configured: boolean;
  /** active frameworks in the local copy */
  frameworks: number;
  /** the viewer may run a sync (an admin role) */
  admin: boolean;
}

export function CurriculumNotice({ state }: { state: CurriculumState }) {
  if (state.frameworks > 0) return null;
  return (
    <div className="notice" role="status" data-testid="curriculum-empty">
      {state.configured ? (
        state.admin ? (
          <p style={{ margin: 0 }}>
            No curriculum is synced yet: run a sync (<code>POST /api/curriculum/sync/frameworks</code>) to copy the frameworks from the
            curriculum service.
          </p>
        ) : (
          <p style={{ margin: 0 }}>No curriculum is synced yet. Ask your administrator to set up the curriculum.</p>
        )
      ) : state.admin ? (
        <p style={{ margin: 0 }}>
          No curriculum service is configured. To set one up, set <code>CURRICULUM_SERVICE_URL</code> to the curriculum service&apos;s base URL
          in the server&apos;s environment and restart, then run a sync (<code>POST /api/curriculum/sync/frameworks</code>).
        </p>
      ) : (
        <p style={{ margin: 0 }}>No curriculum service is configured. Ask your administrator to set up the curriculum.</p>
      )}
    </div>
  );
}
