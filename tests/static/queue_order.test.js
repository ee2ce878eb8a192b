// static/queue_order.js under `node --test` (bin/test runs it): where a saved entry goes in
// its match's queue, its key used once, and the hands the waiting entries add (the next
// hand's number, the hand a draft is typed after).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const O = require("../../static/queue_order.js");

const entry = (key, more) => Object.assign({ key: key, version: null, seen: 0, label: "Hand " + key, tried: false }, more);

test("a new hand counts one, an undo takes one off, a correction none", () => {
  assert.strictEqual(O.adds([]), 0);
  assert.strictEqual(O.adds([entry("a"), entry("b"), entry("c", { fix: true })]), 2);
  assert.strictEqual(O.adds([entry("u", { fix: true, undo: 7 }), entry("a")]), 0);
  assert.strictEqual(O.adds(O.others([entry("a"), entry("b")], "a")), 1);
});

test("a saved hand goes last; the refused one saved again goes first", () => {
  const q = [entry("a"), entry("b")];
  let saved = O.placed(q.slice(), entry("c"), null, false);
  assert.deepStrictEqual(saved.queue.map((i) => i.key), ["a", "b", "c"]);
  assert.strictEqual(saved.replaced, false);
  assert.strictEqual(saved.again, false);
  saved = O.placed(q.slice(), entry("r"), null, true);
  assert.deepStrictEqual(saved.queue.map((i) => i.key), ["r", "a", "b"]);
  assert.strictEqual(saved.again, true);
});

test("a waiting hand changed keeps its place, key, version, count and label", () => {
  const q = [entry("a", { version: 4, seen: 3 }), entry("b", { seen: 4 })];
  const typed = entry("new", { version: 9, seen: 0, label: "Next hand", typed: "Ana: 60" });
  const saved = O.placed(q, typed, "a", true);  // held too: the change wins, not "first"
  assert.strictEqual(saved.replaced, true);
  assert.strictEqual(saved.again, false);
  assert.deepStrictEqual(saved.queue.map((i) => [i.key, i.version, i.seen, i.label, i.typed]),
    [["a", 4, 3, "Hand a", "Ana: 60"], ["b", null, 4, "Hand b", undefined]]);
});

test("a hand already tried is not changed in place: the new typing goes last", () => {
  const saved = O.placed([entry("a", { tried: true })], entry("n"), "a", false);
  assert.strictEqual(saved.replaced, false);
  assert.deepStrictEqual(saved.queue.map((i) => i.key), ["a", "n"]);
});

test("a key is used once: empty or already waiting, a new one", () => {
  let made = 0;
  const newKey = () => "k" + ++made;
  assert.strictEqual(O.keyFor("form-key", [entry("a")], newKey), "form-key");
  assert.strictEqual(O.keyFor("a", [entry("a")], newKey), "k1");
  assert.strictEqual(O.keyFor("", [], newKey), "k2");
  assert.deepStrictEqual(O.without([entry("a"), entry("b"), entry("a")], "a").map((i) => i.key), ["b"]);
});

test("the first entry goes with its form's version, the others follow the one before", () => {
  assert.strictEqual(O.versionFor(true, false, 5, 9), 5);
  assert.strictEqual(O.versionFor(true, true, 5, 9), 9);  // a copy: the latest this phone saw
  assert.strictEqual(O.versionFor(true, true, 5, null), 5);
  assert.strictEqual(O.versionFor(true, true, null, 2), 2);
  assert.strictEqual(O.versionFor(false, false, 5, 9), null);
});

test("a draft is typed after the stored hands and the new ones waiting", () => {
  const q = [entry("a"), entry("u", { fix: true, undo: 3 }), entry("f", { fix: true }), entry("b")];
  assert.strictEqual(O.handAfter("3", q, null), "5");
  assert.strictEqual(O.handAfter("3", q, "b"), "4");  // the hand being changed is the form's
  assert.strictEqual(O.handAfter("", [], null), "0");
});
