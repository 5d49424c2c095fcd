// One item's upgrade: its parameters and metadata through the sandbox (the content type's own hooks, sub-content
// included), then the metadata a save from the editor would write for the result — the main library and the
// preloaded dependencies of the upgraded parameters (H5PEditor's own computation), without the old editor and
// dynamic dependency lists. Shared by the upgrade jobs and by imports of content on an older version.
import type { IContentMetadata, ILibraryName } from '@lumieducation/h5p-server';
import { h5p } from '@/lib/h5p/engine/server';
import { failureText, type UpgradeSandbox } from './sandbox';
import { versionText, type Version } from './libraries';

export type Upgraded = { ok: true; params: unknown; metadata: IContentMetadata } | { ok: false; error: string };

const DEPENDENCY_KEYS = ['preloadedDependencies', 'editorDependencies', 'dynamicDependencies'] as const;

/** The libraries the parameters name ("H5P.Foo 1.2" in a `library` member), as H5PEditor finds them. */
export function librariesInParams(params: unknown, out = new Map<string, ILibraryName>()): ILibraryName[] {
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (k === 'library' && typeof x === 'string') {
        const m = /^(.+) (\d+)\.(\d+)$/.exec(x);
        if (m) out.set(x, { machineName: m[1]!, majorVersion: Number(m[2]), minorVersion: Number(m[3]) });
      } else walk(x);
    }
  };
  walk(params);
  return [...out.values()];
}

type MetadataMaker = {
  generateContentMetadata(metadata: IContentMetadata, main: ILibraryName, deps: ILibraryName[]): Promise<IContentMetadata>;
};

/** The preloaded dependencies a save of these parameters with this main library writes (memoised per set of libraries). */
export async function dependenciesFor(
  main: ILibraryName,
  params: unknown,
  memo?: Map<string, IContentMetadata['preloadedDependencies']>,
): Promise<IContentMetadata['preloadedDependencies']> {
  const used = librariesInParams(params);
  const key = [
    `${main.machineName} ${main.majorVersion}.${main.minorVersion}`,
    ...used.map((l) => `${l.machineName} ${l.majorVersion}.${l.minorVersion}`).sort(),
  ].join('|');
  const known = memo?.get(key);
  if (known) return known;
  const { editor } = await h5p();
  // H5PEditor's own computation (TypeScript-private, the same one every editor save runs)
  const made = await (editor as unknown as MetadataMaker).generateContentMetadata(
    {
      title: '',
      mainLibrary: main.machineName,
      language: 'und',
      license: 'U',
      embedTypes: ['iframe'],
      preloadedDependencies: [],
      defaultLanguage: 'en',
    } as unknown as IContentMetadata,
    main,
    used,
  );
  const deps = made.preloadedDependencies.map((d) => ({
    machineName: d.machineName,
    majorVersion: d.majorVersion,
    minorVersion: d.minorVersion,
  }));
  memo?.set(key, deps);
  return deps;
}

/** Upgrades one item from `from` to `to` of `machineName` in the sandbox. */
export async function upgradeContent(
  sandbox: UpgradeSandbox,
  target: { machineName: string; from: Version; to: Version },
  params: unknown,
  metadata: IContentMetadata,
  memo?: Map<string, IContentMetadata['preloadedDependencies']>,
): Promise<Upgraded> {
  // the hooks see the content's own metadata (title, licence, authors …), as in H5P, not the dependency lists
  const hookMetadata: Record<string, unknown> = { ...(metadata as unknown as Record<string, unknown>) };
  for (const k of DEPENDENCY_KEYS) delete hookMetadata[k];
  const result = await sandbox.upgrade(
    target.machineName,
    versionText(target.from),
    versionText(target.to),
    JSON.stringify({ params, metadata: hookMetadata }),
  );
  if (!result.ok) return { ok: false, error: failureText(result.error) };
  let out: { params?: unknown; metadata?: unknown };
  try {
    out = JSON.parse(result.content) as typeof out;
  } catch {
    return { ok: false, error: 'The upgrade returned unreadable parameters' };
  }
  if (!out.params || typeof out.params !== 'object' || Array.isArray(out.params))
    return { ok: false, error: 'The upgrade returned no parameters' };
  const main: ILibraryName = { machineName: target.machineName, majorVersion: target.to.major, minorVersion: target.to.minor };
  let preloadedDependencies: IContentMetadata['preloadedDependencies'];
  try {
    preloadedDependencies = await dependenciesFor(main, out.params, memo);
  } catch (err) {
    return { ok: false, error: `The upgraded content needs a library that is not installed (${(err as Error).message})`.slice(0, 500) };
  }
  const upgradedMeta =
    out.metadata && typeof out.metadata === 'object' && !Array.isArray(out.metadata) ? (out.metadata as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = {
    ...(metadata as unknown as Record<string, unknown>),
    ...upgradedMeta,
    mainLibrary: target.machineName,
    preloadedDependencies,
  };
  delete merged.editorDependencies;
  delete merged.dynamicDependencies;
  if (typeof merged.title !== 'string' || !merged.title) merged.title = metadata.title;
  return { ok: true, params: out.params, metadata: merged as unknown as IContentMetadata };
}
