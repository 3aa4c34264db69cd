/* Campfire push — hear the table's version by Server-Sent Events, poll only as a fallback.
 *
 * table.html holds the stream (the vendored htmx SSE extension, sse.min.js):
 *
 *   <div hx-ext="sse" sse-connect="/t/<id>/events/stream" hidden>
 *     <span sse-swap="version" data-push-version></span>    the last version heard
 *   </div>
 *
 * The server says the table's version when the stream opens and on every change. When it
 * is newer than the panel's data-version, this fires the panel's own "campfire:poll" (so
 * the panel is fetched as the poll does: GET /t/<id>?v=<shown version>).
 *
 * Sync cannot stall: the newest version announced ("wanted") lives here, not on the
 * panel, so it survives every swap; while the panel shows less, a watch asks again every
 * CHASE_MS whenever no panel request is in flight (a poll fired during a fetch is dropped
 * by htmx, and a fetch's htmx:afterRequest is re-fired on an ancestor once its panel is
 * swapped out, so neither can be relied on), with no limit on the attempts (another server
 * process may hear of the change a moment later and answer 204 until then).
 *
 * While the stream is open and heard from lately and the panel shows the newest version it
 * announced, app.js's timed polls are skipped (an idle phone then costs no request at
 * all), except one safety poll every SAFETY_MS (a message lost on its way cannot hold a
 * phone behind for longer); a phone behind what was announced never skips one. When the
 * stream cannot be held (a buffering proxy, a network that drops it, a sleeping phone) the
 * timed polls go through as before, and a phone that wakes up (visibilitychange) or comes
 * back online polls at once whatever the stream's state.
 *
 * On shutdown the server ends every stream at once; the browser opens it again by itself
 * (on the server that answers then).
 *
 * Marks for tests and curious people: <body data-push="open|closed"> and
 * data-push-version="<n>" (the last version the stream brought).
 */
(function () {
  "use strict";

  // A stream ends (and the browser reopens it) within a minute; one silent for longer than
  // this is presumed dead and the timed polls resume.
  var STALE_MS = 75000;
  // While behind the announced version: ask again this often (no request in flight).
  var CHASE_MS = 250;
  // A healthy stream still lets one timed poll through this often.
  var SAFETY_MS = 20000;

  var open = false;
  var lastHeard = 0;
  var wanted = 0;       // the newest version the stream announced (survives every swap)
  var heard = -1;       // the version the stream's last message said
  var chaseTimer = null;
  var lastAsked = Date.now();  // when the panel was last asked for (the page: now)
  var woke = false;     // the next timed poll goes through: the phone just woke up

  function currentPanel() { return document.getElementById("panel"); }

  // The version the panel shows; null for a panel that is no live table (a confirmation).
  function panelVersion() {
    var panel = currentPanel();
    var version = panel ? parseInt(panel.getAttribute("data-version"), 10) : NaN;
    return isFinite(version) ? version : null;
  }

  function behind() {
    var shown = panelVersion();
    return shown !== null && wanted > shown;
  }

  function mark(name, value) {
    if (document.body) { document.body.setAttribute(name, String(value)); }
  }

  function pushPoll() {
    if (document.body) {
      document.body.dispatchEvent(new CustomEvent("campfire:poll",
                                                  { bubbles: false, detail: { push: true } }));
    }
  }

  // Ask for the panel while it is behind; the watch goes on until it is not.
  function chase() {
    chaseTimer = null;
    if (!behind()) { return; }
    var panel = currentPanel();
    if (!panel.classList.contains("htmx-request") && Date.now() - lastAsked >= CHASE_MS) {
      pushPoll();
    }
    chaseTimer = window.setTimeout(chase, CHASE_MS);
  }

  function startChase() {
    if (chaseTimer === null && behind()) { chase(); }
  }

  function healthy() {
    return open && Date.now() - lastHeard < STALE_MS;
  }

  document.addEventListener("htmx:sseOpen", function () {
    open = true;
    lastHeard = Date.now();
    mark("data-push", "open");
  });

  function closed() {
    open = false;
    heard = -1;  // a reopened stream starts by saying the version: that is no repeat
    mark("data-push", "closed");
  }
  document.addEventListener("htmx:sseError", closed);
  document.addEventListener("htmx:sseClose", closed);

  document.addEventListener("htmx:sseMessage", function (event) {
    lastHeard = Date.now();
    var version = parseInt(event.detail && event.detail.data, 10);
    if (!isFinite(version) || version < 0) { return; }
    mark("data-push-version", version);
    // The same version said again: something that is no table change (a seat taken over
    // by another phone) asks every phone to poll once.
    var repeated = version === heard;
    heard = version;
    if (repeated && version === panelVersion()) { pushPoll(); return; }
    if (version > wanted) { wanted = version; }
    startChase();
  });

  // Any request that ends (a panel swapped in, a 204, an error) may leave the panel behind.
  document.addEventListener("htmx:afterRequest", startChase);
  document.addEventListener("htmx:afterSettle", startChase);

  // Skip app.js's timed poll while the stream is healthy and the panel up to date; never
  // skip a pushed one, the catch-up of a phone that just woke up, or the safety poll.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail || {};
    var config = detail.requestConfig || {};
    var trigger = config.triggeringEvent;
    if (!detail.elt || detail.elt.id !== "panel" || !trigger || trigger.type !== "campfire:poll") {
      return;
    }
    var now = Date.now();
    if (trigger.detail && trigger.detail.push) { lastAsked = now; return; }
    if (woke) { woke = false; lastAsked = now; return; }
    var offline = document.body.classList.contains("is-offline");  // app.js probes
    if (healthy() && !behind() && !offline && now - lastAsked < SAFETY_MS) {
      event.preventDefault();
      return;
    }
    lastAsked = now;
  });

  // Capture on window: runs before app.js's own visibilitychange listener fires the poll.
  window.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { woke = true; }
  }, true);
  window.addEventListener("online", function () { woke = true; }, true);
})();
