// Generated parameters against the installed libraries (issue 13, item 3): the version of each sub-content library
// a container may hold (its semantics' options, installed), and a check that the parameters survive the semantics
// filter every save runs (lib/h5p/engine/sanitize.ts) whole — a key, list item or sub-content it would drop means the
// generator and the installed library disagree, and nothing is saved.
import { LibraryName, type ILibraryName } from '@lumieducation/h5p-server';
import { db } from '@/lib/db/client';
import { filterParams, semanticsLoader, type SemanticsField } from '@/lib/h5p';
import { AppError } from '@/lib/errors';
import { AI_ERR } from './errors';

/** Every library option of the library fields in `fields` (deep). */
function libraryOptions(fields: SemanticsField[] | undefined, out: string[] = []): string[] {
  for (const f of fields ?? []) {
    const x = f as SemanticsField & { options?: unknown[]; fields?: SemanticsField[]; field?: SemanticsField };
    for (const o of x.type === 'library' ? (x.options ?? []) : []) {
      const name = typeof o === 'string' ? o : (o as { name?: unknown } | null)?.name;
      if (typeof name === 'string') out.push(name);
    }
    if (x.fields) libraryOptions(x.fields, out);
    if (x.field) libraryOptions([x.field], out);
  }
  return out;
}

const parse = (uber: string): ILibraryName => LibraryName.fromUberName(uber, { useWhitespace: true });

/**
 * The sub-content libraries `container` (`H5P.X 1.2`) holds, as `{ machineName: "H5P.Y 1.3" }`: for each need (a
 * list of acceptable machine names, in order of preference) the newest version its semantics allow that is
 * installed. 400 `Content type H5P.Y is not installed` when none is.
 */
export async function subLibraries(container: string, needs: string[][]): Promise<Record<string, string>> {
  if (!needs.length) return {};
  const load = await semanticsLoader();
  const options = libraryOptions(await load(parse(container)))
    .map((o) => {
      try {
        return parse(o);
      } catch {
        return null;
      }
    })
    .filter((o): o is ILibraryName => o !== null);
  const installed = await db().h5pLibrary.findMany({
    where: { machineName: { in: needs.flat() } },
    select: { machineName: true, majorVersion: true, minorVersion: true },
  });
  const out: Record<string, string> = {};
  for (const need of needs) {
    const pick = need
      .flatMap((name) =>
        options
          .filter((o) => o.machineName === name && installed.some((i) => i.machineName === name && i.majorVersion === o.majorVersion && i.minorVersion === o.minorVersion))
          .sort((a, b) => b.majorVersion - a.majorVersion || b.minorVersion - a.minorVersion)
          .slice(0, 1),
      )
      .at(0);
    if (!pick) throw AppError.filled(AI_ERR.typeNotInstalled, { type: need[0]! });
    out[pick.machineName] = LibraryName.toUberName(pick, { useWhitespace: true });
  }
  return out;
}

/**
 * Settings the generator writes where a library has them (behaviour, layout, labels, sub-content metadata): an
 * installed version without one of them still takes the content — the library's own default applies.
 */
const SETTINGS = new Set([
  'alwaysDisplayComments',
  'alwaysFullscreen',
  'backgroundOpacity',
  'behaviour',
  'bookmarks',
  'buttonOnMobile',
  'buttonSize',
  'color',
  'disableBackwardsNavigation',
  'displayAsButton',
  'displayType',
  'endGame',
  'forceContentFinished',
  'goToSlideType',
  'hTag',
  'hideStartTitle',
  'icon',
  'iconType',
  'invisible',
  'keywordListEnabled',
  'legacyPositioning',
  'libraryTitle',
  'metadata',
  'mode',
  'passPercentage',
  'pause',
  'progressType',
  'randomQuestions',
  'scoringOptionGroup',
  'showContentTitle',
  'showIntroPage',
  'subContentId',
  'textTracks',
  'tips',
  'tipsAndFeedback',
]);

/** The first place where `filtered` lost part of `original` (a key, a list item, a value; settings aside), or null. */
export function lostPart(original: unknown, filtered: unknown, at = ''): string | null {
  if (original === undefined || original === null) return null;
  if (filtered === undefined || filtered === null) return at || '(root)';
  if (Array.isArray(original)) {
    if (!Array.isArray(filtered) || filtered.length !== original.length) return at || '(root)';
    for (let i = 0; i < original.length; i++) {
      const lost = lostPart(original[i], filtered[i], `${at}[${i}]`);
      if (lost) return lost;
    }
    return null;
  }
  if (typeof original === 'object') {
    if (typeof filtered !== 'object' || Array.isArray(filtered)) return at || '(root)';
    for (const [k, v] of Object.entries(original)) {
      const kept = (filtered as Record<string, unknown>)[k];
      if ((kept === undefined || kept === null) && SETTINGS.has(k)) continue;
      const lost = lostPart(v, kept, at ? `${at}.${k}` : k);
      if (lost) return lost;
    }
  }
  return null;
}

/** 422 when the installed library's semantics would drop part of the generated parameters. */
export async function assertFitsSemantics(library: string, params: Record<string, unknown>): Promise<void> {
  const filtered = await filterParams(params, parse(library), await semanticsLoader());
  const lost = lostPart(params, filtered);
  if (lost) throw AppError.filled(AI_ERR.semanticsMismatch, { library, path: lost });
}
