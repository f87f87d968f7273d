// English and German texts. t(key, params) fills {name} placeholders; the choice is remembered.
// Event texts and card, tool, role, colour and rating names come from the message catalogue
// (messages.json, written from the Python package's catalogues: docs/messages.md).

import CATALOGUE from "./messages.json" with { type: "json" };
import { render } from "./messages.js";

import { chooseLang, LANGS, translate } from "./lang.js";

export { LANGS };

export const STRINGS = {
  en: {
    "app.title": "Saboteur",
    "app.tagline": "Dig for gold. Trust no dwarf.",
    "conn.connecting": "Connecting…",
    "conn.reconnecting": "Connection lost — reconnecting in {s} s…",
    "conn.online": "Online",
    "login.title": "Choose your nickname",
    "login.hint": "2–20 letters, digits, spaces or _ - .",
    "login.go": "Enter the mine",
    "lang.label": "Language",
    "me.rename": "Change nickname",
    "me.you": "You",
    "lobby.online": "Players online",
    "about.title": "How to play",
    "about.1": "Lay tunnel cards from the start towards the three face-down goals: one of them hides the gold.",
    "about.2": "Most dwarves are gold-diggers. A few are secretly saboteurs who want the tunnel to fail.",
    "about.3": "Break and repair tools, bring down rockfalls, peek at goals with a map — and watch what the others do.",
    "lobby.open": "Open games",
    "lobby.active": "Games in progress",
    "lobby.finished": "Finished games",
    "lobby.highscores": "High scores",
    "lobby.new": "New game",
    "lobby.none": "None yet.",
    "lobby.more": "and {n} more",
    "lobby.noOpen": "No open game — start one!",
    "lobby.mytable": "Your table",
    "lobby.waiting": "Waiting for players: {n} of {m} seats taken.",
    "lobby.full": "All seats are taken. The host can start.",
    "lobby.hostStarts": "All seats are taken. Waiting for {host} to start.",
    "lobby.back": "Back to your game #{id}",
    "lobby.backTitle": "Your game is running",
    "hs.name": "Player",
    "hs.gold": "Gold",
    "hs.games": "Games",
    "hs.won": "Won",
    "game.label": "Game #{id}",
    "game.players": "{n} players",
    "game.host": "host {host}",
    "game.round": "round {r}",
    "game.clock": "{s} s clock",
    "game.seatsFree": "{n} free",
    "btn.join": "Join",
    "btn.leave": "Leave",
    "btn.start": "Start",
    "btn.watch": "Watch",
    "btn.open": "Open",
    "btn.cancel": "Cancel",
    "btn.create": "Create game",
    "btn.send": "Send",
    "btn.lobby": "Lobby",
    "btn.close": "Close",
    "btn.fit": "Fit maze",
    "btn.zoomIn": "Zoom in",
    "btn.zoomOut": "Zoom out",
    "new.title": "New game",
    "new.players": "Players",
    "new.clock": "Turn clock",
    "new.noClock": "none",
    "new.seats": "Other seats",
    "new.seat": "Seat {n}",
    "new.player": "Player",
    "bot.random": "Bot: random",
    "bot.heuristic": "Bot: heuristic",
    "bot.ismcts": "Bot: ISMCTS",
    "seat.bot": "bot",
    "seat.away": "away: a bot plays",
    "new.seconds": "{s} seconds",
    "chat.title": "Chat",
    "chat.global": "Everyone",
    "chat.game": "My game",
    "chat.whisper": "Whisper to…",
    "chat.placeholder": "Say something…",
    "chat.to": "to",
    "chat.server": "Server",
    "chat.whisperTag": "whisper",
    "chat.gameTag": "game #{id}",
    "chat.nobody": "nobody else is online",
    "role.you": "You are a {role}",
    "role.hidden": "Spectator",
    "turn.yours": "Your turn!",
    "turn.other": "{name}'s turn",
    "turn.gold": "{name} is choosing gold",
    "turn.goldYours": "Choose your gold!",
    "turn.over": "Game over",
    "turn.title": "▶ Your turn — Saboteur",
    "side.players": "Players",
    "side.events": "Events",
    "side.chat": "Chat",
    "info.deck": "Deck {n}",
    "info.round": "Round {r} of {n}",
    "info.spectating": "You are watching",
    "info.hand": "Your hand",
    "info.cards": "{n} cards",
    "info.gold": "{n} gold cards",
    "info.myGold": "Your gold: {v}",
    "info.broken": "Broken: {tools}",
    "info.noHand": "No cards left in your hand.",
    "menu.place": "Lay it in the maze",
    "menu.turn": "Turn 180°",
    "menu.break": "Break a player's {tool}",
    "menu.repair": "Repair a {tool}",
    "menu.rockfall": "Rockfall: remove a card",
    "menu.map": "Look at a goal",
    "menu.discard": "Discard (pass)",
    "menu.notTurn": "Wait for your turn",
    "menu.blocked": "You have a broken tool",
    "menu.noTarget": "No possible target",
    "menu.board": "Lay it on a highlighted place",
    "menu.onPlayer": "Play it on a highlighted player",
    "hint.place": "Choose a highlighted slot for {card}. R turns it, Esc cancels.",
    "hint.player": "Choose a highlighted player. Esc cancels.",
    "hint.rockfall": "Choose a tunnel card to remove. Esc cancels.",
    "hint.map": "Choose a face-down goal to look at. Esc cancels.",
    "hint.pick": "Pick a card from your hand.",
    "hint.board": "Choose a highlighted place. Esc cancels.",
    "hint.choose": "Several moves here: choose one.",
    "gold.title": "Share out the gold",
    "gold.choose": "Take one gold card; the rest goes on to the next gold-digger.",
    "gold.nugget": "{n} gold",
    "result.round": "Round {r} is over",
    "result.diggers": "{name} reached the gold: the gold-diggers win!",
    "result.saboteurs": "The gold was not reached: the saboteurs win!",
    "result.nobody": "The gold was not reached, and there was no saboteur.",
    "result.gameOver": "The game is over",
    "result.winners": "Winner: {names}",
    "result.noWinner": "Nobody won.",
    "result.points": "Points",
    "result.score": "Gold",
    "result.role": "Role in round {r}",
    "result.continue": "Continue",
    "slot.empty": "empty slot {x},{y}",
    "slot.goal": "goal at {x},{y}",
    "slot.card": "{card} at {x},{y}",
    "goal.hidden": "face-down goal",
    "goal.seen": "You saw: {what}",
    "err.generic": "{message}",
    "err.name-taken": "That nickname is taken.",
    "err.bad-name": "That nickname is not allowed: {message}",
    "err.rate-limited": "Slow down a little.",
    "err.no-such-user": "That player is not online.",
    "err.illegal": "Not allowed: {message}",
    "new.game": "Game",
    "duel.you": "You are the {colour} dwarf",
    "duel.gold": "Gold: {v}",
    "duel.goldCards": "Gold won: {cards}",
    "duel.supply": "Left this round",
    "duel.markers": "{n} dwarf markers left",
    "duel.keys": "{n} keys left",
    "duel.aside": "{n} cards set aside",
    "duel.markerOf": "marker of the {colour} dwarf",
    "duel.keyOf": "key of the {colour} dwarf",
    "menu.key": "Lay a key on a door",
    "hint.key": "Choose a door of the other colour. Esc cancels.",
    "hint.bribe": "Choose a troll to bribe (1 gold at the round's end); then play a card. Esc cancels.",
    "act.bribe": "Bribe a troll",
    "act.discardTwo": "Pass: discard 1–2 cards…",
    "act.discardOrClear": "Discard cards (pass, or remove a sabotage card)…",
    "act.pickHint": "Pick one or two cards in your hand.",
    "act.pass": "Pass: discard and draw {n}",
    "act.clear": "Remove your broken {tool} (discard 2, draw 1)",
    "reveal.title": "A goal is turned over",
    "reveal.choose": "choose how it lies",
    "turn.reveal": "{name} chooses how the goal lies",
    "turn.revealYours": "Choose how the goal lies!",
    "goal.pending": "being turned over: {what}",
    "result.end.goals": "All goals are turned over.",
    "result.end.markers": "All dwarf markers are used.",
    "result.end.cards": "No cards are left.",
    "result.roundGold": "Gold this round",
    "result.paid": "Paid for bribes",
    "result.total": "Gold in all",
    "result.soloScore": "You found {v} gold.",
  },
  de: {
    "app.title": "Saboteur",
    "app.tagline": "Grab nach Gold. Trau keinem Zwerg.",
    "conn.connecting": "Verbinde…",
    "conn.reconnecting": "Verbindung verloren — neuer Versuch in {s} s…",
    "conn.online": "Verbunden",
    "login.title": "Wähle deinen Spielernamen",
    "login.hint": "2–20 Buchstaben, Ziffern, Leerzeichen oder _ - .",
    "login.go": "Ab in die Mine",
    "lang.label": "Sprache",
    "me.rename": "Namen ändern",
    "me.you": "Du",
    "lobby.online": "Spieler online",
    "about.title": "So wird gespielt",
    "about.1": "Legt Wegkarten vom Start zu den drei verdeckten Zielkarten: unter einer liegt das Gold.",
    "about.2": "Die meisten Zwerge sind Goldsucher. Einige sind heimlich Saboteure und wollen den Weg verhindern.",
    "about.3": "Zerbrecht und repariert Werkzeuge, löst Steinschläge aus, späht mit der Schatzkarte — und beobachtet die anderen.",
    "lobby.open": "Offene Spiele",
    "lobby.active": "Laufende Spiele",
    "lobby.finished": "Beendete Spiele",
    "lobby.highscores": "Bestenliste",
    "lobby.new": "Neues Spiel",
    "lobby.none": "Noch keine.",
    "lobby.more": "und {n} weitere",
    "lobby.noOpen": "Kein offenes Spiel — eröffne eins!",
    "lobby.mytable": "Dein Tisch",
    "lobby.waiting": "Warte auf Mitspieler: {n} von {m} Plätzen besetzt.",
    "lobby.full": "Alle Plätze sind besetzt. Der Gastgeber kann starten.",
    "lobby.hostStarts": "Alle Plätze sind besetzt. {host} startet das Spiel.",
    "lobby.back": "Zurück zu deinem Spiel #{id}",
    "lobby.backTitle": "Dein Spiel läuft",
    "hs.name": "Spieler",
    "hs.gold": "Gold",
    "hs.games": "Spiele",
    "hs.won": "Siege",
    "game.label": "Spiel #{id}",
    "game.players": "{n} Spieler",
    "game.host": "Gastgeber {host}",
    "game.round": "Runde {r}",
    "game.clock": "{s} s Zugzeit",
    "game.seatsFree": "{n} frei",
    "btn.join": "Beitreten",
    "btn.leave": "Verlassen",
    "btn.start": "Starten",
    "btn.watch": "Zuschauen",
    "btn.open": "Öffnen",
    "btn.cancel": "Abbrechen",
    "btn.create": "Spiel eröffnen",
    "btn.send": "Senden",
    "btn.lobby": "Lobby",
    "btn.close": "Schließen",
    "btn.fit": "Ganzes Labyrinth",
    "btn.zoomIn": "Vergrößern",
    "btn.zoomOut": "Verkleinern",
    "new.title": "Neues Spiel",
    "new.players": "Spieler",
    "new.clock": "Zugzeit",
    "new.noClock": "keine",
    "new.seats": "Andere Plätze",
    "new.seat": "Platz {n}",
    "new.player": "Mensch",
    "bot.random": "Bot: zufällig",
    "bot.heuristic": "Bot: heuristisch",
    "bot.ismcts": "Bot: ISMCTS",
    "seat.bot": "Bot",
    "seat.away": "abwesend: ein Bot spielt",
    "new.seconds": "{s} Sekunden",
    "chat.title": "Chat",
    "chat.global": "Alle",
    "chat.game": "Mein Spiel",
    "chat.whisper": "Flüstern an…",
    "chat.placeholder": "Schreib etwas…",
    "chat.to": "an",
    "chat.server": "Server",
    "chat.whisperTag": "geflüstert",
    "chat.gameTag": "Spiel #{id}",
    "chat.nobody": "sonst ist niemand online",
    "role.you": "Du bist {role}",
    "role.hidden": "Zuschauer",
    "turn.yours": "Du bist am Zug!",
    "turn.other": "{name} ist am Zug",
    "turn.gold": "{name} wählt Gold",
    "turn.goldYours": "Wähle dein Gold!",
    "turn.over": "Spiel beendet",
    "turn.title": "▶ Du bist am Zug — Saboteur",
    "side.players": "Spieler",
    "side.events": "Ereignisse",
    "side.chat": "Chat",
    "info.deck": "Stapel {n}",
    "info.round": "Runde {r} von {n}",
    "info.spectating": "Du schaust zu",
    "info.hand": "Deine Karten",
    "info.cards": "{n} Karten",
    "info.gold": "{n} Goldkarten",
    "info.myGold": "Dein Gold: {v}",
    "info.broken": "Kaputt: {tools}",
    "info.noHand": "Du hast keine Karten mehr.",
    "menu.place": "Ins Labyrinth legen",
    "menu.turn": "Um 180° drehen",
    "menu.break": "{tool} eines Spielers zerbrechen",
    "menu.repair": "{tool} reparieren",
    "menu.rockfall": "Steinschlag: Karte entfernen",
    "menu.map": "Zielkarte ansehen",
    "menu.discard": "Ablegen (passen)",
    "menu.notTurn": "Warte, bis du dran bist",
    "menu.blocked": "Du hast ein kaputtes Werkzeug",
    "menu.noTarget": "Kein mögliches Ziel",
    "menu.board": "Auf ein markiertes Feld legen",
    "menu.onPlayer": "Auf einen markierten Spieler spielen",
    "hint.place": "Wähle ein markiertes Feld für {card}. R dreht, Esc bricht ab.",
    "hint.player": "Wähle einen markierten Spieler. Esc bricht ab.",
    "hint.rockfall": "Wähle die Wegkarte, die verschwinden soll. Esc bricht ab.",
    "hint.map": "Wähle eine verdeckte Zielkarte. Esc bricht ab.",
    "hint.pick": "Wähle eine Karte aus deiner Hand.",
    "hint.board": "Wähle ein markiertes Feld. Esc bricht ab.",
    "hint.choose": "Hier gibt es mehrere Züge: wähle einen.",
    "gold.title": "Gold verteilen",
    "gold.choose": "Nimm eine Goldkarte; der Rest geht an den nächsten Goldsucher.",
    "gold.nugget": "{n} Gold",
    "result.round": "Runde {r} ist vorbei",
    "result.diggers": "{name} hat das Gold erreicht: die Goldsucher gewinnen!",
    "result.saboteurs": "Das Gold wurde nicht erreicht: die Saboteure gewinnen!",
    "result.nobody": "Das Gold wurde nicht erreicht, und es gab keinen Saboteur.",
    "result.gameOver": "Das Spiel ist aus",
    "result.winners": "Gewonnen: {names}",
    "result.noWinner": "Niemand hat gewonnen.",
    "result.points": "Punkte",
    "result.score": "Gold",
    "result.role": "Rolle in Runde {r}",
    "result.continue": "Weiter",
    "slot.empty": "freies Feld {x},{y}",
    "slot.goal": "Ziel bei {x},{y}",
    "slot.card": "{card} bei {x},{y}",
    "goal.hidden": "verdeckte Zielkarte",
    "goal.seen": "Du hast gesehen: {what}",
    "err.generic": "{message}",
    "err.name-taken": "Dieser Name ist schon vergeben.",
    "err.bad-name": "Dieser Name geht nicht: {message}",
    "err.rate-limited": "Nicht so schnell.",
    "err.no-such-user": "Dieser Spieler ist nicht online.",
    "err.illegal": "Nicht erlaubt: {message}",
    "new.game": "Spiel",
    "duel.you": "Du bist der Zwerg in {colour}",
    "duel.gold": "Gold: {v}",
    "duel.goldCards": "Gewonnenes Gold: {cards}",
    "duel.supply": "Übrig in dieser Runde",
    "duel.markers": "noch {n} Zwergenmarker",
    "duel.keys": "noch {n} Schlüssel",
    "duel.aside": "{n} Karten beiseitegelegt",
    "duel.markerOf": "Marker des Zwergs in {colour}",
    "duel.keyOf": "Schlüssel des Zwergs in {colour}",
    "menu.key": "Schlüssel auf eine Tür legen",
    "hint.key": "Wähle eine Tür der anderen Farbe. Esc bricht ab.",
    "hint.bribe": "Wähle einen Troll zum Bestechen (1 Gold am Rundenende); danach spielst du eine Karte. Esc bricht ab.",
    "act.bribe": "Troll bestechen",
    "act.discardTwo": "Passen: 1–2 Karten ablegen…",
    "act.discardOrClear": "Karten ablegen (passen oder Sabotagekarte entfernen)…",
    "act.pickHint": "Wähle eine oder zwei Karten aus deiner Hand.",
    "act.pass": "Passen: {n} ablegen und nachziehen",
    "act.clear": "Kaputte {tool} entfernen (2 ablegen, 1 ziehen)",
    "reveal.title": "Eine Zielkarte wird aufgedeckt",
    "reveal.choose": "wähle, wie sie liegt",
    "turn.reveal": "{name} wählt, wie die Zielkarte liegt",
    "turn.revealYours": "Wähle, wie die Zielkarte liegt!",
    "goal.pending": "wird aufgedeckt: {what}",
    "result.end.goals": "Alle Zielkarten sind aufgedeckt.",
    "result.end.markers": "Alle Zwergenmarker sind gesetzt.",
    "result.end.cards": "Es sind keine Karten mehr übrig.",
    "result.roundGold": "Gold dieser Runde",
    "result.paid": "Für Bestechung bezahlt",
    "result.total": "Gold insgesamt",
    "result.soloScore": "Du hast {v} Gold gefunden.",
  },
};

// the catalogue's names (cards, tools, roles …) are texts of t() too
for (const [key, entry] of Object.entries(CATALOGUE.texts)) for (const l of LANGS) STRINGS[l][key] ??= entry[l];
const KEY = "saboteur.lang";

/** The saved choice, else the browser's language (outside a browser, as in the unit tests: English). */
function initialLang() {
  return chooseLang(globalThis.localStorage?.getItem(KEY), globalThis.navigator?.language);
}

let lang = initialLang();

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!LANGS.includes(next)) return;
  lang = next;
  localStorage.setItem(KEY, next);
  document.documentElement.lang = next;
}

export function t(key, params = {}) {
  return translate(STRINGS, lang, key, params);
}

/** Fill every element carrying data-i18n (text), data-i18n-placeholder, data-i18n-title / -label. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute("aria-label", el.title);
  }
}

export function toolName(tool) {
  return t(`tool.${tool}`);
}

export function roleName(role) {
  return t(`role.${role}`);
}

/** The name of `card` (an id, or a shape it lies as) of `ruleset` in the chosen language (its id
 * where the catalogue has none). Each adapter names its cards with its own ruleset's name. */
export function cardNameIn(ruleset, card) {
  if (!card) return "";
  const message = CATALOGUE.cards[ruleset]?.[card];
  return message ? render(CATALOGUE.texts, message, lang) : card;
}

/** Whether the catalogue can word `message` (a plug-in ruleset's may be missing until merged). */
function known(message) {
  return Boolean(message && CATALOGUE.texts[message.key]);
}

/** Take texts and card names the server knows and this file does not (GET /api/messages:
 * plug-in rulesets' catalogues); what is here already stays. */
export function mergeCatalogue(body) {
  for (const [key, entry] of Object.entries(body?.texts ?? {})) {
    CATALOGUE.texts[key] ??= entry;
    for (const l of LANGS) if (entry[l]) STRINGS[l][key] ??= entry[l];
  }
  for (const [ruleset, cards] of Object.entries(body?.cards ?? {})) CATALOGUE.cards[ruleset] ??= cards;
}

/** An event in words: its message from the server in the chosen language (else its text). */
export function eventText(ev, names) {
  if (!ev) return "";
  return known(ev.message) ? render(CATALOGUE.texts, ev.message, lang, names) : (ev.text ?? "");
}


/** A server line of a game's chat: its message in the chosen language, else its text. */
export function serverLine(text, message = null) {
  return known(message) ? render(CATALOGUE.texts, message, lang) : text;
}
