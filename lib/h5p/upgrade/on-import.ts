// Imports of content made on an older version of an installed content type (issue 28 item 1): the content is
// upgraded on import to the newest installed version, with the type's own hooks in the sandbox — also when the
// package does not bring the older version, which H5P's PHP validator lets through when the main library "has an
// upgrade". Content whose main library is current but whose sub-content names versions that are not installed is
// run through the same process: the sub-content is upgraded to the versions the main library's semantics offer.
import type { IContentMetadata, ILibraryName } from '@lumieducation/h5p-server';
import { AppError } from '@/lib/errors';
import { h5p } from '@/lib/h5p/engine/server';
import { compareVersions, librarySet, newestInstalled, versionText, type Version } from './libraries';
import { UpgradeSandbox } from './sandbox';
import { upgradeContent } from './upgrade';

export interface ImportUpgrade {
  metadata: IContentMetadata;
  params: unknown;
  from: Version;
  to: Version;
  /** the import revision's note */
  note: string;
}

/** The upgraded metadata and parameters, or null when the content is current. 400 when the upgrade fails. */
export async function upgradeOnImport(metadata: IContentMetadata, params: unknown): Promise<ImportUpgrade | null> {
  const name = metadata?.mainLibrary;
  const deps = Array.isArray(metadata?.preloadedDependencies) ? metadata.preloadedDependencies : [];
  const main = deps.find((d) => d?.machineName === name);
  if (!name || !main || !Number.isInteger(main.majorVersion) || !Number.isInteger(main.minorVersion)) return null;
  const from: Version = { major: main.majorVersion, minor: main.minorVersion };
  const newest = await newestInstalled(name);
  if (!newest || compareVersions(newest, from) < 0) return null;
  if (compareVersions(newest, from) === 0) {
    // current main library: only when sub-content names versions that are not installed
    const { editor } = await h5p();
    const required: ILibraryName[] = [...(metadata.editorDependencies ?? []), ...(metadata.dynamicDependencies ?? []), ...deps];
    const missing = await editor.libraryManager.getNotInstalledLibraries(required);
    if (!missing.length) return null;
  }
  const to = newest;
  const sandbox = new UpgradeSandbox();
  try {
    await sandbox.load(await librarySet({ machineName: name, majorVersion: to.major, minorVersion: to.minor }));
    const result = await upgradeContent(sandbox, { machineName: name, from, to }, params, metadata);
    if (!result.ok) {
      // sub-content that cannot be brought to installed versions: the import's own "needs content types" answer
      if (compareVersions(to, from) === 0) return null;
      throw new AppError(400, `The package's content could not be upgraded to ${name} ${versionText(to)}: ${result.error}`);
    }
    const note =
      compareVersions(to, from) === 0
        ? `Sub-content upgraded on import (${name} ${versionText(to)})`
        : `Upgraded on import from ${name} ${versionText(from)} to ${versionText(to)}`;
    return { metadata: result.metadata, params: result.params, from, to, note };
  } finally {
    sandbox.close();
  }
}
