// The content every side of `npm run bench:compare` serves, built as .h5p packages from the project's test
// libraries and imported into our app and into Lumi's (with and without its cache):
//  - "multiChoice": one H5P.MultiChoice question (one library);
//  - "slides": H5P.BenchSlides (scripts/bench-compare/fixtures), a synthetic slide container, with SLIDES slides of
//    two questions each drawn from the five question test libraries (six libraries);
//  - "coursePresentation" and "interactiveVideo" (issue 26): real-format content of the size and shape of real Hub
//    content, which cannot be committed. The test libraries H5P.CoursePresentation 1.27 and H5P.InteractiveVideo 1.28
//    (tests/fixtures/h5p-libraries-ai, semantics shaped like the H5P Group's), their sub-content from
//    H5P.AdvancedText / H5P.Text, H5P.SingleChoiceSet, H5P.Summary and the question libraries
//    (tests/fixtures/h5p-libraries), parameters filled to real size (CP's content.json ≈ 93 KB: 25 slides of 3–4
//    elements, keywords, solutions, the l10n and override blocks; IV's ≈ 50 KB: 36 interactions with adaptivity and
//    visuals, bookmarks, end screens, the summary task, two text tracks), and a dependency tree of real size:
//    generated support libraries (H5PBench.Support1…20, a js and a css each, each one depending on the one of half
//    its number, as FontAwesome, H5P.JoubelUI, H5P.Transition, H5P.Question… do in real packages) listed in
//    h5p.json next to the content's own libraries — 25 libraries for CP, 29 for IV. Content files like real
//    content's: ten PNGs of 20–60 KB in CP (a global and nine slide backgrounds, also shown by eight of the
//    Multiple Choice questions), a WebM clip (fixtures/clip.webm, 82 KB), its poster and two WebVTT tracks in IV.
// Everything is deterministic (seeded text, fixed sub-content ids, images computed from fixed numbers), so runs
// compare the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { pngFile } from '../../tests/support/images';
import { AI_LIBRARIES_DIR, filesOf, h5pJson, LIBRARIES_DIR, libraryEntries, libraryJson, libraryDirOf, SAMPLE_PARAMS, zip, type ZipEntry } from '../../tests/support/h5p-packages';

export const SLIDES = 20;
const SLIDES_DIR = path.join(__dirname, 'fixtures', 'H5P.BenchSlides-1.0');
const QUESTIONS = ['H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks', 'H5P.DragText', 'H5P.MarkTheWords'];

const versionOf = (machineName: string) => {
  const l = libraryJson(libraryDirOf(machineName));
  return `${machineName} ${l.majorVersion}.${l.minorVersion}`;
};
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function slidesEntries(): ZipEntry[] {
  return fs.readdirSync(SLIDES_DIR).map((f) => ({ name: `H5P.BenchSlides-1.0/${f}`, data: fs.readFileSync(path.join(SLIDES_DIR, f)) }));
}

export function slidesParams() {
  let n = 0;
  return {
    slides: Array.from({ length: SLIDES }, (_, i) => ({
      title: `Slide ${i + 1}`,
      elements: [0, 1].map(() => {
        const lib = QUESTIONS[n % QUESTIONS.length]!;
        n++;
        return { library: versionOf(lib), params: SAMPLE_PARAMS[lib], subContentId: uuid(n), metadata: { contentType: lib, license: 'U', title: `Question ${n}` } };
      }),
    })),
  };
}

// ---------------------------------------------------------------- real-format content (issue 26)

/** Course Presentation's slides (the summary slide comes after them). */
export const CP_SLIDES = 25;
/** Interactive Video's interactions. */
export const IV_INTERACTIONS = 36;
/** which support libraries each real-format package names (each set is closed under the libraries' dependencies) */
const CP_SUPPORT = 16;
const IV_SUPPORT = 20;
const CP_IMAGES = 10;

interface Lib {
  machineName: string;
  majorVersion: number;
  minorVersion: number;
  /** folder name inside the package, e.g. H5P.Text-1.1 */
  dir: string;
  entries: () => ZipEntry[];
}

function fixtureLibrary(root: string, machineName: string): Lib {
  const dir = fs.readdirSync(root).find((d) => {
    const f = path.join(root, d, 'library.json');
    return fs.existsSync(f) && (JSON.parse(fs.readFileSync(f, 'utf8')) as { machineName: string }).machineName === machineName;
  });
  if (!dir) throw new Error(`no test library ${machineName} in ${root}`);
  const l = JSON.parse(fs.readFileSync(path.join(root, dir, 'library.json'), 'utf8')) as { majorVersion: number; minorVersion: number };
  return { machineName, majorVersion: l.majorVersion, minorVersion: l.minorVersion, dir, entries: () => filesOf(path.join(root, dir), `${dir}/`) };
}
const aiLib = (m: string) => fixtureLibrary(AI_LIBRARIES_DIR, m);
const questionLib = (m: string) => fixtureLibrary(LIBRARIES_DIR, m);
const libString = (l: Lib) => `${l.machineName} ${l.majorVersion}.${l.minorVersion}`;

/** mulberry32: a small seeded generator, so the "random" text and pixels are the same in every run */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof rng>;

// plain words only (no & < > " '), so what the engines escape in plain-text fields does not change the size
const WORDS = (
  'planet orbit star moon gravity light energy water cloud river mountain valley ocean island forest desert climate season ' +
  'weather rain snow wind storm temperature pressure volcano earthquake plate crust mantle core rock mineral crystal soil ' +
  'plant leaf root seed flower tree animal insect bird fish mammal reptile habitat species population food chain ' +
  'predator prey cell tissue organ heart lung blood muscle bone brain nerve vision sound wave frequency signal circuit ' +
  'current voltage magnet force motion speed distance time mass weight volume density liquid solid gas heat cooling ' +
  'reaction element atom molecule acid salt carbon oxygen hydrogen nitrogen iron copper silver gold metal glass paper ' +
  'history empire kingdom city village trade road bridge harbour market coin law council citizen treaty border map ' +
  'number fraction decimal angle triangle circle square area length measure graph table pattern sequence equation ' +
  'language sentence paragraph story poem chapter author reader question answer example reason result summary'
).split(' ');
const VERBS = 'shows explains changes moves holds carries forms creates reaches covers follows measures protects connects supports'.split(' ');

function sentence(r: Rng, min = 7, max = 16): string {
  const n = r.int(min, max);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(i === 2 ? r.pick(VERBS) : r.pick(WORDS));
  const s = words.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}
const sentences = (r: Rng, n: number) => Array.from({ length: n }, () => sentence(r)).join(' ');
const title = (r: Rng, n = 3) => {
  const s = Array.from({ length: n }, () => r.pick(WORDS)).join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}`;
};
/** a question sentence with one starred word (Blanks, Drag Text, Mark the Words) */
function starred(r: Rng, stars = 1): string {
  const words = sentence(r, 9, 15).slice(0, -1).split(' ');
  const at = new Set<number>();
  while (at.size < stars) at.add(r.int(1, words.length - 1));
  return `${words.map((w, i) => (at.has(i) ? `*${w}*` : w)).join(' ')}.`;
}

function metadata(contentType: string, t: string) {
  return { contentType, license: 'U', title: t, authors: [], changes: [], extraTitle: t };
}

interface Ids {
  next(): string;
}
function ids(base: number): Ids {
  let n = 0;
  return { next: () => uuid(base + ++n) };
}

const overall = (r: Rng) => [
  { from: 0, to: 49, feedback: sentence(r, 5, 9) },
  { from: 50, to: 89, feedback: sentence(r, 5, 9) },
  { from: 90, to: 100, feedback: sentence(r, 4, 7) },
];

type Question = 'H5P.MultiChoice' | 'H5P.TrueFalse' | 'H5P.Blanks' | 'H5P.DragText' | 'H5P.MarkTheWords' | 'H5P.SingleChoiceSet' | 'H5P.Summary';
const QUESTION_KINDS: Question[] = ['H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks', 'H5P.DragText', 'H5P.MultiChoice', 'H5P.MarkTheWords', 'H5P.SingleChoiceSet', 'H5P.Summary'];

/** Parameters of one question, per its library's semantics (so neither engine drops any of it). */
function questionParams(kind: Question, r: Rng, image?: { path: string; alt: string }): Record<string, unknown> {
  switch (kind) {
    case 'H5P.MultiChoice':
      return {
        question: `<p>${sentence(r, 8, 14).slice(0, -1)}?</p>`,
        ...(image ? { image } : {}),
        answers: Array.from({ length: 4 }, (_, i) => ({
          text: sentence(r, 3, 7),
          correct: i === 0,
          tipsAndFeedback: { tip: sentence(r, 5, 9), chosenFeedback: sentence(r, 4, 8), notChosenFeedback: sentence(r, 4, 8) },
        })),
        overallFeedback: overall(r),
        checkLabel: 'Check',
      };
    case 'H5P.TrueFalse':
      return {
        question: `<p>${sentence(r, 9, 15)}</p>`,
        correct: r.next() < 0.5 ? 'true' : 'false',
        feedbackOnCorrect: sentence(r, 5, 9),
        feedbackOnWrong: sentence(r, 5, 9),
        l10n: { trueText: 'True', falseText: 'False', checkAnswer: 'Check' },
      };
    case 'H5P.Blanks':
      return { text: `<p>${sentence(r, 6, 10)}</p>`, questions: Array.from({ length: 4 }, () => `<p>${starred(r, 1)}</p>`), checkLabel: 'Check' };
    case 'H5P.DragText':
      return { taskDescription: `<p>${sentence(r, 6, 10)}</p>`, textField: Array.from({ length: 3 }, () => starred(r, 2)).join(' '), checkLabel: 'Check' };
    case 'H5P.MarkTheWords':
      return { taskDescription: `<p>${sentence(r, 6, 10)}</p>`, textField: Array.from({ length: 3 }, () => starred(r, 2)).join(' '), checkLabel: 'Check' };
    case 'H5P.SingleChoiceSet':
      return {
        choices: Array.from({ length: 3 }, () => ({ question: `<p>${sentence(r, 6, 11).slice(0, -1)}?</p>`, answers: Array.from({ length: 3 }, () => `<p>${title(r, 3)}</p>`) })),
        overallFeedback: { overallFeedback: overall(r) },
        behaviour: { autoContinue: true, timeoutCorrect: 2000, timeoutWrong: 3000, soundEffectsEnabled: false, enableRetry: true, enableSolutionsButton: true, passPercentage: 100 },
        l10n: {
          nextButtonLabel: 'Next question',
          showResultsButtonLabel: 'Show results',
          retryButtonLabel: 'Retry',
          solutionViewTitle: 'Solution list',
          correctText: 'Correct',
          incorrectText: 'Incorrect',
          slideOfTotal: 'Slide :num of :total',
          scoreBarLabel: 'You got :num out of :total points',
          solutionListQuestionNumber: 'Question :num',
          resultHeader: 'Results',
          totalScore: 'Total score',
          correctAnswerIntroduction: 'The correct answer is',
        },
      };
    case 'H5P.Summary':
      return {
        intro: `<strong>${sentence(r, 4, 7)}</strong>`,
        summaries: Array.from({ length: 3 }, () => ({ summary: Array.from({ length: 3 }, () => sentence(r, 6, 11)), tip: { tip: `<p>${sentence(r, 5, 9)}</p>` } })),
        overallFeedback: { overallFeedback: overall(r) },
        solvedLabel: 'Progress:',
        scoreLabel: 'Wrong answers:',
        resultLabel: 'Your result',
        labelCorrect: 'Correct.',
        labelIncorrect: 'Incorrect! Please try again.',
        alternativeIncorrectLabel: 'Incorrect',
        labelCorrectAnswers: 'Correct answers.',
        tipButtonLabel: 'Show tip',
        scoreBarLabel: 'You got :num out of :total points',
        progressText: 'Progress :num of :total',
      };
  }
}

// ---- content files

/**
 * A PNG (8-bit RGB) of w × h: a gradient with seeded noise (of `amp` levels on a share `noise` of the samples),
 * rows filtered with Sub as encoders do; the noise sets the compressed size.
 */
function png(w: number, h: number, seed: number, amp: number, noise: number): Buffer {
  const r = rng(seed);
  const hue = [r.int(40, 140), r.int(40, 140), r.int(40, 140)];
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 3; c++) px[(y * w + x) * 3 + c] = Math.min(255, hue[c]! + ((x * (c + 1) + y * (3 - c)) >> 3) + (r.next() < noise ? Math.floor(r.next() * amp) : 0));
    }
  }
  const stride = w * 3;
  const raw = Buffer.alloc(h * (1 + stride));
  for (let y = 0; y < h; y++) {
    const row = y * (1 + stride);
    raw[row] = 1; // Sub
    for (let i = 0; i < stride; i++) raw[row + 1 + i] = (px[y * stride + i]! - (i >= 3 ? px[y * stride + i - 3]! : 0)) & 0xff;
  }
  return pngFile(w, h, raw, 9);
}

/** Ten images of 20–60 KB (sizes spread over that range, as a real presentation's photos and diagrams are). */
function cpImages(): { path: string; data: Buffer; width: number; height: number }[] {
  // [width, height, noise levels, noisy share]: about 30, 32, 42, 53, 29, 47, 49, 40, 24, 36 KB
  const shapes: [number, number, number, number][] = [
    [320, 200, 4, 0.1], [320, 200, 2, 0.25], [320, 200, 2, 0.5], [320, 200, 4, 0.25], [400, 250, 2, 0.1],
    [400, 250, 4, 0.1], [400, 250, 2, 0.25], [320, 200, 8, 0.1], [360, 240, 2, 0.1], [300, 200, 3, 0.3],
  ];
  return shapes.slice(0, CP_IMAGES).map(([w, h, amp, noise], i) => {
    const data = png(w, h, 7000 + i, amp, noise);
    if (data.length < 20_000 || data.length > 60_000) throw new Error(`bench image ${i + 1} is ${data.length} bytes: not 20–60 KB`);
    return { path: `images/slide-${String(i + 1).padStart(2, '0')}.png`, data, width: w, height: h };
  });
}

function vtt(r: Rng, cues: number, lang: string): Buffer {
  const ts = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
  const lines = ['WEBVTT', `Language: ${lang}`, ''];
  for (let i = 0; i < cues; i++) lines.push(String(i + 1), `${ts(i * 4)} --> ${ts(i * 4 + 3)}`, sentence(r, 6, 12), '');
  return Buffer.from(lines.join('\n'));
}

const CLIP = path.join(__dirname, 'fixtures', 'clip.webm');

// ---- the generated support libraries

function supportLibrary(k: number): Lib {
  const machineName = `H5PBench.Support${k}`;
  const dir = `${machineName}-1.0`;
  const dep = k > 1 ? Math.floor(k / 2) : 0;
  return {
    machineName,
    majorVersion: 1,
    minorVersion: 0,
    dir,
    entries: () => {
      const r = rng(5000 + k);
      const strings = Array.from({ length: r.int(12, 70) }, () => sentence(r, 8, 18));
      const table = Array.from({ length: r.int(60, 300) }, () => r.int(0, 65535));
      const js = `var H5PBench = H5PBench || {};
/* ${machineName}: a support library generated for Lumen Learn's benchmark (npm run bench:compare), standing in for
 * the shared libraries real content loads (FontAwesome, H5P.JoubelUI, H5P.Transition, H5P.Question…). */
H5PBench.loaded = H5PBench.loaded || [];
H5PBench.Support${k} = (function () {
  var strings = ${JSON.stringify(strings, null, 2)};
  var table = [${table.join(', ')}];
  function checksum() {
    var s = 0;
    for (var i = 0; i < table.length; i++) s = (s * 31 + table[i]) % 1000003;
    return s;
  }
  function label(i) { return strings[i % strings.length]; }
  H5PBench.loaded.push('${machineName}');
  return { name: '${machineName}', depends: ${dep ? `'H5PBench.Support${dep}'` : 'null'}, checksum: checksum, label: label };
})();
`;
      const rules = Array.from({ length: r.int(20, 90) }, (_, i) => `.h5pbench-s${k}-${i} { margin: ${r.int(0, 24)}px ${r.int(0, 24)}px; padding: ${r.int(0, 16)}px; color: #${r.int(0, 0xffffff).toString(16).padStart(6, '0')}; border-radius: ${r.int(0, 12)}px; }`);
      const css = `/* ${machineName} (generated for npm run bench:compare) */\n${rules.join('\n')}\n`;
      const lib = {
        title: `Bench support ${k}`,
        description: `A support library generated for Lumen Learn's side-by-side benchmark (npm run bench:compare). Not an H5P Group library.`,
        machineName,
        majorVersion: 1,
        minorVersion: 0,
        patchVersion: 0,
        runnable: 0,
        author: 'Lumen Learn benchmarks',
        license: 'MIT',
        coreApi: { majorVersion: 1, minorVersion: 24 },
        preloadedJs: [{ path: `support${k}.js` }],
        preloadedCss: [{ path: `support${k}.css` }],
        ...(dep ? { preloadedDependencies: [{ machineName: `H5PBench.Support${dep}`, majorVersion: 1, minorVersion: 0 }] } : {}),
      };
      return [
        { name: `${dir}/library.json`, data: Buffer.from(JSON.stringify(lib, null, 2)) },
        { name: `${dir}/support${k}.js`, data: Buffer.from(js) },
        { name: `${dir}/support${k}.css`, data: Buffer.from(css) },
      ];
    },
  };
}

function realPackage(title: string, main: Lib, libs: Lib[], params: unknown, files: { path: string; data: Buffer }[]): Buffer {
  const all = [main, ...libs];
  const meta = {
    title,
    language: 'en',
    mainLibrary: main.machineName,
    embedTypes: ['iframe'],
    license: 'U',
    defaultLanguage: 'en',
    authors: [{ name: 'Lumen Learn benchmarks', role: 'Author' }],
    preloadedDependencies: all.map((l) => ({ machineName: l.machineName, majorVersion: l.majorVersion, minorVersion: l.minorVersion })),
  };
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(meta)) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify(params)) },
    ...files.map((f) => ({ name: `content/${f.path}`, data: f.data, compress: false })),
    ...all.flatMap((l) => l.entries()),
  ]);
}

// ---- Course Presentation

export function coursePresentationParams(images = cpImages()) {
  const r = rng(2601);
  const id = ids(0x26_0000);
  const text = aiLib('H5P.AdvancedText');
  const versions: Record<Question, string> = Object.fromEntries(
    (['H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks', 'H5P.DragText', 'H5P.MarkTheWords'] as const).map((m) => [m, libString(questionLib(m))]).concat(
      (['H5P.SingleChoiceSet', 'H5P.Summary'] as const).map((m) => [m, libString(aiLib(m))]),
    ),
  ) as Record<Question, string>;
  const image = (i: number) => ({ path: images[i]!.path, mime: 'image/png', copyright: { license: 'U' }, width: images[i]!.width, height: images[i]!.height });
  let q = 0;
  let mcImage = 1;
  const element = (box: [number, number, number, number], extra: Record<string, unknown>) => ({
    x: box[0],
    y: box[1],
    width: box[2],
    height: box[3],
    alwaysDisplayComments: false,
    backgroundOpacity: 0,
    displayAsButton: false,
    buttonSize: 'big',
    goToSlideType: 'specified',
    invisible: false,
    ...extra,
  });
  const textAction = (t: string, paragraphs: number) => ({
    library: libString(text),
    params: { text: `<h2>${t}</h2>${Array.from({ length: paragraphs }, () => `<p>${sentences(r, r.int(1, 3))}</p>`).join('')}<ul>${Array.from({ length: 1 }, () => `<li>${sentence(r, 4, 8)}</li>`).join('')}</ul>` },
    subContentId: id.next(),
    metadata: metadata('Text', t),
  });
  const questionAction = () => {
    const kind = QUESTION_KINDS[q++ % QUESTION_KINDS.length]!;
    const t = title(r, 3);
    // eight of the Multiple Choice questions show one of the slide images (an <img>: loaded on the first view)
    const img = kind === 'H5P.MultiChoice' && mcImage < CP_IMAGES - 1 ? { path: images[mcImage++]!.path, alt: title(r, 4) } : undefined;
    return { library: versions[kind], params: questionParams(kind, r, img), subContentId: id.next(), metadata: metadata(kind.slice(4), t) };
  };
  const slides = Array.from({ length: CP_SLIDES }, (_, i) => {
    const heading = title(r, 3);
    const elements: Record<string, unknown>[] = [element([4, 4, 92, 26], { action: textAction(heading, 2) })];
    elements.push(element([4, 32, 56, 62], { action: questionAction(), solution: `<p>${sentences(r, 2)}</p>`, alwaysDisplayComments: i % 5 === 0 }));
    if (i % 2 === 0) {
      elements.push(element([62, 32, 34, 30], { action: questionAction(), displayAsButton: true, buttonLabel: title(r, 2), buttonSize: i % 4 === 0 ? 'small' : 'big', title: title(r, 2) }));
    } else {
      elements.push(element([62, 32, 34, 30], { action: textAction(title(r, 2), 1), backgroundOpacity: 60 }));
      elements.push(element([86, 88, 10, 8], { goToSlideType: i === CP_SLIDES - 1 ? 'previous' : 'next', invisible: false, title: 'Next' }));
    }
    return {
      elements,
      keywords: [{ main: heading, subs: [{ keyword: title(r, 2) }] }],
      slideBackgroundSelector: i % 3 === 0 && i / 3 < CP_IMAGES - 1 ? { imageSlideBackground: image(i / 3 + 1) } : { fillSlideBackground: '#f6f7f9' },
    };
  });
  return {
    presentation: {
      slides,
      keywordListEnabled: true,
      keywordListAlwaysShow: false,
      keywordListAutoHide: false,
      keywordListOpacity: 90,
      globalBackgroundSelector: { imageGlobalBackground: image(0) },
    },
    l10n: {
      slide: 'Slide',
      slides: 'Slides',
      score: 'Score',
      yourScore: 'Your Score',
      maxScore: 'Max Score',
      total: 'Total',
      totalScore: 'Total Score',
      showSolutions: 'Show solutions',
      retry: 'Retry',
      hideKeywords: 'Hide sidebar navigation menu',
      showKeywords: 'Show sidebar navigation menu',
      prevSlide: 'Previous slide',
      nextSlide: 'Next slide',
      currentSlide: 'Current slide',
      lastSlide: 'Last slide',
      summary: 'Summary',
      solutionsButtonTitle: 'Show comments',
      printTitle: 'Print',
      noTitle: 'No title',
      slideCount: 'Slide @index of @total',
      resultHeader: 'Results',
      accessibilityTotalScore: 'You got @score of @maxScore points in total',
      slideshowNavigationLabel: 'Slideshow navigation',
    },
    override: { activeSurface: false, hideSummarySlide: false, showSolutionButton: 'on', retryButton: 'on', summarySlideSolutionButton: true, summarySlideRetryButton: true, enablePrintButton: false },
  };
}

// ---- Interactive Video

export function interactiveVideoParams(poster: { path: string; width: number; height: number }) {
  const r = rng(2602);
  const id = ids(0x27_0000);
  const text = aiLib('H5P.Text');
  const versions: Record<string, string> = Object.fromEntries([
    ...(['H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks', 'H5P.DragText', 'H5P.MarkTheWords'] as const).map((m) => [m, libString(questionLib(m))]),
    ...(['H5P.SingleChoiceSet', 'H5P.Summary'] as const).map((m) => [m, libString(aiLib(m))]),
    ['H5P.Text', libString(text)],
  ]);
  const kinds: (Question | 'H5P.Text')[] = ['H5P.MultiChoice', 'H5P.Text', 'H5P.TrueFalse', 'H5P.Blanks', 'H5P.SingleChoiceSet', 'H5P.DragText', 'H5P.MultiChoice', 'H5P.MarkTheWords', 'H5P.Text'];
  const interactions = Array.from({ length: IV_INTERACTIONS }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    const t = title(r, 3);
    const from = 8 + i * 9;
    const params = kind === 'H5P.Text' ? { text: `<p>${sentences(r, 3)}</p>` } : questionParams(kind, r);
    const seek = Math.max(0, from - 20);
    return {
      x: r.int(5, 70),
      y: r.int(5, 70),
      width: 10,
      height: 10,
      duration: { from, to: from + 5 },
      libraryTitle: t,
      action: { library: versions[kind], params, subContentId: id.next(), metadata: metadata(kind.slice(4), t) },
      pause: kind !== 'H5P.Text',
      displayType: i % 3 === 0 ? 'button' : 'poster',
      buttonOnMobile: false,
      label: `<p>${t}</p>`,
      ...(kind === 'H5P.Text'
        ? { goto: { type: 'timecode', time: from + 30, visualize: true } }
        : {
            adaptivity: {
              correct: { seekTo: from + 6, allowOptOut: false, message: sentence(r, 4, 8), seekLabel: 'Continue' },
              wrong: { seekTo: seek, allowOptOut: true, message: sentence(r, 5, 9), seekLabel: 'Watch again' },
              requireCompletion: false,
            },
          }),
      visuals: { backgroundColor: 'rgb(255, 255, 255)', boxShadow: true },
    };
  });
  return {
    interactiveVideo: {
      video: {
        files: [{ path: 'videos/clip.webm', mime: 'video/webm', copyright: { license: 'U' } }],
        startScreenOptions: { title: 'Planets and their orbits', hideStartTitle: false, shortStartDescription: sentence(r, 8, 12), poster: { path: poster.path, mime: 'image/png', copyright: { license: 'U' }, width: poster.width, height: poster.height } },
        textTracks: {
          videoTrack: [
            { label: 'English', kind: 'subtitles', srcLang: 'en', track: { path: 'files/subtitles-en.vtt', mime: 'text/vtt', copyright: { license: 'U' } } },
            { label: 'Deutsch', kind: 'subtitles', srcLang: 'de', track: { path: 'files/subtitles-de.vtt', mime: 'text/vtt', copyright: { license: 'U' } } },
          ],
          defaultTrackLabel: 'English',
        },
      },
      assets: {
        interactions,
        bookmarks: Array.from({ length: 10 }, (_, i) => ({ time: i * 32, label: title(r, 2) })),
        endscreens: [
          { time: 150, label: 'Half way' },
          { time: 330, label: 'The end' },
        ],
      },
      summary: {
        task: { library: versions['H5P.Summary'], params: questionParams('H5P.Summary', r), subContentId: id.next(), metadata: metadata('Summary', 'Summary') },
        displayAt: 3,
      },
    },
    override: { startVideoAt: 0, autoplay: false, loop: false, hasNoAutoPause: false, showSolutionButton: 'on', retryButton: 'on', showBookmarksmenuOnLoad: false, showRewind10: true, preventSkippingMode: 'none', deactivateSound: false },
    l10n: {
      interaction: 'Interaction',
      play: 'Play',
      pause: 'Pause',
      mute: 'Mute, currently unmuted',
      unmute: 'Unmute, currently muted',
      captions: 'Captions',
      close: 'Close',
      bookmarks: 'Bookmarks',
      continueWithVideo: 'Continue with video',
      currentTime: 'Current time:',
      totalTime: 'Total time:',
      singleInteractionAnnouncement: 'Interaction appeared:',
      videoPausedAnnouncement: 'Video is paused',
      content: 'Content',
      answered: '@answered answered',
      endcardTableRowScore: 'Score',
      endcardQuestion: 'Question',
    },
  };
}

// ---------------------------------------------------------------- the packages

export type Kind = 'multiChoice' | 'slides' | 'coursePresentation' | 'interactiveVideo';
export const KINDS: readonly Kind[] = ['multiChoice', 'slides', 'coursePresentation', 'interactiveVideo'];
/** how each kind is named in the table */
export const KIND_LABEL: Record<Kind, string> = {
  multiChoice: 'MultiChoice',
  slides: `BenchSlides (synthetic, ${SLIDES} slides)`,
  coursePresentation: `Course Presentation (real format, ${CP_SLIDES} slides)`,
  interactiveVideo: `Interactive Video (real format, ${IV_INTERACTIONS} interactions)`,
};
/** the main library's name: the play model must name it */
export const MAIN_LIBRARY: Record<Kind, string> = { multiChoice: 'H5P.MultiChoice', slides: 'H5P.BenchSlides', coursePresentation: 'H5P.CoursePresentation', interactiveVideo: 'H5P.InteractiveVideo' };

export type BenchPackages = Record<Kind, string>;

/** Sizes of the real-format packages' parts (for the report). */
export interface PackageFacts {
  /** what the player must show once rendered (checked in Chromium by the bench) */
  expect: { slides?: number; elements?: number; interactions?: number; supports: number; video?: boolean };
  contentJsonBytes: number;
  libraries: number;
  files: number;
  fileBytes: number;
  packageBytes: number;
}

/** Writes every package into `dir`; returns their paths (and, in `facts`, the real-format ones' sizes). */
export function writePackages(dir: string, facts: Partial<Record<Kind, PackageFacts>> = {}): BenchPackages {
  const multiChoice = path.join(dir, 'multichoice.h5p');
  fs.writeFileSync(
    multiChoice,
    zip([
      { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5pJson('H5P.MultiChoice', 'Bench MultiChoice'))) },
      { name: 'content/content.json', data: Buffer.from(JSON.stringify(SAMPLE_PARAMS['H5P.MultiChoice'])) },
      ...libraryEntries('H5P.MultiChoice'),
    ]),
  );
  const slides = path.join(dir, 'slides.h5p');
  const deps = [{ machineName: 'H5P.BenchSlides', majorVersion: 1, minorVersion: 0 }, ...QUESTIONS.map((m) => {
    const l = libraryJson(libraryDirOf(m));
    return { machineName: m, majorVersion: l.majorVersion, minorVersion: l.minorVersion };
  })];
  const meta = { title: 'Bench CoursePresentation', language: 'und', mainLibrary: 'H5P.BenchSlides', embedTypes: ['iframe'], license: 'U', defaultLanguage: 'en', preloadedDependencies: deps };
  fs.writeFileSync(
    slides,
    zip([
      { name: 'h5p.json', data: Buffer.from(JSON.stringify(meta)) },
      { name: 'content/content.json', data: Buffer.from(JSON.stringify(slidesParams())) },
      ...slidesEntries(),
      ...QUESTIONS.flatMap((m) => libraryEntries(m)),
    ]),
  );

  const questionLibs = [...QUESTIONS.map(questionLib), aiLib('H5P.SingleChoiceSet'), aiLib('H5P.Summary')];
  const supports = (n: number) => Array.from({ length: n }, (_, i) => supportLibrary(i + 1));

  const images = cpImages();
  const cpJson = coursePresentationParams(images);
  const cpLibs = [aiLib('H5P.AdvancedText'), ...questionLibs, ...supports(CP_SUPPORT)];
  const coursePresentation = path.join(dir, 'course-presentation.h5p');
  fs.writeFileSync(coursePresentation, realPackage('Bench Course Presentation (real format)', aiLib('H5P.CoursePresentation'), cpLibs, cpJson, images));

  const poster = { path: 'images/poster.png', ...(() => ({ data: png(320, 180, 7100, 4, 0.2), width: 320, height: 180 }))() };
  const ivJson = interactiveVideoParams(poster);
  const r = rng(2603);
  const ivFiles = [poster, { path: 'videos/clip.webm', data: fs.readFileSync(CLIP) }, { path: 'files/subtitles-en.vtt', data: vtt(r, 60, 'en') }, { path: 'files/subtitles-de.vtt', data: vtt(r, 60, 'de') }];
  const ivLibs = [aiLib('H5P.Text'), ...questionLibs, ...supports(IV_SUPPORT)];
  const interactiveVideo = path.join(dir, 'interactive-video.h5p');
  fs.writeFileSync(interactiveVideo, realPackage('Bench Interactive Video (real format)', aiLib('H5P.InteractiveVideo'), ivLibs, ivJson, ivFiles));

  const fact = (file: string, json: unknown, libs: number, files: { data: Buffer }[], expect: PackageFacts['expect']): PackageFacts => ({
    expect,
    contentJsonBytes: Buffer.byteLength(JSON.stringify(json)),
    libraries: libs,
    files: files.length,
    fileBytes: files.reduce((s, f) => s + f.data.length, 0),
    packageBytes: fs.statSync(file).size,
  });
  const elements = cpJson.presentation.slides.reduce((n, sl) => n + sl.elements.length, 0);
  facts.coursePresentation = fact(coursePresentation, cpJson, cpLibs.length + 1, images, { slides: CP_SLIDES + 1, elements, supports: CP_SUPPORT });
  facts.interactiveVideo = fact(interactiveVideo, ivJson, ivLibs.length + 1, ivFiles, { interactions: IV_INTERACTIONS, supports: IV_SUPPORT, video: true });
  return { multiChoice, slides, coursePresentation, interactiveVideo };
}

/** What the browser waits for inside the player's frames: the content type has attached itself. */
export const RENDERED: Record<Kind, string> = {
  multiChoice: '.h5p-mc .h5p-mc-check',
  slides: `.h5p-benchslides[data-ready="true"] .h5p-bs-slide:nth-of-type(${SLIDES})`,
  // the last content slide (the summary slide follows it), its elements attached
  coursePresentation: `.h5p-cp .h5p-cp-slides > .h5p-cp-slide:nth-child(${CP_SLIDES}) .h5p-cp-element`,
  // the video element with its sources (the interactions' panels are attached after it, in the same task)
  interactiveVideo: '.h5p-iv .h5p-iv-stage > video source',
};
