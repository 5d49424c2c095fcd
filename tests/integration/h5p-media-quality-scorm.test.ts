import fs from 'node:fs';
import path from 'node:path';
import * as yauzl from 'yauzl-promise';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { appEnv } from '../support/global-setup';
import { startApp, type AppProcess } from '../support/app-process';
import { setPlan, signedIn } from '../support/factories';
import { api } from '../support/http';
import { signed } from '../support/images';
import { createContent, installAiLibraries, installTestLibraries } from '../support/h5p';
import { SAMPLE_PARAMS } from '../support/h5p-packages';
import { AI_KEY, startAiStandin, VALID_AI_REPORT, type AiStandin } from '../support/ai-standin';

beforeAll(async () => {
  await installTestLibraries();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const contentFolder = (id: string) => path.join(inject('appDataDir'), 'h5p', 'content', id);

describe('POST /h5p/media/upload', () => {
  it('stores the decoded file under a sanitised unique name and returns its temp address', async () => {
    const t = await signedIn(['student']);
    const res = await api('POST', '/h5p/media/upload', { token: t.token, body: { filename: '../../My Photo (1).PNG', data: signed('png', 'image-bytes').toString('base64') } });
    expect(res.status).toBe(201);
    const { url, filename, size, contentType } = res.body.data;
    expect(filename).toMatch(/^My-Photo-1-[0-9a-f]{8}\.png$/);
    expect(url).toBe(`/h5p/temp/uploads/${filename}`);
    expect(size).toBe(19);
    expect(contentType).toBe('image/png');
    expect(fs.readFileSync(path.join(inject('appDataDir'), 'h5p', 'temp', t.user.id, 'uploads', filename))).toEqual(signed('png', 'image-bytes'));
  });

  it('never overwrites another upload of the same name', async () => {
    const a = await signedIn(['teacher']);
    const b = await signedIn(['teacher']);
    const ra = await api('POST', '/h5p/media/upload', { token: a.token, body: { filename: 'same.png', data: signed('png', 'A').toString('base64') } });
    const rb = await api('POST', '/h5p/media/upload', { token: b.token, body: { filename: 'same.png', data: signed('png', 'B').toString('base64') } });
    expect(ra.body.data.filename).not.toBe(rb.body.data.filename);
    expect((await api('GET', ra.body.data.url)).text.endsWith('A')).toBe(true);
    expect((await api('GET', rb.body.data.url)).text.endsWith('B')).toBe(true);
  });

  it.each([
    [{ filename: 'x.svg', data: b64('<svg/>'), contentType: 'image/svg+xml' }, 'File type not allowed'],
    [{ filename: 'x.html', data: b64('<p>'), contentType: 'text/html' }, 'File type not allowed'],
    [{ filename: 'x.exe', data: b64('MZ') }, 'File type not allowed'],
    [{ filename: 'x.mp4', data: b64('v'), contentType: 'image/png' }, 'File type not allowed'],
    // the bytes must be what the type and name say (issue 22 item 12): an HTML page is never an image
    [{ filename: 'x.png', data: b64('<!DOCTYPE html><script>alert(1)</script>'), contentType: 'image/png' }, "Validation error: the file's content is not a PNG image (.png): it is an HTML page"],
    [{ filename: 'x.png', data: b64('\n  <html><body onload="alert(1)">') }, "Validation error: the file's content is not a PNG image (.png): it is an HTML page"],
    [{ filename: 'x.jpg', data: signed('png', 'x').toString('base64'), contentType: 'image/jpeg' }, "Validation error: the file's content is not a JPEG image (.jpg): it is a PNG image"],
    [{ filename: 'x.mp4', data: b64('not a video'), contentType: 'video/mp4' }, "Validation error: the file's content is not an MP4 file (.mp4)"],
    [{ filename: 'x.vtt', data: b64('<script>alert(1)</script>'), contentType: 'text/vtt' }, "Validation error: the file's content is not a WebVTT file (.vtt): it is an HTML page"],
    [{ filename: 'x.png', data: '%%%not-base64%%%' }, 'Validation error: data is not valid base64'],
    [{ data: b64('x') }, 'Validation error: filename: filename is required'],
    [{ filename: 'x.png' }, 'Validation error: data: data is required'],
  ])('answers 400 for %j', async (body, error) => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/media/upload', { token: t.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
  });

  it('answers 401 without a token', async () => {
    expect((await api('POST', '/h5p/media/upload', { body: { filename: 'x.png', data: b64('x') } })).status).toBe(401);
  });
});

describe('POST /h5p/media/attach', () => {
  it('copies the caller’s named uploads into the content’s media folder and skips missing names', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const up = await api('POST', '/h5p/media/upload', { token: t.token, body: { filename: 'clip.mp4', data: signed('mp4', 'video').toString('base64'), contentType: 'video/mp4' } });
    const res = await api('POST', '/h5p/media/attach', { token: t.token, body: { contentId: id, files: [up.body.data.filename, 'missing.mp4', '../../etc/passwd'], mediaType: 'videos' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ contentId: id, attached: [up.body.data.filename], count: 1, mediaType: 'videos' });
    expect(fs.readFileSync(path.join(contentFolder(id), 'videos', up.body.data.filename))).toEqual(signed('mp4', 'video'));
  });

  it('defaults to images, cannot take another user’s upload, and refuses other owners’ content', async () => {
    const t = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const theirs = await api('POST', '/h5p/media/upload', { token: other.token, body: { filename: 'theirs.png', data: signed('png', 'x').toString('base64') } });
    const res = await api('POST', '/h5p/media/attach', { token: t.token, body: { contentId: id, files: [theirs.body.data.filename] } });
    expect(res.body.data).toEqual({ contentId: id, attached: [], count: 0, mediaType: 'images' });
    const denied = await api('POST', '/h5p/media/attach', { token: other.token, body: { contentId: id, files: [theirs.body.data.filename] } });
    expect(denied.status).toBe(403);
    expect((await api('POST', '/h5p/media/attach', { token: t.token, body: { contentId: 'nope', files: [] } })).status).toBe(404);
    expect((await api('POST', '/h5p/media/attach', { token: t.token, body: { contentId: id, files: [], mediaType: 'docs' } })).status).toBe(400);
  });

  it('attaches tempImageFiles on create', async () => {
    const t = await signedIn(['teacher']);
    const up = await api('POST', '/h5p/media/upload', { token: t.token, body: { filename: 'cover.jpg', data: signed('jpg', 'jpg').toString('base64'), contentType: 'image/jpeg' } });
    const res = await api('POST', '/h5p/content', {
      token: t.token,
      body: { library: 'H5P.TrueFalse 1.8', params: { question: 'Q?', correct: 'true' }, tempImageFiles: [up.body.data.filename, 'nothing.png'] },
    });
    expect(res.status).toBe(201);
    expect(fs.existsSync(path.join(contentFolder(res.body.data.contentId), 'images', up.body.data.filename))).toBe(true);
  });
});

describe('GET /h5p/content/:contentId/quality (rule-based critic)', () => {
  it('generates, caches and returns the report with the spec fields', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice', { title: 'Compare fractions' }, {
      question: '<p>Compare the fractions and explain why 1/2 is larger than 1/3.</p>',
      image: { path: 'images/pie.png', alt: '' },
      answers: [
        { text: '1/2', correct: true, tipsAndFeedback: { chosenFeedback: 'Yes: halves are bigger pieces' } },
        { text: '1/3', correct: false, tipsAndFeedback: { chosenFeedback: 'Thirds are smaller' } },
      ],
    });
    const res = await api('GET', `/h5p/content/${id}/quality`, { token: t.token });
    expect(res.status).toBe(200);
    const { contentId, qualityReport, generatedAt } = res.body.data;
    expect(contentId).toBe(id);
    expect(new Date(generatedAt).getTime()).toBeGreaterThan(0);
    expect(qualityReport.bloomsLevel).toBe('analyze');
    expect(qualityReport.overallScore).toBeGreaterThan(0);
    expect(qualityReport.improvements).toContain('Give every image an alternative text.');
    expect(qualityReport.strengths).toContain('Answers come with feedback for the learner.');
    expect(Object.keys(qualityReport.dimensions).sort()).toEqual(['accessibility', 'clarity', 'cognitiveLevel', 'engagement', 'feedback']);
    const row = await db().contentQualityReport.findUniqueOrThrow({ where: { contentId: id } });
    expect(row).toMatchObject({ overallScore: qualityReport.overallScore, bloomsLevel: 'analyze', accessibilityScore: qualityReport.accessibilityScore });
    const again = await api('GET', `/h5p/content/${id}/quality`, { token: t.token });
    expect(again.body.data.generatedAt).toBe(generatedAt);
  });

  it('gives a higher accessibility score when every image has an alternative text', async () => {
    const t = await signedIn(['teacher']);
    const base = { question: '<p>Which is a square?</p>', answers: [{ text: 'A', correct: true }, { text: 'B', correct: false }] };
    const without = await createContent(t.token, 'H5P.MultiChoice', {}, { ...base, image: { path: 'images/a.png', alt: '' } });
    const withAlt = await createContent(t.token, 'H5P.MultiChoice', {}, { ...base, image: { path: 'images/a.png', alt: 'Four shapes' } });
    const a = (await api('GET', `/h5p/content/${without}/quality`, { token: t.token })).body.data.qualityReport.accessibilityScore;
    const b = (await api('GET', `/h5p/content/${withAlt}/quality`, { token: t.token })).body.data.qualityReport.accessibilityScore;
    expect(b).toBeGreaterThan(a);
  });

  it('deletes a corrupt cached report and regenerates it', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    // (new content is scored in the background: wait for it, then corrupt it)
    await expect.poll(() => db().contentQualityReport.count({ where: { contentId: id } }), { timeout: 10_000 }).toBe(1);
    await db().contentQualityReport.update({ where: { contentId: id }, data: { overallScore: 1, report: { garbage: true } } });
    const res = await api('GET', `/h5p/content/${id}/quality`, { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.data.qualityReport.overallScore).not.toBe(1);
    expect((await db().contentQualityReport.findUniqueOrThrow({ where: { contentId: id } })).report).toMatchObject({ dimensions: expect.any(Object) });
  });

  it('answers 404 for unknown content and 401 without a token', async () => {
    const t = await signedIn(['teacher']);
    expect((await api('GET', '/h5p/content/nope/quality', { token: t.token })).status).toBe(404);
    expect((await api('GET', '/h5p/content/nope/quality')).status).toBe(401);
  });
});

describe('quality with an AI critic configured', () => {
  let ai: AiStandin;
  let app: AppProcess;
  beforeAll(async () => {
    ai = await startAiStandin();
    app = await startApp({ ...appEnv(inject('idpUrl')), H5P_HUB_URL: inject('hubUrl'), DATA_DIR: inject('appDataDir'), AI_API_URL: ai.url, AI_API_KEY: AI_KEY, AI_MODEL: 'critic-1' });
  });
  afterAll(async () => {
    await app?.stop();
    await ai?.close();
  });

  it('uses the AI answer when it passes validation', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    ai.answer = VALID_AI_REPORT;
    const res = await api('GET', `/h5p/content/${id}/quality`, { token: t.token, base: app.url });
    expect(res.status).toBe(200);
    expect(res.body.data.qualityReport).toMatchObject({ ...VALID_AI_REPORT, critic: 'ai' });
    const req = ai.requests.at(-1)!;
    expect(req.auth).toBe(`Bearer ${AI_KEY}`);
    expect(req.body.model).toBe('critic-1');
    expect(req.body.response_format).toEqual({ type: 'json_object' });
  });

  it.each([[{ overallScore: 'high' }], ['not json'], [500]])('falls back to the rule-based critic for an invalid answer (%j)', async (answer) => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    ai.answer = answer;
    const res = await api('GET', `/h5p/content/${id}/quality`, { token: t.token, base: app.url });
    expect(res.status).toBe(200);
    expect(res.body.data.qualityReport.critic).toBe('rules');
  });
});

async function unzipEntries(buf: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scorm-test-')), 'p.zip');
  fs.writeFileSync(file, buf);
  const z = await yauzl.open(file);
  const out = new Map<string, Buffer>();
  for (const e of await z.readEntries()) {
    if (e.filename.endsWith('/')) continue;
    const chunks: Buffer[] = [];
    for await (const c of (await e.openReadStream()) as AsyncIterable<Buffer>) chunks.push(c);
    out.set(e.filename, Buffer.concat(chunks));
  }
  await z.close();
  return out;
}

describe('GET /h5p/content/:contentId/export-scorm', () => {
  it.each([
    ['1.2', '<schemaversion>1.2</schemaversion>', 'adlcp:scormtype="sco"', 'cmi.core.lesson_status'],
    ['2004', '<schemaversion>2004 4th Edition</schemaversion>', 'adlcp:scormType="sco"', 'cmi.completion_status'],
  ])('builds a SCORM %s package with manifest, launcher, wrapper, content.json and media', async (version, schema, scoAttr, dataModel) => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice', { title: 'Fractions' });
    fs.mkdirSync(path.join(contentFolder(id), 'images'), { recursive: true });
    fs.writeFileSync(path.join(contentFolder(id), 'images', 'pie.png'), 'png');
    const res = await fetch(`${inject('appUrl')}/h5p/content/${id}/export-scorm?version=${version}`, { headers: { Authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(`filename="Fractions_scorm${version}.zip"`);
    const files = await unzipEntries(Buffer.from(await res.arrayBuffer()));
    for (const f of ['imsmanifest.xml', 'index.html', 'h5p-scorm-wrapper.js', 'content.json', 'h5p.json', 'images/pie.png', 'libraries/H5P.MultiChoice-1.16/library.json', 'player/main.bundle.js', 'player/frame.bundle.js']) {
      expect(files.has(f), f).toBe(true);
    }
    const manifest = files.get('imsmanifest.xml')!.toString();
    expect(manifest).toContain(schema);
    expect(manifest).toContain(scoAttr);
    expect(manifest).toContain('href="index.html"');
    expect(manifest).toContain('<file href="images/pie.png"/>');
    expect(files.get('h5p-scorm-wrapper.js')!.toString()).toContain(dataModel);
    expect(JSON.parse(files.get('content.json')!.toString())).toEqual((await db().h5pContent.findUniqueOrThrow({ where: { id } })).parameters);
  });

  it("writes the author's mastery score into the manifest and the run time, defaults to the content's pass mark, else 100 %, and refuses a bad one (issue 23 item 9)", async () => {
    await installAiLibraries();
    const t = await signedIn(['teacher']);
    const get = async (id: string, query: string) => {
      const res = await fetch(`${inject('appUrl')}/h5p/content/${id}/export-${query}`, { headers: { Authorization: `Bearer ${t.token}` } });
      expect(res.status).toBe(200);
      return unzipEntries(Buffer.from(await res.arrayBuffer()));
    };
    const mc = await createContent(t.token, 'H5P.MultiChoice', { title: 'Sums' });
    let files = await get(mc, 'scorm?version=1.2&masteryScore=80');
    expect(files.get('imsmanifest.xml')!.toString()).toContain('<adlcp:masteryscore>80</adlcp:masteryscore>');
    expect(files.get('h5p-scorm-wrapper.js')!.toString()).toContain('var MASTERY = 0.8;');
    files = await get(mc, 'scorm?version=2004');
    expect(files.get('imsmanifest.xml')!.toString()).toContain('<imsss:minNormalizedMeasure>1</imsss:minNormalizedMeasure>');
    files = await get(mc, 'cmi5?masteryScore=62.5');
    expect(files.get('cmi5.xml')!.toString()).toContain('masteryScore="0.625"');
    expect(files.get('h5p-cmi5.js')!.toString()).toContain('var MASTERY = 0.625;');

    // a Question Set's own pass mark (passPercentage) is the default
    const created = await api('POST', '/h5p/content', {
      token: t.token,
      body: { library: 'H5P.QuestionSet 1.20', params: { passPercentage: 70, questions: [{ library: 'H5P.MultiChoice 1.16', params: SAMPLE_PARAMS['H5P.MultiChoice'], subContentId: '6f1c7d0e-2a4b-4c8d-9e0f-1a2b3c4d5e6f' }] }, metadata: { title: 'Quiz' } },
    });
    expect(created.status).toBe(201);
    const qs = created.body.data.contentId as string;
    files = await get(qs, 'scorm?version=2004');
    expect(files.get('imsmanifest.xml')!.toString()).toContain('<imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>');
    expect((await get(qs, 'cmi5')).get('cmi5.xml')!.toString()).toContain('masteryScore="0.7"');
    expect((await get(qs, 'scorm?version=1.2&masteryScore=90')).get('imsmanifest.xml')!.toString()).toContain('<adlcp:masteryscore>90</adlcp:masteryscore>');

    for (const [route, bad] of [['scorm?version=1.2&', '101'], ['scorm?', '-5'], ['cmi5?', 'abc'], ['cmi5?', '']] as const) {
      const res = await api('GET', `/h5p/content/${mc}/export-${route}masteryScore=${bad}`, { token: t.token });
      expect(res.status, `${route}${bad}`).toBe(400);
      expect(res.body.error).toBe('Validation error: masteryScore: masteryScore must be a percentage from 0 to 100');
    }
  });

  it('is gated by the scorm-export feature and validates the version', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    const bad = await api('GET', `/h5p/content/${id}/export-scorm?version=3`, { token: t.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Validation error: version: version must be 1.2 or 2004');
    await setPlan(t.user.id, 'free');
    const gated = await api('GET', `/h5p/content/${id}/export-scorm`, { token: t.token });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ success: false, error: 'feature_not_available', requiredPlan: 'pro' });
  });
});
