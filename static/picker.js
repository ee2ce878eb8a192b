// scorekeeper: the card pickers of the tools pages. Each tap on a card counts it (0, 1, 2 and
// round again; a joker up to 4) in the form's number field, then the JSON API values the cards
// and the page shows what it answers. Without JavaScript the same form is posted.
"use strict";
(function () {
  var form = document.getElementById("picker");
  if (!form || !window.fetch || !window.JSON) return;
  function $all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }
  function data(name) { try { return JSON.parse(form.dataset[name]); } catch (e) { return null; } }
  function text(el, value) { if (el) el.textContent = value; }

  form.classList.add("live");
  $all(document, ".nojs-only").forEach(function (el) { el.hidden = true; });
  var cells = $all(form, ".card[data-card]");

  function countOf(cell) { return parseInt(cell.querySelector("input").value, 10) || 0; }
  function face(cell) { return cell.querySelector(".face").textContent; }
  function mark(cell) {
    var n = countOf(cell);
    cell.className = cell.className.replace(/\bn\d\b/, "") .trim() + " n" + n;
    cell.setAttribute("aria-pressed", n > 0 ? "true" : "false");
    cell.setAttribute("aria-label", face(cell) + (n > 1 ? " ×" + n : ""));
  }
  cells.forEach(function (cell) {
    var input = cell.querySelector("input");
    input.readOnly = true;
    input.tabIndex = -1;
    cell.tabIndex = 0;
    cell.setAttribute("role", "button");
    mark(cell);
    function tap(event) {
      event.preventDefault();
      var most = parseInt(input.max, 10) || 2;
      var n = countOf(cell) + 1;
      input.value = String(n > most ? 0 : n);
      mark(cell);
      update();
    }
    cell.addEventListener("click", tap);
    cell.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") tap(event);
    });
  });

  function picked() {
    var cards = [];
    cells.forEach(function (cell) {
      for (var i = countOf(cell); i > 0; i -= 1) cards.push(cell.dataset.card);
    });
    return cards;
  }

  // Without signal (issue 38 point 9, docs/phone.md "The tools without signal") the phone's
  // engine answers as the API would: the server's own rules, from the engine this phone keeps
  // (sw.js serves it from its cache); without one, the page says counting needs signal.
  var html = document.documentElement, worker = null, sent = 0, waiting = {};
  var root = (html.dataset.sw || "/sw.js").replace(/sw\.js$/, "");
  var offline = document.getElementById("tool-offline");
  function say(name) {
    if (!offline) return;
    offline.textContent = name ? offline.dataset[name] : "";
    offline.hidden = !name;
  }
  function settle(id, error, answer) {
    var one = waiting[id];
    delete waiting[id];
    if (one) { if (error) one.reject(error); else one.resolve(answer); }
  }
  function dropWorker() {
    Object.keys(waiting).forEach(function (id) { settle(id, new Error("no engine")); });
    if (worker) worker.terminate();
    worker = null;
  }
  function engine(body) {
    if (!window.Worker || !navigator.serviceWorker || !navigator.serviceWorker.controller) {
      return Promise.reject(new Error("no engine"));
    }
    if (!worker) {
      worker = new Worker(root + "engine/worker.js");
      worker.onerror = dropWorker;
      worker.onmessage = function (event) {
        var message = event.data || {};
        if (message.type === "answer") settle(message.id, message.error, message.answer);
      };
    }
    var id = ++sent;
    return new Promise(function (resolve, reject) {
      waiting[id] = { resolve: resolve, reject: reject };
      worker.postMessage({ type: "run", id: id, request: {
        tool: form.dataset.tool, body: JSON.stringify(body), lang: html.lang || "en" } });
    }).then(function (answer) {
      if (!answer || typeof answer.status !== "number") throw new Error("no answer");
      return [answer.status === 200, answer.body];
    });
  }
  // The grid's buttons post the form: without signal (the copy opened offline, the last
  // question unanswered) they stay on the page and say so.
  var noSignal = html.hasAttribute("data-offline");
  form.addEventListener("submit", function (event) {
    if (navigator.onLine !== false && !noSignal) return;
    event.preventDefault();
    delete form.dataset.sent;  // (app.js: sent once; this one was not)
    say("button");
  });

  // Only the answer to the latest question is shown.
  var asked = 0;
  function ask(body, show) {
    var mine = ++asked;
    form.setAttribute("aria-busy", "true");
    fetch(form.dataset.api, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      noSignal = false;
      return response.json().then(function (answer) { return [response.ok, answer, ""]; });
    }, function () {
      noSignal = true;
      return engine(body).then(function (result) { return result.concat("counted"); }, function () {
        return [false, {}, "none"];
      });
    }).then(function (result) {
      if (mine !== asked) return;
      form.removeAttribute("aria-busy");
      say(result[2]);
      show(result[0], result[1]);
    }).catch(function () {
      if (mine === asked) form.removeAttribute("aria-busy");
    });
  }
  function firstError(answer) {
    var errors = (answer && answer.errors) || {};
    for (var key in errors) { if (errors[key] && errors[key].length) return errors[key][0]; }
    return "";
  }

  var tool = form.dataset.tool;
  var update;
  if (tool === "pinochle_meld" || tool === "double_deck_meld") {
    var names = data("names") || {};
    var found = document.getElementById("found");
    var total = document.getElementById("meld-total");
    var note = document.getElementById("result-note");
    var select = form.querySelector("select[name=melds]");
    // A side of partners: this partner's meld beside the others' carried so far, and their
    // sum ("Ana 210 + Cruz 120 = 330"), as the page writes it (tools/routes.py, sum_line).
    var side = document.getElementById("side-sum");
    var sideSum = function (points) {
      if (!side) return;
      if (points === null) { side.textContent = ""; return; }
      var order = JSON.parse(side.dataset.order), others = JSON.parse(side.dataset.others);
      var otherPoints = JSON.parse(side.dataset.otherPoints);
      var parts = [], sum = 0;
      order.forEach(function (player) {
        var at = others.indexOf(player);
        var value = player === side.dataset.partner ? points : (at < 0 ? null : otherPoints[at]);
        if (value === null) return;
        parts.push(player + " " + value); sum += value;
      });
      side.textContent = parts.join(" + ") + (parts.length > 1 ? " = " + sum : "");
    };
    update = function () {
      var trump = form.querySelector("input[name=trump]:checked");
      if (!trump) {
        found.textContent = ""; text(total, "–"); text(note, form.dataset.pickTrump); sideSum(null);
        return;
      }
      // The double-deck calculator has no meld table to send (its values are Pagat's).
      var body = { cards: picked(), trump: trump.value };
      var table = select ? select.value : data("melds");
      if (table !== null && table !== undefined) body.melds = table;
      ask(body,
        function (ok, answer) {
          found.textContent = "";
          if (!ok) { text(total, "–"); text(note, firstError(answer)); sideSum(null); return; }
          answer.melds.forEach(function (meld) {
            var item = document.createElement("li");
            var name = document.createElement("span");
            var points = document.createElement("b");
            name.textContent = (names[meld.id] || meld.id) + (meld.count > 1 ? " ×" + meld.count : "");
            points.textContent = String(meld.points);
            item.appendChild(name); item.appendChild(document.createTextNode(" ")); item.appendChild(points);
            found.appendChild(item);
          });
          text(total, String(answer.total));
          sideSum(answer.total);
          text(note, answer.melds.length ? "" : form.dataset.none);
        });
    };
    $all(form, "input[name=trump]").forEach(function (radio) { radio.addEventListener("change", update); });
    if (select) select.addEventListener("change", update);
  } else {
    var kinds = data("kinds") || {};
    var line = document.getElementById("picked");
    var wild = form.querySelector("input[name=pinelle]");
    var jokers = form.querySelector("input[name=joker_sets]");
    var pinelle = function () { return wild ? wild.checked : form.dataset.pinelle === "true"; };
    update = function () {
      var cards = picked();
      if (!cards.length) { text(line, ""); line.className = "picked"; return; }
      ask({ meld: cards, pinelle: pinelle(),
            joker_sets: jokers ? jokers.checked : form.dataset.jokerSets === "true" },
        function (ok, answer) {
          line.className = "picked " + (ok ? "ok" : "no");
          text(line, ok ? (kinds[answer.kind] || answer.kind) + " · " + answer.points : firstError(answer));
        });
    };
    // docs/rules.md §3: the red 2s are in the deck only without pinelle; a gap holds their
    // place with pinelle (a red 2 picked before the switch went on is put back).
    var redTwos = data("redTwos") || [];
    var showDeck = function () {
      var off = !pinelle();
      redTwos.forEach(function (name) {
        var cell = form.querySelector('.card[data-card="' + name + '"]');
        var gap = form.querySelector('[data-gap-for="' + name + '"]');
        if (!cell) return;
        if (!off && countOf(cell)) { cell.querySelector("input").value = "0"; mark(cell); }
        cell.hidden = !off;
        if (gap) gap.hidden = off;
      });
      $all(document, "[data-values]").forEach(function (note) {
        note.hidden = (note.dataset.values === "natural") !== off;
      });
    };
    if (wild) wild.addEventListener("change", function () { showDeck(); update(); });
    if (jokers) jokers.addEventListener("change", update);
  }
  if (picked().length) update();
})();
