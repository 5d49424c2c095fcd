// What an upgrade needs to know of the installed libraries: which versions of a content type its items use, the
// newest installed version, and — for the sandbox — the target library and every library version its semantics
// offer as sub-content (recursively), each with its semantics and its own upgrades.js.
import type { ILibraryName } from '@lumieducation/h5p-server';
import type { ISemanticsEntry } from '@lumieducation/h5p-server/build/src/types';
import { db, Prisma } from '@/lib/db/client';
import { h5p } from '@/lib/h5p/engine/server';
import type { SandboxLibrary } from './sandbox';

export interface Version {
  major: number;
  minor: number;
}

export const versionText = (v: Version) => `${v.major}.${v.minor}`;
export const compareVersions = (a: Version, b: Version) => a.major - b.major || a.minor - b.minor;

/** "1.2" → {1, 2}; null when it is not one. */
export function parseVersion(text: string): Version | null {
  const m = /^(\d{1,4})\.(\d{1,4})$/.exec(text.trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null;
}

/** "H5P.Foo 1.2" (or an option object of semantics) → its name and version. */
function libraryOption(option: unknown): ILibraryName | null {
  const text = typeof option === 'string' ? option : option && typeof option === 'object' ? (option as { name?: unknown }).name : null;
  if (typeof text !== 'string') return null;
  const m = /^([\w.-]+) (\d+)\.(\d+)$/.exec(text.trim());
  return m ? { machineName: m[1]!, majorVersion: Number(m[2]), minorVersion: Number(m[3]) } : null;
}

function optionsIn(fields: ISemanticsEntry[] | undefined, out: ILibraryName[]): void {
  for (const f of fields ?? []) {
    if (!f || typeof f !== 'object') continue;
    if (f.type === 'library')
      for (const o of (f.options ?? []) as unknown[]) {
        const l = libraryOption(o);
        if (l) out.push(l);
      }
    if (f.fields) optionsIn(f.fields, out);
    if (f.field) optionsIn([f.field], out);
  }
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  return Buffer.concat(chunks).toString('utf8');
}

/** The target library and every installed library version its semantics offer, recursively, for the sandbox. */
export async function librarySet(target: ILibraryName): Promise<SandboxLibrary[]> {
  const { editor } = await h5p();
  const libraries = editor.libraryManager;
  const seen = new Set<string>();
  const out: SandboxLibrary[] = [];
  const queue: ILibraryName[] = [target];
  while (queue.length) {
    const lib = queue.shift()!;
    const key = `${lib.machineName} ${lib.majorVersion}.${lib.minorVersion}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > 500) break; // a library graph this size is not one H5P makes
    const installed = await db().h5pLibrary.findUnique({
      where: {
        machineName_majorVersion_minorVersion: {
          machineName: lib.machineName,
          majorVersion: lib.majorVersion,
          minorVersion: lib.minorVersion,
        },
      },
      select: { machineName: true },
    });
    if (!installed) continue; // the sandbox answers libraryMissing if an item needs it
    let semantics: ISemanticsEntry[] = [];
    try {
      semantics = await libraries.getSemantics(lib);
    } catch {
      semantics = [];
    }
    let upgrades: string | null = null;
    if (await libraries.libraryFileExists(lib, 'upgrades.js').catch(() => false)) {
      upgrades = await readText(await libraries.getFileStream(lib, 'upgrades.js'));
    }
    out.push({ name: lib.machineName, version: `${lib.majorVersion}.${lib.minorVersion}`, semantics, upgrades });
    const nested: ILibraryName[] = [];
    optionsIn(semantics, nested);
    queue.push(...nested);
  }
  return out;
}

/** The newest installed version of a machine name (null when none is installed). */
export async function newestInstalled(machineName: string): Promise<Version | null> {
  const row = await db().h5pLibrary.findFirst({
    where: { machineName },
    orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }],
    select: { majorVersion: true, minorVersion: true },
  });
  return row ? { major: row.majorVersion, minor: row.minorVersion } : null;
}

/** Whether a version of a machine name is installed. */
export async function isInstalled(machineName: string, v: Version): Promise<boolean> {
  const row = await db().h5pLibrary.findUnique({
    where: { machineName_majorVersion_minorVersion: { machineName, majorVersion: v.major, minorVersion: v.minor } },
    select: { runnable: true },
  });
  return !!row;
}

/** The SQL of the main library's version of an item (the entry of preloadedDependencies named as mainLibrary). */
export const MAIN_DEPENDENCY = Prisma.sql`LATERAL (
  SELECT (d ->> 'majorVersion')::int AS major, (d ->> 'minorVersion')::int AS minor
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.metadata -> 'preloadedDependencies') = 'array' THEN c.metadata -> 'preloadedDependencies' ELSE '[]'::jsonb END) d
  WHERE d ->> 'machineName' = c.main_library AND (d ->> 'majorVersion') ~ '^[0-9]{1,4}$' AND (d ->> 'minorVersion') ~ '^[0-9]{1,4}$'
  LIMIT 1) v`;

/** The items an admin's upgrade reaches: all (tenantId null, a super admin) or those owned by a user of the tenant. */
export function scopeSql(tenantId: string | null) {
  return tenantId === null
    ? Prisma.sql`TRUE`
    : Prisma.sql`EXISTS (SELECT 1 FROM content_ownership o JOIN users u ON u.id = o.user_id WHERE o.content_id = c.id AND u.tenant_id = ${tenantId}::uuid)`;
}

export interface VersionUse {
  version: string;
  items: number;
}

/** How many items (in scope) use each version of each content type, for the machine names given (all when omitted). */
export async function versionsInUse(tenantId: string | null, machineName?: string): Promise<Map<string, VersionUse[]>> {
  const rows = await db().$queryRaw<{ main_library: string; major: number; minor: number; n: number }[]>`
    SELECT c.main_library, v.major, v.minor, count(*)::int AS n
    FROM h5p_contents c CROSS JOIN ${MAIN_DEPENDENCY}
    WHERE ${machineName ? Prisma.sql`c.main_library = ${machineName}` : Prisma.sql`TRUE`} AND ${scopeSql(tenantId)}
    GROUP BY 1, 2, 3 ORDER BY 1, 2 DESC, 3 DESC`;
  const out = new Map<string, VersionUse[]>();
  for (const r of rows) {
    const list = out.get(r.main_library) ?? [];
    list.push({ version: `${r.major}.${r.minor}`, items: r.n });
    out.set(r.main_library, list);
  }
  return out;
}
