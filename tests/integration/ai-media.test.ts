// AI generation of the container types (issue 13, item 3) and from media (item 4): Single Choice Set, Question Set,
// Dialog Cards, Summary, Accordion and Course Presentation from a topic; a Branching Scenario (branching-scenario);
// Image Hotspots from an uploaded image the provider looks at (image-hotspot); an Interactive Video from a video
// and its captions or the provider's transcript, as a job (video-to-h5p). A second app instance on the same
// database and files talks to the stand-in provider; the container libraries are the project's own test
// libraries (tests/fixtures/h5p-libraries-ai), imported by a super admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { startApp, type AppProcess } from '../support/app-process';
import { aiAppEnv, aiUsed, startSite, type Site } from '../support/ai-app';
import { AI_KEY, startAiStandin, type AiStandin } from '../support/ai-standin';
import { setPlan, signedIn } from '../support/factories';
import { installAiLibraries } from '../support/h5p';
import { api } from '../support/http';
import { pngOf } from '../support/images';

let ai: AiStandin;
let app: AppProcess;
let site: Site;
let sitePort: number;

/** The first bytes of an MP4 file (an `ftyp` box), padded. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(4096, 1)]);

const VTT = `WEBVTT

00:00:01.000 --> 00:00:06.000
Volcanoes form where <i>magma</i> rises through the crust.

00:00:20.000 --> 00:00:28.500
Lava cools into new rock &amp; builds the mountain.

1:05.000 --> 1:10.000
Ash clouds can travel around the world.
`;

beforeAll(async () => {
  await installAiLibraries();
  ai = await startAiStandin();
  ai.answer = 'auto';
  site = await startSite({
    '/lesson.mp4': (res) => void res.writeHead(200, { 'Content-Type': 'video/mp4' }).end(MP4),
    '/lesson.vtt': (res) => void res.writeHead(200, { 'Content-Type': 'text/vtt' }).end(VTT),
  });
  sitePort = site.port;
  app = await startApp(aiAppEnv(ai, { ALLOWED_PRIVATE_HOSTS: 'localhost' }), { waitForHealthy: true });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await ai?.close();
  site?.close();
});

const installed = async (machineName: string) => {
  const l = await db().h5pLibrary.findFirstOrThrow({ where: { machineName }, orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }] });
  return `${machineName} ${l.majorVersion}.${l.minorVersion}`;
};
const saved = async (contentId: string) => (await db().h5pContent.findUniqueOrThrow({ where: { id: contentId } })).parameters as any;
/** sub-content ids (issue 23, item 3): `n` of them, each a UUID of its own */
const expectIds = (ids: unknown[], n: number) => {
  expect(ids).toHaveLength(n);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(new Set(ids).size).toBe(n);
};
/** the player page of the content: 200, and it loads the libraries named */
const plays = async (token: string, contentId: string, libraries: string[]) => {
  const play = await api('GET', `/h5p/play/${contentId}`, { token, base: app.url });
  expect(play.status, play.text).toBe(200);
  for (const l of libraries) expect(play.text, `${l} is loaded`).toContain(l.replace(' ', '-'));
};

describe('POST /api/ai/generate: the container types', () => {
  it('generates each as real content of the installed library, its sub-content in the versions the library allows, that plays', async () => {
    const t = await signedIn(['teacher']);
    const mc = await installed('H5P.MultiChoice');
    const text = await installed('H5P.AdvancedText');
    const cases: [string, (p: any) => void, string[]][] = [
      ['H5P.SingleChoiceSet', (p) => (expect(p.choices).toHaveLength(3), expect(p.choices[0].answers[0]).toContain('Right 1'), expectIds(p.choices.map((c: any) => c.subContentId), 3)), []],
      ['H5P.QuestionSet', (p) => (expect(p.questions).toHaveLength(3), expect(p.questions.map((q: any) => q.library)).toEqual([mc, mc, mc]), expect(p.introPage.showIntroPage).toBe(true)), [mc]],
      ['H5P.Dialogcards', (p) => (expect(p.dialogs).toHaveLength(3), expect(p.dialogs[2]).toMatchObject({ text: '<p>Term 3 of Volcanoes</p>', answer: '<p>Meaning 3</p>' })), []],
      ['H5P.Summary', (p) => (expect(p.summaries).toHaveLength(3), expect(p.summaries[0].summary).toEqual(['<p>Volcanoes true 1</p>', '<p>Volcanoes false 1</p>']), expectIds(p.summaries.map((c: any) => c.subContentId), 3)), []],
      ['H5P.Accordion', (p) => (expect(p.panels).toHaveLength(3), expect(p.panels[0].content.library).toBe(text), expect(p.panels[0].content.params.text).toContain('part 1')), [text]],
      [
        'H5P.CoursePresentation',
        (p) => {
          expect(p.presentation.slides).toHaveLength(3);
          expect(p.presentation.slides[0].elements.map((e: any) => e.action.library)).toEqual([text]);
          expect(p.presentation.slides[1].elements.map((e: any) => e.action.library)).toEqual([text, mc]);
          expect(p.presentation.slides[1].keywords).toEqual([{ main: 'Slide 2' }]);
          expectIds(p.presentation.slides.flatMap((sl: any) => sl.elements.map((e: any) => e.action.subContentId)), 4);
        },
        [text, mc],
      ],
    ];
    let used = 0;
    for (const [contentType, check, subs] of cases) {
      const res = await api('POST', '/api/ai/generate', { token: t.token, body: { contentType, topic: 'Volcanoes', questionCount: 3 }, base: app.url });
      expect(res.status, `${contentType}: ${res.text}`).toBe(201);
      used++;
      expect(res.body.data.draft.library).toBe(await installed(contentType));
      expect(res.body.data.credits.used).toBe(used);
      expect(ai.requests.at(-1)!.body.response_format.json_schema.name).toBe(contentType.replace('.', '_'));
      const params = await saved(res.body.data.contentId);
      check(params);
      expect(await db().contentOwnership.findUniqueOrThrow({ where: { contentId: res.body.data.contentId } })).toMatchObject({ userId: t.user.id, visibility: 'private' });
      await plays(t.token, res.body.data.contentId, [res.body.data.draft.library, ...subs]);
    }
    expect(await aiUsed(t.user.id)).toBe(cases.length);
  });
});

describe('POST /api/ai/generate/branching-scenario (branching-scenario)', () => {
  it('builds decision steps whose options continue or end the scenario (premium), and plays', async () => {
    const t = await signedIn(['teacher']);
    const refused = await api('POST', '/api/ai/generate/branching-scenario', { token: t.token, body: { topic: 'Fire safety' }, base: app.url });
    expect([refused.status, refused.body.error, refused.body.requiredPlan]).toEqual([403, 'feature_not_available', 'premium']);
    await setPlan(t.user.id, 'premium');
    const res = await api('POST', '/api/ai/generate/branching-scenario', { token: t.token, body: { topic: 'Fire safety', questionCount: 3 }, base: app.url });
    expect(res.status, res.text).toBe(201);
    const bs = (await saved(res.body.data.contentId)).branchingScenario;
    const question = await installed('H5P.BranchingQuestion');
    // step i: its situation (node 2i) leads to its question (2i + 1); the good option to the next step, the poor one ends it
    expect(bs.content).toHaveLength(6);
    expect(bs.content.map((c: any) => c.type.library)).toEqual([0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? question : expect.stringMatching(/^H5P\.AdvancedText /))));
    expect(bs.content[0].nextContentId).toBe(1);
    const alternatives = (i: number) => bs.content[i].type.params.branchingQuestion.alternatives;
    expect(alternatives(1).map((a: any) => a.nextContentId)).toEqual([2, -1]);
    expect(alternatives(3).map((a: any) => a.nextContentId)).toEqual([4, -1]);
    expect(alternatives(5).map((a: any) => a.nextContentId)).toEqual([-1, -1]);
    expect(alternatives(5)[0].feedback).toMatchObject({ title: 'You made it through Fire safety.', endScreenScore: 10 });
    expect(bs.startScreen.startScreenTitle).toBe('<p>Scenario: Fire safety</p>');
    expect(bs.endScreens).toEqual([expect.objectContaining({ contentId: -1 })]);
    await plays(t.token, res.body.data.contentId, [res.body.data.draft.library, question]);
    const bad = await api('POST', '/api/ai/generate/branching-scenario', { token: t.token, body: { topic: 'x', questionCount: 11 }, base: app.url });
    expect([bad.status, bad.body.error]).toEqual([400, 'Validation error: questionCount: Too big: expected number to be <=10']);
  });
});

describe('POST /api/ai/generate/image-hotspots (image-hotspot)', () => {
  const form = (file: Buffer | null, fields: Record<string, string> = {}, name = 'harbour.png', type = 'image/png') => {
    const f = new FormData();
    if (file) f.append('image', new Blob([new Uint8Array(file)], { type }), name);
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };

  it('places hotspots on the uploaded image, which the provider sees (vision input) and the content keeps', async () => {
    const t = await signedIn(['teacher']);
    const png = pngOf(64, 48);
    const curriculum = {
      frameworkCode: 'NC-EN',
      frameworkName: 'National Curriculum England',
      countryCode: 'GB',
      gradeCode: 'Y4',
      gradeName: 'Year 4',
      subjectCode: 'GEO',
      subjectName: 'Geography',
      topicCodes: ['PORTS'],
      topicNames: ['Ports and trade'],
      objectiveCodes: ['GEO-Y4-1'],
      objectiveDescriptions: ['Name the parts of a harbour'],
    };
    const res = await api('POST', '/api/ai/generate/image-hotspots', {
      token: t.token,
      body: form(png, { topic: 'the harbour', questionCount: '3', language: 'en', curriculum: JSON.stringify(curriculum) }),
      base: app.url,
    });
    expect(res.status, res.text).toBe(201);
    expect(ai.requests.at(-1)!.body.messages[1].content[0].text).toContain('Learning objectives: Name the parts of a harbour');
    const meta = await db().contentCurriculumMetadata.findUniqueOrThrow({ where: { contentId: res.body.data.contentId } });
    expect(meta).toMatchObject({ subjectCode: 'GEO', objectiveCodes: ['GEO-Y4-1'], language: 'en' });
    const parts = ai.requests.at(-1)!.body.messages[1].content;
    expect(parts[0]).toMatchObject({ type: 'text', text: expect.stringContaining('Explain this in the image: the harbour') });
    expect(parts[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } });
    const p = await saved(res.body.data.contentId);
    expect(p.image).toMatchObject({ path: expect.stringMatching(/^images\/harbour-[0-9a-f]{8}\.png$/), mime: 'image/png', width: 64, height: 48 });
    expect(p.hotspots).toHaveLength(3);
    expect(p.hotspots[0]).toMatchObject({ position: { x: 10, y: 15 }, header: 'Spot 1' });
    expect(p.hotspots[0].content[0].library).toMatch(/^H5P\.(Advanced)?Text /);
    const file = await api('GET', `/h5p/content/${res.body.data.contentId}/${p.image.path}`, { token: t.token, base: app.url });
    expect(file.status).toBe(200);
    expect(Buffer.from(file.text, 'latin1').length).toBeGreaterThan(0);
    await plays(t.token, res.body.data.contentId, [res.body.data.draft.library]);
    expect(await aiUsed(t.user.id)).toBe(1);
  });

  it('returns a draft that POST /h5p/content saves with its image (save=false)', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(pngOf(20, 10), { save: 'false' }), base: app.url });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.contentId).toBeNull();
    const draft = res.body.data.draft;
    expect(draft.tempImageFiles).toEqual([draft.params.image.path.replace('images/', '')]);
    const made = await api('POST', '/h5p/content', { token: t.token, body: draft, base: app.url });
    expect(made.status, made.text).toBe(201);
    expect((await api('GET', `/h5p/content/${made.body.data.contentId}/${draft.params.image.path}`, { token: t.token, base: app.url })).status).toBe(200);
  });

  it('refuses what is not an image, a missing image, an image over 10 MB and one whose header claims too many pixels, taking no credit; gated for the free plan', async () => {
    const t = await signedIn(['teacher']);
    const notImage = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(Buffer.from('<svg onload="x"/>'), {}, 'x.png'), base: app.url });
    expect([notImage.status, notImage.body.error]).toEqual([400, 'File type not allowed']);
    // a header's claimed dimensions are bounded (issue 22 item 12): each side at most 20,000 px, at most 100 megapixels
    const claims = (w: number, h: number) => {
      const b = pngOf(1, 1);
      b.writeUInt32BE(w, 16);
      b.writeUInt32BE(h, 20);
      return b;
    };
    for (const [w, h] of [[2147483647, 2147483647], [20001, 1], [12000, 9000]] as const) {
      const huge = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(claims(w, h)), base: app.url });
      expect([huge.status, huge.body.error]).toEqual([400, 'Validation error: image: at most 20000 × 20000 pixels and 100 megapixels']);
    }
    const none = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(null, { topic: 'x' }), base: app.url });
    expect([none.status, none.body.error]).toEqual([400, 'Validation error: image: an image is required']);
    const big = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(Buffer.concat([pngOf(2, 2), Buffer.alloc(10 * 1024 * 1024)])), base: app.url });
    expect([big.status, big.body.error]).toEqual([413, 'File too large']);
    const count = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(pngOf(2, 2), { questionCount: '13' }), base: app.url });
    expect(count.status).toBe(400);
    const badCurriculum = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(pngOf(2, 2), { curriculum: '{not json' }), base: app.url });
    expect([badCurriculum.status, badCurriculum.body.error]).toEqual([400, 'Validation error: curriculum: must be JSON']);
    const json = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: { image: 'x' }, base: app.url });
    expect([json.status, json.body.error]).toEqual([400, 'Validation error: send the image as multipart/form-data']);
    expect(await aiUsed(t.user.id)).toBe(0);
    await setPlan(t.user.id, 'free');
    const gated = await api('POST', '/api/ai/generate/image-hotspots', { token: t.token, body: form(pngOf(2, 2)), base: app.url });
    expect([gated.status, gated.body.error, gated.body.requiredPlan]).toEqual([403, 'feature_not_available', 'pro']);
  });
});

describe('POST /api/ai/jobs/video (video-to-h5p)', () => {
  const jobOf = async (token: string, id: string) => (await api('GET', `/api/ai/jobs/${id}`, { token, base: app.url })).body.data;
  const waitFor = async (token: string, id: string) => {
    let j: any;
    await expect.poll(async () => ['completed', 'completed_with_errors', 'failed'].includes((j = await jobOf(token, id)).status), { timeout: 40_000, interval: 250 }).toBe(true);
    return j;
  };
  const form = (files: { video?: Buffer; captions?: string }, fields: Record<string, string> = {}) => {
    const f = new FormData();
    if (files.video) f.append('video', new Blob([new Uint8Array(files.video)], { type: 'video/mp4' }), 'eruption.mp4');
    if (files.captions !== undefined) f.append('captions', new Blob([files.captions], { type: 'text/vtt' }), 'eruption.vtt');
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  const premium = async () => {
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'premium');
    return t;
  };

  it('makes an Interactive Video from an uploaded video and its captions: questions at the captions\' times, the video and captions in the content', async () => {
    const t = await premium();
    // over the 10 MB body limit of other routes: this route streams its upload to disk
    const big = Buffer.concat([MP4, Buffer.alloc(12 * 1024 * 1024, 7)]);
    const res = await api('POST', '/api/ai/jobs/video', { token: t.token, body: form({ video: big, captions: VTT }, { questionCount: '3', title: 'Eruptions' }), base: app.url });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ kind: 'video', status: 'queued', progress: { done: 0, total: 1 } });
    const job = await waitFor(t.token, res.body.data.id);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const contentId = job.results[0].contentId;
    const sent = ai.requests.at(-1)!.body.messages[1].content as string;
    expect(sent).toContain('<source>\n[0:01] Volcanoes form where magma rises through the crust.\n[0:20] Lava cools into new rock & builds the mountain.\n[1:05] Ash clouds');
    expect(sent).toContain('The video is 1:10 long');
    const iv = (await saved(contentId)).interactiveVideo;
    expect(iv.video.files[0]).toMatchObject({ path: expect.stringMatching(/^videos\/eruption-[0-9a-f]{8}\.mp4$/), mime: 'video/mp4' });
    expect(iv.video.textTracks.videoTrack[0]).toMatchObject({ kind: 'captions', srcLang: 'en', track: { path: expect.stringMatching(/^videos\/captions-[0-9a-f]{8}\.vtt$/), mime: 'text/vtt' } });
    expect(iv.assets.interactions.map((i: any) => i.duration.from)).toEqual([3, 22, 67]);
    expect(iv.assets.interactions[0].action.library).toBe(await installed('H5P.MultiChoice'));
    expectIds(iv.assets.interactions.map((i: any) => i.action.subContentId), 3);
    for (const path of [iv.video.files[0].path, iv.video.textTracks.videoTrack[0].track.path]) {
      expect((await api('GET', `/h5p/content/${contentId}/${path}`, { token: t.token, base: app.url })).status, path).toBe(200);
    }
    await plays(t.token, contentId, [await installed('H5P.InteractiveVideo')]);
    expect(await aiUsed(t.user.id)).toBe(1);
  });

  it('transcribes a video without captions with the provider (whisper-1), and the transcript becomes its captions', async () => {
    const t = await premium();
    const before = ai.transcriptions.length;
    const res = await api('POST', '/api/ai/jobs/video', { token: t.token, body: form({ video: MP4 }, { questionCount: '2' }), base: app.url });
    expect(res.status, res.text).toBe(202);
    const job = await waitFor(t.token, res.body.data.id);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(ai.transcriptions.slice(before)).toEqual([{ auth: `Bearer ${AI_KEY}`, model: 'whisper-1', bytes: expect.any(Number) }]);
    expect(ai.transcriptions.at(-1)!.bytes).toBeGreaterThan(MP4.length);
    const iv = (await saved(job.results[0].contentId)).interactiveVideo;
    expect(iv.assets.interactions.map((i: any) => i.duration.from)).toEqual([2, 7]);
    const track = await api('GET', `/h5p/content/${job.results[0].contentId}/${iv.video.textTracks.videoTrack[0].track.path}`, { token: t.token, base: app.url });
    expect(track.status).toBe(200);
    expect(track.text).toContain('00:00:04.500 --> 00:00:12.000\nThe sun heats water in the oceans and it evaporates.');
  });

  it('takes a linked video: a file URL (fetched with the SSRF guard for transcription) or a YouTube link with captions', async () => {
    const t = await premium();
    const linked = await api('POST', '/api/ai/jobs/video', { token: t.token, body: form({}, { videoUrl: `http://localhost:${sitePort}/lesson.mp4` }), base: app.url });
    expect(linked.status, linked.text).toBe(202);
    const job = await waitFor(t.token, linked.body.data.id);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect((await saved(job.results[0].contentId)).interactiveVideo.video.files[0]).toMatchObject({ path: `http://localhost:${sitePort}/lesson.mp4`, mime: 'video/mp4' });
    const yt = await api('POST', '/api/ai/jobs/video', { token: t.token, body: form({ captions: VTT }, { videoUrl: 'https://www.youtube.com/watch?v=abc123' }), base: app.url });
    expect(yt.status, yt.text).toBe(202);
    const ytJob = await waitFor(t.token, yt.body.data.id);
    expect((await saved(ytJob.results[0].contentId)).interactiveVideo.video.files[0]).toMatchObject({ path: 'https://www.youtube.com/watch?v=abc123', mime: 'video/YouTube' });
    // linked captions too (fetched at once, through the same guard)
    const both = await api('POST', '/api/ai/jobs/video', {
      token: t.token,
      body: form({}, { videoUrl: 'https://youtu.be/abc123', captionsUrl: `http://localhost:${sitePort}/lesson.vtt`, questionCount: '3' }),
      base: app.url,
    });
    expect(both.status, both.text).toBe(202);
    const bothJob = await waitFor(t.token, both.body.data.id);
    expect((await saved(bothJob.results[0].contentId)).interactiveVideo.assets.interactions.map((i: any) => i.duration.from)).toEqual([3, 22, 67]);
    const privateCaptions = await api('POST', '/api/ai/jobs/video', {
      token: t.token,
      body: form({}, { videoUrl: 'https://youtu.be/abc123', captionsUrl: `http://127.0.0.1:${sitePort}/lesson.vtt` }),
      base: app.url,
    });
    expect([privateCaptions.status, privateCaptions.body.error]).toEqual([400, expect.stringMatching(/^Validation error: captionsUrl: /)]);
    // a private address is refused when the job fetches it: the item fails, its credit comes back
    const used = await aiUsed(t.user.id);
    const loop = await api('POST', '/api/ai/jobs/video', { token: t.token, body: form({}, { videoUrl: `http://127.0.0.1:${sitePort}/lesson.mp4` }), base: app.url });
    expect(loop.status).toBe(202);
    const failed = await waitFor(t.token, loop.body.data.id);
    expect(failed.status).toBe('completed_with_errors');
    expect(failed.results[0].error).toMatch(/^Validation error: videoUrl: /);
    expect(await aiUsed(t.user.id)).toBe(used);
  });

  it('validates the request: one video, captions that are WebVTT, a YouTube link with captions, a video type; gated (premium)', async () => {
    const t = await premium();
    const cases: [FormData, number, string][] = [
      [form({}), 400, 'Validation error: video: upload a video file or give videoUrl'],
      [form({ video: MP4 }, { videoUrl: 'https://example.org/a.mp4' }), 400, 'Validation error: video: upload a video or give videoUrl, not both'],
      [form({ video: MP4, captions: '1\n00:00:01.000 --> 00:00:02.000\nhello' }), 400, 'Validation error: captions: not a WebVTT file (it must start with WEBVTT)'],
      [form({ video: MP4, captions: 'WEBVTT\n\nNOTE nothing here' }), 400, 'Validation error: captions: the WebVTT file has no cues'],
      [form({}, { videoUrl: 'https://youtu.be/abc123' }), 400, 'Validation error: captions: a YouTube video needs its WebVTT captions'],
      [form({}, { videoUrl: 'https://example.org/page.html' }), 400, 'Validation error: videoUrl: must be a YouTube link or a link to an .mp4, .webm or .ogv file'],
      [form({}, { videoUrl: 'ftp://example.org/a.mp4' }), 400, 'Validation error: videoUrl: must be an http or https URL'],
      [form({ video: Buffer.from('not a video at all, just text') }), 400, 'File type not allowed'],
    ];
    for (const [body, status, error] of cases) {
      const res = await api('POST', '/api/ai/jobs/video', { token: t.token, body, base: app.url });
      expect([res.status, res.body.error], error).toEqual([status, error]);
    }
    expect(await db().aiJob.count({ where: { userId: t.user.id } })).toBe(0);
    const pro = await signedIn(['teacher']);
    const gated = await api('POST', '/api/ai/jobs/video', { token: pro.token, body: form({ video: MP4, captions: VTT }), base: app.url });
    expect([gated.status, gated.body.error, gated.body.requiredPlan]).toEqual([403, 'feature_not_available', 'premium']);
  });
});

describe('POST /api/ai/jobs/lesson-bundle with the container types installed', () => {
  it("picks for each Bloom's level the installed type that suits it best (cards to remember, a question set to understand, a summary to evaluate)", async () => {
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'premium');
    const res = await api('POST', '/api/ai/jobs/lesson-bundle', { token: t.token, body: { objective: 'Plate tectonics', count: 6 }, base: app.url });
    expect(res.status, res.text).toBe(202);
    let job: any;
    await expect
      .poll(async () => (job = (await api('GET', `/api/ai/jobs/${res.body.data.id}`, { token: t.token, base: app.url })).body.data).status === 'completed' && !!job.output, { timeout: 40_000, interval: 250 })
      .toBe(true);
    const ids = job.results.sort((a: any, b: any) => a.index - b.index).map((r: any) => r.contentId);
    const types = await Promise.all(ids.map(async (id: string) => (await db().h5pContent.findUniqueOrThrow({ where: { id } })).mainLibrary));
    expect(types).toEqual(['H5P.Dialogcards', 'H5P.QuestionSet', 'H5P.Blanks', 'H5P.DragText', 'H5P.Summary', 'H5P.MarkTheWords']);
  });
});
