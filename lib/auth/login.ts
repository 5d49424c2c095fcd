// The login service shared by POST /api/auth/login and the browser session (next-auth credentials).
import { passwordGrant, refreshGrant } from './idp';
import { publicUser, provisionUser } from './users';
import { verifyAccessToken } from './verify';

export interface LoginResult {
  token: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; email: string; name: string; plan: string };
}

/** Password grant → verified token → role → JIT user (default plan by role on creation only). */
export async function login(email: string, password: string): Promise<LoginResult> {
  const tokens = await passwordGrant(email.trim(), password);
  const payload = await verifyAccessToken(tokens.access_token);
  const user = await provisionUser(payload, payload.role?.type ?? 'student');
  return { token: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in, user: publicUser(user) };
}

export async function refresh(refreshToken: string): Promise<Omit<LoginResult, 'user'>> {
  const tokens = await refreshGrant(refreshToken);
  return { token: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in };
}
