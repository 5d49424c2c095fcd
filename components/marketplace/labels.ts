// Words the marketplace shows for curriculum and quality codes: the known difficulties and Bloom's levels in the
// reader's language, any other value (a difficulty is free text up to 50 characters) as it is stored.
import { DIFFICULTIES } from '@/lib/ai/limits';
import { BLOOM_LEVELS } from '@/lib/content/blooms';
import { licenceDisplay, type LicenceWord } from '@/lib/marketplace/licence';

type Difficulty = (typeof DIFFICULTIES)[number];
type Blooms = (typeof BLOOM_LEVELS)[number];

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

export function difficultyLabel(t: (key: `difficulty.${Difficulty}`) => string, value: string): string {
  return isOneOf(DIFFICULTIES, value) ? t(`difficulty.${value}`) : value;
}

export function bloomsLabel(t: (key: `blooms.${Blooms}`) => string, value: string): string {
  return isOneOf(BLOOM_LEVELS, value) ? t(`blooms.${value}`) : value;
}

/** A licence as the screens show it: the words of U, C and the public domain codes, any other code as it is. */
export function licenceLabel(t: (key: `licence.${LicenceWord}`) => string, stored: string | null | undefined): string {
  const shown = licenceDisplay(stored) ?? { word: 'undisclosed' as const };
  return 'word' in shown ? t(`licence.${shown.word}`) : shown.code;
}
