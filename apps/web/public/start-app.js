/**
 * Starts the app on a page whose first screen the server has drawn (docs/decisions/087): once
 * the page and its pictures have loaded, at the shopper's first touch or key, or after 3 s,
 * whichever comes first. Until then the phone spends its network and processor on showing the
 * screen, not on the code that makes it work. The server puts this script in place of the
 * app's entry and names the entry in `data-entry` (apps/server/src/plugins/first-screen.ts).
 */
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  var inputs = ['pointerdown', 'keydown', 'touchstart'];
  function start() {
    if (started) return;
    started = true;
    inputs.forEach(function (type) {
      window.removeEventListener(type, start, true);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  inputs.forEach(function (type) {
    window.addEventListener(type, start, true);
  });
  window.setTimeout(start, 3000);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start);
})();
