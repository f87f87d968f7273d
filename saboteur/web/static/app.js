// The client's state and its one connection: messages in, views out.

import { Account, loginMessage } from "./account.js";
import { Chat } from "./chat.js";
import { GameWindow } from "./game.js";
import { applyStatic, getLang, setLang, t } from "./i18n.js";
import { Lobby, PAGE_SIZES } from "./lobby.js";
import { Connection } from "./net.js";
import { ReplayViewer, replayLink } from "./replay.js";
import {
  circleNames,
  errorText,
  mergeFinished,
  mergeGames,
  nextFeed,
  onlineRequest,
  parseRoute,
  routeHash,
  tableCounts,
  withTable,
} from "./state.js";

const ONLINE_EVERY = 5000; // ms: the online page is asked for again at most this often on news
const TOKEN = "saboteur.token";
const NAME = "saboteur.name";
const $ = (sel) => document.querySelector(sel);

/** Everything the client knows; views read it, handlers change it and call app.render(). */
const S = {
  status: "connecting",
  retryIn: 0,
  me: null,
  online: [], // a page of the names of the people online (as `onlineQuery` asked) …
  onlineCount: 0, // … of this many online in all
  onlineQuery: { search: "", page: 0 }, // the page of the online list on show
  onlinePages: 1, // pages of names matching the search
  onlineMatches: 0, // names matching the search
  present: new Set(), // of the people I always see (circleNames), those online
  tableCounts: { open: 0, active: 0 }, // tables there are (the lists may hold fewer)
  games: { open: [], active: [] },
  finished: [],
  highscores: [],
  tables: new Map(), // game id -> latest "game" message
  feeds: new Map(), // game id -> events seen, oldest first
  synced: new Set(), // games whose first message since the last welcome has come
  route: { view: "lobby", game: null },
};

class App {
  constructor() {
    this.S = S;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    this.conn = new Connection(`${proto}//${location.host}/ws`, {
      onOpen: () => this.hello(),
      onMessage: (m) => this.receive(m),
      onStatus: (status, wait) => {
        S.status = status;
        S.retryIn = wait ? Math.ceil(wait / 1000) : 0;
        this.renderStatus();
      },
    });
    this.chat = new Chat($("#chat"), (m) => this.send(m));
    this.chat.wantNames = () => this.askOnline(true); // whispering: who is online now
    this.lobby = new Lobby(this);
    this.account = new Account(this);
    this.gameWindow = new GameWindow(this);
    this.replay = new ReplayViewer(this.gameWindow, $("#replay-bar"), {
      share: (game) => replayLink(location.origin, game),
      toast: (text) => this.toast(text),
    });
    this.gameWindow.replayKeys = (event) => this.replay.key(event);
    this.replayLoading = null; // the id of the replay being fetched
    this.needLogin = false; // no token and no name yet: the login form, once not watching a replay
    this.pending = false;
    this.followsLobby = true; // the server tells a new connection of the lobby's changes
    this.startSolo = false; // the solo table just asked for is started as soon as it exists
    this.wantedName = new URLSearchParams(location.search).get("name");
    this.bindChrome();
    this.readRoute();
    if (S.route.view === "replay") this.afterRoute(); // a replay needs no hello
    window.addEventListener("hashchange", () => {
      const route = parseRoute(location.hash);
      this.go(route.view, route.game);
    });
    setLang(getLang());
    applyStatic();
    this.conn.open();
  }

  send(message) {
    if (!this.conn.send(message)) this.toast(t("conn.connecting"));
  }

  hello() {
    const token = localStorage.getItem(TOKEN);
    const name = this.wantedName || localStorage.getItem(NAME);
    if (!token && !name) {
      this.needLogin = true;
      if (S.route.view !== "replay") this.showLogin(); // a replay needs no nickname
      return;
    }
    const hello = { type: "hello" };
    if (token) hello.token = token;
    if (name) hello.name = name;
    this.conn.send(hello);
  }

  showLogin(error = "") {
    $("#login").hidden = false;
    $("#lobby").hidden = true;
    $("#game").hidden = true;
    $("#login-error").textContent = error;
    const input = $("#login-name");
    input.value = this.wantedName || localStorage.getItem(NAME) || "";
    input.focus();
  }

  // -- routing ------------------------------------------------------------------------------

  readRoute() {
    S.route = parseRoute(location.hash);
  }

  go(view, game = null) {
    const before = S.route.game;
    const watched = S.tables.get(before);
    if (before !== game && watched && watched.seat == null) {
      this.send({ type: "unwatch", game: before }); // a spectator leaving the window stops watching
      S.tables.delete(before);
    }
    const hash = routeHash(view, game);
    if (location.hash !== hash) history.pushState(null, "", hash);
    S.route = { view, game };
    this.afterRoute();
    this.render();
  }

  /** Make sure a game window has its data: seated players get it pushed, others watch; a replay
   * is fetched. */
  afterRoute() {
    const id = S.route.game;
    if (S.route.view === "replay") {
      this.loadReplay(id);
      return;
    }
    this.replay.close();
    if (S.route.view !== "game" || !S.me) return;
    if (S.tables.has(id)) return;
    const active = S.games.active.find((g) => g.id === id);
    if (active && active.seats.includes(S.me.name)) return;
    if (active || !this.followsLobby) this.send({ type: "watch", game: id }); // lists may be old
    else this.go("lobby");
    // seated: the server sends the view by itself after hello
  }

  /** Fetch a finished game's replay and show it (a game not over, or none, goes back to the lobby
   * with the server's word for it). */
  async loadReplay(id) {
    if (this.replay.data?.game === id || this.replayLoading === id) return;
    this.replayLoading = id;
    S.replay = null;
    let error = null;
    try {
      const [reply] = await Promise.all([fetch(`/api/games/${id}/replay`), this.lobby.loading]);
      if (reply.ok) S.replay = await reply.json();
      else error = (await reply.json().catch(() => ({})))?.detail;
      if (reply.status === 409) error = t("replay.notOver");
      else if (reply.status === 404) error = t("replay.none", { id });
    } catch {
      error = t("conn.connecting");
    }
    if (this.replayLoading !== id) return; // another route meanwhile
    this.replayLoading = null;
    if (S.route.view !== "replay" || S.route.game !== id) return;
    if (!S.replay) {
      this.toast(typeof error === "string" ? error : t("replay.none", { id }));
      this.go("lobby");
      return;
    }
    this.replay.open(S.replay);
    this.render();
  }

  /** The game the in-game chat talks to: the one on screen, else my seat in the lobby. */
  myGame() {
    if (S.route.view === "game") return S.route.game;
    const mine = [...S.games.active, ...S.games.open].find((g) => S.me && g.seats.includes(S.me.name));
    return mine ? mine.id : null;
  }

  // -- messages -----------------------------------------------------------------------------

  receive(m) {
    switch (m.type) {
      case "welcome":
        this.followsLobby = true;
        S.me = m.user;
        localStorage.setItem(TOKEN, m.token);
        localStorage.setItem(NAME, m.user.name);
        S.synced.clear();
        this.lists(m);
        this.chat.history("global", m.chat || []);
        this.chat.history("whisper", m.whispers || []);
        $("#login").hidden = true;
        if (this.wantedName && this.wantedName !== m.user.name) {
          this.send({ type: "rename", name: this.wantedName });
        }
        if (this.wantedName) {
          this.wantedName = null;
          history.replaceState(null, "", location.pathname + location.hash);
        }
        this.afterRoute();
        this.resumeWatching();
        this.askOnline(true);
        break;
      case "lists":
        this.lists(m);
        this.askOnline(false);
        break;
      case "games_changed":
        S.games = mergeGames(S.games, m.games, m.gone, m.hidden, S.me?.name);
        S.tableCounts = tableCounts(S.tableCounts, m);
        break;
      case "presence": {
        // the count changed (and the first page, if `online` is there): a later page, a search
        // or my circle's dots may have changed too; those are asked for, calmly
        const first = !S.onlineQuery.search && !S.onlineQuery.page;
        S.onlineCount = m.count;
        if (m.online && first) S.online = m.online;
        if (!first || this.circle().length) this.askOnline(false);
        break;
      }
      case "online": // the page asked for
        if (m.search !== S.onlineQuery.search) break; // an older search's answer
        S.onlineQuery = { search: m.search, page: m.page };
        S.online = m.names;
        S.onlinePages = m.pages;
        S.onlineMatches = m.matches;
        S.onlineCount = m.count;
        S.present = new Set(m.present);
        break;
      case "highscores": // a game has finished: the new scores, the newly finished games
        if (m.highscores) S.highscores = m.highscores;
        if (m.finished_new) {
          S.finished = mergeFinished(S.finished, m.finished_new, PAGE_SIZES.finished);
          this.lobby.finishedChanged();
        }
        this.lobby.ratings.stale(); // a game finished: ratings may have moved
        break;
      case "user":
        S.me = { ...S.me, ...m.user };
        localStorage.setItem(NAME, m.user.name);
        break;
      case "account":
        this.account.changed(m);
        break;
      case "logged-out":
        localStorage.removeItem(TOKEN);
        S.me = null;
        S.tables.clear();
        S.synced.clear();
        this.account.loggedOut();
        this.showLogin();
        break;
      case "chat":
        this.chat.add(m);
        break;
      case "chat_history":
        this.chat.history(m.game, m.lines || []);
        break;
      case "joined":
        if (m.game.status !== "open") this.go("game", m.game.id);
        else if (this.startSolo && m.game.players === 1 && m.game.host === S.me?.name) {
          this.startSolo = false;
          this.send({ type: "start", game: m.game.id });
        }
        break;
      case "left":
        S.tables.delete(m.game);
        if (S.route.game === m.game) this.go("lobby");
        break;
      case "game":
        this.gameMessage(m);
        break;
      case "table": {
        // a seat's player went away or came back, or someone was renamed: at once
        const updated = withTable(S.tables.get(m.game), m);
        if (updated) S.tables.set(m.game, updated);
        break;
      }
      case "error":
        this.error(m);
        break;
      default:
        break;
    }
    this.render();
  }

  /** Ask for the online list's page on show (and which of my circle are online): at once when
   * `now`, else at most every ONLINE_EVERY ms (news of the crowd must not cost a request each). */
  askOnline(now) {
    const due = (this.onlineAskedAt ?? 0) + ONLINE_EVERY;
    if (!now && Date.now() < due) {
      if (!this.onlineTimer) this.onlineTimer = setTimeout(() => this.askOnline(true), due - Date.now());
      return;
    }
    clearTimeout(this.onlineTimer);
    this.onlineTimer = null;
    this.onlineAskedAt = Date.now();
    this.send(onlineRequest(S.onlineQuery, this.circle()));
  }

  /** Look for `search` in the online list (page 0), or turn to `page` of the same search. */
  searchOnline(search, page = 0) {
    S.onlineQuery = { search, page };
    this.askOnline(true);
  }

  circle() {
    return S.me ? circleNames(S.games, S.tables, this.chat.whispers(), S.me.name) : [];
  }

  lists(m) {
    if (m.online) {
      if (!S.onlineQuery.search && !S.onlineQuery.page) S.online = m.online;
      S.onlineCount = m.online_count ?? m.online.length;
    }
    if (m.games) S.games = m.games;
    S.tableCounts = tableCounts(S.tableCounts, m);
    if (m.finished) {
      S.finished = m.finished;
      this.lobby.finishedChanged(); // a page read before (over HTTP) may be out of date
    }
    if (m.highscores) {
      S.highscores = m.highscores;
      this.lobby.ratings.stale(); // games may have finished while the lobby was not shown
    }
  }

  resumeWatching() {
    // a spectator's window survives a reconnect: watch again
    const id = S.route.game;
    const known = S.tables.get(id);
    if (S.route.view === "game" && known && known.seat == null) {
      this.send({ type: "watch", game: id });
    }
  }

  gameMessage(m) {
    const id = m.game;
    const before = S.tables.get(id);
    const firstSinceWelcome = !S.synced.has(id);
    S.synced.add(id);
    if (before && m.seq < before.seq) return; // an older message overtaken by a newer one
    S.tables.set(id, m);
    S.feeds.set(id, nextFeed(S.feeds.get(id), m.events, firstSinceWelcome));
    // a game I was waiting for has started: go to the table
    const waiting = S.games.open.some((g) => g.id === id);
    if (m.seat != null && S.route.view === "lobby" && (m.seq === 0 || waiting) && !before) {
      this.go("game", id);
    }
  }

  error(m) {
    if (m.code === "bad-token") {
      localStorage.removeItem(TOKEN);
      this.hello();
      return;
    }
    if (this.account.takes(m, Boolean(S.me))) return; // the login screen's or the account dialog's
    if (m.code === "stale" || m.code === "conflict") return; // the fresh view is on its way
    if (m.code === "no-such-game" && S.route.view === "game" && !S.tables.has(S.route.game)) {
      this.go("lobby"); // a game window asked for a game that is over
    }
    this.toast(errorText(m.code, m.message));
  }

  toast(text) {
    const box = $("#toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      box.hidden = true;
    }, 4500);
  }

  // -- drawing ------------------------------------------------------------------------------

  render() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.draw();
    });
  }

  draw() {
    this.renderStatus();
    $("#me-name").textContent = S.me ? S.me.name : "";
    $("#rename-btn").hidden = !S.me;
    this.account.renderHeader(S.me);
    if (S.route.view === "replay") {
      this.drawReplay();
      return;
    }
    if (!S.me) {
      if (this.needLogin && $("#login").hidden) this.showLogin();
      return;
    }
    const inGame = S.route.view === "game" && S.tables.has(S.route.game);
    const loading = S.route.view === "game" && !inGame; // the view is on its way: show neither
    $("#lobby").hidden = inGame || loading;
    this.followLobby(!(inGame || loading));
    $("#game").hidden = !inGame;
    document.body.dataset.view = inGame ? "game" : "lobby";
    delete document.body.dataset.replay;
    const slot = inGame ? $("#game-chat-slot") : $("#lobby-chat-slot");
    const moved = this.chat.root.parentElement !== slot;
    if (moved) slot.append(this.chat.root);
    this.chat.setContext({ me: S.me.name, online: S.online, game: this.myGame(), circle: this.circle(), present: S.present });
    if (moved && inGame) this.chat.useGameChannel();
    if (inGame) this.gameWindow.render(S.tables.get(S.route.game), S.feeds.get(S.route.game));
    else if (!loading) {
      this.gameWindow.leave();
      this.lobby.render();
    }
  }

  /** A finished game's replay on screen (once fetched): the game window, drawn by the replay. */
  drawReplay() {
    const ready = this.replay.data != null && this.replay.data.game === S.route.game;
    $("#login").hidden = true;
    $("#lobby").hidden = true;
    $("#game").hidden = !ready;
    document.body.dataset.view = ready ? "game" : "lobby";
    document.body.dataset.replay = "true";
    if (S.me) this.followLobby(false);
    if (ready) this.replay.show();
  }

  /** Tell the server whether the lobby is on screen: only then does it send the tables and
   * high scores as they change; coming back, it sends them as they are now (`lists`). */
  followLobby(follow) {
    if (follow === this.followsLobby) return;
    if (this.conn.send({ type: "lobby", follow })) this.followsLobby = follow;
  }

  renderStatus() {
    for (const button of document.querySelectorAll("[data-lang]")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === getLang()));
    }
    const box = $("#conn");
    box.dataset.status = S.status;
    box.textContent =
      S.status === "open"
        ? t("conn.online")
        : S.status === "closed"
          ? t("conn.reconnecting", { s: S.retryIn })
          : t("conn.connecting");
  }

  bindChrome() {
    for (const button of document.querySelectorAll("[data-lang]")) {
      button.addEventListener("click", () => {
        setLang(button.dataset.lang);
        applyStatic();
        this.chat.redraw();
        this.gameWindow.relabel();
        this.replay.relabel();
        this.render();
      });
    }
    $("#login-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = $("#login-name").value.trim();
      if (!name) return;
      localStorage.setItem(NAME, name);
      this.conn.send(loginMessage(name, $("#login-password").value));
    });
    const rename = $("#rename-dialog");
    $("#rename-btn").addEventListener("click", () => {
      $("#rename-name").value = S.me?.name || "";
      rename.showModal();
    });
    $("#rename-form").addEventListener("submit", (event) => {
      if (event.submitter?.value === "cancel") return;
      const name = $("#rename-name").value.trim();
      if (name) this.send({ type: "rename", name });
    });
    $("#toast").addEventListener("click", () => {
      $("#toast").hidden = true;
    });
  }
}

window.saboteur = new App();
