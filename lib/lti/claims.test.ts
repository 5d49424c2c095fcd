import { describe, expect, it } from 'vitest';
import { CLAIM, isInstructor, launchClaimsOf, mapRoles, shortRole } from './claims';
import { nextLink } from './services';

const now = 1_800_000_000;
const base = (over: Record<string, unknown> = {}) => ({
  iss: 'https://lms.example',
  aud: 'client-1',
  sub: 'user-1',
  nonce: 'n-1',
  iat: now,
  exp: now + 300,
  [CLAIM.version]: '1.3.0',
  [CLAIM.messageType]: 'LtiResourceLinkRequest',
  [CLAIM.deploymentId]: 'dep-1',
  [CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
  [CLAIM.resourceLink]: { id: 'rl-1', title: 'Quiz' },
  [CLAIM.targetLinkUri]: 'https://tool.example/h5p/play/c1',
  ...over,
});
const parse = (p: Record<string, unknown>, deploymentId: string | null = 'dep-1') => launchClaimsOf(p, { clientId: 'client-1', deploymentId, now });

describe('LTI roles', () => {
  it('maps full, sub-role and short role names to one word', () => {
    expect(shortRole('http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor')).toBe('Instructor');
    expect(shortRole('http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant')).toBe('TeachingAssistant');
    expect(shortRole('http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty')).toBe('Faculty');
    expect(shortRole('Learner')).toBe('Learner');
    expect(shortRole('urn:custom')).toBe('urn:custom');
    expect(mapRoles(['Learner', 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'])).toEqual(['Learner']);
  });
  it('knows instructors', () => {
    expect(isInstructor(['Instructor'])).toBe(true);
    expect(isInstructor(['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant'])).toBe(true);
    expect(isInstructor(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner', 'unknown'])).toBe(false);
    expect(isInstructor([])).toBe(false);
  });
});

describe('launch claims', () => {
  it('reads a valid resource link launch', () => {
    const c = parse(base({ name: 'Ann', email: 'ANN@x.edu' }));
    expect(c).toMatchObject({ messageType: 'LtiResourceLinkRequest', subject: 'user-1', name: 'Ann', email: 'ann@x.edu', instructor: false, resourceLink: { id: 'rl-1', title: 'Quiz' } });
  });
  it('joins given and family names when there is no name', () => {
    expect(parse(base({ given_name: 'A', family_name: 'B' })).name).toBe('A B');
  });
  it.each([
    ['missing exp claim', { exp: undefined }],
    ['token has expired', { exp: now - 120 }],
    ['iat is in the future', { iat: now + 3600 }],
    ['aud does not name this tool', { aud: 'other' }],
    ['azp does not name this tool', { aud: ['client-1', 'other'] }],
    ['missing sub claim', { sub: '' }],
    ['missing nonce claim', { nonce: undefined }],
    ['missing LTI version claim', { [CLAIM.version]: undefined }],
    ['missing message_type claim', { [CLAIM.messageType]: undefined }],
    ['unsupported message_type', { [CLAIM.messageType]: 'LtiSubmissionReviewRequest' }],
    ['missing deployment_id claim', { [CLAIM.deploymentId]: undefined }],
    ['deployment_id is not the registered deployment', { [CLAIM.deploymentId]: 'dep-2' }],
    ['missing roles claim', { [CLAIM.roles]: undefined }],
    ['missing resource_link id', { [CLAIM.resourceLink]: undefined }],
  ])('rejects: %s', (reason, over) => {
    expect(() => parse(base(over))).toThrow(`Invalid token: ${reason}`);
  });
  it('rejects another LTI version', () => {
    expect(() => parse(base({ [CLAIM.version]: '1.2.0' }))).toThrow(/^Invalid token: LTI version must be 1\.3\.0/);
  });
  it('reads a deep-linking request (no resource link needed) and requires its return URL', () => {
    const dl = { [CLAIM.messageType]: 'LtiDeepLinkingRequest', [CLAIM.resourceLink]: undefined, [CLAIM.deepLinkingSettings]: { deep_link_return_url: 'https://lms.example/return', data: 'd' } };
    expect(parse(base(dl)).deepLinking).toEqual({ returnUrl: 'https://lms.example/return', data: 'd', acceptMultiple: true });
    expect(() => parse(base({ ...dl, [CLAIM.deepLinkingSettings]: {} }))).toThrow('Invalid token: missing deep_linking_settings deep_link_return_url');
  });
  it('accepts any deployment when none is registered', () => {
    expect(parse(base({ [CLAIM.deploymentId]: 'anything' }), null).deploymentId).toBe('anything');
  });
});

describe('NRPS paging', () => {
  it('finds rel="next" among other links', () => {
    expect(nextLink('<https://a/x?p=2>; rel="next"')).toBe('https://a/x?p=2');
    expect(nextLink('<https://a/x?p=1>; rel="first", <https://a/x?p=3>; rel="next"')).toBe('https://a/x?p=3');
    expect(nextLink('<https://a/x?p=9>; rel="last"')).toBeNull();
    expect(nextLink(undefined)).toBeNull();
  });
});
