// IKeyValueStorage over h5p_key_values (content type cache, hub registration, H5P settings): shared by
// every instance.
import type { IKeyValueStorage } from '@lumieducation/h5p-server';
import { db, Prisma } from '@/lib/db/client';

export class DbKeyValueStorage implements IKeyValueStorage {
  async load(key: string): Promise<unknown> {
    const row = await db().h5pKeyValue.findUnique({ where: { key } });
    return row ? (row.value as { v: unknown }).v : undefined;
  }

  async save(key: string, value: unknown): Promise<void> {
    // wrapped in { v } so any JSON value (also null and scalars) round-trips
    const v = { v: value === undefined ? null : JSON.parse(JSON.stringify(value)) } as Prisma.InputJsonValue;
    await db().h5pKeyValue.upsert({ where: { key }, create: { key, value: v }, update: { value: v } });
  }
}
