// A stand-in H5P Hub over real HTTP (contract: external-services.md §4 and Lumi's ContentTypeCache /
// ContentTypeInformationRepository): POST /sites registers a site, POST /content-types/ lists the content
// types, GET /content-types/<machineName> downloads the package. It serves the project's own test libraries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hubPackage, libraryDirs, libraryJson } from './h5p-packages';

export interface HubStandin {
  url: string;
  /** requests seen, e.g. `POST /content-types/` */
  requests: string[];
  close(): Promise<void>;
}

export function hubContentTypes() {
  return libraryDirs().map((d) => {
    const l = libraryJson(d);
    return {
      id: l.machineName,
      version: { major: l.majorVersion, minor: l.minorVersion, patch: l.patchVersion },
      coreApiVersionNeeded: { major: 1, minor: 24 },
      title: l.title,
      summary: l.description ?? l.title,
      description: l.description ?? l.title,
      icon: '',
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-06-01T00:00:00Z',
      isRecommended: true,
      popularity: 1,
      screenshots: [],
      license: { id: 'MIT', attributes: {} },
      owner: 'Lumen Learn tests',
      example: '',
      tutorial: '',
      keywords: [],
      categories: ['Questions'],
    };
  });
}

export async function startHubStandin(port = 0): Promise<HubStandin> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hub');
    requests.push(`${req.method} ${url.pathname}`);
    req.resume();
    const p = url.pathname.replace(/^\/v1/, '');
    if (req.method === 'POST' && p === '/sites') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ uuid: '00000000-0000-4000-8000-00000000h5p0'.replace('h5p0', '0001') }));
      return;
    }
    if (req.method === 'POST' && (p === '/content-types/' || p === '/content-types')) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ contentTypes: hubContentTypes() }));
      return;
    }
    const m = /^\/content-types\/([\w.-]+)$/.exec(p);
    if (req.method === 'GET' && m) {
      try {
        const body = hubPackage(m[1]!);
        res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': body.length }).end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'not found' }));
      }
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const { port: p } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${p}/v1`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
