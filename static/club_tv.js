// The club night on the wall (docs/club.md §12): pages the standings rows that do not fit (a new
// page every 15 s), counts the round's clock down, and asks the API whether the night changed
// (If-None-Match: a 304 costs one aggregate SELECT) at once when the night's event stream says
// it moved (club_live.js) and every 10 s in any case; when it did, swaps in the board the
// server renders anew (the server renders, this script only swaps). Its words come from the
// page (data-*), never written here.
"use strict";
(function () {
  var screen = document.getElementById("tv");
  if (!screen) return;
  var api = screen.dataset.api, part = screen.dataset.part;
  var every = parseInt(screen.dataset.poll, 10) || 10000;
  var pageMs = parseInt(screen.dataset.pageMs, 10) || 15000;
  var board = document.getElementById("tv-board");
  var etag = board ? board.dataset.etag || null : null;
  var wait = every, pollTimer = null, busy = false, again = false;
  var page = 0, pageTimer = null;
  var clockLeft = null, clockFrom = 0, clockTimer = null;

  // --- Full screen -------------------------------------------------------------------------
  var full = document.getElementById("tv-full");
  if (full && document.documentElement.requestFullscreen) {
    full.hidden = false;
    full.addEventListener("click", function () {
      document.documentElement.requestFullscreen().catch(function () {});
    });
  }

  // --- Pages of rows ---------------------------------------------------------------------------
  function rows() {
    return Array.prototype.slice.call(document.querySelectorAll("#tv-rows > .tv-row"));
  }

  function perPage(list) {
    var box = document.getElementById("tv-rows");
    if (!box || !list.length) return list.length || 1;
    list.forEach(function (row) { row.hidden = false; });
    var height = box.clientHeight;
    var top = box.getBoundingClientRect().top;
    var fit = 0;
    for (var i = 0; i < list.length; i++) {
      if (list[i].getBoundingClientRect().bottom - top <= height + 0.5) fit = i + 1;
      else break;
    }
    return Math.max(1, fit);
  }

  function pageWords(n, of) {
    return (screen.dataset.pageWords || "{page}/{pages}")
      .replace("{page}", String(n)).replace("{pages}", String(of));
  }

  function showPage() {
    var list = rows();
    var label = document.getElementById("tv-page");
    // Measured with the page line shown: it takes a line from the rows when there are pages.
    if (label) { label.hidden = false; label.textContent = pageWords(1, 1); }
    var per = perPage(list);
    var pages = Math.max(1, Math.ceil(list.length / per));
    if (page >= pages) page = 0;
    list.forEach(function (row, i) {
      row.hidden = Math.floor(i / per) !== page;
    });
    screen.dataset.page = String(page + 1);
    screen.dataset.pages = String(pages);
    screen.dataset.perPage = String(per);
    if (label) {
      label.hidden = pages < 2;
      label.textContent = pageWords(page + 1, pages);
    }
    clearTimeout(pageTimer);
    if (pages > 1) {
      pageTimer = setTimeout(function () { page += 1; showPage(); }, pageMs);
    }
  }

  // --- The clock -------------------------------------------------------------------------------
  function startClock() {
    var b = document.getElementById("tv-board");
    var given = b ? b.dataset.clock : "";
    clearTimeout(clockTimer);
    clockLeft = given === "" || given === undefined ? null : parseInt(given, 10);
    clockFrom = Date.now();
    tick();
  }

  function tick() {
    var shown = document.getElementById("tv-clock");
    if (clockLeft === null || !shown) return;
    var left = Math.max(0, clockLeft - Math.floor((Date.now() - clockFrom) / 1000));
    if (left === 0) {
      shown.textContent = screen.dataset.time || "";
      shown.classList.add("time");
      return;
    }
    var seconds = left % 60;
    var text = Math.floor(left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds;
    shown.textContent = (screen.dataset.left || "{time}").replace("{time}", text);
    clockTimer = setTimeout(tick, 1000 - ((Date.now() - clockFrom) % 1000));
  }

  // --- Following the night ---------------------------------------------------------------------
  function schedule(ms) {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(poll, ms);
  }

  function fetchBoard() {
    return fetch(part, { cache: "no-store", credentials: "same-origin" }).then(function (html) {
      if (!html.ok) throw new Error(String(html.status));
      return html.text();
    });
  }

  // moved: the event stream said the night changed: no need to ask the API first.
  function poll(moved) {
    if (busy || !api || !window.fetch) return;
    busy = true;
    var headers = { "Accept": "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    (moved === true ? fetchBoard() : fetch(api, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        screen.dataset.lastPoll = String(response.status);
        if (response.status === 304) return null;
        if (!response.ok) throw new Error(String(response.status));
        return fetchBoard();
      }))
      .then(function (text) {
        if (text) {
          var doc = new DOMParser().parseFromString(text, "text/html");
          var fresh = doc.getElementById("tv-board");
          var old = document.getElementById("tv-board");
          if (fresh && old) {
            old.replaceWith(document.importNode(fresh, true));
            // What is shown now: if the night moved on meanwhile, the next poll says so.
            etag = fresh.dataset.etag || etag;
            showPage();
            startClock();
          }
        }
        if (moved === true) screen.dataset.pushes = String((parseInt(screen.dataset.pushes, 10) || 0) + 1);
        else screen.dataset.polls = String((parseInt(screen.dataset.polls, 10) || 0) + 1);
        wait = every;
        busy = false;
        if (again) { again = false; poll(true); } else schedule(wait);
      })
      .catch(function () {
        busy = false;
        wait = Math.min(wait * 2, 120000);
        schedule(wait);
      });
  }

  // The night's events (club_live.js): a Save on any table is on the screen within a second or
  // two, not at the next poll. A poll in flight is followed by one more.
  function now() {
    if (busy) { again = true; return; }
    clearTimeout(pollTimer);
    poll(true);
  }
  if (window.ClubLive && screen.dataset.events) {
    window.ClubLive.follow({ events: screen.dataset.events, etag: etag, changed: now });
  }

  window.addEventListener("resize", showPage);
  showPage();
  startClock();
  schedule(every);
})();
