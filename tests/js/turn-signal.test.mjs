// The turn signalled, not chatted (static/turn-signal.js): when it rings, what it does, the
// settings remembered, the tone played on an AudioContext.
import { test } from "node:test";
import assert from "node:assert/strict";

import { becameMine, NOTES, NOTIFY_KEY, playTone, readSettings, saveSetting, signalsFor, SOUND_KEY } from "../../saboteur/web/static/turn-signal.js";

class Storage {
  constructor() {
    this.items = new Map();
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    this.items.set(key, String(value));
  }
}

test("it rings when the turn comes to me in the game shown, not on opening, reloading or replaying", () => {
  assert.equal(becameMine({ game: 4, mine: false }, { game: 4, mine: true }), true);
  assert.equal(becameMine({ game: 4, mine: true }, { game: 4, mine: true }), false); // still mine (a walk's steps)
  assert.equal(becameMine({ game: 4, mine: true }, { game: 4, mine: false }), false);
  assert.equal(becameMine(null, { game: 4, mine: true }), false); // the window just opened
  assert.equal(becameMine({ game: 3, mine: false }, { game: 4, mine: true }), false); // another game
  assert.equal(becameMine({ game: 4, mine: false }, { game: 4, mine: true, replay: true }), false);
});

test("both signals are off until turned on, and the choice is remembered", () => {
  const storage = new Storage();
  assert.deepEqual(readSettings(storage), { sound: false, notify: false });
  assert.deepEqual(readSettings(undefined), { sound: false, notify: false });
  saveSetting(storage, "sound", true);
  assert.equal(storage.getItem(SOUND_KEY), "on");
  assert.deepEqual(readSettings(storage), { sound: true, notify: false });
  saveSetting(storage, "notify", true);
  saveSetting(storage, "sound", false);
  assert.equal(storage.getItem(NOTIFY_KEY), "on");
  assert.deepEqual(readSettings(storage), { sound: false, notify: true });
});

test("a notification only while the tab is hidden and the browser allowed it; the sound always when on", () => {
  const both = { sound: true, notify: true };
  assert.deepEqual(signalsFor(both, true, "granted"), ["sound", "notify"]);
  assert.deepEqual(signalsFor(both, false, "granted"), ["sound"]);
  assert.deepEqual(signalsFor(both, true, "denied"), ["sound"]);
  assert.deepEqual(signalsFor({ sound: false, notify: true }, true, "granted"), ["notify"]);
  assert.deepEqual(signalsFor({ sound: false, notify: false }, true, "granted"), []);
});

test("the tone is short rising notes that start and stop on the context's clock", () => {
  const made = [];
  const param = () => ({ value: 0, steps: [], setValueAtTime(v, at) { this.steps.push([v, at]); }, linearRampToValueAtTime(v, at) { this.steps.push([v, at]); } });
  const ctx = {
    currentTime: 5,
    destination: { name: "out" },
    createOscillator() {
      const osc = { frequency: param(), connect: (node) => node, start(at) { this.started = at; }, stop(at) { this.stopped = at; } };
      made.push(osc);
      return osc;
    },
    createGain() {
      const gain = { gain: param(), connect(node) { gain.to = node; return node; } };
      made.push(gain);
      return gain;
    },
  };
  playTone(ctx);
  const oscs = made.filter((n) => n.frequency);
  const gains = made.filter((n) => n.gain);
  assert.deepEqual(oscs.map((o) => o.frequency.value), NOTES.map((n) => n.freq));
  assert.ok(oscs[0].frequency.value < oscs[1].frequency.value);
  for (const [i, osc] of oscs.entries()) {
    assert.ok(osc.started >= 5 && osc.stopped > osc.started && osc.stopped - 5 < 0.5, `${osc.started}..${osc.stopped}`);
    assert.equal(gains[i].to, ctx.destination);
    assert.equal(gains[i].gain.steps.at(-1)[0], 0); // faded out: no click
  }
});
