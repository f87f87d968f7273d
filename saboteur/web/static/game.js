// The game window: maze, players, my hand with its card menu, the gold choice, results, event feed.
// What may be done comes from view.legal only; the client never judges a rule itself.
// What differs between rulesets (card art, card menu, players, results) comes from the ruleset's
// client adapter (rules.js); where it has none, or no hook, the generic adapter draws the view's board.
// Maze and player targets come with their slot or seat from view.board.targets.

import { icon } from "./icons.js";
import { actionIndex, onSlot, seatActions, slotGroups, targetsOf } from "./board-targets.js";
import { placesOf, STRINGS, t } from "./i18n.js";
import { moveFocus } from "./keys.js";
import { pointerKey, touchPointer } from "./pointer.js";
import { botBadge, h, refill } from "./lobby.js";
import { MazeView } from "./maze.js";
import { panelFor } from "./results.js";
import { rulesFor } from "./rules.js";
import { becameMine, TurnSignal } from "./turn-signal.js";

const $ = (sel) => document.querySelector(sel);
const MUTED = new Set(["draw", "drew", "deal", "discard", "gold-value", "peek"]);
const ANNOUNCED = 20; // the event lines the screen readers' live region keeps

/** The players a menu line can be played on: seat -> its action, from the board's targets. */
export function playerTargets(option, targets) {
  return option ? seatActions(option.actions, actionIndex(targets)) : new Map();
}

/**
 * What a menu line points at in the maze, each at the slot its board target names: a path card's
 * free slots in its current orientation `shape` (with the card shown faintly there); a generic
 * line's slots, each with every action on it; else the cards or goals a rockfall, map, key or
 * bribe acts on. Players are no maze targets (see playerTargets).
 */
export function mazeTargets(option, shape, cardName, targets, places = placesOf(null)) {
  if (!option || option.kind === "player") return [];
  const index = actionIndex(targets);
  if (option.kind === "board") {
    return slotGroups(option.actions, index).map(({ x, y, actions }) => {
      const card = index.get(actions[0]).hand_card;
      const where = t("slot.empty", { where: places.where(x, y) });
      return { x, y, action: actions[0], actions, kind: "slot", label: card == null ? where : `${cardName(card)} → ${where}` };
    });
  }
  const place = option.kind === "place";
  const actions = place ? (option.byShape[shape] ?? []) : option.actions;
  return actions
    .filter((action) => index.has(action) && onSlot(index.get(action)))
    .map((action) => {
      const { x, y } = index.get(action);
      if (place) return { x, y, action, kind: "slot", ghost: shape, label: `${cardName(shape)} → ${t("slot.empty", { where: places.where(x, y) })}` };
      const label = option.kind === "map" ? t("slot.goal", { goal: places.slot(x, y) }) : t("slot.card", { card: option.label, where: places.where(x, y) });
      return { x, y, action, kind: option.kind === "map" ? "goal" : "card", label };
    });
}

/** The orientation to lay a path card in: `shape` if it fits somewhere, else one of the line's that does. */
export function placeShape(option, shape) {
  const has = (s) => option.byShape[s]?.length > 0;
  return has(shape) ? shape : (option.shapes.find(has) ?? shape);
}

/** Whole seconds left on a turn clock of `seconds` started at `start` (ms), never below 0. */
export function clockLeft(seconds, start, now) {
  return Math.max(0, seconds - Math.floor((now - start) / 1000));
}

export { touchPointer };

/** The key of the hint for choosing a target of `kind`: a touch wording where there is one
 * (`strings`: the English texts, which have every key). */
export function hintKey(kind, touch, strings) {
  return pointerKey(`hint.${kind}`, strings, touch);
}

/** The class of an event's line in the feed: private or routine events are muted. */
export function feedClass(kind) {
  return `ev ev-${kind}${MUTED.has(kind) ? " muted" : ""}`;
}

export class GameWindow {
  constructor(app) {
    this.app = app;
    this.maze = new MazeView($("#maze-host"), (actions, target) => this.pickTarget(actions, target));
    this.msg = null;
    this.sel = null; // {index, card, shape, option}
    this.menuOpen = false;
    this.focusAfter = null;
    this.feed = { game: null, epoch: null, count: 0 };
    this.resultsSeen = new Map(); // game id -> results already shown
    this.overShown = new Set();
    this.overlayFor = null;
    this.wasMyTurn = false;
    this.rules = rulesFor(null);
    this.choosing = null; // several actions on one slot: {actions} to choose from
    this.picking = false; // choosing hand cards to discard (a pass of 1–2, or clearing sabotage)
    this.picked = []; // their indices
    this.walkPlan = null; // the steps of a walk still to send, one per new view (see darkcave.js)
    $("#to-lobby").addEventListener("click", () => app.go("lobby"));
    $("#zoom-in").addEventListener("click", () => this.maze.zoom(1 / 1.25));
    $("#zoom-out").addEventListener("click", () => this.maze.zoom(1.25));
    $("#fit").addEventListener("click", () => this.maze.fit());
    document.addEventListener("keydown", (event) => this.key(event));
    this.signal = new TurnSignal(document, (text) => app.toast(text), t);
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
    const left = clockLeft(this.clock.seconds, this.clock.start, Date.now());
    box.hidden = false;
    box.textContent = `⏱ ${left} s`;
    box.classList.toggle("urgent", left <= 10 && (view.legal || []).length > 0);
  }

  get view() {
    return this.msg?.view;
  }

  act(action) {
    if (!this.msg || this.msg.replay) return; // a replay is watched, not played
    this.app.send({ type: "act", game: this.msg.game, action, seq: this.msg.seq });
    this.sel = null;
    this.menuOpen = false;
    this.picking = false;
    this.picked = [];
    this.choosing = null;
    this.focusAfter = "hand";
    this.app.render();
  }

  /** A target in the maze was chosen: the adapter's if it takes it (a walk of several steps); else its
   * one action is sent; several (e.g. two orientations) are offered to choose from. */
  pickTarget(actions, target = null) {
    if (this.rules.pickTarget?.(this, target)) return;
    if (actions.length === 1) {
      this.act(actions[0]);
      return;
    }
    this.choosing = { actions };
    this.focusAfter = "choice-0";
    this.app.render();
  }

  /** Start or stop picking hand cards to discard together. */
  setPicking(on) {
    this.picking = on;
    this.picked = [];
    this.sel = null;
    this.menuOpen = false;
    this.focusAfter = on ? "hand" : "act-discard";
    this.app.render();
  }

  /** A choice that needs no hand card (the Duel's bribe): its targets show in the maze. */
  chooseTable(key) {
    this.sel = { index: null, card: null, shape: null, option: key };
    this.menuOpen = false;
    this.picking = false;
    this.focusAfter = "target";
    this.app.render();
  }

  key(event) {
    if (document.body.dataset.view !== "game" || event.defaultPrevented) return;
    const typing = event.target.closest?.("input, textarea, select");
    if (this.msg?.replay && this.replayKeys?.(event)) {
      event.preventDefault();
      return;
    }
    if (!typing && this.msg && !this.msg.replay && this.rules.key?.(this, event)) {
      event.preventDefault();
      return;
    }
    if (!typing && event.key.startsWith("Arrow") && moveFocus(document.activeElement, event.key)) {
      event.preventDefault();
      return;
    }
    if (event.key === "Escape") {
      if (document.querySelector("dialog[open]")) return;
      if (!$("#overlay").hidden) {
        this.closeOverlay();
      } else if (this.choosing) {
        this.choosing = null;
        this.focusAfter = "target";
      } else if (this.picking) {
        this.setPicking(false);
        return;
      } else if (this.sel?.option && this.sel.card == null) {
        this.sel = null;
        this.focusAfter = "hand";
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
    } else if ((event.key === "r" || event.key === "R") && !typing && this.sel?.card && this.rules.isPathCard(this.sel.card)) {
      event.preventDefault();
      this.turnCard();
    }
  }

  turnCard() {
    const other = this.rules.turned(this.sel.shape);
    if (other === this.sel.shape) return;
    this.sel.shape = other;
    this.app.render();
  }

  clickCard(index, card) {
    if (this.msg?.replay) return;
    if (this.picking) {
      const at = this.picked.indexOf(index);
      if (at >= 0) this.picked.splice(at, 1);
      else if (this.picked.length < 2) this.picked.push(index);
      this.focusAfter = `card-${index}`;
      this.app.render();
      return;
    }
    const placing = this.sel?.index === index && !this.menuOpen && this.currentOption();
    if (placing?.kind === "place" && placing.shapes.length > 1) {
      this.turnCard(); // the card tapped again while its places show: turned (R on a keyboard)
      return;
    }
    if (this.sel && this.sel.index === index && this.menuOpen) {
      this.sel = null;
      this.menuOpen = false;
      this.focusAfter = `card-${index}`;
    } else {
      this.sel = { index, card, shape: card, option: null };
      this.menuOpen = true;
      this.focusAfter = "menu";
      if (this.rules.targetsAtOnce) this.sel.option = this.rules.cardOptions(card, this.view).find((o) => o.kind === "board" && o.actions.length)?.key ?? null;
    }
    this.choosing = null;
    this.app.render();
  }

  choose(option) {
    if (!option.actions.length) return;
    if (option.kind === "discard" || option.immediate) {
      this.act(option.actions[0]);
      return;
    }
    this.sel.option = option.key;
    this.menuOpen = false;
    if (option.kind === "place") this.sel.shape = placeShape(option, this.sel.shape);
    this.focusAfter = "target";
    this.app.render();
  }

  leave() {
    if (this.msg) {
      this.msg = null;
      this.sel = null;
      this.picking = false;
      this.picked = [];
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
    this.rules = rulesFor(msg.view.ruleset);
    this.described = this.app.lobby.ruleset(msg.view.ruleset); // its descriptor: the card catalogue
    if (this.msg?.game !== msg.game || this.msg?.seq !== msg.seq) {
      this.picking = false; // a move was made: a discard choice starts afresh
      this.picked = [];
      this.choosing = null;
    }
    if (this.msg?.game !== msg.game) {
      this.sel = null;
      this.menuOpen = false;
      if (!this.resultsSeen.has(msg.game)) this.resultsSeen.set(msg.game, msg.view.results?.length ?? 0);
    }
    const before = this.msg ? { game: this.msg.game, mine: this.wasMyTurn } : null;
    this.msg = msg;
    const view = msg.view;
    this.checkSelection(view);
    const option = this.currentOption();
    const myTurn = (view.legal || []).length > 0;
    document.body.dataset.myTurn = String(myTurn);
    document.body.dataset.seq = String(msg.seq);
    document.title = myTurn ? t("turn.title") : `${msg.replay ? (msg.replayOf ? t("replay.title", { id: msg.replayOf }) : t("replay.label")) : t("game.label", { id: msg.game })} — ${t("app.title")}`;
    this.wasMyTurn = myTurn;
    if (becameMine(before, { game: msg.game, mine: myTurn, replay: msg.replay })) this.signal.ring(msg.game, t("game.label", { id: msg.game }));

    const list = $("#feed");
    const feedAtBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 30;
    this.renderBar(msg, view, myTurn);
    this.renderPlayers(msg, view, option);
    this.renderHand(msg, view, option);
    this.renderPanel(view);
    this.renderHint(option);
    this.maze.update(msg.game, view, this.mazeTargets(option), this.rules, msg.names);
    this.renderFeed(msg, feed, feedAtBottom);
    this.renderOverlay(msg, view);
    this.applyFocus();
    this.rules.afterRender?.(this, msg); // e.g. the next step of a walk chosen by one click
  }

  checkSelection(view) {
    const hand = view.hand || [];
    if (!this.sel) return;
    const cardGone = this.sel.card != null && hand[this.sel.index] !== this.sel.card;
    if (cardGone || !this.rules.handPlays(view)) {
      this.sel = null;
      this.menuOpen = false;
      return;
    }
    const option = this.currentOption();
    if (this.sel.option && (!option || !option.actions.length)) this.sel.option = null;
    if (this.sel.card == null && !this.sel.option) this.sel = null; // a bribe no longer possible
  }

  currentOption() {
    if (!this.sel?.option || !this.view) return null;
    const options = this.sel.card == null ? (this.rules.tableOptions?.(this.view) ?? []) : this.rules.cardOptions(this.sel.card, this.view);
    return options.find((o) => o.key === this.sel.option) || null;
  }

  renderBar(msg, view, myTurn) {
    $("#game-title").textContent = msg.replay ? (msg.replayOf ? t("replay.title", { id: msg.replayOf }) : t("replay.label")) : t("game.label", { id: msg.game });
    const round = $("#round-info");
    round.hidden = view.round == null;
    round.textContent = round.hidden ? "" : t("info.round", { r: view.round, n: view.rounds });
    const deck = $("#deck-info");
    deck.hidden = view.deck_size == null;
    deck.textContent = deck.hidden ? "" : t("info.deck", { n: view.deck_size });
    const clockKey = `${msg.game}:${msg.seq}`;
    if (this.clock.key !== clockKey) this.clock = { key: clockKey, start: Date.now(), seconds: msg.summary?.clock || 0 };
    this.tick();
    const banner = $("#turn-banner");
    const name = view.current != null ? msg.names[view.current] : "";
    let text = view.phase === "over" ? t("turn.over") : this.rules.banner(view, msg, myTurn, name);
    text ??= view.current === msg.seat && !msg.replay ? t("turn.yours") : t("turn.other", { name });
    banner.textContent = text;
    banner.classList.toggle("mine", myTurn);
  }

  renderPlayers(msg, view, option) {
    const targets = playerTargets(option, targetsOf(view));
    const seatViews = msg.views ?? null; // a replay: each seat's own view, everything shown
    const key = JSON.stringify([view.ruleset, msg.names, msg.seat, view.current, this.rules.playersKey(view), view.broken, view.hand_sizes, [...targets], option?.label, document.documentElement.lang, msg.summary?.bots, msg.summary?.away, seatViews?.map((v) => [this.rules.playersKey(v), v.hand])]);
    if (key === this.playersKey) return;
    this.playersKey = key;
    const items = msg.names.map((name, seat) => {
      const me = seat === msg.seat && !seatViews;
      const own = seatViews?.[seat] ?? view; // the view the row is drawn from
      const action = targets.get(seat);
      const li = h("li", {
        class: ["player", seat === view.current ? "current" : "", me ? "me" : "", seatViews && seat === msg.seat ? "eyes" : "", action ? "target" : "", option?.kind === "player" && !action ? "dim" : ""].join(" "),
        dataset: { seat: String(seat), fkey: `player-${seat}` },
      });
      const avatar = h("div", { class: "avatar" }, this.rules.avatar(own, seat, me || Boolean(seatViews), name));
      const sabotage = this.rules.sabotage(own, seat);
      const tools = h("div", { class: "tools" }, sabotage.icons);
      li.append(
        h("span", { class: "turn-mark", "aria-hidden": "true", text: seat === view.current ? "▶" : "" }),
        avatar,
        h(
          "div",
          { class: "pinfo" },
          h("span", { class: "pname", text: me ? `${name} (${t("me.you")})` : name }),
          msg.summary?.bots?.[seat] ? h("span", { class: "pbot" }, icon("bot"), ` ${botBadge(msg.summary.bots[seat])}`) : null,
          msg.summary?.away?.includes(seat) ? h("span", { class: "pbot" }, icon("bot"), ` ${t("seat.away")}`) : null,
          h("span", { class: "pmeta" }, this.rules.meta(own, seat)),
          seatViews ? this.seatHand(own) : null,
        ),
        tools,
      );
      if (sabotage.title) li.setAttribute("title", sabotage.title);
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

  /** A seat's hand in a replay's players panel: small cards, named. */
  seatHand(view) {
    const cards = (view.hand ?? []).map((card) => h("span", { class: "mini-card", title: this.rules.cardName(card), role: "img", "aria-label": this.rules.cardName(card) }, this.rules.cardSvg(card, this.described)));
    return h("span", { class: "seat-hand", dataset: { cards: String(cards.length) } }, cards);
  }

  renderHand(msg, view, option) {
    const rules = this.rules;
    const role = $("#my-role");
    const roleKey = `${view.ruleset}|${rules.myInfoKey(msg, view)}|${msg.seat}|${document.documentElement.lang}|${msg.replay ? msg.names.join() : ""}`;
    if (role.dataset.key !== roleKey) {
      role.dataset.key = roleKey;
      const watching = [h("p", { class: "spectating", text: t("info.spectating") }), ...(rules.spectatorInfo?.(view) ?? [])];
      const seen = msg.replay ? [h("p", { class: "replay-eyes-name", text: t("replay.handOf", { name: msg.names[msg.seat] ?? "" }) })] : [];
      refill(role, msg.seat == null ? watching : [...seen, ...rules.myInfo(msg, view)]);
    }
    const hand = $("#hand");
    const menu = $("#card-menu");
    const special = rules.handOverride?.(this, view); // the gold to take, a goal's orientation
    if (special) {
      this.handKey = null;
      refill(hand, special);
      menu.hidden = true;
      if (!hand.contains(document.activeElement)) this.focusAfter ??= "special";
      return;
    }
    const handKey = JSON.stringify([view.ruleset, Boolean(this.described), view.hand, view.phase, this.sel, this.menuOpen, this.picking, this.picked, (view.legal || []).length, document.documentElement.lang]);
    if (handKey === this.handKey) return;
    this.handKey = handKey;
    const cards = (view.hand || []).map((card, index) => {
      const selected = this.sel?.index === index;
      const picked = this.picked.includes(index);
      const shape = selected && rules.isPathCard(card) ? this.sel.shape : card;
      const button = h("button", {
        class: `hand-card${selected ? " selected" : ""}${picked ? " picked" : ""}`,
        dataset: { card, index: String(index), fkey: `card-${index}` },
        "aria-haspopup": this.picking ? false : "menu",
        "aria-pressed": this.picking ? String(picked) : false,
        "aria-expanded": this.picking ? false : String(selected && this.menuOpen),
        "aria-label": rules.cardName(shape),
        onclick: () => this.clickCard(index, card),
      });
      button.append(rules.cardSvg(shape, this.described));
      return button;
    });
    if (msg.seat != null && !cards.length) cards.push(h("p", { class: "empty", text: t("info.noHand") }));
    refill(hand, cards);
    this.renderMenu(view);
  }

  /** The ruleset's turn options that need no card menu (the Duel's bribe, discard two, pass). */
  renderPanel(view) {
    const panel = $("#table-actions");
    const key = JSON.stringify([view.ruleset, view.legal, view.phase, this.picking, this.picked, document.documentElement.lang]);
    if (panel.dataset.key === key) return;
    panel.dataset.key = key;
    const items = this.rules.panel?.(this, view) ?? [];
    refill(panel, items);
    panel.hidden = !items.length;
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
    for (const option of this.rules.cardOptions(card, view)) {
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
    const shown = this.rules.isPathCard(card) ? this.sel.shape : card;
    const head = h("div", { class: "menu-head" }, this.rules.cardSvg(shown, this.described), h("b", { text: this.rules.cardName(shown) }));
    menu.replaceChildren(head, ...items);
    menu.setAttribute("aria-label", this.rules.cardName(card));
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
    if (this.choosing) {
      hint.classList.add("active");
      refill(hint, this.choiceButtons());
      return;
    }
    hint.classList.toggle("active", Boolean(option));
    if (!option) {
      const myTurn = (this.view.legal || []).length > 0 && this.rules.handPlays(this.view);
      const text = myTurn ? t("hint.pick") : $("#turn-banner").textContent;
      if (hint.textContent !== text) refill(hint, [h("span", { text })]);
      return;
    }
    const key = hintKey(option.kind, touchPointer(), STRINGS.en);
    const text = t(key, option.kind === "place" ? { card: this.rules.cardName(this.sel.shape) } : {});
    const parts = [h("span", { text })];
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
          if (this.sel.card == null) this.sel = null;
          else {
            this.sel.option = null;
            this.menuOpen = true;
          }
          this.app.render();
        },
      }),
    );
    refill(hint, parts);
  }

  /** The actions sharing the chosen slot, each a button, and a way back. */
  choiceButtons() {
    const buttons = this.choosing.actions.map((action, i) =>
      h("button", { class: "small choice", dataset: { action, fkey: `choice-${i}` }, text: this.rules.choiceLabel(action, this.view, this.msg?.names ?? []), onclick: () => this.act(action) }),
    );
    const cancel = h("button", { class: "small", dataset: { fkey: "choice-cancel" }, text: t("btn.cancel"), onclick: () => { this.choosing = null; this.app.render(); } });
    return [h("span", { text: t("hint.choose") }), ...buttons, cancel];
  }

  mazeTargets(option) {
    const targets = mazeTargets(option, this.sel?.shape, this.rules.cardName, targetsOf(this.view), placesOf(this.view?.board));
    return this.rules.mazeTargets ? this.rules.mazeTargets(this, option, targets) : targets;
  }

  renderFeed(msg, feed, atBottom) {
    const list = $("#feed");
    const fresh = this.feed.game !== msg.game || this.feed.epoch !== feed.epoch || feed.events.length < this.feed.count;
    const from = fresh ? 0 : this.feed.count;
    const said = (ev) => {
      const text = this.rules.eventText(ev, msg.names);
      // a replay shows every seat's private events, each with whom it was for
      return msg.replay && ev.to != null ? t("replay.private", { name: msg.names[ev.to] ?? "", text }) : text;
    };
    const nodes = feed.events.slice(from).map((ev) => h("li", { class: feedClass(ev.kind), text: said(ev) }));
    if (fresh) list.replaceChildren(...nodes);
    else list.append(...nodes);
    this.announce(fresh ? [] : nodes.map((node) => node.textContent), fresh);
    this.renderTurnLine(list, msg);
    if (fresh || (atBottom && nodes.length)) list.scrollTop = list.scrollHeight;
    this.feed = { game: msg.game, epoch: feed.epoch, count: feed.events.length };
  }

  /** The event log's new lines, for screen readers (the quiet live region #announcer): not a log
   * drawn afresh (a game entered, another language), which would be read out whole. */
  announce(lines, fresh) {
    const region = $("#announcer");
    if (fresh) region.replaceChildren();
    region.append(...lines.map((text) => h("p", { text })));
    while (region.childElementCount > ANNOUNCED) region.firstElementChild.remove();
  }

  /** Whose turn it is, as the one quiet last line of the event log (changed, never added to);
   * hidden from screen readers, which hear the bar's banner. */
  renderTurnLine(list, msg) {
    let line = list.querySelector(".ev-turn-now");
    if (msg.replay || msg.view.phase === "over") {
      line?.remove();
      return;
    }
    line ??= h("li", { class: "ev ev-turn-now muted", "aria-hidden": "true" });
    line.textContent = $("#turn-banner").textContent;
    if (list.lastElementChild !== line) list.append(line);
  }

  renderOverlay(msg, view) {
    const results = view.results || [];
    const panel = panelFor(view, this.resultsSeen.get(msg.game) ?? 0, this.overShown.has(msg.game));
    if (view.phase === "gold" && this.overlayFor === msg.game && $("#overlay").dataset.kind === "round") {
      this.closeOverlay(); // the gold choice is never covered; the round's panel follows it
    }
    if (panel === "game-over") this.overShown.add(msg.game);
    if (panel) {
      this.resultsSeen.set(msg.game, results.length);
      this.showOverlay(msg, view, panel === "game-over");
    } else if (this.overlayFor !== null && this.overlayFor !== msg.game) {
      this.closeOverlay();
    }
  }

  showOverlay(msg, view, gameOver) {
    const overlay = $("#overlay");
    const parts = this.rules.result(msg, view, gameOver);
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
    delete overlay.dataset.kind; // nothing shown: no longer a game's end (or a round's)
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
    else if (want === "special") target = $("#hand .gold-card");
    else target = document.querySelector(`[data-fkey="${CSS.escape(want)}"]`);
    target?.focus({ preventScroll: want !== "target" });
  }
}
