// The API document's entries of next-auth's own endpoints (route.ts is a hand-written catch-all, not route()):
// the browser sign-in of the workspace pages, a form post, not an API client's way in.
import { NEXTAUTH_BODY_ERR } from '@/lib/auth/session';
import type { ContractDoc } from '@/lib/http/openapi';

const NEXTAUTH_JSON_ERRORS = [NEXTAUTH_BODY_ERR.notJson, NEXTAUTH_BODY_ERR.notObject];

const form = (properties: Record<string, Record<string, unknown>>, required: string[]) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required, properties } } },
});

export const contract: ContractDoc[] = [
  {
    path: '/api/auth/csrf',
    tag: 'Auth',
    operations: {
      GET: {
        summary: 'CSRF token of the browser sign-in form',
        handwritten: { auth: 'none' },
        success: { kind: 'json', description: 'csrfToken', schema: { type: 'object', properties: { csrfToken: { type: 'string' } } } },
      },
    },
  },
  {
    path: '/api/auth/session',
    tag: 'Auth',
    operations: {
      GET: {
        summary: 'The browser session',
        handwritten: { auth: 'optional' },
        success: { kind: 'json', description: 'user {id, email, name, plan} and expires; an empty object without a session' },
      },
    },
  },
  {
    path: '/api/auth/callback/credentials',
    tag: 'Auth',
    operations: {
      POST: {
        summary: 'Browser sign-in (sets the session cookie)',
        description: 'The sign-in form of the workspace: on success the browser holds an httpOnly session cookie and is redirected.',
        handwritten: { auth: 'none', tier: 'AUTH' },
        requestBody: form(
          { email: { type: 'string' }, password: { type: 'string' }, csrfToken: { type: 'string' }, callbackUrl: { type: 'string' }, json: { type: 'string', enum: ['true'] } },
          ['email', 'password', 'csrfToken'],
        ),
        success: { kind: 'json', description: 'with json=true: url (where to go next)' },
        errors: { 400: NEXTAUTH_JSON_ERRORS },
      },
    },
  },
  {
    path: '/api/auth/signout',
    tag: 'Auth',
    operations: {
      POST: {
        summary: 'Browser sign-out (ends the session)',
        handwritten: { auth: 'optional' },
        requestBody: form({ csrfToken: { type: 'string' }, callbackUrl: { type: 'string' }, json: { type: 'string', enum: ['true'] } }, []),
        success: { kind: 'json', description: 'with json=true: url (where to go next)' },
        errors: { 400: NEXTAUTH_JSON_ERRORS },
      },
    },
  },
];
