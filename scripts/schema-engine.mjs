#!/usr/bin/env node
// Development tool: a stand-in for Prisma's native `schema-engine` binary, for machines that cannot
// download it (see README, "Migrations"). It speaks the binary's JSON-RPC-over-stdio protocol and runs
// the official WASM build of the same engine (@prisma/schema-engine-wasm, pinned to the CLI's engine
// hash) over @prisma/adapter-pg. PostgreSQL only.
//   PRISMA_SCHEMA_ENGINE_BINARY=./scripts/schema-engine.mjs npx prisma migrate dev --create-only
// Where the native engine is available, drop the variable: the migration files are the same.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { AsyncLocalStorage } from 'node:async_hooks';

const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const debug = (...a) => process.env.SCHEMA_ENGINE_DEBUG && process.stderr.write(`[schema-engine] ${a.join(' ')}\n`);
const flag = (name) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const flags = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));

const wasmDir = dirname(require.resolve('@prisma/schema-engine-wasm'));
const wasmVersion = JSON.parse(readFileSync(join(wasmDir, 'package.json'), 'utf8')).version;
if (argv.includes('--version') || argv.includes('-V')) {
  console.log(`schema-engine-cli ${wasmVersion.split('.').pop()} (wasm)`);
  process.exit(0);
}

const datasource = JSON.parse(flag('--datasource') ?? '{}');
const url = datasource.url ?? process.env.DATABASE_URL;
const pg = require('pg');

function pgConfig(u, database) {
  const x = new URL(u);
  const cfg = {
    host: x.searchParams.get('host') || x.hostname || 'localhost',
    port: Number(x.port || 5432),
    user: decodeURIComponent(x.username),
    password: decodeURIComponent(x.password),
    database: database ?? decodeURIComponent(x.pathname.slice(1) || 'postgres'),
  };
  const ssl = x.searchParams.get('sslmode');
  if (ssl && ssl !== 'disable') cfg.ssl = ssl === 'no-verify' ? { rejectUnauthorized: false } : true;
  return cfg;
}

// ---- one-shot `cli <command>` mode
const cli = argv.indexOf('cli');
if (cli >= 0) {
  const command = argv[cli + 1];
  const cfg = pgConfig(url);
  const fail = (code, message) => {
    process.stderr.write(JSON.stringify({ level: 'ERROR', target: 'schema_engine::logger', fields: { error_code: code, message } }) + '\n');
    process.exit(1);
  };
  try {
    if (command === 'can-connect-to-database') {
      const c = new pg.Client(cfg); await c.connect(); await c.query('SELECT 1'); await c.end();
    } else if (command === 'create-database' || command === 'drop-database') {
      const c = new pg.Client({ ...cfg, database: 'postgres' }); await c.connect();
      await c.query(`${command === 'create-database' ? 'CREATE' : 'DROP'} DATABASE "${cfg.database.replaceAll('"', '""')}"`);
      await c.end();
    } else fail('P1000', `unsupported cli command ${command}`);
    process.exit(0);
  } catch (e) {
    if (e.code === '3D000') fail('P1003', `Database \`${cfg.database}\` does not exist`);
    if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND') fail('P1001', `Can't reach database server: ${e.message}`);
    fail('P1000', String(e.message ?? e));
  }
}

// ---- JSON-RPC server mode
const { PrismaPg } = require('@prisma/adapter-pg');
const { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } = require('@prisma/driver-adapter-utils');

// Gaps of adapter-pg that the engine hits: catalog types "char" (oid 18) and name (oid 19) are unmapped,
// and executeScript splits on ';' (which breaks $$ bodies): report them as text / send scripts whole.
const charColumns = new AsyncLocalStorage();
function patchAdapter(adapter) {
  let proto = adapter;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'performIO')) proto = Object.getPrototypeOf(proto);
  if (proto && !proto.__patched) {
    const performIO = proto.performIO;
    proto.performIO = async function (query) {
      const result = await performIO.call(this, query);
      result?.fields?.forEach((f, i) => {
        if (f.dataTypeID === 18) { f.dataTypeID = 25; charColumns.getStore()?.push(i); }
        else if (f.dataTypeID === 19) f.dataTypeID = 25;
      });
      return result;
    };
    const queryRaw = proto.queryRaw;
    proto.queryRaw = async function (query) {
      const cols = [];
      const result = await charColumns.run(cols, () => queryRaw.call(this, query));
      for (const i of cols) result.columnTypes[i] = ColumnTypeEnum.Character;
      return result;
    };
    proto.__patched = true;
  }
  let owner = adapter;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'executeScript')) owner = Object.getPrototypeOf(owner);
  if (owner && !owner.__patchedScript) {
    owner.executeScript = async function (script) { try { await this.client.query(script); } catch (e) { this.onError(e); } };
    owner.__patchedScript = true;
  }
  return adapter;
}

function adapterFactory() {
  const u = url ?? 'postgresql://localhost/postgres';
  const schema = new URL(u).searchParams.get('schema') || undefined;
  const factory = new PrismaPg(pgConfig(u), schema ? { schema } : undefined);
  const connect = factory.connect.bind(factory);
  factory.connect = async () => patchAdapter(await connect());
  factory.connectToShadowDb = async () => {
    const shadowUrl = datasource.shadowDatabaseUrl ?? process.env.SHADOW_DATABASE_URL;
    if (shadowUrl) {
      const shadow = patchAdapter(await new PrismaPg(pgConfig(shadowUrl)).connect());
      await shadow.executeScript('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
      return shadow;
    }
    const main = await connect();
    const name = `prisma_migrate_shadow_db_${globalThis.crypto.randomUUID()}`;
    await main.executeScript(`CREATE DATABASE "${name}"`);
    const shadow = patchAdapter(await new PrismaPg(pgConfig(u, name)).connect());
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => { await dispose(); await main.executeScript(`DROP DATABASE IF EXISTS "${name}"`); await main.dispose(); };
    return shadow;
  };
  return factory;
}

globalThis.PRISMA_WASM_PANIC_REGISTRY = { message: '', get() { return this.message; }, set_message(m) { this.message = `RuntimeError: ${m}`; } };
const glue = await import(pathToFileURL(join(wasmDir, 'schema_engine_bg.js')).href);
const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(wasmDir, 'schema_engine_bg.wasm'))), { './schema_engine_bg.js': glue });
glue.__wbg_set_wasm(instance.exports);
instance.exports.__wbindgen_start();

const datamodels = flags('--datamodels').map((p) => [p, readFileSync(p, 'utf8')]);
const adapter = bindMigrationAwareSqlAdapterFactory(adapterFactory());
let engine, engineError;
try {
  engine = await glue.SchemaEngine.new({ datamodels: datamodels.length ? datamodels : undefined }, (m) => debug('engine', m), adapter);
} catch (e) {
  engineError = e; // the WASM engine connects eagerly; report per request so the CLI prints a proper error
  if (!e.code && /Can't reach database server/.test(String(e.message))) e.code = 'P1001';
}

const send = (o) => process.stdout.write(JSON.stringify(o) + '\n');
let printId = 1_000_000;
const printing = new Map();
const print = (content) => new Promise((resolve) => {
  const id = printId++; printing.set(id, resolve);
  send({ jsonrpc: '2.0', id, method: 'print', params: { content } });
});

async function dispatch(method, params) {
  if (engineError) throw engineError;
  if (method === 'getDatabaseVersion') return engine.version(params ?? null);
  if (method === 'diff') {
    const r = await engine.diff(params);
    if (r.stdout) await print(r.stdout.replace(/\n$/, ''));
    return { exitCode: r.exitCode, stdout: null };
  }
  if (method === 'evaluateDataLoss' || method === 'createMigration') {
    try { return await engine[method](params); } catch (e) {
      if (!/shadow DB must be provided through an external factory/.test(String(e?.message))) throw e;
      await engine.devDiagnostic({ migrationsList: params.migrationsList, filters: params.filters ?? { externalTables: [], externalEnums: [] } });
      return await engine[method](params);
    }
  }
  if (typeof engine[method] !== 'function') throw new Error(`Unknown method ${method}`);
  return (await engine[method](params)) ?? null;
}

function rpcError(e) {
  if (e?.name === 'RuntimeError') {
    const m = globalThis.PRISMA_WASM_PANIC_REGISTRY.get();
    return { code: 4466, message: 'panic', data: { is_panic: true, message: m, error: { message: m } } };
  }
  let message = String(e?.message ?? e);
  const ext = /External error id#(\d+)/.exec(message);
  if (ext && adapter.errorRegistry) {
    const rec = adapter.errorRegistry.consumeError(Number(ext[1]));
    if (rec?.error) message = message.replace(ext[0], JSON.stringify(rec.error.cause ?? rec.error));
  }
  return { code: 4466, message: 'An error happened. Check the data field for details.', data: { is_panic: false, message, error_code: e?.code, meta: e?.meta } };
}

const inflight = new Map();
process.on('uncaughtException', (e) => {
  const m = globalThis.PRISMA_WASM_PANIC_REGISTRY.get() || String(e?.message ?? e);
  process.stderr.write(`schema-engine (wasm): ${m}\n`);
  for (const id of inflight.keys()) send({ jsonrpc: '2.0', id, error: { code: 4466, message: 'panic', data: { is_panic: true, message: m, error: { message: m } } } });
  process.stdout.write('', () => process.exit(101));
});
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (!msg.method && printing.has(msg.id)) { printing.get(msg.id)(); printing.delete(msg.id); return; }
  debug('->', msg.method);
  const p = dispatch(msg.method, msg.params)
    .then((result) => send({ jsonrpc: '2.0', id: msg.id, result }))
    .catch((e) => send({ jsonrpc: '2.0', id: msg.id, error: rpcError(e) }))
    .finally(() => inflight.delete(msg.id));
  inflight.set(msg.id, p);
});
rl.on('close', async () => {
  await Promise.allSettled([...inflight.values()]);
  try { engine?.free(); } catch { /* ignore */ }
  process.exit(0);
});
