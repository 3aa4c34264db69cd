// "Photo of the board" (templates/games/bison/photo.html): as soon as a photo is taken
// it is sent; one larger than 12 MP is first shrunk on the phone (a canvas), so the
// upload stays small. Without JavaScript the form sends the photo as it is.
(function () {
  "use strict";
  var MAX_PIXELS = 12000000;
  var form = document.querySelector("form[data-bison-photo]");
  if (!form) return;
  var input = form.querySelector("input[type=file]");
  var reading = form.querySelector("[data-bison-photo-reading]");
  // The server reads the photo before it answers (a few seconds): say so meanwhile; a
  // page brought back by the Back button says it no more.
  function showReading(shown) { if (reading) reading.classList.toggle("is-hidden", !shown); }
  function send() { showReading(true); form.submit(); }
  form.addEventListener("submit", function () { showReading(true); });
  window.addEventListener("pageshow", function () { showReading(false); });
  input.addEventListener("change", function () {
    var file = input.files && input.files[0];
    if (!file || !window.createImageBitmap || !window.DataTransfer) { if (file) send(); return; }
    createImageBitmap(file).then(function (bitmap) {
      var pixels = bitmap.width * bitmap.height;
      if (pixels <= MAX_PIXELS) { send(); return; }
      var scale = Math.sqrt(MAX_PIXELS / pixels);
      var canvas = document.createElement("canvas");
      canvas.width = Math.floor(bitmap.width * scale);
      canvas.height = Math.floor(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(function (blob) {
        if (!blob) { send(); return; }
        var shrunk = new DataTransfer();
        shrunk.items.add(new File([blob], "board.jpg", { type: "image/jpeg" }));
        input.files = shrunk.files;
        send();
      }, "image/jpeg", 0.9);
    }, send);  // a file the browser cannot decode goes as it is: the server says why
  });
})();
