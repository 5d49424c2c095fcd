// The embeddable player page (/h5p/embed/<id>?token=…): a complete HTML page that plays the content, for an
// iframe on any origin (every /h5p/ response allows framing). Each top-level xAPI statement with a score is
// also posted to the parent window ({ type: 'h5p-xapi', contentId, statement }).
import { playerModel } from './content';
import type { H5pActor } from './permissions';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON that is safe inside a <script> element */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export async function embedHtml(contentId: string, actor: H5pActor, language: string): Promise<string> {
  const model = await playerModel(contentId, actor, language);
  return `<!doctype html>
<html class="h5p-iframe" lang="${attr(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>H5P</title>
${model.styles.map((s) => `<link rel="stylesheet" href="${attr(s)}">`).join('\n')}
<script>
// In a third-party frame the browser may refuse storage; H5P's request queue reads localStorage and would
// stop the player from reporting results. Fall back to an in-memory store there.
(function () {
  try { window.localStorage.getItem('h5p'); } catch (e) {
    var m = {};
    var shim = { getItem: function (k) { return Object.prototype.hasOwnProperty.call(m, k) ? m[k] : null; }, setItem: function (k, v) { m[k] = String(v); }, removeItem: function (k) { delete m[k]; }, clear: function () { m = {}; }, key: function (i) { return Object.keys(m)[i] || null; }, get length() { return Object.keys(m).length; } };
    try { Object.defineProperty(window, 'localStorage', { configurable: true, get: function () { return shim; } }); } catch (e2) { /* keep the native one */ }
  }
})();
window.H5PIntegration = ${scriptJson(model.integration)};
</script>
${model.scripts.map((s) => `<script src="${attr(s)}"></script>`).join('\n')}
</head>
<body>
<div class="h5p-content" data-content-id="${attr(contentId)}"></div>
<script>
(function () {
  var id = ${scriptJson(contentId)};
  function hook() {
    if (!window.H5P || !H5P.externalDispatcher) return setTimeout(hook, 50);
    H5P.externalDispatcher.on('xAPI', function (event) {
      var st = event.data.statement;
      if (window.parent !== window) window.parent.postMessage({ type: 'h5p-xapi', contentId: id, statement: st }, '*');
    });
  }
  hook();
})();
</script>
</body>
</html>`;
}
