// The HTML pages an LMS shows in its iframe (issue 12, items 3 and 5): the learner's player page, the
// instructor's deep-linking picker, the account-link pop-up, the auto-submitted deep-linking response and the
// error page. Plain server-rendered pages of this origin that hold no user-wide credential (the launch token in
// the URL is scoped to one launch), in the tenant's brand; every value is escaped, and content runs only in the
// sandboxed player frame (/h5p/embed/…).
//
// Each page carries its own Content-Security-Policy (issue 22): its <script> elements bear a fresh nonce, the only
// scripts the policy runs (no inline handler, no javascript: URL), and its forms post only where the page posts —
// the picker and the link page to this origin, the deep-linking response to the platform's return URL's origin, the
// rest nowhere. The page's frame-ancestors is its path's (server/header-policy.mjs adds it).
import { escapeHtml, jsonForScript } from '@/lib/shared/escape';
import type { BrandConfig } from '@/lib/tenant/brand';
import { formActionOf, newNonce, pageCsp } from '../../server/header-policy.mjs';

// one escaping module for every page the service writes (lib/shared/escape.ts)
const esc = escapeHtml;
const js = jsonForScript;

interface Shell {
  title: string;
  brand: BrandConfig;
  /** the page's markup; `nonce` goes on any <script> element it writes */
  body: (nonce: string) => string;
  script?: string;
  /** the page fills its frame (the player) */
  full?: boolean;
  /** where the page's forms may post (a CSP source list): none unless said */
  formAction?: string;
}

/** A page and the Content-Security-Policy that goes with it (bound to the page's nonce). */
export interface HtmlPage {
  html: string;
  csp: string;
}

function shell(s: Shell): HtmlPage {
  const nonce = newNonce();
  return { html: shellHtml(s, nonce), csp: pageCsp({ nonce, formAction: s.formAction ?? "'none'" }) };
}

function shellHtml(s: Shell, nonce: string): string {
  const color = /^#[0-9a-fA-F]{6}$/.test(s.brand.primaryColor) ? s.brand.primaryColor : '#6366f1';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(s.title)} · ${esc(s.brand.appName)}</title>
<style>
:root { --brand: ${color}; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #101828; background: #fff; }
header.lti-bar { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between; padding: 8px 16px; border-bottom: 3px solid var(--brand); }
header.lti-bar strong { font-size: 16px; }
main { padding: ${s.full ? '0' : '16px'}; max-width: ${s.full ? 'none' : '960px'}; margin: 0 auto; }
a { color: var(--brand); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, label:focus-within { outline: 3px solid var(--brand); outline-offset: 2px; }
button, .button { font: inherit; padding: 8px 14px; border-radius: 6px; border: 1px solid var(--brand); background: var(--brand); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
button.secondary { background: #fff; color: var(--brand); }
button[disabled] { opacity: .6; cursor: not-allowed; }
.notice { padding: 10px 12px; border-radius: 6px; background: #eef2ff; }
.error { padding: 10px 12px; border-radius: 6px; background: #fef3f2; color: #912018; }
.filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; margin: 12px 0; }
.filters label { display: flex; flex-direction: column; font-size: 13px; gap: 2px; }
.filters input, .filters select { font: inherit; padding: 6px 8px; border: 1px solid #98a2b3; border-radius: 6px; min-width: 12rem; }
ul.items { list-style: none; padding: 0; margin: 0; border: 1px solid #eaecf0; border-radius: 8px; max-height: 55vh; overflow: auto; }
ul.items li { border-bottom: 1px solid #eaecf0; }
ul.items li:last-child { border-bottom: 0; }
ul.items label { display: flex; gap: 10px; align-items: center; padding: 10px 12px; cursor: pointer; }
ul.items input { width: 18px; height: 18px; }
.meta { color: #475467; font-size: 13px; }
.badge { font-size: 12px; padding: 1px 6px; border-radius: 10px; background: #f2f4f7; color: #344054; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 12px; position: sticky; bottom: 0; background: #fff; padding: 8px 0; }
iframe.player { display: block; width: 100%; min-height: 420px; border: 0; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style></head>
<body>${s.body(nonce)}${s.script ? `\n<script nonce="${nonce}">${s.script}</script>` : ''}</body></html>`;
}

// same-origin: the launch token in the URL never leaves this origin, and this origin's forms keep a real Origin
// header (under no-referrer a browser sends `Origin: null`, which the pop-up's signed-in POST /lti/link is refused for)
const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' };

export const htmlResponse = (page: HtmlPage, status = 200) => new Response(page.html, { status, headers: { ...htmlHeaders, 'Content-Security-Policy': page.csp } });

export function errorPage(brand: BrandConfig, title: string, message: string): HtmlPage {
  return shell({
    title,
    brand,
    body: () => `<main><h1>${esc(title)}</h1><p class="error" role="alert" data-testid="lti-error">${esc(message)}</p></main>`,
  });
}

/** The learner's page: the sandboxed player, sized by H5P's resizer protocol; an instructor also gets the results link. */
export function playerPage(o: { brand: BrandConfig; title: string; frameSrc: string; resizerSrc: string; instructor?: { courseUrl: string | null; resultsUrl: string } | null }): HtmlPage {
  const bar = o.instructor
    ? `<header class="lti-bar" data-testid="lti-instructor-bar"><strong>${esc(o.title)}</strong><span>
${o.instructor.courseUrl ? `<a href="${esc(o.instructor.courseUrl)}" target="_blank" rel="noopener" data-testid="lti-course-results">Results for this course</a> · ` : ''}<a href="${esc(o.instructor.resultsUrl)}" target="_blank" rel="noopener">All results for this activity</a></span></header>`
    : '';
  return shell({
    title: o.title,
    brand: o.brand,
    full: true,
    body: (nonce) => `${bar}<main><iframe class="player" src="${esc(o.frameSrc)}" title="${esc(o.title)}" allow="fullscreen; autoplay; clipboard-write" allowfullscreen data-testid="lti-player-frame"></iframe></main>
<script nonce="${nonce}" src="${esc(o.resizerSrc)}" charset="UTF-8" async></script>`,
  });
}

/** The pop-up's page: link this LMS user to the signed-in account. */
export function linkPage(o: { brand: BrandConfig; platformName: string; lmsName: string | null; lmsEmail: string | null; userEmail: string; launchToken: string; done?: boolean }): HtmlPage {
  if (o.done) {
    return shell({
      title: 'Account linked',
      brand: o.brand,
      body: () => `<main><h1>Account linked</h1><p class="notice" role="status" data-testid="lti-link-done">Your ${esc(o.platformName)} account now opens your content as ${esc(o.userEmail)}. You can close this window.</p>
<button type="button" id="close" data-testid="lti-link-close">Close this window</button></main>`,
      // the button's handler is set here: the page's policy runs no inline handler
      script: `document.getElementById('close').addEventListener('click', function () { window.close(); }); try { if (window.opener) window.opener.postMessage({ type: 'lumen-lti-linked' }, '*'); } catch (e) {} setTimeout(function () { window.close(); }, 1500);`,
    });
  }
  const who = [o.lmsName, o.lmsEmail].filter(Boolean).join(', ') || 'this LMS user';
  return shell({
    title: 'Link your account',
    brand: o.brand,
    formAction: "'self'",
    body: () => `<main><h1>Link your account</h1>
<p>Link <strong>${esc(who)}</strong> on <strong>${esc(o.platformName)}</strong> to your account <strong>${esc(o.userEmail)}</strong>? Your own content can then be added to courses from the LMS.</p>
<form method="post" action="/lti/link"><input type="hidden" name="lti_launch" value="${esc(o.launchToken)}">
<button type="submit" data-testid="lti-link-confirm">Link accounts</button></form></main>`,
  });
}

/** The deep-linking response, form-posted to the platform by the browser (the LMS's frame). */
export function autoPostPage(brand: BrandConfig, action: string, fields: Record<string, string>): HtmlPage {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return shell({
    title: 'Returning to your course',
    brand,
    // the form posts to the platform's return URL and nowhere else (a URL that is not http(s): nowhere at all)
    formAction: formActionOf(action),
    body: () => `<main><p role="status">Returning to your course…</p><form method="post" action="${esc(action)}" data-testid="lti-return-form">${inputs}<noscript><button type="submit">Continue</button></noscript></form></main>`,
    script: 'document.forms[0].submit();',
  });
}

/** The instructor's content picker (deep linking): search, type filter, choose, add to the course. */
export function pickerPage(o: { brand: BrandConfig; platformName: string; contextTitle: string | null; launchToken: string; linked: { name: string; email: string } | null; acceptMultiple: boolean }): HtmlPage {
  const linkSection = o.linked
    ? `<p class="meta" data-testid="lti-linked-as">Signed in as ${esc(o.linked.name)} (${esc(o.linked.email)})</p>`
    : `<div class="notice" data-testid="lti-link-needed"><p>To add your own content, link your ${esc(o.platformName)} account to your account here. A window opens where you sign in.</p>
<button type="button" id="link" data-testid="lti-link-open">Sign in and link account</button> <span id="link-status" role="status" aria-live="polite"></span></div>`;
  const body = `<header class="lti-bar"><strong>Add content${o.contextTitle ? ` to ${esc(o.contextTitle)}` : ''}</strong><span class="meta">${esc(o.platformName)}</span></header>
<main>${linkSection}
<form id="pick" method="post" action="/lti/picker/submit" ${o.linked ? '' : 'hidden'} data-testid="lti-picker">
<input type="hidden" name="lti_launch" value="${esc(o.launchToken)}">
<div class="filters" role="search">
<label>Search titles <input type="search" id="q" name="q" autocomplete="off" data-testid="lti-picker-search"></label>
<label>Content type <select id="type" data-testid="lti-picker-type"><option value="">All types</option></select></label>
<label>Show <select id="scope" data-testid="lti-picker-scope"><option value="all">My content and public content</option><option value="mine">My content</option><option value="public">Public content</option></select></label>
</div>
<p id="count" class="meta" role="status" aria-live="polite"></p>
<fieldset style="border:0;padding:0;margin:0"><legend class="sr-only">Content to add</legend><ul class="items" id="items" data-testid="lti-picker-items"></ul></fieldset>
<div class="actions"><button type="submit" id="add" disabled data-testid="lti-picker-add">Add to course</button><span id="chosen" class="meta" aria-live="polite"></span></div>
</form></main>`;
  const script = `(function () {
  var token = ${js(o.launchToken)};
  var multiple = ${o.acceptMultiple ? 'true' : 'false'};
  var form = document.getElementById('pick');
  var list = document.getElementById('items');
  var count = document.getElementById('count');
  var add = document.getElementById('add');
  var chosen = document.getElementById('chosen');
  var typeSel = document.getElementById('type');
  var picked = {};
  var typesLoaded = false;
  function short(t) { return String(t).replace(/^H5P[.]/, ''); }
  function updateChosen() {
    var n = Object.keys(picked).length;
    add.disabled = n === 0;
    chosen.textContent = n ? n + (n === 1 ? ' item chosen' : ' items chosen') : '';
  }
  function render(items) {
    list.textContent = '';
    items.forEach(function (it) {
      var li = document.createElement('li');
      var label = document.createElement('label');
      var box = document.createElement('input');
      box.type = multiple ? 'checkbox' : 'radio';
      box.name = 'content';
      box.value = it.id;
      box.checked = !!picked[it.id];
      box.setAttribute('data-testid', 'lti-picker-item');
      box.addEventListener('change', function () {
        if (!multiple) picked = {};
        if (box.checked) picked[it.id] = true; else delete picked[it.id];
        updateChosen();
      });
      var text = document.createElement('span');
      var title = document.createElement('strong');
      title.textContent = it.title;
      var meta = document.createElement('span');
      meta.className = 'meta';
      meta.textContent = ' ' + short(it.type) + ' · ';
      var badge = document.createElement('span');
      badge.className = 'badge';
      badge.textContent = it.mine ? 'Mine' : 'Public';
      text.appendChild(title); text.appendChild(meta); text.appendChild(badge);
      label.appendChild(box); label.appendChild(text);
      li.appendChild(label);
      list.appendChild(li);
    });
    count.textContent = items.length ? items.length + (items.length === 1 ? ' item' : ' items') : 'Nothing matches: try another search or type.';
  }
  var timer = null;
  function load() {
    var q = new URLSearchParams({ lti_launch: token, q: document.getElementById('q').value, type: typeSel.value, scope: document.getElementById('scope').value });
    return fetch('/lti/picker/items?' + q.toString(), { credentials: 'same-origin' }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) { count.textContent = (body && body.error) || 'Could not load content'; return false; }
        if (!typesLoaded) {
          typesLoaded = true;
          body.data.types.forEach(function (t) { var o = document.createElement('option'); o.value = t; o.textContent = short(t); typeSel.appendChild(o); });
        }
        render(body.data.items);
        return true;
      });
    }).catch(function () { count.textContent = 'Could not load content: check your connection.'; return false; });
  }
  document.getElementById('q').addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(load, 250); });
  typeSel.addEventListener('change', load);
  document.getElementById('scope').addEventListener('change', load);
  form.addEventListener('submit', function (e) {
    var n = Object.keys(picked).length;
    if (!n) { e.preventDefault(); return; }
    // the chosen items, also those a later search hid
    Array.prototype.forEach.call(form.querySelectorAll('input[name=content]'), function (b) { b.disabled = true; });
    Object.keys(picked).forEach(function (id) { var h = document.createElement('input'); h.type = 'hidden'; h.name = 'content'; h.value = id; form.appendChild(h); });
    add.disabled = true;
    add.textContent = 'Adding…';
  });
  var linkBtn = document.getElementById('link');
  if (linkBtn) {
    var status = document.getElementById('link-status');
    var polling = null;
    function linked() {
      clearInterval(polling);
      document.querySelector('[data-testid=lti-link-needed]').hidden = true;
      form.hidden = false;
      load();
    }
    function check() {
      fetch('/lti/picker/items?' + new URLSearchParams({ lti_launch: token, scope: 'mine' }).toString(), { credentials: 'same-origin' })
        .then(function (res) { if (res.ok) linked(); }).catch(function () {});
    }
    window.addEventListener('message', function (e) { if (e.origin === location.origin && e.data && e.data.type === 'lumen-lti-linked') check(); });
    linkBtn.addEventListener('click', function () {
      var w = window.open('/lti/link?' + new URLSearchParams({ lti_launch: token }).toString(), 'lumen-lti-link', 'width=520,height=680');
      status.textContent = w ? 'Sign in in the new window; this page goes on by itself.' : 'The window was blocked: allow pop-ups for this site and try again.';
      clearInterval(polling);
      polling = setInterval(check, 2000);
    });
  } else load();
})();`;
  return shell({ title: 'Add content', brand: o.brand, body: () => body, script, formAction: "'self'" });
}
