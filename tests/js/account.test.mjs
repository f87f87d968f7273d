import assert from "node:assert/strict";
import { test } from "node:test";

import { loginMessage, newPasswordProblem } from "../../saboteur/web/static/account.js";

test("the login screen logs in with a password, else says hello as a guest", () => {
  assert.deepEqual(loginMessage("Ann", "correct horse"), { type: "login", name: "Ann", password: "correct horse" });
  assert.deepEqual(loginMessage("Ann", ""), { type: "hello", name: "Ann" });
});

test("a new password is typed twice alike", () => {
  assert.equal(newPasswordProblem("secret one", "secret two"), "account.mismatch");
  assert.equal(newPasswordProblem("secret one", "secret one"), null);
});
