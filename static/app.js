// scorekeeper: small conveniences on top of pages that work without JavaScript.
"use strict";
(function () {
  function $all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }
  function num(input) { var v = input.value.trim(); return /^\d+$/.test(v) ? parseInt(v, 10) : null; }

  $all(document, ".js-only").forEach(function (el) { el.hidden = false; });

  // A form is sent once: a second tap while it is on its way does nothing.
  $all(document, "form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.sent) { event.preventDefault(); return; }
      var by = event.submitter;
      if (by && by.name === "chip") return;
      form.dataset.sent = "1";
    });
  });

  var hand = document.getElementById("hand-form");
  if (hand) {
    // Meld chips build the side's list in place (without JavaScript they post the form).
    $all(hand, ".chip[data-meld]").forEach(function (chip) {
      chip.addEventListener("click", function (event) {
        event.preventDefault();
        var side = chip.closest(".side");
        var list = side.querySelector(".meld-list");
        var meld = chip.dataset.meld;
        list.value = meld ? (list.value.trim() + " " + meld).trim() : "";
        if (meld) { side.querySelector("input.meld").value = ""; }
      });
    });

    // The last side's trick points: what is left of the counting's total.
    var total = parseInt(hand.dataset.total || "", 10);
    var tricks = $all(hand, "input.tricks");
    if (total && tricks.length > 1) {
      tricks.forEach(function (input) {
        input.addEventListener("input", function () {
          input.dataset.typed = input.value.trim() ? "1" : "";
          var open = tricks.filter(function (t) { return !t.dataset.typed; });
          if (open.length !== 1) return;
          var sum = 0, ok = true;
          tricks.forEach(function (t) {
            if (t === open[0]) return;
            var v = num(t); if (v === null) { ok = false; } else { sum += v; }
          });
          if (ok && sum <= total) open[0].value = String(total - sum);
        });
      });
    }

    // The bid stepper and its quick values.
    var bid = hand.querySelector("input.bid-input");
    if (bid) {
      $all(hand, "[data-step]").forEach(function (button) {
        button.addEventListener("click", function () {
          var v = num(bid) || 0;
          bid.value = String(Math.max(0, v + parseInt(button.dataset.step, 10)));
        });
      });
      $all(hand, "[data-bid]").forEach(function (button) {
        button.addEventListener("click", function () { bid.value = button.dataset.bid; });
      });
    }

    // After the trump, the typing starts: the first number of the first side.
    $all(hand, ".trump input").forEach(function (radio) {
      radio.addEventListener("change", function () {
        var first = hand.querySelector(".side input.meld, .side input[inputmode=numeric]");
        if (first) first.focus();
      });
    });
  }

  // New match: show the optional seats as they are needed; the dealer picker shows names.
  var newMatch = document.querySelector("form.newmatch");
  if (newMatch) {
    var seats = $all(newMatch, ".player");
    var least = parseInt(newMatch.dataset.min, 10) || seats.length;
    var shown = Math.max(least, seats.filter(function (s) { return s.querySelector("input").value.trim(); }).length);
    function showSeats() {
      seats.forEach(function (seat, i) { seat.hidden = i >= shown; });
      var add = newMatch.querySelector("[data-add-player]");
      var remove = newMatch.querySelector("[data-remove-player]");
      if (add) add.hidden = shown >= seats.length;
      if (remove) remove.hidden = shown <= least;
    }
    function relabel() {
      $all(newMatch, "select.seat-select option").forEach(function (option) {
        if (!option.dataset.label) option.dataset.label = option.textContent;
        var seat = parseInt(option.value, 10);
        var input = newMatch.querySelector("input[data-seat='" + seat + "']");
        var name = input && input.value.trim();
        option.textContent = name ? name : option.dataset.label;
      });
    }
    if (seats.length > least) {
      var addButton = newMatch.querySelector("[data-add-player]");
      var removeButton = newMatch.querySelector("[data-remove-player]");
      addButton.addEventListener("click", function () {
        shown = Math.min(seats.length, shown + 1); showSeats();
        seats[shown - 1].querySelector("input").focus();
      });
      removeButton.addEventListener("click", function () {
        seats[shown - 1].querySelector("input").value = ""; shown = Math.max(least, shown - 1);
        showSeats(); relabel();
      });
      showSeats();
    } else {
      $all(newMatch, "[data-add-player]").forEach(function (b) { b.parentNode.hidden = true; });
    }
    $all(newMatch, "input.name").forEach(function (input) { input.addEventListener("input", relabel); });
    relabel();
  }
})();
