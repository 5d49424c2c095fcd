// Prisma's query compiler (WASM, base64) as the generated client asks for it —
// `const { wasm } = await import('@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs')` —
// which next.config.mjs points here. The package's own module kept the 4.4 MB text twice for the life of the
// process (the module's source and its string literal, 8.7 MiB of heap: an ES module is never unloaded); here it is
// read from the package's file when asked for, so nothing keeps it once the client has compiled it
// (docs/performance.md, "Start-up on the embedded defaults").
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

/** the same text as a CommonJS module: `const wasm = "<base64>"; module.exports = { wasm }` */
const FILE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.js';

Object.defineProperty(module.exports, 'wasm', {
  enumerable: true,
  get() {
    // resolved from the working directory: the project's root wherever the app runs (as prisma/migrations is)
    const text = readFileSync(createRequire(path.join(process.cwd(), 'package.json')).resolve(FILE), 'latin1');
    return text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'));
  },
});
