// The names this app keeps on the phone, declared once (the scripts never spell one out).
// localStorage, per match (its page's path) unless said: the queue of entries waiting to be
// sent; held after a refusal; the highest version seen; the waiting entry being changed; the
// next hand's typing put aside meanwhile; the hands kept after a 401/403; a correction typed
// offline; the fields of the hands saved here; an entry the phone's engine refused; a form's
// draft (by its action); a rematch asked for while hands wait; that a page of this app has
// registered the service worker (app.js). sessionStorage (per tab): a new
// match on its way, the match a form started (by the form's address). The Web Lock of a match's
// queue; the caches (sw.js has its own copy of their names: tests/static/keys.test.js checks
// they agree).
"use strict";
(function (root) {
  function family(name) {
    var prefix = "sk:" + name + ":", key = function (rest) { return prefix + rest; };
    key.prefix = prefix;
    return key;
  }
  var K = {
    all: "sk:", probe: "sk:probe", tabProbe: "sk:t", starting: "sk:starting", registered: "sk:registered",
    lock: function (page) { return "sk:" + page; },
    caches: { pages: "sk-pages", engine: "sk-engine-", shell: "sk-shell-", matches: "sk-matches", scoring: "sk-scoring" },
    // The rest of every name of a family among ``names``: the pages with a queue, with kept hands.
    restOf: function (key, names) {
      return names.filter(function (n) { return n && n.indexOf(key.prefix) === 0; })
        .map(function (n) { return n.slice(key.prefix.length); });
    },
    // Every name localStorage holds now.
    stored: function () {
      var names = [], s = root.localStorage;
      for (var i = 0; s && i < s.length; i++) names.push(s.key(i));
      return names;
    }
  };
  ["queue", "held", "known", "editing", "aside", "kept", "fixing", "saved", "refused", "draft",
    "started", "rematch"].forEach(function (name) { K[name] = family(name); });
  (root.scorekeeper = root.scorekeeper || {}).keys = K;
  if (typeof module === "object" && module.exports) module.exports = K;
})(typeof window !== "undefined" ? window : globalThis);
