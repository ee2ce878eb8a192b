// The phone's engine (docs/phone.md): the server's own rules, run by Pyodide (CPython compiled
// to WebAssembly) in this worker, so that hands typed without signal are counted, refused and
// corrected exactly as the server would. Served at /engine/worker.js with a policy of its own
// (script-src 'self' 'wasm-unsafe-eval': WebAssembly needs it; the pages keep theirs).
//
// Messages in:  {type: "boot"}; {type: "run", id, request: {lang, match, ops}} (or text: the
//               request as JSON text)
// Messages out: {type: "state", state: "loading" | "ready" | "failed", build, ms, message}
//               {type: "answer", id, answer: {build, answers: [...], words}} (or text: the answer as JSON
//               text, for a request given as text), or {type: "answer", id, error}
// The request and its answer are JSON text for scorekeeper/rules/engine/answers.py `run`.
"use strict";
// The app's root, as the page's service worker and engine.js take it (an app served under a
// path prefix too): this script is <root>engine/worker.js.
var ROOT = self.location.pathname.replace(/engine\/worker\.js$/, "");
var BASE = ROOT + "static/engine/";
var engine = null;  // a promise of {py, run, build}
var MATCHES = "sk-matches";  // (keys.js caches.matches: this worker loads no page script)
var started = Date.now();

function fail(error) {
  postMessage({ type: "state", state: "failed", message: String(error && error.message || error) });
}

function boot() {
  if (engine) return engine;
  postMessage({ type: "state", state: "loading" });
  engine = fetch(ROOT + "engine/manifest.json", { cache: "no-cache" }).then(function (response) {
    if (!response.ok) throw new Error("no engine on this server (" + response.status + ")");
    return response.json();
  }).then(function (manifest) {
    var runtime = BASE + manifest.runtime;
    // The rules file comes while the runtime starts, not after it (issue 38 point 7: over a
    // slow connection its download was seconds of the start).
    var rules = fetch(BASE + manifest.rules, { integrity: manifest.files[manifest.rules].integrity }).then(function (response) {
      if (!response.ok) throw new Error("the rules bundle is missing (" + response.status + ")");
      return response.arrayBuffer();
    });
    rules.catch(function () {});  // (said by the chain below, once the runtime is up)
    importScripts(runtime + "pyodide.js");
    return self.loadPyodide({
      indexURL: runtime,
      lockFileURL: runtime + "pyodide-lock.json",
      stdLibURL: runtime + "python_stdlib.zip",
      fullStdLib: false
    }).then(function (py) {
      return rules.then(function (bytes) {
        py.unpackArchive(bytes, "zip", { extractDir: "/engine" });
        py.runPython("import sys\nsys.path.insert(0, '/engine')\nfrom scorekeeper.rules.engine import answers");
        var run = py.globals.get("answers").run;
        postMessage({ type: "state", state: "ready", build: manifest.build, ms: Date.now() - started });
        return { py: py, run: run, build: manifest.build };
      });
    });
  });
  engine.catch(fail);
  return engine;
}

// The match after an entry this phone sent and the server stored (answers.py promote), kept
// where the service worker keeps the server's copy for engine.js (sw.js matchJson: the cache
// "sk-matches", by the API's address and language), so that a page opened without signal
// counts from what the phone sent even when the server's copy never arrived (issue 38 point 3).
function keep(stored, copy) {
  var id = stored.base && stored.base.id;
  if (!self.caches || !id) return;
  var key = ROOT + "api/v1/matches/" + encodeURIComponent(id) + "?lang=" + encodeURIComponent(stored.lang || "en");
  var body = new Response(copy, { headers: { "Content-Type": "application/json" } });
  caches.open(MATCHES).then(function (cache) { return cache.put(key, body); }).catch(function () {});
}

self.onmessage = function (event) {
  var message = event.data || {};
  if (message.type === "boot") { boot(); return; }
  if (message.type !== "run") return;
  boot().then(function (ready) {
    // A request given as JSON text is answered as text: numbers beyond a double's 53 bits
    // (the API takes any JSON integer) pass unchanged, as they do between the phone and the
    // server.
    if (typeof message.text === "string") {
      postMessage({ type: "answer", id: message.id, text: ready.run(message.text) });
      return;
    }
    var answer = JSON.parse(ready.run(JSON.stringify(message.request)));
    answer.build = ready.build;
    if (answer.copy) keep(message.request.stored, answer.copy);
    delete answer.copy;  // (kept here: the page's answer does not grow with the night)
    postMessage({ type: "answer", id: message.id, answer: answer });
  }).catch(function (error) {
    postMessage({ type: "answer", id: message.id, error: String(error && error.message || error) });
  });
};
