// The turn signalled, not chatted: when the turn comes to me the window says so (title, bar, one
// quiet line of the event log), and, if the player turned them on, a short tone (Web Audio, no
// file) and a browser notification while the tab is hidden. The settings live in localStorage.

export const SOUND_KEY = "saboteur.turnSound";
export const NOTIFY_KEY = "saboteur.turnNotify";

/** The saved settings (both off unless the player turned them on). */
export function readSettings(storage) {
  return { sound: storage?.getItem(SOUND_KEY) === "on", notify: storage?.getItem(NOTIFY_KEY) === "on" };
}

/** Remember one setting ("sound" or "notify"). */
export function saveSetting(storage, name, on) {
  storage?.setItem(name === "sound" ? SOUND_KEY : NOTIFY_KEY, on ? "on" : "off");
}

/**
 * Whether the turn has just come to me: the same game was shown before and it was not my turn
 * then (a game opened, reloaded or replayed rings nothing).
 * @param {{game: number, mine: boolean} | null} before
 * @param {{game: number, mine: boolean, replay?: boolean}} now
 */
export function becameMine(before, now) {
  return Boolean(now.mine && !now.replay && before && before.game === now.game && !before.mine);
}

/** What to do when the turn comes to me: "sound" and/or "notify" (only while the tab is hidden,
 * and only if the browser allowed it). */
export function signalsFor(settings, hidden, permission) {
  const out = [];
  if (settings.sound) out.push("sound");
  if (settings.notify && hidden && permission === "granted") out.push("notify");
  return out;
}

/** The tone: two short rising notes (frequency in Hz, start and length in seconds). */
export const NOTES = [
  { freq: 660, at: 0, length: 0.12 },
  { freq: 880, at: 0.14, length: 0.16 },
];

/** Play the tone on an AudioContext (quietly: a soft attack and release, no click). */
export function playTone(ctx) {
  const start = ctx.currentTime + 0.01;
  for (const note of NOTES) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = note.freq;
    const t0 = start + note.at;
    gain.gain.setValueAtTime(0, t0);
    gain.gain.linearRampToValueAtTime(0.2, t0 + 0.02);
    gain.gain.linearRampToValueAtTime(0, t0 + note.length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + note.length + 0.02);
  }
}

/**
 * The two checkboxes of the game bar (#turn-sound, #turn-notify) and the signals themselves.
 * `toast(text)` says why notifications stay off (not allowed, or not in this browser).
 */
export class TurnSignal {
  constructor(root, toast, t) {
    this.toast = toast;
    this.t = t;
    this.audio = null;
    this.settings = readSettings(globalThis.localStorage);
    this.sound = root.querySelector("#turn-sound");
    this.notify = root.querySelector("#turn-notify");
    this.sound.checked = this.settings.sound;
    this.notify.checked = this.settings.notify && globalThis.Notification?.permission === "granted";
    this.sound.addEventListener("change", () => this.set("sound", this.sound.checked));
    this.notify.addEventListener("change", () => this.askNotify());
    // a browser starts audio only after a gesture: wake the context at the first one
    const wake = () => this.settings.sound && this.context()?.resume?.();
    root.addEventListener("pointerdown", wake, { once: true });
    root.addEventListener("keydown", wake, { once: true });
  }

  set(name, on) {
    this.settings[name] = on;
    saveSetting(globalThis.localStorage, name, on);
    if (name === "sound" && on) this.context()?.resume?.();
  }

  context() {
    const Audio = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!this.audio && Audio) this.audio = new Audio();
    return this.audio;
  }

  /** Turned on: ask the browser's permission now (never before); refused, it stays off. */
  async askNotify() {
    if (!this.notify.checked) {
      this.set("notify", false);
      return;
    }
    const N = globalThis.Notification;
    const permission = N ? (N.permission === "default" ? await N.requestPermission() : N.permission) : "unsupported";
    const on = permission === "granted";
    this.notify.checked = on;
    this.set("notify", on);
    if (!on) this.toast(this.t(N ? "alert.denied" : "alert.unsupported"));
  }

  /** The turn has come to me in `game` (its label for the notification's text). */
  ring(game, label) {
    const doc = globalThis.document;
    for (const signal of signalsFor(this.settings, doc?.visibilityState === "hidden", globalThis.Notification?.permission)) {
      if (signal === "sound") {
        const ctx = this.context();
        if (ctx) playTone(ctx);
      } else {
        const note = new globalThis.Notification(this.t("turn.title"), { body: label, tag: `saboteur-turn-${game}` });
        note.onclick = () => {
          globalThis.focus?.();
          note.close();
        };
      }
    }
  }
}
