// The lobby: games to join, watch or start, players online, high scores, and the new-game dialog.

import { rolePicture } from "./cards.js";
import { t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);

/** Seats and the bots a host may seat, per ruleset; the bot lists are refreshed from /api/rulesets. */
export const GAMES = {
  classic: { min: 3, max: 10, bots: ["random", "heuristic", "ismcts"] },
  duel: { min: 2, max: 2, bots: ["heuristic", "random"] },
  solo: { min: 1, max: 1, bots: [] },
};

/** Take the server's seat counts and bot kinds (GET /api/rulesets) into `games`, for rulesets it knows. */
export function mergeRulesets(games, rulesets) {
  for (const r of rulesets) {
    if (games[r.name] && Array.isArray(r.bots)) Object.assign(games[r.name], { min: r.min_players, max: r.max_players, bots: r.bots });
  }
  return games;
}

/** The open tables in the order shown: mine first, then by id. */
export function sortOpen(open, me) {
  const mine = (g) => g.seats.includes(me);
  return [...open].sort((a, b) => Number(mine(b)) - Number(mine(a)) || a.id - b.id);
}

/** A table in a few words: its game (unless classic), players, colour, preset, demo, clock, round. */
export function describeTable(g) {
  const bits = [t("game.players", { n: g.players })];
  if (g.ruleset && g.ruleset !== "classic") bits.unshift(t(`ruleset.${g.ruleset}`));
  if (g.options?.colour) bits.push(t(`colour.${g.options.colour}`));
  if (g.options?.preset === "online-3") bits.push(t("game.online3"));
  if (g.options?.demo) bits.push(t("game.demo"));
  if (g.clock) bits.push(t("game.clock", { s: g.clock }));
  if (g.round) bits.push(t("game.round", { r: g.round }));
  return bits.join(" · ");
}

/** One seat of a table's list: {cls, text} for a bot, the host, another player or a free seat. */
export function seatLine(g, seat) {
  const name = g.seats[seat];
  if (g.bots?.[seat]) return { cls: "bot", text: `${name} (${t("seat.bot")})` };
  return { cls: name ? (name === g.host ? "host" : "") : "free", text: name ?? "—" };
}

/** What my own open table waits for: players, or the host's start ("" for others' tables). */
export function tableStatus(g, isMine, me) {
  if (!isMine) return "";
  const taken = g.seats.filter(Boolean).length;
  if (taken !== g.players) return t("lobby.waiting", { n: taken, m: g.players });
  return g.host === me ? t("lobby.full") : t("lobby.hostStarts", { host: g.host });
}

/** A small element helper: text only, never HTML. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** "and N more" when the server listed fewer tables than there are. */
function more(count, listed) {
  return count > listed ? [h("li", { class: "more", text: t("lobby.more", { n: count - listed }) })] : [];
}

/** Rebuild `parent`'s children, keeping the focus on the element with the same data-fkey. */
export function refill(parent, children) {
  const active = document.activeElement;
  const fkey = active && parent.contains(active) ? active.dataset.fkey : null;
  parent.replaceChildren(...children);
  if (fkey) parent.querySelector(`[data-fkey="${CSS.escape(fkey)}"]`)?.focus({ preventScroll: true });
}

export class Lobby {
  constructor(app) {
    this.app = app;
    this.bindNewGame();
    this.loadRulesets();
    for (const pic of document.querySelectorAll(".about-roles .pic")) pic.append(rolePicture(pic.dataset.role));
  }

  send(message) {
    this.app.send(message);
  }

  /** The server's own word on seat counts and bot kinds per ruleset. */
  async loadRulesets() {
    try {
      const reply = await fetch("/api/rulesets");
      if (!reply.ok) return;
      mergeRulesets(GAMES, await reply.json());
    } catch {
      // offline for a moment: the built-in lists serve
    }
  }

  render() {
    const S = this.app.S;
    const me = S.me.name;
    const mine = (g) => g.seats.includes(me);

    const running = S.games.active.filter(mine);
    refill(
      $("#back-banner"),
      running.map((g) =>
        h(
          "button",
          { class: "primary big", dataset: { fkey: `back-${g.id}` }, onclick: () => this.app.go("game", g.id) },
          t("lobby.back", { id: g.id }),
        ),
      ),
    );
    $("#back-banner").hidden = running.length === 0;

    const open = sortOpen(S.games.open, me);
    refill(
      $("#open-games"),
      open.length
        ? [...open.map((g) => this.openGame(g, mine(g))), ...more(S.tableCounts.open, open.length)]
        : [h("li", { class: "empty", text: t("lobby.noOpen") })],
    );
    refill(
      $("#active-games"),
      S.games.active.length
        ? [...S.games.active.map((g) => this.activeGame(g, mine(g))), ...more(S.tableCounts.active, S.games.active.length)]
        : [h("li", { class: "empty", text: t("lobby.none") })],
    );
    refill(
      $("#finished-games"),
      S.finished.length
        ? S.finished.slice(0, 20).map((g) =>
            h(
              "li",
              { class: "game" },
              h("span", { class: "gname", text: t("game.label", { id: g.id }) }),
              g.ruleset && g.ruleset !== "classic" ? h("span", { class: "meta", text: t(`ruleset.${g.ruleset}`) }) : null,
              h("span", { class: "seats", text: g.seats.filter(Boolean).join(", ") }),
              h("span", { class: "meta", text: g.finished_at ? new Date(g.finished_at).toLocaleDateString() : "" }),
            ),
          )
        : [h("li", { class: "empty", text: t("lobby.none") })],
    );
    refill(
      $("#online"),
      [
        ...S.online.map((name) =>
          h(
            "li",
            { class: name === me ? "me" : "" },
            h("span", { class: "dot", "aria-hidden": "true" }),
            h("span", { class: "pname", text: name }),
            name === me
              ? h("span", { class: "you", text: `(${t("me.you")})` })
              : h("button", {
                  class: "small whisper",
                  dataset: { fkey: `w-${name}` },
                  title: t("chat.whisper"),
                  "aria-label": `${t("chat.whisper")} ${name}`,
                  text: "✉",
                  onclick: () => this.app.chat.whisperTo(name),
                }),
          ),
        ),
        ...(S.onlineCount > S.online.length
          ? [h("li", { class: "more", text: t("lobby.more", { n: S.onlineCount - S.online.length }) })]
          : []),
      ],
    );
    refill(
      $("#highscores tbody"),
      S.highscores.length
        ? S.highscores.map((row, i) =>
            h(
              "tr",
              { class: row.name === me ? "me" : "" },
              h("td", { text: String(i + 1) }),
              h("td", { text: row.name }),
              h("td", { class: "num", text: String(row.gold) }),
              h("td", { class: "num", text: String(row.games) }),
              h("td", { class: "num", text: String(row.won) }),
            ),
          )
        : [h("tr", {}, h("td", { colspan: "5", class: "empty", text: t("lobby.none") }))],
    );
  }

  seatList(g) {
    return h(
      "ol",
      { class: "seatlist" },
      g.seats.map((_, seat) => {
        const line = seatLine(g, seat);
        return h("li", { class: line.cls, text: line.text });
      }),
    );
  }

  openGame(g, isMine) {
    const taken = g.seats.filter(Boolean).length;
    const full = taken === g.players;
    const me = this.app.S.me.name;
    const buttons = [];
    if (isMine) {
      if (g.host === me) {
        buttons.push(
          h("button", {
            class: "primary",
            disabled: !full,
            dataset: { fkey: `start-${g.id}`, action: "start" },
            text: t("btn.start"),
            onclick: () => this.send({ type: "start", game: g.id }),
          }),
        );
      }
      buttons.push(
        h("button", {
          dataset: { fkey: `leave-${g.id}`, action: "leave" },
          text: t("btn.leave"),
          onclick: () => this.send({ type: "leave", game: g.id }),
        }),
      );
    } else {
      buttons.push(
        h("button", {
          class: "primary",
          disabled: full,
          dataset: { fkey: `join-${g.id}`, action: "join" },
          text: t("btn.join"),
          onclick: () => this.send({ type: "join", game: g.id }),
        }),
      );
    }
    const status = tableStatus(g, isMine, me);
    return h(
      "li",
      { class: `game${isMine ? " mine" : ""}`, dataset: { game: String(g.id) } },
      h("div", { class: "ghead" }, h("span", { class: "gname", text: t("game.label", { id: g.id }) }), h("span", { class: "meta", text: describeTable(g) })),
      this.seatList(g),
      status ? h("p", { class: "status", text: status }) : null,
      h("div", { class: "buttons" }, buttons),
    );
  }

  activeGame(g, isMine) {
    return h(
      "li",
      { class: `game${isMine ? " mine" : ""}`, dataset: { game: String(g.id) } },
      h("div", { class: "ghead" }, h("span", { class: "gname", text: t("game.label", { id: g.id }) }), h("span", { class: "meta", text: describeTable(g) })),
      this.seatList(g),
      h(
        "div",
        { class: "buttons" },
        h("button", {
          class: isMine ? "primary" : "",
          dataset: { fkey: `open-${g.id}`, action: isMine ? "open" : "watch" },
          text: isMine ? t("btn.open") : t("btn.watch"),
          onclick: () => this.app.go("game", g.id),
        }),
      ),
    );
  }

  /** One "Player or bot" choice per seat 2..n of the new-game dialog (kept when n changes);
   * only the bots that can play the chosen game are offered. */
  seatKinds(n, bots) {
    const box = $("#new-bots .seat-kinds");
    const old = [...box.querySelectorAll("select.seat-kind")].map((s) => s.value);
    const kinds = ["", ...bots];
    const shape = JSON.stringify([n, kinds]);
    $("#new-bots").hidden = n < 2;
    if (box.dataset.shape === shape) return;
    box.dataset.shape = shape;
    box.replaceChildren(
      ...Array.from({ length: n - 1 }, (_, i) => {
        const select = h(
          "select",
          { class: "seat-kind", name: `seat-${i + 1}`, "aria-label": t("new.seat", { n: i + 2 }) },
          kinds.map((k) => h("option", { value: k, text: k ? t(`bot.${k}`) : t("new.player") })),
        );
        select.value = kinds.includes(old[i]) ? old[i] : "";
        return h("label", { class: "row" }, h("span", { text: t("new.seat", { n: i + 2 }) }), select);
      }),
    );
  }

  bindNewGame() {
    const dialog = $("#new-game-dialog");
    const form = $("#new-game-form");
    const players = form.elements.players;
    const preset = form.elements.preset;
    const demo = form.elements.demo;
    const rounds = form.elements.rounds;
    const sync = () => {
      const ruleset = form.elements.ruleset.value;
      const game = GAMES[ruleset];
      const classic = ruleset === "classic";
      for (const part of form.querySelectorAll(".for-classic")) part.hidden = !classic;
      for (const part of form.querySelectorAll(".for-solo")) part.hidden = ruleset !== "solo";
      players.min = String(game.min);
      players.max = String(game.max);
      players.value = String(Math.min(game.max, Math.max(game.min, Number(players.value))));
      if (classic && preset.value === "online-3") players.value = "3";
      players.disabled = game.min === game.max || (classic && preset.value === "online-3");
      if (classic && demo.checked) rounds.value = "1";
      rounds.disabled = classic && demo.checked;
      $("#players-out").textContent = players.value;
      this.seatKinds(Number(players.value), game.bots);
    };
    form.addEventListener("input", sync);
    $("#new-game-btn").addEventListener("click", () => {
      sync();
      dialog.showModal();
    });
    form.addEventListener("submit", (event) => {
      if (event.submitter?.value === "cancel") return;
      const ruleset = form.elements.ruleset.value;
      const classic = ruleset === "classic";
      const options = {};
      if (classic && preset.value === "online-3") options.preset = "online-3";
      if (classic && demo.checked) options.demo = true;
      else if (rounds.value !== "3") options.rounds = Number(rounds.value);
      if (ruleset === "solo" && form.elements.colour.value !== "green") options.colour = form.elements.colour.value;
      const message = { type: "new_game", ruleset, players: Number(players.value), options };
      this.app.startSolo = ruleset === "solo"; // a solo table is full at once: start it straight away
      const clock = Number(form.elements.clock.value);
      if (clock) message.clock = clock;
      const bots = [...form.querySelectorAll("select.seat-kind")].map((s) => s.value || null);
      if (bots.some(Boolean)) message.bots = bots;
      this.send(message);
    });
  }
}
