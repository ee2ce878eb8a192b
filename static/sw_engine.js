// The phone's engine in the service worker (docs/phone.md "Loading"), served after sw.js as
// one script (scorekeeper/infra/offline.py WORKER): the engine caches "sk-engine-<build16>",
// precached once per build, and what the worker serves from them. A file the manifest names
// that another build's cache holds with the same bytes (the runtime: a release of the rules
// leaves it as it was, issue 38 point 7) is copied from there, not downloaded again.
"use strict";
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
    return kept(path, integrity).then(function (copy) {
      return copy ? cache.put(path, copy).then(function () { return 0; }) : fetched(cache, path, integrity);
    });
  });
}

// ``path`` as another cache holds it, when its bytes are ``integrity``'s (null otherwise).
function kept(path, integrity) {
  if (!integrity || !self.crypto || !crypto.subtle) return Promise.resolve(null);
  return caches.match(path).then(function (hit) {
    if (!hit) return null;
    return hit.clone().arrayBuffer().then(function (body) {
      return crypto.subtle.digest("SHA-256", body);
    }).then(function (digest) {
      var sum = btoa(String.fromCharCode.apply(null, new Uint8Array(digest)));
      return "sha256-" + sum === integrity ? hit : null;
    });
  }).catch(function () { return null; });
}

// ``path`` from the server into ``cache``, checked against ``integrity`` when given.
function fetched(cache, path, integrity) {
  return fetch(path, integrity ? { integrity: integrity, cache: "no-store" } : { cache: "no-store" }).then(function (response) {
    if (!response.ok) throw new Error(path + ": " + response.status);
    return cache.put(path, response).then(function () { return 1; });
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
    }).then(keepTools).then(function () { return mark; });
  });
  precaching[build] = work;
  work.then(function () { delete precaching[build]; }, function () { delete precaching[build]; });
  return work;
}
