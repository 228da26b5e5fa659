/**
 * Starts the app on a page whose first screen the server has drawn (docs/decisions/087, 100):
 * once the page and its pictures have loaded, a screen that runs its own course (the home
 * page's loading screen and the page it uncovers, marked `data-app-starts-after`) has ended
 * unless someone is signed in, and the browser has painted what the page then shows; at the
 * shopper's first touch or key; or after 3 s; whichever comes first. Until then the phone
 * spends its network and processor on showing the screen, not on the code that makes it work.
 * The server puts this script in place of the app's entry and names the entry in `data-entry`,
 * where the app keeps a signed-in user in `data-session-key` and the roles that see the
 * dashboard in `data-staff-roles` (apps/server/src/plugins/first-screen.ts).
 */
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  /**
   * Who the app keeps signed in (under `data-session-key`): null for nobody, 'staff' when their
   * role is one of `data-staff-roles`, '' for anyone else. Only the app shows who they are in
   * the navigation bar, so for them it does not wait for a screen's own course, and until it
   * runs the bar shows the shapes of theirs instead of the guest's Login, with the dashboard's
   * link for staff (`data-signed-in` on <html>, read by index.css's variants).
   */
  var signedInAs = (function () {
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
  if (signedInAs !== null) document.documentElement.setAttribute('data-signed-in', signedInAs);
  var started = false;
  var inputs = ['pointerdown', 'keydown', 'touchstart'];
  /**
   * What the shopper does before the app has taken the screen over would be lost: a button's
   * handler is the app's, and a ticked box, a list's choice or typed text (the shop's filters,
   * sort and search) would show on the page but not be in the app. The last press, choice and
   * typing are held, a press's own default (a form's submission, the box's tick) kept for the
   * app, and done again once the app marks `<html data-app="ready">` (the screen is the app's:
   * apps/web/src/app/layouts/shop-layout.tsx). Links need no app. Should the entry fail to
   * load, they are given back to the page as they are.
   */
  var root = document.documentElement;
  var HELD_EVENTS = ['click', 'change', 'input'];
  var PRESSED = 'button, input[type="checkbox"], input[type="radio"]';
  var held = {};
  var typedText = '';
  function hold(event) {
    var target = event.target;
    if (event.type === 'click') {
      var control = target instanceof Element ? target.closest(PRESSED) : null;
      if (!control || control.disabled) return;
      event.preventDefault();
      held.click = control;
    } else if (event.type === 'change') {
      if (target instanceof HTMLSelectElement) held.change = target;
    } else if (target instanceof HTMLInputElement && !/^(checkbox|radio)$/.test(target.type)) {
      held.input = target;
      typedText = target.value;
    }
  }
  /**
   * React notes a field's value when it is set through the field and reports typing only
   * against that note, so typed text is told by emptying the field that way and putting the
   * text back past it (the prototype's own setter) before the input event.
   */
  function typeAgain(field) {
    var set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    field.value = '';
    set.call(field, typedText);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  function doAgain() {
    HELD_EVENTS.forEach(function (type) {
      document.removeEventListener(type, hold, true);
    });
    var connected = function (element) {
      return element && element.isConnected;
    };
    if (connected(held.input)) typeAgain(held.input);
    if (connected(held.change)) held.change.dispatchEvent(new Event('change', { bubbles: true }));
    if (connected(held.click)) held.click.click();
    held = {};
  }
  HELD_EVENTS.forEach(function (type) {
    document.addEventListener(type, hold, true);
  });
  var ready = new MutationObserver(function () {
    if (root.getAttribute('data-app') !== 'ready') return;
    ready.disconnect();
    doAgain();
  });
  ready.observe(root, { attributes: true, attributeFilter: ['data-app'] });
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
    app.onerror = doAgain;
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
    var animations = [];
    document.querySelectorAll('[data-app-starts-after]').forEach(function (screen) {
      if (screen.getAnimations) animations = animations.concat(screen.getAnimations());
    });
    if (!animations.length || !window.Promise) return then();
    Promise.all(
      animations.map(function (animation) {
        return animation.finished.catch(function () {});
      }),
    ).then(then);
  }
  function loaded() {
    if (signedInAs !== null) afterPaint();
    else whenScreensEnded(afterPaint);
  }
  inputs.forEach(function (type) {
    window.addEventListener(type, start, true);
  });
  window.setTimeout(start, 3000);
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded);
})();
