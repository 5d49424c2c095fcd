// The offline HTML export's minifier (lib/h5p/export/minify.ts is the host side): a worker thread that runs
// uglify-js over a bundle of scripts, so that minifying the H5P core and a content type's libraries — hundreds of
// milliseconds to seconds of synchronous work — never stops the instance's event loop (every other request of the
// instance would wait). It reads nothing and writes nothing: the scripts come in a message, the code goes back.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const uglify = require('uglify-js');

parentPort.on('message', ({ id, scripts }) => {
  try {
    // the options @lumieducation/h5p-html-exporter uses (licence comments kept)
    const result = uglify.minify(scripts, { output: { comments: 'some' }, module: false });
    if (result.error) parentPort.postMessage({ id, error: String(result.error.message ?? result.error) });
    else parentPort.postMessage({ id, code: result.code });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
