// The club night's set-up form (docs/club.md §2.1, §4.4): the pairs field and the movement's
// settings matter only for "the same partner all night"; with JavaScript they are shown only
// when that scheme is chosen (without it the form shows them all, and the service judges).
"use strict";
(function () {
  const scheme = document.getElementById("scheme");
  if (!scheme) return;
  const parts = document.querySelectorAll("[data-for-scheme]");
  function show() {
    for (const part of parts) {
      part.hidden = part.dataset.forScheme !== scheme.value;
    }
  }
  scheme.addEventListener("change", show);
  show();
})();
// The victory-point table matters only when the standings are by victory points (§9.6).
(function () {
  const formula = document.getElementById("formula");
  if (!formula) return;
  const parts = document.querySelectorAll("[data-for-formula]");
  function show() {
    for (const part of parts) {
      part.hidden = part.dataset.forFormula !== formula.value;
    }
  }
  formula.addEventListener("change", show);
  show();
})();
