// The claims of an LTI 1.3 launch (IMS LTI 1.3 core, Deep Linking 2.0, AGS 2.0, NRPS 2.0): the claim names, the
// role vocabulary, and the checks a verified id_token's payload must pass before anything is consumed or stored
// (the certification list of external-services.md §6). Pure functions: no I/O here.
import { AppError } from '@/lib/errors';

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkContentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  deepLinkMsg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
} as const;

export const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  resultReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
const INSTITUTION = 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#';
const SYSTEM = 'http://purl.imsglobal.org/vocab/lis/v2/system/person#';

/** The short name of a role: full IMS URIs, sub-roles (…#Instructor#TeachingAssistant → TeachingAssistant) and
 *  the short forms some platforms send ("Instructor", "Learner") all map to one word; unknown values stay as given. */
export function shortRole(role: string): string {
  const r = role.trim();
  for (const base of [MEMBERSHIP, INSTITUTION, SYSTEM]) {
    if (r.startsWith(base)) return r.slice(base.length).split('#').pop() ?? r;
  }
  if (r.startsWith('http://purl.imsglobal.org/vocab/lis/v2/membership/')) return r.split('#').pop() ?? r;
  return r;
}

const TEACHING = new Set(['Instructor', 'Administrator', 'ContentDeveloper', 'Mentor', 'TeachingAssistant', 'Faculty', 'SysAdmin']);

/** True when any role makes the launch an instructor's (sees results, deep-links content). */
export const isInstructor = (roles: readonly string[]) => roles.some((r) => TEACHING.has(shortRole(r)));

/** The tool's words for an LMS role (spec "NRPS": role mapping by substring). */
export type MappedRole = 'instructor' | 'admin' | 'learner' | 'other';

/** One LMS role (a full IMS URI, a sub-role, a short or legacy name) in the spec's words, by substring, in this order. */
export function mapRole(role: string): MappedRole {
  if (role.includes('Instructor') || role.includes('TeachingAssistant')) return 'instructor';
  if (role.includes('Administrator')) return 'admin';
  if (role.includes('Learner') || role.includes('Student')) return 'learner';
  return 'other';
}

/** The roles an NRPS member (or a learner seen in launches) is shown with: the spec's words, deduplicated, in the order given. */
export const mapRoles = (roles: readonly string[]): MappedRole[] => [...new Set(roles.map(mapRole))];

/** What a valid launch says, in the tool's own terms. */
export interface LaunchClaims {
  messageType: MessageType;
  issuer: string;
  clientId: string;
  deploymentId: string;
  subject: string;
  nonce: string;
  name: string | null;
  email: string | null;
  roles: string[];
  instructor: boolean;
  targetLinkUri: string | null;
  context: { id: string; title: string | null; label: string | null } | null;
  resourceLink: { id: string; title: string | null } | null;
  ags: { lineitems: string | null; lineitem: string | null; scopes: string[] } | null;
  nrpsUrl: string | null;
  deepLinking: { returnUrl: string; data: string | null; acceptMultiple: boolean } | null;
}

export const INVALID_TOKEN = 'Invalid token';
export const INVALID_LAUNCH = 'Invalid launch';
/** `401 Invalid token: <reason>` (the id token's signature and claims, the platform's key set) */
export const invalidToken = (reason: string) => new AppError(401, `${INVALID_TOKEN}: ${reason}`);
const invalid = invalidToken;

/** A platform whose own issuer is http: (a local or test LMS) may name http: URLs too. */
function httpPlatform(issuer: string): boolean {
  try {
    return new URL(issuer).protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Whether a URL the tool will send the browser to, or post a form to, is one: absolute, https — or http when the
 * platform's own issuer is http. Anything else (javascript:, data:, a relative path, another scheme) would run or
 * land on our origin (issue 22 item 1).
 */
export function isNavigableUrl(value: string, issuer: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  return !!u.host && (u.protocol === 'https:' || (u.protocol === 'http:' && httpPlatform(issuer)));
}

/** The refusal of a URL claim: 400, the launch is malformed (not unauthenticated); nothing is consumed. */
export const badUrlClaim = (claim: string, issuer: string) =>
  new AppError(400, `${INVALID_LAUNCH}: ${claim} must be an absolute ${httpPlatform(issuer) ? 'http or https' : 'https'} URL`);

const str = (v: unknown, max = 1000): string | null => (typeof v === 'string' && v.trim() && v.length <= max ? v : null);
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * The launch in a verified id_token's payload (signature, issuer and audience were checked by the caller); throws
 * 401 `Invalid token: <reason>` for the first thing that is wrong, and 400 `Invalid launch: <claim> must be an
 * absolute https URL` for a URL claim the browser would be sent to that is not one. `now` in seconds.
 */
export function launchClaimsOf(p: Record<string, unknown>, opts: { clientId: string; deploymentId?: string | null; now: number }): LaunchClaims {
  // times: present, numbers, not expired, not issued in the future (a minute of clock skew)
  if (typeof p.exp !== 'number') throw invalid('missing exp claim');
  if (typeof p.iat !== 'number') throw invalid('missing iat claim');
  if (p.exp <= opts.now - 60) throw invalid('token has expired');
  if (p.iat > opts.now + 60) throw invalid('iat is in the future');
  // audience: ours; with several audiences, azp must name us
  const aud = Array.isArray(p.aud) ? p.aud : [p.aud];
  if (!aud.includes(opts.clientId)) throw invalid('aud does not name this tool');
  if (aud.length > 1 && p.azp !== opts.clientId) throw invalid('azp does not name this tool');
  if (p.azp !== undefined && p.azp !== opts.clientId) throw invalid('azp does not name this tool');
  const subject = str(p.sub, 255);
  if (!subject) throw invalid('missing sub claim');
  const nonce = str(p.nonce, 255);
  if (!nonce) throw invalid('missing nonce claim');
  const version = p[CLAIM.version];
  if (version === undefined) throw invalid('missing LTI version claim');
  if (version !== '1.3.0') throw invalid(`LTI version must be 1.3.0, not ${JSON.stringify(version).slice(0, 40)}`);
  const messageType = p[CLAIM.messageType];
  if (messageType === undefined) throw invalid('missing message_type claim');
  if (!MESSAGE_TYPES.includes(messageType as MessageType)) throw invalid('unsupported message_type');
  const deploymentId = str(p[CLAIM.deploymentId], 255);
  if (!deploymentId) throw invalid('missing deployment_id claim');
  if (opts.deploymentId && deploymentId !== opts.deploymentId) throw invalid('deployment_id is not the registered deployment');
  const rolesClaim = p[CLAIM.roles];
  if (!Array.isArray(rolesClaim)) throw invalid('missing roles claim');
  const roles = rolesClaim.filter((r): r is string => typeof r === 'string' && r.length > 0 && r.length <= 500).slice(0, 50);

  const type = messageType as MessageType;
  const rl = obj(p[CLAIM.resourceLink]);
  const resourceLinkId = str(rl?.id, 255);
  if (type === 'LtiResourceLinkRequest' && !resourceLinkId) throw invalid('missing resource_link id');
  // optional: without it the launch goes to the workspace (spec "Launch rules"); when given, the browser is sent there
  const issuer = String(p.iss);
  const targetLinkUri = str(p[CLAIM.targetLinkUri], 1000);
  if (targetLinkUri && !isNavigableUrl(targetLinkUri, issuer)) throw badUrlClaim('target_link_uri', issuer);
  // not used by the tool, but a URL of the launch all the same: refused like the others when it is not one
  const presentation = obj(p[CLAIM.launchPresentation]);
  const presentationReturn = presentation?.return_url;
  if (presentationReturn !== undefined && presentationReturn !== null && presentationReturn !== '') {
    if (typeof presentationReturn !== 'string' || !isNavigableUrl(presentationReturn, issuer)) throw badUrlClaim('launch_presentation.return_url', issuer);
  }

  const ctx = obj(p[CLAIM.context]);
  const contextId = str(ctx?.id, 255);
  const agsClaim = obj(p[CLAIM.ags]);
  const nrpsClaim = obj(p[CLAIM.nrps]);
  let deepLinking: LaunchClaims['deepLinking'] = null;
  if (type === 'LtiDeepLinkingRequest') {
    const s = obj(p[CLAIM.deepLinkingSettings]);
    const returnUrl = str(s?.deep_link_return_url, 1000);
    if (!returnUrl) throw invalid('missing deep_linking_settings deep_link_return_url');
    // the picker writes it into a self-submitting form's action: a javascript: URL would run on our origin
    if (!isNavigableUrl(returnUrl, issuer)) throw badUrlClaim('deep_link_return_url', issuer);
    deepLinking = { returnUrl, data: str(s?.data, 2000), acceptMultiple: s?.accept_multiple !== false };
  }
  const given = str(p.given_name, 120);
  const family = str(p.family_name, 120);
  const email = str(p.email, 255);
  return {
    messageType: type,
    issuer,
    clientId: opts.clientId,
    deploymentId,
    subject,
    nonce,
    name: str(p.name, 255) ?? ([given, family].filter(Boolean).join(' ') || null),
    email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email.toLowerCase() : null,
    roles,
    instructor: isInstructor(roles),
    targetLinkUri,
    context: contextId ? { id: contextId, title: str(ctx?.title, 500), label: str(ctx?.label, 255) } : null,
    resourceLink: resourceLinkId ? { id: resourceLinkId, title: str(rl?.title, 500) } : null,
    ags: agsClaim
      ? {
          lineitems: str(agsClaim.lineitems, 1000),
          lineitem: str(agsClaim.lineitem, 1000),
          scopes: Array.isArray(agsClaim.scope) ? agsClaim.scope.filter((s): s is string => typeof s === 'string') : [],
        }
      : null,
    nrpsUrl: str(nrpsClaim?.context_memberships_url, 1000),
    deepLinking,
  };
}
