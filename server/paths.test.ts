// The path facts the front server keeps (server/paths.mjs) match the app: the names it leaves to Next.js under
// /h5p/content/<id>/ and /h5p/libraries/ are exactly the route folders there.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_ROUTE_NAMES, LIBRARY_DIR, LIBRARY_ROUTE_NAMES } from './paths.mjs';

const routeFolders = (dir: string) =>
  fs
    .readdirSync(path.join(__dirname, '..', dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('[') && fs.existsSync(path.join(__dirname, '..', dir, e.name, 'route.ts')))
    .map((e) => e.name)
    .sort();

describe('server/paths.mjs', () => {
  it('names every app route under /h5p/content/<id>/ and /h5p/libraries/', () => {
    expect([...CONTENT_ROUTE_NAMES].sort()).toEqual(routeFolders('app/h5p/content/[contentId]'));
    expect([...LIBRARY_ROUTE_NAMES].sort()).toEqual(routeFolders('app/h5p/libraries'));
  });
  it('tells a library folder from an app route', () => {
    expect(LIBRARY_DIR.test('H5P.MultiChoice-1.16')).toBe(true);
    for (const name of [...LIBRARY_ROUTE_NAMES, 'H5P.MultiChoice', '../H5P.X-1.0', 'H5P.X-1']) expect(LIBRARY_DIR.test(name)).toBe(false);
  });
});
