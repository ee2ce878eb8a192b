// The pure parts of counted.js (served before it as one /engine/counted.js: infra/engine.py
// COUNTED; tests/static/counted_core.test.js tests them): what the engine is asked, and how
// its answers read. Entries are sent, never results: the server's page replaces the phone's,
// and a difference between the two is a bug (counted.js reports it).
"use strict";
(function (root) {
  function number(n) { return n === null || n === undefined ? "" : String(n); }
  function ok(a) { return a.status >= 200 && a.status < 300; }
  function $all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }
  function points(el) { return Number(el.textContent.trim().replace("\u2212", "-")); }
  var C = {
    // The page's words about the hands counted here (rules/engine/words.py WORDS), in English
    // until the engine says them in the page's language.
    words: {
      counted: "Counted on this phone, waiting to be sent.",
      counted_other: "Counted on this phone with other rules: the server has the last word.",
      refused_here: "Refused on this phone:",
      not_saved: "Not saved.",
      show_me: "Show me",
      rules_changed: "The server's rules have changed since this page was opened: this phone is fetching them, and until then what it counts may differ from the server.",
      rules_current: "This phone now counts with the server's new rules.",
      wins: "%(side)s wins!",
      win: "%(side)s win!",
      rematch: "New game, same table",
      rematch_waits: "The new game starts once the hands waiting are sent."
    },
    number: number,
    ok: ok,
    // What a count depends on: the page, its language, the hands it shows, the queue, and the
    // engine's rules (a new build counts again: rules_upgrade.js).
    signature: function (page, lang, version, seen, q, engine) {
      return JSON.stringify([page, lang, version, seen,
        q.map(function (item) { return [item.key, item.action, item.undo || 0, item.fields]; }),
        engine ? [engine.build, !!engine.mismatch] : null]);
    },
    // A queued entry as the worker reads it: exactly what queue.js posts (the page's form),
    // or the undo of a hand.
    opOf: function (item, page, lang) {
      var path = item.action.indexOf(page) === 0 ? item.action.slice(page.length) : item.action;
      if (item.undo) return { method: "DELETE", path: "/hands/" + item.undo };
      return { method: "POST", path: path, fields: item.fields, lang: lang };
    },
    // The same op as a count asks it: answered with the match's totals without its hands
    // (minimal), so that no answer grows with the night (issue 38 point 6).
    countOf: function (item, page, lang) {
      var op = C.opOf(item, page, lang);
      op.minimal = true;
      return op;
    },
    // The match a page shows, as the engine keeps it (rules/engine/kept.py base_key): named,
    // not sent, at every count.
    baseOf: function (page, version, seen) {
      return { id: page.split("/").pop(), version: version, hands: seen };
    },
    // A count asked by its base; when the engine does not keep that match, asked again with
    // the match (``matchOf()``: null when none is fresh, and then nothing is counted).
    ask: function (run, request, matchOf) {
      return run(request).then(function (answer) {
        if (!answer || !answer.missing) return answer;
        return matchOf().then(function (match) {
          if (!match) return null;
          var again = {};
          Object.keys(request).forEach(function (key) { if (key !== "base") again[key] = request[key]; });
          again.match = match;
          return run(again);
        });
      });
    },
    // The match as it stood when the page was made (``version``, ``seen`` hands: null when
    // the page does not say): a copy older than the page is never counted on.
    fresh: function (match, version, seen) {
      return !!match && (version === null || match.version === version) &&
        (seen === null || (match.hands || []).length === seen);
    },
    // A hand's scores (or payments) as the page's rows say them: "Ana 120 · Ben 80" (the
    // kitty by the page's name for it, when it has one).
    scoresOf: function (hand, kittyName) {
      var numbers = hand.scores !== null && hand.scores !== undefined ? hand.scores : hand.payments;
      return Object.keys(numbers || {}).map(function (side) {
        var points = numbers[side];
        var name = side === "kitty" && typeof kittyName === "string" ? kittyName : side;
        return name + " " + (hand.payments && points > 0 ? "+" : "") + number(points);
      }).join(" · ");
    },
    // The match after an entry the rules took, when it ended it (match_end.js): its winner
    // and no hand after it.
    ended: function (a) {
      var match = ok(a) && a.body && a.body.match;
      return !!match && match.status === "finished" && !!match.winner;
    },
    // The winner's line in the server's words (web/page.py winner_text): a team wins as many.
    winnerLine: function (match, words) {
      var team = (match.teams || []).some(function (t) { return t.name === match.winner; });
      return (team ? words.win : words.wins).replace("%(side)s", match.winner);
    },
    // The first message of a refusal.
    messageOf: function (a) {
      if (a.refused) return a.refused;
      var errors = (a.body && a.body.errors) || {};
      var first = Object.keys(errors)[0];
      return first ? String(errors[first][0] || errors[first]) : "";
    },
    // What the server's page says: its totals by side, its kitty (or null), a hand row's scores.
    totalsIn: function (doc) {
      var totals = {};
      $all(doc, ".totals .score[data-side]").forEach(function (el) { totals[el.dataset.side] = points(el); });
      return totals;
    },
    kittyIn: function (doc) {
      var el = doc.querySelector(".totals .kitty .score");
      return el ? points(el) : null;
    },
    scoresIn: function (row) {
      return $all(row, "ul.scores li").map(function (li) {
        var name = li.querySelector(".muted"), b = li.querySelector("b");
        return (name ? name.textContent.trim() : "") + " " + (b ? b.textContent.trim() : "");
      }).join(" · ");
    },
    // The phone's count of a stored entry agrees with the server's page.
    same: function (a, phone, server) {
      return ok(a) && JSON.stringify(phone.totals || null) === JSON.stringify(server.totals) &&
        number(phone.kitty) === number(server.kitty) && phone.scores === server.scores;
    }
  };
  (root.scorekeeper = root.scorekeeper || {}).countedCore = C;
  if (typeof module === "object" && module.exports) module.exports = C;
})(typeof window !== "undefined" ? window : globalThis);
