// "Photo of the board" (the Bison panel's camera control, photo.html when a photo was
// refused, photo_more.html): as soon as a photo is taken it is sent; one larger than
// 12 MP is first shrunk on the phone (a canvas), so the upload stays small. Without
// JavaScript the form sends the photo as it is. On the proposal, "Confirm and score"
// says the actions not taken as the rows stand (below).
(function () {
  "use strict";
  var MAX_PIXELS = 12000000;
  var FORM = "form[data-bison-photo]";
  // Listened for on the document, not on the form: the player's own tap (a gain, a buy)
  // draws the panel anew with a new form, and a listener bound to the form of the page
  // load left the photo taken afterwards unsent.
  // The server reads the photo before it answers (a few seconds): say so meanwhile; a
  // page brought back by the Back button says it no more.
  function showReading(form, shown) {
    var reading = form.querySelector("[data-bison-photo-reading]");
    if (reading) reading.classList.toggle("is-hidden", !shown);
  }
  // requestSubmit, not submit: the submit event lets app.js give the form this page's
  // CSRF token (a panel form drawn by a live update carries none).
  function send(form) {
    showReading(form, true);
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.matches && form.matches(FORM)) showReading(form, true);
  });
  window.addEventListener("pageshow", function () {
    var forms = document.querySelectorAll(FORM);
    for (var i = 0; i < forms.length; i++) showReading(forms[i], false);
  });
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches(FORM + " input[type=file]")) return;
    var form = input.form;
    var file = input.files && input.files[0];
    if (!file || !window.createImageBitmap || !window.DataTransfer) { if (file) send(form); return; }
    createImageBitmap(file).then(function (bitmap) {
      var pixels = bitmap.width * bitmap.height;
      if (pixels <= MAX_PIXELS) { send(form); return; }
      var scale = Math.sqrt(MAX_PIXELS / pixels);
      var canvas = document.createElement("canvas");
      canvas.width = Math.floor(bitmap.width * scale);
      canvas.height = Math.floor(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(function (blob) {
        if (!blob) { send(form); return; }
        var shrunk = new DataTransfer();
        shrunk.items.add(new File([blob], "board.jpg", { type: "image/jpeg" }));
        input.files = shrunk.files;
        send(form);
      }, "image/jpeg", 0.9);
    }, function () { send(form); });  // a file the browser cannot decode goes as it is
  });
})();

// The proposal's "Confirm and score" (photo_proposal.html, data-score-live): a row without
// hunters with no animal tapped (or its menu at "—") is an action not taken, and so is an
// action a line no longer takes (unticked, or a question answered with fewer actions than
// when the page was drawn). The label names each player and how many, and the button's
// value says the same (left:<seat>=<n>,…), so the tap ends the round with exactly what it
// said (the server checks it; else the score page). A stock over 15 (B8) is named the
// same way: each case as proposed, for the animals the rows gain (over:…). Without
// JavaScript the page's words as drawn, checked the same way.
(function () {
  "use strict";
  var button = document.querySelector("[data-score-live]");
  if (!button) return;
  var live;
  try { live = JSON.parse(button.getAttribute("data-score-live")); } catch (e) { return; }
  var form = button.form;
  var words = button.querySelector(".bison-photo-left");
  if (!form || !words || !live || !live.words) return;
  // Each seat's actions taken by its ticked lines (a question: its chosen answer's).
  function taken() {
    var bySeat = {};
    var lines = form.querySelectorAll("[data-testid=bison-photo-line][data-actions]");
    for (var i = 0; i < lines.length; i++) {
      var tick = lines[i].querySelector(".bison-photo-tick input[type=checkbox]");
      if (tick && !tick.checked) continue;
      var n = parseInt(lines[i].getAttribute("data-actions"), 10) || 0;
      var answer = lines[i].querySelector(".bison-photo-question input[type=radio]:checked");
      if (answer && answer.hasAttribute("data-cost")) {
        n = (answer.getAttribute("data-action") || "").split(",").length;
      }
      var seat = lines[i].getAttribute("data-seat");
      bySeat[seat] = (bySeat[seat] || 0) + n;
    }
    return bySeat;
  }
  var drawn = taken();
  // The lines' ticks and answers as drawn: the over-15 words (live.over) are the server's
  // for these; once one changes (a payment with it), they are not said any more and the
  // tap opens the score page when a stock passes 15.
  // A payment typed on a line counts too: it may change the line's actions and stocks.
  function linesNow() {
    var inputs = form.querySelectorAll("[data-testid=bison-photo-line] input:not([type=hidden])");
    var said = "";
    for (var i = 0; i < inputs.length; i++) {
      said += inputs[i].type === "number" ? "[" + inputs[i].value + "]" : inputs[i].checked ? "1" : "0";
    }
    return said;
  }
  var linesDrawn = linesNow();
  var overWords = button.querySelector(".bison-photo-over");
  var order = ["bison", "salmon", "turkey"];
  // B8: each seat's over-15 cases for the animals its rows gain now (live.over: the
  // server's words and value for every count of them), or null when not known.
  function over(gained) {
    if (!live.over || linesNow() !== linesDrawn) return null;
    var words = [], keys = [];
    var seats = Object.keys(live.over).sort(function (a, b) { return a - b; });
    for (var i = 0; i < seats.length; i++) {
      var key = (gained[seats[i]] || [0, 0, 0]).join(".");
      var found = live.over[seats[i]][key];
      if (!found) return null;
      if (found[1]) { words.push(found[0]); keys.push(found[1]); }
    }
    return {words: words.join(live.between), value: keys.length ? "over:" + keys.join(",") : ""};
  }
  function update() {
    var counts = {}, gained = {};
    var rows = form.querySelectorAll("[data-testid=bison-photo-gain]");
    for (var i = 0; i < rows.length; i++) {
      var seat = rows[i].getAttribute("data-seat");
      var menu = rows[i].querySelector("select");
      var animal = rows[i].querySelector("input[type=radio]:checked");
      var at = animal && !(menu && menu.value === "") ? order.indexOf(animal.value) : -1;
      if (at < 0) {
        counts[seat] = (counts[seat] || 0) + 1;
      } else {
        gained[seat] = gained[seat] || [0, 0, 0];
        gained[seat][at] += 1;
      }
    }
    var now = taken();
    Object.keys(drawn).forEach(function (seat) {
      counts[seat] = (counts[seat] || 0) + drawn[seat] - (now[seat] || 0);
    });
    var seats = Object.keys(counts).filter(function (seat) { return counts[seat] > 0; });
    seats.sort(function (a, b) { return a - b; });
    var total = 0, who = [], value = [];
    seats.forEach(function (seat) {
      total += counts[seat];
      who.push((live.pieces[seat] || seat + " {num}").replace("{num}", counts[seat]));
      value.push(seat + "=" + counts[seat]);
    });
    if (total >= live.words.length) return;  // never more than a round's: as drawn
    words.textContent = live.words[total].replace("{who}", who.join(live.sep));
    words.hidden = !total;
    var cases = over(gained);
    if (overWords) {
      overWords.textContent = cases ? cases.words : "";
      overWords.hidden = !(cases && cases.words);
    }
    var parts = total ? ["left:" + value.join(",")] : [];
    if (cases && cases.value) parts.push(cases.value);
    button.value = parts.length ? parts.join(";") : "1";
  }
  // A tick, an answer or a line's payment changed (its food and actions with it): the server draws
  // the page again for the form as it stands (photo/edit, nothing stored); its rows
  // without hunters (one per action the lines leave: an answer with fewer actions gives
  // a row back) and its over-15 words replace these. Meanwhile the button is aria-busy
  // and names no case; a change made meanwhile asks again.
  var refresh = button.getAttribute("data-refresh");
  var asked = null;
  function formNow() {
    var said = [];
    var inputs = form.querySelectorAll("input, select");
    for (var i = 0; i < inputs.length; i++) said.push(inputs[i].name + "=" + inputs[i].value + (inputs[i].checked ? "*" : ""));
    return said.join("&");
  }
  function refreshOver() {
    if (!refresh || !window.fetch || !window.DOMParser || !window.FormData) return;
    var sent = formNow(), lines = linesNow();
    asked = sent;
    button.setAttribute("aria-busy", "true");
    function done() { if (asked === sent) { asked = null; button.removeAttribute("aria-busy"); } }
    fetch(refresh, {method: "POST", body: new FormData(form), credentials: "same-origin"})
      .then(function (answer) { return answer.ok ? answer.text() : ""; })
      .then(function (text) {
        if (asked !== sent) return;  // a later change asked again: its answer counts
        if (formNow() !== sent) { refreshOver(); return; }  // changed meanwhile
        var page = new DOMParser().parseFromString(text, "text/html");
        var fresh = page.querySelector("[data-score-live]");
        var rows = page.querySelector("[data-gains]"), mine = form.querySelector("[data-gains]");
        var drawnLive;
        try { drawnLive = fresh && JSON.parse(fresh.getAttribute("data-score-live")); } catch (e) { drawnLive = null; }
        if (!drawnLive || !drawnLive.words) { done(); return; }
        if (rows && mine) mine.innerHTML = rows.innerHTML;
        live = drawnLive;
        drawn = taken();
        linesDrawn = lines;
        done();
        update();
      })
      .catch(done);
  }
  form.addEventListener("change", function () {
    update();
    if (linesNow() !== linesDrawn) refreshOver();
  });
  update();
})();

// A line's other foods (a change asked nothing that could have cost more: moves the
// photo cannot see): a chip fills the line's payment with that food's default split,
// drawn by the server, as typing it would (the form's change redraws what depends on it).
// The same for a line's "before / after the animals without hunters" answer (B6b): its
// chip's split fills the payment (without JavaScript, Confirm reads the answer itself).
(function () {
  function fill(chip, n) {
    var last = null;
    ["bison", "salmon", "turkey"].forEach(function (animal) {
      var field = document.querySelector('input[name="pay.' + n + "." + animal + '"]');
      if (!field) return;
      field.value = chip.getAttribute("data-" + animal);
      last = field;
    });
    if (last) last.dispatchEvent(new Event("change", { bubbles: true }));
  }
  document.addEventListener("click", function (event) {
    var chip = event.target.closest ? event.target.closest("[data-pay-food]") : null;
    if (chip) fill(chip, chip.getAttribute("data-pay-food"));
  });
  document.addEventListener("change", function (event) {
    var answer = event.target;
    if (answer.matches && answer.matches("[data-pay-order]") && answer.checked) {
      var n = answer.getAttribute("data-pay-order");
      fill(answer, n);
      // The line's own words say the payment chosen ("pays 1 bison + 1 turkey").
      var words = document.querySelector('[data-line-paid="' + n + '"]');
      if (words) words.textContent = answer.getAttribute("data-pays");
    }
  });
})();
