// Hands counted on this phone (issue 30; docs/phone.md "Offline, hand by hand"). While entries
// wait in the queue and the phone's engine is ready (engine.js), the server's own rules count
// every waiting entry, in order, on the very fields it will send: the waiting rows show the
// phone's result and the totals box the totals after the last one. An entry the rules refuse
// comes back to its form at once with the message at its field, the entries after it waiting:
// it is never sent refused. The server's page replaces the phone's; a difference is reported
// as a bug (POST /engine/report). An engine of other rules counts, saying the server has the
// last word, and gives nothing back. Loaded by engine.js after its pure parts (counted_core.js);
// the page carries none of its words: the engine says them in the page's language.
"use strict";
(function () {
  var SK = window.scorekeeper, Q = SK && SK.queue;
  if (!Q || !SK.store || SK.counted) return;
  var html = document.documentElement, store = SK.store, $all = SK.$all, refusedKey = SK.keys.refused;
  var C = SK.countedCore, ok = C.ok, number = C.number, messageOf = C.messageOf;
  var last = null;     // the latest count: {sig, page, items, answers, build, mismatch, base}
  var asked = null;    // the signature of the count on its way
  var shown = null;    // the match as the server showed it with this page: {page, match}
  var pending = {};    // entries counted here and not yet answered by the server, by key
  var undone = [];     // what a refusal given back changed on the form, to undo at the next Save
  var observed = null; // the queue's list, whose rows queue.js makes again at each change
  var sending = null;  // a page whose entries the server is storing: its page is behind them
  // The words, by name (rules/engine/words.py WORDS): English until the engine has said them.
  var words = JSON.parse(JSON.stringify(C.words));

  function engine() { var e = SK.engine; return e && e.state === "ready" ? e : null; }

  // This page, when it is the match page of the phone that scores it (not a correction's).
  function matchPage() {
    var at = Q.here();
    return at.page && at.form && at.section && !at.fix ? at : null;
  }

  function seen(at, name) { return Q.number(Q.field(at.form, name)); }  // "version", "seen"
  function baseOf(at) { return C.baseOf(at.page, seen(at, "version"), seen(at, "seen")); }
  function signature(at, q) { return C.signature(at.page, html.lang, Q.field(at.form, "version"), Q.field(at.form, "seen"), q, engine()); }
  function fresh(match, at) { return C.fresh(match, seen(at, "version"), seen(at, "seen")); }
  function matchOf(at, e) {
    if (shown && shown.page === at.page && fresh(shown.match, at)) return Promise.resolve(shown.match);
    return e.match().then(function (match) { return fresh(match, at) ? match : null; });
  }

  // --- Counting ---------------------------------------------------------------------------

  function count() {
    var at = matchPage(), e = engine();
    var q = at ? Q.queue(at.page) : [];
    // While the server stores the queue, this page (its version, its hands) is behind the
    // server until queue.js shows the server's page: nothing is counted on it meanwhile.
    if (at && sending === at.page) return;
    if (!at || !e || !q.length || Q.held(at.page)) { clear(); return; }
    var sig = signature(at, q);
    if (last && last.sig === sig) { paint(at, last); return; }
    if (asked === sig) return;
    asked = sig;
    var ops = q.map(function (item) { return C.countOf(item, at.page, html.lang); });
    // The match named, not sent: the engine keeps it, and the answers of the entries it
    // counted before (a Save counts one hand, not the night); sent only when it is not kept.
    var base = baseOf(at), request = { lang: html.lang, base: base, ops: ops, words: true, keep: true };
    C.ask(e.run, request, function () { return matchOf(at, e); }).then(function (answer) {
      if (!answer || asked !== sig) { if (asked === sig) asked = null; return; }
      asked = null;
      if (answer.words) Object.keys(words).forEach(function (name) { words[name] = answer.words[name] || words[name]; });
      var now = matchPage();
      if (!now || signature(now, Q.queue(now.page)) !== sig) { count(); return; }
      last = { sig: sig, page: at.page, items: q, ops: ops, answers: answer.answers || [],
        build: answer.build || e.build, mismatch: !!e.mismatch, base: base };
      counted(now, last);
    }).catch(function () { if (asked === sig) asked = null; });
  }

  // A fresh count: a refusal goes back to its form (the first: those after it wait), else it is shown.
  function counted(at, c) {
    var editing = Q.editing(at.page), over = false;  // over: an entry before ended the match
    for (var i = 0; i < c.items.length; i++) {
      var item = c.items[i], a = c.answers[i] || {};
      pending[item.key] = { op: c.ops[i], answer: a, build: c.build, mismatch: c.mismatch, base: c.base, ops: c.ops.slice(0, i + 1) };
      if (ok(a)) {
        if (store.get(refusedKey(at.page)) === item.key) store.drop(refusedKey(at.page));
        over = C.ended(a);
        continue;
      }
      // Given back only before it was ever sent, by the rules of this page, not while an entry is
      // changed in the form (this one or another), nor after the match ended (match_end.js).
      if (!item.tried && !c.mismatch && !editing && !over) {
        giveBack(at, item, a);
        return;
      }
    }
    paint(at, c);
    html.dataset.counted = String((parseInt(html.dataset.counted, 10) || 0) + 1);  // (tests wait for it)
  }

  // --- The phone's results on the page ------------------------------------------------------

  function scoresOf(hand) {
    var kitty = document.querySelector(".totals .total.kitty .name");
    return C.scoresOf(hand, kitty ? kitty.textContent.trim() : null);
  }
  function paint(at, c) {
    var total = null, kitty, match = null;
    $all(at.section, "[data-counted-row]").forEach(function (el) { el.parentNode.removeChild(el); });
    c.items.forEach(function (item, i) {
      var a = c.answers[i] || {}, row = at.section.querySelector("li.queued[data-key='" + item.key + "']");
      if (ok(a) && a.body && a.body.match) { match = a.body.match; total = match.totals; kitty = match.kitty; }
      if (!row) return;
      row.setAttribute("data-counted", "");
      var line = document.createElement("div");
      line.className = "line counted";
      line.setAttribute("data-counted-row", ok(a) ? "counted" : "refused");
      if (!ok(a)) line.textContent = words.refused_here + " " + messageOf(a);
      else if (a.body && a.body.hand) line.textContent = scoresOf(a.body.hand);
      else return;
      row.insertBefore(line, row.querySelector(".row"));
      if (ok(a) && a.body && a.body.hand) {
        (a.body.hand.notes || []).forEach(function (note) {
          var p = document.createElement("p");
          p.className = "muted small";
          p.setAttribute("data-counted-row", "note");
          p.textContent = note;
          row.insertBefore(p, row.querySelector(".row"));
        });
      }
    });
    if (total) showTotals(total, kitty, c.mismatch ? words.counted_other : words.counted);
    else clearTotals();
    untold(at.section, !!total);
    if (SK.matchEnd) SK.matchEnd.shown(at, c.mismatch ? null : match);  // (other rules: no end)
  }

  // The totals box shows the phone's totals, the server's kept aside until they are back.
  function showTotals(totals, kitty, mark) {
    var box = document.querySelector(".totals");
    if (!box) return;
    $all(box, ".score").forEach(function (el) {
      var side = el.dataset.side, value = side === undefined ? kitty : totals[side];
      if (value === undefined || (side === undefined && !el.closest(".kitty"))) return;
      if (el.dataset.server === undefined) el.dataset.server = el.textContent;
      el.textContent = number(value);
    });
    box.setAttribute("data-counted", "");
    var note = document.getElementById("counted");
    if (!note) {
      note = document.createElement("p");
      note.id = "counted";
      note.className = "note counted-note";
      note.setAttribute("role", "status");
      box.parentNode.insertBefore(note, box.nextSibling);
    }
    note.textContent = mark || "";
  }
  function clearTotals() {
    var box = document.querySelector(".totals[data-counted]");
    if (box) {
      $all(box, ".score").forEach(function (el) {
        if (el.dataset.server !== undefined) { el.textContent = el.dataset.server; delete el.dataset.server; }
      });
      box.removeAttribute("data-counted");
    }
    var note = document.getElementById("counted");
    if (note) note.parentNode.removeChild(note);
  }
  function clear() {
    clearTotals();
    if (SK.matchEnd) SK.matchEnd.shown(null, null);
    var section = document.getElementById("queue");
    if (!section) return;
    $all(section, "[data-counted-row]").forEach(function (el) { el.parentNode.removeChild(el); });
    untold(section, false);
  }
  // The queue's "Not in the totals yet" (templates/matches/_queue.html): not so while counted.
  function untold(section, hidden) { var p = section.querySelector("h2 + p.muted"); if (p) p.hidden = hidden; }

  // --- A refusal given back ---------------------------------------------------------------

  // As the server's refusal does (queue.js): the entry back in the form with the message at
  // its field and a banner; a new hand stays in the queue, being changed (those before it go,
  // it and those after it wait: saved again it keeps its place; "Clear" drops it); a
  // correction or an undo (always the first of a queue) leaves it, the hands after it held.
  function giveBack(at, item, a) {
    var form = at.form;
    unmark();
    if (item.undo || item.fix) {
      var rest = Q.queue(at.page).filter(function (other) { return other.key !== item.key; });
      Q.keep(at.page, rest);
      if (rest.length) Q.hold(at.page, true);
      var n = /\/hands\/(\d+)$/.exec(item.action || "");
      if (!item.undo && n && SK.fixes && SK.drafts) {
        SK.fixes.begin(form, at.page, { n: Number(n[1]), action: item.action, label: item.label }, item.fields);
      }
    } else {
      store.set(refusedKey(at.page), item.key);
      Q.change(item.key);
    }
    Q.render();
    mark(form, item, a);
    Q.answered();
    window.scrollTo(0, 0);
  }

  // The banner and the messages at their fields, as the server's page shows a refusal
  // (templates/matches/_hand_form.html refused_banner, _fields.html errors).
  function mark(form, item, a) {
    var fields = a.fields || {}, main = document.querySelector("main"), anchor = "hand-form";
    var message = messageOf(a);
    Object.keys(fields).forEach(function (name) {
      var text = fields[name], el = name === "_" ? null : form.querySelector("[name='" + name + "']");
      var p = document.createElement("p");
      p.className = "error";
      p.setAttribute("role", "alert");
      p.setAttribute("data-counted-refusal", "");
      p.textContent = text;
      if (!el) {
        p.className = "error banner-error";
        form.insertBefore(p, form.querySelector("[data-draft-note]") || form.firstChild);
        return;
      }
      var box = el.type === "radio" || el.type === "hidden" ? el.closest("fieldset") : el.closest("fieldset.bid") || el.closest("label");
      box = box || el;
      if (anchor === "hand-form") anchor = box.id || el.id || anchor;
      box.classList.add("invalid");
      if (el.type !== "radio" && el.type !== "hidden") el.setAttribute("aria-invalid", "true");
      undone.push(function () { box.classList.remove("invalid"); el.setAttribute("aria-invalid", "false"); });
      var after = box.tagName === "LABEL" && box.parentNode.classList.contains("nums") ? box.parentNode : box;
      if (after.tagName === "FIELDSET") after.appendChild(p);
      else after.parentNode.insertBefore(p, after.nextSibling);
    });
    if (!main) return;
    var banner = document.createElement("section");
    banner.className = "banner-error refused";
    banner.setAttribute("role", "alert");
    banner.id = "refused";
    banner.setAttribute("data-counted-refusal", "");
    var p = document.createElement("p"), strong = document.createElement("strong");
    strong.textContent = words.not_saved;
    p.appendChild(strong);
    p.appendChild(document.createTextNode(" " + (item.undo ? item.label + ": " : "") + message));
    banner.appendChild(p);
    var to = document.createElement("p"), link = document.createElement("a");
    link.href = "#" + anchor;
    link.className = "button";
    link.id = "to-problem";
    link.textContent = words.show_me;
    to.appendChild(link);
    banner.appendChild(to);
    $all(document, "#refused, #clash").forEach(function (old) { old.parentNode.removeChild(old); });
    main.insertBefore(banner, main.firstChild);
  }
  function unmark() {
    $all(document, "[data-counted-refusal]").forEach(function (el) { el.parentNode.removeChild(el); });
    undone.splice(0).forEach(function (fn) { fn(); });
  }

  // --- The server's answer ----------------------------------------------------------------

  // For every entry the server stored (queue.js tells fixes.js), with the server's page: its
  // totals (and the hand's scores) must be the phone's; a difference is a bug, reported.
  function stored(page, item, doc) {
    var was = pending[item.key];
    delete pending[item.key];
    sending = page;
    if (store.get(refusedKey(page)) === item.key) store.drop(refusedKey(page));
    if (!was) return;
    // What this phone sent and the server stored is the match the next count starts from:
    // kept by the engine at the server's version, so a signal lost now loses no count.
    var form = doc.getElementById("hand-form"), e = engine();
    if (e && form) e.run({ stored: { base: was.base, lang: html.lang, ops: was.ops, version: Q.number(Q.field(form, "version")), hands: Q.number(Q.field(form, "seen")) } }).catch(function () {});
    var server = { status: 200, totals: C.totalsIn(doc), kitty: C.kittyIn(doc) };
    var a = was.answer, body = a.body || {}, phone = { status: a.status };
    if (ok(a) && body.match) { phone.totals = body.match.totals; phone.kitty = body.match.kitty; }
    var hand = body.hand, row = hand && doc.getElementById("hand-" + hand.number);
    if (hand && row) { phone.scores = scoresOf(hand); server.scores = C.scoresIn(row); }
    if (!C.same(a, phone, server)) report(page, was, phone, server);
  }

  // (An engine of other rules may differ: the server has the last word, and no bug is told.)
  function report(page, was, phone, server) {
    if (was.mismatch) return;
    html.dataset.differences = String((parseInt(html.dataset.differences, 10) || 0) + 1);
    var match = page.split("/").pop(), root = page.slice(0, page.lastIndexOf("/m/") + 1);
    if (!window.fetch || !Q.online()) return;
    fetch(root + "engine/report", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ build: was.build, match: match, op: was.op, phone: phone, server: server })
    }).catch(function () {});
  }

  // A page the server made: entries counted here that left the queue without being stored
  // were refused by the server (its page shows why): a difference too when the phone had
  // counted them.
  function shownAgain() {
    var at = matchPage();
    if (!at) return;
    var q = Q.queue(at.page), refusedHere = document.getElementById("refused");
    Object.keys(pending).forEach(function (key) {
      if (q.some(function (item) { return item.key === key; })) return;
      var was = pending[key];
      delete pending[key];
      if (refusedHere && !refusedHere.hasAttribute("data-counted-refusal") && ok(was.answer)) {
        report(at.page, was, { status: was.answer.status }, { status: 422, refused: refusedHere.textContent.trim() });
      }
    });
    // The match of this page for the next count: the engine keeps it when this phone sent its
    // last hands (stored(): no download, issue 38 point 3); else the server's copy, once.
    var e = engine(), base = baseOf(at);
    if (!e || html.hasAttribute("data-offline")) return;
    var told = function (version) { html.dataset.engineCopy = String(version); count(); };
    e.run({ base: base, ops: [], keep: true }).then(function (kept) {
      if (!kept.missing) return told(base.version);
      return Q.online() && e.match().then(function (match) {
        var now = matchPage();
        if (!now || now.page !== at.page || !fresh(match, now)) return;
        shown = { page: at.page, match: match };
        return e.run({ match: match, ops: [], keep: true }).then(function () { told(match.version); });
      });
    }).catch(function () {});
  }

  // --- Wiring -----------------------------------------------------------------------------

  // queue.js makes the queue's rows again at each change of the queue: count again then.
  function observe() {
    var list = document.querySelector("#queue ol");
    if (!window.MutationObserver || !list || list === observed) return;
    observed = list;
    new MutationObserver(count).observe(list, { childList: true });
  }
  document.addEventListener("sk:engine", function () { shownAgain(); count(); });
  // A new Save or "Clear" ends what a refusal given back marked; "Clear" of a hand refused
  // here drops it (as the server's refusal is dropped): it was never sent.
  document.addEventListener("submit", function (event) {
    if (event.target.id === "hand-form") unmark();
  }, true);
  document.addEventListener("sk:cleared", function () {
    var at = matchPage();
    unmark();
    if (!at) return;
    var key = store.get(refusedKey(at.page));
    store.drop(refusedKey(at.page));
    if (key && Q.editing(at.page) === key) {
      Q.keep(at.page, Q.queue(at.page).filter(function (item) { return item.key !== key; }));
    }
  }, true);
  SK.onPage(function () { undone = []; sending = null; observe(); shownAgain(); count(); });
  if (SK.fixes) {
    var told = SK.fixes.stored;
    SK.fixes.stored = function (page, item, doc) { told(page, item, doc); stored(page, item, doc); };
  }
  SK.counted = { stored: stored, count: count, words: words };
})();
