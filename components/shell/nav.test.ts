import { describe, expect, it } from 'vitest';
import { activeHref, navFor } from './nav';

const hrefs = (role: 'admin' | 'teacher' | 'student') => navFor(role).flatMap((g) => g.links.map((l) => l.href));

describe('the sidebar by role', () => {
  it('groups a teacher\'s links as Create, Library, Teach, Results, with plans and settings last', () => {
    expect(navFor('teacher').map((g) => g.key)).toEqual(['start', 'create', 'library', 'teach', 'results', 'account']);
    expect(hrefs('teacher')).toContain('/content/new');
    expect(hrefs('teacher')).not.toContain('/admin');
  });
  it('gives an admin the Admin group (overview, branding, LMS)', () => {
    const admin = navFor('admin').find((g) => g.key === 'admin');
    expect(admin?.links.map((l) => l.href)).toEqual(['/admin', '/settings/tenant', '/settings/lti']);
  });
  it('offers a student nothing to create and no plans', () => {
    expect(hrefs('student')).toEqual(['/workspace', '/marketplace', '/results', '/settings']);
  });
  it('marks the longest matching link: /content/new is Create, /content/abc is My content', () => {
    const groups = navFor('teacher');
    expect(activeHref(groups, '/content/new')).toBe('/content/new');
    expect(activeHref(groups, '/content/0b8f')).toBe('/content');
    expect(activeHref(groups, '/settings/lti')).toBe('/settings');
    expect(activeHref(groups, '/search')).toBeNull();
  });
});
