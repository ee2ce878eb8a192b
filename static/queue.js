// Saving a hand without leaving the page, and never losing one (issues 14 and 16).
//
// A hand form (the next hand, a correction) is sent with fetch; the answer is the match page,
// swapped in place: no redirect, no reload. Every entry first goes into this phone's queue of
// its match (localStorage) with its idempotency key, and leaves it only once the server has
// answered: stored (a repeat of a stored key is answered as stored: never stored twice), or
// refused (it comes back to the form with the server's message; the hands after it wait).
// A hand that cannot reach the server (offline, a timeout, a 5xx) waits in the history and
// is sent by itself, in order, when the connection returns and on the next page load.
// A hand refused because this phone no longer scores the match (another phone took the
// scoring over, or its scorekeeper removed this phone: a 401 or 403) is kept on the phone with
// the hands after it (issue 25): the match page lists them with the reason and what was typed,
// every page says so, until the table deletes them or a phone that scores again sends them.
// Without a connection the match page also takes the undo of the last hand and corrections
// (static/fixes.js): they wait in the queue like a hand.
// Without fetch or localStorage the form is posted as it always was.
//
// In order (templates/base.html): queue_order.js (the pure parts), this file (the queue kept,
// the page's counts and rows), queue_send.js (sending), queue_kept.js (the hands kept, an
// entry changed or removed), queue_page.js (the page swapped in place, the events): each adds
// its functions to window.scorekeeper.queue, which fixes.js and counted.js use too.
"use strict";
(function () {
  var SK = window.scorekeeper;
  if (!SK || !SK.store || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  var store = SK.store, $all = SK.$all, html = document.documentElement, K = SK.keys;
  var Q = SK.queue = { busy: false };  // busy: sending (queue_send.js)

  // Per match (the match page's path): the queue; held after a refusal; the version the next
  // chained entry is sent with; the highest version this phone saw; an entry being changed.
  function held(page) { return !!store.get(K.held(page)); }
  function hold(page, on) { if (on) store.set(K.held(page), 1); else store.drop(K.held(page)); }
  function queue(page) { return store.get(K.queue(page)) || []; }
  function keep(page, q) { if (q.length) persist(); return q.length ? store.set(K.queue(page), q) : (store.drop(K.queue(page)), true); }
  // Hands wait on this phone: the browser is asked, once a page, not to clear the app's storage
  // when it runs short (issue 38 point 9; where it offers that: HTTPS and localhost). Refused,
  // the waiting hands say they could be lost (Q.unkept; the note [data-when=unkept]).
  var persisting = false;
  function persist() {
    if (persisting || !navigator.storage || !navigator.storage.persist) return;
    persisting = true;
    navigator.storage.persist().then(function (kept) { if (!kept) { Q.unkept = true; render(); } }).catch(function () {});
  }
  function number(text) { var n = parseInt(text, 10); return isNaN(n) ? null : n; }
  function known(page) { return number(store.get(K.known(page))); }
  function saw(page, version) {
    if (version === null) return;
    var was = known(page);
    if (was === null || version > was) store.set(K.known(page), version);
  }
  function editing(page) { return store.get(K.editing(page)); }
  function newKey() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // One more answer shown (the tests and the bench wait for it).
  function answered() { html.dataset.answers = String((parseInt(html.dataset.answers, 10) || 0) + 1); }
  function online() { return navigator.onLine !== false; }
  function field(form, name) { var el = form && form.querySelector("input[name=" + name + "]"); return el ? el.value : ""; }

  // This page: the match it belongs to and its hand form (if this phone scores it).
  function here() {
    var form = document.getElementById("hand-form");
    var section = document.getElementById("queue");
    var page = form ? form.dataset.page : section ? section.dataset.page : null;
    return { page: page, form: form, section: section, fix: !!(form && !section) };
  }

  // What was typed, in the page's own words: "Ana: Meld 60, Tricks 130 · Spades".
  function typedText(form) {
    var groups = [], byBox = [];
    $all(form, "input, select").forEach(function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") return;
      var said = null;
      if (el.type === "radio" || el.type === "checkbox") {
        if (!el.checked || !el.value) return;  // "nobody", "none": nothing to say
        var label = el.closest("label");
        said = label ? label.textContent.trim() : el.value;
      } else if (el.value.trim()) {
        var wrap = el.closest("label");
        var name = wrap && wrap.querySelector("span") ? wrap.querySelector("span").textContent.trim() : "";
        said = (name ? name + " " : "") + el.value.trim();
      }
      if (!said) return;
      var box = el.closest("fieldset") || form;
      var at = byBox.indexOf(box);
      if (at < 0) {
        byBox.push(box);
        var legend = box.querySelector("legend");
        var title = legend && legend.firstChild ? legend.firstChild.textContent.trim() : "";
        groups.push({ title: title, said: [] });
        at = groups.length - 1;
      }
      groups[at].said.push(said);
    });
    return groups.map(function (g) { return (g.title ? g.title + ": " : "") + g.said.join(", "); }).join(" · ");
  }

  function labelOf(form) {
    var heading = document.getElementById("next-hand") || document.querySelector("main h1");
    return heading ? heading.textContent.trim() : "";
  }

  // The page's counts follow the queue: the next hand's number and dealer, the rows.
  function numbered(pattern, n) { return pattern.replace("{n}", String(n)); }
  function render() {
    var at = here(), section = at.section;
    showConnection();
    Q.renderKept(at);
    if (!at.page) return;
    var q = queue(at.page), form = at.form, changing = editing(at.page);
    if (q.length) persist();  // (a page opened with hands waiting asks too)
    // No form to change an entry in (the match over, issue 38 point 5): it waits as any other,
    // to be sent (the server says why it is refused) or removed.
    if (changing && !form && section) { store.drop(K.editing(at.page)); changing = null; }
    var seen = number(field(form, "seen"));
    // The form holds the next hand after those waiting; a refused one (held) goes before them.
    var adds = held(at.page) ? 0 : SK.order.adds(SK.order.others(q, changing));
    var heading = document.getElementById("next-hand");
    if (heading && seen !== null) {
      var item = changing && q.filter(function (i) { return i.key === changing; })[0];
      var fix = !item && SK.fixes && SK.fixes.fixing(at.page);
      heading.textContent = item ? item.label : fix ? fix.label :
        numbered(heading.dataset.numbered, seen + adds + 1);
      var deal = document.getElementById("next-deal");
      var dealers = [];
      try { dealers = JSON.parse(deal ? deal.dataset.dealers : "[]"); } catch (e) { dealers = []; }
      if (deal && !deal.dataset.first) deal.dataset.first = deal.textContent;
      if (deal && adds && dealers.length >= adds) {
        deal.textContent = numbered(heading.dataset.numbered, seen + adds + 1) + " · " +
          deal.dataset.deals.replace("{player}", dealers[adds - 1]);
      } else if (deal && deal.dataset.first) {
        deal.textContent = deal.dataset.first;
      }
    }
    // Nothing that changes the stored hands while some wait: they were typed after them.
    ["undo", "undo-problem", "finish"].forEach(function (id) {
      var el = document.getElementById(id);
      var box = el && (el.closest("details") || el.closest("form"));
      if (box) box.hidden = q.length > 0;
    });
    if (SK.fixes) SK.fixes.rendered(q);
    if (!section) return;
    section.hidden = !q.length;
    $all(section, "[data-when=held]").forEach(function (el) { el.hidden = !(held(at.page) && q.length); });
    $all(section, "[data-when=unkept]").forEach(function (el) { el.hidden = !(Q.unkept && q.length); });
    var list = section.querySelector("ol"), template = document.getElementById("queued-row");
    list.textContent = "";
    q.slice().reverse().forEach(function (item) {
      var row = document.importNode(template.content, true).firstElementChild;
      row.dataset.key = item.key;
      row.querySelector("[data-label]").textContent = item.label;
      row.querySelector("[data-typed]").textContent = item.typed;
      var status = item.key === changing ? "changing" : item.sending && Q.busy ? "sending" :
        item.tried ? "tried" : "waiting";
      row.querySelector("[data-status]").textContent = "· " + section.dataset[status];
      var change = row.querySelector("[data-change]"), remove = row.querySelector("[data-remove]");
      change.hidden = item.tried || item.fix || item.key === changing || !form || at.fix || held(at.page);
      // Any hand never sent may go (one another phone saved meanwhile, issue 38); one sent
      // without an answer may be stored already.
      remove.hidden = item.tried || item.key === changing;
      change.addEventListener("click", function () { Q.change(item.key); });
      row.querySelector("[data-remove-yes]").addEventListener("click", function () { Q.remove(item.key); });
      list.appendChild(row);
    });
  }

  function showConnection(needs, kept) {
    var note = document.getElementById("offline-note"), copy = document.getElementById("offline-copy");
    if (note) {
      if (!note.dataset.said) note.dataset.said = note.textContent;
      note.textContent = needs ? note.dataset.needs : note.dataset.said;
      if (kept) note.dataset.kept = "1";
      note.hidden = online() && !needs && !note.dataset.kept && !html.hasAttribute("data-offline");
    }
    if (copy) copy.hidden = !html.hasAttribute("data-offline");
  }

  var mine = {
    queue: queue, keep: keep, held: held, hold: hold, editing: editing, known: known, saw: saw,
    number: number, newKey: newKey, answered: answered, online: online, field: field, here: here,
    typedText: typedText, labelOf: labelOf, render: render, showConnection: showConnection
  };
  Object.keys(mine).forEach(function (name) { Q[name] = mine[name]; });
})();
