// The phone's engine, loaded (docs/phone.md "Loading"): app.js appends this script (served as
// /engine.js) after the page's load event, on the match page of a phone that scores when the server offers the engine
// (<main data-rules="<the build's first 16 hex>">). The first visit is as without it.
//
// 1. When the phone is idle, over HTTPS or localhost, not under Save-Data and with room in its
//    storage, it asks the service worker (sw.js) to precache the engine of this build into
//    Cache Storage "sk-engine-<build>", once per build. Where no service worker may run
//    (plain HTTP), it starts the worker then, which fetches the engine through the browser's
//    HTTP cache (direct()).
// 2. When an engine is cached complete, it starts the worker (/engine/worker.js, which runs
//    Pyodide with the server's own rules) and marks <html data-engine="loading">, then
//    "ready" ("off" again if it fails). An engine of another build still runs: mismatch.
//
// window.scorekeeper.engine = {state, build, mismatch, ms, upgraded, run(request), match(),
// upgrade(build)}, and a document event "sk:engine" at each change of state. run() answers
// what the worker answers (engine_worker.js); match() the API's match JSON as last seen (sw.js
// keeps it offline). upgrade(build): an answer named other rules than the engine runs (the
// server was upgraded with this page open, rules_upgrade.js): the engine counts on, marked
// other rules (mismatch), while the service worker precaches that build; then the worker
// restarts on it, without a reload (docs/phone.md "An upgrade with an open tab").
(function () {
  "use strict";
  var html = document.documentElement;
  var main = document.querySelector("main[data-rules]");
  var sk = window.scorekeeper = window.scorekeeper || {};
  if (!main || sk.engine) return;
  var rules = main.dataset.rules;
  var root = (html.dataset.sw || "/sw.js").replace(/sw\.js$/, "");
  var PREFIX = sk.keys.caches.engine;
  var COMPLETE = root + "engine/complete";  // the marker entry of a complete engine cache
  var ROOM = 60 * 1024 * 1024;  // free storage asked for before a precache (the engine ~14 MB)
  var worker = null, asked = 0, pending = {};
  var running = null, asking = null, listening = false;  // the build started, the one precaching

  var engine = sk.engine = {
    state: "off",
    build: null,
    mismatch: false,
    ms: null,
    run: function (request) {
      if (!worker || engine.state !== "ready") return Promise.reject(new Error("engine " + engine.state));
      var id = ++asked;
      return new Promise(function (resolve, reject) {
        pending[id] = { resolve: resolve, reject: reject };
        worker.postMessage({ type: "run", id: id, request: request });
      });
    },
    match: function () {
      var path = location.pathname.slice(root.length).match(/^m\/([A-Za-z0-9_-]{1,32})/);
      if (!path) return Promise.resolve(null);
      var url = root + "api/v1/matches/" + path[1] + "?lang=" + encodeURIComponent(html.lang || "en");
      return fetch(url, { credentials: "same-origin", headers: { "X-Engine": "1" } }).then(function (response) {
        return response.ok ? response.json() : null;
      }).catch(function () { return null; });
    },
    upgrade: function (build) {
      build = String(build || "").slice(0, 16);
      if (!/^[0-9a-f]{16}$/.test(build) || build === running) return;
      if (build !== rules) {
        rules = build;
        // Counts of the engine running now are of other rules (when one runs).
        set(engine.state, { mismatch: !!worker, upgraded: worker ? build : engine.upgraded });
      }
      if (asking !== build && html.dataset.engineCached !== build) precache();
    }
  };

  function set(state, extra) {
    engine.state = state;
    Object.keys(extra || {}).forEach(function (key) { engine[key] = extra[key]; });
    html.dataset.engine = state === "failed" ? "off" : state;
    document.dispatchEvent(new CustomEvent("sk:engine", { detail: engine }));
  }

  // The newest complete engine cache: this build's when there is one.
  function cached() {
    if (!window.caches) return Promise.resolve(null);
    return caches.keys().then(function (names) {
      names = names.filter(function (name) { return name.indexOf(PREFIX) === 0; });
      names.sort(function (a, b) { return (b === PREFIX + rules) - (a === PREFIX + rules); });
      return names.reduce(function (found, name) {
        return found.then(function (hit) {
          if (hit) return hit;
          return caches.open(name).then(function (cache) { return cache.match(COMPLETE); })
            .then(function (marker) { return marker ? name.slice(PREFIX.length) : null; });
        });
      }, Promise.resolve(null));
    }).catch(function () { return null; });
  }

  function start(build) {
    if (worker && !engine.mismatch) return;
    running = build;
    if (worker) worker.terminate();  // an engine of another build: this build's replaces it
    Object.keys(pending).forEach(function (id) { pending[id].reject(new Error("engine restarted")); });
    pending = {};
    try {
      worker = new Worker(root + "engine/worker.js");
    } catch (error) {
      set("failed", { message: String(error) });
      return;
    }
    set("loading", { build: null, mismatch: build !== rules });
    // The hands waiting on this page, counted by the engine (counted.js waits for "ready").
    if (!window.scorekeeper.counted) document.head.appendChild(document.createElement("script")).src = root + "engine/counted.js";
    worker.onmessage = function (event) {
      var message = event.data || {};
      if (message.type === "state" && message.state === "ready") {
        set("ready", { build: message.build, ms: message.ms, mismatch: String(message.build).slice(0, 16) !== rules });
      } else if (message.type === "state" && message.state === "failed") {
        worker.terminate();
        worker = null;
        running = null;
        set("failed", { message: message.message });
      } else if (message.type === "answer" && pending[message.id]) {
        var waiting = pending[message.id];
        delete pending[message.id];
        if (message.error) waiting.reject(new Error(message.error));
        else waiting.resolve(message.answer);
      }
    };
    worker.onerror = function (event) {
      if (worker) worker.terminate();
      worker = null;
      running = null;
      set("failed", { message: String(event.message || "worker error") });
    };
    worker.postMessage({ type: "boot" });
  }

  // Why the service worker may not precache ~14 MB now ("" when it may): not a secure context
  // (no service worker: direct() runs instead), Save-Data, or too little room to keep it.
  function refusal() {
    if (!window.isSecureContext || !navigator.serviceWorker || !window.caches) return Promise.resolve("insecure");
    if (navigator.connection && navigator.connection.saveData) return Promise.resolve("save-data");
    if (!navigator.storage || !navigator.storage.estimate) return Promise.resolve("");
    return navigator.storage.estimate().then(function (estimate) {
      return (estimate.quota || 0) - (estimate.usage || 0) > ROOM ? "" : "storage";
    }, function () { return "storage"; });
  }

  function whenIdle(callback) {
    if (window.requestIdleCallback) window.requestIdleCallback(callback, { timeout: 5000 });
    else setTimeout(callback, 1000);
  }

  // The worker's requests go through the service worker only when it controls this page.
  function controlled() {
    if (navigator.serviceWorker.controller) return Promise.resolve();
    return new Promise(function (resolve) {
      navigator.serviceWorker.addEventListener("controllerchange", function () { resolve(); });
    });
  }

  // No service worker may keep the engine here (plain HTTP: browsers allow none; docs/phone.md
  // "Loading"): nothing is precached (<html data-engine-skip="insecure">), and the worker
  // fetches the engine's files from the server itself, which the browser's HTTP cache keeps
  // (the versioned files for a year, immutable). Not under Save-Data. An upgrade starts the
  // worker again on the server's newest engine.
  function direct() {
    var saving = !!(navigator.connection && navigator.connection.saveData);
    html.dataset.engineSkip = saving ? "save-data" : "insecure";
    if (!saving) start(rules);
  }

  // The engine of this page's build (``rules``: the server's newest one seen), precached.
  function precache() {
    // A page not yet controlled (a first visit) still precaches: controlled() waits for it.
    if (!window.isSecureContext || !navigator.serviceWorker) { direct(); return; }
    var build = asking = rules;
    refusal().then(function (why) {
      // The reason stays on the page (<html data-engine-skip>): nothing was asked.
      if (why) { html.dataset.engineSkip = why; asking = null; return; }
      if (!listening) {
        listening = true;
        navigator.serviceWorker.addEventListener("message", function (event) {
          var data = event.data || {};
          if (data.build !== rules) return;
          if (data.engine === "failed") { html.dataset.engineSkip = "failed"; asking = null; }
          if (data.engine !== "complete") return;
          asking = null;
          html.dataset.engineCached = rules;
          controlled().then(function () { start(rules); });
        });
        navigator.serviceWorker.startMessages();
      }
      return navigator.serviceWorker.ready.then(function (registration) {
        registration.active.postMessage({ engine: build });
      });
    }).catch(function () {});
  }

  cached().then(function (build) {
    if (build && navigator.serviceWorker && navigator.serviceWorker.controller) start(build);
    // Also when complete: the service worker then only asks for its two scripts again, and
    // says so (<html data-engine-cached>).
    whenIdle(precache);
  });
})();
