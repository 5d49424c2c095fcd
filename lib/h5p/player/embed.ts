// The player page (/h5p/embed/<id>?token=…): a complete HTML page that plays one content item. It is the only
// place where content runs, and it never runs on the app's origin. Served on the content origin (CONTENT_URL,
// server/content-origin.mjs: another site, which serves nothing of the app and reads no cookie) its CSP `sandbox`
// keeps that origin (allow-same-origin: content reads its own files — canvas, captions, XHR); served on the app's
// host (an old embed snippet, or no content origin configured) the `sandbox` directive has no allow-same-origin and
// gives it an opaque origin wherever it is shown — in the workspace's <iframe sandbox>, in a third-party site's
// snippet iframe or opened on its own. Script in content can therefore
// read no cookie, storage or page of the app, and the only credential on the page is the content-scoped token of
// its URL (lib/auth/embed-token.ts). Content files are fetched through /h5p/player-files/<token>/<id>/… so that
// private content plays without any cookie.
//
// The page also: posts each top-level xAPI statement ({type:'h5p-xapi'}) and its own height ({type:'h5p-resize'})
// to the parent window; retries a result post that failed (with backoff, telling the learner) instead of dropping it.
// Its notices speak the viewer's language (the `player` message catalog): the ?language= of the frame, else the
// browser's Accept-Language (app/h5p/embed/[contentId]/route.ts decides).
import { translatorFor } from '@/lib/i18n/translate';
import type { Locale } from '@/lib/i18n/config';
import { contentFilesUrl, playerView } from '@/lib/h5p/content/content';
import { fillTemplate, type PlayTemplate } from '@/lib/h5p/content/play-template';
import { pageAssets } from '@/lib/h5p/engine/front-files';
import { contentSnapshot } from '@/lib/h5p/content/content-cache';
import { UUID_JS } from './client-js';
import { playerCsp } from './csp';
import { newNonce } from '@/server/header-policy.mjs';
export { PLAYER_SANDBOX } from './csp';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { cssForStyle, escapeHtml, jsonForScript, jsonTextForScript } from '@/lib/shared/escape';
import { DEFAULT_BRAND, type BrandConfig } from '@/lib/tenant/brand';
import { accessibleBrand } from '@/lib/tenant/contrast';

// one escaping module for every page the service writes (lib/shared/escape.ts)
const attr = escapeHtml;
const text = escapeHtml;
const scriptJson = jsonForScript;

/**
 * The file name under an item's files key (/h5p/player-files/<key>/<id>/params.js) that answers the script setting
 * the item's parameters (H5PIntegration.contents[cid].jsonContent): no content file can have that name (content
 * files never end in .js: H5P's content file whitelist has no script types).
 */
export const PARAMS_SCRIPT = 'params.js';

/** The parameters script of an item (the body of params.js): its stored parameters as H5P's jsonContent. */
export function paramsScript(contentId: string, parametersJson: string): string {
  return `H5PIntegration.contents[${scriptJson(`cid-${contentId}`)}].jsonContent = ${jsonTextForScript(JSON.stringify(parametersJson))};\n`;
}

const pageAssetsOf = new WeakMap<PlayTemplate, ReturnType<typeof pageAssets>>();
/** The page's bundles of a template (worked out once per template). */
function assetsOf(t: PlayTemplate) {
  let a = pageAssetsOf.get(t);
  if (!a) pageAssetsOf.set(t, (a = pageAssets(t.scripts, t.styles)));
  return a;
}

/** The page's notices in one language; {status} and {seconds} are filled in by the page's script. */
function playerNotices(locale: Locale) {
  const t = translatorFor(locale, 'player');
  return {
    saved: t('resultSaved'),
    refused: t('resultRefused', { status: '{status}' }),
    busy: t('busyRetry', { seconds: '{seconds}' }),
    retry: t('saveRetry', { seconds: '{seconds}' }),
  };
}

/** The name form an anonymous viewer sees when the author's embed asks for a name. */
function nameForm(locale: Locale): string {
  const t = translatorFor(locale, 'player');
  return `<form class="lumen-learner-name" hidden data-testid="learner-name-form">
<label>${text(t('nameLabel'))} <input name="learner-name" maxlength="100" autocomplete="name" required data-testid="learner-name"></label>
<button type="submit">${text(t('nameSave'))}</button>
<small>${text(t('nameHint'))}</small>
</form>`;
}

/** The page shown inside the frame (with 429) when the viewer is rate limited: no JSON error in a frame. */
export function busyPageHtml(locale: Locale): string {
  const t = translatorFor(locale, 'player');
  return `<!doctype html>
<html lang="${attr(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(t('busyPage.title'))}</title>
<style>
html, body { margin: 0; padding: 0; background: transparent; }
p { font: 16px/1.5 system-ui, sans-serif; margin: 12px; padding: 12px 16px; border-radius: 8px; background: #fff7e6; color: #7a4b00; }
</style>
</head>
<body>
<p role="alert">${text(t('busyPage.message'))}</p>
</body>
</html>`;
}

/**
 * The player page and its Content-Security-Policy. `language` goes to H5P (its player texts); `locale` is the
 * language of the page's own notices (the same language when the interface has it, else English). Every <script>
 * of the page carries a fresh nonce, the only scripts its policy runs (with those they add: H5P content types
 * load theirs dynamically), so markup that got into the page cannot run script even inside the sandbox.
 */
export async function embedHtml(
  contentId: string,
  actor: H5pActor,
  language: string,
  locale: Locale,
  brand: BrandConfig = DEFAULT_BRAND,
  viewer: { anonymous: boolean; learner?: string; preview?: boolean } = { anonymous: false },
  /** served on the content origin (server/content-origin.mjs): the page keeps its origin (allow-same-origin) */
  origin: { sameOrigin: boolean } = { sameOrigin: false },
): Promise<{ html: string; csp: string }> {
  const nonce = newNonce();
  const { template, values } = await playerView(contentId, actor, language, {
    countView: !viewer.preview,
    // a preview as learner records nothing: no result for anyone, no statements (xapiUrl below); an anonymous
    // viewer's result is their attempt (the statements this page sends), not a score for the author
    postUserStatistics: !(viewer.preview || viewer.anonymous),
    // …and their saved state is kept under their own id (lib/h5p/http/ajax.ts anonymousViewer)
    learner: viewer.learner,
  });
  // The parameters are not in the page: they come from a script at an address that is the same for every viewer
  // of this version (params.js of the item's files key), so a second view, and every other viewer's, finds them
  // in its cache; the page itself carries only this viewer's parts (issue 26, item 2).
  const integration = fillTemplate(template, { ...values, jsonContent: 'null' }, { script: true });
  const snapshot = await contentSnapshot(contentId);
  const paramsUrl = `${contentFilesUrl(contentId, snapshot?.filesVersion ?? '0')}/${PARAMS_SCRIPT}`;
  const colour = accessibleBrand(brand.primaryColor);
  const assets = assetsOf(template);
  const askName = viewer.anonymous && !!snapshot?.embedAskName;
  const html = `<!doctype html>
<html class="h5p-iframe" lang="${attr(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${attr(translatorFor(locale, 'player')('pageTitle'))} · ${attr(brand.appName)}</title>
<meta name="theme-color" content="${attr(colour)}">
${brand.faviconUrl ? `<link rel="icon" href="${attr(brand.faviconUrl)}">` : ''}
${assets.styles.map((s) => `<link rel="stylesheet" href="${attr(s)}">`).join('\n')}
<style>
html, body { margin: 0; padding: 0; background: transparent; max-width: 100%; overflow-x: hidden; }
body { --brand: ${colour}; accent-color: var(--brand); }
.h5p-content { max-width: 100%; }
img, video, iframe { max-width: 100%; }
.lumen-player-status { font: 14px/1.4 system-ui, sans-serif; margin: 6px 8px; padding: 6px 10px; border-radius: 6px; background: #fff7e6; color: #7a4b00; }
.lumen-player-status[hidden] { display: none; }
.lumen-player-status.ok { background: #ecfdf3; color: #05603a; }
.lumen-player-status { border-left: 4px solid var(--brand); }
.lumen-learner-name { font: 14px/1.4 system-ui, sans-serif; margin: 6px 8px; padding: 8px 10px; border-radius: 6px; background: #eef2ff; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.lumen-learner-name[hidden] { display: none; }
.lumen-learner-name small { flex-basis: 100%; color: #475467; }
</style>
${brand.customCss ? `<style data-custom-css>${cssForStyle(brand.customCss)}</style>` : ''}
<script nonce="${nonce}">
// The sandboxed page has no storage of its own (opaque origin): H5P's request queue and clipboard read
// localStorage, so give them an in-memory store for the life of the page.
(function () {
  var usable = false;
  try { window.localStorage.getItem('h5p'); usable = true; } catch (e) { usable = false; }
  if (!usable) {
    var m = {};
    var shim = { getItem: function (k) { return Object.prototype.hasOwnProperty.call(m, k) ? m[k] : null; }, setItem: function (k, v) { m[k] = String(v); }, removeItem: function (k) { delete m[k]; }, clear: function () { m = {}; }, key: function (i) { return Object.keys(m)[i] || null; }, get length() { return Object.keys(m).length; } };
    try { Object.defineProperty(window, 'localStorage', { configurable: true, get: function () { return shim; } }); } catch (e2) { /* keep the native one */ }
  }
})();
window.H5PIntegration = ${integration};
</script>
<script src="${attr(paramsUrl)}" nonce="${nonce}"></script>
${assets.scripts.map((s) => `<script src="${attr(s)}" nonce="${nonce}"></script>`).join('\n')}
</head>
<body data-brand-color="${attr(colour)}">
${askName ? nameForm(locale) : ''}
<div class="h5p-content" data-content-id="${attr(contentId)}"></div>
<p class="lumen-player-status" role="status" aria-live="polite" hidden data-testid="player-status"></p>
<script nonce="${nonce}">
(function () {
  var id = ${scriptJson(contentId)};
  var text = ${scriptJson(playerNotices(locale))};
  var xapiUrl = ${scriptJson(actor.token && !viewer.preview ? `/h5p/xapi/${encodeURIComponent(contentId)}?token=${encodeURIComponent(actor.token)}` : null)};
  var anonymous = ${viewer.anonymous ? 'true' : 'false'};
  var askName = ${askName ? 'true' : 'false'};
  function fill(s, name, value) { return s.split('{' + name + '}').join(String(value)); }
  var framed = window.parent !== window;
  function tell(msg) { if (framed) window.parent.postMessage(msg, '*'); }
  var statusEl = document.querySelector('.lumen-player-status');
  function status(text, ok) {
    if (!text) { statusEl.hidden = true; return; }
    statusEl.textContent = text;
    statusEl.className = 'lumen-player-status' + (ok ? ' ok' : '');
    statusEl.hidden = false;
  }

  // Results are never dropped: a failed post is retried with backoff while the page is open (a rate-limited one
  // when its Retry-After says), and the learner is told what is happening. A refusal that cannot succeed later
  // (401/403/404) is reported, not retried.
  function postResult(url, data, attempt) {
    var body = new URLSearchParams();
    Object.keys(data).forEach(function (k) { if (data[k] !== undefined && data[k] !== null) body.append(k, String(data[k])); });
    fetch(url, { method: 'POST', body: body, credentials: 'omit' }).then(function (res) {
      if (res.ok) { if (attempt > 0) status(text.saved, true); tell({ type: 'h5p-result-saved', contentId: id }); return; }
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        status(fill(text.refused, 'status', res.status));
        tell({ type: 'h5p-result-failed', contentId: id, status: res.status });
        return;
      }
      if (res.status === 429) {
        // rate limited: retried when the limit resets (Retry-After), never dropped
        var after = Number(res.headers.get('Retry-After'));
        var busy = (after > 0 ? Math.min(after, 900) : Math.min(60, Math.pow(2, attempt))) * 1000;
        status(fill(text.busy, 'seconds', Math.round(busy / 1000)));
        setTimeout(function () { postResult(url, data, attempt + 1); }, busy);
        return;
      }
      throw new Error('HTTP ' + res.status);
    }).catch(function () {
      var wait = Math.min(60, Math.pow(2, attempt)) * 1000;
      status(fill(text.retry, 'seconds', Math.round(wait / 1000)));
      setTimeout(function () { postResult(url, data, attempt + 1); }, wait);
    });
  }

  // ---- learning records (issue 11): every xAPI statement goes to the service, batched, retried, flushed on hide
  ${UUID_JS}
  var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  // an anonymous viewer's id: the one the embedding page keeps (?learner=, or h5p-resizer.js answering
  // {type:'lumen-learner'}), else one for the life of this page
  var learner = null;
  var answered = false;
  if (anonymous) {
    var given = new URLSearchParams(location.search).get('learner');
    learner = { id: given && UUID.test(given) ? given.toLowerCase() : uuid() };
    var nameForm = document.querySelector('.lumen-learner-name');
    function named(name) {
      learner.name = name.trim().slice(0, 100);
      if (nameForm) nameForm.hidden = true;
    }
    // the viewer's saved state goes with the id the embedding page keeps (a page-long id keeps none)
    function keepStateAs(lid) {
      var ajax = window.H5PIntegration && H5PIntegration.ajax;
      if (!ajax || !ajax.contentUserData || /[?&]learner=/.test(ajax.contentUserData)) return null;
      ajax.contentUserData += (ajax.contentUserData.indexOf('?') === -1 ? '?' : '&') + 'learner=' + encodeURIComponent(lid);
      return ajax.contentUserData;
    }
    window.addEventListener('message', function (e) {
      var d = e.data;
      if (e.source === window.parent && d && d.type === 'lumen-learner' && typeof d.id === 'string' && UUID.test(d.id)) {
        if (answered) return; // the first answer decides (the page asks until one comes)
        answered = true;
        if (typeof d.name === 'string' && d.name.trim() && !learner.name) named(d.name);
        if (given) return; // the page was opened for this viewer already
        learner.id = d.id.toLowerCase();
        var stateUrl = keepStateAs(learner.id);
        // a returning viewer with saved state: open the page again as them, so the content starts where they were
        if (stateUrl) {
          fetch(stateUrl.replace(':contentId', encodeURIComponent(id)).replace(':dataType', 'state').replace(':subContentId', '0'), { credentials: 'omit' })
            .then(function (res) { return res.ok ? res.json() : null; })
            .then(function (body) {
              if (body && body.data) location.replace(location.href + (location.search ? '&' : '?') + 'learner=' + encodeURIComponent(learner.id));
            })
            .catch(function () { /* no saved state to restore */ });
        }
      }
    });
    // the author's embed asks for a name: the viewer gives it once (the embedding page keeps it), results carry it
    if (askName && nameForm) {
      nameForm.hidden = false;
      nameForm.addEventListener('submit', function (e) {
        e.preventDefault();
        var value = nameForm.querySelector('input').value;
        if (!value.trim()) return;
        named(value);
        tell({ type: 'lumen-learner-name', contentId: id, name: learner.name });
      });
    }
    // asked again until the embedding page answers: its h5p-resizer.js loads async and may not listen yet
    var asks = 0;
    var ask = function () {
      if (answered || asks++ >= 40) return;
      tell({ type: 'lumen-learner-request', contentId: id });
      setTimeout(ask, 250);
    };
    ask();
  }
  var attempt = uuid();
  var attemptStarted = Date.now();
  var queue = [];
  var sending = false;
  var failures = 0;
  var flushTimer = null;
  var BATCH = 20;
  function isTop(st) {
    return !(st.object && st.object.definition && st.object.definition.extensions && st.object.definition.extensions['http://h5p.org/x-api/h5p-subContentId']) && !(st.context && st.context.contextActivities && st.context.contextActivities.parent);
  }
  function verbOf(st) { return st && st.verb && st.verb.id ? String(st.verb.id) : ''; }
  function isResult(st) { return isTop(st) && /[/](completed|passed|failed)$/.test(verbOf(st)); }
  // a single-question type's result: its top-level scored answer (it sends no completed)
  function isScoredAnswer(st) { return isTop(st) && /[/]answered$/.test(verbOf(st)) && !!(st.result && st.result.score); }
  // after a scored top-level answer the next statement begins a new attempt (the learner pressed Retry) — unless
  // it is that answer's own completed/passed/failed (Summary sends both)
  var rotateNext = false;
  function newAttempt() { attempt = uuid(); attemptStarted = Date.now(); }
  function record(statement) {
    if (!xapiUrl || !statement) return;
    var st = JSON.parse(JSON.stringify(statement));
    st.id = st.id && UUID.test(st.id) ? st.id : uuid();
    st.timestamp = st.timestamp || new Date().toISOString();
    // the time on task of a top-level result H5P did not time (as H5P.setFinished counts it: since the attempt began)
    var topLevel = !(st.context && st.context.contextActivities && st.context.contextActivities.parent);
    if (topLevel && st.result && st.result.score && !st.result.duration) st.result.duration = 'PT' + Math.max(0, Math.round((Date.now() - attemptStarted) / 100) / 10) + 'S';
    if (rotateNext) {
      rotateNext = false;
      if (!isResult(st)) newAttempt();
    }
    queue.push({ attempt: attempt, statement: st });
    // after a result, the next statement starts a new attempt (the learner pressed Retry)
    if (isResult(st)) newAttempt();
    else if (isScoredAnswer(st)) rotateNext = true;
    if (queue.length >= BATCH) flush(false);
    else if (!flushTimer) flushTimer = setTimeout(function () { flush(false); }, 1500);
  }
  function flush(leaving) {
    if (flushTimer) { clearTimeout(flushTimer); flushTimer = null; }
    if (!queue.length || (sending && !leaving)) return;
    // one attempt per batch, in order
    var first = queue[0].attempt;
    var batch = [];
    while (batch.length < BATCH && queue.length && queue[0].attempt === first) batch.push(queue.shift().statement);
    var body = { attempt: first, statements: batch };
    if (learner) body.learner = learner.name ? { id: learner.id, name: learner.name } : { id: learner.id };
    sending = !leaving;
    fetch(xapiUrl, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, credentials: 'omit', keepalive: !!leaving }).then(function (res) {
      if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429)) {
        // stored, or refused for good (a bad statement is not sent again)
        failures = 0;
        sending = false;
        if (queue.length) flush(false);
        return;
      }
      throw new Error('HTTP ' + res.status);
    }).catch(function () {
      // kept and sent again with backoff; nothing is dropped while the page is open
      Array.prototype.unshift.apply(queue, batch.map(function (st) { return { attempt: first, statement: st }; }));
      sending = false;
      failures++;
      if (!leaving) flushTimer = setTimeout(function () { flushTimer = null; flush(false); }, Math.min(60, Math.pow(2, failures)) * 1000);
    });
    if (leaving && queue.length) flush(true);
  }
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') flush(true); });
  window.addEventListener('pagehide', function () { flush(true); });

  function hook() {
    if (!window.H5P || !H5P.externalDispatcher) return setTimeout(hook, 50);
    H5P.setFinished = function (contentId, score, maxScore, time) {
      if (!(typeof score === 'number' || score instanceof Number) || H5PIntegration.postUserStatistics !== true) return;
      var secs = function (d) { return Math.round(d.getTime() / 1000); };
      var opened = H5P.opened && H5P.opened[contentId] ? H5P.opened[contentId] : new Date();
      postResult(H5PIntegration.ajax.setFinished, { contentId: contentId, score: score, maxScore: maxScore, opened: secs(opened), finished: secs(new Date()), time: time }, 0);
    };
    // Saved state (H5P core posts it through jQuery to ajax.contentUserData) is not dropped on a 429 either: the
    // same post is sent again after Retry-After (at most 10 times), whatever H5P core did with the failure.
    // on the app's host the page's origin is opaque: every call to the service is cross-origin, so jQuery must not
    // add its X-Requested-With header (a custom header needs a CORS preflight the service does not answer); on the
    // content origin the calls are same-origin and keep it
    if (!${origin.sameOrigin ? 'true' : 'false'} && H5P.jQuery && H5P.jQuery.ajaxPrefilter) H5P.jQuery.ajaxPrefilter(function (options) { options.crossDomain = true; });
    var userDataPath = String((H5PIntegration.ajax && H5PIntegration.ajax.contentUserData) || '').split(':contentId')[0];
    if (userDataPath && H5P.jQuery && H5P.jQuery.ajaxPrefilter) {
      H5P.jQuery.ajaxPrefilter(function (options, original) {
        if (String(options.url || '').indexOf(userDataPath) !== 0 || String(options.type || '').toUpperCase() !== 'POST' || options.async === false) return;
        var tries = original.lumenTries || 0;
        var failed = options.error;
        options.error = function (xhr) {
          if (xhr && xhr.status === 429 && tries < 10) {
            var after = Number(xhr.getResponseHeader('Retry-After'));
            var wait = (after > 0 ? Math.min(after, 900) : Math.min(60, Math.pow(2, tries))) * 1000;
            setTimeout(function () { H5P.jQuery.ajax(H5P.jQuery.extend({}, original, { lumenTries: tries + 1 })); }, wait);
            return;
          }
          if (failed) return failed.apply(this, arguments);
        };
      });
    }
    H5P.externalDispatcher.on('xAPI', function (event) {
      record(event.data.statement);
      tell({ type: 'h5p-xapi', contentId: id, statement: event.data.statement });
    });
  }
  hook();

  // the parent sizes its frame to the content (public/h5p-resizer.js, components/content/H5pPlayer.tsx): the
  // content's height whenever it changes, down as well as up, and again whenever the parent says it is ready (its
  // listener may have started after this page's first message)
  var last = 0;
  function size(again) {
    // the content's own height (the page itself fills whatever frame it is in)
    var content = document.querySelector('.h5p-content');
    var h = Math.ceil((content ? content.getBoundingClientRect().bottom : 0) + (statusEl.hidden ? 0 : statusEl.offsetHeight + 12) + window.scrollY);
    if (h && (h !== last || again === true)) {
      last = h;
      tell({ type: 'h5p-resize', contentId: id, height: h });
      // H5P's own resizer protocol: host pages with h5p-resizer.js (ours or H5P's) size the frame
      tell({ context: 'h5p', action: 'resize', scrollHeight: h });
    }
  }
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (e.source === window.parent && d && d.context === 'h5p' && (d.action === 'ready' || d.action === 'hello')) size(true);
  });
  if (window.ResizeObserver) {
    var observer = new ResizeObserver(function () { size(); });
    observer.observe(document.querySelector('.h5p-content') || document.documentElement);
    observer.observe(document.body);
  }
  window.addEventListener('load', function () { size(); });
  setInterval(size, 1000);
})();
</script>
</body>
</html>`;
  return { html, csp: playerCsp(nonce, { sameOrigin: origin.sameOrigin }) };
}
