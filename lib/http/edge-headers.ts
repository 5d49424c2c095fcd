// The headers of every path class come from one module, server/header-policy.mjs (plain JavaScript, so the front
// server applies it to every response too); proxy.ts and the fast lane use it through here.
export { POLICY_APPLIED, applyHeaderPolicy, edgeHeaders, isWorkspacePage, newNonce, pathClass, proxyHeaders, workspacePageCsp } from '../../server/header-policy.mjs';
export { STREAMING_UPLOADS } from '../../server/paths.mjs';
