// What each route() handler was built with, kept so the API document (lib/http/openapi.ts) reads a route's
// auth level, tier and zod schemas from the one object the route itself runs on.
import type { ZodType } from 'zod';
import type { AuthLevel, RouteOptions } from './route';
import type { Tier } from './rate-limit';

/** A route's options with its auth level and tier resolved (route() applies the defaults). */
export type RecordedOptions = RouteOptions<ZodType | undefined, ZodType | undefined, ZodType | undefined> & { auth: AuthLevel; tier: Tier };

const recorded = new WeakMap<object, RecordedOptions>();

/** Called by route() for every handler it makes. */
export function recordRoute(handler: object, options: RecordedOptions): void {
  recorded.set(handler, options);
}

/** The options a route() handler was made with, or undefined for a hand-written handler. */
export function routeOptionsOf(handler: unknown): RecordedOptions | undefined {
  return typeof handler === 'function' ? recorded.get(handler) : undefined;
}
