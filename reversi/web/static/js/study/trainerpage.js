// /eroeffnungstrainer: a line of the named openings or of the opening book drilled as
// Ebenholz or Perlmutt (trainer.js), brought back by spaced repetition
// (core/repetition.js), and continued against the computer on /allein at any level.
import { html, render, nothing } from "../core/lit.js";
import { colorName, t } from "../core/i18n.js";
import { StudyBoard, loadData, openingName, useStyles } from "./common.js";
import { LineDrill, cardOf, children, dueCards, record, syncTrainer } from "./trainer.js";
import { dayOf } from "../core/repetition.js";

/** @typedef {import("./trainer.js").Line} Line */
/** @typedef {{id: string, name: string, name_de: string, idea_de: string, moves: string}} Opening */

const LEVELS = ["leicht", "mittel", "schwer"];
const COLOR_KEY = "reversi.eroeffnungstrainer-farbe.v1";

class TrainerPage {
  /** @param {HTMLElement} root @param {Line[]} lines @param {Opening[]} openings */
  constructor(root, lines, openings) {
    this.root = root;
    this.lines = lines;
    this.openings = new Map(openings.map((o) => [o.id, o]));
    /** @type {"black" | "white"} */
    this.color = localStorage.getItem(COLOR_KEY) === "white" ? "white" : "black";
    this.level = "mittel";
    /** @type {LineDrill | null} */
    this.drill = null;
    this.phase = "loading"; // loading | ask | wait | done
    this.feedback = "";
    this.trainerMoving = false;
    this.board = new StudyBoard({
      label: t("trainer.board.label"),
      reset: false,
      typing: true,
      decide: (attempt) => this.decide(attempt),
      onChange: (_answer, cause) => {
        if (cause === "move") setTimeout(() => this.moved(), 0);
      },
    });
  }

  /** @param {Line} line */
  name(line) {
    const opening = line.opening ? this.openings.get(line.opening) : null;
    if (line.source === "named" && opening) return openingName(opening);
    const number = line.id.replace("buch-", "");
    return opening ? t("trainer.book.via", { number, name: opening.name_de }) : t("trainer.book.name", { number });
  }

  /** @param {Line} line */
  idea(line) {
    const opening = line.opening ? this.openings.get(line.opening) : null;
    if (line.source === "named" && opening) return opening.idea_de;
    return t("trainer.book.text", { n: line.moves.split(" ").length });
  }

  /** @param {string} id */
  byId(id) {
    return this.lines.find((l) => l.id === id);
  }

  /** @param {Line} line */
  async start(line) {
    history.replaceState(null, "", `#${line.id}`);
    this.drill = new LineDrill(line, this.color);
    this.trainerMoving = false;
    this.phase = "wait";
    this.feedback = t("trainer.start", { color: colorName(this.color), name: this.name(line) });
    this.update();
    await this.board.set({ moves: "" });
    await this.next();
  }

  /** The trainer's moves until it is the player's turn or the line ends. */
  async next() {
    const drill = this.drill;
    const answer = this.board.answer;
    if (!drill || !answer || !answer.obf || this.trainerMoving) return;
    // a move of the line left before it was restarted or changed is not this drill's
    if ((answer.moves || "").length / 2 !== drill.ply) return;
    if (drill.done) return this.finish();
    if (drill.playerTurn) {
      this.phase = "ask";
      this.update();
      return;
    }
    const square = drill.trainerMove(answer.obf, children(answer.obf, answer.flips || {}));
    if (!square) return this.finish(); // cannot happen with the data's lines
    this.phase = "wait";
    this.update();
    this.trainerMoving = true;
    await this.board.play(square);
  }

  moved() {
    this.trainerMoving = false;
    // the ring on the right move of a wrong answer goes once the line moves on
    this.board.marked.clear();
    this.board.paintMarks();
    this.next();
  }

  /** @param {import("../core/types.js").Attempt} attempt */
  decide(attempt) {
    const drill = this.drill;
    if (this.trainerMoving) return true;
    if (!drill || this.phase === "done") return t("trainer.refuse.done");
    if (!drill.playerTurn) return t("trainer.refuse.wait");
    if (!attempt.legal || !attempt.answer?.obf) return true; // the board says why the square refuses
    const before = /** @type {import("../core/types.js").Answer} */ (this.board.answer);
    const obf = /** @type {string} */ (before.obf);
    const right = drill.rightSquares(children(obf, before.flips || {}));
    const verdict = drill.judge(obf, attempt.square, attempt.answer.obf);
    if (verdict === "wrong") {
      this.board.mark(right);
      this.feedback = t("trainer.wrong", { square: attempt.square, right: right.join(", ") });
      this.update();
      return t("trainer.wrong.short", { right: right.join(", ") });
    }
    this.feedback = verdict === "transposition" ? t("trainer.transposition", { square: attempt.square }) : t("trainer.right", { square: attempt.square });
    this.phase = "wait";
    this.update();
    return true;
  }

  finish() {
    const drill = /** @type {LineDrill} */ (this.drill);
    if (this.phase === "done") return;
    record(drill);
    this.phase = "done";
    const card = cardOf(drill.line.id, drill.color);
    const days = card ? card.due - dayOf(Date.now()) : 1;
    this.feedback = drill.mistakes === 0
      ? t(days === 1 ? "trainer.done.clean.one" : "trainer.done.clean", { days })
      : t(drill.mistakes === 1 ? "trainer.done.mistakes.one" : "trainer.done.mistakes", { n: drill.mistakes });
    this.update();
    syncTrainer().then(() => this.update());
    /** @type {HTMLElement | null} */ (this.root.querySelector("#trainer-feedback"))?.focus();
  }

  /** @param {"black" | "white"} color */
  choose(color) {
    this.color = color;
    localStorage.setItem(COLOR_KEY, color);
    if (this.drill) this.start(this.drill.line);
  }

  /** @param {Line} line */
  cardText(line) {
    const card = cardOf(line.id, this.color);
    if (!card) return t("trainer.card.new");
    const days = card.due - dayOf(Date.now());
    return days <= 0 ? t("trainer.card.due") : t(days === 1 ? "trainer.card.later.one" : "trainer.card.later", { days });
  }

  computerLink() {
    const line = this.drill?.line;
    if (!line) return nothing;
    const href = `/allein?zuege=${line.moves.replace(/ /g, "")}&stufe=${this.level}`;
    const side = line.moves.split(" ").length % 2 === 0 ? "black" : "white";
    return html`<section class="trainer-computer" aria-labelledby="trainer-computer-heading">
      <h2 id="trainer-computer-heading">${t("trainer.computer.heading")}</h2>
      <p>${t("trainer.computer.text", { color: colorName(side) })}</p>
      <div class="trainer-row">
        <label for="trainer-level">${t("trainer.level")}</label>
        <select id="trainer-level" @change=${(/** @type {Event} */ e) => { this.level = /** @type {HTMLSelectElement} */ (e.target).value; this.update(); }}>
          ${LEVELS.map((level) => html`<option value=${level} ?selected=${level === this.level}>${t(`level.${level}`)}</option>`)}
        </select>
        <a class="button primary" id="trainer-computer" href=${href}>${t("trainer.computer")}</a>
      </div>
    </section>`;
  }

  update() {
    const drill = this.drill;
    const line = drill?.line;
    const due = dueCards(this.lines).filter((c) => c.color === this.color);
    const groups = /** @type {const} */ ([["named", "trainer.group.named"], ["book", "trainer.group.book"]]);
    render(html`
      <article class="study trainer" id="trainer" aria-labelledby="trainer-heading" data-phase=${this.phase}
        data-ply=${drill ? drill.ply : 0} data-line=${line ? line.id : ""}>
        <h1 id="trainer-heading">${t("trainer.heading")}</h1>
        <p>${t("trainer.intro")}</p>
        <fieldset class="trainer-color">
          <legend>${t("trainer.color")}</legend>
          ${/** @type {const} */ (["black", "white"]).map((c) => html`<label><input type="radio" name="trainer-color" value=${c}
            .checked=${this.color === c} @change=${() => this.choose(c)}> ${colorName(c)}</label>`)}
        </fieldset>
        <div class="trainer-row">
          <label for="trainer-line">${t("trainer.line")}</label>
          <select id="trainer-line" @change=${(/** @type {Event} */ e) => { const l = this.byId(/** @type {HTMLSelectElement} */ (e.target).value); if (l) this.start(l); }}>
            ${groups.map(([source, key]) => html`<optgroup label=${t(key)}>
              ${this.lines.filter((l) => l.source === source).map((l) => html`<option value=${l.id} ?selected=${l === line}>${this.name(l)} – ${this.cardText(l)}</option>`)}
            </optgroup>`)}
          </select>
        </div>
        <p class="trainer-due" id="trainer-due-count">${due.length ? t(due.length === 1 ? "trainer.due.one" : "trainer.due", { n: due.length }) : t("trainer.due.none")}
          ${due.length ? html`<button type="button" id="trainer-due" @click=${() => { const l = this.byId(due[0].line); if (l) this.start(l); }}>${t("trainer.due.start")}</button>` : nothing}</p>
        <section class="trainer-drill" aria-labelledby="trainer-line-heading">
          <h2 id="trainer-line-heading">${line ? this.name(line) : t("openings.loading")}</h2>
          ${line ? html`<p class="trainer-idea">${this.idea(line)}</p>
            <p class="line" aria-label=${t("openings.line.label")}>${line.moves.split(" ").map((m, i) => drill && (i < drill.ply || this.phase === "done")
              ? html`<span class=${i < drill.ply ? "played" : "ahead"}>${m}</span> `
              : html`<span class="ahead" aria-hidden="true">··</span> `)}</p>` : nothing}
          <div class="stepper-body">
            ${this.board.element}
            <div class="stepper-side">
              <p id="trainer-feedback" class="trainer-feedback" tabindex="-1" aria-live="polite">${this.feedback}</p>
              <p class="trainer-state">${drill && this.phase === "ask" ? t("trainer.your_move", { color: colorName(this.color) }) : nothing}</p>
              <p class="trainer-actions">${line ? html`<button type="button" id="trainer-again" @click=${() => this.start(line)}>${t("trainer.again")}</button>` : nothing}</p>
              ${this.computerLink()}
            </div>
          </div>
        </section>
        <p class="source">${t("trainer.source")} <a href="/eroeffnungen">${t("learn.openings")}</a></p>
      </article>`, this.root);
  }
}

/** @param {HTMLElement} root */
export async function trainerPage(root) {
  useStyles();
  document.title = `${t("trainer.heading")} – ${t("hall.title")}`;
  const [data, openings] = await Promise.all([loadData("trainer"), loadData("openings")]);
  root.replaceChildren();
  const page = new TrainerPage(root, data.lines, openings.openings);
  page.update();
  syncTrainer().then(() => page.update());
  const due = dueCards(data.lines).filter((c) => c.color === page.color)[0];
  const wanted = page.byId(decodeURIComponent(location.hash.slice(1))) || (due && page.byId(due.line)) || page.byId("tiger");
  // a link to another line of this page (/eroeffnungstrainer#cat) starts it
  const onHash = () => {
    if (!root.contains(page.root.querySelector("#trainer"))) return removeEventListener("hashchange", onHash);
    const line = page.byId(decodeURIComponent(location.hash.slice(1)));
    if (line && line !== page.drill?.line) page.start(line);
  };
  addEventListener("hashchange", onHash);
  if (wanted) await page.start(wanted);
}
