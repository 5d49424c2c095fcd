// Content-Security-Policy of the player page (lib/h5p/player/embed.ts): nonce-bound, written with every page; the policy
// itself lives with every other path's headers in server/header-policy.mjs.
export { CONTENT_PLAYER_SANDBOX, PLAYER_SANDBOX, playerCsp } from '@/server/header-policy.mjs';
export { CONTENT_ORIGIN_HEADER } from '@/server/content-origin.mjs';
