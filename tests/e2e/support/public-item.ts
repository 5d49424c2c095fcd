// A playable public multiple-choice item by the demo admin, imported with its library through the API (so the
// spec works when it runs alone on a fresh database), for the marketplace item page's specs.
import { expect } from '@playwright/test';
import { contentPackage, SAMPLE_PARAMS } from '../../support/h5p-packages';
import { E2E } from './env';
import { demoAccount } from './fixtures';

async function adminToken(): Promise<string> {
  const a = demoAccount('super_admin');
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export async function publicItem(title: string): Promise<string> {
  const admin = await adminToken();
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title, withLibrary: true }))], { type: 'application/zip' }), 'item.h5p');
  const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
  expect(imported.status).toBe(201);
  const id = ((await imported.json()) as { data: { contentId: string } }).data.contentId;
  const published = await fetch(`${E2E.appUrl}/h5p/content/${id}/visibility`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    body: JSON.stringify({ visibility: 'public' }),
  });
  expect(published.status).toBe(200);
  return id;
}
