/*
 * Lumen Learn embed resizer: include it once on a page that embeds our content
 *   <script src="https://<app>/h5p-resizer.js" async></script>
 * and every iframe of our player (/h5p/embed/…) takes the height of its content, on any site. It speaks H5P's own
 * resizer protocol ({context:'h5p', action:'resize', scrollHeight}), so pages that already include H5P's
 * h5p-resizer.js work too. Only frames of the origin this script came from are resized, and only their height.
 * It also answers the player's request for the anonymous viewer's id (kept in this site's storage), and keeps the
 * name they gave when the author's embed asks for one.
 */
(function () {
  if (window.__lumenResizer) return;
  window.__lumenResizer = true;
  var script = document.currentScript;
  var origin;
  try {
    origin = new URL(script && script.src ? script.src : window.location.href).origin;
  } catch (e) {
    return;
  }
  function frameOf(source) {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === source) return frames[i];
    }
    return null;
  }
  // An anonymous viewer's id for the player's learning records: one random id per browser and site, kept in this
  // page's storage (the sandboxed player has none), so the teacher sees one learner across visits.
  function learnerId() {
    var key = 'lumen-learner-id';
    var id = null;
    try { id = window.localStorage.getItem(key); } catch (e) { id = null; }
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) {
      var b = new Uint8Array(16);
      window.crypto.getRandomValues(b);
      b[6] = (b[6] & 15) | 64;
      b[8] = (b[8] & 63) | 128;
      var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
      id = h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
      try { window.localStorage.setItem(key, id); } catch (e) { /* private mode: this page's id only */ }
    }
    return id;
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'lumen-learner-request' || data.type === 'lumen-learner-name') {
      var player = frameOf(event.source);
      if (!player || !player.src || player.src.indexOf(origin + '/h5p/embed/') !== 0) return;
      if (data.type === 'lumen-learner-name') {
        // the name the viewer gave when the author's embed asked for one, for the next visits
        try { if (typeof data.name === 'string') window.localStorage.setItem('lumen-learner-name', data.name.slice(0, 100)); } catch (e) { /* private mode */ }
        return;
      }
      var name = null;
      try { name = window.localStorage.getItem('lumen-learner-name'); } catch (e) { name = null; }
      event.source.postMessage(name ? { type: 'lumen-learner', id: learnerId(), name: name } : { type: 'lumen-learner', id: learnerId() }, '*');
      return;
    }
    var height = data.context === 'h5p' && data.action === 'resize' ? data.scrollHeight : data.type === 'h5p-resize' ? data.height : null;
    if (typeof height !== 'number' || !(height > 0)) return;
    var frame = frameOf(event.source);
    if (!frame || !frame.src || frame.src.indexOf(origin + '/h5p/embed/') !== 0) return;
    frame.style.height = Math.min(Math.ceil(height), 20000) + 'px';
  });
  // this script loads async: a player that told its height before it listened tells it again when asked
  var frames = document.getElementsByTagName('iframe');
  for (var i = 0; i < frames.length; i++) {
    if (frames[i].src && frames[i].src.indexOf(origin + '/h5p/embed/') === 0 && frames[i].contentWindow) frames[i].contentWindow.postMessage({ context: 'h5p', action: 'ready' }, '*');
  }
})();
