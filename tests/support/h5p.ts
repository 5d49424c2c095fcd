// H5P helpers of the integration tests: installs the test libraries through the app's real hub path (the
// stand-in hub) once, and creates content through the API.
import { api } from './http';
import { signedIn } from './factories';
import { SAMPLE_PARAMS, aiLibrariesPackage, libraryString } from './h5p-packages';

let installed: Promise<void> | undefined;

/** Installs the project's test content types from the stand-in hub (as an admin, through POST /h5p/libraries/install). */
export function installTestLibraries(): Promise<void> {
  installed ??= (async () => {
    const admin = await signedIn(['super_admin']);
    for (const name of Object.keys(SAMPLE_PARAMS)) {
      const res = await api('POST', '/h5p/libraries/install', { token: admin.token, body: { machineName: name } });
      if (res.status !== 200) throw new Error(`install ${name} failed: ${res.status} ${res.text}`);
    }
  })();
  return installed;
}

let aiInstalled: Promise<void> | undefined;

/** Installs the AI issue's container types too (their sub-content types first): a super admin imports a package that carries them. */
export function installAiLibraries(): Promise<void> {
  aiInstalled ??= (async () => {
    await installTestLibraries();
    const admin = await signedIn(['super_admin']);
    const fd = new FormData();
    fd.append('h5p', new Blob([new Uint8Array(aiLibrariesPackage())], { type: 'application/zip' }), 'ai-libraries.h5p');
    const res = await api('POST', '/h5p/import', { token: admin.token, body: fd });
    if (res.status !== 201 && res.status !== 200) throw new Error(`AI libraries import failed: ${res.status} ${res.text}`);
  })();
  return aiInstalled;
}

export async function createContent(token: string, machineName: string, metadata: Record<string, unknown> = {}, params?: unknown): Promise<string> {
  const res = await api('POST', '/h5p/content', { token, body: { library: libraryString(machineName), params: params ?? SAMPLE_PARAMS[machineName], metadata } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data.contentId as string;
}
