// What the AI integration tests share: an app instance on the suite's database and files that talks to the stand-in
// provider (tests/support/ai-standin.ts), a small web site on this machine for the URL sources, and the credits count.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { db } from '@/lib/db/client';
import { AI_KEY, type AiStandin } from './ai-standin';
import { appEnv } from './global-setup';

/** The environment of an app instance that talks to the stand-in provider (the suite's database and DATA_DIR). */
export const aiAppEnv = (ai: AiStandin, extra: Record<string, string> = {}): Record<string, string> => ({
  ...appEnv(inject('idpUrl')),
  DATA_DIR: inject('appDataDir'),
  AI_API_URL: ai.url,
  AI_API_KEY: AI_KEY,
  AI_MODEL: 'test-model',
  ...extra,
});

export interface Site {
  port: number;
  close(): void;
}

/** A web site on every interface of this machine: `pages` maps a path to its answer (it gets the site's port). */
export async function startSite(pages: Record<string, (res: http.ServerResponse, port: number) => void>): Promise<Site> {
  let port = 0;
  const server = http.createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (page) page(res, port);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  port = (server.address() as AddressInfo).port;
  return { port, close: () => void server.close() };
}

/** The AI credits the user has used this month. */
export const aiUsed = async (userId: string) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).aiGenerationsThisMonth;
