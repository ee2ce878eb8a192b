// The service worker, served as /sw.js by scorekeeper/infra/offline.py, which puts VERSION (tied to
// the static files' content hashes), SHELL (their URLs) and ROOT (the app's path) before this
// text. It keeps the app shell and the last copy of the pages of every match this phone
// opened, so that a match opens without signal, read from that copy, with the hands waiting
// on this phone (queue.js). Pages are asked of the server first: the copy is only for when
// the server cannot be reached.
//
// An answer sent "Cache-Control: no-store" is never stored (issue 25): those are the pages of a
// phone that scores (the hand form, its CSRF token, the scoring controls). A shared phone whose
// cookies were cleared must not show them to the next person, offline or not. In their place
// the worker keeps the page as the read-only link shows it, asked for without this phone's
// cookies: offline, the scoring phone still opens the match, its totals and hands.
//
// A reload without signal (issue 38 point 2, docs/phone.md "A reload without signal"): of the
// scoring page of a match the worker keeps the page's <main> and the hands it shows, apart
// ("sk-scoring", the newest MOST_SCORING matches); offline, the read-only copy that shows the
// same hands gets that <main> back while the browser holds the cookie SCORER (a shared phone
// whose cookies were cleared shows no hand form): the hand form, the hands waiting, the engine.
//
// The phone's engine (docs/phone.md "Loading"): asked by engine.js ({engine: <build16>}), it
// precaches /engine/manifest.json, every file the manifest names (/static/engine/<name>, each
// checked by its integrity) and the three scripts (SCRIPTS) into "sk-engine-<build16>", then
// the marker entry /engine/complete; then it deletes the other engine caches. It serves
// /engine.js, /engine/* and /static/engine/* from the newest complete engine cache first (the
// scripts asked again in the background at each visit). It also keeps the
// last answer of GET /api/v1/matches/<id> that engine.js asks for (header X-Engine: the
// scoreboard's polls are not kept), for the engine offline.
"use strict";
// The caches' names, as static/keys.js has them (a worker loads no page script; the unit
// tests check the two agree).
var SHELL_CACHE = "sk-shell-" + VERSION;
var PAGES = "sk-pages";
var ENGINE = "sk-engine-";
var MATCHES = "sk-matches";
var SCORING = "sk-scoring";
var MOST_SCORING = 8;
var MAIN = /<main\b[\s\S]*<\/main>/;  // a match page's <main>, kept for a reload offline
var COMPLETE = ROOT + "engine/complete";
var MATCH_API = /^api\/v1\/matches\/[A-Za-z0-9_-]{1,32}$/;
var precaching = {};  // build -> the promise of its precache (one at a time per build)
// The pages kept: the home page, a match, the correction of one of its hands, its scoreboard.
var KEPT = /^(m\/[A-Za-z0-9_-]{1,32}(\/hands\/[0-9]{1,4}|\/board)?)?$/;
// And the tools (issue 38 point 9), fetched once an engine is complete (tool opened from a match offline: the plain copy).
var TOOLS = [ROOT + "tools/pinochle-meld", ROOT + "tools/double-deck-meld", ROOT + "tools/pinnacola-meld"];
function tool(url) { return url.origin === self.location.origin && TOOLS.indexOf(url.pathname) >= 0; }
function keepTools() {
  return caches.open(PAGES).then(function (cache) {
    return Promise.all(TOOLS.map(function (path) { return cache.match(path).then(function (hit) { return hit || refresh(cache, path); }); }));
  }).catch(function () { return null; });
}

// Whether an answer may be kept in Cache Storage at all.
function storable(response) {
  return response.ok && !response.redirected && !/no-store/i.test(response.headers.get("Cache-Control") || "");
}

// The page at ``path`` as a phone without cookies gets it (the read-only view), in the language
// of ``page`` (a cookie-less request does not carry the language cookie).
function readOnlyCopy(cache, path, page) {
  return page.text().then(function (text) {
    var lang = /<html\b[^>]*\blang="([A-Za-z-]{2,8})"/.exec(text);
    return Promise.all([keepScoring(path, text), readOnlyFetch(cache, path, lang ? lang[1] : "")]);
  }).catch(function () { return null; });
}

// The hands a match page shows its totals after (templates/matches/show.html), as text.
function handsOf(text) {
  var hands = /<p class="deal" data-hands="([0-9]{1,5})"/.exec(text);
  return hands ? hands[1] : null;
}

// The scoring part of a match page's ``text`` kept for ``path``; a page without a hand form
// (the match finished, handed over) forgets it.
function keepScoring(path, text) {
  var main = MAIN.exec(text), hands = handsOf(text);
  if (hands === null) return Promise.resolve(null);
  return caches.open(SCORING).then(function (cache) {
    if (!main || main[0].indexOf('id="hand-form"') < 0) return cache.delete(path);
    return cache.delete(path).then(function () {
      return cache.put(path, new Response(JSON.stringify({ main: main[0], hands: hands }), {
        headers: { "Content-Type": "application/json" }
      }));
    }).then(function () { return cache.keys(); }).then(function (all) {
      // Oldest first (a put goes last): past MOST_SCORING the oldest go.
      return Promise.all(all.slice(0, Math.max(0, all.length - MOST_SCORING)).map(function (old) {
        return cache.delete(old);
      }));
    });
  }).catch(function () { return null; });
}

// Whether this browser still scores a match (the cookie SCORER); where a worker cannot read
// cookies (no cookieStore) the page is taken as the phone's, as the page left open is.
function scores() {
  if (!self.cookieStore) return Promise.resolve(true);
  return self.cookieStore.get(SCORER).then(function (cookie) { return !!cookie; }, function () { return false; });
}

// The read-only copy's ``text`` of ``path`` with this phone's scoring <main> back, when it
// shows the same hands and the phone still scores.
function withScoring(path, text) {
  var hands = handsOf(text);
  if (hands === null || text.indexOf('id="watching"') < 0) return Promise.resolve(text);
  return Promise.all([caches.open(SCORING).then(function (cache) { return cache.match(path); }), scores()]).then(function (got) {
    if (!got[0] || !got[1]) return text;
    return got[0].json().then(function (parts) {
      if (parts.hands !== hands) return text;
      return text.replace(MAIN, function () { return parts.main; })
        .replace(/<html\b/, "<html data-scoring-copy");
    });
  }).catch(function () { return text; });
}

function readOnlyFetch(cache, path, lang) {
  var query = /^[A-Za-z-]{2,8}$/.test(lang || "") ? "?lang=" + lang : "";
  return fetch(path + query, { credentials: "omit", redirect: "manual" }).then(function (response) {
    return response.type === "basic" && storable(response) ? cache.put(path, response) : cache.delete(path);
  }).catch(function () { return null; });
}

function kept(url) {
  if (url.origin !== self.location.origin || url.pathname.indexOf(ROOT) !== 0) return false;
  var query = Array.from(url.searchParams.keys()).filter(function (key) { return key !== "lang"; });
  return (KEPT.test(url.pathname.slice(ROOT.length)) || tool(url)) && !query.length;
}

// A copy as the page asks for it: marked as read from this phone (the page says so), the
// server's headers kept (its Content-Security-Policy), the body already decoded.
function fromCopy(path) {
  return caches.open(PAGES).then(function (cache) { return cache.match(path); }).then(function (copy) {
    if (!copy) return Response.error();
    return copy.text().then(function (text) { return withScoring(path, text); }).then(function (text) {
      var headers = new Headers();
      copy.headers.forEach(function (value, name) {
        if (!/^(content-encoding|content-length|set-cookie)$/i.test(name)) headers.set(name, value);
      });
      // The note that says so is shown here too: a read-only copy runs no queue script for it.
      text = text.replace(/<html\b/, "<html data-offline").replace(/(id="offline-copy")\s+hidden/, "$1");
      return new Response(text, { status: 200, headers: headers });
    });
  });
}

// The match's JSON from the server, kept per match and language; without signal, the copy.
function matchJson(event, url) {
  var key = url.pathname + (url.searchParams.get("lang") ? "?lang=" + url.searchParams.get("lang") : "");
  return fetch(event.request).then(function (response) {
    if (storable(response) && response.type === "basic") {
      var copy = response.clone();
      event.waitUntil(caches.open(MATCHES).then(function (cache) { return cache.put(key, copy); }));
    }
    return response;
  }, function () {
    return caches.open(MATCHES).then(function (cache) { return cache.match(key); }).then(function (hit) {
      return hit || Response.error();
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("sk-shell-") === 0 && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () {
    return self.registration.navigationPreload ? self.registration.navigationPreload.enable() : null;
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(ROOT + "static/engine/") === 0 || url.pathname.indexOf(ROOT + "engine") === 0) {
    event.respondWith(fromEngine(request));
    return;
  }
  if (MATCH_API.test(url.pathname.slice(ROOT.length)) && request.headers.get("X-Engine")) {
    event.respondWith(matchJson(event, url));
    return;
  }
  if (url.pathname.indexOf(ROOT + "static/") === 0) {
    // The shell: its URLs carry the content hash, so a copy is never stale. Offline, an older
    // copy of the same file serves a page kept from before a release.
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request).catch(function () {
        return caches.match(request, { ignoreSearch: true }).then(function (old) {
          return old || Response.error();
        });
      });
    }));
    return;
  }
  if (request.mode !== "navigate") return;
  event.respondWith(Promise.resolve(event.preloadResponse).then(function (preloaded) {
    return preloaded || fetch(request);
  }).then(function (response) {
    if (kept(url) && response.ok && response.type === "basic" && !response.redirected) {
      var copy = response.clone();
      event.waitUntil(caches.open(PAGES).then(function (cache) {
        if (!storable(copy)) return readOnlyCopy(cache, url.pathname, copy);
        return Promise.all([cache.put(url.pathname, copy), caches.open(SCORING).then(function (kept) {
          return kept.delete(url.pathname);
        })]);
      }));
    }
    return response;
  }, function () {
    return kept(url) || tool(url) ? fromCopy(url.pathname) : Response.error();
  }));
});

// A match page asks for copies of the corrections of its latest hands, to open offline.
self.addEventListener("message", function (event) {
  // engine.js: the engine of this build, precached (once); the page is told when it is complete.
  var build = event.data && event.data.engine;
  if (typeof build === "string") {
    if (!/^[0-9a-f]{16}$/.test(build)) return;
    event.waitUntil(precache(build).then(function (mark) {
      if (event.source) event.source.postMessage({ engine: "complete", build: build, mark: mark });
    }, function (error) {
      if (event.source) event.source.postMessage({ engine: "failed", build: build, message: String(error) });
    }));
    return;
  }
  // A page saved in place (queue.js) whose answer was no-store: its read-only copy, fresh.
  var readOnly = event.data && event.data.readOnly;
  if (typeof readOnly === "string" && kept(new URL(readOnly, self.location.origin))) {
    var readPath = new URL(readOnly, self.location.origin).pathname;
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      var scoring = typeof event.data.scoring === "string" ? keepScoring(readPath, event.data.scoring) : null;
      return Promise.all([scoring, readOnlyFetch(cache, readPath, event.data.lang)]);
    }));
    return;
  }
  var paths = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return Promise.all(paths.filter(function (path) {
      return typeof path === "string" && kept(new URL(path, self.location.origin));
    }).map(function (path) {
      return cache.match(path).then(function (hit) {
        if (hit && !event.data.fresh) return null;
        return fetch(path, { credentials: "same-origin" }).then(function (response) {
          if (storable(response)) return cache.put(path, response);
          return null;
        });
      }).catch(function () { return null; });
    }));
  }));
});
