/* Bison's create form: the start player (B4) is chosen by name. The start-seat options
   show the names typed in the player rows above (name0, name1, …) as they are typed; an
   option whose row is empty is hidden. Without JavaScript the options read "player n". */
(function () {
  "use strict";
  function relabel(select) {
    var form = select.form;
    if (!form) { return; }
    Array.prototype.forEach.call(select.options, function (option) {
      var input = form.querySelector('input[name="name' + option.value + '"]');
      var name = input ? input.value.trim() : "";
      option.textContent = name || option.getAttribute("data-fallback");
      option.hidden = !name && option.value !== "0";
    });
  }
  /* The move page: the count is chosen first (chips above the board); tapping a
     destination with all the hunters left records the move at once (one play event);
     with fewer, it adds that leg and the page asks where the others go (a split move). */
  function moves() {
    var form = document.querySelector("form[data-move-go]");
    if (!form) { return; }
    form.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[data-target]") : null;
      if (!link) { return; }
      event.preventDefault();
      var target = link.getAttribute("data-target");
      var chip = form.querySelector('input[name="hunters"]:checked');
      var count = chip ? parseInt(chip.value, 10) : 0;
      var left = parseInt(form.getAttribute("data-left"), 10) || 0;
      if (count && count < left && form.getAttribute("data-several")) {
        var more = form.getAttribute("data-more");
        window.location.href = more + (more.indexOf("?") < 0 ? "?" : "&") +
          "leg=" + encodeURIComponent(target + ":" + count);
        return;
      }
      form.querySelector('input[name="to"]').value = target;
      form.submit();
    });
  }
  /* The board page: a board wider than the phone (the readable zooms) opens centred on
     its tiles, and keeps where it was panned to when the live panel is swapped in. When
     this phone's player has their tile to place (the line "tap an orange +" shows), the
     frame is centred on the orange "+" slots instead, in the part of the frame that is on
     screen, so that one is in view without panning (issue 34). */
  var panned = null;
  function frame() { return document.querySelector(".bison-top .bison-board"); }
  function view(board) {  /* the zoom and the turn: another view starts centred again */
    var svg = board.querySelector("svg");
    return board.className + " " + (svg ? svg.getAttribute("data-view-turn") : "");
  }
  function tileDue() {
    var line = document.querySelector('#panel [data-testid="bison-place-first"]');
    return !!(line && line.offsetParent);
  }
  function shownBox(board) {  /* the frame's box as far as it is on screen, above the dock */
    var outer = board.getBoundingClientRect();
    var dock = document.querySelector(".dock");
    var bottom = Math.min(outer.bottom, dock ? dock.getBoundingClientRect().top : innerHeight);
    var top = Math.max(outer.top, 0);
    if (bottom - top < 60) { top = outer.top; bottom = outer.bottom; }
    return { left: outer.left, right: outer.right, top: top, bottom: bottom };
  }
  function inView(mark, box) {  /* its middle well inside (a finger's half-width) */
    var r = mark.getBoundingClientRect();
    var x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x > box.left + 22 && x < box.right - 22 && y > box.top + 22 && y < box.bottom - 22;
  }
  function centre(board) {
    var tiles = board.querySelectorAll("g.tile");
    if (!tiles.length || board.scrollWidth <= board.clientWidth + 1 &&
        board.scrollHeight <= board.clientHeight + 1) { return; }
    var box = shownBox(board);
    var left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    Array.prototype.forEach.call(tiles, function (tile) {
      var r = tile.getBoundingClientRect();
      left = Math.min(left, r.left); top = Math.min(top, r.top);
      right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
    });
    var midX = (box.left + box.right) / 2, midY = (box.top + box.bottom) / 2;
    board.scrollLeft += (left + right) / 2 - midX;
    board.scrollTop += (top + bottom) / 2 - midY;
    /* The tile due: the "+" that can come nearest the middle (the frame's scroll stops at
       its edges, so a "+" at the board's rim may not reach it). */
    var slots = tileDue() ? board.querySelectorAll("[data-legal]") : [];
    var maxX = board.scrollWidth - board.clientWidth, maxY = board.scrollHeight - board.clientHeight;
    var best = null;
    Array.prototype.forEach.call(slots, function (s) {
      var r = s.getBoundingClientRect();
      var dx = r.left + r.width / 2 - midX, dy = r.top + r.height / 2 - midY;
      var x = Math.max(0, Math.min(maxX, board.scrollLeft + dx));
      var y = Math.max(0, Math.min(maxY, board.scrollTop + dy));
      var off = Math.hypot(dx - (x - board.scrollLeft), dy - (y - board.scrollTop));
      if (!best || off < best.off) { best = { off: off, x: x, y: y }; }
    });
    if (best) { board.scrollLeft = best.x; board.scrollTop = best.y; }
  }
  var wasMine = false;
  /* Whether the turn line names this phone's seat (<body data-my-seat>). */
  function myTurn() {
    var line = document.querySelector("#panel .bison-turn-row [data-turn-seat]");
    var mine = document.body.getAttribute("data-my-seat");
    return !!line && mine !== null && line.getAttribute("data-turn-seat") === mine;
  }
  function keepPan() {
    if (window.bisonPan) { return; }  /* the panel (and this script) is swapped in again */
    window.bisonPan = true;
    wasMine = myTurn();
    document.addEventListener("htmx:beforeSwap", function () {
      var board = frame();
      panned = board ? { left: board.scrollLeft, top: board.scrollTop,
                         view: view(board) } : null;
    });
    document.addEventListener("htmx:afterSettle", function () {
      /* The turn has just come to this phone (another phone's change, swapped in live):
         its turn line at the top of the screen, its next controls and the board under it
         (issue 34: the next control on the first screen; the site's bar and the table's
         heading above it are one flick up), also from a page scrolled away. Never
         mid-turn. */
      var mine = myTurn();
      if (mine && !wasMine) {
        var row = document.querySelector("#panel .bison-turn-row");
        var top = row ? row.getBoundingClientRect().top : 0;
        if (row && (top < 0 || top > 16)) { row.scrollIntoView({ block: "start" }); }
      }
      wasMine = mine;  /* whatever swapped the panel in (a tap, the live refresh) */
      var board = frame();
      if (!board) { return; }
      if (panned && panned.view === view(board)) {
        board.scrollLeft = panned.left; board.scrollTop = panned.top;
        /* the tile to place now and no "+" in view where it was panned: to the "+" */
        var box = shownBox(board);
        if (tileDue() && !Array.prototype.some.call(
          board.querySelectorAll("[data-legal]"), function (s) { return inView(s, box); })) {
          centre(board);
        }
      } else { centre(board); }
    });
    var board = frame();
    if (board) { centre(board); }
  }
  /* The board page's sheets (issue 34): a tap on a space of the board, or on a space's
     line above it, opens that space's sheet over the board when the panel holds one (the
     player in turn's hunters); otherwise the link goes on to the space's page. A live
     update from another phone (a poll) reopens the sheet that was open if it is still
     there; an action posted from the sheet closes it (the panel is replaced). */
  var reopen = null;
  function sheetFor(key) {
    return document.querySelector('#panel dialog[data-sheet="' + key + '"]');
  }
  function sheets() {
    if (window.bisonSheets) { return; }
    window.bisonSheets = true;
    document.addEventListener("click", function (event) {
      var target = event.target;
      if (!target.closest) { return; }
      if (target.matches && target.matches("dialog.bison-sheet[open]")) {
        var box = target.getBoundingClientRect();  /* a tap on the backdrop closes it */
        if (event.clientY < box.top || event.clientY > box.bottom) { target.close(); }
        return;
      }
      var opener = target.closest("[data-open-sheet]");
      var key = opener ? opener.getAttribute("data-open-sheet") : null;
      if (!key) {
        var space = target.closest(".bison-top .bison-board a[data-space][data-at]");
        key = space ? space.getAttribute("data-at") + "," + space.getAttribute("data-space") : null;
      }
      var sheet = key ? sheetFor(key) : null;
      if (!sheet || !sheet.showModal) { return; }
      event.preventDefault();
      sheet.showModal();
      /* opened for one move: that move's count chips and destinations first (the
         space's other actions below them), so they fit on one screen without a scroll */
      var part = opener && opener.getAttribute("data-sheet-part");
      var form = part ? sheet.querySelector('[data-move-form="' + part + ":" + key + '"]') : null;
      Array.prototype.forEach.call(sheet.querySelectorAll("[data-move-form]"), function (f) {
        f.classList.toggle("bison-part-first", f === form);
      });
      sheet.classList.toggle("bison-sheet-part", !!form);
      sheet.scrollTop = 0;
    });
    document.addEventListener("htmx:beforeSwap", function (event) {
      var open = document.querySelector("#panel dialog.bison-sheet[open]");
      var config = event.detail && event.detail.requestConfig;
      reopen = open && config && config.verb === "get" ? open.getAttribute("data-sheet") : null;
    });
    document.addEventListener("htmx:afterSettle", function () {
      var sheet = reopen ? sheetFor(reopen) : null;
      reopen = null;
      if (sheet && sheet.showModal && !sheet.open) { sheet.showModal(); }
    });
  }
  /* "Paid with", folded to one line: the line shows the chip tapped. */
  function paidLine() {
    if (window.bisonPaid) { return; }
    window.bisonPaid = true;
    document.addEventListener("change", function (event) {
      var input = event.target;
      var fold = input.closest ? input.closest("details.bison-paid") : null;
      var line = fold ? fold.querySelector(".bison-paid-now") : null;
      if (line && input.parentNode) { line.textContent = input.parentNode.textContent.trim(); }
    });
  }
  function init() {
    paidLine();
    sheets();
    moves();
    keepPan();
    var select = document.querySelector("select[data-bison-start]");
    if (!select || !select.form) { return; }
    relabel(select);
    select.form.addEventListener("input", function () { relabel(select); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
}());
