// SCORM 1.2 and 2004 (4th edition) export (rule 9). The package holds imsmanifest.xml, index.html (the
// launcher), h5p-scorm-wrapper.js (finds the LMS API; cmi.core.* for 1.2, cmi.* for 2004), content.json,
// the media folders (images, videos, audios, files), h5p.json, the libraries and the H5P standalone player
// (h5p-standalone, installed by scripts/setup-h5p.mjs). Completion, success and score come from the content's
// top-level xAPI "answered"/"completed" statements: success is the score against the mastery score (mastery.ts;
// the LMS's value from the manifest overrides the one built in), never the content's own `result.success` (Blanks,
// Drag Text and Summary send none). The session time is set in the data model's own format.
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { escapeXml } from '@/lib/shared/escape';
import { scaled } from './mastery';
import { launcherPage, standalonePackage, STANDALONE_OPTIONS } from './standalone';

export type ScormVersion = '1.2' | '2004';

const xml = escapeXml; // lib/shared/escape.ts

/** imsmanifest.xml; `mastery` is the mastery score as a percentage (0–100). */
export function manifest(version: ScormVersion, id: string, title: string, files: string[], mastery = 100): string {
  const fileList = files.map((f) => `      <file href="${xml(f)}"/>`).join('\n');
  const ident = `lumen-${id.replace(/[^A-Za-z0-9_-]/g, '')}`;
  if (version === '1.2') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${ident}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${xml(title)}</title>
      <item identifier="item-1" identifierref="res-1" isvisible="true">
        <title>${xml(title)}</title>
        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${ident}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${xml(title)}</title>
      <item identifier="item-1" identifierref="res-1">
        <title>${xml(title)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="primary" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${scaled(mastery)}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormType="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}

/** h5p-scorm-wrapper.js; `mastery` is the package's mastery score as a percentage (the LMS's value overrides it). */
export function wrapperJs(version: ScormVersion, mastery = 100): string {
  return `/* h5p-scorm-wrapper.js: connects H5P's xAPI events to the LMS (SCORM ${version}). */
(function () {
  'use strict';
  var VERSION = '${version}';
  // the package's mastery score (scaled 0..1); the LMS's value (from the manifest or its own rules) overrides it
  var MASTERY = ${scaled(mastery)};
  var NAME = VERSION === '1.2' ? 'API' : 'API_1484_11';
  function scan(win) {
    var tries = 0;
    while (win && tries < 12) {
      try { if (win[NAME]) return win[NAME]; } catch (e) { return null; }
      if (!win.parent || win.parent === win) break;
      win = win.parent;
      tries++;
    }
    return null;
  }
  function findApi() {
    var api = scan(window);
    if (!api && window.opener) api = scan(window.opener);
    if (!api && window.top && window.top.opener) api = scan(window.top.opener);
    return api;
  }
  var api = findApi();
  var started = false, finished = false, startedAt = Date.now(), mastery = MASTERY, passed = false;
  function call(fn12, fn2004, a, b) {
    if (!api) return '';
    var fn = VERSION === '1.2' ? fn12 : fn2004;
    try { return b === undefined ? api[fn](a === undefined ? '' : a) : api[fn](a, b); } catch (e) { return ''; }
  }
  function get(k) { return call('LMSGetValue', 'GetValue', k); }
  function set(k, v) { return call('LMSSetValue', 'SetValue', k, String(v)); }
  function commit() { return call('LMSCommit', 'Commit', ''); }
  function num(v) {
    if (v === null || v === undefined || String(v).trim() === '') return null;
    var n = Number(v);
    return isFinite(n) ? n : null;
  }
  function pad(n, w) { n = String(n); while (n.length < w) n = '0' + n; return n; }
  /** the time since Initialize: 1.2 CMITimespan HHHH:MM:SS.SS, 2004 an ISO 8601 duration (PT#H#M#S) */
  function sessionTime() {
    var cs = Math.max(0, Math.round((Date.now() - startedAt) / 10));
    var h = Math.floor(cs / 360000), m = Math.floor(cs / 6000) % 60, sec = (cs % 6000) / 100;
    if (VERSION === '1.2') {
      if (h > 9999) { h = 9999; m = 59; sec = 59.99; }
      return pad(h, 4) + ':' + pad(m, 2) + ':' + pad(sec.toFixed(2), 5);
    }
    return 'PT' + h + 'H' + m + 'M' + sec.toFixed(2) + 'S';
  }
  function setSessionTime() { set(VERSION === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time', sessionTime()); }
  function init() {
    if (started || !api) return !!api;
    started = String(call('LMSInitialize', 'Initialize', '')) === 'true';
    startedAt = Date.now();
    if (VERSION === '1.2') {
      var ms = num(get('cmi.student_data.mastery_score'));
      if (ms !== null && ms >= 0 && ms <= 100) mastery = ms / 100;
      var s = get('cmi.core.lesson_status');
      if (s === 'passed') passed = true;
      if (!s || s === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
    } else {
      var sp = num(get('cmi.scaled_passing_score'));
      if (sp !== null && sp >= -1 && sp <= 1) mastery = sp;
      if (get('cmi.success_status') === 'passed') passed = true;
      var c = get('cmi.completion_status');
      if (!c || c === 'not attempted' || c === 'unknown') set('cmi.completion_status', 'incomplete');
    }
    commit();
    return started;
  }
  /** a result of the content: raw of max (max 0: no score, completion only); success is the score against the mastery score */
  function report(raw, max) {
    if (!api) return;
    init();
    if (!(max > 0)) {
      if (VERSION === '1.2') {
        var st = get('cmi.core.lesson_status');
        if (st !== 'passed' && st !== 'failed') set('cmi.core.lesson_status', 'completed');
      } else set('cmi.completion_status', 'completed');
      setSessionTime();
      commit();
      return;
    }
    var ratio = Math.max(0, Math.min(1, raw / max));
    var scaledScore = Math.round(ratio * 10000) / 10000;
    var pass = scaledScore + 1e-9 >= mastery;
    // a pass is kept: a later, lower try in the same or a later session does not turn it into a fail
    if (passed && !pass) { setSessionTime(); commit(); return; }
    if (pass) passed = true;
    if (VERSION === '1.2') {
      // a percentage, the scale of cmi.student_data.mastery_score (an LMS compares raw with it)
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', Math.round(ratio * 10000) / 100);
      set('cmi.core.lesson_status', pass ? 'passed' : 'failed');
    } else {
      set('cmi.score.min', 0);
      set('cmi.score.max', max);
      set('cmi.score.raw', raw);
      set('cmi.score.scaled', scaledScore);
      set('cmi.completion_status', 'completed');
      set('cmi.success_status', pass ? 'passed' : 'failed');
    }
    setSessionTime();
    commit();
  }
  function onStatement(st) {
    if (!st || !st.verb) return;
    var verb = String(st.verb.id || '');
    if (!/\\/(answered|completed)$/.test(verb)) return;
    var parent = st.context && st.context.contextActivities && st.context.contextActivities.parent;
    if (parent && parent.length) return; // only the top-level content decides
    var score = st.result && st.result.score;
    if (score && typeof score.raw === 'number' && typeof score.max === 'number' && score.max > 0) report(score.raw, score.max);
    else if (/\\/completed$/.test(verb)) report(0, 0);
  }
  function finish() {
    if (!api || finished || !started) return;
    finished = true;
    setSessionTime();
    set(VERSION === '1.2' ? 'cmi.core.exit' : 'cmi.exit', VERSION === '1.2' ? '' : 'normal');
    commit();
    call('LMSFinish', 'Terminate', '');
  }
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
  window.H5PScorm = { version: VERSION, api: function () { return api; }, mastery: function () { return mastery; }, init: init, report: report, onStatement: onStatement, finish: finish };
})();
`;
}

export function launcherHtml(title: string): string {
  return launcherPage({
    title,
    style: 'body{margin:0;font-family:sans-serif}#h5p-container{max-width:960px;margin:0 auto}#scorm-status{display:none}',
    headScripts: ['h5p-scorm-wrapper.js', 'player/main.bundle.js'],
    body: '<div id="h5p-container"></div>\n<div id="scorm-status" aria-hidden="true"></div>',
    script: `
(function () {
  var status = document.getElementById('scorm-status');
  H5PScorm.init();
  status.textContent = H5PScorm.api() ? 'lms-found' : 'no-lms';
  new H5PStandalone.H5P(document.getElementById('h5p-container'), ${STANDALONE_OPTIONS}).then(function () {
    H5P.externalDispatcher.on('xAPI', function (event) { H5PScorm.onStatement(event.data.statement); });
    status.setAttribute('data-ready', 'true');
  });
})();
`,
  });
}

/**
 * GET /h5p/content/:id/export-scorm?version=1.2|2004&masteryScore=0..100 — one streaming pass from the stored files (export.ts
 * packageFiles): no .h5p is built first; already-compressed media is stored, text deflated.
 */
export async function scormResponse(contentId: string, version: ScormVersion, actor: H5pActor, masteryScore?: number): Promise<Response> {
  return standalonePackage(contentId, actor, { what: 'SCORM export', masteryScore, suffix: `_scorm${version}.zip` }, ({ title, mastery }) => ({
    launcher: launcherHtml(title),
    runtime: { name: 'h5p-scorm-wrapper.js', js: wrapperJs(version, mastery) },
    // the manifest lists every file of the package, the launcher first
    manifest: { name: 'imsmanifest.xml', of: (names) => manifest(version, contentId, title, ['index.html', ...names.filter((n) => n !== 'index.html')], mastery) },
  }));
}
