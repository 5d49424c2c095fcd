// The login service shared by POST /api/auth/login and the browser session (next-auth credentials).
import { z } from 'zod';
import { passwordGrant, refreshGrant } from './idp';
import { admitSignIn, publicUser, publicUserSchema, provisionUser } from './users';
import { verifyAccessToken } from './verify';

/** The tokens POST /api/auth/refresh answers (expiresIn in seconds). */
export const tokensSchema = z.object({ token: z.string(), refreshToken: z.string(), expiresIn: z.number() });
/** What POST /api/auth/login answers: the tokens and the user. */
export const loginResultSchema = tokensSchema.extend({ user: publicUserSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Password grant → verified token → role → JIT user (default plan by role on creation only). */
export async function login(email: string, password: string): Promise<LoginResult> {
  const tokens = await passwordGrant(email.trim(), password);
  const payload = await verifyAccessToken(tokens.access_token);
  const user = await provisionUser(payload, payload.role?.type ?? 'student');
  await admitSignIn(user);
  return { token: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in, user: publicUser(user) };
}

export async function refresh(refreshToken: string): Promise<z.infer<typeof tokensSchema>> {
  const tokens = await refreshGrant(refreshToken);
  return { token: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in };
}
