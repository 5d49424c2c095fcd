// An item's licence as H5P writes it in the content's metadata (`license` + `licenseVersion`), and the words the
// screens show for it. Pure: used by the marketplace list (server), the clone (recorded at clone time) and the
// browser (OriginNote, the cards).

/** H5P's licence codes (h5p-editor's metadata form). The Creative Commons and GNU codes are shown as they are. */
export const LICENCE_CODES = ['U', 'CC BY', 'CC BY-SA', 'CC BY-ND', 'CC BY-NC', 'CC BY-NC-SA', 'CC BY-NC-ND', 'CC0 1.0', 'CC PDM', 'GNU GPL', 'PD', 'ODC PDDL', 'C'] as const;

/** The codes whose name is words (translated as `licence.<key>`), not a code everyone reads as it is. */
export const LICENCE_WORDS = { U: 'undisclosed', C: 'copyright', PD: 'publicDomain', 'CC PDM': 'publicDomainMark', 'ODC PDDL': 'openData' } as const;
export type LicenceWord = (typeof LICENCE_WORDS)[keyof typeof LICENCE_WORDS];

/** The licence of content metadata: "CC BY-SA 4.0", "U", … (null when the metadata names none). */
export function licenceOf(metadata: unknown): string | null {
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return null;
  const m = metadata as { license?: unknown; licenseVersion?: unknown };
  const code = typeof m.license === 'string' ? m.license.trim() : '';
  if (!code) return null;
  const version = typeof m.licenseVersion === 'string' ? m.licenseVersion.trim() : '';
  // "U" (undisclosed), "C" (copyright) and the public domain codes carry no version worth showing
  return (version && !(code in LICENCE_WORDS) ? `${code} ${version}` : code).slice(0, 100);
}

/** How to show a stored licence: a word to translate (`{ word }`) or the code as it is (`{ code }`). */
export function licenceDisplay(stored: string | null | undefined): { word: LicenceWord } | { code: string } | null {
  const v = stored?.trim();
  if (!v) return null;
  const word = (LICENCE_WORDS as Record<string, LicenceWord>)[v];
  return word ? { word } : { code: v };
}
