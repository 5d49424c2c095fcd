// The launchers of exported packages (SCORM index.html, the cmi5 AU) carry a policy that binds every inline script
// by its hash (issue 22 item 1): no 'unsafe-inline', each inline script of the page and the standalone player's
// frame script hashed, forms only to the package's origin, no plugins.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auLauncherHtml } from './cmi5';
import { launcherHtml } from './scorm';
import { STANDALONE_FRAME_SCRIPT } from './standalone';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe.each([
  ['SCORM', launcherHtml('Quiz <"1">')],
  ['cmi5', auLauncherHtml('Quiz <"1">')],
])('the %s launcher', (_, html) => {
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
  const scriptSrc = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';

  it('declares its policy before any script', () => {
    expect(policy).not.toBe('');
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
  });

  it('binds every inline script by its hash and allows no other inline script', () => {
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const code of inline) expect(scriptSrc).toContain(hashOf(code));
    expect(scriptSrc).toContain(hashOf(STANDALONE_FRAME_SCRIPT));
  });

  it('allows no plugins and posts forms only to its own origin; the title is escaped', () => {
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(html).toContain('<title>Quiz &lt;&quot;1&quot;&gt;</title>');
  });
});
