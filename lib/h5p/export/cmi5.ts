// cmi5 export (issue 11, item 5; feature cmi5-launch; issue 23 item 10): the content as a cmi5 course package —
// cmi5.xml with one assignable unit (AU) and its masteryScore, and the AU itself: index.html (the launcher),
// h5p-cmi5.js (the cmi5 runtime), the content, its libraries and the H5P standalone player, built in one streaming
// pass like the SCORM export.
//
// Launched by a cmi5 LMS, the AU reads endpoint, fetch, registration, activityId and actor from its URL; obtains
// its authorization token by POSTing to `fetch` (once); reads LMS.LaunchData from the LRS's state API (launch
// mode, mastery score, moveOn, the context template, returnURL) and the learner preferences (agent profile), and
// asks the LRS which of completed / passed this registration already holds (its earlier sessions); then sends the
// cmi5-defined statements to the LMS's LRS (cmi5 9.3's ordering rules):
// - initialized first;
// - completed on the content's first result, at most once per registration;
// - passed as soon as a result reaches the mastery score (the LMS's from LaunchData, else the package's own), at
//   most once per registration; a result below it is held back as failed until the learner leaves, so a retry in
//   the same session can still pass (a session carries one of passed/failed, and failed never follows passed);
// - terminated when the learner leaves or presses Exit, then to the LMS's returnURL.
// In Browse and Review launch modes it sends only initialized and terminated (cmi5 10.2.2). The `launched`
// statement is the LMS's.
import { activityIri } from '@/lib/h5p/content/content';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { UUID_JS } from '@/lib/h5p/player/client-js';
import { scaled } from './mastery';
import { launcherPage, standalonePackage, STANDALONE_OPTIONS } from './standalone';
import { translatorFor } from '@/lib/i18n/translate';
import { escapeXml } from '@/lib/shared/escape';

const xml = escapeXml; // lib/shared/escape.ts

/**
 * The course structure: one course, one AU launched from index.html. `mastery` is the mastery score as a
 * percentage (written scaled, 0–1); the LMS satisfies the AU on completed and passed (for content without a score,
 * finishing it is passing it).
 */
export function courseStructure(contentId: string, title: string, language = 'en-US', mastery = 100): string {
  const base = activityIri(contentId);
  const lang = xml(language);
  return `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xml(`${base}/cmi5/course`)}">
    <title><langstring lang="${lang}">${xml(title)}</langstring></title>
    <description><langstring lang="${lang}">${xml(title)}</langstring></description>
  </course>
  <au id="${xml(`${base}/cmi5/au`)}" moveOn="CompletedAndPassed" masteryScore="${scaled(mastery)}" launchMethod="AnyWindow">
    <title><langstring lang="${lang}">${xml(title)}</langstring></title>
    <description><langstring lang="${lang}">${xml(title)}</langstring></description>
    <url>index.html</url>
  </au>
</courseStructure>
`;
}

/** h5p-cmi5.js: the AU's cmi5 runtime (plain ES5, no dependency); `mastery` is the package's mastery score (%). */
export function cmi5RuntimeJs(mastery = 100): string {
  return `/* h5p-cmi5.js: the cmi5 runtime of this assignable unit (launch parameters, fetch, LaunchData, statements). */
(function () {
  'use strict';
  var VERBS = {
    initialized: 'http://adlnet.gov/expapi/verbs/initialized',
    completed: 'http://adlnet.gov/expapi/verbs/completed',
    passed: 'http://adlnet.gov/expapi/verbs/passed',
    failed: 'http://adlnet.gov/expapi/verbs/failed',
    terminated: 'http://adlnet.gov/expapi/verbs/terminated'
  };
  var CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
  var MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
  var MASTERY_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
  // the package's mastery score (scaled); LMS.LaunchData's masteryScore overrides it
  var MASTERY = ${scaled(mastery)};
  var q = new URLSearchParams(window.location.search);
  var launch = {
    endpoint: (q.get('endpoint') || '').replace(/\\/+$/, ''),
    fetchUrl: q.get('fetch'),
    registration: q.get('registration'),
    activityId: q.get('activityId'),
    actor: null
  };
  try { launch.actor = JSON.parse(q.get('actor') || 'null'); } catch (e) { launch.actor = null; }
  var launched = !!(launch.endpoint && launch.fetchUrl && launch.registration && launch.activityId && launch.actor);
  var token = null, launchData = null, preferences = null, started = 0, state = 'idle', early = [], terminated = false;
  // what the registration holds (its earlier sessions, read at start) or this session has sent
  var done = { completed: false, passed: false };
  // a result below the mastery score: sent as failed when the learner leaves unless a retry passes first
  var pendingFail = null;

  ${UUID_JS}
  function duration(ms) { return 'PT' + Math.max(0, Math.round(ms / 10) / 100) + 'S'; }
  function headers() {
    return { 'Authorization': 'Basic ' + token, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json' };
  }
  function clone(o) { return JSON.parse(JSON.stringify(o || {})); }
  function enc(v) { return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v)); }

  function statement(verb, result, moveOn) {
    var context = clone(launchData && launchData.contextTemplate);
    context.registration = launch.registration;
    context.contextActivities = context.contextActivities || {};
    var cat = context.contextActivities.category || [];
    cat.push({ id: CMI5, objectType: 'Activity' });
    if (moveOn) cat.push({ id: MOVEON, objectType: 'Activity' });
    context.contextActivities.category = cat;
    var s = {
      id: uuid(),
      actor: launch.actor,
      verb: { id: VERBS[verb], display: { 'en-US': verb } },
      object: { id: launch.activityId, objectType: 'Activity' },
      context: context,
      timestamp: new Date().toISOString()
    };
    if (result) s.result = result;
    return s;
  }
  function send(list, keepalive) {
    if (!list.length) return Promise.resolve();
    return fetch(launch.endpoint + '/statements', { method: 'POST', headers: headers(), body: JSON.stringify(list), keepalive: !!keepalive, credentials: 'omit' })
      .then(function (res) { if (!res.ok) throw new Error('LRS answered ' + res.status); });
  }
  function emit(list) {
    if (!list.length) return;
    send(list).catch(function () {
      // kept and sent again: the LRS may be down for a moment
      setTimeout(function () { emit(list); }, 2000);
    });
  }
  function normal() { return !launchData || !launchData.launchMode || launchData.launchMode === 'Normal'; }
  function lmsMastery() { return launchData && typeof launchData.masteryScore === 'number' && launchData.masteryScore >= 0 && launchData.masteryScore <= 1 ? launchData.masteryScore : null; }
  function moveOn() { return String((launchData && launchData.moveOn) || 'CompletedOrPassed'); }
  /** passed or failed with the score; the LMS's masteryScore goes into the context when it decided (cmi5 9.6.3.2) */
  function verdict(success, result) {
    var st = statement(success ? 'passed' : 'failed', result, true);
    var lms = lmsMastery();
    if (lms !== null) { st.context.extensions = st.context.extensions || {}; st.context.extensions[MASTERY_EXT] = lms; }
    return st;
  }
  /** whether the registration already holds a statement with this verb for this AU (the LRS's statements resource) */
  function recorded(verb) {
    var url = launch.endpoint + '/statements?agent=' + enc(launch.actor) + '&verb=' + enc(VERBS[verb]) + '&activity=' + enc(launch.activityId) +
      '&registration=' + enc(launch.registration) + '&limit=1';
    return fetch(url, { headers: headers(), credentials: 'omit' })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (body) { return !!(body && body.statements && body.statements.length); })
      .catch(function () { return false; });
  }

  /** The content's own result (its top-level xAPI statement with a score, or completed). */
  function onStatement(st) {
    if (!launched || terminated || !st || !st.verb) return;
    if (state !== 'ready') { if (state !== 'failed') early.push(st); return; }
    if (!normal()) return;
    var verb = String(st.verb.id || '');
    if (!/[/](answered|completed)$/.test(verb)) return;
    var parent = st.context && st.context.contextActivities && st.context.contextActivities.parent;
    if (parent && parent.length) return;
    var r = st.result || {};
    var score = r.score || {};
    var raw = typeof score.raw === 'number' ? score.raw : null;
    var max = typeof score.max === 'number' ? score.max : null;
    var scaled = typeof score.scaled === 'number' ? score.scaled : raw !== null && max ? raw / max : null;
    if (scaled === null && !/[/]completed$/.test(verb)) return;
    var ms = Date.now() - started;
    var out = [];
    if (!done.completed) {
      done.completed = true;
      out.push(statement('completed', { completion: true, duration: duration(ms) }, true));
    }
    if (scaled === null) {
      // no score: where the LMS's moveOn requires a pass (Passed, CompletedAndPassed), finishing the content passes it
      if (!done.passed && (moveOn() === 'Passed' || moveOn() === 'CompletedAndPassed')) {
        done.passed = true;
        pendingFail = null;
        out.push(verdict(true, { success: true, duration: duration(ms) }));
      }
      emit(out);
      return;
    }
    scaled = Math.max(-1, Math.min(1, Math.round(scaled * 10000) / 10000));
    var mastery = lmsMastery();
    if (mastery === null) mastery = MASTERY;
    var success = scaled + 1e-9 >= mastery;
    var sc = { scaled: scaled };
    if (raw !== null) sc.raw = raw;
    if (max !== null) { sc.max = max; sc.min = 0; }
    var result = { success: success, score: sc, duration: duration(ms) };
    if (success && !done.passed) {
      done.passed = true;
      pendingFail = null;
      out.push(verdict(true, result));
    } else if (!success && !done.passed) {
      pendingFail = verdict(false, result);
    }
    emit(out);
  }

  /** terminated (after a held-back failed), once; resolves when the LRS has it */
  function terminate() {
    if (!launched || terminated || state !== 'ready') return Promise.resolve(false);
    terminated = true;
    var list = [];
    if (pendingFail) { list.push(pendingFail); pendingFail = null; }
    list.push(statement('terminated', { duration: duration(Date.now() - started) }));
    return send(list, true).then(function () { return true; }, function () { return false; });
  }
  /** the learner's Exit: terminate, then to the LMS's returnURL when it gave one (cmi5 10.2.6) */
  function exit() {
    return terminate().then(function () {
      var back = launchData && typeof launchData.returnURL === 'string' ? launchData.returnURL : '';
      var to = null;
      try { to = back ? new URL(back, window.location.href) : null; } catch (e) { to = null; }
      if (to && (to.protocol === 'https:' || to.protocol === 'http:')) { window.location.assign(to.href); return true; }
      document.documentElement.setAttribute('data-cmi5', 'terminated');
      return false;
    });
  }

  function start() {
    if (!launched) return Promise.resolve(false);
    started = Date.now();
    // the authorization token: fetched once (cmi5 8.2)
    return fetch(launch.fetchUrl, { method: 'POST', credentials: 'omit' })
      .then(function (res) { return res.json(); })
      .then(function (body) {
        if (!body || !body['auth-token']) throw new Error((body && body['error-text']) || 'no auth-token');
        token = body['auth-token'];
        var stateUrl = launch.endpoint + '/activities/state?stateId=LMS.LaunchData&activityId=' + enc(launch.activityId) +
          '&agent=' + enc(launch.actor) + '&registration=' + enc(launch.registration);
        return fetch(stateUrl, { headers: headers(), credentials: 'omit' });
      })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (data) {
        launchData = data;
        // the learner preferences (cmi5 11.0; none is not an error) and what earlier sessions of the registration recorded
        var prefs = fetch(launch.endpoint + '/agents/profile?profileId=cmi5LearnerPreferences&agent=' + enc(launch.actor), { headers: headers(), credentials: 'omit' })
          .then(function (res) { return res.ok ? res.json() : null; })
          .then(function (p) { preferences = p; }, function () {});
        return Promise.all([recorded('completed'), recorded('passed'), prefs]);
      })
      .then(function (seen) {
        done.completed = seen[0];
        done.passed = seen[1];
        state = 'ready';
        return send([statement('initialized')]);
      })
      .then(function () {
        document.documentElement.setAttribute('data-cmi5', 'initialized');
        var list = early;
        early = [];
        list.forEach(onStatement);
        return true;
      })
      .catch(function (err) {
        state = 'failed';
        document.documentElement.setAttribute('data-cmi5', 'failed');
        if (window.console) console.warn('cmi5 launch failed: ' + err.message);
        return false;
      });
  }

  window.addEventListener('pagehide', function () { terminate(); });
  window.H5PCmi5 = {
    launched: launched, start: start, onStatement: onStatement, terminate: terminate, exit: exit,
    launchData: function () { return launchData; }, preferences: function () { return preferences; }
  };
})();
`;
}

/** The AU's page: the player and, when an LMS launched it, an Exit button (terminates, then to the returnURL). */
export function auLauncherHtml(title: string, language = 'en'): string {
  const t = translatorFor(language.split('-')[0]!.toLowerCase(), 'content');
  return launcherPage({
    title,
    style:
      'body{margin:0;font-family:sans-serif}#h5p-container{max-width:960px;margin:0 auto}' +
      '#cmi5-bar{max-width:960px;margin:0 auto;display:flex;justify-content:flex-end;gap:1em;align-items:center;padding:.5em}' +
      '#cmi5-exit{font:inherit;padding:.4em 1.2em;cursor:pointer}',
    headScripts: ['h5p-cmi5.js', 'player/main.bundle.js'],
    body: `<div id="cmi5-bar"><span id="cmi5-closed" role="status" hidden>${xml(t('cmi5.closed'))}</span><button type="button" id="cmi5-exit" hidden>${xml(t('cmi5.exit'))}</button></div>\n<div id="h5p-container"></div>`,
    script: `
(function () {
  var ready = H5PCmi5.start();
  var exit = document.getElementById('cmi5-exit');
  if (H5PCmi5.launched) {
    exit.hidden = false;
    exit.addEventListener('click', function () {
      exit.disabled = true;
      H5PCmi5.exit().then(function (left) { if (!left) { exit.hidden = true; document.getElementById('cmi5-closed').hidden = false; } });
    });
  }
  new H5PStandalone.H5P(document.getElementById('h5p-container'), ${STANDALONE_OPTIONS}).then(function () {
    H5P.externalDispatcher.on('xAPI', function (event) { H5PCmi5.onStatement(event.data.statement); });
    return ready;
  }).then(function () { document.body.setAttribute('data-ready', 'true'); });
})();
`,
  });
}

/** GET /h5p/content/:id/export-cmi5?masteryScore=0..100 — the cmi5 course package, streamed from the stored files. */
export async function cmi5Response(contentId: string, actor: H5pActor, masteryScore?: number): Promise<Response> {
  return standalonePackage(contentId, actor, { what: 'cmi5 export', masteryScore, suffix: '_cmi5.zip' }, ({ title, language, mastery }) => ({
    first: [{ name: 'cmi5.xml', data: Buffer.from(courseStructure(contentId, title, language ?? 'en-US', mastery)) }],
    launcher: auLauncherHtml(title, language ?? 'en'),
    runtime: { name: 'h5p-cmi5.js', js: cmi5RuntimeJs(mastery) },
  }));
}
