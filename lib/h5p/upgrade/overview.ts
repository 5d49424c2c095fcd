// The admin's view of content versions: for every installed content type with content in scope, how many items use
// each version, the installed versions an upgrade may target, and how many items are older than the newest.
import { z } from 'zod';
import { db } from '@/lib/db/client';
import { compareVersions, parseVersion, versionsInUse } from './libraries';

export const upgradableTypeSchema = z.object({
  machineName: z.string(),
  title: z.string(),
  /** the newest installed version ("1.2"): the default target */
  newest: z.string(),
  /** every installed version, newest first */
  installed: z.array(z.string()),
  /** items in scope per version, newest first */
  versions: z.array(z.object({ version: z.string(), items: z.number().int(), installed: z.boolean() })),
  /** items in scope on a version older than the newest */
  upgradable: z.number().int(),
});
export type UpgradableType = z.infer<typeof upgradableTypeSchema>;
export const upgradableTypesSchema = z.object({ types: z.array(upgradableTypeSchema) });

export async function upgradableTypes(tenantId: string | null): Promise<z.infer<typeof upgradableTypesSchema>> {
  const [inUse, libs] = await Promise.all([
    versionsInUse(tenantId),
    db().h5pLibrary.findMany({
      where: { runnable: true },
      select: { machineName: true, majorVersion: true, minorVersion: true, title: true },
      orderBy: [{ machineName: 'asc' }, { majorVersion: 'desc' }, { minorVersion: 'desc' }],
    }),
  ]);
  const byName = new Map<string, { title: string; versions: string[] }>();
  for (const l of libs) {
    const e = byName.get(l.machineName) ?? { title: l.title, versions: [] };
    e.versions.push(`${l.majorVersion}.${l.minorVersion}`);
    byName.set(l.machineName, e);
  }
  const types: UpgradableType[] = [];
  for (const [machineName, use] of inUse) {
    const lib = byName.get(machineName);
    if (!lib) continue;
    const newest = parseVersion(lib.versions[0]!)!;
    const upgradable = use.filter((u) => compareVersions(parseVersion(u.version) ?? newest, newest) < 0).reduce((a, u) => a + u.items, 0);
    types.push({
      machineName,
      title: lib.title,
      newest: lib.versions[0]!,
      installed: lib.versions,
      versions: use.map((u) => ({ ...u, installed: lib.versions.includes(u.version) })),
      upgradable,
    });
  }
  types.sort((a, b) => b.upgradable - a.upgradable || a.title.localeCompare(b.title));
  return { types };
}
