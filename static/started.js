// Back from a match to the new-match form that started it shows the match again (issue 26,
// item 6), not a blank form that would start a second one. The tab remembers which form
// started which match (sessionStorage: per tab, like its history): the form's submit marks it
// pending ("sk:starting"), the match page it led to names the match ("sk:started:<form>",
// static/fixes.js), and the form, reached again by Back or Forward, replaces itself in the
// history by the match. Loaded by the new-match page only.
"use strict";
(function () {
  var tab = null, K = null;
  try { K = window.scorekeeper.keys; tab = window.sessionStorage; tab.setItem(K.tabProbe, "1"); tab.removeItem(K.tabProbe); } catch (e) { return; }
  var here = location.pathname + location.search, form = document.querySelector("form.newmatch");
  if (!form) return;
  tab.removeItem(K.starting);  // this page again (a refused form): nothing was started
  form.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) tab.setItem(K.starting, JSON.stringify({ from: here, at: Date.now() }));
  });
  window.addEventListener("pageshow", function (event) {
    var nav = window.performance && performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    if (!event.persisted && !(nav && nav.type === "back_forward")) return;
    var match = tab.getItem(K.started(here));
    if (match) { tab.removeItem(K.started(here)); location.replace(match); }
  });
})();
