/*
 * Lumen Learn embed resizer: include it once on a page that embeds our content
 *   <script src="https://<app>/h5p-resizer.js" async></script>
 * and every iframe of our player (/h5p/embed/…) takes the height of its content, on any site. It speaks H5P's own
 * resizer protocol ({context:'h5p', action:'resize', scrollHeight}), so pages that already include H5P's
 * h5p-resizer.js work too. Only frames of the origin this script came from are resized, and only their height.
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
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    var height = data.context === 'h5p' && data.action === 'resize' ? data.scrollHeight : data.type === 'h5p-resize' ? data.height : null;
    if (typeof height !== 'number' || !(height > 0)) return;
    var frame = frameOf(event.source);
    if (!frame || !frame.src || frame.src.indexOf(origin + '/h5p/embed/') !== 0) return;
    frame.style.height = Math.min(Math.ceil(height), 20000) + 'px';
  });
})();
