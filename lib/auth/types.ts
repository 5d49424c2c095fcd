import type { Role, Permissions } from './roles';

/** The internal view of an authenticated caller (spec "Token payload"). */
export interface TokenPayload {
  id: string;
  documentId?: string;
  email: string;
  role?: { id?: number; name?: string; type: Role };
  tenantId?: string;
  plan?: string;
  name?: string;
  iat: number;
  exp: number;
}

/** User object in the shape the H5P server library expects. */
export interface H5pUser {
  id: string;
  name: string;
  email: string;
  type: 'local';
}

export interface Principal {
  /** embed: an embed token (lib/auth/embed-token.ts), valid for one content item on the routes that accept it */
  kind: 'user' | 'internal' | 'embed';
  /** how a user proved itself: a bearer token (API clients) or the browser's session cookie */
  via?: 'bearer' | 'session';
  payload: TokenPayload;
  role: Role;
  permissions: Permissions;
  h5pUser: H5pUser;
  /** tenant code from x-tenant-code (internal calls) */
  tenantCode?: string;
  /** the only content an embed or player token may play */
  embedContentId?: string;
  /** embed: an author's snippet for anonymous viewers; player: one signed-in viewer's page; lti: an LMS learner's launch */
  tokenUse?: 'embed' | 'player' | 'lti' | 'preview';
  /** lti: the launch (lti_launches) and its learner key, lti:<platform>:<subject> */
  ltiLaunchId?: string;
  learnerKey?: string;
}
