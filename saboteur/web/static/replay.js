// Replays of finished games: every step's view of every seat (GET /api/games/{id}/replay, the
// server's patches applied here), played forward and back, by round, at a speed. The game window
// (game.js) draws each step with the ruleset's adapter, as it draws a game being played: the same
// maze, hand, players panel, event log in words and results panels, with every seat's hand and role
// shown (the game is over: nothing is secret). The pure functions are tested in tests/js/.

import { icon } from "./icons.js";
import { t } from "./i18n.js";
import { h } from "./lobby.js";

export const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 1200; // one step at speed 1

/** `before` with a patch of the server's applied (saboteur/engine/replays.py): [0, value],
 * [1, {key: patch}, removed keys], [2, {index: patch}], [3, items added]. `before` is not changed:
 * what the patch leaves alone is shared with it. */
export function applyPatch(before, patch) {
  const [kind, change] = patch;
  if (kind === 0) return change;
  if (kind === 1) {
    const removed = new Set(patch[2] ?? []);
    const out = {};
    for (const [key, value] of Object.entries(before ?? {})) if (!removed.has(key)) out[key] = value;
    for (const [key, inner] of Object.entries(change)) out[key] = applyPatch(before?.[key], inner);
    return out;
  }
  if (kind === 2) {
    const out = [...before];
    for (const [index, inner] of Object.entries(change)) out[Number(index)] = applyPatch(out[Number(index)], inner);
    return out;
  }
  if (kind === 3) return [...before, ...change];
  throw new Error(`not a patch: ${JSON.stringify(patch)}`);
}

/** A replay with its steps made whole: per step every seat's view, the round, the action and its
 * seat, and how many of the replay's events (`events`, all of them in order) have happened by then. */
export function expandReplay(data) {
  const events = [];
  let views = Array.from({ length: data.players }, () => null);
  const steps = data.steps.map((step) => {
    views = views.map((view, seat) => applyPatch(view, step.views[seat]));
    events.push(...step.events);
    return { views, round: step.round ?? null, action: step.action, seat: step.seat, eventsEnd: events.length };
  });
  return { ...data, steps, events };
}

/** The first step of each round, in order: [{round, step}] (one entry for a game without rounds). */
export function roundStarts(steps) {
  const out = [];
  steps.forEach((step, index) => {
    if (!out.length || out[out.length - 1].round !== step.round) out.push({ round: step.round, step: index });
  });
  return out;
}

/** The round a step belongs to (its entry of roundStarts). */
export function roundAt(starts, k) {
  let found = starts[0];
  for (const start of starts) if (start.step <= k) found = start;
  return found;
}

/** The seat a step is seen by: the one chosen (`choice`, a seat), else the one to act, else the one
 * who acted last, else seat 0. */
export function eyesAt(steps, k, choice = null) {
  if (Number.isInteger(choice)) return choice;
  const current = steps[k]?.views[0]?.current;
  if (Number.isInteger(current)) return current;
  for (let i = k; i > 0; i--) if (Number.isInteger(steps[i].seat)) return steps[i].seat;
  return 0;
}

/** A step number kept within the replay's `n` steps. */
export function clampStep(k, n) {
  return Math.max(0, Math.min(n - 1, Math.trunc(k) || 0));
}

/** Milliseconds between two steps played at `speed`. */
export function delayFor(speed) {
  return STEP_MS / speed;
}

/** The address that opens a game's replay (for sharing). */
export function replayLink(origin, game) {
  return `${origin}/replay/${game}`;
}

/** The replay player: its bar of controls, and the step it shows, drawn by the game window. */
export class ReplayViewer {
  /**
   * @param gameWindow the game window that draws a step
   * @param bar the element for the controls
   * @param options `share`: the address to share (null: none, as in a page saved as a file);
   *   `toast(text)`: tell the user something
   */
  constructor(gameWindow, bar, options = {}) {
    this.gw = gameWindow;
    this.bar = bar;
    this.options = options;
    this.data = null;
    this.k = 0;
    this.shown = -1;
    this.eyes = null;
    this.speed = 1;
    this.timer = null;
    this.epoch = 0;
  }

  get key() {
    return `replay-${this.data?.game ?? 0}`;
  }

  /** Show `data` (a replay as the server sends it) from its first step. */
  open(data, step = 0) {
    this.pause();
    this.data = expandReplay(data);
    this.starts = roundStarts(this.data.steps);
    this.k = clampStep(step, this.data.steps.length);
    this.shown = -1;
    this.eyes = null;
    this.epoch += 1;
    this.gw.resultsSeen.delete(this.key);
    this.gw.overShown.delete(this.key);
    this.build();
  }

  close() {
    this.pause();
    this.data = null;
    this.bar.hidden = true;
  }

  relabel() {
    this.epoch += 1;
    if (this.data) this.build();
  }

  /** Go to step `k`; `jump`: not one step on from the last one shown (no round panel on the way). */
  go(k, jump = false) {
    if (!this.data) return;
    const next = clampStep(k, this.data.steps.length);
    if (next !== this.shown + 1) jump = true;
    this.k = next;
    if (jump) this.jumped = true;
    this.show();
  }

  step(by) {
    this.pause();
    this.go(this.k + by);
  }

  play() {
    if (!this.data) return;
    if (this.k >= this.data.steps.length - 1) this.go(0);
    clearTimeout(this.timer);
    this.playing = true;
    const tick = () => {
      if (!this.playing) return;
      if (this.k >= this.data.steps.length - 1) {
        this.pause();
        return;
      }
      this.go(this.k + 1);
      if (this.gw.overlayFor === this.key) this.pause(); // a round's panel: read it first
      else this.timer = setTimeout(tick, delayFor(this.speed));
    };
    this.timer = setTimeout(tick, delayFor(this.speed));
    this.update();
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.data) this.update();
  }

  /** The game message the game window draws for the step shown. */
  message() {
    const step = this.data.steps[this.k];
    const eyes = eyesAt(this.data.steps, this.k, this.eyes);
    return {
      type: "game",
      game: this.key,
      seat: eyes,
      seq: this.k,
      names: this.data.names,
      summary: { bots: this.data.bots ?? null, away: [], clock: null },
      view: step.views[eyes],
      views: step.views,
      replay: true,
      replayOf: this.data.game ?? "",
      events: [],
    };
  }

  /** Draw the step: the game window, then the bar. */
  show() {
    if (!this.data) return;
    const msg = this.message();
    const view = msg.view;
    const gw = this.gw;
    if (this.jumped || this.k < this.shown) {
      // stepping back or jumping: the panels of what lies between are not shown again
      gw.resultsSeen.set(this.key, view.results?.length ?? 0);
      if (view.phase !== "over") {
        gw.overShown.delete(this.key); // the final panel again when the end is reached again
        if (gw.overlayFor === this.key) gw.closeOverlay();
      }
    }
    this.jumped = false;
    this.shown = this.k;
    const feed = { epoch: this.epoch, events: this.data.events.slice(0, this.data.steps[this.k].eventsEnd) };
    gw.render(msg, feed);
    document.title = `${this.data.game ? t("replay.title", { id: this.data.game }) : t("replay.label")} — ${t("app.title")}`;
    this.update();
  }

  /** Build the bar's controls (again after a change of language). */
  build() {
    const data = this.data;
    const button = (fkey, shape, label, onclick) => h("button", { class: "small", dataset: { fkey }, title: label, "aria-label": label, onclick }, typeof shape === "string" ? icon(shape) : shape);
    const n = data.steps.length;
    this.slider = h("input", { type: "range", min: "0", max: String(n - 1), value: String(this.k), class: "replay-slider", "aria-label": t("replay.step"), dataset: { fkey: "replay-slider" } });
    this.slider.addEventListener("input", () => {
      const k = Number(this.slider.value);
      this.pause();
      this.go(k);
    });
    this.counter = h("span", { class: "replay-count", "aria-live": "polite" });
    this.playButton = button("replay-play", "play", t("replay.play"), () => (this.playing ? this.pause() : this.play()));
    const rounds = h(
      "select",
      { class: "replay-round", "aria-label": t("replay.round"), dataset: { fkey: "replay-round" } },
      this.starts.map((start) => h("option", { value: String(start.step), text: start.round == null ? t("replay.start") : t("replay.roundN", { r: start.round }) })),
    );
    rounds.addEventListener("change", () => {
      const start = Number(rounds.value); // before pause() shows the round of the step on show
      this.pause();
      this.go(start, true);
    });
    this.rounds = rounds;
    const speed = h(
      "select",
      { class: "replay-speed", "aria-label": t("replay.speed"), dataset: { fkey: "replay-speed" } },
      SPEEDS.map((s) => h("option", { value: String(s), text: `${String(s).replace(".", t("replay.decimal"))}×`, selected: s === this.speed })),
    );
    speed.addEventListener("change", () => {
      this.speed = Number(speed.value);
      if (this.playing) this.play();
    });
    const eyes = h(
      "select",
      { class: "replay-eyes", "aria-label": t("replay.eyes"), dataset: { fkey: "replay-eyes" } },
      h("option", { value: "", text: t("replay.eyesTurn") }),
      data.names.map((name, seat) => h("option", { value: String(seat), text: name, selected: seat === this.eyes })),
    );
    eyes.addEventListener("change", () => {
      this.eyes = eyes.value === "" ? null : Number(eyes.value);
      this.show();
    });
    const parts = [
      h("b", { class: "replay-label", text: t("replay.label") }),
      h(
        "span",
        { class: "replay-steps", role: "group", "aria-label": t("replay.label") },
        button("replay-first", "first", t("replay.first"), () => {
          this.pause();
          this.go(0, true);
        }),
        button("replay-back", "back", t("replay.back"), () => this.step(-1)),
        this.playButton,
        button("replay-next", "next", t("replay.next"), () => this.step(1)),
        button("replay-last", "last", t("replay.last"), () => {
          this.pause();
          this.go(n - 1, true);
        }),
      ),
      this.slider,
      this.counter,
      h("label", { class: "replay-opt" }, h("span", { text: t("replay.round") }), rounds),
      h("label", { class: "replay-opt" }, h("span", { text: t("replay.speed") }), speed),
      h("label", { class: "replay-opt" }, h("span", { text: t("replay.eyes") }), eyes),
    ];
    const share = this.options.share?.(data.game);
    if (share) {
      parts.push(
        h("a", { class: "replay-link", href: share, dataset: { fkey: "replay-link" }, text: t("replay.link") }),
        button("replay-copy", h("span", { text: t("replay.copy") }), t("replay.copy"), () => {
          navigator.clipboard?.writeText(share).then(
            () => this.options.toast?.(t("replay.copied")),
            () => this.options.toast?.(share),
          );
        }),
      );
    }
    this.bar.replaceChildren(...parts);
    this.bar.hidden = false;
    this.update();
  }

  /** The bar's state: the step, the round, play or pause. */
  update() {
    if (!this.slider) return;
    const n = this.data.steps.length;
    this.slider.value = String(this.k);
    this.counter.textContent = t("replay.stepOf", { k: this.k, n: n - 1 });
    this.rounds.value = String(roundAt(this.starts, this.k).step);
    this.playButton.replaceChildren(icon(this.playing ? "pause" : "play"));
    const label = this.playing ? t("replay.pause") : t("replay.play");
    this.playButton.title = label;
    this.playButton.setAttribute("aria-label", label);
    this.playButton.setAttribute("aria-pressed", String(Boolean(this.playing)));
  }

  /** Arrow keys step, Home and End go to the first and last step; true if the key was one. */
  key(event) {
    if (!this.data || event.target.closest?.("input, select, textarea, .maze-host")) return false;
    const moves = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1), Home: () => this.go(0, true), End: () => this.go(this.data.steps.length - 1, true) };
    const move = moves[event.key];
    if (!move) return false;
    if (event.key === "Home" || event.key === "End") this.pause();
    move();
    return true;
  }
}
