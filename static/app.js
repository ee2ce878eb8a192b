// scorekeeper: small conveniences on top of pages that work without JavaScript.
// Every page loads, in this order (templates/base.html, the service worker's SHELL): keys.js
// (the names kept on the phone), this file, hand_form.js, queue_order.js, drafts.js, then the
// queue (queue.js and its parts). Each hooks into window.scorekeeper and adds what it does to
// a page with onPage(), which queue_page.js runs again on a page it swaps in place.
// The names the page and its scripts agree on (hidden fields, query prefixes, a header) are
// the page's: declared once in scorekeeper/web/contract.py, read from <html data-*> here.
"use strict";
(function () {
  function $all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }
  var hooks = [];
  function words(text) { return (text || "").split(" ").filter(Boolean); }
  var said = document.documentElement.dataset;
  // (keys.js, loaded first, made it: the names kept on the phone.)
  var SK = window.scorekeeper = window.scorekeeper || {}, parts = {
    $all: $all,
    contract: {
      notTyped: words(said.notTyped),  // hidden fields of a hand form, never a draft
      carried: words(said.carried),    // query prefixes of typing a page carries in
      clash: said.clash || "",         // the query argument of a page after a clash
      repeated: said.repeated || "",   // ... after a hand another phone had saved exactly so
      swapHeader: said.swapHeader || "" // a hand form sent by queue.js
    },
    onPage: function (fn) { hooks.push(fn); fn(document); },
    page: function () { hooks.forEach(function (fn) { fn(document); }); },
    // localStorage, or nothing where the phone refuses it (private mode, storage full).
    store: (function () {
      try {
        var s = window.localStorage, probe = SK.keys.probe;
        s.setItem(probe, "1"); s.removeItem(probe);
        return {
          get: function (key) { try { return JSON.parse(s.getItem(key) || "null"); } catch (e) { return null; } },
          set: function (key, value) { try { s.setItem(key, JSON.stringify(value)); return true; } catch (e) { return false; } },
          drop: function (key) { try { s.removeItem(key); } catch (e) { /* nothing kept */ } }
        };
      } catch (e) { return null; }
    })()
  };
  Object.keys(parts).forEach(function (name) { SK[name] = parts[name]; });
  SK.onPage(function (root) {
    $all(root, ".js-only").forEach(function (el) { el.hidden = false; });

    // A form is sent once: a second tap while it is on its way does nothing.
    $all(root, "form").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (event.defaultPrevented) return;  // held back (offline: queue.js says so)
        if (form.dataset.sent) { event.preventDefault(); return; }
        var by = event.submitter;
        if (by && by.name === "chip") return;
        form.dataset.sent = "1";
      });
    });
    var newMatch = root.querySelector("form.newmatch");
    if (newMatch) newMatchForm(newMatch);
  });

  // The service worker (sw.js, issue 16): the app opens without signal. Browsers offer it on
  // HTTPS and localhost only; elsewhere the page works as it is. The phone's engine
  // (/engine.js, docs/phone.md "Loading") on a scoring match page: where a service worker
  // controls the page (it keeps the engine), or where none may run (plain HTTP: the browser's
  // HTTP cache keeps it).
  var sw = said.sw, workers = navigator.serviceWorker;
  if (sw) {
    window.addEventListener("load", function () {
      var engine = function () {
        if (document.querySelector("main[data-rules]")) document.head.appendChild(document.createElement("script")).src = sw.slice(0, -5) + "engine.js";
      };
      // A worker an earlier page registered (it left the mark) may take this page over after
      // its load (it claims the open pages as it activates): the engine comes then, not at the
      // next page only. The very first page of the app loads none.
      var store = SK.store, mark = SK.keys.registered, known = store && store.get(mark);
      if (!workers || workers.controller) engine();
      else if (known) workers.addEventListener("controllerchange", engine, { once: true });
      if (workers) {
        if (store && !known) store.set(mark, 1);
        workers.register(sw).catch(function () {});
      }
    });
  }

  // The screen stays awake while a match or its scoreboard is open (where the phone can).
  if (document.querySelector(".totals") && navigator.wakeLock) {
    var lock = null;
    var keepAwake = function () {
      if (lock || document.visibilityState !== "visible") return;
      try {
        navigator.wakeLock.request("screen").then(function (held) {
          lock = held;
          held.addEventListener("release", function () { lock = null; });
        }, function () { lock = null; });
      } catch (e) { lock = null; }
    };
    document.addEventListener("visibilitychange", keepAwake);
    keepAwake();
  }

  // New match: show the optional seats as they are needed; the dealer and partner pickers
  // show names and only the seats taken; the teams only when four sit down; an unnamed team
  // is called by its players.
  function newMatchForm(newMatch) {
    var seats = $all(newMatch, ".player");
    var least = parseInt(newMatch.dataset.min, 10) || seats.length;
    var shown = Math.max(least, seats.filter(function (s) { return s.querySelector("input").value.trim(); }).length);
    var teams = newMatch.querySelector("fieldset.teams");
    var nameOf = function (seat) {
      var input = newMatch.querySelector("input[data-seat='" + seat + "']");
      return input && input.value.trim();
    };
    var both = newMatch.dataset.both || "%(first)s & %(second)s";
    var pair = function (a, b) {
      return a && b ? both.replace("%(first)s", a).replace("%(second)s", b) : "";
    };
    var relabel = function () {
      $all(newMatch, "select.seat-select option").forEach(function (option) {
        if (!option.dataset.label) option.dataset.label = option.textContent;
        var seat = parseInt(option.value, 10);
        var name = nameOf(seat);
        option.textContent = name ? name : option.dataset.label;
        option.hidden = option.disabled = seat >= shown;
      });
      $all(newMatch, "select.seat-select").forEach(function (select) {
        if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = "0";
      });
      if (teams) {
        teams.hidden = shown !== 4;
        var partner = newMatch.querySelector("select[name=partner]");
        var p = partner ? parseInt(partner.value, 10) : 2;
        var others = [1, 2, 3].filter(function (s) { return s !== p; });
        var first = newMatch.querySelector("input[name=team_0]");
        var second = newMatch.querySelector("input[name=team_1]");
        if (first) first.placeholder = pair(nameOf(0), nameOf(p)) || first.placeholder;
        if (second) second.placeholder = pair(nameOf(others[0]), nameOf(others[1])) || second.placeholder;
      }
    };
    var showSeats = function () {
      seats.forEach(function (seat, i) { seat.hidden = i >= shown; });
      var add = newMatch.querySelector("[data-add-player]");
      var remove = newMatch.querySelector("[data-remove-player]");
      if (add) add.hidden = shown >= seats.length;
      if (remove) remove.hidden = shown <= least;
      relabel();
    };
    if (seats.length > least) {
      var addButton = newMatch.querySelector("[data-add-player]");
      var removeButton = newMatch.querySelector("[data-remove-player]");
      addButton.addEventListener("click", function () {
        shown = Math.min(seats.length, shown + 1); showSeats();
        seats[shown - 1].querySelector("input").focus();
      });
      removeButton.addEventListener("click", function () {
        seats[shown - 1].querySelector("input").value = ""; shown = Math.max(least, shown - 1);
        showSeats();
      });
      showSeats();
    } else {
      $all(newMatch, "[data-add-player]").forEach(function (b) { b.parentNode.hidden = true; });
    }
    newMatch.skRefresh = function () {
      var filled = 0;
      seats.forEach(function (s, i) { if (s.querySelector("input").value.trim()) filled = i + 1; });
      shown = Math.max(least, filled);
      if (seats.length > least) showSeats(); else relabel();
    };
    $all(newMatch, "input.name").forEach(function (input) { input.addEventListener("input", relabel); });
    $all(newMatch, "select[name=partner]").forEach(function (s) { s.addEventListener("change", relabel); });
    relabel();
  }
})();
