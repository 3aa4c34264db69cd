/* A section a player opened stays open while they use it (issue 21).
 *
 * Every tap swaps the whole panel in again, as rendered for every phone, so a <details>
 * the player opened would close after each tap (four corrections, eight taps). Mark it
 *
 *   <details data-keep-open="key">     key: unique in the panel (e.g. "dl-more-2")
 *
 * and this phone reopens it in the fresh panel when it was open in the one being replaced;
 * closing it by hand closes it for good. Loaded by the panels that use it (the CSP allows
 * only scripts from the server); htmx does not run script tags of swapped fragments, so it
 * is wired once per page.
 */
(function () {
  "use strict";

  var SELECTOR = "details[data-keep-open]";
  var open = {};  // the keys this phone's player has open now

  // What the player opens or closes (toggle does not bubble: listen while it descends).
  // A swap that brings a section in closed fires no toggle, so only the player's own
  // taps change this, whatever swaps arrive and in whatever order.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches(SELECTOR)) { return; }
    var key = details.getAttribute("data-keep-open");
    if (details.open) { open[key] = true; } else { delete open[key]; }
  }, true);

  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll(SELECTOR).forEach(function (details) {
      if (open[details.getAttribute("data-keep-open")] && !details.open) { details.open = true; }
    });
  });
})();
