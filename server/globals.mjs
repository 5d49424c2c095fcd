// What the front server and the app hand each other through globalThis, named once. They share a process but not
// module instances (the server's plain .mjs is loaded by Node, the app by Next.js's bundles), so globalThis is
// the meeting point; both sides go through these accessors, typed in server/globals.d.mts, rather than each
// casting globalThis to its own idea of the names. The app's private per-process singletons (its cache, Redis
// clients, …) stay where they are: nothing on the server side reads them.
const g = globalThis;

/** The app's fast lane (lib/http/fast-lane.ts), registered at start-up; the server asks it before Next.js. */
export const setFastLane = (lane) => {
  g.__lumenFastLane = lane;
};
export const fastLane = () => g.__lumenFastLane;

/** What the server needs from the app to serve static H5P files (lib/h5p/engine/front-files.ts). */
export const setFrontFiles = (hooks) => {
  g.__lumenFrontFiles = hooks;
};
export const frontFiles = () => g.__lumenFrontFiles;

/** Set by server/static-files.mjs when it loads: this front server answers asset bundles (server/asset-bundle.mjs). */
export const markFrontBundles = () => {
  g.__lumenFrontBundles = true;
};
export const frontBundles = () => g.__lumenFrontBundles === true;

/** Work the app must finish before the process exits (view counts); server/start.mjs runs them on shutdown. */
export const addShutdownHook = (hook) => {
  (g.__lumenShutdownHooks ??= []).push(hook);
};
export const shutdownHooks = () => g.__lumenShutdownHooks ?? [];
