// One WebSocket to the server, reopened with growing back-off when it drops.

export const MIN_DELAY = 500;
export const MAX_DELAY = 10000;

/** The wait before the next attempt: `delay` ms give or take 20% (`random` in [0, 1)), whole ms. */
export function jittered(delay, random) {
  return Math.round(delay * (0.8 + random * 0.4));
}

/** The back-off after a failed attempt: doubled, at most MAX_DELAY. */
export function backOff(delay) {
  return Math.min(delay * 2, MAX_DELAY);
}

export class Connection {
  /**
   * @param {string} url  ws:// or wss:// address of /ws
   * @param {{onOpen: Function, onMessage: Function, onStatus: Function}} handlers
   */
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.socket = null;
    this.delay = MIN_DELAY;
    this.timer = null;
    this.stopped = false;
  }

  open() {
    clearTimeout(this.timer);
    this.handlers.onStatus("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = MIN_DELAY;
      this.handlers.onStatus("open");
      this.handlers.onOpen();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      const wait = jittered(this.delay, Math.random());
      this.delay = backOff(this.delay);
      this.handlers.onStatus("closed", wait);
      this.timer = setTimeout(() => this.open(), wait);
    });
  }

  /** Send one message; false if the connection is not open (the caller's state resyncs later). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Drop the connection on purpose (tests use this to check that it comes back). */
  drop() {
    this.socket?.close();
  }
}
