// The Print button of the club night's sheets (docs/club.md §13): the browser's own print,
// whose "Save as PDF" makes the PDF. Hidden without JavaScript (the browser's menu prints).
"use strict";
(function () {
  var button = document.getElementById("print-button");
  if (!button || !window.print) return;
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
})();
