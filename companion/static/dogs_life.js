/* A Dog's Life: a tap on a square of the city posts at once (one tap): the square's link
 * carries data-dl-to (move there) or data-dl-van (the van stops there); the panel's hidden
 * form posts it through htmx like any button. Without JavaScript the link opens the
 * square's page, whose button posts the same. */
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
})();
