// Media as the source of generation (issue 13, item 4): an uploaded image the provider looks at (vision input) →
// Image Hotspots (image-hotspot), and a video — uploaded or linked — with its WebVTT captions or a transcript from
// the provider's transcription endpoint → an Interactive Video with questions at timestamps (video-to-h5p, a job).
// Uploads are checked by their bytes (type, size, dimensions) and kept as the caller's uploads until the content
// that shows them is saved.
import fsp from 'node:fs/promises';
import { imageSize } from 'image-size';
import { z } from 'zod';
import type { User } from '@/lib/generated/prisma/client';
import { sniff } from '@/lib/files/sniff';
import { MEDIA_ERR, storeUpload } from '@/lib/h5p';
import { MultipartError, parseMultipart, TruncatedUploadError, UPLOAD_TRUNCATED, UploadTooLargeError, type UploadedFile } from '@/lib/net/multipart';
import type { H5pActor } from '@/lib/h5p';
import { tempKey } from '@/lib/h5p';
import { fileStore } from '@/lib/files/store';
import { AppError, validationMessage } from '@/lib/errors';
import { OutboundUrlError, outboundFetch } from '@/lib/net/outbound';
import { assertAiConfigured, transcribe, type Cue } from './client';
import { metadataBody } from '@/lib/curriculum';
import type { CreditItem } from './credits';
import { DIFFICULTIES, generateItem, type Generated } from './generate';
import { MAX_SOURCE_CHARS } from './sources';
import { escapeVttText } from '@/lib/shared/escape';
import { BLOOM_LEVELS } from '@/lib/content/blooms';
import { AI_LIMITS } from './limits';
import { FILE_TOO_LARGE, NOT_WEBVTT, VIDEO_REQUIRED, YOUTUBE_NEEDS_CAPTIONS } from './errors';

export const IMAGE_MAX_BYTES = AI_LIMITS.imageBytes;
export const VIDEO_MAX_BYTES = AI_LIMITS.videoBytes;
export const CAPTIONS_MAX_BYTES = AI_LIMITS.captionsBytes;
/** the most a transcription request may carry (OpenAI's limit) */
export const TRANSCRIBE_MAX_BYTES = AI_LIMITS.transcribeBytes;

const IMAGE_TYPES: Record<string, { mime: string; ext: string }> = {
  png: { mime: 'image/png', ext: 'png' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  gif: { mime: 'image/gif', ext: 'gif' },
};

/** A multipart field holding the curriculum objective: the JSON of POST /api/ai/generate's `curriculum`. */
export const curriculumField = z
  .string()
  .max(100_000)
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(metadataBody)
  .optional();

/** The form fields every media generation takes (multipart strings). */
const mediaOptions = z.object({
  language: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'must be a language code like en or pt-BR').default('en'),
  difficulty: z.enum(DIFFICULTIES).default('medium'),
  bloomsLevel: z.enum(BLOOM_LEVELS).optional(),
  questionCount: z.coerce.number().int().min(1).max(AI_LIMITS.hotspots).default(5),
  curriculum: curriculumField,
});

/** POST /api/ai/generate/image-hotspots: the fields besides `image`. */
export const imageFields = mediaOptions.extend({
  /** what the hotspots should explain (optional) */
  topic: z.string().trim().min(1).max(500).optional(),
  save: z.enum(['true', 'false']).default('true'),
});

/** POST /api/ai/jobs/video: the fields besides the `video` and `captions` files. */
export const videoFields = mediaOptions.extend({
  questionCount: z.coerce.number().int().min(1).max(AI_LIMITS.questionCount).default(5),
  videoUrl: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(AI_LIMITS.url).optional(),
  /** instead of the captions file: its address (fetched through the SSRF guard) */
  captionsUrl: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(AI_LIMITS.url).optional(),
  title: z.string().trim().min(1).max(AI_LIMITS.title).optional(),
});

/**
 * A multipart upload of the AI media routes: the files (streamed to disk, each within its limit: 413 `File too
 * large`) and the other fields checked with `schema`. The caller removes the files with `cleanup` when done.
 */
export async function mediaForm<S extends z.ZodType>(req: Request, what: string, limits: Record<string, number>, schema: S) {
  if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError(400, `Validation error: send ${what} as multipart/form-data`);
  }
  let parsed;
  try {
    parsed = await parseMultipart(req, { maxFileSize: Math.min(...Object.values(limits)), fileLimits: limits, maxFiles: Object.keys(limits).length, fileFields: Object.keys(limits) });
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw new AppError(413, FILE_TOO_LARGE);
    if (err instanceof TruncatedUploadError) throw new AppError(400, UPLOAD_TRUNCATED);
    if (err instanceof MultipartError) throw new AppError(400, 'Validation error: the multipart body cannot be read');
    throw err;
  }
  const raw = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]).filter(([, v]) => v !== ''));
  const fields = schema.safeParse(raw);
  if (!fields.success) {
    await parsed.cleanup();
    throw new AppError(400, validationMessage(fields.error));
  }
  const files: Record<string, UploadedFile | undefined> = {};
  for (const f of parsed.files) if (f.size > 0) files[f.field] = f;
  const dir = parsed;
  return { files, fields: fields.data, cleanup: () => dir.cleanup() };
}

/** The largest image the AI image routes take: each side, and all its pixels (a provider and a browser must decode it). */
export const IMAGE_MAX_SIDE = 20_000;
export const IMAGE_MAX_PIXELS = 100_000_000;
export const IMAGE_TOO_LARGE = `Validation error: image: at most ${IMAGE_MAX_SIDE} × ${IMAGE_MAX_SIDE} pixels and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;

/**
 * An uploaded image, by its bytes: PNG, JPEG or GIF with its dimensions; 400 `File type not allowed` otherwise. The
 * dimensions its header claims are bounded (issue 22 item 12: a header may claim 2147483647 × 2147483647): 400
 * IMAGE_TOO_LARGE before anything is stored or charged.
 */
export function imageOf(bytes: Buffer): { mime: string; ext: string; width: number; height: number } {
  let info: ReturnType<typeof imageSize>;
  try {
    info = imageSize(bytes);
  } catch {
    throw new AppError(400, MEDIA_ERR.type);
  }
  const type = IMAGE_TYPES[info.type ?? ''];
  if (!type || !info.width || !info.height) throw new AppError(400, MEDIA_ERR.type);
  if (info.width > IMAGE_MAX_SIDE || info.height > IMAGE_MAX_SIDE || info.width * info.height > IMAGE_MAX_PIXELS) throw new AppError(400, IMAGE_TOO_LARGE);
  return { ...type, width: info.width, height: info.height };
}

/** POST /api/ai/generate/image-hotspots (image-hotspot): hotspots on an uploaded image, one AI credit. */
export async function generateImageHotspots(user: User, actor: H5pActor, file: UploadedFile, f: z.infer<typeof imageFields>): Promise<Generated> {
  assertAiConfigured();
  const bytes = await fsp.readFile(file.path);
  const img = imageOf(bytes);
  const name = await storeUpload(actor, `${file.filename.replace(/\.[^.]*$/, '') || 'image'}.${img.ext}`, bytes);
  return generateItem(user, actor, {
    contentType: 'H5P.ImageHotspots',
    brief: f.topic ? `Explain this in the image: ${f.topic}` : 'Explain the main features of the image.',
    images: [`data:${img.mime};base64,${bytes.toString('base64')}`],
    media: { image: { path: `images/${name}`, mime: img.mime, width: img.width, height: img.height } },
    attach: [{ folder: 'images', name }],
    language: f.language,
    difficulty: f.difficulty,
    bloomsLevel: f.bloomsLevel,
    questionCount: f.questionCount,
    save: f.save === 'true',
    curriculum: f.curriculum,
  });
}

// ---------------------------------------------------------------- video

const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', ogg: 'video/ogg' };

/** A video file's type by its first bytes (MP4 `ftyp`, WebM/Matroska EBML, Ogg); null when it is none of them. */
export function videoTypeOf(head: Buffer): { mime: string; ext: string } | null {
  // the one sniffer of uploads (lib/files/sniff.ts)
  switch (sniff(head)) {
    case 'mp4':
      return { mime: 'video/mp4', ext: 'mp4' };
    case 'webm':
      return { mime: 'video/webm', ext: 'webm' };
    case 'ogg':
      return { mime: 'video/ogg', ext: 'ogv' };
    default:
      return null;
  }
}

const YOUTUBE = /^https?:\/\/(www\.|m\.)?(youtube\.com\/(watch\?|embed\/|shorts\/)|youtu\.be\/)/i;

/** A linked video: a YouTube link, or a direct .mp4/.webm/.ogv file. */
export function linkedVideo(url: string): { mime: string; youtube: boolean } {
  if (YOUTUBE.test(url)) return { mime: 'video/YouTube', youtube: true };
  const ext = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
  const mime = VIDEO_TYPES[ext];
  if (!mime) throw new AppError(400, 'Validation error: videoUrl: must be a YouTube link or a link to an .mp4, .webm or .ogv file');
  return { mime, youtube: false };
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;
const seconds = (t: string): number | null => {
  const m = TIME.exec(t.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]!.padEnd(3, '0')) / 1000;
};

/** The cues of a WebVTT file (text without markup); 400 when it is not WebVTT or has no cue. */
export function parseVtt(text: string): Cue[] {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(body)) throw new AppError(400, NOT_WEBVTT);
  const cues: Cue[] = [];
  for (const block of body.split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [from, rest] = lines[at]!.split('-->');
    const start = seconds(from ?? '');
    const end = seconds((rest ?? '').trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null) continue;
    const said = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/\s+/g, ' ')
      .trim();
    if (said) cues.push({ start, end: Math.max(start, end), text: said });
  }
  if (!cues.length) throw new AppError(400, 'Validation error: captions: the WebVTT file has no cues');
  return cues;
}

const clock = (s: number) => {
  const t = Math.max(0, Math.floor(s));
  const h = Math.floor(t / 3600);
  const mm = String(Math.floor((t % 3600) / 60)).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(t % 60).padStart(2, '0')}`;
};

/** The transcript the provider reads: one line per cue, `[m:ss] text`, bounded. */
export function transcriptOf(cues: Cue[]): string {
  let out = '';
  for (const c of cues) {
    const l = `[${clock(c.start)}] ${c.text}\n`;
    if (out.length + l.length > MAX_SOURCE_CHARS) break;
    out += l;
  }
  return out.trim();
}

/** Cues as a WebVTT file (a transcript becomes the video's captions). */
export function vttOf(cues: Cue[]): string {
  const ts = (s: number) => {
    const ms = Math.round(s * 1000);
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    const sec = Math.floor((ms % 60_000) / 1000);
    return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
  };
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${ts(c.start)} --> ${ts(Math.max(c.end, c.start + 0.5))}\n${escapeVttText(c.text)}`).join('\n\n')}\n`;
}

/** What a video job item stores (the uploads are the caller's, by name). */
export const videoItem = z.object({
  kind: z.literal('video'),
  /** the uploaded video (an upload name), or the linked one */
  videoName: z.string().optional(),
  videoUrl: z.string().optional(),
  mime: z.string(),
  /** the uploaded captions (an upload name) and their cues */
  captionsName: z.string().optional(),
  cues: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
  title: z.string().optional(),
  language: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  bloomsLevel: z.enum(BLOOM_LEVELS).optional(),
  questionCount: z.number().int(),
  curriculum: metadataBody.optional(),
});
export type VideoItem = z.infer<typeof videoItem>;

/**
 * Checks a video request and keeps its files as the caller's uploads: a video (uploaded or linked) and its captions
 * — or, without captions, a video the provider can transcribe (an uploaded or directly linked file of at most 25 MB).
 */
export async function prepareVideo(actor: H5pActor, files: { video?: UploadedFile; captions?: UploadedFile }, f: z.infer<typeof videoFields>): Promise<VideoItem> {
  const { video, captions } = files;
  if (video && f.videoUrl) throw new AppError(400, 'Validation error: video: upload a video or give videoUrl, not both');
  if (!video && !f.videoUrl) throw new AppError(400, VIDEO_REQUIRED);
  if (captions && f.captionsUrl) throw new AppError(400, 'Validation error: captions: upload the captions or give captionsUrl, not both');
  const base = {
    kind: 'video' as const,
    language: f.language,
    difficulty: f.difficulty,
    bloomsLevel: f.bloomsLevel,
    questionCount: f.questionCount,
    ...(f.title ? { title: f.title } : {}),
    ...(f.curriculum ? { curriculum: f.curriculum } : {}),
  };
  let cues: Cue[] | undefined;
  let vtt: string | undefined;
  if (captions) vtt = await fsp.readFile(captions.path, 'utf8');
  else if (f.captionsUrl) vtt = await captionsAt(f.captionsUrl);
  if (vtt !== undefined) cues = parseVtt(vtt);
  let item: VideoItem;
  if (video) {
    const type = videoTypeOf(video.head);
    if (!type) throw new AppError(400, MEDIA_ERR.type);
    if (!cues && video.size > TRANSCRIBE_MAX_BYTES) throw new AppError(400, 'Validation error: captions: a video over 25 MB needs its WebVTT captions (the transcription limit)');
    const videoName = await storeUpload(actor, `${video.filename.replace(/\.[^.]*$/, '') || 'video'}.${type.ext}`, { path: video.path });
    item = { ...base, videoName, mime: type.mime };
  } else {
    const linked = linkedVideo(f.videoUrl!);
    if (!cues && linked.youtube) throw new AppError(400, YOUTUBE_NEEDS_CAPTIONS);
    item = { ...base, videoUrl: f.videoUrl!, mime: linked.mime };
  }
  if (vtt !== undefined && cues) item = { ...item, captionsName: await storeUpload(actor, 'captions.vtt', Buffer.from(vtt, 'utf8')), cues };
  return item;
}

/** Linked captions: fetched through the SSRF guard (http/https, no private address unless allowed), at most 1 MB. */
async function captionsAt(url: string): Promise<string> {
  try {
    const res = await outboundFetch(url, { headers: { Accept: 'text/vtt,text/plain;q=0.9,*/*;q=0.1' }, timeoutMs: 15_000, maxBytes: CAPTIONS_MAX_BYTES });
    if (res.status !== 200) throw new AppError(422, `Could not fetch the captions: status ${res.status}`);
    return res.text;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof OutboundUrlError) throw new AppError(400, `Validation error: captionsUrl: ${err.message}`);
    throw new AppError(422, `Could not fetch the captions: ${(err as Error).message}`);
  }
}

/** The video's bytes for transcription: the caller's upload, or the linked file (through the SSRF guard, ≤ 25 MB). */
async function videoBytes(user: User, item: VideoItem): Promise<Buffer> {
  if (item.videoName) {
    const data = await fileStore().readBuffer(tempKey(user.id, `uploads/${item.videoName}`));
    if (!data) throw new AppError(400, 'The uploaded video is no longer available: upload it again');
    return data;
  }
  try {
    const res = await outboundFetch(item.videoUrl!, { timeoutMs: 120_000, maxBytes: TRANSCRIBE_MAX_BYTES, binary: true });
    if (res.status !== 200 || !res.bytes) throw new AppError(422, `Could not fetch the video: status ${res.status}`);
    return res.bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof OutboundUrlError) throw new AppError(400, `Validation error: videoUrl: ${err.message}`);
    throw new AppError(422, `Could not fetch the video: ${(err as Error).message}`);
  }
}

/** Runs a video job item: the cues (captions, or a transcript), then the Interactive Video (one AI credit). */
export async function generateInteractiveVideo(user: User, actor: H5pActor, item: VideoItem, creditItem?: CreditItem): Promise<Generated> {
  assertAiConfigured();
  let cues = item.cues;
  let captionsName = item.captionsName;
  if (!cues) {
    const bytes = await videoBytes(user, item);
    const ext = item.mime === 'video/webm' ? 'webm' : item.mime === 'video/ogg' ? 'ogg' : 'mp4';
    cues = await transcribe(new Blob([new Uint8Array(bytes)], { type: item.mime }), `video.${ext}`, item.language);
    if (!cues.length) throw new AppError(422, 'The video has no speech to build questions from');
    // the transcript becomes the video's captions
    captionsName = await storeUpload(actor, 'captions.vtt', Buffer.from(vttOf(cues), 'utf8'));
  }
  const length = Math.max(...cues.map((c) => c.end));
  return generateItem(user, actor, {
    contentType: 'H5P.InteractiveVideo',
    brief: `Build it from the transcript of the video${item.title ? ` "${item.title}"` : ''} below: each line starts with its time [m:ss]. The video is ${clock(length)} long: no question after ${clock(Math.max(0, length - 1))}.`,
    source: transcriptOf(cues),
    media: {
      video: {
        path: item.videoName ? `videos/${item.videoName}` : item.videoUrl!,
        mime: item.mime,
        ...(captionsName ? { captions: { path: `videos/${captionsName}`, label: 'Captions' } } : {}),
      },
    },
    attach: [...(item.videoName ? [{ folder: 'videos', name: item.videoName }] : []), ...(captionsName ? [{ folder: 'videos', name: captionsName }] : [])],
    language: item.language,
    difficulty: item.difficulty,
    bloomsLevel: item.bloomsLevel,
    questionCount: item.questionCount,
    save: true,
    curriculum: item.curriculum,
    creditItem,
  });
}

// ---------------------------------------------------------------- the multipart bodies, for the API document

/** A multipart/form-data request body (JSON Schema) for the API document. */
export const multipartBody = (properties: Record<string, Record<string, unknown>>, required: string[] = []) => ({
  required: true,
  content: { 'multipart/form-data': { schema: { type: 'object', ...(required.length ? { required } : {}), properties } } },
});
const CURRICULUM_PART = { type: 'string', description: 'the curriculum objective, as JSON (like POST /api/ai/generate)' };

/** POST /api/ai/generate/image-hotspots */
export const imageRequestBody = multipartBody(
  {
    image: { type: 'string', format: 'binary', description: 'PNG, JPEG or GIF, at most 10 MB' },
    topic: { type: 'string', description: 'what the hotspots should explain' },
    curriculum: CURRICULUM_PART,
    questionCount: { type: 'integer', description: 'hotspots, 1–12 (default 5)' },
    language: { type: 'string' },
    difficulty: { type: 'string' },
    bloomsLevel: { type: 'string' },
    save: { type: 'string', enum: ['true', 'false'] },
  },
  ['image'],
);

/** POST /api/ai/jobs/video */
export const videoRequestBody = multipartBody({
  video: { type: 'string', format: 'binary', description: 'MP4, WebM or Ogg, at most 200 MB (25 MB without captions)' },
  videoUrl: { type: 'string', description: 'instead of video: a YouTube link (captions required) or a video file URL' },
  captions: { type: 'string', format: 'binary', description: 'WebVTT, at most 1 MB' },
  captionsUrl: { type: 'string', description: 'instead of captions: their address (fetched through the SSRF guard)' },
  curriculum: CURRICULUM_PART,
  title: { type: 'string' },
  questionCount: { type: 'integer', description: '1–20 (default 5)' },
  language: { type: 'string' },
  difficulty: { type: 'string' },
  bloomsLevel: { type: 'string' },
});

/** POST /api/ai/jobs/pdf */
export const pdfRequestBody = multipartBody(
  {
    file: { type: 'string', format: 'binary', description: 'a PDF, at most 20 MB and 500 pages' },
    contentType: { type: 'string' },
    pages: { type: 'string', description: 'page ranges like 1-3,5 (default: all)' },
    curriculum: CURRICULUM_PART,
    language: { type: 'string' },
    difficulty: { type: 'string' },
    bloomsLevel: { type: 'string' },
    questionCount: { type: 'integer' },
  },
  ['file', 'contentType'],
);
