// The hand form (after app.js): the meld chips and their sum, the last side's trick points
// worked out, the bid's buttons, the bidder's team, the preview before Save.
"use strict";
(function () {
  var SK = window.scorekeeper, $all = SK.$all;
  function num(input) { var v = input.value.trim(); return /^\d+$/.test(v) ? parseInt(v, 10) : null; }
  function typeable(el) {
    return el.tagName === "INPUT" && !el.disabled && !el.readOnly && el.offsetParent !== null &&
      (!el.type || el.type === "text" || el.type === "number");
  }
  // Typing replaces what the page filled in (a default bid, trick points worked out): select it.
  function selectOnTap(input, when) {
    input.addEventListener("focus", function () { if (when()) input.select(); });
    input.addEventListener("click", function () {
      if (when() && input.selectionStart === input.selectionEnd) input.select();
    });
  }

  // A tap into a field that holds a number (a correction's, a draft's) selects it: typing
  // replaces it and Backspace empties it, where the caret would land in front of the
  // right-aligned number (issue 26). Only the tap that comes in: a second one places the caret.
  function selectFilled(input) {
    var coming = false;
    input.addEventListener("focus", function () {
      coming = !!input.value;
      if (coming) input.select();
    });
    input.addEventListener("click", function () {
      if (coming && input.selectionStart === input.selectionEnd) input.select();
      coming = false;
    });
    input.addEventListener("input", function () { coming = false; });
    input.addEventListener("blur", function () { coming = false; });
  }
  // Whether a bid is off the form's steps ("60:1 100:5 :10": by 1 up to 60, by 5 up to 100,
  // then by 10; Layout.bid_steps, the rules' own), so the bid picker leaves it out.
  function offStep(steps, value) {
    for (var i = 0; i < steps.length; i++) {
      var part = steps[i].split(":"), upTo = part[0] ? parseInt(part[0], 10) : Infinity;
      if (value <= upTo) return value % parseInt(part[1], 10) !== 0;
    }
    return false;
  }
  function atEnd(input) {
    return input.selectionStart === input.selectionEnd && input.selectionEnd === input.value.length;
  }

  // The hand form. Its derived parts (the chips' sum, the worked-out trick points, the bid's
  // buttons, "took a trick") are shown again by hand.skRefresh() after a script writes the
  // fields (a draft restored, the form cleared).
  function handForm(hand) {
    var inputs = $all(hand, "input");
    $all(hand, "input[inputmode=numeric]").forEach(selectFilled);
    var nextField = function (from) {
      var after = inputs.slice(inputs.indexOf(from) + 1);
      for (var i = 0; i < after.length; i++) {
        if (typeable(after[i]) && !after[i].dataset.auto) return after[i];
      }
      return null;
    };

    // Meld: the number typed, or the chips tapped, whichever came last. The chips write their
    // sum in the number (shown before saving) and name the melds in the page's language.
    var meldBox = function (el) { return el.closest(".side"); };
    var showMelds = function (box) {
      var list = box.querySelector(".meld-list");
      var number = box.querySelector("input.meld");
      var sum = box.querySelector(".meld-sum");
      if (!list || !number) return;
      var names = [], points = 0;
      list.value.split(/[\s,;+]+/).forEach(function (id) {
        var chip = id && box.querySelector(".chip[data-meld='" + id + "']");
        if (!chip) return;
        names.push(chip.dataset.label);
        points += parseInt(chip.dataset.points, 10) || 0;
      });
      if (sum) {
        sum.textContent = names.length ? names.join(" + ") + " = " + points : "";
        sum.classList.toggle("empty", !names.length);
      }
      if (names.length) { number.value = String(points); number.dataset.chips = "1"; }
      else if (number.dataset.chips) { number.value = ""; delete number.dataset.chips; }
      partnersLine(box);
    };
    // A side's partners' line ("Ana 190 + Cruz 50 = 240") stands for the list the calculator
    // carried back: it goes once a chip or the number changes the side's meld.
    var partnersLine = function (box) {
      var line = box.querySelector(".meld-partners");
      var list = box.querySelector(".meld-list");
      var number = box.querySelector("input.meld");
      if (!line || !list || !number) return;
      line.hidden = list.value.trim() !== (line.dataset.list || "").trim() ||
        number.value.trim() !== (line.dataset.meld || "").trim();
    };
    $all(hand, ".chip[data-meld]").forEach(function (chip) {
      chip.addEventListener("click", function (event) {
        event.preventDefault();
        var box = meldBox(chip);
        var list = box.querySelector(".meld-list");
        var meld = chip.dataset.meld;
        list.value = meld ? (list.value.trim() + " " + meld).trim() : "";
        showMelds(box);
      });
    });
    $all(hand, "input.meld").forEach(function (number) {
      var box = meldBox(number);
      if (box.querySelector(".meld-list") && box.querySelector(".meld-list").value.trim() && !number.value.trim()) showMelds(box);
      number.addEventListener("input", function () {
        var list = box.querySelector(".meld-list");
        if (list && list.value) { list.value = ""; delete number.dataset.chips; showMelds(box); }
        delete number.dataset.chips;
        partnersLine(box);
      });
      selectOnTap(number, function () { return !!number.dataset.chips; });
    });
    hand.addEventListener("submit", function () {
      // A number that only shows the chips' sum is not sent: the list is (the record keeps it).
      $all(hand, "input.meld").forEach(function (number) {
        var list = meldBox(number).querySelector(".meld-list");
        if (number.dataset.chips && list && list.value.trim()) number.value = "";
      });
    });

    // The last side's trick points: what is left of the counting's total, written in the one
    // field nobody typed in. A field the user edits is his from then on (cleared, it stays
    // clear); a tap on a worked-out value selects it, so typing replaces it.
    var total = parseInt(hand.dataset.total || "", 10);
    var tricks = $all(hand, "input.tricks");
    var skipTab = null;
    if (total && tricks.length > 1) {
      var fill = function (changed) {
        var open = tricks.filter(function (t) { return !t.dataset.typed && t !== changed; });
        if (open.length !== 1) return;
        var sum = 0, ok = true;
        tricks.forEach(function (t) {
          if (t === open[0]) return;
          var v = num(t); if (v === null) { ok = false; } else { sum += v; }
        });
        if (ok && sum <= total) { open[0].value = String(total - sum); open[0].dataset.auto = "1"; }
        else if (open[0].dataset.auto) { open[0].value = ""; }
      };
      tricks.forEach(function (input) {
        selectOnTap(input, function () { return !!input.dataset.auto; });
        input.addEventListener("input", function (event) {
          delete input.dataset.auto;
          input.dataset.typed = input.value.trim() ? "1" : "";
          fill(input);
          // A value that no further digit can make valid is complete: on to the next field
          // (a Tab pressed out of habit right after it does not skip a second field). Only
          // with the caret at the end of it: a digit put in front of or inside a number
          // (a correction) is not the end of the typing.
          var v = num(input);
          var typing = !event.inputType || event.inputType === "insertText";
          if (typing && v !== null && (v === 0 || v * 10 > total) && atEnd(input)) {
            var next = nextField(input);
            if (next) { next.focus(); skipTab = next; }
          }
        });
      });
      tricks.forEach(function (input) {
        if (input.value.trim()) input.dataset.typed = "1";
      });
    }
    hand.addEventListener("keydown", function (event) {
      if (event.key === "Tab" && !event.shiftKey && skipTab && event.target === skipTab) {
        event.preventDefault();
      }
      skipTab = null;
    });

    // "Took a trick" matters only with 0 trick points: shown then (always without script).
    $all(hand, ".side:not(.player-meld) .took").forEach(function (took) {
      var box = took.closest(".side");
      var points = box.querySelector("input.tricks");
      var box2 = took.querySelector("input");
      if (!points) return;
      var update = function () { took.hidden = !(box2.checked || points.value.trim() === "0"); };
      points.addEventListener("input", update);
      hand.addEventListener("input", update);
      update();
    });

    // The bid: a round bid in one tap, its tens in a second; the stepper for the rest.
    var bid = hand.querySelector("input.bid-input");
    var quick = hand.querySelector(".quick");
    var mark = null;
    if (bid) {
      var low = quick ? parseInt(quick.dataset.min, 10) || 0 : 0;
      var high = quick ? parseInt(quick.dataset.max, 10) || 0 : 0;
      var unit = quick ? parseInt(quick.dataset.unit, 10) || 100 : 100;
      var steps = quick ? (quick.dataset.steps || "").split(" ").filter(Boolean) : [];
      var showHundred = function (hundred) {
        if (!quick) return;
        quick.dataset.hundred = String(hundred);
        $all(quick, "[data-ten]").forEach(function (chip) {
          var value = hundred + parseInt(chip.dataset.ten, 10);
          chip.textContent = String(value);
          // The minimum has its own chip; a bid off the form's steps is none (the rules say so).
          chip.hidden = value <= low || (high && value > high) || offStep(steps, value);
        });
      };
      mark = function () {
        var v = num(bid);
        if (v !== null) showHundred(Math.floor(v / unit) * unit);
        $all(hand, ".quick .chip").forEach(function (chip) {
          chip.classList.toggle("on", chip.textContent.trim() === String(v));
        });
      };
      var setBid = function (value) { bid.value = String(value); mark(); };
      $all(hand, "[data-step]").forEach(function (button) {
        button.addEventListener("click", function () {
          var v = (num(bid) || low) + parseInt(button.dataset.step, 10);
          setBid(Math.max(low, high ? Math.min(high, v) : v));
        });
      });
      $all(hand, "[data-bid]").forEach(function (button) {
        button.addEventListener("click", function () { setBid(parseInt(button.dataset.bid, 10)); });
      });
      $all(hand, "[data-ten]").forEach(function (button) {
        button.addEventListener("click", function () { setBid(parseInt(button.textContent, 10)); });
      });
      bid.addEventListener("input", mark);
      selectOnTap(bid, function () { return true; });
      mark();
    }

    // The bidder's team is marked; a bidder picked after "all passed" means the hand was bid.
    var markTeam = function (radio) {
      $all(hand, ".side[data-players], .team[data-players]").forEach(function (box) {
        box.classList.toggle("bidding", box.dataset.players.split("|").indexOf(radio.value) >= 0);
      });
    };
    $all(hand, ".bidder input").forEach(function (radio) {
      radio.addEventListener("change", function () {
        markTeam(radio);
        var passed = hand.querySelector("input[value=all_pass]:checked");
        if (passed) {
          passed.checked = false;
          var played = hand.querySelector(".how-played input[value=played]");
          if (played) played.checked = true;
        }
      });
    });

    // After the trump the typing starts (the first number), unless a choice still waits
    // between them (the outcome of an auction in units: its buttons stay in view).
    $all(hand, ".trump input").forEach(function (radio) {
      radio.addEventListener("change", function () {
        var trump = radio.closest("fieldset");
        var waiting = $all(hand, "fieldset.picks").some(function (group) {
          return (trump.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING) &&
            !group.querySelector("input:checked");
        });
        if (waiting) return;
        var first = hand.querySelector(".side input.meld, .side input[inputmode=numeric]");
        if (first) first.focus();
      });
    });

    hand.skRefresh = function () {
      $all(hand, "input.meld").forEach(function (number) {
        delete number.dataset.chips;
        showMelds(meldBox(number));
      });
      tricks.forEach(function (t) { t.dataset.typed = t.value.trim() && !t.dataset.auto ? "1" : ""; });
      if (bid) mark();
      $all(hand, ".bidder input:checked").forEach(markTeam);
      hand.dispatchEvent(new Event("input"));  // "took a trick" follows the points
    };

    // The preview before Save (issue 26): after a pause in the typing the form as it stands is
    // posted to the server, which answers the hand as the rules will count it
    // (scorekeeper/matches/preview.py; the rules stay there, never copied here). A refused or
    // unfinished entry answers nothing, and nothing is shown.
    var out = hand.querySelector("[data-preview-out]");
    if (out && hand.dataset.preview && window.fetch && window.FormData) {
      var timer = null, asked = 0;
      var ask = function () {
        var mine = ++asked;
        fetch(hand.dataset.preview, {
          method: "POST", body: new FormData(hand), credentials: "same-origin", cache: "no-store"
        }).then(function (answer) { return answer.ok ? answer.text() : ""; })
          .catch(function () { return ""; })
          .then(function (html) { if (mine === asked) out.innerHTML = html; });
      };
      var later = function () { clearTimeout(timer); timer = setTimeout(ask, 300); };
      ["input", "change", "click"].forEach(function (type) { hand.addEventListener(type, later); });
      hand.addEventListener("submit", function () { clearTimeout(timer); asked++; });
    }

    // A refused entry: the first field to fix is brought into view.
    if (document.getElementById("refused")) {
      var bad = hand.querySelector(".invalid, .error");
      if (bad) bad.scrollIntoView({ block: "center" });
    }
  }

  SK.onPage(function (root) {
    var hand = root.getElementById("hand-form");
    if (hand) handForm(hand);
  });
})();
