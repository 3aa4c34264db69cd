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
  var centred = null;  /* the board is centred once per panel version, not at every poll */
  function centre() {
    var frame = document.querySelector(".dl-board");
    var panel = document.getElementById("panel");
    if (!frame || !panel) return;
    var key = panel.getAttribute("data-version");
    if (key === centred) return;
    centred = key;
    var target = frame.querySelector("a.dl-stop, .dl-pawn-turn, a.dl-reach") || frame.querySelector(".dl-pawn");
    if (!target) return;
    var box = target.getBoundingClientRect(), outer = frame.getBoundingClientRect();
    frame.scrollLeft += box.left + box.width / 2 - (outer.left + outer.width / 2);
    frame.scrollTop += box.top + box.height / 2 - (outer.top + outer.height / 2);
  }
  document.addEventListener("DOMContentLoaded", centre);
  document.addEventListener("htmx:afterSettle", centre);
  if (document.readyState !== "loading") centre();
})();
