// The WebSocket connection (static/net.js): back-off, jitter, and reconnecting, against a fake socket.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";

import { Connection, MAX_DELAY, MIN_DELAY, backOff, jittered } from "../../saboteur/web/static/net.js";

describe("backOff and jittered", () => {
  test("the delay doubles up to the maximum", () => {
    const delays = [MIN_DELAY];
    while (delays.length < 8) delays.push(backOff(delays.at(-1)));
    assert.deepEqual(delays, [500, 1000, 2000, 4000, 8000, 10000, 10000, 10000]);
    assert.equal(backOff(MAX_DELAY), MAX_DELAY);
  });
  test("the wait is the delay give or take 20%, in whole milliseconds", () => {
    assert.equal(jittered(1000, 0), 800);
    assert.equal(jittered(1000, 0.5), 1000);
    assert.equal(jittered(1000, 0.999999), 1200);
    assert.equal(jittered(333, 0.5), 333);
    assert.ok(Number.isInteger(jittered(777, 0.123)));
  });
});

/** A stand-in for the browser's WebSocket: records what is sent, and lets a test open or close it. */
class FakeSocket {
  static OPEN = 1;
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.listeners = {};
    FakeSocket.made.push(this);
  }
  addEventListener(type, fn) {
    (this.listeners[type] ??= []).push(fn);
  }
  emit(type, event = {}) {
    for (const fn of this.listeners[type] ?? []) fn(event);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.emit("open");
  }
  close() {
    this.readyState = 3;
    this.emit("close");
  }
  send(data) {
    this.sent.push(data);
  }
}

/** Timers run by hand: `tick(ms)` lets that much time pass (works the same on Node 18, 20 and 22). */
class FakeClock {
  constructor() {
    this.now = 0;
    this.timers = new Map();
    this.next = 1;
  }
  setTimeout(fn, wait) {
    const id = this.next++;
    this.timers.set(id, { fn, at: this.now + wait });
    return id;
  }
  clearTimeout(id) {
    this.timers.delete(id);
  }
  tick(ms) {
    this.now += ms;
    for (const [id, timer] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > this.now || !this.timers.has(id)) continue;
      this.timers.delete(id);
      timer.fn();
    }
  }
}

describe("Connection", () => {
  let calls;
  let connection;
  let clock;
  beforeEach(() => {
    FakeSocket.made = [];
    globalThis.WebSocket = FakeSocket;
    clock = new FakeClock();
    mock.method(globalThis, "setTimeout", (fn, wait) => clock.setTimeout(fn, wait));
    mock.method(globalThis, "clearTimeout", (id) => clock.clearTimeout(id));
    mock.method(Math, "random", () => 0.5); // no jitter: waits equal the delays
    calls = [];
    connection = new Connection("ws://test/ws", {
      onOpen: () => calls.push(["open"]),
      onMessage: (m) => calls.push(["message", m]),
      onStatus: (status, wait) => calls.push(["status", status, wait]),
    });
  });
  afterEach(() => {
    connection.stopped = true;
    mock.restoreAll();
    delete globalThis.WebSocket;
  });

  test("opens, passes JSON messages on and skips what is not JSON", () => {
    connection.open();
    const socket = FakeSocket.made[0];
    assert.equal(socket.url, "ws://test/ws");
    socket.open();
    socket.emit("message", { data: '{"type":"welcome"}' });
    socket.emit("message", { data: "not json" });
    assert.deepEqual(calls, [["status", "connecting", undefined], ["status", "open", undefined], ["open"], ["message", { type: "welcome" }]]);
  });

  test("sends only while open", () => {
    connection.open();
    const socket = FakeSocket.made[0];
    assert.equal(connection.send({ type: "hello" }), false);
    socket.open();
    assert.equal(connection.send({ type: "hello", name: "Anna" }), true);
    assert.deepEqual(socket.sent, ['{"type":"hello","name":"Anna"}']);
  });

  test("reopens after a drop, waiting longer each time, and starts again from the minimum once open", () => {
    connection.open();
    const waits = [];
    for (let i = 0; i < 3; i += 1) {
      FakeSocket.made.at(-1).close();
      const [, status, wait] = calls.at(-1);
      assert.equal(status, "closed");
      waits.push(wait);
      clock.tick(wait - 1);
      assert.equal(FakeSocket.made.length, i + 1, "not before the wait is over");
      clock.tick(1);
      assert.equal(FakeSocket.made.length, i + 2);
    }
    assert.deepEqual(waits, [500, 1000, 2000]);
    FakeSocket.made.at(-1).open();
    FakeSocket.made.at(-1).close();
    assert.equal(calls.at(-1)[2], MIN_DELAY);
  });

  test("dropping on purpose closes the socket, and it comes back", () => {
    connection.drop(); // nothing open yet: nothing happens
    connection.open();
    FakeSocket.made[0].open();
    connection.drop();
    assert.equal(FakeSocket.made[0].readyState, 3);
    clock.tick(MIN_DELAY);
    assert.equal(FakeSocket.made.length, 2);
  });

  test("a close of an old socket, or after stopping, does not reconnect", () => {
    connection.open();
    const first = FakeSocket.made[0];
    connection.open(); // a second socket replaces the first
    first.close();
    assert.ok(!calls.some(([, status]) => status === "closed"));
    connection.stopped = true;
    FakeSocket.made[1].close();
    clock.tick(MAX_DELAY * 2);
    assert.equal(FakeSocket.made.length, 2);
  });
});
