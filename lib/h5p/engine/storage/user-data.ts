// IContentUserDataStorage over h5p_content_user_data (saved state) and h5p_finished_data (results).
import type { ContentId, IContentUserData, IContentUserDataStorage, IFinishedUserData, IUser } from '@lumieducation/h5p-server';
import { invalidate, localCache } from '@/lib/cache/local';
import { db, dbPool } from '@/lib/db/client';

/**
 * A viewer's saved states of one item (what the player loads on every play), in-process for seconds: dropped on
 * every instance when the app writes them (through Redis) or anything else does (the table's trigger announces it).
 */
const STATES_TTL_MS = 30_000;
const statesCache = () => localCache<IContentUserData[]>('userStates', { ttlMs: STATES_TTL_MS, max: 20_000 });
/** the key of one viewer's states of one item in one context (the trigger builds the same one) */
export const statesKey = (contentId: string, userId: string, contextId: string) => `${contentId}\u0001${userId}\u0001${contextId}`;
const forgetStates = (...keys: string[]) => invalidate('userStates', ...keys);

/** one viewer's state of one item part: written whole, whatever was there (the table's unique key) */
const SAVE_STATE_SQL = `INSERT INTO h5p_content_user_data
    (id, content_id, user_id, data_type, sub_content_id, context_id, user_state, invalidate, preload, created_at, updated_at)
  VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, now(), now())
  ON CONFLICT (content_id, user_id, data_type, sub_content_id, context_id)
  DO UPDATE SET user_state = EXCLUDED.user_state, invalidate = EXCLUDED.invalidate, preload = EXCLUDED.preload, updated_at = now()`;

type Row = { contentId: string; userId: string; dataType: string; subContentId: string; contextId: string; userState: string; invalidate: boolean; preload: boolean };

const toData = (r: Row): IContentUserData => ({
  contentId: r.contentId,
  userId: r.userId,
  dataType: r.dataType,
  subContentId: r.subContentId,
  contextId: r.contextId || undefined,
  userState: r.userState,
  invalidate: r.invalidate,
  preload: r.preload,
});

const toFinished = (r: { contentId: string; userId: string; score: number; maxScore: number; openedTimestamp: bigint; finishedTimestamp: bigint; completionTime: number }): IFinishedUserData => ({
  contentId: r.contentId,
  userId: r.userId,
  score: r.score,
  maxScore: r.maxScore,
  openedTimestamp: Number(r.openedTimestamp),
  finishedTimestamp: Number(r.finishedTimestamp),
  completionTime: r.completionTime,
});

/**
 * Lumi calls getContentUserDataByContentIdAndUser only to preload the player's states. A viewer without a saved
 * state gets an explicit "none" (JSON false: H5P starts fresh, without the content-changed notice a null brings),
 * so the player does not ask the server for it before it can render — one round trip less on every first visit.
 */
function withFreshState(states: IContentUserData[], contentId: string, userId: string, context: string): IContentUserData[] {
  if (!states.some((x) => x.dataType === 'state' && String(x.subContentId) === '0')) {
    states = [...states, { contentId, userId, dataType: 'state', subContentId: '0', contextId: context || undefined, userState: 'false', invalidate: false, preload: true }];
  }
  return states;
}

/** What the player preloads of states (ContentUserDataManager.generateContentUserDataIntegration's answer): each preloaded state by part, as { [dataType]: userState }. */
export function preloadIntegration(states: IContentUserData[]): Record<string, string>[] {
  return states
    .filter((s) => s.preload === true)
    .sort((a, b) => Number(a.subContentId) - Number(b.subContentId))
    .map((s) => ({ [s.dataType]: s.userState }));
}

/**
 * A viewer's preloaded states of an item (no context) from memory, without a promise, as JSON text — what
 * generateContentUserDataIntegration answers a viewer who may read the item (the player's model asks this first);
 * undefined when they must be loaded.
 */
export function preloadedStatesJsonNow(contentId: string, userId: string): string | undefined {
  const states = statesCache().get(statesKey(contentId, userId, ''));
  if (!states) return undefined;
  // serialised once per loaded set of states (a saved state drops the set: forgetStates)
  let json = preloadJson.get(states);
  if (json === undefined) {
    json = JSON.stringify(preloadIntegration(withFreshState(states, contentId, userId, '')));
    preloadJson.set(states, json);
  }
  return json;
}

const preloadJson = new WeakMap<IContentUserData[], string>();

export class DbContentUserDataStorage implements IContentUserDataStorage {
  async createOrUpdateContentUserData(d: IContentUserData): Promise<void> {
    const where = {
      contentId: String(d.contentId),
      userId: String(d.userId),
      dataType: d.dataType,
      subContentId: String(d.subContentId ?? '0'),
      contextId: d.contextId ?? '',
    };
    // the players' most frequent write (every 10 s of every open item): one prepared statement on the pool, not
    // Prisma's upsert (docs/performance.md, "Saved state")
    await dbPool().query({
      name: 'h5p-user-state-upsert',
      text: SAVE_STATE_SQL,
      values: [where.contentId, where.userId, where.dataType, where.subContentId, where.contextId, d.userState, Boolean(d.invalidate), Boolean(d.preload)],
    });
    await forgetStates(statesKey(where.contentId, where.userId, where.contextId));
  }

  async deleteInvalidatedContentUserData(contentId: ContentId): Promise<void> {
    await db().h5pContentUserData.deleteMany({ where: { contentId: String(contentId), invalidate: true } });
    await forgetStates();
  }

  async deleteAllContentUserDataByUser(user: IUser): Promise<void> {
    await db().h5pContentUserData.deleteMany({ where: { userId: user.id } });
    await forgetStates();
  }

  async deleteAllContentUserDataByContentId(contentId: ContentId): Promise<void> {
    await db().h5pContentUserData.deleteMany({ where: { contentId: String(contentId) } });
    await forgetStates();
  }

  async getContentUserData(contentId: ContentId, dataType: string, subContentId: string, userId: string, contextId?: string): Promise<IContentUserData> {
    const r = await db().h5pContentUserData.findFirst({
      where: { contentId: String(contentId), dataType, subContentId: String(subContentId), userId, contextId: contextId ?? '' },
    });
    return (r ? toData(r) : undefined) as IContentUserData;
  }

  async getContentUserDataByContentIdAndUser(contentId: ContentId, userId: string, contextId?: string): Promise<IContentUserData[]> {
    const id = String(contentId);
    const context = contextId ?? '';
    const states = await statesCache().getOrLoad(statesKey(id, userId, context), async () =>
      (await db().h5pContentUserData.findMany({ where: { contentId: id, userId, contextId: context } })).map(toData),
    );
    return withFreshState(
      states.map((x) => ({ ...x })),
      id,
      userId,
      context,
    );
  }

  async getContentUserDataByUser(user: IUser): Promise<IContentUserData[]> {
    return (await db().h5pContentUserData.findMany({ where: { userId: user.id } })).map(toData);
  }

  async createOrUpdateFinishedData(f: IFinishedUserData): Promise<void> {
    const data = {
      score: Math.round(f.score),
      maxScore: Math.round(f.maxScore),
      openedTimestamp: BigInt(Math.round(f.openedTimestamp || 0)),
      finishedTimestamp: BigInt(Math.round(f.finishedTimestamp || 0)),
      completionTime: Math.round(f.completionTime || 0),
    };
    await db().h5pFinishedData.upsert({
      where: { contentId_userId: { contentId: String(f.contentId), userId: String(f.userId) } },
      create: { contentId: String(f.contentId), userId: String(f.userId), ...data },
      update: data,
    });
  }

  async getFinishedDataByContentId(contentId: ContentId): Promise<IFinishedUserData[]> {
    return (await db().h5pFinishedData.findMany({ where: { contentId: String(contentId) } })).map(toFinished);
  }

  async getFinishedDataByUser(user: IUser): Promise<IFinishedUserData[]> {
    return (await db().h5pFinishedData.findMany({ where: { userId: user.id } })).map(toFinished);
  }

  async deleteFinishedDataByContentId(contentId: ContentId): Promise<void> {
    await db().h5pFinishedData.deleteMany({ where: { contentId: String(contentId) } });
  }

  async deleteFinishedDataByUser(user: IUser): Promise<void> {
    await db().h5pFinishedData.deleteMany({ where: { userId: user.id } });
  }
}
