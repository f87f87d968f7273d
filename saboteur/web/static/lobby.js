// The lobby: games to join, watch or start, players online, high scores, and the new-game dialog.

import { rolePicture } from "./cards.js";
import { getLang, mergeCatalogue, t } from "./i18n.js";
import { gold, icon } from "./icons.js";
import { dateTimeIn } from "./lang.js";
import { Ratings } from "./ratings.js";
import { clampPlayers, describeOptions, optionFields, readOptions, seatRange, titleIn } from "./rulesets.js";

const $ = (sel) => document.querySelector(sel);
export const PAGE_SIZES = { active: 20, finished: 10 }; // tables per page of the lobby's lists

/** The address of a page of the tables the server lists (running or finished), of those where a
 * player whose name holds `search` sits. */
export function gamesQuery(status, search, page, size = PAGE_SIZES[status]) {
  const params = new URLSearchParams({ status, limit: String(size), offset: String(page * size) });
  if (search) params.set("player", search);
  return `/api/games?${params}`;
}

/** A finished game's outcome: per seat its name, gold and whether it won; the winners' names. */
export function outcome(g) {
  const won = new Set(g.winners ?? []);
  const seats = g.seats.map((name, seat) => ({ name: name ?? "—", gold: g.gold?.[seat] ?? null, won: won.has(seat) }));
  return { seats, winners: seats.filter((s) => s.won).map((s) => s.name) };
}

/** The open tables in the order shown: mine first, then by id. */
export function sortOpen(open, me) {
  const mine = (g) => g.seats.includes(me);
  return [...open].sort((a, b) => Number(mine(b)) - Number(mine(a)) || a.id - b.id);
}

/** The title of a table's ruleset, or "" for the default ruleset's (or one nobody described). */
export function rulesetTitle(g, rulesets = []) {
  const described = rulesets.find((r) => r.name === g.ruleset);
  if (!described) return g.ruleset && !rulesets.some((r) => r.default && r.name === g.ruleset) ? g.ruleset : "";
  return described.default ? "" : titleIn(described.title, getLang());
}

/** A seat option's choices in the reader's words: "drawn by lot", "seat 3". */
export const seatWords = () => ({ random: t("new.byLot"), seat: (n) => t("new.seat", { n }) });

/** A table in a few words: its game (unless the default one), players, its options that differ
 * from the defaults (as the ruleset's schema names them), clock, round. */
export function describeTable(g, rulesets = []) {
  const bits = [t("game.players", { n: g.players })];
  const title = rulesetTitle(g, rulesets);
  if (title) bits.unshift(title);
  const schema = rulesets.find((r) => r.name === g.ruleset)?.options;
  bits.push(...describeOptions(schema, g.options, getLang(), seatWords()));
  if (g.clock) bits.push(t("game.clock", { s: g.clock }));
  if (g.round) bits.push(t("game.round", { r: g.round }));
  return bits.join(" · ");
}

/** A bot's badge: its kind ("Bot: heuristic"), or just "bot" for a kind the client does not name. */
export function botBadge(kind) {
  const key = `bot.${kind}`;
  const said = t(key);
  return said === key ? t("seat.bot") : said;
}

/** One seat of a table's list: {cls, text} for a bot, the host, another player or a free seat. */
export function seatLine(g, seat) {
  const name = g.seats[seat];
  if (g.bots?.[seat]) return { cls: "bot", text: `${name} (${botBadge(g.bots[seat])})` };
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
    else if (k === "style") node.style.cssText = v; // CSSOM: allowed by the server's CSP, an attribute is not
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

/** A pager: "‹ 2 / 7 ›" with the count of matches (worded by `key`); `go(page)` turns to a page. */
export function pagerLine(page, pages, matches, go, key = "lobby.page", prefix = "") {
  return [
    h("button", { class: "small", dataset: { fkey: `${prefix}page-back` }, disabled: page <= 0, "aria-label": t("lobby.pageBack"), text: "‹", onclick: () => go(page - 1) }),
    h("span", { class: "meta", text: t(key, { p: page + 1, n: pages, m: matches }) }),
    h("button", { class: "small", dataset: { fkey: `${prefix}page-next` }, disabled: page >= pages - 1, "aria-label": t("lobby.pageNext"), text: "›", onclick: () => go(page + 1) }),
  ];
}

/** Rebuild `parent`'s children, keeping the focus on the element with the same data-fkey. */
/** A seat's choice in the new-game dialog: a person, or a bot kind with its rating. */
export function seatKindText(kind, ratings = new Map()) {
  if (!kind) return t("new.player");
  const rating = ratings.get(kind);
  return rating == null ? t(`bot.${kind}`) : t("new.botRated", { bot: t(`bot.${kind}`), rating });
}

export function refill(parent, children) {
  const active = document.activeElement;
  const fkey = active && parent.contains(active) ? active.dataset.fkey : null;
  parent.replaceChildren(...children);
  if (fkey) parent.querySelector(`[data-fkey="${CSS.escape(fkey)}"]`)?.focus({ preventScroll: true });
}

export class Lobby {
  constructor(app) {
    this.app = app;
    this.rulesets = []; // GET /api/rulesets: the descriptors of the games the server offers
    this.ratings = new Ratings();
    this.botRatings = new Map(); // ruleset -> bot kind -> rating (the new-game dialog's seats)
    this.ratingsLang = null; // the language the ratings' ruleset choice is in
    this.loading = this.loadRulesets();
    // the running and finished games by page and player (GET /api/games): what is asked, what came
    this.pages = { active: { search: "", page: 0, got: null, want: null }, finished: { search: "", page: 0, got: null, want: null } };
    this.bindNewGame();
    this.bindSearch();
    for (const status of Object.keys(this.pages)) this.bindListSearch(status);
    for (const pic of document.querySelectorAll(".about-roles .pic")) pic.append(rolePicture(pic.dataset.role));
  }

  send(message) {
    this.app.send(message);
  }

  /** The server's word on the games it offers: titles, seats, options and bots per ruleset. */
  async loadRulesets() {
    for (let attempt = 0; attempt < 5 && !this.rulesets.length; attempt++) {
      try {
        const [reply, words] = await Promise.all([fetch("/api/rulesets"), fetch("/api/messages")]);
        if (words.ok) mergeCatalogue(await words.json()); // plug-in rulesets' texts and card names
        if (reply.ok) this.rulesets = await reply.json();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1))); // offline a moment
      }
    }
    this.renderRulesetChoice();
  }

  /** The people online: those I always see (my tables, my whispers) with whether they are
   * online, then a page of everyone online or of those matching the search, with a pager. */
  renderOnline(S, me) {
    $("#online-count").textContent = `(${S.onlineCount})`;
    const circle = this.app.circle();
    refill($("#circle"), circle.map((name) => this.person(name, me, S.present.has(name), "c-")));
    $("#circle").hidden = circle.length === 0;
    const { search, page } = S.onlineQuery;
    refill(
      $("#online"),
      S.online.length
        ? S.online.map((name) => this.person(name, me, true, "w-"))
        : [h("li", { class: "empty", text: search ? t("lobby.nobodyFound", { q: search }) : t("lobby.none") })],
    );
    const pager = S.onlinePages > 1 ? pagerLine(page, S.onlinePages, S.onlineMatches, (p) => this.app.searchOnline(search, p)) : [];
    refill($("#online-pager"), pager);
  }

  /** One person of the online panel: a dot (online or not), the name, a whisper button. */
  person(name, me, online, prefix) {
    return h(
      "li",
      { class: [name === me ? "me" : "", online ? "" : "away"].join(" ").trim() },
      h("span", { class: "dot", "aria-hidden": "true" }),
      h("span", { class: "pname", text: name }),
      name === me
        ? h("span", { class: "you", text: `(${t("me.you")})` })
        : online
          ? h("button", {
              class: "small whisper",
              dataset: { fkey: `${prefix}${name}` },
              title: t("chat.whisper"),
              "aria-label": `${t("chat.whisper")} ${name}`,
              onclick: () => this.app.chat.whisperTo(name),
            }, icon("mail"))
          : h("span", { class: "meta", text: t("lobby.offline") }),
    );
  }

  ruleset(name) {
    return this.rulesets.find((r) => r.name === name);
  }

  /** Ask the server for the page of running or finished games on show. */
  async loadPage(status) {
    const q = this.pages[status];
    const key = JSON.stringify([q.search, q.page]);
    q.want = key;
    try {
      const reply = await fetch(gamesQuery(status, q.search, q.page));
      const body = await reply.json();
      if (q.want !== key) return; // asked again meanwhile
      if (!reply.ok) {
        this.app.toast(typeof body?.detail === "string" ? body.detail : t("err.badSearch"));
        return;
      }
      q.got = { key, rows: body, total: Number(reply.headers.get("X-Total-Count") ?? body.length) };
      this.app.render();
    } catch {
      q.want = null; // offline a moment: asked again at the next drawing
    }
  }

  /** A game finished: the finished list's page is asked for again. */
  finishedChanged() {
    this.loadPage("finished");
  }

  /** Search a list for a player (page 0), or turn to `page` of the same search. */
  turnPage(status, search, page = 0) {
    const q = this.pages[status];
    q.search = search;
    q.page = Math.max(0, page);
    this.loadPage(status);
    this.app.render();
  }

  /** A list's search box: the first page of matches is asked for as one types (calmly). */
  bindListSearch(status) {
    const box = $(`#${status}-search`);
    let timer = null;
    box.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => this.turnPage(status, box.value.trim()), 250);
    });
  }

  /** The rows of a list's page on show, how many match in all, and whether they are the live ones. */
  pageOf(status, live, liveCount) {
    const q = this.pages[status];
    const got = q.got?.key === JSON.stringify([q.search, q.page]) ? q.got : null;
    const first = !q.search && q.page === 0;
    if (!got && q.want == null && !(first && status === "active")) this.loadPage(status);
    if (first && (status === "active" || !got)) return { rows: live, total: liveCount, live: true };
    return { rows: got?.rows ?? [], total: got?.total ?? 0, live: false };
  }

  /** The pager under a list, when it has more than one page. */
  renderPager(status, total) {
    const q = this.pages[status];
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZES[status]));
    const pager = pages > 1 || q.page > 0 ? pagerLine(q.page, pages, total, (p) => this.turnPage(status, q.search, p), "lobby.gamesPage", `${status}-`) : [];
    refill($(`#${status}-pager`), pager);
  }

  /** A finished game: its players with their gold, the winners marked, and its replay. */
  finishedGame(g) {
    const { seats, winners } = outcome(g);
    const title = rulesetTitle(g, this.rulesets);
    const people = seats.flatMap((seat, i) => [
      i ? ", " : null,
      h("span", { class: `seat${seat.won ? " won" : ""}`, title: seat.won ? t("lobby.winner") : null }, seat.name, ...(seat.gold == null ? [] : [" ", ...gold(seat.gold)])),
    ]);
    return h(
      "li",
      { class: "game finished", dataset: { game: String(g.id) } },
      h(
        "div",
        { class: "ghead" },
        h("span", { class: "gname", text: t("game.label", { id: g.id }) }),
        title ? h("span", { class: "meta", text: title }) : null,
        h("span", { class: "meta", text: dateTimeIn(getLang(), g.finished_at) }),
      ),
      winners.length ? h("p", { class: "winners", text: t("lobby.winners", { names: winners.join(", ") }) }) : null,
      h("p", { class: "seats" }, people),
      h("a", { class: "button small replay", href: `#/replay/${g.id}`, dataset: { fkey: `replay-${g.id}`, action: "replay" }, text: t("btn.replay") }),
    );
  }

  render() {
    const S = this.app.S;
    const me = S.me.name;
    if (this.rulesets.length && this.ratingsLang !== getLang()) {
      this.ratingsLang = getLang();
      this.ratings.offer(this.rulesets);
    }
    this.ratings.render(me);
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
    const runningPage = this.pageOf("active", S.games.active, S.tableCounts.active);
    const nothing = (status) => h("li", { class: "empty", text: this.pages[status].search ? t("lobby.noGameFound", { q: this.pages[status].search }) : t("lobby.none") });
    refill(
      $("#active-games"),
      runningPage.rows.length
        ? [...runningPage.rows.map((g) => this.activeGame(g, mine(g))), ...(runningPage.live ? more(S.tableCounts.active, runningPage.rows.length) : [])]
        : [nothing("active")],
    );
    this.renderPager("active", runningPage.total);
    const finished = this.pageOf("finished", S.finished.slice(0, PAGE_SIZES.finished), S.finished.length);
    refill($("#finished-games"), finished.rows.length ? finished.rows.map((g) => this.finishedGame(g)) : [nothing("finished")]);
    this.renderPager("finished", finished.total);
    this.renderOnline(S, me);
    refill(
      $("#highscores tbody"),
      S.highscores.length
        ? S.highscores.map((row, i) =>
            h(
              "tr",
              { class: row.name === me ? "me" : "" },
              h("td", { text: String(i + 1) }),
              h("td", {}, row.name, row.registered ? h("span", { class: "mark", title: t("me.registered") }, icon("registered")) : null),
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
        const crown = line.cls === "host" ? h("span", { class: "host-mark", role: "img", title: t("seat.host"), "aria-label": t("seat.host") }, icon("host")) : null;
        return h("li", { class: line.cls }, crown, line.text);
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
      h("div", { class: "ghead" }, h("span", { class: "gname", text: t("game.label", { id: g.id }) }), h("span", { class: "meta", text: describeTable(g, this.rulesets) })),
      this.seatList(g),
      status ? h("p", { class: "status", text: status }) : null,
      h("div", { class: "buttons" }, buttons),
    );
  }

  activeGame(g, isMine) {
    return h(
      "li",
      { class: `game${isMine ? " mine" : ""}`, dataset: { game: String(g.id) } },
      h("div", { class: "ghead" }, h("span", { class: "gname", text: t("game.label", { id: g.id }) }), h("span", { class: "meta", text: describeTable(g, this.rulesets) })),
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
  seatKinds(n, bots, ratings = new Map()) {
    const box = $("#new-bots .seat-kinds");
    const old = [...box.querySelectorAll("select.seat-kind")].map((s) => s.value);
    const kinds = ["", ...bots];
    const shape = JSON.stringify([n, kinds, [...ratings], getLang()]);
    $("#new-bots").hidden = n < 2;
    if (box.dataset.shape === shape) return;
    box.dataset.shape = shape;
    box.replaceChildren(
      ...Array.from({ length: n - 1 }, (_, i) => {
        const select = h(
          "select",
          { class: "seat-kind", name: `seat-${i + 1}`, "aria-label": t("new.seat", { n: i + 2 }) },
          kinds.map((k) => h("option", { value: k, text: seatKindText(k, ratings) })),
        );
        select.value = kinds.includes(old[i]) ? old[i] : "";
        return h("label", { class: "row" }, h("span", { text: t("new.seat", { n: i + 2 }) }), select);
      }),
    );
  }

  /** One radio per ruleset the server offers (title and seats), the default one checked. */
  renderRulesetChoice() {
    const box = $("#new-game-form .ruleset-list");
    const checked = box.querySelector("input:checked")?.value;
    const lang = getLang();
    box.replaceChildren(
      ...this.rulesets.map((r) =>
        h(
          "label",
          { title: titleIn(r.summary, lang) },
          h("input", { type: "radio", name: "ruleset", value: r.name, checked: checked ? r.name === checked : r.default }),
          " ",
          h("span", { text: `${titleIn(r.title, lang)} (${t("game.players", { n: seatRange(r) })})` }),
        ),
      ),
    );
    if (!box.querySelector("input:checked")) box.querySelector("input")?.click();
  }

  /** The chosen ruleset's options as form fields (values kept across re-renders). */
  renderOptions(ruleset, players) {
    const box = $("#new-options");
    const kept = this.optionValues();
    const shape = JSON.stringify([ruleset.name, players, getLang()]);
    if (box.dataset.shape === shape) return;
    box.dataset.shape = shape;
    box.replaceChildren(
      ...optionFields(ruleset.options, players, getLang(), seatWords()).map((field) => {
        const value = field.name in kept ? kept[field.name] : field.value;
        let control;
        if (field.control === "radio") {
          return h(
            "fieldset",
            { class: "option", title: field.help },
            h("legend", { text: field.label }),
            field.choices.map((c) =>
              h("label", {}, h("input", { type: "radio", name: field.name, value: c.value, checked: c.value === String(value) }), " ", h("span", { text: c.label })),
            ),
          );
        }
        if (field.control === "checkbox") {
          control = h("input", { type: "checkbox", name: field.name, checked: Boolean(value) });
          return h("label", { class: "option", title: field.help }, control, " ", h("span", { text: field.label }));
        }
        if (field.control === "select") {
          control = h("select", { name: field.name }, field.choices.map((c) => h("option", { value: c.value, text: c.label })));
          control.value = field.choices.some((c) => c.value === String(value)) ? String(value) : String(field.value);
        } else {
          control = h("input", { type: "number", name: field.name, min: field.min, max: field.max, value: String(value) });
        }
        return h("label", { class: "row option", title: field.help }, h("span", { text: field.label }), control);
      }),
    );
  }

  /** What the options form holds: name -> value (a boolean for a checkbox). */
  optionValues() {
    const values = {};
    for (const el of $("#new-options").querySelectorAll("[name]")) {
      if (el.type === "radio") {
        if (el.checked) values[el.name] = el.value;
      } else values[el.name] = el.type === "checkbox" ? el.checked : el.value;
    }
    return values;
  }

  /** The online list's search box: asks for the first page of matches as one types (calmly). */
  bindSearch() {
    const box = $("#online-search");
    let timer = null;
    box.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => this.app.searchOnline(box.value.trim()), 250);
    });
  }

  bindNewGame() {
    const dialog = $("#new-game-dialog");
    const form = $("#new-game-form");
    const players = form.elements.players;
    const chosen = () => this.ruleset(form.elements.ruleset?.value) ?? this.rulesets.find((r) => r.default);
    const sync = () => {
      const ruleset = chosen();
      if (!ruleset) return;
      players.min = String(ruleset.min_players);
      players.max = String(ruleset.max_players);
      players.value = String(clampPlayers(ruleset, Number(players.value)));
      players.disabled = ruleset.min_players === ruleset.max_players;
      $("#players-out").textContent = players.value;
      this.renderOptions(ruleset, Number(players.value));
      const rated = this.botRatings.get(ruleset.name);
      if (!rated && ruleset.high_scores) {
        this.botRatings.set(ruleset.name, new Map()); // asked once; drawn again when it comes
        this.ratings.forBots(ruleset.name).then((found) => {
          this.botRatings.set(ruleset.name, found);
          sync();
        });
      }
      this.seatKinds(Number(players.value), ruleset.bots, rated);
    };
    form.addEventListener("input", sync);
    $("#new-game-btn").addEventListener("click", async () => {
      await this.loading;
      this.renderRulesetChoice(); // in the language chosen now
      if (!this.rulesets.length) {
        this.app.toast(t("conn.connecting"));
        return;
      }
      sync();
      dialog.showModal();
    });
    form.addEventListener("submit", (event) => {
      if (event.submitter?.value === "cancel") return;
      const ruleset = chosen();
      if (!ruleset) return;
      const options = readOptions(ruleset.options, this.optionValues());
      const message = { type: "new_game", ruleset: ruleset.name, players: Number(players.value), options };
      // a table of one seat is full at once: start it straight away
      this.app.startSolo = ruleset.max_players === 1;
      const clock = Number(form.elements.clock.value);
      if (clock) message.clock = clock;
      const bots = [...form.querySelectorAll("select.seat-kind")].map((s) => s.value || null);
      if (bots.some(Boolean)) message.bots = bots;
      this.send(message);
    });
  }
}
