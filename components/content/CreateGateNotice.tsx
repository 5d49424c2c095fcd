// What a user who may not start authoring sees instead of the editor or the import form (lib/plans/create-gate.ts).
import Link from 'next/link';
import type { CreateGate } from '@/lib/plans/create-gate';

export function CreateGateNotice({ gate }: { gate: Exclude<CreateGate, { allowed: true }> }) {
  if (gate.reason === 'role') {
    return (
      <p className="notice" role="status" data-testid="create-gate">
        Creating and importing content needs a teacher account. Ask your school&apos;s administrator if you should have one.
      </p>
    );
  }
  return (
    <div className="notice" role="status" data-testid="create-gate">
      <p>{`You have created ${gate.used} of the ${gate.limit} items your ${gate.plan} plan allows this month, so a new one cannot be saved now. Your existing content stays available: you can still edit, play and share it.`}</p>
      {gate.upgrade ? (
        <p>{`The ${gate.upgrade.name} plan allows ${gate.upgrade.limit === -1 ? 'unlimited content' : `${gate.upgrade.limit} new items a month`}. The count starts again at the beginning of next month.`}</p>
      ) : null}
      <p>
        <Link href="/content">Back to my content</Link>
      </p>
    </div>
  );
}
