// Escaping for every place the service writes user text into markup it serves itself: HTML pages (the player page,
// the LTI pages), XML manifests (SCORM, cmi5), JSON inside <script>, CSS inside <style>, WebVTT captions. One module,
// so a fix reaches every page. The bottom layer: no imports, safe in the browser too (the branding preview and the
// embed snippet use it).
//
// Not here: lib/h5p/engine/sanitize.ts `escapeText`, which is H5P's own text filter (it keeps entities that are already
// escaped, as H5P's PHP validator does) — a content rule, not output escaping.

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or a quoted attribute value in HTML: `& < > " '` escaped; null and undefined are empty. */
export function escapeHtml(v: string | number | null | undefined): string {
  return String(v ?? '').replace(/[&<>"']/g, (c) => HTML[c]!);
}

/** Text or an attribute value in XML (imsmanifest.xml, cmi5.xml): the five predefined entities. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML[c]!);
}

/**
 * A value as JSON inside an inline <script>: `<` never closes the element or opens a comment, and the two line
 * separators that JSON allows but older JavaScript did not are escaped.
 */
export function jsonForScript(v: unknown): string {
  return jsonTextForScript(JSON.stringify(v));
}

/** jsonForScript for JSON text already serialised (escaping its parts one by one escapes their concatenation). */
export function jsonTextForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * CSS as the text of a <style> element: every `<` becomes the CSS escape `\3c `, so the text can never close the
 * element; CSS reads `\3c ` as `<` in strings and selectors.
 */
export function cssForStyle(css: string): string {
  return css.replace(/</g, '\\3c ');
}

/** The text of a WebVTT cue: `& < >` escaped, and `-->` (the cue timing arrow) broken. */
export function escapeVttText(t: string): string {
  return t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/-->/g, '--&gt;');
}
