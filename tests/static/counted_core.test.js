// static/counted_core.js under `node --test` (bin/test runs it): what the phone's engine is
// asked for the entries waiting, and how its answers and the server's page read.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const C = require("../../static/counted_core.js");

test("an entry is asked as queue.js posts it; an undo as the hand's DELETE", () => {
  const fields = [["meld_0", "60"]];
  assert.deepStrictEqual(C.opOf({ action: "/m/x/hands", fields: fields }, "/m/x", "es"),
    { method: "POST", path: "/hands", fields: fields, lang: "es" });
  assert.deepStrictEqual(C.opOf({ action: "/m/x/hands/4", undo: 4, fields: [] }, "/m/x", "en"),
    { method: "DELETE", path: "/hands/4" });
});

test("a count depends on the page, its language, its hands, the queue and the engine's rules", () => {
  const q = [{ key: "a", action: "/m/x/hands", fields: [["t", "1"]], label: "ignored" }];
  const sig = C.signature("/m/x", "en", "3", "2", q);
  assert.strictEqual(sig, JSON.stringify(["/m/x", "en", "3", "2", [["a", "/m/x/hands", 0, [["t", "1"]]]], null]));
  assert.notStrictEqual(sig, C.signature("/m/x", "it", "3", "2", q));
  // An engine restarted on the server's new rules (or one that now runs other rules) counts again.
  const old = C.signature("/m/x", "en", "3", "2", q, { build: "a1", mismatch: false });
  assert.notStrictEqual(old, C.signature("/m/x", "en", "3", "2", q, { build: "b2", mismatch: false }));
  assert.notStrictEqual(old, C.signature("/m/x", "en", "3", "2", q, { build: "a1", mismatch: true }));
});

test("a copy of the match older than the page is not counted on", () => {
  const match = { version: 3, hands: [{}, {}] };
  assert.strictEqual(C.fresh(match, 3, 2), true);
  assert.strictEqual(C.fresh(match, 4, 2), false);
  assert.strictEqual(C.fresh(match, 3, 3), false);
  assert.strictEqual(C.fresh(match, null, null), true);
  assert.strictEqual(C.fresh(null, 3, 2), false);
});

test("scores, payments and the kitty read as the page's rows", () => {
  assert.strictEqual(C.scoresOf({ scores: { Ana: 120, kitty: -20 } }, "Kitty"), "Ana 120 · Kitty -20");
  assert.strictEqual(C.scoresOf({ scores: { kitty: 5 } }, null), "kitty 5");
  assert.strictEqual(C.scoresOf({ scores: null, payments: { Ana: 3, Ben: -3 } }, null), "Ana +3 · Ben -3");
  assert.strictEqual(C.messageOf({ refused: "No." }), "No.");
  assert.strictEqual(C.messageOf({ body: { errors: { bid: ["Too low."] } } }), "Too low.");
  assert.strictEqual(C.messageOf({ body: {} }), "");
});

test("the phone agrees with the server's page only on totals, kitty and scores", () => {
  const a = { status: 201 };
  const phone = { totals: { Ana: 1 }, kitty: 0, scores: "Ana 1" };
  assert.strictEqual(C.same(a, phone, { totals: { Ana: 1 }, kitty: 0, scores: "Ana 1" }), true);
  assert.strictEqual(C.same(a, phone, { totals: { Ana: 2 }, kitty: 0, scores: "Ana 1" }), false);
  assert.strictEqual(C.same({ status: 422 }, phone, phone), false);
});

test("the server's totals read with its minus sign", () => {
  const el = (text, side) => ({ textContent: text, dataset: { side: side } });
  const doc = {
    querySelectorAll: () => [el(" 120 ", "Ana"), el("\u221240", "Ben")],
    querySelector: () => el("\u22125")
  };
  assert.deepStrictEqual(C.totalsIn(doc), { Ana: 120, Ben: -40 });
  assert.strictEqual(C.kittyIn(doc), -5);
});

test("a match the entry ended says its winner in the server's words, a team as many", () => {
  const words = { wins: "%(side)s wins!", win: "%(side)s win!" };
  const ended = (match) => ({ status: 201, body: { match: match } });
  assert.strictEqual(C.ended(ended({ status: "finished", winner: "Ana" })), true);
  assert.strictEqual(C.ended(ended({ status: "playing", winner: "Ana" })), false);
  assert.strictEqual(C.ended(ended({ status: "playing", winner: null })), false);
  assert.strictEqual(C.ended({ status: 409, body: { match: { status: "finished", winner: "Ana" } } }), false);
  assert.strictEqual(C.winnerLine({ winner: "Ana", teams: [] }, words), "Ana wins!");
  assert.strictEqual(C.winnerLine({ winner: "Us", teams: [{ name: "Us" }, { name: "Them" }] }, words), "Us win!");
});
