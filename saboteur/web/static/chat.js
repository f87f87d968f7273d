// The chat panel: one list of lines (global, whispers, game tables) and a form with a channel choice.
// Every text from the network is set with textContent: a chat line can never become HTML.

import { serverLine, t } from "./i18n.js";

const MAX_LINES = 300;

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
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.channel.addEventListener("change", () => this.syncControls());
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

  /** Who I am, who is online, and which game "My game" means (null: none). */
  setContext({ me, online, game }) {
    this.me = me ?? this.me;
    if (online) this.online = online;
    this.game = game;
    this.fillOptions();
    this.syncControls();
  }

  fillOptions() {
    const wanted = [
      ["global", t("chat.global")],
      ...(this.game != null ? [["game", t("chat.game")]] : []),
      ["whisper", t("chat.whisper")],
    ];
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
    const others = this.online.filter((name) => name !== this.me);
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
    this.lines = this.lines.filter((line) => lineKind(line) !== kind).concat(lines);
    this.lines.sort((a, b) => (a.at || "").localeCompare(b.at || ""));
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
    li.className = `chat-line ch-${line.channel}${line.from == null ? " from-server" : ""}`;
    if (line.at) {
      const time = document.createElement("time");
      time.dateTime = line.at;
      const d = new Date(line.at);
      time.textContent = Number.isNaN(d.getTime())
        ? ""
        : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      li.append(time);
    }
    if (line.channel !== "global") {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = line.channel === "whisper" ? t("chat.whisperTag") : t("chat.gameTag", { id: line.game });
      li.append(tag);
    }
    const who = document.createElement("b");
    who.className = "who";
    if (line.from == null) who.textContent = `${t("chat.server")}:`;
    else if (line.channel === "whisper") who.textContent = `${line.from} → ${line.to}:`;
    else who.textContent = `${line.from}:`;
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = line.from == null ? serverLine(line.text, line.message) : line.text;
    li.append(who, " ", text);
    return li;
  }
}

function lineKind(line) {
  if (line.channel === "game") return line.game;
  return line.channel;
}
