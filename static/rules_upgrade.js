// An upgrade of the server with this page open (issue 38 point 4; docs/phone.md "An upgrade
// with an open tab"), served after engine.js in its answer (/engine.js). Every answer the page
// receives names the rules that made it: an API answer by its header Rules-Build (the engine's
// copy of the match), a page saved in place by its <main data-rules>. One of another build than
// the engine runs is told to engine.js (engine.upgrade): the engine's counts are marked as of
// other rules (counted.js), the page says so in plain words, and the new build's engine is
// fetched and started without a reload; then the note says the counts are current again.
"use strict";
(function () {
  var SK = window.scorekeeper, e = SK && SK.engine;
  if (!e || !e.upgrade || SK.rulesUpgrade) return;
  var html = document.documentElement;
  // Its words (rules/engine/words.py WORDS) as the engine says them; until then in English
  // (counted_core.js, which engine.js loads when the engine starts).
  var told = {};
  var asked = false;  // the words asked of the engine
  var said = null, over = null;  // what the note says ("other", "current"); an upgrade told

  var fetched = window.fetch;
  if (fetched) {
    window.fetch = function () {
      var answer = fetched.apply(window, arguments);
      answer.then(function (response) { e.upgrade(response.headers.get("Rules-Build")); }, function () {});
      return answer;
    };
  }

  function say() {
    if (!asked && e.state === "ready") {
      asked = true;
      e.run({ lang: html.lang, words: true }).then(function (answer) {
        told = (answer && answer.words) || {};
        note();
      }).catch(function () {});
    }
  }

  // The note, at the top of the page: while the engine runs other rules, then once current.
  function note() {
    var build = e.upgraded, el = document.getElementById("rules-upgrade");
    var current = !!build && !e.mismatch && e.state === "ready";
    if (!build || over === build) { if (el) el.parentNode.removeChild(el); said = null; return; }
    var main = document.querySelector("main");
    if (!main) return;
    if (!el) {
      el = document.createElement("p");
      el.id = "rules-upgrade";
      el.className = "note";
      el.setAttribute("role", "status");
      main.insertBefore(el, main.firstChild);
    }
    var words = Object.assign({}, SK.countedCore && SK.countedCore.words, told);
    el.dataset.rules = said = current ? "current" : "other";
    el.textContent = (current ? words.rules_current : words.rules_changed) || "";
    say();
  }

  document.addEventListener("sk:engine", note);
  // A page saved in place: its build; a note that said the counts are current goes with it.
  SK.onPage(function () {
    if (said === "current") over = e.upgraded;
    var main = document.querySelector("main[data-rules]");
    if (main) e.upgrade(main.dataset.rules);
    note();
  });
  SK.rulesUpgrade = { note: note };
})();
