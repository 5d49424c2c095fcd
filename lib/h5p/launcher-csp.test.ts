// The SCORM and cmi5 launchers (index.html of an exported package) carry their policy in a <meta> element (the
// LMS serves them): the one inline script bound by its hash, and only the scripts it adds ('strict-dynamic').
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auLauncherHtml } from './cmi5';
import { launcherHtml } from './scorm';

describe.each([
  ['SCORM', launcherHtml],
  ['cmi5', auLauncherHtml],
])('the %s launcher', (_name, html) => {
  it('binds its inline script by hash, before any script loads', () => {
    const page = html('A <title> & "quotes"');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page);
    expect(meta).not.toBeNull();
    const csp = meta![1]!;
    expect(page.indexOf(meta![0])).toBeLessThan(page.indexOf('<script'));
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!, 'utf8').digest('base64');
    expect(csp).toBe(`script-src 'sha256-${hash}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; form-action 'none'`);
    // no parser-inserted script of its own but the hashed one: it loads the runtime and the player
    expect(page).not.toContain('<script src');
    expect(inline[0]).toMatch(/var files = \["h5p-(scorm-wrapper|cmi5)\.js","player\/main\.bundle\.js"\]/);
    expect(csp).not.toContain('unsafe-inline');
    expect(page).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(page).toContain('<title>A &lt;title&gt; &amp; &quot;quotes&quot;</title>');
  });
});
