#!/usr/bin/env node
// The peers of `npm run bench:compare`, one per process (so each one's CPU can be read from /proc/<pid>/stat):
//   node peer-server.mjs bare <port>                          a bare node:http server: GET /api/health
//   node peer-server.mjs express <port> <librariesDir>        Express: GET /api/health (JSON) and express.static
//                                                             of the same library files under /h5p/libraries
//   node peer-server.mjs lumi <port> <workDir> <coreDir> <editorDir> <cache|nocache> <package.h5p>...
//        Lumi's own stack (@lumieducation/h5p-server + h5p-express), set up like the example server of its repo
//        (packages/h5p-examples/src/express.ts + createH5PEditor.ts + expressRoutes.ts): file storages under
//        <workDir>, CachedLibraryStorage around the library storage when `cache` (the example's CACHE=in-memory),
//        h5pAjaxExpressRouter at /h5p (core, libraries, content files, ajax), the play route
//        GET /h5p/play/:contentId returning the player model (the example's renderer `model => model`), and
//        GET /h5p/page/:contentId returning the player's stock HTML page (the default renderer) for the browser.
//        The packages are imported at start (libraries and content), and the content ids are printed.
//   node peer-server.mjs limit <port> <dir>                   "the limit" (issue 26): a bare node:http server that
//        answers GET /play/<name> with the bytes of <dir>/<name>.body (read once at start, served from memory)
//        and the Content-Type in <dir>/<name>.type — the bench fetches our play route's body once and writes them.
// Packages come from the scratch folder given in BENCH_PEERS_DIR (installed by scripts/bench-compare/peers.ts),
// never from the project's node_modules. On start each prints one line: `READY <json>`.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [kind, portArg, ...rest] = process.argv.slice(2);
const port = Number(portArg);
const peersDir = process.env.BENCH_PEERS_DIR;
if (!peersDir) throw new Error('BENCH_PEERS_DIR is not set');
const require = createRequire(path.join(peersDir, 'package.json'));

const ready = (info = {}) => console.log(`READY ${JSON.stringify({ kind, port, pid: process.pid, ...info })}`);
const HEALTH = JSON.stringify({ status: 'ok', timestamp: new Date(0).toISOString() });

function listen(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}

async function bare() {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/api/health') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(HEALTH);
      return;
    }
    res.writeHead(404).end();
  });
  await listen(server);
  ready();
}

async function limit() {
  const [dir] = rest;
  const bodies = new Map();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.body'))) {
    const name = f.slice(0, -'.body'.length);
    const body = fs.readFileSync(path.join(dir, f));
    const type = fs.readFileSync(path.join(dir, `${name}.type`), 'utf8').trim();
    bodies.set(`/play/${name}`, { body, headers: { 'Content-Type': type, 'Content-Length': String(body.length), 'Cache-Control': 'no-store' } });
  }
  const server = http.createServer((req, res) => {
    const hit = req.method === 'GET' ? bodies.get(req.url) : undefined;
    if (!hit) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, hit.headers).end(hit.body);
  });
  await listen(server);
  ready({ bodies: Object.fromEntries([...bodies].map(([k, v]) => [k, v.body.length])) });
}

async function expressPeer() {
  const [librariesDir] = rest;
  const express = require('express');
  const app = express();
  app.get('/api/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', timestamp: new Date(0).toISOString() });
  });
  app.use('/h5p/libraries', express.static(librariesDir));
  await listen(http.createServer(app));
  ready({ version: require('express/package.json').version });
}

async function lumi() {
  const [workDir, coreDir, editorDir, cacheMode, ...packages] = rest;
  const express = require('express');
  const bodyParser = require('body-parser');
  const H5P = require('@lumieducation/h5p-server');
  const { h5pAjaxExpressRouter } = require('@lumieducation/h5p-express');
  const useCache = cacheMode === 'cache';
  for (const d of ['libraries', 'content', 'temporary-storage']) fs.mkdirSync(path.join(workDir, d), { recursive: true });

  // the example loads src/config.json; these are its values that matter here (no hub: the content comes from packages)
  const config = new H5P.H5PConfig(undefined, { baseUrl: '/h5p', fetchingDisabled: 1, uuid: '8de62c47-f335-42f6-909d-2d8f4b7fb7f5' });
  const fileLibraryStorage = new H5P.fsImplementations.FileLibraryStorage(path.join(workDir, 'libraries'));
  const h5pEditor = new H5P.H5PEditor(
    new H5P.cacheImplementations.CachedKeyValueStorage('kvcache'),
    config,
    useCache ? new H5P.cacheImplementations.CachedLibraryStorage(fileLibraryStorage) : fileLibraryStorage,
    new H5P.fsImplementations.FileContentStorage(path.join(workDir, 'content')),
    new H5P.fsImplementations.DirectoryTemporaryFileStorage(path.join(workDir, 'temporary-storage')),
  );
  h5pEditor.setRenderer((model) => model);
  const modelPlayer = new H5P.H5PPlayer(h5pEditor.libraryStorage, h5pEditor.contentStorage, config);
  modelPlayer.setRenderer((model) => model);
  const pagePlayer = new H5P.H5PPlayer(h5pEditor.libraryStorage, h5pEditor.contentStorage, config);

  const user = { id: '1', name: 'Bench Learner', email: 'learner@bench.test', type: 'local' };
  const contentIds = [];
  for (const p of packages) {
    const { id } = await h5pEditor.packageImporter.addPackageLibrariesAndContent(p, user);
    contentIds.push(String(id));
  }

  const app = express();
  app.use(bodyParser.json({ limit: '500mb' }));
  app.use(bodyParser.urlencoded({ extended: true }));
  app.use((req, _res, next) => {
    req.user = user;
    next();
  });
  app.use('/h5p', h5pAjaxExpressRouter(h5pEditor, coreDir, editorDir, undefined, 'auto'));
  const renderOptions = { showCopyButton: true, showDownloadButton: true, showFrame: true, showH5PIcon: true, showLicenseButton: true };
  const playRoute = (player) => async (req, res) => {
    try {
      const page = await player.render(req.params.contentId, req.user, req.language ?? 'en', renderOptions);
      res.send(page);
      res.status(200).end();
    } catch (error) {
      res.status(500).end(error.message);
    }
  };
  app.get('/h5p/play/:contentId', playRoute(modelPlayer));
  app.get('/h5p/page/:contentId', playRoute(pagePlayer));
  // the example's stubs for the player's user-data calls
  app.post('/h5p/contentUserData', (_req, res) => res.status(200).send());
  app.get('/h5p/contentUserData', (_req, res) => res.status(200).send());
  app.post('/h5p/setFinished', (_req, res) => res.status(200).send());
  await listen(http.createServer(app));
  ready({ cache: useCache, contentIds, version: require('@lumieducation/h5p-server/package.json').version });
}

const run = { bare, express: expressPeer, lumi, limit }[kind];
if (!run) throw new Error(`unknown peer ${kind}`);
run().catch((err) => {
  console.error(err);
  process.exit(1);
});
