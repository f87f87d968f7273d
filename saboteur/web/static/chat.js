// The chat panel: one list of lines (global, whispers, game tables) and a form with a channel choice.
// Every text from the network is set with textContent: a chat line can never become HTML.

import { getLang, serverLine, t } from "./i18n.js";
import { timeIn } from "./lang.js";

const MAX_LINES = 300;

/** Which history a line belongs to: "global", "whisper", or its game's id. */
export function lineKind(line) {
  if (line.channel === "game") return line.game;
  return line.channel;
}

/** `lines` with the history of one kind replaced by `added`, oldest first (by `at`). */
export function mergeHistory(lines, kind, added) {
  const out = lines.filter((line) => lineKind(line) !== kind).concat(added);
  return out.sort((a, b) => (a.at || "").localeCompare(b.at || ""));
}

/** The channels to offer: everyone, my game (only while I have one), whisper. */
export function channelChoices(game) {
  return [["global", t("chat.global")], ...(game != null ? [["game", t("chat.game")]] : []), ["whisper", t("chat.whisper")]];
}

/** The people I can whisper to: those I always see (`circle`) that are online, then the online
 * list's page, each once, without me. */
export function whisperNames(online, me, circle = [], present = new Set()) {
  const names = [...circle.filter((n) => present.has(n)), ...online];
  return [...new Set(names)].filter((name) => name !== me);
}

/** A line's classes: its channel, and whether the server said it. */
export function lineClass(line) {
  return `chat-line ch-${line.channel}${line.from == null ? " from-server" : ""}`;
}

/** A line's time as hours and minutes in the interface's language (not the browser's);
 * "" for a time that is no time. */
export function timeText(at, lang = getLang()) {
  return timeIn(lang, at);
}

/** The tag before a line that is not for everyone ("whisper", "game #3"); null for the global chat. */
export function tagText(line) {
  if (line.channel === "global") return null;
  return line.channel === "whisper" ? t("chat.whisperTag") : t("chat.gameTag", { id: line.game });
}

/** Who said it: "Anna:", "Anna → Ben:" for a whisper, the server's own name. */
export function whoText(line) {
  if (line.from == null) return `${t("chat.server")}:`;
  if (line.channel === "whisper") return `${line.from} → ${line.to}:`;
  return `${line.from}:`;
}

/** What was said: a player's words as they are, the server's announcements in the reader's language. */
export function lineText(line) {
  return line.from == null ? serverLine(line.text, line.message) : line.text;
}

export class Chat {
  /**
   * @param {HTMLElement} root  the #chat element from index.html
   * @param {(message: object) => void} send
   */
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.list = root.querySelector(".chat-lines");
    this.form = root.querySelector("form");
    this.input = root.querySelector(".chat-input");
    this.channel = root.querySelector(".chat-channel");
    this.to = root.querySelector(".chat-to");
    this.lines = [];
    this.me = "";
    this.game = null; // the game whose table "My game" talks to
    this.online = [];
    this.circle = []; // people at my tables and whisper partners (see state.circleNames)
    this.present = new Set(); // … those of them online
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.wantNames = null; // asks the server who is online (set by the app)
    this.channel.addEventListener("change", () => {
      if (this.channel.value === "whisper") this.wantNames?.();
      this.syncControls();
    });
  }

  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    const channel = this.channel.value;
    const message = { type: "chat", channel, text };
    if (channel === "game") {
      if (this.game == null) return;
      message.game = this.game;
    }
    if (channel === "whisper") {
      if (!this.to.value) return;
      message.to = this.to.value;
    }
    this.send(message);
    this.input.value = "";
  }

  /** Who I am, who is online (a page, and which of my circle), and which game "My game" means. */
  setContext({ me, online, game, circle, present }) {
    this.me = me ?? this.me;
    if (online) this.online = online;
    if (circle) this.circle = circle;
    if (present) this.present = present;
    this.game = game;
    this.fillOptions();
    this.syncControls();
  }

  fillOptions() {
    const wanted = channelChoices(this.game);
    const current = this.channel.value || "global";
    const same =
      this.channel.options.length === wanted.length &&
      wanted.every(([v, label], i) => this.channel.options[i].value === v && this.channel.options[i].textContent === label);
    if (!same) {
      this.channel.replaceChildren(
        ...wanted.map(([value, label]) => {
          const o = document.createElement("option");
          o.value = value;
          o.textContent = label;
          return o;
        }),
      );
      this.channel.value = wanted.some(([v]) => v === current) ? current : "global";
    }
    const others = whisperNames(this.online, this.me, this.circle, this.present);
    const chosen = this.to.value;
    const names = [...this.to.options].map((o) => o.value);
    if (names.join("\n") !== others.join("\n")) {
      this.to.replaceChildren(
        ...others.map((name) => {
          const o = document.createElement("option");
          o.value = name;
          o.textContent = name;
          return o;
        }),
      );
      if (others.includes(chosen)) this.to.value = chosen;
    }
  }

  syncControls() {
    const whisper = this.channel.value === "whisper";
    this.to.hidden = !whisper;
    this.to.disabled = whisper && this.to.options.length === 0;
    this.to.title = this.to.disabled ? t("chat.nobody") : "";
  }

  /** Start a whisper to `name` (from the online list). */
  /** The whisper lines I hold (to find the people I whisper with). */
  whispers() {
    return this.lines.filter((line) => line.channel === "whisper");
  }

  whisperTo(name) {
    this.channel.value = "whisper";
    this.fillOptions();
    this.to.value = name;
    this.syncControls();
    this.input.focus();
  }

  useGameChannel() {
    if (this.game != null) {
      this.channel.value = "game";
      this.syncControls();
    }
  }

  /** Replace the history of one kind ("global", "whisper" or a game id) with `lines`. */
  history(kind, lines) {
    this.lines = mergeHistory(this.lines, kind, lines);
    this.redraw();
  }

  add(line) {
    this.lines.push(line);
    if (this.lines.length > MAX_LINES) this.lines.shift();
    const atBottom = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 30;
    this.list.append(this.lineNode(line));
    while (this.list.children.length > MAX_LINES) this.list.firstElementChild.remove();
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  redraw() {
    this.list.replaceChildren(...this.lines.map((line) => this.lineNode(line)));
    this.list.scrollTop = this.list.scrollHeight;
    this.fillOptions();
    this.syncControls();
  }

  lineNode(line) {
    const li = document.createElement("li");
    li.className = lineClass(line);
    if (line.at) {
      const time = document.createElement("time");
      time.dateTime = line.at;
      time.textContent = timeText(line.at);
      li.append(time);
    }
    const tagged = tagText(line);
    if (tagged != null) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = tagged;
      li.append(tag);
    }
    const who = document.createElement("b");
    who.className = "who";
    who.textContent = whoText(line);
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = lineText(line);
    li.append(who, " ", text);
    return li;
  }
}
