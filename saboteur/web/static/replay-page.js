// The replay viewer on a page of its own, saved as one file (`saboteur replay FILE --html out.html`):
// no server, no connection; the replay, the ruleset's descriptor and the message catalogue are in
// the page. The same game window and replay player as in the client draw it.

import { GameWindow } from "./game.js";
import { applyStatic, getLang, setLang } from "./i18n.js";
import { ReplayViewer } from "./replay.js";

const $ = (sel) => document.querySelector(sel);
const read = (id) => JSON.parse(document.getElementById(id).textContent);

const data = read("replay-data");
const rulesets = read("replay-rulesets");
let viewer = null;

const app = {
  S: {},
  send() {},
  go() {},
  render() {
    viewer?.show();
  },
  toast(text) {
    const box = $("#toast");
    box.textContent = text;
    box.hidden = false;
    setTimeout(() => {
      box.hidden = true;
    }, 4500);
  },
  lobby: { ruleset: (name) => rulesets.find((r) => r.name === name) },
};

function renderLang() {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === getLang()));
  }
}

const gameWindow = new GameWindow(app);
viewer = new ReplayViewer(gameWindow, $("#replay-bar"), { share: null, toast: (text) => app.toast(text) });
gameWindow.replayKeys = (event) => viewer.key(event);
for (const button of document.querySelectorAll("[data-lang]")) {
  button.addEventListener("click", () => {
    setLang(button.dataset.lang);
    applyStatic();
    renderLang();
    gameWindow.relabel();
    viewer.relabel();
    viewer.show();
  });
}
document.documentElement.lang = getLang();
applyStatic();
renderLang();
$("#game").hidden = false;
viewer.open(data);
viewer.show();
