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
 * the panel is fetched as the poll does: GET /t/<id>?v=<shown version>), and asks again
 * shortly while the panel is still behind (another server process may hear of the change
 * a moment later).
 *
 * While the stream is open and heard from lately, app.js's timed polls are skipped (an idle
 * phone then costs no request at all); when the stream cannot be held (a buffering proxy,
 * a network that drops it, a sleeping phone) they go through as before, and a phone that
 * wakes up (visibilitychange) polls at once whatever the stream's state.
 *
 * Marks for tests and curious people: <body data-push="open|closed"> and
 * data-push-version="<n>" (the last version the stream brought).
 */
(function () {
  "use strict";

  // A stream ends (and the browser reopens it) within a minute; one silent for longer than
  // this is presumed dead and the timed polls resume.
  var STALE_MS = 75000;
  var RETRY_MS = 150;
  var RETRIES = 12;

  var open = false;
  var lastHeard = 0;
  var wanted = 0;       // the newest version the stream announced
  var heard = -1;       // the version the stream's last message said
  var retries = 0;
  var retryTimer = null;
  var woke = false;     // the next timed poll goes through: the phone just woke up

  function panelVersion() {
    var panel = document.getElementById("panel");
    var version = panel ? parseInt(panel.getAttribute("data-version"), 10) : NaN;
    return isFinite(version) ? version : 0;
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

  function catchUp() {
    retryTimer = null;
    if (wanted > panelVersion() && retries < RETRIES) {
      retries += 1;
      pushPoll();
    }
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
    if (version > wanted) { wanted = version; retries = 0; }
    if (wanted > panelVersion()) { catchUp(); }
  });

  // The panel came back (or 204): still behind what the stream said? Ask again shortly.
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.id === "panel" && wanted > panelVersion() && retryTimer === null) {
      retryTimer = window.setTimeout(catchUp, RETRY_MS);
    }
  });

  // Skip app.js's timed poll while the stream is healthy; never skip a pushed one or the
  // catch-up of a phone that just woke up.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail || {};
    var config = detail.requestConfig || {};
    var trigger = config.triggeringEvent;
    if (!detail.elt || detail.elt.id !== "panel" || !trigger || trigger.type !== "campfire:poll") {
      return;
    }
    if (trigger.detail && trigger.detail.push) { return; }
    if (woke) { woke = false; return; }
    if (healthy()) { event.preventDefault(); }
  });

  // Capture on window: runs before app.js's own visibilitychange listener fires the poll.
  window.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { woke = true; }
  }, true);
})();
