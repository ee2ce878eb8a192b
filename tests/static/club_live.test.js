// static/club_live.js under `node --test` (bin/test runs it): the night
// followed by its event stream, the poll with If-None-Match when the stream is refused or
// missing, one fetch at a time, and what a table's phone does with the table's state.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const live = require("../../static/club_live.js");

// An EventSource the test drives: emit("night", data), fail(closed).
function fakeSource() {
  const made = [];
  class Source {
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.listeners = {};
      this.closed = false;
      made.push(this);
    }
    addEventListener(name, fn) { (this.listeners[name] = this.listeners[name] || []).push(fn); }
    close() { this.closed = true; this.readyState = 2; }
    emit(name, data) { (this.listeners[name] || []).forEach((fn) => fn({ data: data })); }
    fail(closed) {
      this.readyState = closed ? 2 : 0;
      (this.listeners.error || []).forEach((fn) => fn({}));
    }
  }
  return { Source, made };
}

// Timers the test runs by hand.
function fakeTimers() {
  const due = [];
  return {
    setTimeout: (fn, ms) => { due.push({ fn, ms }); return due.length; },
    clearTimeout: (id) => { if (id && due[id - 1]) due[id - 1].fn = null; },
    runNext() {
      const next = due.find((t) => t.fn);
      if (!next) return null;
      const fn = next.fn;
      next.fn = null;
      fn();
      return next.ms;
    },
  };
}

function answer(status, etag) {
  return { status, ok: status >= 200 && status < 300, headers: { get: () => etag } };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("bare takes the W/ and the quotes off an ETag", () => {
  assert.strictEqual(live.bare('W/"6.41.8"'), "6.41.8");
  assert.strictEqual(live.bare("6.41.8"), "6.41.8");
  assert.strictEqual(live.bare(null), "");
});

test("the stream's events call changed once for each new ETag", () => {
  const { Source, made } = fakeSource();
  const seen = [];
  const f = live.follow({ events: "/cr/x/events", poll: "/api", etag: "1.0.0", EventSource: Source,
                          changed: (tag) => seen.push(tag), setTimeout: () => 0, clearTimeout: () => {} });
  assert.strictEqual(f.mode, "stream");
  assert.strictEqual(made[0].url, "/cr/x/events");
  made[0].emit("night", "1.0.0"); // what the page shows already
  made[0].emit("night", "1.3.4");
  made[0].emit("night", "1.3.4");
  made[0].emit("night", "2.3.4");
  assert.deepStrictEqual(seen, ["1.3.4", "2.3.4"]);
  // A stream that only dropped is taken again by the browser: no polling.
  made[0].fail(false);
  assert.strictEqual(made[0].closed, false);
});

test("a refused stream turns into a poll with If-None-Match", async () => {
  const { Source, made } = fakeSource();
  const timers = fakeTimers();
  const asked = [];
  const replies = [answer(304, null), answer(200, 'W/"1.2.2"')];
  const seen = [];
  const f = live.follow({
    events: "/cr/x/events", poll: "/api/standings", etag: "1.0.0", every: 10000,
    EventSource: Source, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout,
    fetch: (url, init) => { asked.push([url, init.headers["If-None-Match"]]); return Promise.resolve(replies.shift()); },
    changed: (tag) => seen.push(tag),
  });
  made[0].fail(true); // a 503: closed for good
  assert.strictEqual(f.mode, "poll");
  assert.strictEqual(made[0].closed, true);
  assert.strictEqual(timers.runNext(), 10000);
  await settle();
  assert.deepStrictEqual(seen, []);
  assert.strictEqual(timers.runNext(), 10000);
  await settle();
  assert.deepStrictEqual(asked, [["/api/standings", 'W/"1.0.0"'], ["/api/standings", 'W/"1.0.0"']]);
  assert.deepStrictEqual(seen, ["1.2.2"]);
  assert.strictEqual(f.etag(), "1.2.2");
  f.stop();
});

test("without EventSource it polls, and backs off when the server is away", async () => {
  const timers = fakeTimers();
  const f = live.follow({
    events: "/e", poll: "/p", etag: "1", every: 1000, EventSource: undefined,
    setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout,
    fetch: () => Promise.reject(new Error("offline")), changed: () => {},
  });
  assert.strictEqual(f.mode, "poll");
  assert.strictEqual(timers.runNext(), 1000);
  await settle();
  assert.strictEqual(timers.runNext(), 2000);
  await settle();
  assert.strictEqual(timers.runNext(), 4000);
  f.stop();
});

test("serially does one at a time and once more for what came meanwhile", async () => {
  let running = 0, most = 0, calls = 0, release;
  const run = live.serially(() => {
    calls += 1;
    running += 1;
    most = Math.max(most, running);
    return new Promise((resolve) => { release = () => { running -= 1; resolve(); }; });
  });
  run(); await settle();
  run(); run(); run();
  await settle();
  assert.strictEqual(calls, 1);
  release(); await settle(); await settle();
  assert.strictEqual(calls, 2);
  release(); await settle(); await settle();
  assert.strictEqual(calls, 2);
  assert.strictEqual(most, 1);
});

test("a table's phone goes to the next round's match, reloads when its round closed", () => {
  const playing2 = { round: 2, status: "playing", match: "m2" };
  // On the waiting page: any change of round, status or match reloads it.
  assert.strictEqual(live.tableMove("table", playing2, "2.planned.", "0"), "reload");
  assert.strictEqual(live.tableMove("table", playing2, "2.playing.m2", "0"), null);
  // On round 1's match: round 2 starts, the phone goes to it.
  assert.strictEqual(live.tableMove("follow", playing2, "1.playing.m1", "1"), "go");
  // Drawn (after round 1 closed) when round 2 had started already: it shows that state, and goes.
  assert.strictEqual(live.tableMove("follow", playing2, "2.playing.m2", "1"), "go");
  // Round 1 closed, round 2 planned: reload (the banner says the round is closed).
  assert.strictEqual(live.tableMove("follow", { round: 2, status: "planned", match: null }, "1.playing.m1", "1"), "reload");
  assert.strictEqual(live.tableMove("follow", { round: 1, status: "closed", match: "m1" }, "1.playing.m1", "1"), "reload");
  // Still round 1 in play, or already shown: nothing.
  assert.strictEqual(live.tableMove("follow", { round: 1, status: "playing", match: "m1" }, "1.playing.m1", "1"), null);
  assert.strictEqual(live.tableMove("follow", { round: 2, status: "planned", match: null }, "2.planned.", "1"), null);
  assert.strictEqual(live.tableMove("follow", null, "x", "1"), null);
});
