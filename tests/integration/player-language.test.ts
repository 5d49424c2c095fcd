// The player page (/h5p/embed/<id>) in the viewer's language: ?language= when the workspace names it, else the
// browser's Accept-Language (an embed snippet on another site names none); its notices and its busy page too.
import { beforeAll, describe, expect, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { signedIn } from '../support/factories';
import { api, randomIp } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

let contentId: string;
let viewer: string;

beforeAll(async () => {
  await installTestLibraries();
  const teacher = await signedIn(['teacher']);
  contentId = await createContent(teacher.token, 'H5P.MultiChoice');
  viewer = teacher.user.id;
});

const page = async (query: string, acceptLanguage?: string) =>
  api('GET', `/h5p/embed/${contentId}?token=${await issuePlayerToken(viewer, contentId)}${query}`, { headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} });

describe('the player page language', () => {
  it('follows ?language=: H5P texts and the page notices', async () => {
    const de = await page('&language=de', 'en-US,en');
    expect(de.status).toBe(200);
    expect(de.text).toContain('<html class="h5p-iframe" lang="de">');
    expect(de.text).toContain('"fullscreen":"Vollbild"');
    expect(de.text).toContain('Ihr Ergebnis wurde gespeichert.');
    expect(de.text).toContain('Die Aktivität ist ausgelastet; Ihr Ergebnis wird in {seconds} s gespeichert…');
    expect(de.text).not.toContain('Your result has been saved.');
    const en = await page('&language=en', 'de-DE,de');
    expect(en.text).toContain('<html class="h5p-iframe" lang="en">');
    expect(en.text).toContain('"fullscreen":"Fullscreen"');
    expect(en.text).toContain('Your result has been saved.');
  });

  it('follows Accept-Language without ?language=, English when the browser asks for none it has', async () => {
    const de = await page('', 'de-AT,de;q=0.9,en;q=0.5');
    expect(de.text).toContain('<html class="h5p-iframe" lang="de">');
    expect(de.text).toContain('"fullscreen":"Vollbild"');
    const fr = await page('', 'fr-FR,fr');
    expect(fr.text).toContain('<html class="h5p-iframe" lang="en">');
    expect((await page('')).text).toContain('Your result has been saved.');
  });

  it('gives H5P a language the interface lacks; the notices then follow the browser, else English', async () => {
    const fr = await page('&language=fr', 'de');
    expect(fr.status).toBe(200);
    expect(fr.text).toContain('<html class="h5p-iframe" lang="fr">');
    expect(fr.text).toContain('Ihr Ergebnis wurde gespeichert.');
    expect((await page('&language=fr', 'fr-FR')).text).toContain('Your result has been saved.');
  });

  it('answers the busy page in the viewer’s language', async () => {
    const ip = randomIp();
    // a flood without a token: 100 refusals per IP, then the limited page
    for (let i = 0; i < 100; i += 20) await Promise.all(Array.from({ length: 20 }, () => api('GET', `/h5p/embed/${contentId}`, { ip })));
    const de = await api('GET', `/h5p/embed/${contentId}`, { ip, headers: { 'Accept-Language': 'de' } });
    expect(de.status).toBe(429);
    expect(de.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(de.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(de.text).toContain('<html lang="de">');
    expect(de.text).toContain('<p role="alert">Diese Aktivität ist gerade ausgelastet. Bitte versuchen Sie es in einigen Minuten erneut.</p>');
    const query = await api('GET', `/h5p/embed/${contentId}?language=de`, { ip });
    expect(query.text).toContain('Diese Aktivität ist gerade ausgelastet.');
    const en = await api('GET', `/h5p/embed/${contentId}`, { ip, headers: { 'Accept-Language': 'en' } });
    expect(en.status).toBe(429);
    expect(en.text).toContain('<p role="alert">This activity is busy right now. Please try again in a few minutes.</p>');
  });
});
