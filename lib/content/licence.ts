// An item's licence as H5P writes it in the content's metadata (`license` + `licenseVersion`), the versions each
// code takes, the author roles, and the words the screens show for them. Pure and in the base layer: used by the
// H5P feature (the rights-of-use edit, copies), the marketplace (list filter, cards, the clone's licence rule) and
// the browser (OriginNote, the cards, the rights form).
// Codes, versions and roles are H5P's: the metadata semantics of @lumieducation/h5p-server
// (build/assets/defaultMetadataSemantics.json) and H5P core's H5P.copyrightLicenses (h5p.js).

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

export type LicenceCode = (typeof LICENCE_CODES)[number];

/** The Creative Commons versions H5P offers for the CC BY family (newest first). */
export const CC_VERSIONS = ['4.0', '3.0', '2.5', '2.0', '1.0'] as const;

/** The versions each code takes (H5P core's H5P.copyrightLicenses); a code not listed takes none. */
export const LICENCE_VERSIONS: Partial<Record<LicenceCode, readonly string[]>> = {
  'CC BY': CC_VERSIONS,
  'CC BY-SA': CC_VERSIONS,
  'CC BY-ND': CC_VERSIONS,
  'CC BY-NC': CC_VERSIONS,
  'CC BY-NC-SA': CC_VERSIONS,
  'CC BY-NC-ND': CC_VERSIONS,
  'CC0 1.0': ['1.0'],
  'GNU GPL': ['v3', 'v2', 'v1'],
};

/** The version H5P's editor proposes for a code (null: the code takes none). */
export function defaultLicenceVersion(code: string): string | null {
  return (LICENCE_VERSIONS as Record<string, readonly string[] | undefined>)[code]?.[0] ?? null;
}

export const isLicenceCode = (v: unknown): v is LicenceCode => typeof v === 'string' && (LICENCE_CODES as readonly string[]).includes(v);

/** The versions `code` takes (empty: none). */
export const versionsOf = (code: string): readonly string[] => (LICENCE_VERSIONS as Record<string, readonly string[] | undefined>)[code] ?? [];

/** H5P's author roles (metadata semantics: authors[].role). */
export const AUTHOR_ROLES = ['Author', 'Editor', 'Licensee', 'Originator'] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

/**
 * Does the licence forbid derivatives (CC BY-ND, CC BY-NC-ND: any code with "ND")? Such content may be played,
 * embedded and put in collections, not copied for editing. Takes a code ("CC BY-ND") or a stored licence
 * ("CC BY-ND 4.0"). Copyright (C) is not refused: its author published it in the marketplace, which offers a clone
 * (README, "Licences and attribution").
 */
export function forbidsDerivatives(licence: string | null | undefined): boolean {
  const code = licence?.trim().split(' ').filter((w) => !/^(v?\d+(\.\d+)?)$/.test(w)).join(' ') ?? '';
  return /(^|[\s-])ND($|[\s-])/.test(code);
}

/** A change's date as H5P writes it (its save-metadata schema: "YY-MM-DD HH:MM:SS"), in UTC. */
export function h5pChangeDate(d: Date = new Date()): string {
  return d.toISOString().slice(2, 19).replace('T', ' ');
}

/** The refusal of a code H5P does not know (the rights edit's and the marketplace filter's `400 Validation error`). */
export const UNKNOWN_LICENCE = `unknown licence code; use one of ${LICENCE_CODES.join(', ')}`;

/** The clone's refusal of content whose licence forbids derivatives (403). */
export const noDerivativesMessage = (licence: string) => `This content's licence (${licence}) does not allow derivatives: add it to a collection or embed it instead`;

/** The message key of each code's name (`common.licences.<key>`): codes hold spaces and dots, keys may not. */
export const LICENCE_KEYS = {
  U: 'u',
  'CC BY': 'ccBy',
  'CC BY-SA': 'ccBySa',
  'CC BY-ND': 'ccByNd',
  'CC BY-NC': 'ccByNc',
  'CC BY-NC-SA': 'ccByNcSa',
  'CC BY-NC-ND': 'ccByNcNd',
  'CC0 1.0': 'cc0',
  'CC PDM': 'ccPdm',
  'GNU GPL': 'gpl',
  PD: 'pd',
  'ODC PDDL': 'odcPddl',
  C: 'c',
} as const satisfies Record<LicenceCode, string>;

/** The message key of a version's name (`4.0` → `cc40`, `v3` → `gpl3`). */
export const versionKey = (v: string) =>
  (v.startsWith('v') ? `gpl${v.slice(1)}` : `cc${v.replace('.', '')}`) as
    'cc40' | 'cc30' | 'cc25' | 'cc20' | 'cc10' | 'gpl3' | 'gpl2' | 'gpl1';
