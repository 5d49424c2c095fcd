import type http from 'node:http';

export function refuseTarget(target: string | undefined): string | null;
export function serverTimeouts(env?: Record<string, string | undefined>): { requestTimeout: number; headersTimeout: number; idleTimeout: number };
export function startServer(opts?: { dev?: boolean; dir?: string; port?: number; hostname?: string }): Promise<{ server: http.Server; contentServer: http.Server | null; app: unknown; content: import('./content-origin.mjs').ContentOrigin }>;
