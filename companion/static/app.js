/* Campfire companion — the only script besides htmx.
 *
 * The Content-Security-Policy forbids inline scripts, inline styles and eval, so all the
 * behaviour lives here and is wired by data attributes:
 *
 *   <meta name="csrf-token" content="…">   sent as the X-CSRFToken header on htmx requests
 *                                          (with a fresh Idempotency-Key on every change)
 *   <body data-poll-ms="2000">             optional poll interval (default 2000 ms)
 *   hx-trigger="campfire:poll from:body"   a live container refreshed while the tab is visible
 *   <button data-wakelock hidden>          screen wake-lock toggle (shown where supported)
 *   <div class="secret" data-secret="key"> a secret value (herd card): hidden by default on
 *     <button data-reveal>                 each phone; the tap state is kept per tab in
 *                                          sessionStorage under "campfire:reveal:<key>"
 *
 * Load order: htmx.min.js, then this file (both in <head> with defer, or at the end of <body>).
 */
(function () {
  "use strict";

  var DEFAULT_POLL_MS = 2000;

  /* ---- htmx configuration (before htmx initialises on DOMContentLoaded) ------------ */

  if (window.htmx) {
    // htmx would otherwise inject a <style> element, which the CSP blocks.
    htmx.config.includeIndicatorStyles = false;
    // hx-on / js: values need eval, which the CSP forbids; fail closed instead of noisily.
    htmx.config.allowEval = false;
    htmx.config.allowScriptTags = false;
    // A refused move comes back as the re-rendered panel with the message in an alert:
    // 422 (rule refused), 409 (stale version), 400 (bad form) must be swapped in, not dropped;
    // so must every other 4xx (an expired form, too many attempts, a table gone: the
    // sentence the server sends for #flash), or the tap would be refused silently.
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "4..", swap: true, error: false },
      { code: "[45]..", swap: false, error: true },
      { code: "...", swap: false }
    ];
  }

  // 128 random bits as hex (crypto.randomUUID needs HTTPS; a LAN server is plain HTTP).
  function idempotencyKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : null;
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var token = csrfToken();
    if (token) {
      event.detail.headers["X-CSRFToken"] = token;
    }
    // Every change gets its own key: a request repeated (a retry after a lost answer)
    // is then carried out once (companion.idempotency).
    if (event.detail.verb && event.detail.verb !== "get") {
      event.detail.headers["Idempotency-Key"] = idempotencyKey();
    }
  });

  // A network failure or a server error must not leave the phone silently stale: flag it.
  document.addEventListener("htmx:sendError", function () { setOffline(true); });
  document.addEventListener("htmx:responseError", function () { setOffline(true); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) { setOffline(false); }
  });

  function setOffline(offline) {
    if (document.body) { document.body.classList.toggle("is-offline", offline); }
    var flag = document.querySelector("[data-offline]");
    if (flag) { flag.hidden = !offline; }
  }

  /* ---- live sync: poll only while the page is visible ------------------------------ */

  function pollInterval() {
    var raw = document.body && document.body.getAttribute("data-poll-ms");
    var ms = raw ? parseInt(raw, 10) : DEFAULT_POLL_MS;
    return isFinite(ms) && ms >= 500 ? ms : DEFAULT_POLL_MS;
  }

  function firePoll() {
    if (document.visibilityState === "visible" && document.body) {
      document.body.dispatchEvent(new CustomEvent("campfire:poll", { bubbles: false }));
    }
  }

  var pollTimer = null;

  function startPolling() {
    if (pollTimer === null) { pollTimer = window.setInterval(firePoll, pollInterval()); }
  }

  function stopPolling() {
    if (pollTimer !== null) { window.clearInterval(pollTimer); pollTimer = null; }
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      firePoll();          // catch up at once when the phone wakes up
      startPolling();
      reacquireWakeLock();
    } else {
      stopPolling();       // hidden tabs do not poll
    }
  });

  /* ---- screen wake lock ------------------------------------------------------------ */

  var wakeLock = null;
  var wakeWanted = false;

  function wakeButtons() { return document.querySelectorAll("[data-wakelock]"); }

  function renderWake() {
    wakeButtons().forEach(function (button) {
      button.hidden = !("wakeLock" in navigator);
      button.setAttribute("aria-pressed", wakeLock ? "true" : "false");
    });
  }

  function requestWakeLock() {
    if (!("wakeLock" in navigator)) { return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      lock.addEventListener("release", function () { wakeLock = null; renderWake(); });
      renderWake();
    }).catch(function () {
      wakeLock = null;
      wakeWanted = false;   // refused (battery saver, not allowed): show it as off
      renderWake();
    });
  }

  function reacquireWakeLock() {
    // The browser releases the lock when the page is hidden; take it again on return.
    if (wakeWanted && !wakeLock) { requestWakeLock(); }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-wakelock]");
    if (!button) { return; }
    event.preventDefault();
    if (wakeLock) {
      wakeWanted = false;
      wakeLock.release();
    } else {
      wakeWanted = true;
      requestWakeLock();
    }
  });

  /* ---- tap to reveal (secret herd cards) ------------------------------------------- */

  function revealKey(box) { return "campfire:reveal:" + box.getAttribute("data-secret"); }

  function readStore(key) {
    try { return window.sessionStorage.getItem(key); } catch (e) { return null; }
  }

  function writeStore(key, value) {
    try {
      if (typeof value === "string") { window.sessionStorage.setItem(key, value); }
      else if (value) { window.sessionStorage.setItem(key, "1"); }
      else { window.sessionStorage.removeItem(key); }
    } catch (e) { /* private mode: the reveal simply is not remembered */ }
  }

  function showSecret(box, shown) {
    box.classList.toggle("revealed", shown);
    box.querySelectorAll("[data-reveal]").forEach(function (button) {
      button.setAttribute("aria-pressed", shown ? "true" : "false");
    });
  }

  function restoreSecrets(root) {
    var boxes = root.querySelectorAll ? root.querySelectorAll(".secret[data-secret]") : [];
    boxes.forEach(function (box) { showSecret(box, readStore(revealKey(box)) === "1"); });
    if (root.matches && root.matches(".secret[data-secret]")) {
      showSecret(root, readStore(revealKey(root)) === "1");
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-reveal]");
    if (!button) { return; }
    var box = button.closest(".secret[data-secret]");
    if (!box) { return; }
    event.preventDefault();
    var shown = !box.classList.contains("revealed");
    showSecret(box, shown);
    writeStore(revealKey(box), shown);
  });

  /* ---- forms: the token on every post, a refusal beside the control tapped ----------- */

  // A panel swapped in by htmx carries no hidden token (companion.panel_cache drops it
  // from htmx answers, htmx sending the header instead), and a cached panel cannot carry
  // this phone's token. A plain form in it (no hx-post) would then post without one and
  // meet "This form has expired": give every post form the page's token just before it
  // is sent. Capture phase, so it runs before htmx reads the form.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.getAttribute || (form.getAttribute("method") || "").toLowerCase() !== "post") { return; }
    var token = csrfToken();
    if (!token) { return; }
    var field = form.querySelector('input[name="csrf_token"]');
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "csrf_token";
      form.appendChild(field);
    }
    field.value = token;
  }, true);

  // A refusal comes back with the sentence at the top — the whole panel (htmx) or the
  // whole page again (a plain form, 422) — often screens away from the button tapped.
  // Remember which control was sent (its form's place among the forms there: a refusal
  // shows the same forms again, and the button's name and value) and move the sentence
  // beside it. The place rides on the request itself (the xhr) for htmx, so a poll
  // meanwhile cannot mix them up, and on sessionStorage for one page load otherwise.
  var SENT_KEY = "campfire:sent";

  function formsIn(panel) {
    return Array.prototype.slice.call(document.querySelectorAll(panel ? "#panel form" : "main form"));
  }

  function placeOf(form, submitter) {
    var panel = !!form.closest("#panel");
    var forms = formsIn(panel);
    return {
      panel: panel,
      index: forms.indexOf(form),
      count: forms.length,
      action: form.getAttribute("action"),
      name: submitter && submitter.name ? submitter.name : null,
      value: submitter && submitter.name ? submitter.value : null
    };
  }

  function besideControl(alert, sent) {
    var forms = formsIn(sent.panel);
    var form = forms.length === sent.count ? forms[sent.index] : null;
    if (!form || form.getAttribute("action") !== sent.action) {
      form = forms.filter(function (f) { return f.getAttribute("action") === sent.action; })[0];
    }
    if (!form) { return; }
    var buttons = form.querySelectorAll("button, input[type=submit]");
    var anchor = form;
    if (buttons.length > 1) {  // the button tapped, when the form has several
      anchor = Array.prototype.filter.call(buttons, function (b) {
        return sent.name ? b.name === sent.name && b.value === sent.value : !b.name;
      })[0] || buttons[buttons.length - 1];
    }
    // Past the row of buttons it sits in, so the sentence gets a line of its own.
    while (anchor.parentElement && anchor.parentElement.matches(".btn-row, .stepper, .bison-turns, fieldset")) {
      anchor = anchor.parentElement;
    }
    anchor.insertAdjacentElement("afterend", alert);
    alert.setAttribute("tabindex", "-1");
    alert.setAttribute("data-beside", "");
    alert.scrollIntoView({ block: "nearest" });
    alert.focus({ preventScroll: true });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail && event.detail.elt;
    if (form && form.tagName === "FORM" && form.closest("#panel") && event.detail.xhr) {
      var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
      event.detail.xhr.campfireForm = placeOf(form, trigger && trigger.submitter);
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr || xhr.status < 400 || !xhr.campfireForm) { return; }
    // The panel's refusal, or the sentence of an error answered into #flash.
    var target = event.detail.target;
    var alert = document.querySelector("#panel > .alert-error") ||
      (target && target.id === "flash" ? target.querySelector(".alert-error") : null);
    if (alert) { besideControl(alert, xhr.campfireForm); }
  });

  // A plain form (a step page): remember it until the next page has loaded.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.hasAttribute("hx-post") || form.closest("#panel")) { return; }
    var sent = placeOf(form, event.submitter);
    sent.path = new URL(form.getAttribute("action") || "", window.location.href).pathname;
    writeStore(SENT_KEY, JSON.stringify(sent));
  });

  function refusalOnLoad() {
    var raw = readStore(SENT_KEY);
    if (!raw) { return; }
    writeStore(SENT_KEY, null);
    var sent;
    try { sent = JSON.parse(raw); } catch (e) { return; }
    // Only the page the form posted to (the refusal re-rendered it); elsewhere the
    // sentence is already in view on a short page, or there is none.
    var alert = document.querySelector("main > .alert-error[role=alert]");
    if (alert && sent.path === window.location.pathname) { besideControl(alert, sent); }
  }

  /* ---- start ----------------------------------------------------------------------- */

  // afterSwap runs as soon as a fragment is in the page (before htmx settles it), so a
  // revealed herd does not flash hidden on every poll; htmx:load covers the first page.
  // With outerHTML swaps the event's element may be the one just replaced, so look at the
  // whole page: there are only a handful of secrets.
  document.addEventListener("htmx:afterSwap", function () { restoreSecrets(document); });

  // htmx:load fires for the initial page and for every swapped fragment.
  document.addEventListener("htmx:load", function (event) {
    restoreSecrets(event.target);
    renderWake();
  });

  function ready() {
    refusalOnLoad();
    restoreSecrets(document);
    renderWake();
    if (document.visibilityState === "visible") { startPolling(); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
