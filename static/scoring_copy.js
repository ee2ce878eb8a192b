// The scoring page kept on this phone for a reload without signal (issue 38 point 2,
// docs/phone.md "A reload without signal").
//
// The service worker never keeps the page of a phone that scores (it is sent no-store, issue
// 25): offline it serves the match as its read-only link shows it. A phone that scores the
// match keeps, here in localStorage, the parts of its own scoring page that the read-only page
// lacks, as the server sent them: the hand form's section, the list of waiting hands and the
// note about the connection, the engine's rules build and the number of hands the form saw.
// Opened offline (a reload, a tab the phone discarded and restores), the read-only copy gets
// them back when it shows the same hands and this browser still holds the scoring cookie
// (cleared cookies: a shared phone shows the next person no hand form): the waiting hands,
// the hand form, the phone's totals (the engine). queue_send.js asks the server for the page
// once the waiting hands are stored, and the page is the server's again.
//
// Loaded after keys.js and before app.js (templates/base.html): the parts are in place before
// any other script looks at the page. queue_page.js keeps the parts of a page it swaps in.
"use strict";
(function () {
  var SK = window.scorekeeper, K = SK && SK.keys, html = document.documentElement;
  if (!K || !window.localStorage || !window.DOMParser) return;
  var MOST = 8;  // the matches whose parts a phone keeps (each a few KB): the newest go on

  function get(key) { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; } }
  function set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full */ } }
  function drop(key) { try { localStorage.removeItem(key); } catch (e) { /* nothing kept */ } }
  function outer(root, selector) { var el = root.querySelector(selector); return el ? el.outerHTML : ""; }
  // The number of hands a match page shows its totals after (templates/matches/show.html).
  function handsOf(root) {
    var deal = root.querySelector("p.deal[data-hands]");
    return deal ? parseInt(deal.dataset.hands, 10) : null;
  }
  function scores() {
    var name = html.dataset.scorerCookie;
    return !!name && document.cookie.split(/;\s*/).some(function (c) { return c.indexOf(name + "=") === 0; });
  }

  // Keep the parts of ``root`` (this document, or a page swapped in) when it is the scoring
  // page of the match at ``path``; forget them when the server shows this match without a
  // hand form (watched, handed over, finished).
  function keep(root, path) {
    if (handsOf(root) === null) return;  // not a match page
    var form = root.querySelector("#hand-form"), section = form && form.closest("section.entry");
    if (!form || form.dataset.page !== path || !section || !root.querySelector("#queue")) {
      drop(K.scoring(path));
      return;
    }
    var main = root.querySelector("main");
    set(K.scoring(path), {
      entry: section.outerHTML,
      queue: outer(root, "#queue"),
      note: outer(root, "#offline-note"),
      rules: (main && main.dataset.rules) || "",
      hands: handsOf(root),
      at: Date.now()
    });
    var all = K.restOf(K.scoring, K.stored()).map(function (page) {
      return { page: page, at: (get(K.scoring(page)) || {}).at || 0 };
    }).sort(function (a, b) { return b.at - a.at; });
    all.slice(MOST).forEach(function (old) { drop(K.scoring(old.page)); });
  }

  function parts(text) {
    var doc = new DOMParser().parseFromString("<body>" + text + "</body>", "text/html");
    return doc.body.firstElementChild ? document.adoptNode(doc.body.firstElementChild) : null;
  }

  // The read-only copy of this phone's scoring page, shown offline, made a scoring page again.
  function restore(path) {
    var kept = get(K.scoring(path)), watching = document.getElementById("watching");
    if (!kept || !watching || document.getElementById("hand-form") || !scores()) return false;
    if (kept.hands !== handsOf(document)) return false;  // another state of the match: read only
    var entry = parts(kept.entry), queue = parts(kept.queue), note = kept.note && parts(kept.note);
    if (!entry || !queue) return false;
    watching.replaceWith(entry);
    var history = document.getElementById("hands");
    if (history) history.before(queue); else entry.after(queue);
    var copy = document.getElementById("offline-copy");
    if (note && copy && !document.getElementById("offline-note")) copy.before(note);
    var main = document.querySelector("main");
    if (main && kept.rules) main.dataset.rules = kept.rules;
    html.dataset.scoringCopy = "1";  // the tests wait for it
    return true;
  }

  SK.scoringCopy = { keep: keep };
  var path = location.pathname;
  if (html.hasAttribute("data-offline")) restore(path); else keep(document, path);
})();
