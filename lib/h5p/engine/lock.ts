// ILockProvider over Redis (SET NX PX + compare-and-delete) so library installs are serialised across
// instances; the in-process SimpleLockProvider when REDIS_URL is unset (one instance only).
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { SimpleLockProvider, type ILockProvider } from '@lumieducation/h5p-server';

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export class RedisLockProvider implements ILockProvider {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'h5p:lock:',
    private readonly pollMs = 50,
  ) {}

  async acquire<T>(key: string, callback: () => Promise<T>, options: { timeout: number; maxOccupationTime: number }): Promise<T> {
    const k = this.prefix + key;
    const token = randomUUID();
    const deadline = Date.now() + options.timeout;
    for (;;) {
      const ok = await this.redis.set(k, token, 'PX', Math.max(1, options.maxOccupationTime), 'NX');
      if (ok === 'OK') break;
      if (Date.now() >= deadline) throw new Error('timeout');
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        callback(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('occupation-time-exceeded')), options.maxOccupationTime);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      await this.redis.eval(RELEASE, 1, k, token).catch(() => undefined);
    }
  }
}

export function lockProvider(redis: Redis | undefined): ILockProvider {
  return redis ? new RedisLockProvider(redis) : new SimpleLockProvider();
}
