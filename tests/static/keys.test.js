// static/keys.js under `node --test` (bin/test runs it): the names kept on the phone, spelled
// once, as the phones that have them stored already spell them.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const K = require("../../static/keys.js");

const STATIC = path.join(__dirname, "..", "..", "static");

test("every family keeps the names phones already hold", () => {
  const page = "/m/abc";
  assert.deepStrictEqual(
    ["queue", "held", "known", "editing", "aside", "kept", "fixing", "saved", "refused"].map((f) => K[f](page)),
    ["sk:queue:/m/abc", "sk:held:/m/abc", "sk:known:/m/abc", "sk:editing:/m/abc", "sk:aside:/m/abc",
      "sk:kept:/m/abc", "sk:fixing:/m/abc", "sk:saved:/m/abc", "sk:refused:/m/abc"]);
  assert.strictEqual(K.draft("/m/abc/hands"), "sk:draft:/m/abc/hands");
  assert.strictEqual(K.started("/new?variant=x"), "sk:started:/new?variant=x");
  assert.strictEqual(K.rematch(page), "sk:rematch:/m/abc");
  assert.strictEqual(K.probe, "sk:probe");
  assert.strictEqual(K.tabProbe, "sk:t");
  assert.strictEqual(K.starting, "sk:starting");
  assert.strictEqual(K.lock(page), "sk:/m/abc");
});

test("no family's prefix starts another's, and all are the app's", () => {
  const prefixes = Object.keys(K).filter((name) => K[name].prefix).map((name) => K[name].prefix);
  assert.strictEqual(prefixes.length, 12);
  for (const a of prefixes) {
    assert.ok(a.startsWith(K.all), a);
    for (const b of prefixes) if (a !== b) assert.ok(!b.startsWith(a), `${a} starts ${b}`);
  }
});

test("a family's names are found again among the stored ones", () => {
  const names = ["sk:queue:/m/a", "sk:kept:/m/a", "sk:queue:/m/b", "other", null, "sk:draft:/m/a/hands"];
  assert.deepStrictEqual(K.restOf(K.queue, names), ["/m/a", "/m/b"]);
  assert.deepStrictEqual(K.restOf(K.kept, names), ["/m/a"]);
});

test("the service worker names the caches as keys.js does", () => {
  const worker = fs.readFileSync(path.join(STATIC, "sw.js"), "utf8");
  const named = (variable) => new RegExp(`^var ${variable} = "([^"]+)"`, "m").exec(worker)[1];
  assert.strictEqual(named("SHELL_CACHE"), K.caches.shell);
  assert.strictEqual(named("PAGES"), K.caches.pages);
  assert.strictEqual(named("ENGINE"), K.caches.engine);
  assert.strictEqual(named("MATCHES"), K.caches.matches);
  assert.strictEqual(named("SCORING"), K.caches.scoring);
  // The engine's worker keeps the match a phone sent where the service worker keeps copies.
  const engine = fs.readFileSync(path.join(STATIC, "engine_worker.js"), "utf8");
  assert.strictEqual(/^var MATCHES = "([^"]+)"/m.exec(engine)[1], K.caches.matches);
});

test("no page script spells a stored name by hand", () => {
  const events = /"sk:(engine|cleared)"/g;  // DOM events of the app, not stored names
  // (The workers load no page script: their cache names are checked above.)
  const workers = ["keys.js", "sw.js", "engine_worker.js"];
  const scripts = fs.readdirSync(STATIC).filter((f) => f.endsWith(".js") && !workers.includes(f));
  assert.ok(scripts.length > 10);
  for (const file of scripts) {
    const code = fs.readFileSync(path.join(STATIC, file), "utf8").split("\n")
      .filter((line) => !line.trim().startsWith("//")).join("\n").replace(events, "");
    assert.doesNotMatch(code, /["']sk[:-]/, file);
  }
});
