// Drafts: what is typed into a hand form (the next hand, a correction) or the new-match form is
// kept on this phone as it is typed, one draft per form of each match, and put back after a
// reload, Back or a closed tab, until the form is sent; "Clear" empties the form. Without
// localStorage (private mode) the forms work as before.
"use strict";
(function () {
  var SK = window.scorekeeper;
  if (!SK || !SK.store) return;
  var store = SK.store, $all = SK.$all, K = SK.keys;
  var NOT_TYPED = SK.contract.notTyped;
  // A page that carries typing of its own (a tool's result, a clash) keeps it: a draft only
  // fills the fields it left blank.
  var CARRIED = SK.contract.carried.concat(SK.contract.clash ? [SK.contract.clash + "="] : []);
  function carries(search) {
    return search.replace(/^\?/, "").split("&").some(function (part) {
      return CARRIED.some(function (prefix) { return part.indexOf(prefix) === 0; });
    });
  }

  function keyOf(form) { return K.draft(form.getAttribute("action") || location.pathname); }
  function fields(form) {
    return $all(form, "input[name], select[name]").filter(function (el) {
      return NOT_TYPED.indexOf(el.name) < 0 && el.type !== "submit" && el.type !== "button";
    });
  }
  // Every value as a string: a radio group by the value picked ("" for none), a box "1" or "".
  function read(form) {
    var values = {}, auto = [];
    fields(form).forEach(function (el) {
      if (el.type === "radio") {
        if (el.checked || !(el.name in values)) values[el.name] = el.checked ? el.value : "";
      } else if (el.type === "checkbox") {
        values[el.name] = el.checked ? "1" : "";
      } else {
        values[el.name] = el.value;
        if (el.dataset.auto) auto.push(el.name);
      }
    });
    return { values: values, auto: auto };
  }
  function blank(form) {
    var given = {};
    try { given = JSON.parse(form.dataset.blank || "{}"); } catch (e) { given = {}; }
    var values = {};
    fields(form).forEach(function (el) {
      var b = given[el.name];
      if (el.type === "checkbox") values[el.name] = b ? "1" : "";
      else if (b !== undefined && b !== null) values[el.name] = String(b);
      else if (el.tagName === "SELECT") values[el.name] = el.options.length ? el.options[0].value : "";
      else values[el.name] = "";
    });
    return values;
  }
  function write(form, values, auto, onlyBlank) {
    var empty = onlyBlank ? blank(form) : null, now = onlyBlank ? read(form).values : null;
    fields(form).forEach(function (el) {
      if (!(el.name in values)) return;
      if (onlyBlank && now[el.name] !== empty[el.name]) return;
      var v = values[el.name];
      if (el.type === "radio") el.checked = el.value === v;
      else if (el.type === "checkbox") el.checked = !!v;
      else {
        el.value = v;
        if (auto && auto.indexOf(el.name) >= 0) el.dataset.auto = "1"; else delete el.dataset.auto;
      }
    });
    if (form.skRefresh) form.skRefresh();
  }
  function isBlank(form, values) {
    var empty = blank(form);
    return Object.keys(values).every(function (name) { return values[name] === empty[name]; });
  }
  // Which hand a draft was typed after: the hands stored when its form was made, and those
  // this phone keeps waiting to be sent (queue.js).
  function handOf(form) {
    var seen = form.querySelector("input[name=seen]"), page = form.dataset.page;
    if (!seen) return "";
    return SK.order.handAfter(seen.value, (page && store.get(K.queue(page))) || [], page && store.get(K.editing(page)));
  }

  // The page after a clash: how many hands the refused form had seen (its address says), or
  // null.
  function clashSeen() {
    var found = SK.contract.clash && new RegExp("[?&]" + SK.contract.clash + "=(\\d+)").exec(location.search);
    return found ? found[1] : null;
  }
  function count(text) { var n = parseInt(text, 10); return isNaN(n) ? null : n; }
  // A draft typed for a hand that another phone has stored since is "gone" (issue 26): it
  // keeps the hand it was typed for through every later save, until it is sent or cleared,
  // so it never comes back as a ready-made next hand, only with the note that says so.
  function gone(draft, form) {
    var was = count(draft && draft.hand), now = count(handOf(form));
    return was !== null && now !== null && was < now;
  }

  // A draft typed for a hand another phone has saved since comes back only by a tap (issue
  // 38): "Bring back what I typed" puts it in the form, which is left blank until then.
  function offer(form, draft) {
    var button = form.querySelector("[data-bring-back]"), row = form.querySelector("[data-bring-back-row]");
    if (!button || !row) return false;
    button.hidden = row.hidden = !draft;
    button.onclick = !draft ? null : function () {
      delete form.dataset.goneKept;
      button.hidden = row.hidden = true;
      write(form, draft.values, draft.auto, false);
      var note = form.querySelector("[data-draft-note]");
      if (note && note.dataset.said) note.textContent = note.dataset.said;  // save only if another
    };
    return true;
  }

  // The page after a clash keeps, not fills in, what was typed for a hand another phone
  // saved meanwhile (scorekeeper/web/page.py typing_withheld): that typing, as a draft of the
  // hand it was typed for (its link, for a page without this script, gives way to the form's).
  function withheld(root) {
    var link = root.querySelector("[data-bring-back-link]"), seen = clashSeen();
    if (!link || seen === null) return null;
    link.hidden = true;
    return { values: JSON.parse(link.dataset.typed), auto: [], hand: seen, gone: true };
  }

  SK.drafts = {
    key: keyOf,
    read: read,
    write: write,
    save: function (form) {
      var now = read(form), key = keyOf(form), old = store.get(key);
      // A draft kept for a hand another phone saved, not brought back: it stays as it is (new
      // typing beside it would replace it: the form then holds the next hand's).
      if (form.dataset.goneKept) {
        if (isBlank(form, now.values)) return;
        delete form.dataset.goneKept;
        offer(form, null);
        old = null;
      }
      if (isBlank(form, now.values)) { store.drop(key); return; }
      var hand = handOf(form), clash = clashSeen();
      if (old && old.gone && gone(old, form)) hand = String(old.hand);
      else if (clash !== null && count(clash) < count(hand)) hand = clash;  // typed for it
      var draft = { values: now.values, auto: now.auto, hand: hand };
      if (gone(draft, form)) draft.gone = true;
      store.set(key, draft);
    },
    // Sent: a draft kept for a hand saved since, not brought back, was not what was sent.
    drop: function (form) { if (!form.dataset.goneKept) store.drop(keyOf(form)); },
    clear: function (form) {
      write(form, blank(form), [], false);
      store.drop(keyOf(form));
      delete form.dataset.goneKept;
      offer(form, null);
      $all(form, "[data-draft-note]").forEach(function (note) { note.hidden = true; });
    }
  };

  SK.onPage(function (root) {
    $all(root, "form#hand-form, form.newmatch").forEach(function (form) {
      var key = keyOf(form);
      var refused = form.querySelector(".invalid, .error") || root.getElementById("refused") ||
        root.getElementById("clash");
      var draft = store.get(key), typed = withheld(root);
      if (typed) {
        draft = typed;
        store.set(key, draft);
      }
      // A blank form sent beside a draft kept for a hand saved since, refused: still kept.
      var blankBeside = refused && !typed && draft && draft.gone && isBlank(form, read(form).values);
      if (refused && !typed && !blankBeside) {
        SK.drafts.save(form);  // what came back refused is the draft now
      } else if (draft && draft.values) {
        var note = form.querySelector("[data-draft-note]"), next = form.getAttribute("action") === form.dataset.page + "/hands";
        var isGone = gone(draft, form);
        // Typed for a hand another phone has stored since: kept, and offered by a tap (a
        // correction's form is filled in as before: it is that hand's own).
        var kept = isGone && next && (!!typed || !carries(location.search)) && offer(form, draft);
        if (kept) form.dataset.goneKept = "1";
        else write(form, draft.values, draft.auto, carries(location.search));
        if (isGone) {
          if (!draft.gone) { draft.gone = true; store.set(key, draft); }
          // Said as the clash says it.
          if (note && note.dataset.gone && next) {
            note.dataset.said = note.dataset.gone.replace("{n}", String(count(draft.hand) + 1));
            note.textContent = kept ? note.dataset.goneKept.replace("{n}", String(count(draft.hand) + 1)) : note.dataset.said;
          }
          if (note) note.hidden = false;
        } else if (note && draft.hand !== undefined && String(draft.hand) !== String(handOf(form))) {
          note.hidden = false;  // typed before the match moved on: check it
        }
      }
      var later = null;
      var keep = function () {
        clearTimeout(later);
        later = setTimeout(function () { if (!form.dataset.sent) SK.drafts.save(form); }, 0);
      };
      form.addEventListener("input", keep);
      form.addEventListener("change", keep);
      form.addEventListener("click", keep);  // chips, the bid's buttons
      form.addEventListener("submit", function (event) {
        var by = event.submitter;
        if (event.defaultPrevented || (by && by.name === "chip")) return;
        SK.drafts.drop(form);  // sent: the answer shows it, or gives it back refused
      });
      $all(form, "[data-clear]").forEach(function (button) {
        button.addEventListener("click", function () {
          SK.drafts.clear(form);
          form.dispatchEvent(new CustomEvent("sk:cleared"));
        });
      });
    });
  });
})();
