// The room's pages follow the night by themselves (docs/club.md §7.3, §9.7, §12): the server
// says the night's ETag as server-sent events (GET /cr/<read_id>/events) each time it moves;
// when the stream is refused (503: the server holds all the streams it may) or the browser has
// no EventSource, the script polls the standings with If-None-Match instead (a 304 costs one
// aggregate SELECT). What a change does is the page's: data-live-mode says it.
//
//   swap    the room's page, a player's page: fetch the page again, swap #live in
//   table   a table page between rounds: reload when the table's round, status or match moved
//   follow  a club match on the table's phone: when the table's next round starts, go to it;
//           when its round closed, reload (the banner says so)
//
// The server renders every word; this script only swaps, reloads or goes. It is loaded by the
// page and also by `node --test` (tests/static/club_live.test.js), which gives it fakes.
"use strict";
(function (root) {
  var CLOSED = 2; // EventSource.CLOSED: refused for good (a 503, not an event stream)

  function bare(tag) {
    return String(tag || "").trim().replace(/^W\//, "").replace(/^"|"$/g, "");
  }

  // Follow the night: o.changed(etag) each time its ETag is not the last one known.
  //   o.events   the stream's URL; o.poll  the standings' URL (polled when there is no stream)
  //   o.etag     the ETag the page shows; o.every  ms between two polls (10 s)
  //   o.moved    told each mode it is in: "stream", "poll" (or "none")
  //   o.EventSource, o.fetch, o.setTimeout, o.clearTimeout  (the browser's unless given)
  function follow(o) {
    var Source = "EventSource" in o ? o.EventSource : root.EventSource;
    var get = o.fetch || (root.fetch && root.fetch.bind(root));
    var later = o.setTimeout || root.setTimeout.bind(root);
    var cancel = o.clearTimeout || root.clearTimeout.bind(root);
    var every = o.every || 10000;
    var known = bare(o.etag), wait = every, timer = null, source = null, stopped = false;
    var self = { mode: "none", etag: function () { return known; }, stop: stop };

    function saw(tag) {
      tag = bare(tag);
      if (!tag || tag === known) return;
      known = tag;
      o.changed(tag);
    }

    function schedule() {
      if (stopped) return;
      cancel(timer);
      timer = later(poll, wait);
    }

    function poll() {
      if (stopped || !get || !o.poll) return;
      var headers = { "Accept": "application/json" };
      if (known) headers["If-None-Match"] = 'W/"' + known + '"';
      get(o.poll, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (response.status !== 304) {
            if (!response.ok) throw new Error(String(response.status));
            saw(response.headers.get("ETag"));
          }
          wait = every;
          schedule();
        })
        .catch(function () {
          wait = Math.min(wait * 2, 120000);
          schedule();
        });
    }

    function polling() {
      if (source) source.close();
      source = null;
      mode(o.poll ? "poll" : "none");
      schedule();
    }

    function stop() {
      stopped = true;
      cancel(timer);
      if (source) source.close();
      source = null;
    }

    function mode(name) {
      self.mode = name;
      if (o.moved) o.moved(name);
    }

    if (Source && o.events) {
      source = new Source(o.events);
      mode("stream");
      source.addEventListener("night", function (event) { saw(event.data); });
      // A stream that ends is taken again by the browser itself (after the server's retry);
      // one refused is closed for good: poll instead.
      source.addEventListener("error", function () {
        if (source && source.readyState === CLOSED) polling();
      });
    } else {
      polling();
    }
    return self;
  }

  // One at a time: a change while the last one is still being fetched does it once more after.
  function serially(work) {
    var busy = false, again = false;
    function run() {
      if (busy) { again = true; return; }
      busy = true;
      again = false;
      Promise.resolve().then(work).catch(function () {}).then(function () {
        busy = false;
        if (again) run();
      });
    }
    return run;
  }

  // What a table page or a club match does with the table's state (GET …/tables/<n>):
  // "go" (to the table page, which sends the phone to its new match), "reload", or null.
  function tableMove(mode, state, shown, round) {
    if (!state) return null;
    var now = state.round + "." + state.status + "." + (state.match || "");
    var mine = parseInt(round, 10) || 0;
    var later = (state.round || 0) > mine;
    // A match page drawn after the table's next round had started (a reload when this round
    // closed, raced by the host's Start) shows that state already: it still goes.
    if (mode !== "table" && later && state.status === "playing" && state.match) return "go";
    if (now === shown) return null;
    if (mode === "table") return "reload";
    if (later || state.status === "closed") return "reload";
    return null;
  }

  function start(doc, win) {
    var box = doc.querySelector("[data-live-events]");
    if (!box || !win.fetch) return null;
    var data = box.dataset, mode = data.liveMode;

    function swap() {
      return win.fetch(win.location.href, { cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          // A player's page with the player's key sends the phone to its match once the round
          // starts: go there too.
          if (response.redirected) { win.location.assign(response.url); return null; }
          return response.text();
        })
        .then(function (text) {
          if (text === null) return;
          var fresh = new win.DOMParser().parseFromString(text, "text/html").getElementById("live");
          var old = doc.getElementById("live");
          if (fresh && old) {
            old.replaceWith(doc.importNode(fresh, true));
            doc.body.dataset.liveSwaps = String((parseInt(doc.body.dataset.liveSwaps, 10) || 0) + 1);
          }
        });
    }

    function table() {
      return win.fetch(data.liveTable, { cache: "no-store", credentials: "same-origin",
                                         headers: { "Accept": "application/json" } })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        })
        .then(function (state) {
          var move = tableMove(mode, state, data.liveState, data.liveRound);
          if (move === "go") win.location.assign(data.liveGo);
          else if (move === "reload") win.location.reload();
        });
    }

    var live = follow({
      events: data.liveEvents,
      poll: data.livePoll,
      etag: data.liveEtag,
      changed: serially(mode === "swap" ? swap : table),
      moved: function (name) { doc.body.dataset.live = name; },
    });
    return live;
  }

  var api = { bare: bare, follow: follow, serially: serially, tableMove: tableMove, start: start };
  root.ClubLive = api;
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document !== "undefined" && typeof window !== "undefined") {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { start(document, window); });
    } else {
      start(document, window);
    }
  }
})(typeof window !== "undefined" ? window : globalThis);
