// The queue's pure parts, apart from the page and the storage (queue.js, drafts.js use them;
// tests/static/queue_order.test.js tests them): where a saved entry goes, its key, the hands
// the waiting entries add to the count.
"use strict";
(function (root) {
  var O = {
    // The hands the entries add: an undo takes its hand off, a correction changes none.
    adds: function (q) {
      return q.reduce(function (n, item) { return n + (item.undo ? -1 : item.fix ? 0 : 1); }, 0);
    },
    // The entries but the one being changed (it holds its place, not one more).
    others: function (q, changing) { return q.filter(function (i) { return i.key !== changing; }); },
    // A key is used once: a form shown again from this phone's copy carries one already used.
    keyFor: function (key, q, newKey) {
      return !key || q.some(function (item) { return item.key === key; }) ? newKey() : key;
    },
    // The first of a queue is sent with the version its form was made from (a page shown from
    // this phone's copy: the latest this phone saw); the others follow the one before (null).
    versionFor: function (first, copy, version, mine) {
      return !first ? null : copy && mine !== null ? Math.max(version === null ? 0 : version, mine) : version;
    },
    // The queue with ``item`` saved: in the place of the entry being changed (never sent: its
    // key, version, count and label stay), first when the queue is held (the refused entry
    // saved again), else last. Says which: {queue, replaced, again}.
    placed: function (q, item, changing, held) {
      var replaced = false;
      if (changing) {
        q = q.map(function (old) {
          if (old.key !== changing || old.tried) return old;
          replaced = true;
          item.key = old.key; item.version = old.version; item.seen = old.seen; item.label = old.label;
          return item;
        });
      }
      var again = !replaced && held;
      if (again) q.unshift(item);
      else if (!replaced) q.push(item);
      return { queue: q, replaced: replaced, again: again };
    },
    without: function (q, key) { return q.filter(function (i) { return i.key !== key; }); },
    // The hand a draft is typed after: the hands stored when its form was made (``seen``) and
    // the new hands waiting (not a correction or an undo, nor the one being changed).
    handAfter: function (seen, q, editing) {
      var waiting = q.filter(function (item) { return !item.fix && item.key !== editing; });
      return String((parseInt(seen, 10) || 0) + waiting.length);
    }
  };
  (root.scorekeeper = root.scorekeeper || {}).order = O;
  if (typeof module === "object" && module.exports) module.exports = O;
})(typeof window !== "undefined" ? window : globalThis);
