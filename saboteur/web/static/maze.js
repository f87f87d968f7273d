// The maze as one SVG in layers (grid, cards, pieces, markers, targets): what goes on the cards,
// pieces and markers layers comes from the ruleset's adapter (the generic one draws view.board);
// targets come with their slots. Pan (drag) and zoom (wheel, pinch, buttons, + / - keys).

import { CH, CW, el, svgNodes } from "./cards.js";

const GAP = 2; // space between cards
export const PX = CW + GAP; // one slot's step in maze units, across …
export const PY = CH + GAP; // … and down

const key = (x, y) => `${x},${y}`;

/**
 * The slots to show, {x0, x1, y0, y1} inclusive: the view's own bounds (or its board's) if it has
 * them, else every cell and target, and at least the slots of `atLeast` if given.
 */
export function contentBounds(view, targets, cells, atLeast = null) {
  const bounds = view.bounds ?? view.board?.bounds;
  if (bounds) {
    const [x0, x1, y0, y1] = bounds;
    return { x0, x1, y0, y1 };
  }
  const xs = atLeast ? [atLeast.x0, atLeast.x1] : [];
  const ys = atLeast ? [atLeast.y0, atLeast.y1] : [];
  for (const c of [...cells, ...targets]) {
    xs.push(c.x);
    ys.push(c.y);
  }
  if (!xs.length) return { x0: 0, x1: 0, y0: 0, y1: 0 };
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

/** The view box showing the slots of `bounds`, with a margin of 0.3 of a slot across and 0.25 down. */
export function fitBox(bounds) {
  const mx = PX * 0.3;
  const my = PY * 0.25;
  return {
    x: bounds.x0 * PX - mx,
    y: bounds.y0 * PY - my,
    w: (bounds.x1 - bounds.x0 + 1) * PX + 2 * mx,
    h: (bounds.y1 - bounds.y0 + 1) * PY + 2 * my,
  };
}

/**
 * The view box `vb` zoomed by `f` (<1 zooms in) around the point (px, py), which stays where it is
 * on screen; the width stays between 2 and 60 slots.
 */
export function zoomBox(vb, f, px, py) {
  const w = Math.min(Math.max(vb.w * f, PX * 2), PX * 60);
  const k = w / vb.w;
  return { x: px - (px - vb.x) * k, y: py - (py - vb.y) * k, w, h: vb.h * k };
}

/** One drawn thing ({x, y, markup, title, cls, data}) as a group at its slot. */
function placed(item) {
  const g = el("g", { class: item.cls ?? "item", transform: `translate(${item.x * PX} ${item.y * PY})`, "data-slot": key(item.x, item.y) });
  for (const [name, value] of Object.entries(item.data ?? {})) if (value != null) g.dataset[name] = String(value);
  g.append(...svgNodes(item.markup));
  if (item.title) {
    const title = el("title");
    title.textContent = item.title;
    g.prepend(title);
  }
  return g;
}

/** A target on one spot of a card (a field, an edge): a ring there, with its badge if any. */
function spotNodes(target) {
  const [cx, cy] = target.spot;
  const nodes = [el("circle", { cx, cy, r: 9, class: "target-spot" })];
  if (target.badge) {
    const [bx, by] = [cx + 9, cy - 9]; // beside the ring: what stands on the spot stays in sight
    nodes.push(el("rect", { x: bx - 6, y: by - 5.5, width: 12, height: 11, rx: 5.5, class: "target-badge-bg" }));
    const badge = el("text", { x: bx, y: by + 3.5, "text-anchor": "middle", class: "target-badge" });
    badge.textContent = target.badge;
    nodes.push(badge);
  }
  return nodes;
}

export class MazeView {
  /**
   * @param {HTMLElement} host   element to draw into
   * @param {(actions: string[], target: object) => void} onTarget   called with the actions of a chosen target
   */
  constructor(host, onTarget) {
    this.host = host;
    this.onTarget = onTarget;
    this.svg = el("svg", { class: "maze", role: "group", preserveAspectRatio: "xMidYMid meet" });
    this.svg.setAttribute("aria-label", "maze");
    this.layers = { grid: el("g"), cards: el("g"), pieces: el("g"), markers: el("g"), targets: el("g") };
    for (const [name, layer] of Object.entries(this.layers)) layer.setAttribute("class", `layer-${name}`);
    this.svg.append(...Object.values(this.layers));
    host.append(this.svg);
    this.vb = { x: 0, y: 0, w: 10 * PX, h: 5 * PY };
    this.bounds = null;
    this.userMoved = false;
    this.lastGame = null;
    this.drawnCards = "";
    this.pointers = new Map();
    this.dragged = false;
    this.bindPointer();
  }

  /**
   * Draw the view: its cells, pieces and markers as the adapter `rules` gives them, and `targets`,
   * the clickable slots: {x, y, action, actions?, kind: "slot"|"card"|"goal", ghost?, label}; a target
   * with a `spot` ([x, y] on the card) is a ring there (a field, an edge) with its `badge`, and
   * its `data` become data attributes.
   */
  update(game, view, targets, rules, names) {
    if (this.lastGame !== game) {
      this.lastGame = game;
      this.userMoved = false;
    }
    const cells = rules.cells(view);
    const layers = { cards: cells, pieces: rules.pieces(view, names), markers: rules.markers(view) };
    const drawn = JSON.stringify([view.ruleset, layers]);
    if (drawn !== this.drawnCards) {
      this.drawnCards = drawn;
      for (const [name, items] of Object.entries(layers)) this.layers[name].replaceChildren(...items.map(placed));
    }
    this.drawTargets(targets, rules);
    const bounds = rules.bounds?.(view, targets, cells) ?? contentBounds(view, targets, cells, rules.atLeast);
    const changed = !this.bounds || Object.keys(bounds).some((k) => bounds[k] !== this.bounds[k]);
    this.bounds = bounds;
    if (changed) this.drawGrid();
    if (changed && !this.userMoved) this.fit();
  }

  drawGrid() {
    const b = this.bounds;
    const dots = [];
    for (let x = b.x0; x <= b.x1; x += 1) {
      for (let y = b.y0; y <= b.y1; y += 1) {
        dots.push(
          `<rect x="${x * PX + 3}" y="${y * PY + 3}" width="${CW - 6}" height="${CH - 6}" rx="5" class="slot-bg"/>`,
        );
      }
    }
    this.layers.grid.replaceChildren(...svgNodes(dots.join("")));
  }

  drawTargets(targets, rules) {
    const targetsKey = JSON.stringify(targets);
    if (targetsKey === this.targetsKey) return;
    this.targetsKey = targetsKey;
    const focused = document.activeElement?.closest?.(".target")?.dataset.action;
    const nodes = targets.map((target) => {
      const g = el("g", {
        class: `target target-${target.kind}`,
        transform: `translate(${target.x * PX} ${target.y * PY})`,
        tabindex: "0",
        role: "button",
        "data-action": target.action,
        "data-slot": key(target.x, target.y),
      });
      g.setAttribute("aria-label", target.label);
      if (target.actions?.length > 1) g.dataset.choices = String(target.actions.length);
      if (target.ghost) {
        const ghost = el("g", { class: "ghost" });
        ghost.append(...svgNodes(rules.cardMarkup(target.ghost, 3)));
        g.append(ghost);
      }
      for (const [name, value] of Object.entries(target.data ?? {})) g.dataset[name] = String(value);
      if (target.spot) g.append(...spotNodes(target));
      else g.append(el("rect", { x: 2, y: 2, width: CW - 4, height: CH - 4, rx: 6, class: "target-frame" }));
      const choose = (event) => {
        event.preventDefault();
        event.stopPropagation();
        this.onTarget(target.actions ?? [target.action], target);
      };
      g.addEventListener("click", (event) => {
        if (!this.dragged) choose(event);
      });
      g.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") choose(event);
      });
      return g;
    });
    this.layers.targets.replaceChildren(...nodes);
    if (focused) {
      const again = nodes.find((n) => n.dataset.action === focused);
      again?.focus({ preventScroll: true });
    }
  }

  fit() {
    const b = this.bounds;
    if (!b) return;
    this.userMoved = false;
    this.vb = fitBox(b);
    this.apply();
  }

  apply() {
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  }

  /** Zoom by factor f (<1 zooms in) around the point (px, py) in maze units (default: centre). */
  zoom(f, px = this.vb.x + this.vb.w / 2, py = this.vb.y + this.vb.h / 2) {
    this.vb = zoomBox(this.vb, f, px, py);
    this.userMoved = true;
    this.apply();
  }

  pan(dx, dy) {
    this.vb.x += dx;
    this.vb.y += dy;
    this.userMoved = true;
    this.apply();
  }

  unitsPerPixel() {
    const r = this.svg.getBoundingClientRect();
    return Math.max(this.vb.w / (r.width || 1), this.vb.h / (r.height || 1));
  }

  toMaze(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return [this.vb.x, this.vb.y];
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  bindPointer() {
    const svg = this.svg;
    svg.addEventListener(
      "wheel",
      (event) => {
        event.preventDefault();
        const [px, py] = this.toMaze(event.clientX, event.clientY);
        this.zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, px, py);
      },
      { passive: false },
    );
    svg.addEventListener("pointerdown", (event) => {
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, x0: event.clientX, y0: event.clientY });
      this.dragged = false;
    });
    svg.addEventListener("pointermove", (event) => {
      const p = this.pointers.get(event.pointerId);
      if (!p) return;
      if (this.pointers.size === 1) {
        if (!this.dragged && Math.hypot(event.clientX - p.x0, event.clientY - p.y0) < 8) return;
        if (!this.dragged) svg.setPointerCapture?.(event.pointerId);
        this.dragged = true;
        const k = this.unitsPerPixel();
        this.pan((p.x - event.clientX) * k, (p.y - event.clientY) * k);
      } else if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        const before = Math.hypot(a.x - b.x, a.y - b.y);
        p.x = event.clientX;
        p.y = event.clientY;
        const after = Math.hypot(a.x - b.x, a.y - b.y);
        if (before > 0 && after > 0) {
          const [px, py] = this.toMaze((a.x + b.x) / 2, (a.y + b.y) / 2);
          this.zoom(before / after, px, py);
        }
        this.dragged = true;
        return;
      }
      p.x = event.clientX;
      p.y = event.clientY;
    });
    const end = (event) => {
      this.pointers.delete(event.pointerId);
      // a click event follows pointerup: forget the drag just after it
      setTimeout(() => {
        if (!this.pointers.size) this.dragged = false;
      }, 0);
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("keydown", (event) => {
      const step = PX / 2;
      const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (event.target !== svg) return;
      if (event.key === "+" || event.key === "=") this.zoom(1 / 1.2);
      else if (event.key === "-") this.zoom(1.2);
      else if (moves[event.key]) this.pan(...moves[event.key]);
      else return;
      event.preventDefault();
    });
    svg.setAttribute("tabindex", "0");
  }
}
