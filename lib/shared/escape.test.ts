import { describe, expect, it } from 'vitest';
import { cssForStyle, escapeHtml, escapeVttText, escapeXml, jsonForScript } from './escape';

describe('escaping', () => {
  it('escapes the five HTML characters, so text can close no element and leave no attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'q'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;'); // escapes what it is given, already-escaped or not
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml('Grüße — 日本')).toBe('Grüße — 日本');
  });

  it('escapes XML with its own predefined entities', () => {
    expect(escapeXml(`a<b>&"c"'d'`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;');
  });

  it('writes JSON a <script> element cannot be broken out of, and that parses back to the same value', () => {
    const v = { t: '</script><script>alert(1)</script><!--', s: 'a\u2028b\u2029c' };
    const out = jsonForScript(v);
    expect(out).not.toContain('<');
    expect(out).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(v);
  });

  it('keeps CSS from closing its <style> element', () => {
    expect(cssForStyle('.x{color:red}</style><script>alert(1)</script>')).toBe('.x{color:red}\\3c /style>\\3c script>alert(1)\\3c /script>');
  });

  it('writes WebVTT cue text that cannot start a new cue timing or carry markup', () => {
    expect(escapeVttText('a --> b <c.x>&')).toBe('a --&gt; b &lt;c.x&gt;&amp;');
  });
});
