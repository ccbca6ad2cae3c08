// /eroeffnungen: named openings, each stepped through on one live board (buttons and
// arrow keys, every step announced) and continued against the computer on /allein.
import { html, render } from "../core/lit.js";
import { colorName, t } from "../core/i18n.js";
import { StudyBoard, loadData, openingName, useStyles } from "./common.js";
import { analysePath } from "../analyse/links.js";

const FAMILIES = ["diagonal", "perpendicular", "parallel"];

/** @typedef {import("../core/types.js").Attempt} Attempt */
/**
 * An opening of data/openings.json: its line as squares with spaces ("f5 d6 c3") and
 * its idea in a few German words.
 * @typedef {{id: string, name: string, name_de: string, idea_de: string, family: string, moves: string}} Opening
 */
/** @typedef {{source: {title: string, note: string}, openings: Opening[]}} OpeningsData */

class Stepper {
  /** @param {OpeningsPage} page */
  constructor(page) {
    this.page = page;
    /** @type {Opening | null} */
    this.opening = null;
    this.step = 0;
    /** @type {number | undefined} the step asked for last */
    this.wanted = undefined;
    /** @type {Promise<void> | undefined} the steps on their way */
    this.pending = undefined;
    this.reaching = false;
    this.announce = document.createElement("p");
    this.announce.className = "stepper-announce";
    this.announce.setAttribute("aria-live", "polite");
    this.board = new StudyBoard({
      label: t("openings.board.label"),
      reset: false,
      typing: true, // the page's one board: typing "d", "3" plays d3
      // the reader may tap the line's next move; any other move is refused with the book's
      decide: (attempt) => this.decide(attempt),
      // a tapped next move steps the line as "Vor" does
      onChange: (answer, cause) => {
        if (cause !== "move" || this.reaching) return;
        this.wanted = answer.moves.length / 2;
        this.stepped(this.wanted);
      },
    });
  }

  /** @param {number} step */
  stepped(step) {
    this.step = step;
    this.announce.textContent = this.stepText();
    this.page.update();
  }

  get moves() {
    return this.opening ? this.opening.moves.split(" ") : [];
  }

  /** @param {Attempt} attempt */
  decide(attempt) {
    const next = this.moves[this.step];
    if (attempt.square === next) return true;
    if (!attempt.legal) return true; // the board says why the square refuses
    return next ? t("openings.refuse.next", { square: attempt.square, next }) : t("openings.refuse.end");
  }

  /** @param {Opening} opening @param {number} [step] */
  async show(opening, step = opening.moves.split(" ").length) {
    this.opening = opening;
    await this.goto(step);
  }

  // Steps are taken in order; a key pressed again before the board is drawn counts
  // from the step asked for last. Forward by one move is played (the discs turn); any
  // other step is set at once.
  /** @param {number} step */
  goto(step) {
    const target = Math.max(0, Math.min(step, this.moves.length));
    this.wanted = target;
    this.pending = (this.pending || Promise.resolve()).catch(() => {}).then(() => this.reach(target));
    return this.pending;
  }

  /** @param {number} delta */
  go(delta) {
    return this.goto((this.wanted ?? this.step) + delta);
  }

  /** @param {number} step */
  async reach(step) {
    const moves = this.moves;
    this.reaching = true;
    try {
      if (step === this.step + 1 && this.board.answer && this.board.answer.moves === moves.slice(0, this.step).join("")) {
        await this.board.play(moves[this.step]);
      } else {
        await this.board.set({ moves: moves.slice(0, step).join("") });
      }
    } finally {
      this.reaching = false;
    }
    this.stepped(step);
  }

  stepText() {
    const moves = this.moves;
    if (this.step === 0) return t("openings.step.start", { name: this.page.name(this.opening), n: moves.length });
    const color = this.step % 2 === 1 ? "black" : "white";
    return t("openings.step", { step: this.step, n: moves.length, color: colorName(color), square: moves[this.step - 1] });
  }

  /** @param {KeyboardEvent} event */
  keydown(event) {
    const at = this.wanted ?? this.step;
    /** @type {Record<string, number>} */
    const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: this.moves.length };
    const to = keys[event.key];
    if (to === undefined || !this.opening) return;
    // the board's own arrow keys move the focus between squares
    const target = /** @type {Element} */ (event.target);
    if (target.closest && target.closest(".board")) return;
    event.preventDefault();
    this.goto(to);
  }
}

class OpeningsPage {
  /** @param {HTMLElement} root @param {OpeningsData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.stepper = new Stepper(this);
  }

  /** @param {Opening} opening */
  name(opening) {
    return openingName(opening);
  }

  /** @param {string} id */
  byId(id) {
    return this.data.openings.find((o) => o.id === id);
  }

  /** @param {Opening} opening @param {boolean} [focus] */
  select(opening, focus = true) {
    history.replaceState(null, "", `#${opening.id}`);
    this.stepper.show(opening).then(() => {
      if (focus) /** @type {HTMLElement} */ (this.root.querySelector("#stepper-heading")).focus();
    });
  }

  continueLink() {
    const opening = this.stepper.opening;
    if (!opening) return "";
    const moves = this.stepper.moves.slice(0, this.stepper.step);
    const color = moves.length % 2 === 0 ? "black" : "white";
    const href = `/allein?zuege=${moves.join("")}`;
    return html`<a class="button primary" id="continue" href=${href}>${t("openings.continue")}</a>
      <a class="button" id="to-analyse" href=${analysePath({ tree: moves.join("") })}>${t("analyse.open")}</a>
      <span class="continue-note">${t("openings.continue.note", { color: colorName(color) })}</span>`;
  }

  update() {
    const s = this.stepper;
    const opening = s.opening;
    const n = s.moves.length;
    // aria-disabled, not disabled: a button under the focus keeps it at the line's ends
    const control = (/** @type {string} */ id, /** @type {string} */ label, /** @type {boolean} */ off, /** @type {number} */ to, relative = false) => html`<button type="button" id=${id}
      aria-disabled=${off ? "true" : "false"} @click=${() => { if (!off) (relative ? s.go(to) : s.goto(to)); }}>${label}</button>`;
    render(html`
      <article class="study openings" aria-labelledby="openings-heading">
        <h1 id="openings-heading">${t("openings.heading")}</h1>
        ${t("openings.intro").split("\n\n").map((text) => html`<p>${text}</p>`)}
        <section class="stepper" aria-labelledby="stepper-heading" @keydown=${(/** @type {KeyboardEvent} */ e) => s.keydown(e)}>
          <h2 id="stepper-heading" tabindex="-1">${opening ? this.name(opening) : t("openings.loading")}</h2>
          <p class="line" aria-label=${t("openings.line.label")}>${s.moves.map((m, i) => html`<span class=${i < s.step ? "played" : "ahead"}>${m}</span> `)}</p>
          <div class="stepper-body">
          ${s.board.element}
          <div class="stepper-side">
          <div class="stepper-controls" role="group" aria-label=${t("openings.controls")}>
            ${control("step-first", t("openings.first"), s.step === 0, 0)}
            ${control("step-back", t("openings.back"), s.step === 0, -1, true)}
            ${control("step-next", t("openings.next"), s.step >= n, 1, true)}
            ${control("step-last", t("openings.last"), s.step >= n, n)}
          </div>
          <p class="stepper-keys">${t("openings.keys")}</p>
          ${s.announce}
          <p class="continue">${this.continueLink()}</p>
          ${opening ? html`<p class="opening-idea" id="opening-idea">${opening.idea_de}</p>
            <p><a id="to-trainer" href=${`/eroeffnungstrainer#${opening.id}`}>${t("openings.trainer")}</a></p>` : ""}
          </div>
          </div>
        </section>
        ${FAMILIES.map((family) => html`
          <section class="family" id="familie-${family}" aria-labelledby="family-${family}">
            <h2 id="family-${family}">${t(`openings.family.${family}`)}</h2>
            <p>${t(`openings.family.${family}.text`)}</p>
            <ul class="opening-list">
              ${this.data.openings.filter((o) => o.family === family).map((o) => html`
                <li><button type="button" class="opening" data-opening=${o.id}
                    aria-current=${opening === o ? "true" : "false"} @click=${() => this.select(o)}>
                  <span class="opening-name">${this.name(o)}</span>
                  <span class="opening-moves">${o.moves}</span></button></li>`)}
            </ul>
          </section>`)}
        <p class="source" id="quelle"><strong>${t("openings.source")}</strong> ${this.data.source.title}. ${this.data.source.note} ${t("openings.names")}</p>
      </article>`, this.root);
  }
}

/** @param {HTMLElement} root */
export async function openingsPage(root) {
  useStyles();
  document.title = `${t("openings.heading")} – ${t("hall.title")}`;
  /** @type {OpeningsData} */
  const data = await loadData("openings");
  root.replaceChildren();
  const page = new OpeningsPage(root, data);
  page.update();
  const wanted = page.byId(decodeURIComponent(location.hash.slice(1))) || page.byId("tiger");
  await page.stepper.show(wanted);
}
