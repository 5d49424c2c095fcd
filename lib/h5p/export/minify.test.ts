import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { minifyScripts } from './minify';

// The offline HTML export's scripts are minified in a worker thread (server/minify-worker.mjs), never in the
// request's thread: the test runs the real worker.
describe('minifyScripts (offline HTML export)', () => {
  it('minifies the scripts in order into one bundle, keeping the licence comments', async () => {
    expect(isMainThread).toBe(true);
    const code = await minifyScripts([
      '/*!@license core.js by Joubel, licensed under GPL 3*/\nvar   greeting = "hello";  // a comment\n',
      'function shout ( text ) {\n  return text.toUpperCase();\n}\nwindow.said = shout(greeting);',
    ]);
    expect(code).toContain('/*!@license core.js by Joubel, licensed under GPL 3*/');
    expect(code).not.toContain('a comment');
    expect(code.indexOf('greeting="hello"')).toBeGreaterThan(-1);
    expect(code.indexOf('greeting="hello"')).toBeLessThan(code.indexOf('toUpperCase'));
    const sandbox: { window: Record<string, unknown> } = { window: {} };
    vm.runInNewContext(code, sandbox);
    expect(sandbox.window.said).toBe('HELLO');
  });

  it('gives the same bundle again for the same scripts, and fails clearly on a script that does not parse', async () => {
    const scripts = ['var   x = 1 + 2;'];
    const first = await minifyScripts(scripts);
    expect(await minifyScripts([...scripts])).toBe(first);
    await expect(minifyScripts(['var = ;'])).rejects.toThrow(/^Minifying the scripts failed: /);
    // the worker survives a script's error
    expect(await minifyScripts(['var   y = 3;'])).toBe('var y=3;');
  });
});
