// One structured logger. Secrets never go through it: callers log ids and messages, not tokens or bodies.
import pino from 'pino';
import { config } from '@/lib/config';

const g = globalThis as unknown as { __lumenLog?: pino.Logger };

function make(): pino.Logger {
  let level: pino.LevelWithSilent = 'info';
  try {
    level = config().logLevel;
  } catch {
    /* config errors are reported by start-up; keep logging */
  }
  return pino({
    level,
    base: { service: 'lumen' },
    redact: {
      paths: ['*.password', '*.token', '*.accessToken', '*.refreshToken', '*.access_token', '*.refresh_token', '*.id_token', '*.authorization', '*.cookie', '*.secret', '*.apiKey'],
      censor: '[redacted]',
    },
  });
}

export const log: pino.Logger = new Proxy({} as pino.Logger, {
  get(_t, prop) {
    g.__lumenLog ??= make();
    const v = (g.__lumenLog as unknown as Record<string | symbol, unknown>)[prop];
    return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(g.__lumenLog) : v;
  },
});

/** An audit record (admin actions, erasures): a structured info line with `audit: true`, the actor and the action. */
export const audit = (actorId: string | undefined, action: string, details: Record<string, unknown>) => log.info({ audit: true, actorId, action, ...details }, `admin: ${action}`);
