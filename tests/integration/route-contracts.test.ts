// Issue 24 item 1: a route's own response schema (its route() options) is what the handler really answers.
// Real responses of the converted routes parse with the schema the API document is generated from, and the
// document carries it.
import { describe, expect, it } from 'vitest';
import { convertResultView, referralLinkView, referralStatsView } from '@/lib/referral/service';
import { signedIn, uniqueEmail } from '../support/factories';
import { api, randomIp } from '../support/http';

type Json = Record<string, any>;

describe('route contracts: real answers parse with the route\'s response schema', () => {
  it('referral link, stats and convert', async () => {
    const u = await signedIn(['student']);
    const link = await api('GET', '/api/referral/link', { token: u.token });
    expect(link.status).toBe(200);
    expect(referralLinkView.strict().safeParse(link.body.data).success).toBe(true);
    const stats = await api('GET', '/api/referral/stats', { token: u.token });
    expect(stats.status).toBe(200);
    expect(referralStatsView.strict().safeParse(stats.body.data).success).toBe(true);
    const convert = await api('POST', '/api/referral/convert', { body: { referralCode: 'NOPE0000', email: uniqueEmail('contract') }, ip: randomIp() });
    expect(convert.status).toBe(200);
    expect(convertResultView.strict().safeParse(convert.body.data).success).toBe(true);
  });

  it('the API document describes the data with the route\'s own schema', async () => {
    const doc = (await api('GET', '/api/openapi.json')).body as Json;
    const get = doc.paths['/api/referral/stats'].get as Json;
    expect(get.summary).toBe('Own referral statistics');
    expect(get.tags).toEqual(['Referral']);
    const data = get.responses['200'].content['application/json'].schema.properties.data as Json;
    expect(Object.keys(data.properties).sort()).toEqual(['convertedReferrals', 'pendingReferrals', 'totalReferrals', 'totalRewards']);
  });

  it('names a route\'s catalogue errors with their text and machine code', async () => {
    const doc = (await api('GET', '/api/openapi.json')).body as Json;
    const patch = doc.paths['/lti/platforms/{platformId}'].patch as Json;
    expect(patch.summary).toBe('Edit a platform');
    expect(patch.responses['404']['x-error-codes']).toEqual({ 'Platform not found': 'platform_not_found' });
    expect(patch.responses['409']['x-error-codes']).toEqual({ 'This issuer and client id are registered by another account': 'platform_taken' });
    expect(patch.responses['409'].content['application/json'].examples['This issuer and client id are registered by another account'].value).toEqual({
      success: false,
      error: 'This issuer and client id are registered by another account',
    });
    expect(doc.paths['/lti/platforms'].post.responses['201']).toBeDefined();
  });
});
