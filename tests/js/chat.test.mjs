// The chat's lines (static/chat.js): histories, channels, and how a line reads.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { channelChoices, lineClass, lineKind, lineText, mergeHistory, tagText, timeText, whisperNames, whoText } from "../../saboteur/web/static/chat.js";
import { t } from "../../saboteur/web/static/i18n.js";

const line = (channel, at, extra = {}) => ({ channel, at, from: "Anna", text: "hi", ...extra });

describe("lineKind", () => {
  test("game lines belong to their game, others to their channel", () => {
    assert.equal(lineKind(line("game", "", { game: 7 })), 7);
    assert.equal(lineKind(line("global", "")), "global");
    assert.equal(lineKind(line("whisper", "")), "whisper");
  });
});

describe("mergeHistory", () => {
  const a = line("global", "2026-11-26T10:00:00Z", { text: "a" });
  const b = line("whisper", "2026-11-26T10:01:00Z", { text: "b" });
  const c = line("game", "2026-11-26T10:02:00Z", { game: 3, text: "c" });
  test("replaces one history and keeps the others, oldest first", () => {
    const fresh = line("global", "2026-11-26T10:03:00Z", { text: "d" });
    const merged = mergeHistory([a, b, c], "global", [fresh]);
    assert.deepEqual(merged.map((l) => l.text), ["b", "c", "d"]);
  });
  test("a game's history replaces only that game's lines", () => {
    const other = line("game", "2026-11-26T09:00:00Z", { game: 4, text: "other" });
    const merged = mergeHistory([a, c, other], 3, [line("game", "2026-11-26T09:30:00Z", { game: 3, text: "new" })]);
    assert.deepEqual(merged.map((l) => l.text), ["other", "new", "a"]);
  });
  test("lines without a time sort first; the input is not changed", () => {
    const lines = [a, b];
    const merged = mergeHistory(lines, 3, [line("game", undefined, { game: 3, text: "untimed" })]);
    assert.equal(merged[0].text, "untimed");
    assert.deepEqual(lines, [a, b]);
  });
});

describe("channelChoices", () => {
  test("my game only while I have one", () => {
    assert.deepEqual(channelChoices(null).map(([v]) => v), ["global", "whisper"]);
    assert.deepEqual(channelChoices(undefined).map(([v]) => v), ["global", "whisper"]);
    assert.deepEqual(channelChoices(0).map(([v]) => v), ["global", "game", "whisper"]);
    assert.deepEqual(channelChoices(12)[1], ["game", t("chat.game")]);
  });
});

describe("whisperNames", () => {
  test("everyone online but me, in order", () => {
    assert.deepEqual(whisperNames(["Ben", "Anna", "Carl"], "Anna"), ["Ben", "Carl"]);
    assert.deepEqual(whisperNames(["Anna"], "Anna"), []);
    assert.deepEqual(whisperNames([], "Anna"), []);
  });
  test("people of my circle come first if online, each name once", () => {
    const circle = ["Dora", "Carl", "Emil"];
    const present = new Set(["Carl", "Emil"]);
    assert.deepEqual(whisperNames(["Anna", "Ben", "Carl"], "Anna", circle, present), ["Carl", "Emil", "Ben"]);
    assert.deepEqual(whisperNames([], "Anna", circle, new Set()), []);
  });
});

describe("how a line reads", () => {
  test("a player's words stay exactly as typed, markup included (they go in as text)", () => {
    const evil = "<img src=x onerror=alert(1)>";
    assert.equal(lineText(line("global", "", { text: evil })), evil);
    assert.equal(whoText(line("global", "", { from: "<b>x</b>" })), "<b>x</b>:");
  });
  test("who: a player, a whisper from one to another, the server", () => {
    assert.equal(whoText(line("global", "")), "Anna:");
    assert.equal(whoText(line("whisper", "", { to: "Ben" })), "Anna → Ben:");
    assert.equal(whoText(line("game", "", { from: null, game: 2 })), `${t("chat.server")}:`);
  });
  test("the server's lines are passed through its translation (English: as they are)", () => {
    assert.equal(lineText(line("game", "", { from: null, text: "It is Anna's turn." })), "It is Anna's turn.");
  });
  test("a tag for whispers and game lines, none for everyone's", () => {
    assert.equal(tagText(line("global", "")), null);
    assert.equal(tagText(line("whisper", "")), t("chat.whisperTag"));
    assert.equal(tagText(line("game", "", { game: 9 })), t("chat.gameTag", { id: 9 }));
  });
  test("classes name the channel and mark the server's lines", () => {
    assert.equal(lineClass(line("whisper", "")), "chat-line ch-whisper");
    assert.equal(lineClass(line("game", "", { from: null })), "chat-line ch-game from-server");
    assert.equal(lineClass(line("global", "", { from: undefined })), "chat-line ch-global from-server");
  });
  test("the time in hours and minutes in the interface's language; nothing for a time that is none", () => {
    assert.equal(timeText("2026-11-26T16:04:00", "de"), "16:04"); // 24 hours in German
    assert.equal(timeText("2026-11-26T16:04:00", "en"), "04:04 PM");
    assert.equal(timeText("2026-11-26T21:45:00"), "09:45 PM"); // the interface's (English here), not the machine's
    assert.equal(timeText("not a time"), "");
    assert.equal(timeText(""), "");
  });
});
