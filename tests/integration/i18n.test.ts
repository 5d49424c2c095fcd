// Issue 8 item 9: the interface language is chosen per user (PUT /api/auth/me/preferences), before sign-in by the
// browser's Accept-Language (or the `locale` cookie), and the same language reaches the H5P player's own texts.
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSignIn } from '../support/browser';
import { createIdpUser, signedIn, uniqueEmail } from '../support/factories';
import { createContent, installTestLibraries } from '../support/h5p';
import { api } from '../support/http';

beforeAll(async () => {
  await installTestLibraries();
});

describe('language preference', () => {
  it('is saved on the account, read back, and reset to follow the browser', async () => {
    const s = await signedIn(['teacher']);
    const before = await api('GET', '/api/auth/me/preferences', { token: s.token });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ language: null, languages: ['en', 'de'] });
    const put = await api('PUT', '/api/auth/me/preferences', { token: s.token, body: { language: 'de' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ success: true, message: 'Preferences saved', data: { language: 'de' } });
    expect((await api('GET', '/api/auth/me/preferences', { token: s.token })).body.data.language).toBe('de');
    const reset = await api('PUT', '/api/auth/me/preferences', { token: s.token, body: { language: null } });
    expect(reset.body.data.language).toBeNull();
  });

  it('refuses an unknown language or field with a validation error and changes nothing', async () => {
    const s = await signedIn(['student']);
    const bad = await api('PUT', '/api/auth/me/preferences', { token: s.token, body: { language: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.error).toMatch(/^Validation error: language: /);
    const extra = await api('PUT', '/api/auth/me/preferences', { token: s.token, body: { language: 'de', admin: true } });
    expect(extra.status).toBe(400);
    expect((await api('GET', '/api/auth/me/preferences', { token: s.token })).body.data.language).toBeNull();
    expect((await api('PUT', '/api/auth/me/preferences', { body: { language: 'de' } })).status).toBe(401);
  });
});

describe('pages in the chosen language', () => {
  it('renders a signed-in German user’s pages in German, with <html lang="de">', async () => {
    const u = await createIdpUser({ email: uniqueEmail('lang'), roles: ['teacher'] });
    const b = await browserSignIn(u.email, u.password);
    expect((await b.call('PUT', '/api/auth/me/preferences', { body: { language: 'de' } })).status).toBe(200);
    const page = await b.call('GET', '/settings');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de"');
    expect(page.text).toContain('Einstellungen');
    expect(page.text).toContain('Meine Inhalte');
    expect(page.text).not.toContain('>My content<');
    // the user's choice wins over the browser's
    const en = await b.call('GET', '/settings', { headers: { 'Accept-Language': 'en-US,en' } });
    expect(en.text).toContain('<html lang="de"');
  });

  it('follows Accept-Language, then the locale cookie, before sign-in', async () => {
    const de = await api('GET', '/login', { headers: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' } });
    expect(de.text).toContain('<html lang="de"');
    const fr = await api('GET', '/login', { headers: { 'Accept-Language': 'fr-FR,fr' } });
    expect(fr.text).toContain('<html lang="en"');
    const cookie = await api('GET', '/login', { headers: { 'Accept-Language': 'en', Cookie: 'locale=de' } });
    expect(cookie.text).toContain('<html lang="de"');
  });
});

describe('H5P player texts', () => {
  it('come in the requested language', async () => {
    const s = await signedIn(['teacher']);
    const id = await createContent(s.token, 'H5P.MultiChoice');
    const de = await api('GET', `/h5p/play/${id}?language=de`, { token: s.token });
    expect(de.status).toBe(200);
    expect(de.body.data.integration.l10n.H5P.fullscreen).toBe('Vollbild');
    const en = await api('GET', `/h5p/play/${id}?language=en`, { token: s.token });
    expect(en.body.data.integration.l10n.H5P.fullscreen).toBe('Fullscreen');
  });
});
