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
// cookies: offline, the scoring phone still opens the match, its totals and hands; the page's
// own script (scoring_copy.js) puts back the hand form and the hands waiting it kept itself.
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
var COMPLETE = ROOT + "engine/complete";
var MATCH_API = /^api\/v1\/matches\/[A-Za-z0-9_-]{1,32}$/;
var precaching = {};  // build -> the promise of its precache (one at a time per build)
// The pages kept: the home page, a match, the correction of one of its hands, its scoreboard.
var KEPT = /^(m\/[A-Za-z0-9_-]{1,32}(\/hands\/[0-9]{1,4}|\/board)?)?$/;

// Whether an answer may be kept in Cache Storage at all.
function storable(response) {
  return response.ok && !response.redirected && !/no-store/i.test(response.headers.get("Cache-Control") || "");
}

// The page at ``path`` as a phone without cookies gets it (the read-only view), in the language
// of ``page`` (a cookie-less request does not carry the language cookie).
function readOnlyCopy(cache, path, page) {
  return page.text().then(function (text) {
    var lang = /<html\b[^>]*\blang="([A-Za-z-]{2,8})"/.exec(text);
    return readOnlyFetch(cache, path, lang ? lang[1] : "");
  }).catch(function () { return null; });
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
  return KEPT.test(url.pathname.slice(ROOT.length)) && !query.length;
}

// A copy as the page asks for it: marked as read from this phone (the page says so), the
// server's headers kept (its Content-Security-Policy), the body already decoded.
function fromCopy(path) {
  return caches.open(PAGES).then(function (cache) { return cache.match(path); }).then(function (copy) {
    if (!copy) return Response.error();
    return copy.text().then(function (text) {
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

// The page's loader, the worker's script and counted.js, asked again (revalidated) at each
// visit: the same build of the rules may come with new ones.
var SCRIPTS = [ROOT + "engine.js", ROOT + "engine/worker.js", ROOT + "engine/counted.js"];

function refresh(cache, path) {
  return fetch(path, { cache: "no-cache" }).then(function (response) {
    return storable(response) ? cache.put(path, response) : null;
  }).catch(function () { return null; });
}

// The names of the complete engine caches, newest first.
function engineCaches() {
  return caches.keys().then(function (names) {
    names = names.filter(function (name) { return name.indexOf(ENGINE) === 0; }).reverse();
    return Promise.all(names.map(function (name) {
      return caches.open(name).then(function (cache) { return cache.match(COMPLETE); });
    })).then(function (markers) {
      return names.filter(function (name, i) { return !!markers[i]; });
    });
  });
}

function fromEngine(request) {
  return engineCaches().then(function (names) {
    return names.reduce(function (found, name) {
      return found.then(function (hit) {
        return hit || caches.open(name).then(function (cache) {
          return cache.match(request, { ignoreSearch: true });
        });
      });
    }, Promise.resolve(undefined));
  }).then(function (hit) { return hit || fetch(request); });
}

// A same-origin file into ``cache`` unless there, checked against ``integrity`` when given.
function keep(cache, path, integrity) {
  return cache.match(path).then(function (hit) {
    if (hit) return 0;
    return fetch(path, integrity ? { integrity: integrity, cache: "no-store" } : { cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error(path + ": " + response.status);
      return cache.put(path, response).then(function () { return 1; });
    });
  });
}

// The engine of ``build`` (first 16 hex of the rules build id), precached once; what it
// resolves to is the marker's content {build, files, bytes, ms}.
function precache(build) {
  var name = ENGINE + build, began = Date.now();
  if (precaching[build]) return precaching[build];
  var work = caches.open(name).then(function (cache) {
    return cache.match(COMPLETE).then(function (marker) {
      if (marker) {
        // Complete: only the scripts, which may change within a build, asked again.
        return Promise.all(SCRIPTS.map(function (path) { return refresh(cache, path); })).then(function () {
          return marker.json();
        });
      }
      return fetch(ROOT + "engine/manifest.json", { cache: "no-store" }).then(function (response) {
        if (!response.ok) throw new Error("no engine: " + response.status);
        return response.clone().json().then(function (manifest) {
          if (String(manifest.build).slice(0, 16) !== build) throw new Error("the server has another build");
          var names = Object.keys(manifest.files).sort(), bytes = 0;
          // One file after the other: the phone's connection stays free for the page.
          return names.reduce(function (done, file) {
            bytes += manifest.files[file].bytes;
            return done.then(function () {
              return keep(cache, ROOT + "static/engine/" + file, manifest.files[file].integrity);
            });
          }, Promise.resolve()).then(function () {
            return Promise.all(SCRIPTS.map(function (path) { return keep(cache, path); }));
          }).then(function () {
            return cache.put(ROOT + "engine/manifest.json", response);
          }).then(function () {
            var mark = { build: manifest.build, files: names.length, bytes: bytes, ms: Date.now() - began };
            return cache.put(COMPLETE, new Response(JSON.stringify(mark), {
              headers: { "Content-Type": "application/json" }
            })).then(function () { return mark; });
          });
        });
      });
    });
  }).then(function (mark) {
    // This build is complete: the engines of other builds go.
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (other) {
        return other.indexOf(ENGINE) === 0 && other !== name;
      }).map(function (other) { return caches.delete(other); }));
    }).then(function () { return mark; });
  });
  precaching[build] = work;
  work.then(function () { delete precaching[build]; }, function () { delete precaching[build]; });
  return work;
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
        return storable(copy) ? cache.put(url.pathname, copy) : readOnlyCopy(cache, url.pathname, copy);
      }));
    }
    return response;
  }, function () {
    return kept(url) ? fromCopy(url.pathname) : Response.error();
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
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      return readOnlyFetch(cache, new URL(readOnly, self.location.origin).pathname, event.data.lang);
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
