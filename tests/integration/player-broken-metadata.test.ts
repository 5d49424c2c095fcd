// Content whose stored metadata does not name its content type's version (rows written outside the service, e.g.
// by an older migration or a hand-made seed) is refused with a clear 422 instead of crashing the player (500).
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { createContent, installTestLibraries } from '../support/h5p';
import { api } from '../support/http';

beforeAll(async () => {
  await installTestLibraries();
});

describe('playing content with incomplete metadata', () => {
  it('answers 422 with a sentence instead of a 500', async () => {
    const s = await signedIn(['teacher']);
    const id = await createContent(s.token, 'H5P.MultiChoice', { title: 'No dependencies' });
    await db().$executeRawUnsafe('UPDATE h5p_contents SET metadata = $1::jsonb WHERE id = $2', JSON.stringify({ title: 'No dependencies', mainLibrary: 'H5P.MultiChoice', embedTypes: ['iframe'] }), id);
    const res = await api('GET', `/h5p/play/${id}`, { token: s.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, error: 'Content cannot be played: it does not name the version of H5P.MultiChoice it needs' });
  });
});
