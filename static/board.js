// The read-only scoreboard follows the match: it asks the API every few seconds whether the
// match changed (If-None-Match: a 304 costs nothing) and, when it did, swaps in the part of the
// page the server renders anew. It rests while the page is hidden and backs off on errors.
"use strict";
(function () {
  var board = document.getElementById("board");
  if (!board || !window.fetch) return;
  var api = board.dataset.api, part = board.dataset.part;
  var etag = board.dataset.etag || null;
  var every = parseInt(board.dataset.poll, 10) || 4000;
  var wait = every, timer = null, busy = false;
  var status = document.getElementById("board-status");

  function schedule(ms) {
    clearTimeout(timer);
    timer = document.hidden ? null : setTimeout(poll, ms);
  }

  function failed() {
    wait = Math.min(wait * 2, 60000);
    if (status) status.dataset.state = "offline";
    schedule(wait);
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    var headers = { "Accept": "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(api, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304) return null;
        if (!response.ok) throw new Error(String(response.status));
        var tag = response.headers.get("ETag");
        return fetch(part, { cache: "no-store", credentials: "same-origin" }).then(function (html) {
          if (!html.ok) throw new Error(String(html.status));
          return html.text().then(function (text) { return { tag: tag, text: text }; });
        });
      })
      .then(function (fresh) {
        if (fresh) {
          var doc = new DOMParser().parseFromString(fresh.text, "text/html");
          var live = doc.getElementById("board-live");
          var old = document.getElementById("board-live");
          if (live && old) {
            old.replaceWith(document.importNode(live, true));
            // What is shown now: if the match moved on meanwhile, the next poll says so.
            etag = live.dataset.version ? 'W/"' + live.dataset.version + '"' : fresh.tag;
          }
        }
        wait = every;
        if (status) status.dataset.state = "live";
        busy = false;
        schedule(wait);
      })
      .catch(function () { busy = false; failed(); });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { clearTimeout(timer); timer = null; }
    else { wait = every; poll(); }
  });
  schedule(every);
})();
