// Every route file under app/ and the HTTP methods it exports (read from its source, as Next.js sees them).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './app-process';

export interface RouteFile {
  /** e.g. app/api/collections/[id]/route.ts */
  file: string;
  methods: string[];
}

const METHOD = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/;

export function routeFilesUnderApp(): RouteFile[] {
  const out: RouteFile[] = [];
  (function walk(dir: string) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/^route\.(ts|tsx|js)$/.test(e.name)) {
        const src = fs.readFileSync(full, 'utf8');
        const methods = new Set<string>();
        for (const m of src.matchAll(/export\s+(?:const|let|async\s+function|function)\s+(\w+)/g)) if (METHOD.test(m[1]!)) methods.add(m[1]!);
        for (const block of src.matchAll(/export\s*\{([^}]*)\}/g)) {
          for (const name of block[1]!.split(',')) {
            const exported = name.trim().split(/\s+as\s+/).pop() ?? '';
            if (METHOD.test(exported)) methods.add(exported);
          }
        }
        out.push({ file: path.relative(ROOT, full).split(path.sep).join('/'), methods: [...methods].sort() });
      }
    }
  })(path.join(ROOT, 'app'));
  return out.sort((a, b) => a.file.localeCompare(b.file));
}
