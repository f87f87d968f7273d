// The arrow keys of the game window (keys.js): the step through a list, and which element gets the
// focus, on stand-ins for the page's elements.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { moveFocus, stepIndex } from "../../saboteur/web/static/keys.js";

/** A stand-in element inside `within` (a selector), matching `kind`, at maze slot `slot`. */
function node(within, kind, slot = null) {
  const el = {
    focused: false,
    dataset: slot ? { slot } : {},
    closest: (sel) => (sel === within ? {} : null),
    matches: (sel) => sel === kind,
    focus() {
      el.focused = true;
    },
  };
  return el;
}

const page = (lists) => ({ querySelectorAll: (sel) => lists[sel] ?? [] });

describe("arrow keys", () => {
  test("a step goes round the ends; from nothing to the first or the last; none in an empty list", () => {
    assert.equal(stepIndex(3, 0, 1), 1);
    assert.equal(stepIndex(3, 2, 1), 0);
    assert.equal(stepIndex(3, 0, -1), 2);
    assert.equal(stepIndex(3, -1, 1), 0);
    assert.equal(stepIndex(3, -1, -1), 2);
    assert.equal(stepIndex(0, -1, 1), -1);
  });

  test("left and right go through the hand, up and down through the card menu", () => {
    const cards = [0, 1, 2].map(() => node("#hand", "button"));
    const doc = page({ "#hand button": cards });
    assert.equal(moveFocus(cards[2], "ArrowRight", doc), true);
    assert.equal(cards[0].focused, true);
    assert.equal(moveFocus(cards[0], "ArrowUp", doc), false); // not the hand's keys
    const lines = [0, 1].map(() => node("#card-menu", "button"));
    const menu = page({ "#card-menu button:not([disabled])": lines });
    assert.equal(moveFocus(lines[0], "ArrowDown", menu), true);
    assert.equal(lines[1].focused, true);
  });

  test("in the maze, an arrow goes to the nearest highlighted place that way", () => {
    const slots = ["0,0", "1,0", "5,0", "1,1"].map((s) => node(null, ".maze .target", s));
    const doc = page({ ".maze .target": slots });
    assert.equal(moveFocus(slots[0], "ArrowRight", doc), true);
    assert.equal(slots[1].focused && !slots[2].focused, true);
    moveFocus(slots[1], "ArrowDown", doc);
    assert.equal(slots[3].focused, true);
    assert.equal(moveFocus(slots[0], "ArrowLeft", doc), true); // an arrow key, nowhere to go
    assert.equal(slots.filter((s) => s.focused).length, 2);
  });
});
