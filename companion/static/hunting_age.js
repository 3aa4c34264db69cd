/* Age of Hunting: the harvest's card stays chosen across live updates (issue 34).
 *
 * The harvest shows one card's hunting spaces at a time: a radio chip per card
 * (name "ha-face-<seat>"), checked on the first card as rendered for every phone. Every
 * tap and every other phone's change swaps the whole panel in again, which would bring
 * the first card back while the player is choosing a space on another: this phone
 * remembers the card its player chose and checks it again in the fresh panel. Loaded by
 * the panel (the CSP allows only scripts from the server); htmx does not run script
 * tags of swapped fragments, so it is wired once per page.
 */
(function () {
  "use strict";

  var SELECTOR = 'input[type=radio][name^="ha-face-"]';
  var chosen = {};  // radio name → the card this phone's player chose

  document.addEventListener("change", function (event) {
    var radio = event.target;
    if (radio.matches && radio.matches(SELECTOR) && radio.checked) {
      chosen[radio.name] = radio.value;
    }
  });

  // Capture phase: before app.js puts focus back on the control tapped, which is one of
  // the chosen card's spaces and hidden until its card is checked again.
  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll(SELECTOR).forEach(function (radio) {
      if (chosen[radio.name] === radio.value) { radio.checked = true; }
    });
  }, true);
})();
