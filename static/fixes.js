// The scoring phone's match page without a connection (issue 26): over plain HTTP no service
// worker keeps other pages, so this page takes the undo of the last hand and the correction of
// a hand this phone saved (in its own form, the next hand's typing put aside meanwhile); each
// waits in the queue like a hand (static/queue.js) and goes, in order, when the connection
// returns. Online they post and open their pages as ever. It also remembers the match page the
// new-match form led to, for that form's Back (static/started.js).
"use strict";
(function () {
  var SK = window.scorekeeper, Q = SK && SK.queue;
  if (!Q) return;
  var store = SK.store, $all = SK.$all, K = SK.keys, SAVED = 8;

  function fixing(page) { return store.get(K.fixing(page)); }
  function savedKey(page) { return K.saved(page); }
  function remember(page, n, fields) {
    if (!n) return;
    var saved = store.get(savedKey(page)) || {};
    saved[n] = fields;
    Object.keys(saved).map(Number).sort(function (a, b) { return b - a; }).slice(SAVED)
      .forEach(function (old) { delete saved[old]; });
    store.set(savedKey(page), saved);
  }
  function forget(page, n) {
    var saved = store.get(savedKey(page)) || {};
    delete saved[n];
    store.set(savedKey(page), saved);
  }
  // The hand an entry stored: a correction's is in its address, a new hand is the answer's latest.
  function numberOf(item, doc) {
    var fixed = /\/hands\/(\d+)$/.exec(item.action || "");
    if (fixed) return Number(fixed[1]);
    var row = doc.querySelector("#hands .hand-row");
    return row ? Q.number(row.id.replace("hand-", "")) : null;
  }
  function apply(form, page) {
    var fix = fixing(page);
    if (!form.dataset.addAction) form.dataset.addAction = form.getAttribute("action");
    form.setAttribute("action", fix ? fix.action : form.dataset.addAction);
  }
  function end(form, page) {
    store.drop(K.fixing(page));
    apply(form, page);
    Q.putAside(form, page, false);
  }

  function start(link) {
    var at = Q.here(), form = at.form;
    if (!form || at.fix || !SK.drafts || !at.section) return false;
    if (Q.queue(at.page).length || Q.held(at.page) || Q.editing(at.page) || fixing(at.page)) return false;
    var n = Q.number(link.dataset.fix), saved = (store.get(savedKey(at.page)) || {})[n];
    if (!saved) return false;
    var names = {};
    $all(form, "input[name], select[name]").forEach(function (el) { names[el.name] = true; });
    if (saved.some(function (pair) { return !names[pair[0]]; })) return false;
    begin(form, at.page, { n: n, action: link.getAttribute("href"), label: link.dataset.fixTitle }, saved);
    Q.showConnection(false, true);
    Q.render();
    form.scrollIntoView();
    return true;
  }

  // (counted.js too)
  function begin(form, page, fix, fields) {
    var values = {};
    fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    $all(form, "input[type=checkbox]").forEach(function (box) { values[box.name] = values[box.name] ? "1" : ""; });
    $all(form, "input[type=radio]").forEach(function (radio) { if (!(radio.name in values)) values[radio.name] = ""; });
    Q.putAside(form, page, true);
    store.set(K.fixing(page), fix);
    apply(form, page);
    SK.drafts.write(form, values, [], false);
  }

  function undo(event) {
    var form = event.target, at = Q.here();
    if (Q.online() || event.defaultPrevented || !form.matches || !form.matches("form[data-queue=undo]") || !at.page) return false;
    event.preventDefault();
    delete form.dataset.sent;
    if (Q.queue(at.page).length || Q.held(at.page)) { Q.showConnection(true); return true; }
    var fields = [];
    $all(form, "input[name]").forEach(function (el) { fields.push([el.name, el.value]); });
    var item = {
      key: Q.field(form, "idempotency_key") || Q.newKey(), action: form.getAttribute("action"),
      fix: true, undo: Q.number(form.dataset.hand), label: form.dataset.label, typed: "",
      fields: fields, version: Q.number(Q.field(form, "version")), seen: 0, tried: false
    };
    if (!Q.keep(at.page, [item])) { Q.showConnection(true); return true; }  // no room on this phone
    var box = form.closest("details");
    if (box) box.open = false;
    Q.showConnection(false, true);
    Q.render();
    return true;
  }

  // The match page that a new-match form led to, for that form's Back (static/started.js):
  // it comes at once after the form's submit; one opened later was not its answer.
  function started(page) {
    var pending = null;
    try { pending = JSON.parse(sessionStorage.getItem(K.starting) || "null"); } catch (e) { return; }
    if (!pending) return;
    sessionStorage.removeItem(K.starting);
    if (pending.from && Date.now() - pending.at < 120000) sessionStorage.setItem(K.started(pending.from), page);
  }

  SK.fixes = {
    fixing: fixing,
    start: start,
    begin: begin,
    undo: undo,
    end: end,
    // A form sent while it corrects a hand: the entry is that correction.
    mark: function (item, page) {
      var fix = fixing(page);
      if (fix) { item.fix = true; item.label = fix.label; }
      return !!fix;
    },
    // An entry the server stored: what it sent is what a correction of its hand starts from.
    stored: function (page, item, doc) {
      if (item.undo) forget(page, item.undo); else remember(page, numberOf(item, doc), item.fields);
    },
    // The hand an undo waits to delete is struck through until the server has it.
    rendered: function (q) {
      $all(document, "#hands .hand-row.undoing").forEach(function (row) { row.classList.remove("undoing"); });
      q.forEach(function (item) {
        var row = item.undo && document.getElementById("hand-" + item.undo);
        if (row) row.classList.add("undoing");
      });
    },
    cleared: function (form, page) {
      if (fixing(page)) { store.drop(K.fixing(page)); apply(form, page); }
    }
  };

  SK.onPage(function () {
    var at = Q.here();
    // A correction begun in the form of a page since left is given up (its typing stays in
    // its page's draft): the form is the next hand's.
    if (at.form && !at.fix && at.section && fixing(at.page)) end(at.form, at.page);
    if (at.page) started(at.page);
    Q.render();  // (queue.js rendered the page before this file was loaded)
  });
})();
