// Running a school (issue 27 items 4 and 5): the requests, answers and error texts of the people routes.
import { z } from 'zod';
import { errorOf } from '@/lib/errors';
import { IDP_ADMIN_FAILED } from '@/lib/auth/idp-admin';

export const PEOPLE_ERR = {
  noTenant: 'People are managed per school: your account belongs to none',
  tenantRequired: 'Validation error: tenantId is required (a super admin names the school)',
  userNotFound: 'User not found',
  invitationNotFound: 'Invitation not found',
  member: 'This person is already a member of your school',
  pending: 'This email already has a pending invitation',
  elsewhere: 'This email already belongs to an account outside your school',
  self: 'You cannot change your own role or account',
  invalidInvitation: 'This invitation is invalid or has expired',
  invalidReset: 'This link is invalid or has expired',
  passwordRequired: 'Validation error: password: Password is required',
  accountExists: 'An account with this email already exists; sign in instead',
  idpFailed: IDP_ADMIN_FAILED,
} as const;

export const PEOPLE_ERRORS = {
  noTenant: errorOf(403, PEOPLE_ERR.noTenant),
  tenantRequired: errorOf(400, PEOPLE_ERR.tenantRequired),
  userNotFound: errorOf(404, PEOPLE_ERR.userNotFound),
  invitationNotFound: errorOf(404, PEOPLE_ERR.invitationNotFound),
  member: errorOf(409, PEOPLE_ERR.member),
  pending: errorOf(409, PEOPLE_ERR.pending),
  elsewhere: errorOf(409, PEOPLE_ERR.elsewhere),
  self: errorOf(409, PEOPLE_ERR.self),
  invalidInvitation: errorOf(404, PEOPLE_ERR.invalidInvitation),
  invalidReset: errorOf(400, PEOPLE_ERR.invalidReset),
  passwordRequired: errorOf(400, PEOPLE_ERR.passwordRequired),
  accountExists: errorOf(409, PEOPLE_ERR.accountExists),
  idpFailed: errorOf(502, PEOPLE_ERR.idpFailed),
} as const;

/** The roles an admin gives inside a school (never super_admin). */
export const SCHOOL_ROLES = ['teacher', 'student', 'admin'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];
export const INVITE_ROLES = ['teacher', 'student'] as const;

export const PASSWORD_MIN = 8;
export const passwordField = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(1024, 'Password must be at most 1024 characters');

const email = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(255)
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const tenantQuery = z.object({ tenantId: z.uuid({ message: 'tenantId must be a UUID' }).optional() });
export const peopleQuery = tenantQuery.extend({
  search: z.string().trim().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const idParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
export const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid token') });

export const inviteBody = z.object({ email, role: z.enum(INVITE_ROLES, { message: 'role must be teacher or student' }) });
export const roleBody = z.object({ role: z.enum(SCHOOL_ROLES, { message: 'role must be teacher, student or admin' }) });
export const acceptBody = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(255),
  password: passwordField.optional(),
});
export const forgotBody = z.object({ email: z.string({ message: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(255) });
export const resetBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid token'), password: passwordField });

export const personSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(SCHOOL_ROLES),
  /** the identity provider's role name as last seen (super_admin, tenant_admin, teacher …) */
  roleName: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  expiresAt: z.string(),
  expired: z.boolean(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationSchema>;

/** What an invite, a resend or a reset answers: the link only when it was not mailed (to hand over). */
export const linkAnswerSchema = z.object({
  mailed: z.boolean(),
  /** the identity provider mailed it itself (external Keycloak's execute-actions-email) */
  viaIdentityProvider: z.boolean(),
  link: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export const inviteAnswerSchema = linkAnswerSchema.extend({ invitation: invitationSchema });

export const publicInvitationSchema = z.object({
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  school: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** the embedded provider: the invitee sets a password here; an external Keycloak mailed its own link */
  setsPassword: z.boolean(),
});

export const forgotAnswerSchema = z.object({
  /** mail goes out from this address: otherwise the page tells the user to ask their school's admin */
  mailConfigured: z.boolean(),
});
