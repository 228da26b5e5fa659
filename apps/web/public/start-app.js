/**
 * Starts the app on a page whose first screen the server has drawn (docs/decisions/087, 100):
 * once the page and its pictures have loaded, a screen that runs its own course (the home
 * page's loading screen and the page it uncovers, marked `data-app-starts-after`) has ended
 * unless someone is signed in, and the browser has painted what the page then shows; at the
 * shopper's first touch or key; or after 3 s; whichever comes first. Until then the phone spends its network and processor
 * on showing the screen, not on the code that makes it work. The server puts this script in
 * place of the app's entry and names the entry in `data-entry` and where the app keeps a
 * signed-in user in `data-session-key` (apps/server/src/plugins/first-screen.ts).
 */
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  /**
   * Whether the app keeps a signed-in user (under `data-session-key`), and 'staff' when their
   * role is one of `data-staff-roles`: only the app shows who they are in the navigation bar,
   * so for them it does not wait for a screen's own course, and until it runs the bar shows the
   * shapes of theirs instead of the guest's Login, with the dashboard's link for staff
   * (`data-signed-in` on <html>, read by index.css's variants).
   */
  var signedIn = (function () {
    try {
      var key = script.getAttribute('data-session-key');
      var stored = key ? window.localStorage.getItem(key) : null;
      if (stored === null) return null;
      var role = JSON.parse(stored).role;
      var staffRoles = (script.getAttribute('data-staff-roles') || '').split(' ');
      return typeof role === 'string' && staffRoles.indexOf(role) >= 0 ? 'staff' : '';
    } catch (e) {
      return e instanceof SyntaxError ? '' : null;
    }
  })();
  if (signedIn !== null) document.documentElement.setAttribute('data-signed-in', signedIn);
  var started = false;
  var inputs = ['pointerdown', 'keydown', 'touchstart'];
  /**
   * A button pressed before the app has taken the screen over would do nothing, its handler
   * being the app's, and a checkbox or radio button would change on the page but not in the
   * app: the last one pressed is held, its own default (a form's submission, the box's tick)
   * kept for the app, and pressed again once the app marks `<html data-app="ready">` (the
   * screen is the app's: apps/web/src/app/layouts/shop-layout.tsx). Links need no app. Should
   * the entry fail to load, the press is given back to the page as it is. A choice made in a
   * list is told to the app the same way.
   */
  var root = document.documentElement;
  var pressed = null;
  var HELD = 'button, input[type="checkbox"], input[type="radio"]';
  function hold(event) {
    if (root.getAttribute('data-app') === 'ready') return;
    var control = event.target instanceof Element ? event.target.closest(HELD) : null;
    if (!control || control.disabled) return;
    event.preventDefault();
    pressed = control;
  }
  document.addEventListener('click', hold, true);
  /** A list's choice (the shop's sort) stays on the page; the app is told of it once ready. */
  var chosen = null;
  function holdChoice(event) {
    if (root.getAttribute('data-app') === 'ready') return;
    if (event.target instanceof HTMLSelectElement) chosen = event.target;
  }
  document.addEventListener('change', holdChoice, true);
  /**
   * Text typed into a field (the shop's search) before then is on the page but not in the app,
   * which would send or clear an empty field: the app is told of it as typing. React notes a
   * field's value when it is set through the field and reports a change only against that
   * note, so the field is emptied that way and the text put back past it (the prototype's own
   * setter) before the input event.
   */
  var typed = null;
  var typedText = '';
  function holdTyping(event) {
    if (root.getAttribute('data-app') === 'ready') return;
    var field = event.target;
    if (!(field instanceof HTMLInputElement) || /^(checkbox|radio)$/.test(field.type)) return;
    typed = field;
    typedText = field.value;
  }
  document.addEventListener('input', holdTyping, true);
  function typeAgain() {
    if (!typed || !typed.isConnected) return;
    var set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    typed.value = '';
    set.call(typed, typedText);
    typed.dispatchEvent(new Event('input', { bubbles: true }));
  }
  function pressAgain() {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('change', holdChoice, true);
    document.removeEventListener('input', holdTyping, true);
    typeAgain();
    if (chosen && chosen.isConnected) chosen.dispatchEvent(new Event('change', { bubbles: true }));
    if (pressed && pressed.isConnected) pressed.click();
    chosen = pressed = typed = null;
  }
  if (window.MutationObserver) {
    var ready = new MutationObserver(function () {
      if (root.getAttribute('data-app') !== 'ready') return;
      ready.disconnect();
      pressAgain();
    });
    ready.observe(root, { attributes: true, attributeFilter: ['data-app'] });
  }
  function start() {
    if (started) return;
    started = true;
    inputs.forEach(function (type) {
      window.removeEventListener(type, start, true);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    app.onerror = pressAgain;
    document.head.appendChild(app);
  }
  /**
   * Once the page's first paint has been reported (at once where paint timing is unknown), and
   * two frames later: what changed since, a picture that loaded or a screen that ended, has been
   * drawn too. A task queued from a frame callback runs after that frame.
   */
  function afterPaint() {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    var painted = function () {
      return performance.getEntriesByName('first-contentful-paint').length > 0;
    };
    var frames = function () {
      window.requestAnimationFrame(function () {
        window.requestAnimationFrame(function () {
          window.setTimeout(start, 0);
        });
      });
    };
    if (types.indexOf('paint') < 0 || painted()) return frames();
    var observer = new PerformanceObserver(function () {
      if (!painted()) return;
      observer.disconnect();
      frames();
    });
    observer.observe({ type: 'paint' });
  }
  /** Once the animations of the screens that hold the start have ended (or been cancelled). */
  function whenScreensEnded(then) {
    var held = [];
    document.querySelectorAll('[data-app-starts-after]').forEach(function (screen) {
      if (screen.getAnimations) held = held.concat(screen.getAnimations());
    });
    if (!held.length || !window.Promise) return then();
    Promise.all(
      held.map(function (animation) {
        return animation.finished.catch(function () {});
      }),
    ).then(then);
  }
  function loaded() {
    if (signedIn !== null) afterPaint();
    else whenScreensEnded(afterPaint);
  }
  inputs.forEach(function (type) {
    window.addEventListener(type, start, true);
  });
  window.setTimeout(start, 3000);
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded);
})();
