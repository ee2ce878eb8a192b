// A match that a waiting hand ends (issue 38 point 5; docs/phone.md "A match that ends
// offline"). When the phone's engine counts the entries waiting (counted.js) and the last one
// it took ends the match, the page says the winner in the server's words, puts the next hand's
// form away (the rules refuse any hand after the end: such an entry's row says so, and it may
// be removed) and offers the rematch. Tapped while hands wait, the rematch waits too: once the
// queue is empty and the server's page of the ended match is shown, its own "New game, same
// table" form is sent, and the phone goes to the new match. Hands of the new match cannot be
// typed before it exists on the server. Loaded with counted.js (/engine/counted.js).
"use strict";
(function () {
  var SK = window.scorekeeper, Q = SK && SK.queue;
  if (!Q || !SK.store || !SK.counted || SK.matchEnd) return;
  var html = document.documentElement, store = SK.store, K = SK.keys, C = SK.countedCore;
  var words = SK.counted.words;

  function asked(page) { return !!store.get(K.rematch(page)); }

  // The phone's count of the match page ``at`` after its waiting entries: ``match`` the match
  // after the last one the rules took (null: nothing counted, or other rules).
  function shown(at, match) {
    var box = document.getElementById("match-end");
    var won = !!(at && match && match.winner);
    var over = won && match.status === "finished";
    var entry = document.getElementById("hand-form"), deal = document.getElementById("next-deal");
    entry = entry && entry.closest("section.entry");
    // (Shown again for a waiting entry being changed: the one that ended the match, say.)
    if (entry) entry.hidden = over && !Q.editing(at.page);
    if (deal) deal.hidden = over;
    if (!won) { if (box) box.parentNode.removeChild(box); return; }
    var totals = document.querySelector(".totals");
    if (!box && totals) {
      box = document.createElement("section");
      box.className = "winner";
      box.id = "match-end";
      box.setAttribute("role", "status");
      box.innerHTML = '<p class="big"></p><div class="rematch"><button type="button" ' +
        'class="button primary wide" id="rematch"></button><p class="small" hidden></p></div>';
      totals.parentNode.insertBefore(box, totals);
    }
    if (!box) return;
    box.querySelector(".big").textContent = C.winnerLine(match, words);
    var button = box.querySelector("#rematch"), note = box.querySelector(".rematch p");
    button.textContent = words.rematch;
    note.textContent = words.rematch_waits;
    button.hidden = !over || asked(at.page);
    note.hidden = !over || !asked(at.page);
  }

  // "New game, same table" while hands wait (offline, or on their way): asked, and sent later.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#rematch"), at = Q.here();
    if (!button || !at.page) return;
    if (button.form && Q.online() && !Q.queue(at.page).length && !html.hasAttribute("data-offline")) return;
    event.preventDefault();
    store.set(K.rematch(at.page), 1);
    SK.counted.count();
    var box = document.getElementById("match-end");
    if (box) { button.hidden = true; box.querySelector(".rematch p").hidden = false; }
    Q.flush(null);
  }, true);

  // The server's page, every hand stored: the rematch asked for is sent (the server's own form,
  // its token); a match the server does not end (the phone's count was not its last word)
  // forgets it.
  function send() {
    var at = Q.here();
    if (!at.page || !asked(at.page) || !Q.online() || html.hasAttribute("data-offline")) return;
    if (Q.queue(at.page).length || document.getElementById("match-end")) return;
    var button = document.querySelector("form.rematch #rematch");
    store.drop(K.rematch(at.page));
    if (button) button.form.submit();
  }
  SK.onPage(send);
  window.addEventListener("online", send);

  SK.matchEnd = { shown: shown };
})();
