// Hidden content types (issue 25 item 6): types that cannot work here — they depend on services that were retired
// — are left out of the create page's picker and of the H5P editor's own selector (the content type cache answer,
// lib/h5p/http/ajax.ts). A default list lives in code; an admin's edit is stored as one row of h5p_key_values and
// replaces it (so a default can be un-hidden too).
//
// Scope: one list for the whole service. Installed libraries and the hub's content type cache are service-wide,
// and "this type cannot work" is a fact about the type, not about a school. Changing it changes what every tenant
// sees, so only a super_admin may (as for installing libraries from packages); every admin may read it.
import { z } from 'zod';
import { db } from '@/lib/db/client';
import { audit } from '@/lib/log';

export const HIDDEN_TYPES_KEY = 'lumen:hidden-content-types';

export interface HiddenType {
  machineName: string;
  reason: string;
}

/** The list in code: what is hidden until an admin says otherwise. */
export const DEFAULT_HIDDEN_TYPES: readonly HiddenType[] = [
  { machineName: 'H5P.AppearIn', reason: 'appear.in, the video chat service it embeds, was shut down (now Whereby).' },
  { machineName: 'H5P.TwitterUserFeed', reason: "Twitter's embedded timelines no longer load without an X account; the feed stays empty." },
];

const MACHINE_NAME = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

export const hiddenTypeSchema = z.object({
  machineName: z.string().trim().regex(MACHINE_NAME, { message: 'must be a library machine name such as H5P.AppearIn' }).max(255),
  reason: z.string().trim().max(500, { message: 'must be at most 500 characters' }).default(''),
});

/** PUT /api/admin/content-types/hidden: the whole list (it replaces the stored one). */
export const hiddenTypesBody = z.object({
  types: z
    .array(hiddenTypeSchema, { message: 'must be a list of { machineName, reason }' })
    .max(200, { message: 'must name at most 200 content types' })
    .refine((list) => new Set(list.map((t) => t.machineName)).size === list.length, { message: 'must name each machine name once' }),
});

export const hiddenTypesSchema = z.object({
  types: z.array(z.object({ machineName: z.string(), reason: z.string() })),
  /** true while no admin has edited the list (the defaults apply) */
  isDefault: z.boolean(),
  defaults: z.array(z.object({ machineName: z.string(), reason: z.string() })),
});
export type HiddenTypes = z.infer<typeof hiddenTypesSchema>;

const storedSchema = z.object({ types: z.array(z.object({ machineName: z.string(), reason: z.string() })) });

/** The hidden types: the stored list when an admin edited it, else the defaults. */
export async function hiddenTypes(): Promise<HiddenTypes> {
  const row = await db().h5pKeyValue.findUnique({ where: { key: HIDDEN_TYPES_KEY } });
  const stored = row ? storedSchema.safeParse(row.value) : null;
  const defaults = DEFAULT_HIDDEN_TYPES.map((t) => ({ ...t }));
  if (stored?.success) return { types: stored.data.types, isDefault: false, defaults };
  return { types: defaults, isDefault: true, defaults };
}

/** The machine names to leave out of every list of types the editor or the picker offers. */
export async function hiddenMachineNames(): Promise<Set<string>> {
  return new Set((await hiddenTypes()).types.map((t) => t.machineName));
}

/** Replaces the list (audited). The body was validated by the route's schema. */
export async function setHiddenTypes(actorId: string | undefined, input: z.output<typeof hiddenTypesBody>): Promise<HiddenTypes> {
  const types = input.types.map((t) => ({ machineName: t.machineName, reason: t.reason }));
  await db().h5pKeyValue.upsert({ where: { key: HIDDEN_TYPES_KEY }, create: { key: HIDDEN_TYPES_KEY, value: { types } }, update: { value: { types } } });
  audit(actorId, 'set hidden content types', { machineNames: types.map((t) => t.machineName) });
  return hiddenTypes();
}

/** The content type cache answer of the H5P editor's own selector, without the hidden types. */
export async function withoutHiddenTypes<T>(answer: T): Promise<T> {
  const a = answer as { libraries?: { machineName?: string }[] } | null;
  if (!a || !Array.isArray(a.libraries)) return answer;
  const hidden = await hiddenMachineNames();
  if (!hidden.size) return answer;
  return { ...a, libraries: a.libraries.filter((l) => !l.machineName || !hidden.has(l.machineName)) } as T;
}
