// Accounts: logging in with a password, registering the nickname, changing the password, logging out.

import { icon } from "./icons.js";
import { t } from "./i18n.js";
import { errorText } from "./state.js";

const $ = (sel) => document.querySelector(sel);

// errors that belong to the account dialog or the login screen rather than to a toast
const ACCOUNT_ERRORS = new Set(["bad-password", "bad-login", "already-registered", "not-registered"]);
const LOGIN_ERRORS = new Set(["name-registered", "bad-login", "bad-name", "rate-limited"]);

/** What a submitted login screen sends: `login` with a password, else `hello` as a guest. */
export function loginMessage(name, password) {
  return password ? { type: "login", name, password } : { type: "hello", name };
}

/** Why two new-password fields cannot be sent (a catalogue key), or null. */
export function newPasswordProblem(password, repeat) {
  if (password !== repeat) return "account.mismatch";
  return null;
}

export class Account {
  /** `app`: the client (its `send`, `toast`, `S.me`, `showLogin`). */
  constructor(app) {
    this.app = app;
    this.dialog = $("#account-dialog");
    this.bind();
  }

  bind() {
    $("#account-btn").addEventListener("click", () => this.open());
    $("#account-close").addEventListener("click", () => this.dialog.close());
    $("#register-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const password = $("#register-password").value;
      if (this.refuse(newPasswordProblem(password, $("#register-repeat").value))) return;
      this.app.send({ type: "register", password, id: "account" });
    });
    $("#password-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const next = $("#password-new").value;
      if (this.refuse(newPasswordProblem(next, $("#password-repeat").value))) return;
      this.app.send({ type: "password", old: $("#password-old").value, new: next, id: "account" });
    });
    $("#logout-btn").addEventListener("click", () => this.app.send({ type: "logout" }));
    $("#logout-all-btn").addEventListener("click", () => this.app.send({ type: "logout", everywhere: true }));
  }

  /** The header: my name's registered mark and the account button. */
  renderHeader(me) {
    const mark = $("#me-mark");
    mark.hidden = !me?.registered;
    if (me?.registered && !mark.firstChild) mark.append(icon("registered"));
    mark.title = t("me.registered");
    $("#account-btn").hidden = !me;
  }

  open() {
    const me = this.app.S.me;
    if (!me) return;
    for (const input of this.dialog.querySelectorAll("input")) input.value = "";
    this.draw(me);
    this.dialog.showModal();
  }

  draw(me) {
    $("#account-status").textContent = me.registered ? t("account.member", { name: me.name }) : t("account.guest");
    $("#register-form").hidden = me.registered;
    $("#password-form").hidden = !me.registered;
    $("#logout-all-btn").hidden = !me.registered;
    $("#account-guest-warning").hidden = me.registered;
    $("#account-error").textContent = "";
  }

  refuse(key) {
    if (!key) return false;
    $("#account-error").textContent = t(key);
    return true;
  }

  /** `account`: registered, or the password changed. */
  changed(m) {
    const me = this.app.S.me;
    const was = me.registered;
    me.registered = m.registered;
    this.app.toast(t(was ? "account.changed" : "account.registered"));
    if (this.dialog.open) this.dialog.close();
    this.renderHeader(me);
  }

  /** An error for the dialog or the login screen: shown there (true), else false. */
  takes(m, loggedIn) {
    if (!loggedIn && LOGIN_ERRORS.has(m.code)) {
      this.app.showLogin(errorText(m.code, m.message));
      if (m.code === "name-registered" || m.code === "bad-login") $("#login-password").focus();
      return true;
    }
    if (this.dialog.open && (ACCOUNT_ERRORS.has(m.code) || m.code === "rate-limited")) {
      $("#account-error").textContent = errorText(m.code, m.message);
      return true;
    }
    return false;
  }

  /** This connection's session ended: back to the login screen. */
  loggedOut() {
    if (this.dialog.open) this.dialog.close();
    $("#login-password").value = "";
    this.app.toast(t("account.loggedOut"));
  }
}
