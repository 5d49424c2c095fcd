// The H5P engine of the service: Lumi's H5PEditor, H5PPlayer and AJAX endpoint over storages that several
// instances can share (PostgreSQL for metadata, parameters, settings and user data; the file store — DATA_DIR or
// S3 — for files; Redis for the library cache and the install lock). Created once per process.
import {
  cacheImplementations,
  H5PAjaxEndpoint,
  H5PConfig,
  H5PEditor,
  H5PPlayer,
  UrlGenerator,
  type IUser,
} from '@lumieducation/h5p-server';
import type Redis from 'ioredis';
import { config } from '@/lib/config';
import { cache } from '@/lib/cache';
import { RedisCache } from '@/lib/cache/redis';
import { log } from '@/lib/log';
import { lockProvider } from './lock';
import { RolePermissionSystem, type H5pActor } from './permissions';
import { DbContentStorage } from './storage/content-storage';
import { DbKeyValueStorage } from './storage/key-value';
import { LocalLibraryCache } from './storage/library-cache';
import { DbLibraryStorage } from './storage/library-storage';
import { StoreTemporaryFileStorage } from './storage/temporary-storage';
import { DbContentUserDataStorage } from './storage/user-data';
import type { SemanticsField, SemanticsLoader } from './sanitize';
import { h5pTranslate } from './translations';

export const MAX_FILE_SIZE = 100 * 1024 * 1024; // single file in content (spec "Sizes and time")
export const MAX_TOTAL_SIZE = 500 * 1024 * 1024; // total content size and import file
export const HUB_TIMEOUT_MS = 10_000;

export interface H5pEngine {
  config: H5PConfig;
  editor: H5PEditor;
  player: H5PPlayer;
  ajax: H5PAjaxEndpoint;
  libraryStorage: DbLibraryStorage;
  contentStorage: DbContentStorage;
  keyValue: DbKeyValueStorage;
  /** the installed libraries' semantics (undefined when not installed): injected into the content storage's filter, used by AI */
  semantics: SemanticsLoader;
}

function redisClient(): Redis | undefined {
  const c = cache();
  return c instanceof RedisCache ? c.client : undefined;
}

export function h5pConfig(): H5PConfig {
  const hub = config().h5p.hubUrl;
  return new H5PConfig(undefined, {
    baseUrl: '/h5p',
    ajaxUrl: '/ajax',
    contentFilesUrl: '/content',
    contentUserDataUrl: '/contentUserData',
    coreUrl: '/core',
    downloadUrl: '/download',
    editorLibraryUrl: '/editor',
    librariesUrl: '/libraries',
    paramsUrl: '/params',
    playUrl: '/play',
    setFinishedUrl: '/finishedData',
    temporaryFilesUrl: '/temp',
    setFinishedEnabled: true,
    contentUserStateSaveInterval: 10_000,
    hubRegistrationEndpoint: `${hub}/sites`,
    hubContentTypesEndpoint: `${hub}/content-types/`,
    contentHubEnabled: false,
    sendUsageStatistics: false,
    maxFileSize: MAX_FILE_SIZE,
    maxTotalSize: MAX_TOTAL_SIZE,
    platformName: 'Lumen Learn',
    platformVersion: '0.1.0',
    siteType: 'network',
    // the H5P core is h5p-standalone's (scripts/setup-h5p.mjs); its API level
    coreApiVersion: { major: 1, minor: 27 },
    h5pVersion: '1.27.0',
    installLibraryLockMaxOccupationTime: 60_000,
    installLibraryLockTimeout: 60_000,
  });
}

const g = globalThis as unknown as { __lumenH5p?: Promise<H5pEngine>; __lumenH5pReady?: H5pEngine };

async function create(): Promise<H5pEngine> {
  const cfg = h5pConfig();
  const keyValue = new DbKeyValueStorage();
  const redis = redisClient();
  const libraryStorage = new DbLibraryStorage();
  // library metadata in-process, dropped on every instance when a library changes
  const cachedLibraries = new cacheImplementations.CachedLibraryStorage(libraryStorage, new LocalLibraryCache() as any);
  // the semantics filter every stored parameter goes through reads the libraries' semantics through the engine's
  // library manager (injected: the storage and the filter do not import the engine)
  const semantics: SemanticsLoader = async (lib) => (await editor.libraryManager.getSemantics(lib).catch(() => undefined)) as SemanticsField[] | undefined;
  const contentStorage = new DbContentStorage(semantics);
  const userData = new DbContentUserDataStorage();
  // the bearer token of the caller goes into the AJAX addresses (embeds and the editor pass ?token=)
  const urlGenerator = new UrlGenerator(cfg, {
    queryParamGenerator: (user: IUser) => ({ name: 'token', value: (user as Partial<H5pActor>).token ?? '' }),
    protectAjax: true,
    protectContentUserData: true,
    protectSetFinished: true,
  });
  const permissionSystem = new RolePermissionSystem();
  const editor = new H5PEditor(
    keyValue,
    cfg,
    cachedLibraries,
    contentStorage,
    new StoreTemporaryFileStorage(),
    h5pTranslate,
    urlGenerator,
    { lockProvider: lockProvider(redis), permissionSystem, enableHubLocalization: false, enableLibraryNameLocalization: false },
    userData,
  );
  // the hub must never hang a request: bounded waits on every hub call
  for (const holder of [editor.contentTypeCache, editor.contentTypeRepository] as unknown as { httpClient?: { defaults: { timeout?: number } } }[]) {
    if (holder.httpClient) holder.httpClient.defaults.timeout = HUB_TIMEOUT_MS;
  }
  editor.setRenderer((model) => model);
  const player = new H5PPlayer(cachedLibraries, contentStorage, cfg, undefined, urlGenerator, h5pTranslate, { permissionSystem }, userData);
  player.setRenderer((model) => model);
  memoizeLocalizer(player as unknown as { semanticsLocalizer: Localizer });
  const ajax = new H5PAjaxEndpoint(editor);

  // The content hub is off (contentHubEnabled: false), yet the editor still asks for its metadata and the
  // library would fetch it from h5p.org (pitfall 3 of the offline notes): answer with empty metadata instead.
  (editor.contentHub as unknown as { getMetadata: () => Promise<unknown> }).getMetadata = async () => EMPTY_HUB_METADATA;
  libraryStorage.syncIndex().catch((err) => log.warn({ err }, 'H5P library index sync failed'));
  return { config: cfg, editor, player, ajax, libraryStorage, contentStorage, keyValue, semantics };
}

interface Localizer {
  localize(semantics: unknown, language: string, localizeAllFields?: boolean): unknown;
}

/**
 * The player translates H5P's client strings on every render (a walk over every string); the result depends only
 * on the strings object and the language, so it is kept (per process) after the first render in a language.
 */
function memoizeLocalizer(holder: { semanticsLocalizer: Localizer }): void {
  const localizer = holder.semanticsLocalizer;
  const original = localizer.localize.bind(localizer);
  const memo = new WeakMap<object, Map<string, unknown>>();
  localizer.localize = (semantics, language, all) => {
    if (!semantics || typeof semantics !== 'object') return original(semantics, language, all);
    let byLanguage = memo.get(semantics);
    if (!byLanguage) memo.set(semantics, (byLanguage = new Map()));
    const key = `${language}\u0000${all ? 1 : 0}`;
    if (!byLanguage.has(key)) byLanguage.set(key, original(semantics, language, all));
    return byLanguage.get(key);
  };
}

const EMPTY_HUB_METADATA = { disciplines: [], languages: [], levels: [], licenses: [] };

/** The H5P engine of this process. */
/** The installed libraries' semantics, for the semantics filter (engine/sanitize.ts) and AI (lib/ai/semantics.ts). */
export async function semanticsLoader(): Promise<SemanticsLoader> {
  return (await h5p()).semantics;
}

export function h5p(): Promise<H5pEngine> {
  g.__lumenH5p ??= create().then(
    (engine) => (g.__lumenH5pReady = engine),
    (err) => {
      g.__lumenH5p = undefined;
      throw err;
    },
  );
  return g.__lumenH5p;
}

/** The engine once it has been made (no promise: the player's model asks this first); undefined before. */
export function h5pNow(): H5pEngine | undefined {
  return g.__lumenH5pReady;
}
