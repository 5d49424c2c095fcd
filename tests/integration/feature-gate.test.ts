import { describe, expect, it } from 'vitest';
import { idpToken, setPlan, signedIn } from '../support/factories';
import { api } from '../support/http';

describe('feature gate (GET /lti/config, feature lti-integration)', () => {
  it('answers 403 feature_not_available with the lowest plan that has it', async () => {
    const { token } = await signedIn(['teacher']); // pro
    const res = await api('GET', '/lti/config', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      error: 'feature_not_available',
      requiredPlan: 'premium',
      message: 'This feature requires the Premium plan or higher',
    });
  });

  it('reads the plan from the local record, not the token', async () => {
    const { token, user } = await signedIn(['student']);
    expect((await api('GET', '/lti/config', { token })).status).toBe(403);
    await setPlan(user.id, 'premium');
    const res = await api('GET', '/lti/config', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      enabled: false,
      launchUrl: 'http://app.lumen.test/lti/launch',
      jwksUrl: 'http://app.lumen.test/lti/jwks',
      deepLinkUrl: 'http://app.lumen.test/lti/deep-link',
      loginUrl: 'http://app.lumen.test/lti/login',
    });
  });

  it('lets an admin (premium by default) through', async () => {
    const { token } = await signedIn(['super_admin']);
    expect((await api('GET', '/lti/config', { token })).status).toBe(200);
  });

  it('still requires authentication first (the LTI endpoints answer 401 Unauthorized)', async () => {
    expect((await api('GET', '/lti/config')).body).toEqual({ success: false, error: 'Unauthorized' });
    expect((await api('GET', '/lti/config', { token: await idpToken({ expiresIn: -5 }) })).body).toEqual({ success: false, error: 'Unauthorized' });
  });
});

describe('teacher level (GET /h5p/content, POST /api/collections)', () => {
  it('answers 403 Teacher access required for a student', async () => {
    const { token } = await signedIn(['student']);
    for (const [method, path] of [
      ['GET', '/h5p/content'],
      ['POST', '/api/collections'],
    ] as const) {
      const res = await api(method, path, { token, body: method === 'POST' ? { title: 'x' } : undefined });
      expect([path, res.status, res.body]).toEqual([path, 403, { success: false, error: 'Teacher access required' }]);
    }
  });

  it('lets teachers and admins through', async () => {
    for (const roles of [['teacher'], ['school_admin']] as const) {
      const { token } = await signedIn([...roles]);
      expect((await api('GET', '/h5p/content', { token })).status).toBe(200);
    }
  });

  it('still answers 401 Authentication required without a token', async () => {
    expect((await api('GET', '/h5p/content')).body).toEqual({ success: false, error: 'Authentication required' });
  });
});
