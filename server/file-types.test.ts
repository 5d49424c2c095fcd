// The one conditional-GET and Range decision (fileAnswer) both file paths use.
import { describe, expect, it } from 'vitest';
import { fileAnswer, USER_FILE_CSP } from './file-types.mjs';

const file = { name: 'a/b.svg', size: 100, etag: '"x"', mtime: new Date(0) };
const get = (h: { ifNoneMatch?: string; range?: string; method?: string } = {}) => ({ method: h.method ?? 'GET', ifNoneMatch: h.ifNoneMatch, range: h.range });

describe('fileAnswer', () => {
  it('answers 200 with the file headers, the sandbox for a file that can carry script, and the length', () => {
    const a = fileAnswer(get(), file, { cacheControl: 'public', sandboxScriptable: true });
    expect(a).toMatchObject({ status: 200, body: true });
    expect(a.headers).toMatchObject({ 'Content-Type': 'image/svg+xml', ETag: '"x"', 'Content-Length': '100', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': USER_FILE_CSP });
  });
  it('answers 304 for a matching If-None-Match (weak too), with no body', () => {
    expect(fileAnswer(get({ ifNoneMatch: 'W/"x"' }), file, { cacheControl: 'public' })).toMatchObject({ status: 304, body: false });
  });
  it('answers a Range only when asked to: 206 with the part, 416 when unsatisfiable', () => {
    expect(fileAnswer(get({ range: 'bytes=0-9' }), file, { cacheControl: 'public' }).status).toBe(200);
    const part = fileAnswer(get({ range: 'bytes=10-19' }), file, { cacheControl: 'public', range: true });
    expect(part).toMatchObject({ status: 206, part: { start: 10, end: 19 }, body: true });
    expect(part.headers).toMatchObject({ 'Content-Range': 'bytes 10-19/100', 'Content-Length': '10', 'Accept-Ranges': 'bytes' });
    expect(fileAnswer(get({ range: 'bytes=200-' }), file, { cacheControl: 'public', range: true })).toMatchObject({ status: 416, body: false, headers: { 'Content-Range': 'bytes */100' } });
  });
  it('sends no body to a HEAD', () => {
    expect(fileAnswer(get({ method: 'HEAD' }), file, { cacheControl: 'public' })).toMatchObject({ status: 200, body: false });
  });
});
