// The page and the connection (queue.js, loaded last of its files): a page swapped in place
// for the server's answer, and the events that save, send and show the queue.
"use strict";
(function () {
  var SK = window.scorekeeper, Q = SK && SK.queue;
  if (!Q) return;
  var store = SK.store, $all = SK.$all, html = document.documentElement, K = SK.keys;
  var hold = Q.hold, saw = Q.saw, number = Q.number, newKey = Q.newKey, answered = Q.answered;
  var online = Q.online, field = Q.field, here = Q.here, render = Q.render;
  var showConnection = Q.showConnection, flush = Q.flush, putAside = Q.putAside;

  // A page shown from this phone's copy is asked for again once the connection is back.
  function refresh() {
    fetch(location.pathname + location.search, {
      credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" }
    }).then(function (response) {
      return response.ok && !response.redirected ? response.text() : null;
    }).then(function (text) {
      if (text && html.hasAttribute("data-offline")) {
        swap(new DOMParser().parseFromString(text, "text/html"), null, false);
      }
    }).catch(Q.later);
  }

  function swap(doc, url, own) {
    var active = document.activeElement, name = active && active.form && active.name;
    var y = window.scrollY;
    document.title = doc.title;
    html.lang = doc.documentElement.lang;
    html.removeAttribute("data-offline");
    document.body.replaceWith(document.adoptNode(doc.body));
    if (url && url !== location.pathname + location.search + location.hash) {
      history.replaceState(null, "", url);
    }
    SK.page();
    answered();
    if (own) {
      if (document.getElementById("refused") || document.getElementById("clash")) return;
      var target = location.hash && document.getElementById(location.hash.slice(1));
      if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
    } else {
      window.scrollTo(0, y);
      var again = name && document.querySelector("#hand-form [name='" + name + "']");
      if (again && again.type !== "radio") again.focus();
    }
  }

  Q.swap = swap;
  Q.refresh = refresh;

  // --- The page and the connection --------------------------------------------------------

  document.addEventListener("submit", Q.submitted);
  // Undo, End the night...: they need the server; offline they say so and wait.
  document.addEventListener("submit", function (event) {
    if (event.target.id === "hand-form" || online() || event.defaultPrevented) return;
    if (SK.fixes && SK.fixes.undo(event)) return;
    event.preventDefault();
    delete event.target.dataset.sent;
    showConnection(true);
  }, true);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || online() || link.hasAttribute("download") || link.origin !== location.origin) return;
    if (link.pathname === location.pathname && link.hash) return;  // within this page
    event.preventDefault();
    if (link.dataset.fix && SK.fixes && SK.fixes.start(link)) return;
    var go = function () { location.assign(link.href); };
    if (window.caches) {
      caches.match(link.href, { ignoreSearch: true }).then(function (copy) {
        if (copy) go(); else showConnection(true);
      }, function () { showConnection(true); });
    } else {
      showConnection(true);
    }
  });
  window.addEventListener("online", function () { Q.soon(); showConnection(); flush(null); });
  window.addEventListener("offline", function () { render(); });
  window.addEventListener("storage", function (event) {
    if (event.key && event.key.indexOf(K.all) === 0) render();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush(null);
  });

  SK.onPage(function () {
    var at = here();
    if (!at.page) { Q.renderKept(at); return; }  // (a match's page renders it with its queue)
    var version = number(field(at.form, "version"));
    if (!html.hasAttribute("data-offline") && version !== null) saw(at.page, version);
    var key = at.form && at.form.querySelector("input[name=idempotency_key]");
    if (key && html.hasAttribute("data-offline")) key.value = newKey();  // the copy's was used
    var send = document.getElementById("send-waiting");
    if (send) send.addEventListener("click", function () { hold(at.page, false); flush(null); });
    Q.keepCopies($all(document, "#hands .hand-row a.button[href*='/hands/']").slice(0, 3).map(function (a) {
      return a.getAttribute("href");
    }));
    if (at.form && !at.fix) {
      // "Clear" ends a change of a waiting entry, or drops a refused one: what was put aside
      // for the next hand comes back.
      at.form.addEventListener("sk:cleared", function () {
        if (SK.fixes) SK.fixes.cleared(at.form, at.page);
        store.drop(K.editing(at.page));
        if (store.get(K.aside(at.page))) putAside(at.form, at.page, false);
        render();
      });
    }
    render();
  });
  SK.swaps = true;
  flush(null);
})();
