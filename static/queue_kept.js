// The entries on this phone that the server did not take (queue.js): the hands kept after
// this phone stopped scoring the match, and an entry waiting that is changed or removed.
"use strict";
(function () {
  var SK = window.scorekeeper, Q = SK && SK.queue;
  if (!Q) return;
  var store = SK.store, $all = SK.$all, K = SK.keys;
  var queue = Q.queue, keep = Q.keep, hold = Q.hold, editing = Q.editing, known = Q.known;
  var here = Q.here, render = Q.render;
  // --- Hands refused because this phone no longer scores ---------------------------------

  function noLongerScoring(status) { return status === 401 || status === 403; }
  var keptKey = K.kept;
  function keptOf(page) { return store.get(keptKey(page)) || []; }
  function keptPages() {
    return K.restOf(keptKey, K.stored()).filter(function (page) { return keptOf(page).length; }).sort();
  }

  // The match's queue (the refused hand and those typed after it: the server would refuse
  // them the same) moves to the hands kept on this phone; never dropped.
  function strand(page) {
    var q = queue(page);
    if (!q.length) return;
    q.forEach(function (item) { item.tried = false; item.sending = false; });
    if (!store.set(keptKey(page), keptOf(page).concat(q))) { hold(page, true); return; }  // no room: it waits
    keep(page, []);
    hold(page, false);
    store.drop(K.editing(page));
    store.drop(K.aside(page));
  }

  // The match page as this phone sees it now (it follows the match), with its kept hands.
  function showAgain(page) {
    return fetch(page, {
      credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" }
    }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (text) {
      var at = here();
      if (text && at.page === page) Q.swap(new DOMParser().parseFromString(text, "text/html"), page + "#kept", true);
      else render();
      return null;
    });
  }

  // The match page lists the kept hands of its match; every other page says there are some.
  function renderKept(at) {
    var section = document.getElementById("kept"), note = document.getElementById("kept-note");
    var main = document.querySelector("main"), shown = section ? section.dataset.page : null;
    $all(document, "p.kept-note").forEach(function (el) { el.parentNode.removeChild(el); });
    keptPages().forEach(function (page) {
      if (page === shown || !note || !main) return;
      var p = document.importNode(note.content, true).firstElementChild;
      p.querySelector("[data-kept-link]").setAttribute("href", page + "#kept");
      main.insertBefore(p, main.firstChild);
    });
    if (!section) return;
    var kept = keptOf(shown), list = section.querySelector("ol"), template = document.getElementById("kept-row");
    section.hidden = !kept.length;
    list.textContent = "";
    kept.forEach(function (item) {
      var row = document.importNode(template.content, true).firstElementChild;
      row.dataset.key = item.key;
      row.querySelector("[data-label]").textContent = item.label;
      row.querySelector("[data-typed]").textContent = item.typed;
      var send = row.querySelector("[data-send]");
      send.hidden = !(at.form && !at.fix && at.page === shown);  // this phone scores it again
      send.addEventListener("click", function () { sendKept(shown, item.key); });
      row.querySelector("[data-delete-yes]").addEventListener("click", function () { dropKept(shown, item.key); });
      list.appendChild(row);
    });
  }

  function dropKept(page, key) {
    var kept = keptOf(page).filter(function (item) { return item.key !== key; });
    if (kept.length) store.set(keptKey(page), kept); else store.drop(keptKey(page));
    render();
  }

  // Sent again, after the hands waiting now, with the version this phone saw last (a hand
  // stored meanwhile makes it a clash: the form shows it, as for any stale form).
  function sendKept(page, key) {
    var item = keptOf(page).filter(function (i) { return i.key === key; })[0];
    if (!item) return;
    item.version = queue(page).length ? null : known(page);
    if (!keep(page, queue(page).concat([item]))) return;
    dropKept(page, key);
    Q.flush(null);
  }

  // --- Changing or removing an entry that was never sent ----------------------------------

  function putAside(form, page, save) {
    var key = K.aside(page);
    if (save) { store.set(key, SK.drafts.read(form)); return; }
    var aside = store.get(key);
    store.drop(key);
    if (aside) { SK.drafts.write(form, aside.values, aside.auto, false); SK.drafts.save(form); }
    else SK.drafts.clear(form);
  }

  function startChange(key) {
    var at = here(), form = at.form;
    if (!form || !SK.drafts) return;
    var item = queue(at.page).filter(function (i) { return i.key === key && !i.tried; })[0];
    if (!item) return;
    if (!editing(at.page)) putAside(form, at.page, true);
    store.set(K.editing(at.page), key);
    var values = {};
    item.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    $all(form, "input[type=checkbox]").forEach(function (box) { values[box.name] = values[box.name] ? "1" : ""; });
    $all(form, "input[type=radio]").forEach(function (radio) { if (!(radio.name in values)) values[radio.name] = ""; });
    SK.drafts.write(form, values, [], false);
    SK.drafts.save(form);
    render();
    form.scrollIntoView();
  }

  // A waiting entry never sent leaves the queue; those after it keep their places (the hand
  // it stood for may be one another phone saved meanwhile).
  function remove(key) {
    var at = here();
    var before = queue(at.page);
    var q = before.filter(function (i) { return i.key !== key || i.tried; });
    if (q.length === before.length) return;
    if (before[0].key === key && q.length && q[0].version === null) q[0].version = before[0].version;
    keep(at.page, q);
    if (!q.length) hold(at.page, false);
    if (editing(at.page) === key) store.drop(K.editing(at.page));
    render();
  }


  var mine = {
    noLongerScoring: noLongerScoring, strand: strand, showAgain: showAgain, renderKept: renderKept,
    putAside: putAside, change: startChange, remove: remove
  };
  Object.keys(mine).forEach(function (name) { Q[name] = mine[name]; });
})();
