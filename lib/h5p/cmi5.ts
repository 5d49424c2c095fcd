// cmi5 export (issue 11, item 5; feature cmi5-launch): the content as a cmi5 course package — cmi5.xml with one
// assignable unit (AU), and the AU itself: index.html (the launcher), h5p-cmi5.js (the cmi5 runtime), the content,
// its libraries and the H5P standalone player, built in one streaming pass like the SCORM export.
//
// Launched by a cmi5 LMS, the AU reads endpoint, fetch, registration, activityId and actor from its URL; obtains
// its authorization token by POSTing to `fetch` (once); reads LMS.LaunchData from the LRS's state API (launch
// mode, mastery score, moveOn, the context template, returnURL); then sends the cmi5-defined statements to the
// LMS's LRS: initialized; on the content's result completed, and passed or failed (against the mastery score
// when the LMS sets one, else the content's own success) with the score; terminated when the learner leaves. In
// Browse and Review launch modes it sends only initialized and terminated (cmi5 9.3). The `launched` statement
// is the LMS's.
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { activityIri, assertCanExport } from './content';
import { attachment, exportFilename, packageFiles, streamArchive, type ArchiveEntry } from './export';
import { nodeToWeb } from './http';
import type { H5pActor } from './permissions';
import { launcherPage, playerFiles, STANDALONE_OPTIONS } from './scorm';
import { UUID_JS } from './client-js';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The course structure: one course, one AU launched from index.html. */
export function courseStructure(contentId: string, title: string, language = 'en-US'): string {
  const base = activityIri(contentId);
  const lang = xml(language);
  return `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xml(`${base}/cmi5/course`)}">
    <title><langstring lang="${lang}">${xml(title)}</langstring></title>
    <description><langstring lang="${lang}">${xml(title)}</langstring></description>
  </course>
  <au id="${xml(`${base}/cmi5/au`)}" moveOn="CompletedOrPassed" launchMethod="AnyWindow">
    <title><langstring lang="${lang}">${xml(title)}</langstring></title>
    <description><langstring lang="${lang}">${xml(title)}</langstring></description>
    <url>index.html</url>
  </au>
</courseStructure>
`;
}

/** h5p-cmi5.js: the AU's cmi5 runtime (plain ES5, no dependency). */
export function cmi5RuntimeJs(): string {
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
  var token = null, launchData = null, started = 0, state = 'idle', queue = [], sentResult = false, terminated = false;

  ${UUID_JS}
  function duration(ms) { return 'PT' + Math.max(0, Math.round(ms / 10) / 100) + 'S'; }
  function headers() {
    return { 'Authorization': 'Basic ' + token, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json' };
  }
  function clone(o) { return JSON.parse(JSON.stringify(o || {})); }

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
  function emit(list, keepalive) {
    if (state !== 'ready') { Array.prototype.push.apply(queue, list); return; }
    send(list, keepalive).catch(function () {
      // kept and sent again: the LRS may be down for a moment
      setTimeout(function () { emit(list); }, 2000);
    });
  }
  function normal() { return !launchData || !launchData.launchMode || launchData.launchMode === 'Normal'; }

  /** The content's own result (its top-level xAPI statement with a score, or completed). */
  function onStatement(st) {
    if (!launched || sentResult || !normal() || !st || !st.verb) return;
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
    sentResult = true;
    var ms = Date.now() - started;
    var out = [statement('completed', { completion: true, duration: duration(ms) }, true)];
    var mastery = launchData && typeof launchData.masteryScore === 'number' ? launchData.masteryScore : null;
    var success = mastery !== null && scaled !== null ? scaled >= mastery : typeof r.success === 'boolean' ? r.success : null;
    if (success !== null) {
      var sc = {};
      if (scaled !== null) sc.scaled = Math.max(-1, Math.min(1, Math.round(scaled * 10000) / 10000));
      if (raw !== null) sc.raw = raw;
      if (max !== null) { sc.max = max; sc.min = 0; }
      var result = { success: success, score: sc, duration: duration(ms) };
      var st2 = statement(success ? 'passed' : 'failed', result, true);
      if (mastery !== null) st2.context.extensions = Object.assign({}, st2.context.extensions, { 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore': mastery });
      out.push(st2);
    }
    emit(out);
  }

  function terminate() {
    if (!launched || terminated || state !== 'ready') return;
    terminated = true;
    send([statement('terminated', { duration: duration(Date.now() - started) })], true).catch(function () {});
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
        var stateUrl = launch.endpoint + '/activities/state?stateId=LMS.LaunchData&activityId=' + encodeURIComponent(launch.activityId) +
          '&agent=' + encodeURIComponent(JSON.stringify(launch.actor)) + '&registration=' + encodeURIComponent(launch.registration);
        return fetch(stateUrl, { headers: headers(), credentials: 'omit' });
      })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (data) {
        launchData = data;
        state = 'ready';
        var pending = queue;
        queue = [];
        return send([statement('initialized')]).then(function () { if (pending.length) emit(pending); });
      })
      .then(function () { document.documentElement.setAttribute('data-cmi5', 'initialized'); return true; })
      .catch(function (err) {
        state = 'failed';
        document.documentElement.setAttribute('data-cmi5', 'failed');
        if (window.console) console.warn('cmi5 launch failed: ' + err.message);
        return false;
      });
  }

  window.addEventListener('pagehide', terminate);
  window.H5PCmi5 = { launched: launched, start: start, onStatement: onStatement, terminate: terminate, launchData: function () { return launchData; } };
})();
`;
}

export function auLauncherHtml(title: string): string {
  return launcherPage({
    title,
    style: 'body{margin:0;font-family:sans-serif}#h5p-container{max-width:960px;margin:0 auto}',
    headScripts: ['h5p-cmi5.js', 'player/main.bundle.js'],
    body: '<div id="h5p-container"></div>',
    script: `
(function () {
  var ready = H5PCmi5.start();
  new H5PStandalone.H5P(document.getElementById('h5p-container'), ${STANDALONE_OPTIONS}).then(function () {
    H5P.externalDispatcher.on('xAPI', function (event) { H5PCmi5.onStatement(event.data.statement); });
    return ready;
  }).then(function () { document.body.setAttribute('data-ready', 'true'); });
})();
`,
  });
}

const RESERVED = new Set(['h5p.json', 'content.json', 'cmi5.xml', 'index.html', 'h5p-cmi5.js']);

/** GET /h5p/content/:id/export-cmi5 — the cmi5 course package, streamed from the stored files. */
export async function cmi5Response(contentId: string, actor: H5pActor): Promise<Response> {
  await assertCanExport(actor.reader, contentId);
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true, metadata: true } });
  if (!row) throw new AppError(404, 'Content not found');
  const player = playerFiles('cmi5 export');
  const pkg = await packageFiles(contentId);
  const language = (row.metadata as { language?: string } | null)?.language;
  const entries: ArchiveEntry[] = [
    { name: 'cmi5.xml', data: Buffer.from(courseStructure(contentId, row.title, language && language !== 'und' ? language : 'en-US')) },
    { name: 'content.json', data: Buffer.from(JSON.stringify(pkg.parameters)) },
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(pkg.metadata)) },
    ...pkg.content.filter((f) => !RESERVED.has(f.name)),
    ...pkg.libraries.map((f) => ({ ...f, name: `libraries/${f.name}` })),
    { name: 'index.html', data: Buffer.from(auLauncherHtml(row.title)) },
    { name: 'h5p-cmi5.js', data: Buffer.from(cmi5RuntimeJs()) },
    ...player,
  ];
  return new Response(nodeToWeb(streamArchive(entries)), {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachment(exportFilename(row.title, '_cmi5.zip')) },
  });
}
