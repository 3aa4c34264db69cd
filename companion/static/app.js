/* Campfire companion — what every page shares (the game and push scripts have files of their own).
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
 *   <div data-offline hidden>             the offline banner (base.html): shown with
 *     <span data-offline-lost>             body.is-offline while the server cannot be
 *     <span data-offline-pending hidden    reached, and while taps wait to be sent: their
 *           data-one="…" data-many="…">    count ("3 taps not saved yet", the translated
 *                                          forms for 1 and for more, "{count}" the count)
 *
 * No silent loss: a change (an htmx POST) that cannot reach the server — the phone is
 * offline, the server restarts (no answer, 502/503/504) — is kept on the phone (in memory
 * and localStorage under "campfire:pending:<page path>") with its Idempotency-Key and the
 * version the panel showed, and sent again, in order, as soon as the server answers: on
 * "online", on waking up, on the first request that succeeds, and every RESEND_MS while
 * any wait. Sent again it names that version (X-Campfire-Version): if another phone changed
 * what it touches meanwhile (that seat's counter, that place, that card: issue 35) the
 * server refuses it (409) and the panel shows the server's sentence naming it; changes to
 * other things do not stop it, and a counter's tap is a delta (+1/−1), so three taps kept
 * offline add 3. A tap
 * that had reached the server before its answer was lost is answered as the first time
 * (the same key, companion.idempotency). While offline the phone polls every RESEND_MS,
 * so it catches up within moments of the connection coming back.
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
    // The first poll after the phone slept or was offline goes past the server's poll
    // shortcut: its seat may have been taken over meanwhile, however long ago.
    if (wokeUp && event.detail.verb === "get" && event.detail.parameters &&
        /[?&]v=[0-9]/.test(event.detail.path || "")) {
      event.detail.parameters.wake = "1";
      wokeUp = false;
    }
  });
  var wokeUp = false;

  // A network failure or a server error must not leave the phone silently stale: flag it,
  // and keep a change that did not get through (below).
  document.addEventListener("htmx:sendError", function (event) {
    keep(event.detail);
    setOffline(true);
  });
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && UNREACHED.indexOf(xhr.status) >= 0) { keep(event.detail); }
    setOffline(true);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) {
      var wasOffline = isOffline();
      setOffline(false);
      if (wasOffline) { wokeUp = true; firePoll(); }   // back: catch up, then send what waits
      resend();
    }
  });

  var offline = false;

  function isOffline() { return offline; }

  function setOffline(flag) {
    offline = flag;
    if (document.body) { document.body.classList.toggle("is-offline", flag); }
    renderOffline();
    if (flag) { startProbing(); }
  }

  function renderOffline() {
    var banner = document.querySelector("[data-offline]");
    if (!banner) { return; }
    var waiting = pending.length > 0;
    banner.hidden = !offline && !waiting;
    banner.querySelectorAll("[data-offline-lost]").forEach(function (el) { el.hidden = waiting; });
    banner.querySelectorAll("[data-offline-pending]").forEach(function (el) {
      el.hidden = !waiting;
      var form = el.getAttribute(pending.length === 1 ? "data-one" : "data-many");
      if (waiting && form) { el.textContent = form.replace("{count}", String(pending.length)); }
      el.setAttribute("data-count", String(pending.length));
    });
  }

  /* ---- no silent loss: changes kept while the server cannot be reached ------------- */

  var RESEND_MS = 1000;
  // At most this many of the phone's own versions ride on a change sent again (the
  // server reads no more: companion.pages.panel.MAX_MINE).
  var MAX_MINE = 200;
  // Answers that mean the change never reached the table (a proxy or a restarting server).
  var UNREACHED = [0, 502, 503, 504];
  var STORE = "campfire:pending:" + window.location.pathname;
  var pending = loadPending();
  var sending = false;
  var probeTimer = null;

  function loadPending() {
    try {
      var saved = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(saved) ? saved : [];
    } catch (e) { return []; }
  }

  function savePending() {
    try {
      if (pending.length) { window.localStorage.setItem(STORE, JSON.stringify(pending)); }
      else { window.localStorage.removeItem(STORE); }
    } catch (e) { /* private mode: kept in memory only */ }
    renderOffline();
  }

  function shownVersion() {
    var panel = document.getElementById("panel");
    var version = panel ? parseInt(panel.getAttribute("data-version"), 10) : NaN;
    return isFinite(version) ? version : null;
  }

  // A change that did not get through: keep what it said, its key and the version shown.
  function keep(detail) {
    var config = detail && detail.requestConfig;
    if (!config || !config.verb || config.verb === "get" || !config.headers) { return; }
    var key = config.headers["Idempotency-Key"];
    var target = detail.target || config.target;
    if (!key || !target || target.id !== "panel") { return; }
    var body = new URLSearchParams();
    var form = config.formData;
    if (form && form.forEach) { form.forEach(function (value, name) { body.append(name, value); }); }
    pending.push({
      path: config.path, body: body.toString(), key: key, version: shownVersion(), mine: []
    });
    savePending();
    startProbing();
  }

  function startProbing() {
    if (probeTimer === null) { probeTimer = window.setTimeout(probe, RESEND_MS); }
  }

  // While offline or while changes wait: try again every RESEND_MS (a change waiting is
  // its own probe; else the panel's poll is).
  function probe() {
    probeTimer = null;
    if (!offline && !pending.length) { return; }
    if (pending.length) { resend(); } else { firePoll(); }
    startProbing();
  }

  function resend() {
    if (sending || !pending.length) { return; }
    sending = true;
    var change = pending[0];
    var headers = {
      "Content-Type": "application/x-www-form-urlencoded",
      "HX-Request": "true",
      "Idempotency-Key": change.key
    };
    var token = csrfToken();
    if (token) { headers["X-CSRFToken"] = token; }
    if (change.version !== null && change.version !== undefined) {
      headers["X-Campfire-Version"] = String(change.version);
      // The versions this phone's own taps made since (queued before this one): the
      // server does not count them as another phone's change to the same thing.
      if (change.mine && change.mine.length) {
        headers["X-Campfire-Mine"] = change.mine.slice(-MAX_MINE).join(",");
      }
    }
    window.fetch(change.path, {
      method: "POST", headers: headers, body: change.body, credentials: "same-origin"
    }).then(function (response) {
      if (UNREACHED.indexOf(response.status) >= 0) { throw new Error("not yet"); }
      return response.text().then(function (html) { landed(response, html); });
    }).then(function () {
      sending = false;
      resend();          // the next one, if any
    }, function () {
      sending = false;   // still unreachable: the probe tries again
      setOffline(true);
    });
  }

  // The server answered a change sent again: it is done (made, or refused with a sentence).
  function landed(response, html) {
    pending.shift();
    if (response.ok && pending.length) {
      // The changes waiting behind this one keep the version their player saw; the
      // version this one made is theirs too (not another phone's change meanwhile).
      var made = versionOf(html);
      if (made !== null) {
        pending.forEach(function (change) {
          change.mine = (change.mine || []).concat([made]).slice(-MAX_MINE);
        });
      }
    }
    savePending();
    setOffline(false);
    var panel = document.getElementById("panel");
    if (panel && html && window.htmx && response.status !== 204) {
      window.htmx.swap(panel, html, { swapStyle: "outerHTML" });
    }
    // Refused (the table moved on): the sentence comes to where the player is looking.
    var refusal = !response.ok && document.querySelector("#panel [role=alert]");
    if (refusal && refusal.scrollIntoView) { refusal.scrollIntoView({ block: "center" }); }
  }

  window.addEventListener("online", function () {
    wokeUp = true;
    firePoll();
    resend();
  });

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
      wokeUp = true;       // its seat may have been taken over while it slept
      firePoll();          // catch up at once when the phone wakes up
      resend();
      startPolling();
      reacquireWakeLock();
    } else {
      stopPolling();       // hidden tabs do not poll
    }
  });

  /* ---- an answer whose panel was replaced meanwhile -------------------------------- */

  // Two requests can leave from the same panel (a push's fetch and a tap); the first answer
  // replaces it, and the second then targets a panel no longer on the page. htmx 2 would
  // still swap it: its hx-preserve step moves the live preserved form (the Bison camera
  // control) out of the page, finds no new place for it, and deletes it — the camera
  // button vanished until the next change (CI, stop 55). Such an answer is never swapped
  // as is: the player's own change (its result or its refusal) goes to the panel now
  // shown when it is not older; anything else is dropped (push.js asks again while the
  // panel is behind what was announced).
  // The request's element is most often inside the replaced panel, and an event on a
  // detached element never reaches document: the panel names this as its htmx extension
  // (hx-ext="campfire-answer", _panel.html), which htmx runs for every event of an element
  // inside it, detached or not; the listener on document covers controls outside it.
  // The version a panel's HTML carries (its <section id="panel">), or null.
  function versionOf(html) {
    var found = /<section id="panel"[^>]*\sdata-version="(\d+)"/.exec(html || "");
    return found ? parseInt(found[1], 10) : null;
  }

  function answerToReplacedPanel(detail) {
    var target = detail && detail.target;
    if (!target || target.isConnected || !detail.shouldSwap) { return; }
    var panel = document.getElementById("panel");
    var config = detail.requestConfig;
    var own = !!config && !!config.verb && config.verb !== "get";
    var made = versionOf(detail.serverResponse);
    var shown = shownVersion();
    if (own && target.id === "panel" && panel && made !== null &&
        (shown === null || made >= shown)) {
      detail.target = panel;
    } else {
      detail.shouldSwap = false;
    }
  }

  if (window.htmx) {
    htmx.defineExtension("campfire-answer", {
      onEvent: function (name, event) {
        if (name === "htmx:beforeSwap") { answerToReplacedPanel(event.detail); }
        return true;
      }
    });
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    answerToReplacedPanel(event.detail);
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

  /* ---- Back on a confirmation returns to the table --------------------------------- */

  // A confirmation swapped into the panel (templates/_confirm.html: an undo, a change for
  // another seat) is a step of its own for the phone's Back button: an entry (same URL) is
  // pushed for it, and Back puts the table's panel back, then asks for a newer one —
  // instead of leaving the table for the page before it (the invite page). Answered
  // (confirmed or cancelled), the entry is taken back so Back leaves the table as before.
  var tablePanel = null;    // the table's panel the confirmation replaced
  var confirming = false;
  var skipPop = false;

  function isConfirmation(panel) {
    return !!panel && !panel.hasAttribute("data-version") &&
      !!panel.querySelector("[role=alertdialog]");
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "panel" && target.hasAttribute("data-version")) {
      tablePanel = target;
    }
  });

  document.addEventListener("htmx:afterSwap", function () {
    var shown = isConfirmation(document.getElementById("panel"));
    if (shown && !confirming) {
      confirming = true;
      window.history.pushState({ campfireConfirm: true }, "", window.location.href);
    } else if (!shown && confirming) {
      confirming = false;
      skipPop = true;
      window.history.back();
    }
  });

  // Cancel, while its entry is there, is Back: one step, and the table as it was.
  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest("[data-testid=confirm-no]");
    if (cancel && confirming && isConfirmation(document.getElementById("panel"))) {
      event.preventDefault();
      window.history.back();
    }
  });

  window.addEventListener("popstate", function () {
    if (skipPop) { skipPop = false; return; }
    if (!confirming) { return; }
    confirming = false;
    var panel = document.getElementById("panel");
    if (!panel || !tablePanel || !window.htmx) { window.location.reload(); return; }
    window.htmx.swap(panel, tablePanel.outerHTML, { swapStyle: "outerHTML" });
    firePoll();
  });
  /* ---- forms: the token on every post, a refusal beside the control tapped ----------- */

  // A panel swapped in by htmx carries no hidden token (companion.live drops it
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
    // The buttons that submit (a type="button" chip only fills a field: never the one tapped).
    var buttons = form.querySelectorAll("button:not([type=button]), input[type=submit]");
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

  /* ---- focus kept across live updates; changes read out politely (issue 34) --------- */

  // Every change and every poll replaces the panel (outerHTML), so the control that had
  // focus is gone and focus would drop to the page: a keyboard or screen-reader player
  // starts again from the top. Remember the focused control by what it does (its test
  // id, id, or its form's action and fields, its name and value, its text) and, once the
  // new panel is in, focus its counterpart — else the control now at its place in the
  // panel's order (the one that replaced it). Focus moved on purpose (a refusal focused
  // beside its control, a tap elsewhere) is left alone.
  var FOCUSABLE = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  var focusMemory = null;   // {el, strict, loose, index}

  function controlKey(el, withText) {
    var id = el.getAttribute("data-testid") || el.id;
    if (id) { return "#" + id; }
    var form = el.form || el.closest("form");
    var fields = form ? Array.prototype.map.call(
      form.querySelectorAll("input[type=hidden]:not([name=csrf_token]):not([name=version])"),
      function (f) { return f.name + "=" + f.value; }).join("&") : "";
    return [el.tagName, el.type || "", el.name || "", el.value || "",
      form ? form.getAttribute("action") : "", fields,
      el.getAttribute("data-card") || "", el.getAttribute("data-cell") || "",
      withText ? (el.textContent || "").replace(/\s+/g, " ").trim() : ""].join("|");
  }

  function panelControls() {
    var panel = document.getElementById("panel");
    return panel ? Array.prototype.filter.call(panel.querySelectorAll(FOCUSABLE), function (el) {
      return !el.disabled && el.getClientRects().length > 0;
    }) : [];
  }

  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (!el || !el.closest || !el.closest("#panel")) { return; }
    focusMemory = {
      el: el, strict: controlKey(el, true), loose: controlKey(el, false),
      index: panelControls().indexOf(el)
    };
  });

  function restoreFocus() {
    var memory = focusMemory;
    var active = document.activeElement;
    if (!memory || memory.el.isConnected || (active && active !== document.body)) { return; }
    var controls = panelControls();
    var match = null;
    ["strict", "loose"].forEach(function (kind) {
      match = match || controls.filter(function (el) {
        return controlKey(el, kind === "strict") === memory[kind];
      })[0] || null;
    });
    if (!match && controls.length && memory.index >= 0) {
      match = controls[Math.min(memory.index, controls.length - 1)];
    }
    if (match) { match.focus({ preventScroll: true }); }
  }

  // The last change, read out by the polite live region (templates/table.html) when a
  // live update brings a version this phone had not shown (data-news, _panel.html).
  var shownNews = null;

  function announce() {
    var panel = document.getElementById("panel");
    var region = document.querySelector("[data-live-news]");
    if (!panel || !region || !panel.hasAttribute("data-version")) { return; }
    var version = panel.getAttribute("data-version");
    if (shownNews !== null && shownNews !== version) {
      region.textContent = panel.getAttribute("data-news") || "";
    }
    shownNews = version;
  }

  document.addEventListener("htmx:afterSettle", function () { restoreFocus(); announce(); });
  document.addEventListener("htmx:afterSwap", restoreFocus);

  /* ---- a grid of radios: arrow keys by row and column (issue 34) ------------------- */

  // <fieldset data-grid-columns="3" data-grid-then="SELECTOR"> of radios (the Lion
  // Square square): the browser's radio group already keeps one stop in the tab order
  // (the checked place: a roving tabindex); it walks it as a line, so Up/Down move by a
  // row here and Left/Right stop at the row's ends. Enter chooses the place and goes on
  // to the control that follows (data-grid-then) instead of sending the form with its
  // first button; Escape there comes back to the grid.
  document.addEventListener("keydown", function (event) {
    var radio = event.target;
    // Escape from a control of the grid's form (a number) goes back to the grid.
    var form = event.key === "Escape" && radio && radio.closest && radio.closest("form");
    var back = form && !radio.closest("[data-grid-columns]") && form.querySelector("[data-grid-columns]");
    if (back) {
      var to = back.querySelector("input[type=radio]:checked") || back.querySelector("input[type=radio]");
      if (to) { event.preventDefault(); to.focus(); }
      return;
    }
    var grid = radio && radio.closest && radio.type === "radio" && radio.closest("[data-grid-columns]");
    if (!grid || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var radios = Array.prototype.slice.call(grid.querySelectorAll("input[type=radio]"));
    var columns = parseInt(grid.getAttribute("data-grid-columns"), 10) || 1;
    var at = radios.indexOf(radio);
    var step = { ArrowUp: -columns, ArrowDown: columns, ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (event.key === "Enter") {
      event.preventDefault();
      radio.checked = true;
      var then = grid.closest("form") && grid.closest("form").querySelector(grid.getAttribute("data-grid-then"));
      if (then) { then.focus(); }
      return;
    }
    if (!step) { return; }
    event.preventDefault();
    var to = at + step;
    var sameRow = Math.floor(to / columns) === Math.floor(at / columns);
    if (to < 0 || to >= radios.length || (Math.abs(step) === 1 && !sameRow)) { return; }
    radios[to].checked = true;
    radios[to].focus();
  });

  // <div data-roving> (Age of Hunting's 42 harvest buttons): one Tab stop for the whole
  // group (a roving tabindex), the arrow keys, Home and End move within it — a keyboard
  // turn is no longer 40 Tabs through buttons it does not want.
  function rovingButtons(group) {
    return Array.prototype.filter.call(group.querySelectorAll("button"), function (b) {
      return !b.disabled;
    });
  }

  function setRoving(root) {
    var groups = root.querySelectorAll ? root.querySelectorAll("[data-roving]") : [];
    Array.prototype.forEach.call(groups, function (group) {
      var buttons = rovingButtons(group);
      var current = buttons.filter(function (b) { return b === document.activeElement; })[0] || buttons[0];
      buttons.forEach(function (b) { b.setAttribute("tabindex", b === current ? "0" : "-1"); });
    });
  }

  document.addEventListener("focusin", function (event) {
    var group = event.target.closest && event.target.closest("[data-roving]");
    if (group) { setRoving(group.parentNode); }
  });

  document.addEventListener("keydown", function (event) {
    var group = event.target.closest && event.target.closest("[data-roving]");
    if (!group || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var buttons = rovingButtons(group);
    var at = buttons.indexOf(event.target);
    var to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
      Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined || at < 0) { return; }
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, to))].focus();
  });

  document.addEventListener("htmx:load", function (event) { setRoving(event.target); });

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

  // The create form's time zone (templates/create.html): the table's local time for the
  // dates of its plays (issue 35).
  function fillTimeZone() {
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* none */ }
    document.querySelectorAll("input[data-time-zone]").forEach(function (el) { el.value = zone; });
  }

  function ready() {
    fillTimeZone();
    setRoving(document);
    refusalOnLoad();
    restoreSecrets(document);
    renderWake();
    renderOffline();
    announce();          // the version shown first: only later ones are read out
    if (document.visibilityState === "visible") { startPolling(); }
    if (pending.length) { resend(); }   // kept from before a reload
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
