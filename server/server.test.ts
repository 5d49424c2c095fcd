import { describe, expect, it } from 'vitest';
import { refuseTarget, serverTimeouts } from './server.mjs';

describe('refuseTarget (request targets refused before Next.js)', () => {
  it.each([
    ['/api/collections/a%00b', 'path: control characters are not allowed'],
    ['/h5p/core/x.js?version=%0a', 'version: control characters are not allowed'],
    ['/api/x?%01=1', 'query: control characters are not allowed'],
    ['/collections/%7F', 'path: control characters are not allowed'],
    ['/login?next=%00', 'next: control characters are not allowed'],
    ['/api/collections/%zz', 'path: malformed percent-encoding'],
    ['/h5p/content/%E0%A4%A/x', 'path: malformed percent-encoding'],
  ])('%s → %s', (target, reason) => {
    expect(refuseTarget(target)).toBe(reason);
  });

  it.each(['/api/collections?offset=0&limit=20', '/h5p/content/abc/x%20y.png', '/login?next=/%09/evil.example', '/h5p/ajax?action=%zz'])('lets %s through', (target) => {
    expect(refuseTarget(target)).toBeNull();
  });
});

describe('serverTimeouts', () => {
  it('defaults to 30 min / 60 s / 120 s and reads the environment', () => {
    expect(serverTimeouts({})).toEqual({ requestTimeout: 1_800_000, headersTimeout: 60_000, idleTimeout: 120_000 });
    expect(serverTimeouts({ REQUEST_IDLE_TIMEOUT_MS: '1500', REQUEST_TIMEOUT_MS: ' ' })).toMatchObject({ requestTimeout: 1_800_000, idleTimeout: 1_500 });
  });

  it('refuses bad values naming the variable', () => {
    expect(() => serverTimeouts({ HEADERS_TIMEOUT_MS: '-5' })).toThrow(/^HEADERS_TIMEOUT_MS: /);
    expect(() => serverTimeouts({ HEADERS_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '60000' })).toThrow(/^HEADERS_TIMEOUT_MS: must not exceed/);
  });
});
