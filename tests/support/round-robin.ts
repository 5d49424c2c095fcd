// The round-robin proxy of the two-instance test: node:http, each request to the next instance in turn, bodies
// streamed both ways, `x-upstream: <index>` on every answer. The same code is compose.yaml's `proxy` service
// (scripts/round-robin.mjs); the test keeps the X-Forwarded-For its calls send (trustForwardedFor), since each of
// them plays a client address of its own, as every integration test does (tests/support/http.ts).
import { startRoundRobin as start, type RoundRobin } from '../../scripts/round-robin.mjs';

export type { RoundRobin };

export const startRoundRobin = (upstreams: string[]): Promise<RoundRobin> => start({ upstreams, trustForwardedFor: true });
