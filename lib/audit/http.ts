// The audit log's request side: the query and whose log a caller may read.
import { z } from 'zod';
import { isSuperAdmin } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import type { User } from '@/lib/generated/prisma/client';
import { AppError, errorOf } from '@/lib/errors';
import { AUDIT_PAGE_MAX } from './index';

export const AUDIT_ERR = { noTenant: 'The audit log is kept per school: your account belongs to none' } as const;
export const AUDIT_ERRORS = { noTenant: errorOf(403, AUDIT_ERR.noTenant) } as const;

export const auditQuery = z.object({
  tenantId: z.uuid({ message: 'tenantId must be a UUID' }).optional(),
  action: z.string().trim().max(60).optional(),
  before: z.uuid({ message: 'before must be a UUID' }).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});

/**
 * The tenant whose log the caller reads: a super admin the one asked for (undefined: every tenant); any other admin
 * their own tenant only (asking for another answers with their own: nothing else is theirs to read). An admin with
 * no tenant reads nothing: a missing tenant is never "the same tenant".
 */
export async function auditScope(principal: Principal | null, user: Pick<User, 'tenantId'> | null, asked: string | undefined): Promise<string | undefined> {
  if (isSuperAdmin(principal)) return asked;
  const own = user?.tenantId ?? null;
  if (!own) throw new AppError(403, AUDIT_ERR.noTenant);
  return own;
}
