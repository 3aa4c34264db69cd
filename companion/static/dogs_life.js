/* A Dog's Life: a tap on a square of the city posts at once (one tap): the square's link
 * carries data-dl-to (move there) or data-dl-van (the van stops there); the panel's hidden
 * form posts it through htmx like any button. Without JavaScript the link opens the
 * square's page, whose button posts the same. The zoomed city opens on the dog in turn
 * (or this phone's dog), so the squares to tap are on the first screen. */
(function () {
  "use strict";
  if (window.campfireDogsLifeTaps) return;  /* once, however often the panel is swapped in */
  window.campfireDogsLifeTaps = true;
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-dl-to], a[data-dl-van]");
    if (!link) return;
    var van = link.hasAttribute("data-dl-van");
    var form = document.querySelector(van ? "form.dl-tap-van" : "form.dl-tap-move");
    if (!form || !form.requestSubmit) return;
    event.preventDefault();
    form.elements.seat.value = link.getAttribute("data-dl-seat");
    form.elements.to.value = link.getAttribute(van ? "data-dl-van" : "data-dl-to");
    form.requestSubmit();
  });
  /* The zoomed city is centred once per frame and version (not at every poll): on the van's
   * stops while the van is to move, else on the dog about to move (its reachable squares
   * lie around it; the first reachable square in the document is a corner of them), else
   * on any dog. data-centred says which version it was centred for (the bench waits for it). */
  function box(nodes) {
    var out = null;
    Array.prototype.forEach.call(nodes, function (node) {
      var b = node.getBoundingClientRect();
      out = out ? {
        left: Math.min(out.left, b.left), top: Math.min(out.top, b.top),
        right: Math.max(out.right, b.right), bottom: Math.max(out.bottom, b.bottom)
      } : { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
    });
    return out;
  }
  function centre() {
    var frame = document.querySelector(".dl-board");
    var panel = document.getElementById("panel");
    if (!frame || !panel) return;
    var key = panel.getAttribute("data-version");
    if (frame.getAttribute("data-centred") === key) return;  /* a swapped-in frame has none */
    var stops = frame.querySelectorAll("a.dl-stop");
    var target = stops.length ? box(stops) : box(
      frame.querySelectorAll(".dl-pawn-turn").length ? frame.querySelectorAll(".dl-pawn-turn")
        : frame.querySelectorAll(".dl-pawn"));
    if (target) {
      /* centred in what shows of the frame: above the dock (Undo, History) if it covers it */
      var outer = frame.getBoundingClientRect(), dock = document.querySelector(".dock");
      var bottom = Math.min(outer.bottom, dock ? dock.getBoundingClientRect().top : window.innerHeight);
      if (bottom - outer.top < 92) bottom = outer.bottom;  /* hardly any shows: the whole frame */
      frame.scrollLeft += (target.left + target.right) / 2 - (outer.left + outer.width / 2);
      frame.scrollTop += (target.top + target.bottom) / 2 - (outer.top + bottom) / 2;
    }
    frame.setAttribute("data-centred", key);
  }
  document.addEventListener("DOMContentLoaded", centre);
  document.addEventListener("htmx:afterSettle", centre);
  if (document.readyState !== "loading") centre();
})();
