// A public item's description for its card and page: H5P content has no description field, so it is the content's
// own introduction — the first text of the places the common content types keep one (a question, a task, an intro)
// — as plain text, cut at a word. The SQL picks the text where the row is read (no parameters leave the database).
import { Prisma } from '@/lib/db/client';

/** Where the common content types keep their introduction, in the order tried (JSON paths into the parameters). */
const DESCRIPTION_PATHS = [
  '{question}', // Multiple Choice, True/False
  '{introPage,introduction}', // Question Set
  '{taskDescription}', // Drag Text, Mark the Words, Essay, Find the Words, Crossword, Sort Paragraphs
  '{text}', // Fill in the Blanks
  '{description}', // Flashcards, Dialog Cards
  '{bookCover,coverDescription}', // Interactive Book
  '{startScreen,startScreenSubtitle}', // Branching Scenario
  '{timeline,text}', // Timeline
  '{intro}', // Summary, Arithmetic Quiz
  '{introduction}',
] as const;

/** SQL: the first non-empty string at DESCRIPTION_PATHS in `params` (a jsonb expression), at most 2000 characters. */
export function descriptionSql(params: Prisma.Sql): Prisma.Sql {
  const values = Prisma.join(
    // constants of this file: written into the statement as they are
    DESCRIPTION_PATHS.map((p, i) => Prisma.sql`(${Prisma.raw(String(i))}, ${params} #> ${Prisma.raw(`'${p}'`)}::text[])`),
    ', ',
  );
  return Prisma.sql`(SELECT left(d.v #>> '{}', 2000) FROM (VALUES ${values}) AS d(o, v)
     WHERE jsonb_typeof(d.v) = 'string' AND btrim(d.v #>> '{}') <> '' ORDER BY d.o LIMIT 1)`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of an H5P HTML fragment, cut at a word after at most `max` characters (with "…"); null when empty. */
export function describe(html: string | null | undefined, max = 220): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      const k = e.toLowerCase();
      if (ENTITIES[k] !== undefined) return ENTITIES[k];
      const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : k.startsWith('#') ? parseInt(k.slice(1), 10) : NaN;
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
