// Unpacks an exported package (SCORM, cmi5) into a folder, for the specs that serve it to a stand-in LMS.
import fs from 'node:fs';
import path from 'node:path';
import * as yauzl from 'yauzl-promise';

export async function unzip(buf: Buffer, dir: string): Promise<void> {
  const file = path.join(dir, '..', `${path.basename(dir)}.zip`);
  fs.writeFileSync(file, buf);
  const z = await yauzl.open(file);
  for (const e of await z.readEntries()) {
    if (e.filename.endsWith('/')) continue;
    const out = path.join(dir, e.filename);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const chunks: Buffer[] = [];
    for await (const c of (await e.openReadStream()) as AsyncIterable<Buffer>) chunks.push(c);
    fs.writeFileSync(out, Buffer.concat(chunks));
  }
  await z.close();
}
