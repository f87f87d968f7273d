// The game window: maze, players, my hand with its card menu, the gold choice, results, event feed.
// What may be done comes from view.legal only; the client never judges a rule itself.

import { cardSvg, isPathCard, rolePicture, toolSvg, turned } from "./cards.js";
import { cardName, eventText, roleName, t, toolName } from "./i18n.js";
import { h, refill } from "./lobby.js";
import { MazeView } from "./maze.js";

const $ = (sel) => document.querySelector(sel);
const slotOf = (action) => action.split("@")[1].split(",").map(Number);
const MUTED = new Set(["draw", "drew", "deal", "discard", "gold-value", "peek"]);

/** What a hand card can do now: one entry per menu line, each with its legal actions. */
export function cardOptions(card, view) {
  const legal = view.legal || [];
  const myTurn = legal.length > 0;
  const broken = view.seat != null ? view.broken[view.seat] : [];
  const pick = (prefix) => legal.filter((a) => a.startsWith(prefix));
  const options = [];
  if (isPathCard(card)) {
    const shapes = [...new Set([card, turned(card)])];
    const actions = legal.filter((a) => a.includes("@") && shapes.includes(a.split("@")[0]));
    options.push({ kind: "place", key: "place", label: t("menu.place"), actions, shapes });
  } else if (card.startsWith("break-")) {
    const tool = card.slice(6);
    options.push({ kind: "player", key: card, label: t("menu.break", { tool: toolName(tool) }), actions: pick(`${card}@`), tool });
  } else if (card.startsWith("repair-")) {
    const tools = card.slice(7).split("-");
    for (const tool of tools) {
      const prefix = tools.length === 1 ? `${card}@` : `${card}/${tool}@`;
      options.push({ kind: "player", key: `${card}/${tool}`, label: t("menu.repair", { tool: toolName(tool) }), actions: pick(prefix), tool });
    }
  } else if (card === "rockfall") {
    options.push({ kind: "rockfall", key: "rockfall", label: t("menu.rockfall"), actions: pick("rockfall@") });
  } else if (card === "map") {
    options.push({ kind: "map", key: "map", label: t("menu.map"), actions: pick("map@") });
  }
  const pass = `pass:${card}`;
  options.push({ kind: "discard", key: "discard", label: t("menu.discard"), actions: legal.includes(pass) ? [pass] : [] });
  for (const option of options) {
    if (option.actions.length) option.reason = "";
    else if (!myTurn) option.reason = t("menu.notTurn");
    else if (option.kind === "place" && broken.length) option.reason = t("menu.blocked");
    else option.reason = t("menu.noTarget");
  }
  return options;
}

export class GameWindow {
  constructor(app) {
    this.app = app;
    this.maze = new MazeView($("#maze-host"), (action) => this.act(action));
    this.msg = null;
    this.sel = null; // {index, card, shape, option}
    this.menuOpen = false;
    this.focusAfter = null;
    this.feed = { game: null, epoch: null, count: 0 };
    this.resultsSeen = new Map(); // game id -> results already shown
    this.overShown = new Set();
    this.overlayFor = null;
    this.wasMyTurn = false;
    $("#to-lobby").addEventListener("click", () => app.go("lobby"));
    $("#zoom-in").addEventListener("click", () => this.maze.zoom(1 / 1.25));
    $("#zoom-out").addEventListener("click", () => this.maze.zoom(1.25));
    $("#fit").addEventListener("click", () => this.maze.fit());
    document.addEventListener("keydown", (event) => this.key(event));
    this.clock = { key: null, start: 0, seconds: 0 };
    setInterval(() => this.tick(), 1000);
  }

  /** The turn clock, counted down here from the game's setting (the server plays when it runs out). */
  tick() {
    const box = $("#clock-info");
    const view = this.view;
    if (!view || !this.clock.seconds || view.phase === "over") {
      box.hidden = true;
      return;
    }
    const left = Math.max(0, this.clock.seconds - Math.floor((Date.now() - this.clock.start) / 1000));
    box.hidden = false;
    box.textContent = `⏱ ${left} s`;
    box.classList.toggle("urgent", left <= 10 && (view.legal || []).length > 0);
  }

  get view() {
    return this.msg?.view;
  }

  act(action) {
    if (!this.msg) return;
    this.app.send({ type: "act", game: this.msg.game, action, seq: this.msg.seq });
    this.sel = null;
    this.menuOpen = false;
    this.focusAfter = "hand";
    this.app.render();
  }

  key(event) {
    if (document.body.dataset.view !== "game" || event.defaultPrevented) return;
    const typing = event.target.closest?.("input, textarea, select");
    if (event.key === "Escape") {
      if (document.querySelector("dialog[open]")) return;
      if (!$("#overlay").hidden) {
        this.closeOverlay();
      } else if (this.sel?.option) {
        this.sel.option = null;
        this.menuOpen = true;
        this.focusAfter = "menu";
      } else if (this.sel) {
        this.focusAfter = `card-${this.sel.index}`;
        this.sel = null;
        this.menuOpen = false;
      } else return;
      event.preventDefault();
      this.app.render();
    } else if ((event.key === "r" || event.key === "R") && !typing && this.sel && isPathCard(this.sel.card)) {
      event.preventDefault();
      this.turnCard();
    }
  }

  turnCard() {
    const other = turned(this.sel.shape);
    if (other === this.sel.shape) return;
    this.sel.shape = other;
    this.app.render();
  }

  clickCard(index, card) {
    if (this.sel && this.sel.index === index && this.menuOpen) {
      this.sel = null;
      this.menuOpen = false;
      this.focusAfter = `card-${index}`;
    } else {
      this.sel = { index, card, shape: card, option: null };
      this.menuOpen = true;
      this.focusAfter = "menu";
    }
    this.app.render();
  }

  choose(option) {
    if (!option.actions.length) return;
    if (option.kind === "discard") {
      this.act(option.actions[0]);
      return;
    }
    this.sel.option = option.key;
    this.menuOpen = false;
    if (option.kind === "place") {
      const has = (shape) => option.actions.some((a) => a.startsWith(`${shape}@`));
      if (!has(this.sel.shape)) this.sel.shape = option.shapes.find(has) ?? this.sel.shape;
    }
    this.focusAfter = "target";
    this.app.render();
  }

  leave() {
    if (this.msg) {
      this.msg = null;
      this.sel = null;
      delete document.body.dataset.myTurn;
      delete document.body.dataset.seq;
      document.title = t("app.title");
    }
  }

  relabel() {
    this.maze.drawnCards = "";
    this.feed.epoch = null;
  }

  /** Draw the whole window from the latest game message. */
  render(msg, feed) {
    if (this.msg?.game !== msg.game) {
      this.sel = null;
      this.menuOpen = false;
      if (!this.resultsSeen.has(msg.game)) this.resultsSeen.set(msg.game, msg.view.results.length);
    }
    this.msg = msg;
    const view = msg.view;
    this.checkSelection(view);
    const option = this.currentOption();
    const myTurn = (view.legal || []).length > 0;
    document.body.dataset.myTurn = String(myTurn);
    document.body.dataset.seq = String(msg.seq);
    document.title = myTurn ? t("turn.title") : `${t("game.label", { id: msg.game })} — ${t("app.title")}`;
    this.wasMyTurn = myTurn;

    const list = $("#feed");
    const feedAtBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 30;
    this.renderBar(msg, view, myTurn);
    this.renderPlayers(msg, view, option);
    this.renderHand(msg, view, option);
    this.renderHint(option);
    this.maze.update(msg.game, view, this.mazeTargets(option));
    this.renderFeed(msg, feed, feedAtBottom);
    this.renderOverlay(msg, view);
    this.applyFocus();
  }

  checkSelection(view) {
    const hand = view.hand || [];
    if (!this.sel) return;
    if (hand[this.sel.index] !== this.sel.card || view.phase !== "play") {
      this.sel = null;
      this.menuOpen = false;
      return;
    }
    const option = this.currentOption();
    if (this.sel.option && (!option || !option.actions.length)) this.sel.option = null;
  }

  currentOption() {
    if (!this.sel?.option || !this.view) return null;
    return cardOptions(this.sel.card, this.view).find((o) => o.key === this.sel.option) || null;
  }

  renderBar(msg, view, myTurn) {
    $("#game-title").textContent = t("game.label", { id: msg.game });
    $("#round-info").textContent = t("info.round", { r: view.round, n: view.rounds });
    $("#deck-info").textContent = t("info.deck", { n: view.deck_size });
    const clockKey = `${msg.game}:${msg.seq}`;
    if (this.clock.key !== clockKey) this.clock = { key: clockKey, start: Date.now(), seconds: msg.summary?.clock || 0 };
    this.tick();
    const banner = $("#turn-banner");
    const name = view.current != null ? msg.names[view.current] : "";
    let text;
    if (view.phase === "over") text = t("turn.over");
    else if (view.phase === "gold") text = myTurn ? t("turn.goldYours") : t("turn.gold", { name });
    else text = view.current === msg.seat ? t("turn.yours") : t("turn.other", { name });
    banner.textContent = text;
    banner.classList.toggle("mine", myTurn);
  }

  renderPlayers(msg, view, option) {
    const targets = new Map();
    if (option?.kind === "player") {
      for (const action of option.actions) targets.set(Number(action.split("@")[1]), action);
    }
    const key = JSON.stringify([msg.names, msg.seat, view.current, view.role, view.broken, view.hand_sizes, view.gold_cards, [...targets], option?.label, document.documentElement.lang, msg.summary?.bots, msg.summary?.away]);
    if (key === this.playersKey) return;
    this.playersKey = key;
    const items = msg.names.map((name, seat) => {
      const me = seat === msg.seat;
      const action = targets.get(seat);
      const li = h("li", {
        class: ["player", seat === view.current ? "current" : "", me ? "me" : "", action ? "target" : "", option?.kind === "player" && !action ? "dim" : ""].join(" "),
        dataset: { seat: String(seat), fkey: `player-${seat}` },
      });
      const avatar = h("div", { class: "avatar" });
      if (me && view.role) avatar.append(rolePicture(view.role));
      else avatar.append(h("span", { class: "initial", text: (name[0] || "?").toUpperCase() }));
      const broken = view.broken[seat] || [];
      const tools = h("div", { class: "tools" });
      for (const tool of broken) {
        const icon = toolSvg(tool);
        icon.setAttribute("aria-label", t("card.break", { tool: toolName(tool) }));
        tools.append(icon);
      }
      li.append(
        h("span", { class: "turn-mark", "aria-hidden": "true", text: seat === view.current ? "▶" : "" }),
        avatar,
        h(
          "div",
          { class: "pinfo" },
          h("span", { class: "pname", text: me ? `${name} (${t("me.you")})` : name }),
          msg.summary?.bots?.[seat] ? h("span", { class: "pbot", text: `🤖 ${t("seat.bot")}` }) : null,
          msg.summary?.away?.includes(seat) ? h("span", { class: "pbot", text: `🤖 ${t("seat.away")}` }) : null,
          h(
            "span",
            { class: "pmeta" },
            h("span", { class: "hand-size", title: t("info.cards", { n: view.hand_sizes[seat] }), text: `🂠 ${view.hand_sizes[seat]}` }),
            h("span", { class: "gold-count", title: t("info.gold", { n: view.gold_cards[seat] }), text: `◆ ${view.gold_cards[seat]}` }),
          ),
        ),
        tools,
      );
      if (broken.length) li.setAttribute("title", t("info.broken", { tools: broken.map(toolName).join(", ") }));
      if (action) {
        li.tabIndex = 0;
        li.setAttribute("role", "button");
        li.setAttribute("aria-label", `${option.label}: ${name}`);
        li.dataset.action = action;
        li.addEventListener("click", () => this.act(action));
        li.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            this.act(action);
          }
        });
      }
      return li;
    });
    refill($("#players"), items);
  }

  renderHand(msg, view, option) {
    const role = $("#my-role");
    const roleKey = `${view.role}|${view.gold?.join(",")}|${msg.seat}`;
    if (role.dataset.key !== roleKey + document.documentElement.lang) {
      role.dataset.key = roleKey + document.documentElement.lang;
      if (msg.seat == null) refill(role, [h("p", { class: "spectating", text: t("info.spectating") })]);
      else {
        const gold = (view.gold || []).reduce((a, b) => a + b, 0);
        const pic = rolePicture(view.role);
        pic.setAttribute("aria-label", roleName(view.role));
        refill(role, [
          pic,
          h("div", { class: "role-text" }, h("b", { text: t("role.you", { role: roleName(view.role) }) }), h("span", { text: t("info.myGold", { v: gold }) })),
        ]);
      }
    }
    const hand = $("#hand");
    const menu = $("#card-menu");
    if (view.phase === "gold" && view.gold_offer) {
      this.handKey = null;
      const values = [...new Set(view.gold_offer)];
      refill(hand, [
        h(
          "div",
          { class: "gold-choice", role: "group", "aria-label": t("gold.title") },
          h("h3", { text: t("gold.title") }),
          h("p", { text: t("gold.choose") }),
          h(
            "div",
            { class: "gold-cards" },
            values.map((v) =>
              h(
                "button",
                { class: "gold-card", dataset: { action: `gold:${v}`, fkey: `gold-${v}` }, onclick: () => this.act(`gold:${v}`) },
                h("span", { class: "nuggets", "aria-hidden": "true", text: "◆".repeat(v) }),
                h("span", { text: t("gold.nugget", { n: v }) }),
              ),
            ),
          ),
        ),
      ]);
      menu.hidden = true;
      if (!hand.contains(document.activeElement)) this.focusAfter ??= "gold";
      return;
    }
    const handKey = JSON.stringify([view.hand, view.phase, view.gold_offer, this.sel, this.menuOpen, (view.legal || []).length, document.documentElement.lang]);
    if (handKey === this.handKey) return;
    this.handKey = handKey;
    const cards = (view.hand || []).map((card, index) => {
      const selected = this.sel?.index === index;
      const shape = selected && isPathCard(card) ? this.sel.shape : card;
      const button = h("button", {
        class: `hand-card${selected ? " selected" : ""}`,
        dataset: { card, index: String(index), fkey: `card-${index}` },
        "aria-haspopup": "menu",
        "aria-expanded": String(selected && this.menuOpen),
        "aria-label": cardName(shape),
        onclick: () => this.clickCard(index, card),
      });
      button.append(cardSvg(shape));
      return button;
    });
    if (msg.seat != null && !cards.length) cards.push(h("p", { class: "empty", text: t("info.noHand") }));
    refill(hand, cards);
    this.renderMenu(view);
  }

  renderMenu(view) {
    const menu = $("#card-menu");
    if (!this.sel || !this.menuOpen) {
      menu.hidden = true;
      menu.replaceChildren();
      return;
    }
    const { card } = this.sel;
    const items = [];
    for (const option of cardOptions(card, view)) {
      const enabled = option.actions.length > 0;
      items.push(
        h(
          "button",
          {
            role: "menuitem",
            class: `menu-item kind-${option.kind}`,
            disabled: !enabled,
            dataset: { kind: option.kind, key: option.key, fkey: `menu-${option.key}` },
            onclick: () => this.choose(option),
          },
          h("span", { text: option.label }),
          option.reason ? h("small", { text: option.reason }) : null,
        ),
      );
      if (option.kind === "place" && option.shapes.length > 1) {
        items.push(
          h("button", {
            role: "menuitem",
            class: "menu-item kind-turn",
            dataset: { kind: "turn", fkey: "menu-turn" },
            text: `⟲ ${t("menu.turn")}`,
            onclick: () => {
              this.turnCard();
              this.focusAfter = "menu-turn";
            },
          }),
        );
      }
    }
    const head = h("div", { class: "menu-head" }, cardSvg(isPathCard(card) ? this.sel.shape : card), h("b", { text: cardName(isPathCard(card) ? this.sel.shape : card) }));
    menu.replaceChildren(head, ...items);
    menu.setAttribute("aria-label", cardName(card));
    menu.hidden = false;
    const button = $(`#hand [data-index="${this.sel.index}"]`);
    const area = $(".hand-area");
    if (button && area) {
      const left = button.offsetLeft + button.offsetWidth / 2 - menu.offsetWidth / 2 - $("#hand").scrollLeft;
      menu.style.left = `${Math.max(4, Math.min(left, area.clientWidth - menu.offsetWidth - 4))}px`;
    }
  }

  renderHint(option) {
    const hint = $("#hint");
    hint.classList.toggle("active", Boolean(option));
    if (!option) {
      const myTurn = (this.view.legal || []).length > 0 && this.view.phase === "play";
      const text = myTurn ? t("hint.pick") : $("#turn-banner").textContent;
      if (hint.textContent !== text) refill(hint, [h("span", { text })]);
      return;
    }
    const texts = {
      place: t("hint.place", { card: cardName(this.sel.shape) }),
      player: t("hint.player"),
      rockfall: t("hint.rockfall"),
      map: t("hint.map"),
    };
    const parts = [h("span", { text: texts[option.kind] })];
    if (option.kind === "place" && option.shapes.length > 1) {
      parts.push(
        h(
          "button",
          { class: "small", dataset: { fkey: "hint-turn", kind: "turn" }, title: t("menu.turn"), "aria-label": t("menu.turn"), onclick: () => this.turnCard() },
          "⟲ ",
          h("span", { class: "label", text: t("menu.turn") }),
        ),
      );
    }
    parts.push(
      h("button", {
        class: "small",
        dataset: { fkey: "hint-cancel" },
        text: t("btn.cancel"),
        onclick: () => {
          this.sel.option = null;
          this.menuOpen = true;
          this.app.render();
        },
      }),
    );
    refill(hint, parts);
  }

  mazeTargets(option) {
    if (!option) return [];
    if (option.kind === "place") {
      const shape = this.sel.shape;
      return option.actions
        .filter((a) => a.startsWith(`${shape}@`))
        .map((action) => {
          const [x, y] = slotOf(action);
          return { x, y, action, kind: "slot", ghost: shape, label: `${cardName(shape)} → ${t("slot.empty", { x, y })}` };
        });
    }
    if (option.kind === "rockfall" || option.kind === "map") {
      return option.actions.map((action) => {
        const [x, y] = slotOf(action);
        const label = option.kind === "map" ? t("slot.goal", { x, y }) : t("slot.card", { card: t("card.rockfall"), x, y });
        return { x, y, action, kind: option.kind === "map" ? "goal" : "card", label };
      });
    }
    return [];
  }

  renderFeed(msg, feed, atBottom) {
    const list = $("#feed");
    const fresh = this.feed.game !== msg.game || this.feed.epoch !== feed.epoch || feed.events.length < this.feed.count;
    const from = fresh ? 0 : this.feed.count;
    const nodes = feed.events.slice(from).map((ev) =>
      h("li", { class: `ev ev-${ev.kind}${MUTED.has(ev.kind) ? " muted" : ""}`, text: eventText(ev, msg.names) }),
    );
    if (!fresh && !nodes.length) return;
    if (fresh) list.replaceChildren(...nodes);
    else list.append(...nodes);
    if (fresh || atBottom) list.scrollTop = list.scrollHeight;
    this.feed = { game: msg.game, epoch: feed.epoch, count: feed.events.length };
  }

  renderOverlay(msg, view) {
    const results = view.results || [];
    const seen = this.resultsSeen.get(msg.game) ?? 0;
    const over = view.phase === "over";
    if (over && !this.overShown.has(msg.game)) {
      this.overShown.add(msg.game);
      this.resultsSeen.set(msg.game, results.length);
      this.showOverlay(msg, view, true);
    } else if (results.length > seen) {
      this.resultsSeen.set(msg.game, results.length);
      this.showOverlay(msg, view, false);
    } else if (this.overlayFor !== null && this.overlayFor !== msg.game) {
      this.closeOverlay();
    }
  }

  showOverlay(msg, view, gameOver) {
    const overlay = $("#overlay");
    const result = view.results[view.results.length - 1];
    const parts = [];
    if (result) {
      parts.push(h("h2", { text: gameOver ? t("result.gameOver") : t("result.round", { r: result.round }) }));
      const winner =
        result.winner === "diggers"
          ? t("result.diggers", { name: msg.names[result.finder] ?? "?" })
          : result.winner === "saboteurs"
            ? t("result.saboteurs")
            : t("result.nobody");
      parts.push(h("p", { class: `winner w-${result.winner}`, text: winner }));
    }
    if (gameOver && view.winners) {
      parts.push(h("p", { class: "final", text: t("result.winners", { names: view.winners.map((s) => msg.names[s]).join(", ") }) }));
    }
    const head = h("tr", {}, h("th", { text: t("hs.name") }), h("th", { text: t("result.role", { r: result?.round ?? view.round }) }));
    if (gameOver && view.scores) head.append(h("th", { text: t("result.score") }));
    const rows = msg.names.map((name, seat) => {
      const role = result?.roles?.[seat];
      const cell = h("td", { class: "role" });
      if (role) cell.append(h("span", { class: "role-cell" }, rolePicture(role), h("span", { text: roleName(role) })));
      const row = h("tr", { class: [seat === msg.seat ? "me" : "", view.winners?.includes(seat) ? "won" : ""].join(" ") }, h("td", { text: name }), cell);
      if (gameOver && view.scores) row.append(h("td", { class: "num", text: String(view.scores[seat]) }));
      return row;
    });
    parts.push(h("table", { class: "results" }, h("thead", {}, head), h("tbody", {}, rows)));
    const buttons = h("div", { class: "buttons" });
    buttons.append(h("button", { class: gameOver ? "" : "primary", dataset: { fkey: "overlay-close" }, text: t("result.continue"), onclick: () => this.closeOverlay() }));
    if (gameOver) {
      buttons.append(h("button", { class: "primary", dataset: { fkey: "overlay-lobby" }, text: t("btn.lobby"), onclick: () => { this.closeOverlay(); this.app.go("lobby"); } }));
    }
    parts.push(buttons);
    const box = h("div", { class: "overlay-box", role: "dialog", "aria-modal": "true", "aria-label": parts[0]?.textContent ?? "" }, parts);
    overlay.replaceChildren(box);
    overlay.hidden = false;
    overlay.dataset.kind = gameOver ? "game-over" : "round";
    this.overlayFor = msg.game;
    this.focusAfter = gameOver ? "overlay-lobby" : "overlay-close";
  }

  closeOverlay() {
    const overlay = $("#overlay");
    overlay.hidden = true;
    overlay.replaceChildren();
    this.overlayFor = null;
    this.focusAfter = "hand";
  }

  applyFocus() {
    const want = this.focusAfter;
    this.focusAfter = null;
    if (!want) return;
    const typing = document.activeElement?.closest?.("input, textarea, select");
    if (typing && !["menu", "target"].includes(want) && !want.startsWith("menu-")) return;
    let target = null;
    if (want === "menu") target = $("#card-menu button:not([disabled])") || $("#card-menu button");
    else if (want === "target") target = $(".maze .target") || $("#players .target");
    else if (want === "hand") target = $("#hand button");
    else if (want === "gold") target = $("#hand .gold-card");
    else target = document.querySelector(`[data-fkey="${CSS.escape(want)}"]`);
    target?.focus({ preventScroll: want !== "target" });
  }
}
