// The item's Bloom's level (lib/content/blooms.ts itemBloomsLevel) as SQL, for filters and ordering in queries.
import { Prisma } from '@/lib/generated/prisma/client';
import { BLOOM_LEVELS, TYPE_BLOOMS } from './blooms';

/**
 * The same level in SQL, for filters and ordering: `report` is the report's blooms_level column (of a LEFT JOIN
 * on content_quality_reports, NULL without a report), `mainLibrary` the content's main_library column.
 */
export function itemBloomsLevelSql(report: Prisma.Sql, mainLibrary: Prisma.Sql): Prisma.Sql {
  const cases = Object.entries(TYPE_BLOOMS).map(([type, level]) => Prisma.sql`WHEN ${type}::text THEN ${level}::text`);
  const levels = [...BLOOM_LEVELS];
  return Prisma.sql`(CASE WHEN ${report} = ANY(${levels}::text[]) THEN ${report}::text ELSE (CASE split_part(${mainLibrary}, ' ', 1) ${Prisma.join(cases, ' ')} END) END)`;
}
