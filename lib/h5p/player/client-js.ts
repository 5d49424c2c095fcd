// Script snippets shared by the pages the service writes for browsers (the player page, the cmi5 AU).

/** `uuid()`: a random version-4 UUID (crypto.getRandomValues works in sandboxed and insecure pages alike). */
export const UUID_JS = `function uuid() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }`;
