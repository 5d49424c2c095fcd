// Bloom's mapping (lib/content/blooms.ts, issue 24 item 9): the table in the file's header matches the one the code
// uses, and the SQL form (blooms-sql.ts) carries the same table and the same rule as itemBloomsLevel.
// typeBloomsLevel and itemBloomsLevel themselves are tested with a collection's analysis (lib/collections/blooms.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { BLOOM_LEVELS, bloomLevelSchema, isBloomLevel, itemBloomsLevel, TYPE_BLOOMS } from './blooms';
import { itemBloomsLevelSql } from './blooms-sql';

describe("Bloom's levels", () => {
  it('are the six of the taxonomy, lowest first, and nothing else', () => {
    expect(BLOOM_LEVELS).toEqual(['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create']);
    for (const l of BLOOM_LEVELS) expect(isBloomLevel(l)).toBe(true);
    for (const v of ['Remember', 'analyse', '', null, undefined, 3]) expect(isBloomLevel(v), String(v)).toBe(false);
    expect(bloomLevelSchema.safeParse('apply').success).toBe(true);
    expect(bloomLevelSchema.safeParse('applied').success).toBe(false);
  });

  it("the table in blooms.ts's header lists exactly the types the code maps, at the same levels", () => {
    const src = readFileSync(path.join(__dirname, 'blooms.ts'), 'utf8');
    const documented: Record<string, string> = {};
    let level = '';
    for (const m of src.matchAll(/^\/\/ \| (\w*) *\| ([^|]+)\|$/gm)) {
      if (m[1] === 'level') continue;
      if (m[1]) level = m[1];
      for (const t of m[2]!.split(',').map((x) => x.trim()).filter(Boolean)) documented[`H5P.${t}`] = level;
    }
    // the code also knows the old spelling of Dialogcards
    const { 'H5P.DialogCards': old, ...mapped } = TYPE_BLOOMS;
    expect(old).toBe(TYPE_BLOOMS['H5P.Dialogcards']);
    expect(documented).toEqual(mapped);
  });

  it("an unknown report level falls back to the type's, an unknown type without a report has none", () => {
    expect(itemBloomsLevel({ mainLibrary: 'H5P.Essay 1.5', reportLevel: 'Apply' })).toBe('create');
    expect(itemBloomsLevel({ mainLibrary: null, reportLevel: 'evaluate' })).toBe('evaluate');
    expect(itemBloomsLevel({ mainLibrary: undefined })).toBeNull();
  });
});

describe("the item's level in SQL (itemBloomsLevelSql)", () => {
  const sql = itemBloomsLevelSql(Prisma.sql`q.blooms_level`, Prisma.sql`c.main_library`);

  it("takes the report's level when it is one of the six, else the content type's from the machine name", () => {
    expect(sql.sql.replace(/\s+/g, ' ')).toMatch(/^\(CASE WHEN q\.blooms_level = ANY\(\?::text\[\]\) THEN q\.blooms_level::text ELSE \(CASE split_part\(c\.main_library, ' ', 1\) (WHEN \?::text THEN \?::text ?)+END\) END\)$/);
  });

  it('carries the levels and the whole type table as parameters, in that order', () => {
    expect(sql.values).toEqual([[...BLOOM_LEVELS], ...Object.entries(TYPE_BLOOMS).flat()]);
    expect(sql.sql.match(/WHEN \?::text THEN \?::text/g)).toHaveLength(Object.keys(TYPE_BLOOMS).length);
  });
});
