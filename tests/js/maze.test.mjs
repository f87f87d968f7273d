// The maze's geometry (static/maze.js): which slots to show, the view box that fits them, zooming.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { CH, CW } from "../../saboteur/web/static/cards.js";
import { PX, PY, contentBounds, fitBox, zoomBox } from "../../saboteur/web/static/maze.js";

const close = (actual, expected) => {
  for (const k of Object.keys(expected)) assert.ok(Math.abs(actual[k] - expected[k]) < 1e-9, `${k}: ${actual[k]} != ${expected[k]}`);
};

describe("contentBounds", () => {
  const atLeast = { x0: 0, x1: 8, y0: -2, y1: 2 };
  test("an empty classic maze shows at least the start and the goals' columns", () => {
    assert.deepEqual(contentBounds({}, [], [], atLeast), atLeast);
  });
  test("grows with cells and targets beyond that", () => {
    const cells = [{ x: -3, y: 0 }, { x: 9, y: 4 }];
    assert.deepEqual(contentBounds({}, [{ x: 2, y: -5 }], cells, atLeast), { x0: -3, x1: 9, y0: -5, y1: 4 });
  });
  test("without a floor, just the cells and targets", () => {
    assert.deepEqual(contentBounds({}, [{ x: 2, y: 1 }], [{ x: 0, y: 0 }]), { x0: 0, x1: 2, y0: 0, y1: 1 });
    assert.deepEqual(contentBounds({}, [], []), { x0: 0, x1: 0, y0: 0, y1: 0 });
  });
  test("the view's own bounds win (the Duel's fixed table), else its board's", () => {
    const cells = [{ x: 20, y: 20 }];
    assert.deepEqual(contentBounds({ bounds: [-1, 5, -2, 6] }, [{ x: 30, y: 30 }], cells, atLeast), { x0: -1, x1: 5, y0: -2, y1: 6 });
    assert.deepEqual(contentBounds({ board: { bounds: [-1, 3, -2, 2] } }, [], cells), { x0: -1, x1: 3, y0: -2, y1: 2 });
  });
});

describe("fitBox", () => {
  test("frames the slots with a margin", () => {
    const box = fitBox({ x0: 0, x1: 8, y0: -2, y1: 2 });
    close(box, { x: -0.3 * PX, y: -2 * PY - 0.25 * PY, w: 9 * PX + 0.6 * PX, h: 5 * PY + 0.5 * PY });
  });
  test("one slot is one card and its margins", () => {
    const box = fitBox({ x0: 3, x1: 3, y0: -1, y1: -1 });
    close(box, { x: 3 * PX - 0.3 * PX, y: -PY - 0.25 * PY, w: 1.6 * PX, h: 1.5 * PY });
    assert.ok(box.w > CW && box.h > CH);
  });
});

describe("zoomBox", () => {
  const vb = { x: 0, y: 0, w: 10 * PX, h: 5 * PY };
  test("zooming in around the centre keeps the centre", () => {
    const out = zoomBox(vb, 0.5, 5 * PX, 2.5 * PY);
    close(out, { x: 2.5 * PX, y: 1.25 * PY, w: 5 * PX, h: 2.5 * PY });
  });
  test("the point zoomed around stays at the same place in the box", () => {
    const [px, py] = [2 * PX, 4 * PY];
    const out = zoomBox(vb, 1.7, px, py);
    close({ fx: (px - out.x) / out.w, fy: (py - out.y) / out.h }, { fx: (px - vb.x) / vb.w, fy: (py - vb.y) / vb.h });
  });
  test("keeps the aspect ratio", () => {
    const out = zoomBox(vb, 0.8, 0, 0);
    close({ r: out.w / out.h }, { r: vb.w / vb.h });
  });
  test("stops at 2 slots wide when zooming in and 60 when zooming out", () => {
    close(zoomBox(vb, 0.01, 0, 0), { w: 2 * PX, h: PY });
    close(zoomBox(vb, 100, 0, 0), { w: 60 * PX, h: 30 * PY });
    const tiny = { x: 0, y: 0, w: 2 * PX, h: PY };
    assert.deepEqual(zoomBox(tiny, 0.5, PX, PY / 2), tiny);
  });
});
