import { describe, expect, it } from 'vitest';
import { CLAIM, isInstructor, launchClaimsOf, mapRole, mapRoles, shortRole } from './claims';
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
  });
  // spec "NRPS": Instructor or TeachingAssistant → instructor; Administrator → admin; Learner or Student → learner; else other
  it.each([
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor', 'instructor'],
    ['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant', 'instructor'],
    ['TeachingAssistant', 'instructor'],
    ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator', 'admin'],
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator', 'admin'],
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner', 'learner'],
    ['urn:lti:role:ims/lis/Learner', 'learner'],
    ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student', 'learner'],
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor', 'other'],
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper', 'other'],
    ['http://purl.imsglobal.org/vocab/lis/v2/system/person#SysAdmin', 'other'],
    ['SomethingElse', 'other'],
  ])('maps the NRPS role %s to %s', (role, word) => {
    expect(mapRole(role)).toBe(word);
  });
  it('maps a member\'s roles to the spec words, deduplicated, in order', () => {
    expect(mapRoles(['Learner', 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'])).toEqual(['learner']);
    expect(mapRoles(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner', 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant', 'Mentor', 'Staff'])).toEqual([
      'learner',
      'instructor',
      'other',
    ]);
    expect(mapRoles([])).toEqual([]);
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
  // issue 22 item 1: the URLs the browser is sent to or posts to are absolute https (http only for an http platform)
  const dl = (url: unknown) => ({ [CLAIM.messageType]: 'LtiDeepLinkingRequest', [CLAIM.resourceLink]: undefined, [CLAIM.deepLinkingSettings]: { deep_link_return_url: url } });
  it.each(['javascript:alert(document.domain)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/lti/picker', '//evil.example/x', 'http://lms.example/return', 'ftp://lms.example/x', 'https:'])(
    'refuses the deep_link_return_url %s from an https platform (400)',
    (url) => {
      expect(() => parse(base(dl(url)))).toThrow('Invalid launch: deep_link_return_url must be an absolute https URL');
      try {
        parse(base(dl(url)));
      } catch (err) {
        expect((err as { status: number }).status).toBe(400);
      }
    },
  );
  it('refuses a javascript: or relative target_link_uri and launch_presentation return_url', () => {
    expect(() => parse(base({ [CLAIM.targetLinkUri]: 'javascript:alert(1)' }))).toThrow('Invalid launch: target_link_uri must be an absolute https URL');
    expect(() => parse(base({ [CLAIM.targetLinkUri]: '/h5p/play/c1' }))).toThrow('Invalid launch: target_link_uri must be an absolute https URL');
    const presentation = 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation';
    expect(() => parse(base({ [presentation]: { return_url: 'data:text/html,x' } }))).toThrow('Invalid launch: launch_presentation.return_url must be an absolute https URL');
    expect(() => parse(base({ [presentation]: { return_url: 42 } }))).toThrow('Invalid launch: launch_presentation.return_url must be an absolute https URL');
    expect(parse(base({ [presentation]: { document_target: 'iframe', return_url: 'https://lms.example/course' } })).targetLinkUri).toBe('https://tool.example/h5p/play/c1');
    expect(parse(base({ [presentation]: { document_target: 'iframe' } })).subject).toBe('user-1');
  });
  it('accepts http URLs from a platform whose issuer is http, never javascript: or data:', () => {
    const local = { iss: 'http://127.0.0.1:8080' };
    expect(parse(base({ ...local, ...dl('http://127.0.0.1:8080/return') })).deepLinking?.returnUrl).toBe('http://127.0.0.1:8080/return');
    expect(parse(base({ ...local, [CLAIM.targetLinkUri]: 'http://tool.test/h5p/play/c1' })).targetLinkUri).toBe('http://tool.test/h5p/play/c1');
    expect(() => parse(base({ ...local, ...dl('javascript:alert(1)') }))).toThrow('Invalid launch: deep_link_return_url must be an absolute http or https URL');
    expect(() => parse(base({ ...local, ...dl('data:text/html,x') }))).toThrow('Invalid launch: deep_link_return_url must be an absolute http or https URL');
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
