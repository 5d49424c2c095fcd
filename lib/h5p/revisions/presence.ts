// "Ana is editing" (issue 27 item 2, a hint only): an open editor tells the server every PRESENCE_BEAT_MS that its
// user is editing the item; the shared cache keeps, per item, who did so within PRESENCE_TTL_MS. Nothing is locked:
// the hint only warns; the revision check (record.ts) is what keeps saves from overwriting each other. Two beats at
// the same moment may drop one of them until its next beat, which a hint can afford.
import { cache } from '@/lib/cache';
import { z } from 'zod';

export const PRESENCE_BEAT_MS = 20_000;
export const PRESENCE_TTL_MS = 45_000;

export const editorSchema = z.object({ id: z.string(), name: z.string(), since: z.string() });
export const presenceSchema = z.object({ editors: z.array(editorSchema) });
export type Editor = z.infer<typeof editorSchema>;

type Entry = { name: string; since: string; until: number };
const key = (contentId: string) => `presence:content:${contentId}`;

async function read(contentId: string, now: number): Promise<Record<string, Entry>> {
  try {
    const raw = await cache().get(key(contentId));
    const all = raw ? (JSON.parse(raw) as Record<string, Entry>) : {};
    return Object.fromEntries(Object.entries(all).filter(([, e]) => e && e.until > now));
  } catch {
    return {};
  }
}

/** Who else is editing the item now (not `exceptUserId`). */
export async function editorsOf(contentId: string, exceptUserId: string | null, now = Date.now()): Promise<Editor[]> {
  const live = await read(contentId, now);
  return Object.entries(live)
    .filter(([id]) => id !== exceptUserId)
    .map(([id, e]) => ({ id, name: e.name, since: e.since }))
    .sort((a, b) => a.since.localeCompare(b.since));
}

/** The user's beat (their editor is open), answering who else is editing. */
export async function beat(contentId: string, user: { id: string; name: string }, now = Date.now()): Promise<Editor[]> {
  const live = await read(contentId, now);
  live[user.id] = { name: user.name, since: live[user.id]?.since ?? new Date(now).toISOString(), until: now + PRESENCE_TTL_MS };
  await cache().set(key(contentId), JSON.stringify(live), PRESENCE_TTL_MS);
  return editorsOf(contentId, user.id, now);
}

/** The user closed their editor. */
export async function leave(contentId: string, userId: string, now = Date.now()): Promise<void> {
  const live = await read(contentId, now);
  if (!(userId in live)) return;
  delete live[userId];
  if (Object.keys(live).length) await cache().set(key(contentId), JSON.stringify(live), PRESENCE_TTL_MS);
  else await cache().del(key(contentId));
}
