// GET /h5p/content/:contentId/export-html (issue 28 item 2): one self-contained HTML file that plays offline — the
// core, the libraries and the content's files inlined, nothing fetched from the service — downloaded by whoever may
// export the content; content whose files are too large to inline is refused with 413 before any work.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedIn } from '../support/factories';
import { createContent, installTestLibraries } from '../support/h5p';
import { api, randomIp } from '../support/http';

beforeAll(async () => {
  await installTestLibraries();
});

const get = (id: string, token: string) => fetch(`${inject('appUrl')}/h5p/content/${id}/export-html`, { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': randomIp() } });

describe('GET /h5p/content/:contentId/export-html', () => {
  it('downloads one HTML file named after the title with the core, the libraries and the parameters inlined', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse', { title: 'Offline quiz' });
    const res = await get(id, t.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Offline quiz.html"');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const html = await res.text();
    // (toBe on booleans: a failure must not print megabytes of inlined script)
    expect(/^\s*<!doctype html>/i.test(html)).toBe(true);
    expect(html.includes('H5PIntegration')).toBe(true);
    expect(html.includes('H5P.TrueFalse')).toBe(true);
    // nothing is loaded from the service: no script or stylesheet address of ours
    expect(/\s(src|href)="\/(h5p|_next|core|api)\//i.test(html)).toBe(false);
    expect(html.includes(inject('appUrl'))).toBe(false);
  });

  it('refuses content whose files are too large to inline with 413 and what to use instead', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse', { title: 'Video lesson' });
    const dir = path.join(inject('appDataDir'), 'h5p', 'content', id, 'videos');
    fs.mkdirSync(dir, { recursive: true });
    const big = path.join(dir, 'lecture.mp4');
    fs.closeSync(fs.openSync(big, 'w'));
    fs.truncateSync(big, 41 * 1024 * 1024);
    const res = await api('GET', `/h5p/content/${id}/export-html`, { token: t.token });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      error: 'Content too large for an offline HTML file: its files take 41.0 MB and at most 40.0 MB can be inlined. Export it as .h5p or SCORM instead',
    });
  });

  it('answers 403 for someone else’s private content, 404 for unknown content, 401 anonymous, 403 to a student', async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const student = await signedIn(['student']);
    const id = await createContent(owner.token, 'H5P.TrueFalse');
    const res = await api('GET', `/h5p/content/${id}/export-html`, { token: other.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'You do not own this content' });
    expect((await api('GET', '/h5p/content/nope/export-html', { token: owner.token })).status).toBe(404);
    expect((await api('GET', `/h5p/content/${id}/export-html`)).status).toBe(401);
    expect((await api('GET', `/h5p/content/${id}/export-html`, { token: student.token })).status).toBe(403);
  });
});
