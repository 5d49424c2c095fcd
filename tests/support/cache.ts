// Announces a change to the app instances' in-process caches the way the app does (lib/cache/redis.ts): the
// next generation and the message, published on the Redis database's channel. Tests that change rows directly
// and need every instance to see it at once (not a few ms later through the database's own announcement) use it.
import Redis from 'ioredis';
import { GENERATION_KEY, invalidationChannel } from '@/lib/cache/redis';
import { testRedisUrl } from './env';

let client: Redis | undefined;

export async function announceChange(cache: string, ...keys: string[]): Promise<void> {
  client ??= new Redis(testRedisUrl(), { lazyConnect: false });
  const gen = await client.incr(GENERATION_KEY);
  await client.publish(invalidationChannel(client.options.db), `${gen} ${[cache, ...(keys.length ? keys : ['*'])].join('\t')}`);
}
