// The built-in, rule-based quality critic: reads the content itself. Bloom's level from the content type and
// the wording of its questions; strengths and improvements from checkable properties; an accessibility score
// from alternative texts, captions, feedback and labelled controls.
// the type table is the one every screen reads an item's level from when it has no report (lib/content/blooms.ts)
import { BLOOM_LEVELS as BLOOMS_LEVELS, TYPE_BLOOMS, type BloomLevel as BloomsLevel } from '@/lib/content/blooms';
import type { QualityReport } from './schema';

const VERBS: [BloomsLevel, RegExp][] = [
  ['create', /\b(design|create|compose|invent|propose|construct|formulate|devise|plan)\b/i],
  ['evaluate', /\b(evaluate|justify|judge|assess|critique|defend|argue|recommend|prioriti[sz]e)\b/i],
  ['analyze', /\b(analy[sz]e|compare|contrast|differentiate|distinguish|examine|categori[sz]e|why)\b/i],
  ['apply', /\b(apply|calculate|solve|use|demonstrate|compute|predict|show how)\b/i],
  ['understand', /\b(explain|describe|summari[sz]e|interpret|paraphrase|classify|discuss|illustrate)\b/i],
];

const rank = (l: BloomsLevel) => BLOOMS_LEVELS.indexOf(l);

const stripHtml = (s: string) =>
  s.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&[a-z]+;/g, ' ').replace(/\s+/g, ' ').trim();

interface Walked {
  texts: string[];
  images: { alt: boolean }[];
  videos: { captions: boolean }[];
  audios: number;
  feedbackFields: number;
  feedbackFilled: number;
  questionTexts: string[];
  items: number;
}

const FEEDBACK_KEY = /feedback|tip/i;
const QUESTION_KEY = /^(question|text|taskDescription|textField|questions)$/;

function walk(node: unknown, out: Walked, key = ''): void {
  if (typeof node === 'string') {
    const t = stripHtml(node);
    if (!t) {
      if (FEEDBACK_KEY.test(key)) out.feedbackFields++;
      return;
    }
    out.texts.push(t);
    if (QUESTION_KEY.test(key)) out.questionTexts.push(t);
    if (FEEDBACK_KEY.test(key)) {
      out.feedbackFields++;
      out.feedbackFilled++;
    }
    return;
  }
  if (Array.isArray(node)) {
    if (key === 'answers' || key === 'questions' || key === 'cards' || key === 'dialogs' || key === 'slides' || key === 'elements') out.items += node.length;
    for (const n of node) walk(n, out, key);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  // an image field: { path, mime?: image/* } or { path, alt }; an image group { path, alt }
  if (typeof o.path === 'string' && (typeof o.mime === 'string' ? o.mime.startsWith('image/') : /\.(png|jpe?g|gif|svg|bmp|webp)$/i.test(o.path) || 'alt' in o)) {
    out.images.push({ alt: typeof o.alt === 'string' && o.alt.trim().length > 0 });
  }
  if (Array.isArray(o.files) && o.files.some((f) => typeof (f as { mime?: string })?.mime === 'string' && (f as { mime: string }).mime.startsWith('video/'))) {
    const tracks = Array.isArray((o as { textTracks?: { videoTrack?: unknown[] } }).textTracks?.videoTrack) && ((o as { textTracks: { videoTrack: unknown[] } }).textTracks.videoTrack.length > 0);
    out.videos.push({ captions: tracks });
  }
  if (Array.isArray(o.files) && o.files.some((f) => typeof (f as { mime?: string })?.mime === 'string' && (f as { mime: string }).mime.startsWith('audio/'))) out.audios++;
  for (const [k, v] of Object.entries(o)) {
    if (k === 'alt' || k === 'title') continue;
    walk(v, out, k);
  }
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export function ruleBasedReport(mainLibrary: string, title: string, params: unknown): QualityReport {
  const w: Walked = { texts: [], images: [], videos: [], audios: 0, feedbackFields: 0, feedbackFilled: 0, questionTexts: [], items: 0 };
  walk(params, w);
  const machineName = mainLibrary.split(' ')[0] ?? mainLibrary;
  let blooms: BloomsLevel = TYPE_BLOOMS[machineName] ?? 'remember';
  const wording = [title, ...w.questionTexts].join(' ');
  for (const [level, re] of VERBS) {
    if (re.test(wording) && rank(level) > rank(blooms)) {
      blooms = level;
      break;
    }
  }
  const strengths: string[] = [];
  const improvements: string[] = [];

  // clarity: there is a question, it is neither a fragment nor a wall of text
  const qWords = w.questionTexts.join(' ').split(/\s+/).filter(Boolean).length;
  let clarity = 50;
  if (!w.questionTexts.length) improvements.push('Add a clear question or task description.');
  else if (qWords < 3) {
    clarity = 55;
    improvements.push('The question is very short; say exactly what the learner should do.');
  } else if (qWords > 120) {
    clarity = 60;
    improvements.push('The task text is long; split it or shorten it.');
  } else {
    clarity = 85;
    strengths.push('The task is stated clearly and concisely.');
  }

  // feedback
  let feedback = 40;
  if (w.feedbackFields === 0 && w.feedbackFilled === 0) improvements.push('Add feedback that explains why an answer is right or wrong.');
  else {
    const ratio = w.feedbackFields ? w.feedbackFilled / w.feedbackFields : 1;
    feedback = clamp(40 + 60 * ratio);
    if (ratio >= 0.5) strengths.push('Answers come with feedback for the learner.');
    else improvements.push('Fill in the feedback for more of the answers.');
  }

  // engagement: several items, media
  let engagement = 50 + Math.min(30, w.items * 5) + (w.images.length || w.videos.length || w.audios ? 15 : 0);
  engagement = clamp(engagement);
  if (w.items >= 3) strengths.push('Offers several items to work through.');
  if (!w.images.length && !w.videos.length && !w.audios) improvements.push('Consider an image or other media to support the text.');

  // cognitive level
  const cognitive = clamp(40 + rank(blooms) * 12);
  if (rank(blooms) >= rank('apply')) strengths.push(`Asks learners to ${blooms}, beyond recall.`);
  else improvements.push('Add questions that ask learners to apply or analyse, not only recall.');

  // accessibility
  let access = 70;
  if (w.images.length) {
    const withAlt = w.images.filter((i) => i.alt).length;
    access += withAlt === w.images.length ? 15 : -30 * (1 - withAlt / w.images.length);
    if (withAlt === w.images.length) strengths.push('Every image has an alternative text.');
    else improvements.push('Give every image an alternative text.');
  }
  if (w.videos.length) {
    const cap = w.videos.filter((v) => v.captions).length;
    access += cap === w.videos.length ? 10 : -25;
    if (cap < w.videos.length) improvements.push('Add captions to the videos.');
  }
  if (w.audios) {
    access -= 10;
    improvements.push('Provide a transcript for the audio.');
  }
  if (w.feedbackFilled > 0) access += 5;
  if (/\*[^*]+\*/.test(JSON.stringify(params ?? '')) && machineName === 'H5P.DragText') access -= 5;
  const accessibilityScore = clamp(access);
  if (accessibilityScore >= 80 && !strengths.some((s) => s.includes('alternative'))) strengths.push('No accessibility problems were found in the checkable settings.');

  const dimensions = { clarity, feedback, engagement, cognitiveLevel: cognitive, accessibility: accessibilityScore };
  const overallScore = clamp(clarity * 0.25 + feedback * 0.2 + engagement * 0.15 + cognitive * 0.2 + accessibilityScore * 0.2);
  return { overallScore, bloomsLevel: blooms, strengths, improvements, accessibilityScore, dimensions, critic: 'rules' };
}
