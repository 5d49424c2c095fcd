// Content-Security-Policy of the player page (lib/h5p/embed.ts): nonce-bound, written with every page; the policy
// itself lives with every other path's headers in scripts/header-policy.mjs.
export { CONTENT_PLAYER_SANDBOX, PLAYER_SANDBOX, playerCsp } from '../../scripts/header-policy.mjs';
export { CONTENT_ORIGIN_HEADER } from '../../scripts/content-origin.mjs';
