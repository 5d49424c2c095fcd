// The content both sides of `npm run bench:compare` serve, built as .h5p packages from the project's test
// libraries (tests/fixtures/h5p-libraries) and imported into our app and into Lumi's:
//  - "MultiChoice": one H5P.MultiChoice question (one library);
//  - "CoursePresentation": H5P.BenchSlides (scripts/bench-compare/fixtures), a slide container like Course
//    Presentation, with SLIDES slides of two questions each drawn from all five test libraries (six libraries,
//    a dependency tree and sub-content parameters the player must walk).
// Both are deterministic (fixed sub-content ids), so runs compare the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { h5pJson, libraryEntries, libraryJson, libraryDirOf, SAMPLE_PARAMS, zip, type ZipEntry } from '../../tests/support/h5p-packages';

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

export interface BenchPackages {
  multiChoice: string;
  slides: string;
}

/** Writes both packages into `dir` and returns their paths. */
export function writePackages(dir: string): BenchPackages {
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
  return { multiChoice, slides };
}

/** What the browser waits for inside the player's frames: the content type has attached itself. */
export const RENDERED = { multiChoice: '.h5p-mc .h5p-mc-check', slides: `.h5p-benchslides[data-ready="true"] .h5p-bs-slide:nth-of-type(${SLIDES})` };
