// The analysis board /analyse: a free board where the player plays both sides, takes
// back and keeps every line tried as a move tree (tree.js). Every position comes from
// the engine in the worker (the `position` message); the page keeps its address current
// (`stellung` the root as OBF, `partie` the tree, `bei` the shown position), so a reload
// or a shared link shows the same tree at the same place.
import { SquareTyping } from "../board/board.js";
import { config } from "../core/config.js";
import { waitForSettings } from "../core/sync.js";
import { colorName, t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { sharedEngine } from "../core/shared_engine.js";
import { figureText, scoreBar } from "../board/panels.js";
import * as store from "../core/store.js";
import { TreeSyntaxError, child, depthOf, lineEnd, newRoot, nodeAt, onMainLine, parseTree, pathOf, promote, remove, treeText } from "./tree.js";
import { AnalyseBoard } from "./board.js";
import { analysePath } from "./links.js";
import { Editor, START, turnTree } from "./editor.js";
import { boardPng, boardSvg, download } from "./export.js";
import { OpeningNames, symmetries } from "./openings.js";
import { treeView } from "./treeview.js";
import { Values } from "./values.js";

/** @typedef {import("./tree.js").Node} Node */

/** @param {HTMLElement} main */
export async function analysePage(main) {
  await waitForSettings(); // "Werte zeigen" may come from another device
  new AnalysePage().render(main);
}

class AnalysePage {
  constructor() {
    /** @type {"loading" | "ready" | "error"} */
    this.state = "loading";
    this.error = "";
    /** the root position's OBF when it is not the start @type {string | null} */
    this.obf = null;
    this.root = newRoot();
    this.current = this.root;
    this.notice = "";
    this.announced = "";
    this.busy = false;
    this.settings = store.settings();
    this.board = new AnalyseBoard();
    this.board.onPlay = (square) => this.tap(square);
    this.board.setOptions({ dots: this.settings.dots, motion: this.settings.motion });
    this.engine = sharedEngine();
    this.openings = new OpeningNames(this.engine);
    this.editor = new Editor({ engine: this.engine, changed: () => this.edited(),
      open: (obf, tree, problems) => this.reopen({ obf, tree }, problems) });
    this.values = new Values({ engine: this.engine, board: this.board, settings: this.settings, changed: () => this.update() });
    /** @type {HTMLElement | null} */
    this.main = null;
  }

  /** @param {HTMLElement} main */
  async render(main) {
    this.main = main;
    document.title = `${t("analyse.title")} – ${t("hall.title")}`;
    document.documentElement.classList.toggle("no-motion", !this.settings.motion);
    for (const name of ["replay.css", "analyse.css"]) {
      document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: `${config.app}css/${name}` }));
    }
    document.addEventListener("keydown", (event) => this.keydown(event));
    new SquareTyping({ board: this.board, say: (text) => { this.announced = text; this.update(); }, play: (square) => this.tap(square) });
    this.update();
    try {
      await this.load(new URLSearchParams(location.search));
    } catch (error) {
      const e = /** @type {Error & {kind?: string}} */ (error);
      this.error = e.kind === "timeout" ? t("error.timeout") : t("error.boot", { detail: e.message });
      this.state = "error";
      this.update();
      return;
    }
    this.state = "ready";
    this.openings.ready.then(() => this.update());
    this.board.show(this.current.answer.view, false);
    this.values.position(this.current.answer.obf);
    this.keepAddress();
    this.update();
  }

  /** A square tapped or typed: a disc while editing, else a move. @param {string} square */
  tap(square) {
    if (this.editor.editing) this.editor.tap(square);
    else this.play(square);
  }

  /** The editor changed: its board while it edits, else the shown position again. */
  edited() {
    if (this.editor.editing) {
      this.board.setValues(null);
      this.board.show(this.editor.view(), false);
    } else if (this.state === "ready") {
      this.board.show(this.current.answer.view, false);
      this.values.refresh();
    }
    this.update();
  }

  /**
   * Shows another root and tree, as if opened by that address; `problems` are said.
   * @param {{obf?: string | null, tree?: string, at?: string | null}} where @param {string[]} [problems]
   */
  async reopen(where, problems = []) {
    history.replaceState(null, "", analysePath(where));
    this.root = newRoot();
    this.current = this.root;
    this.obf = null;
    this.state = "loading";
    this.update();
    await this.load(new URLSearchParams(location.search));
    this.notice = [...problems, this.notice].filter(Boolean).join(" ");
    this.state = "ready";
    this.board.show(this.current.answer.view, false);
    this.values.position(this.current.answer.obf);
    this.keepAddress();
    this.update();
  }

  /** The whole tree under symmetry `k` (openings.js `image`). @param {number} k */
  turn(k) {
    const root = symmetries(this.obf || START)[k];
    const at = this.current === lineEnd(this.root) ? null : turnTree(pathOf(this.current), k);
    this.reopen({ obf: root === START ? null : root, tree: turnTree(treeText(this.root), k), at });
  }

  /** @param {"svg" | "png"} kind */
  async picture(kind) {
    const squares = this.current.answer.view.squares;
    const blob = kind === "svg" ? new Blob([boardSvg(squares)], { type: "image/svg+xml" }) : await boardPng(squares);
    download(blob, `reversi-stellung.${kind}`);
  }

  /** The root, the tree and the place of the address; what is wrong in it is left out and said. @param {URLSearchParams} params */
  async load(params) {
    const problems = [];
    const obf = params.get("stellung");
    if (obf) {
      try {
        this.root.answer = await this.engine.ask({ type: "position", obf });
        this.obf = this.root.answer.obf;
      } catch {
        problems.push(t("analyse.bad.position", { obf }));
      }
    }
    if (!this.root.answer) this.root.answer = await this.engine.ask({ type: "position" });
    const text = params.get("partie");
    if (text) {
      try {
        this.root.children = parseTree(text).children;
        for (const c of this.root.children) c.parent = this.root;
      } catch (error) {
        if (!(error instanceof TreeSyntaxError)) throw error;
        problems.push(t("analyse.bad.tree", { text }));
      }
      const refused = await this.check(this.root);
      if (refused.length) problems.push(t("analyse.bad.moves", { moves: refused.join(", ") }));
    }
    const at = params.get("bei");
    this.current = (at !== null && nodeAt(this.root, at)) || lineEnd(this.root);
    this.notice = problems.join(" ");
  }

  /** Asks the worker for every position below `node`; drops the moves it refuses (returned). @param {Node} node @returns {Promise<string[]>} */
  async check(node) {
    const refused = [];
    const moves = pathOf(node);
    const answers = await Promise.all(node.children.map((c) => this.ask(moves, c.move)));
    for (const [i, c] of [...node.children].entries()) {
      if (answers[i].type === "illegal") {
        remove(c);
        refused.push(`${depthOf(c)}. ${c.move}`);
      } else {
        c.answer = answers[i];
        refused.push(...await this.check(c));
      }
    }
    return refused;
  }

  /** The position after `moves` and `play` from the root. @param {string} moves @param {string} play */
  ask(moves, play) {
    return this.engine.ask({ type: "position", ...(this.obf ? { obf: this.obf } : {}), moves, play });
  }

  update() {
    if (this.main) render(this.template(), this.main);
  }

  keepAddress() {
    const end = lineEnd(this.root);
    const at = this.current === end ? null : pathOf(this.current);
    history.replaceState(null, "", analysePath({ obf: this.obf, tree: treeText(this.root), at }));
  }

  /** A tap (or typed square) on the board: a known move goes there, a new one grows the tree. @param {string} square */
  async play(square) {
    if (this.state !== "ready" || this.busy) return;
    const known = this.current.children.find((c) => c.move === square);
    if (known) return this.go(known);
    this.busy = true;
    try {
      const answer = await this.ask(pathOf(this.current), square);
      if (answer.type === "illegal") {
        this.notice = t(`reason.${answer.reason}`, { square });
        this.announced = this.notice;
        this.board.refuse(square);
        this.update();
        return;
      }
      const node = child(this.current, square);
      node.answer = answer;
      await this.go(node);
    } finally {
      this.busy = false;
    }
  }

  /** @param {Node} node */
  async go(node) {
    if (this.state !== "ready" || node === this.current) return;
    const from = this.current;
    this.current = node;
    const view = node.answer.view;
    this.notice = node.parent === from && view.pass && !view.result
      ? t("notice.pass", { color: colorName(view.pass.color), other: colorName(view.pass.color === "black" ? "white" : "black") }) : "";
    this.announced = [node.parent ? t("analyse.announce", { ply: depthOf(node), square: node.move, color: colorName(view.last.color) }) : t("analyse.tree.root"),
      this.statusText(), this.notice].filter(Boolean).join(" ");
    this.keepAddress();
    this.values.position(node.answer.obf);
    this.update();
    if (node.parent === from) await this.board.show(view, true);
    else if (from.parent === node) await this.board.back(view, from.answer.view.last);
    else await this.board.show(view, false);
  }

  /** @param {KeyboardEvent} event */
  keydown(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || this.state !== "ready" || this.editor.editing) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest && target.closest(".board, input, textarea, select, summary")) return;
    const at = this.current;
    const siblings = at.parent ? at.parent.children : [at];
    const index = siblings.indexOf(at);
    /** @type {Record<string, () => Node | null>} */
    const keys = {
      ArrowLeft: () => at.parent, ArrowRight: () => at.children[0] || null, Home: () => this.root, End: () => lineEnd(at),
      ArrowUp: () => siblings[index - 1] || null, ArrowDown: () => siblings[index + 1] || null,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = keys[event.key]();
    if (next) this.go(next);
  }

  statusText() {
    const view = this.current.answer && this.current.answer.view;
    if (!view) return t("status.loading");
    if (view.result) {
      const r = view.result;
      return r.winner ? t("result.win", { color: colorName(r.winner), black: r.black, white: r.white }) : t("result.draw", { black: r.black, white: r.white });
    }
    return t("status.turn.duo", { color: colorName(view.turn) });
  }

  deleteCurrent() {
    const node = this.current;
    if (!node.parent) return;
    const parent = node.parent;
    remove(node);
    this.go(parent);
  }

  promoteCurrent() {
    promote(this.current);
    this.keepAddress();
    this.update();
  }

  /** @param {string} text @param {string} done the confirmation's key */
  async copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      this.notice = t(done, { text });
    } catch {
      this.notice = t("replay.copy.failed", { text });
    }
    this.update();
  }

  template() {
    const ready = this.state === "ready";
    const node = this.current;
    const view = ready ? node.answer.view : null;
    const button = (/** @type {string} */ id, /** @type {string} */ label, /** @type {boolean} */ off, /** @type {() => void} */ go) =>
      html`<button type="button" id=${id} ?disabled=${!ready || off || this.editor.editing} @click=${go}>${label}</button>`;
    const editing = this.editor.editing;
    return html`<div class="game replay analyse" id="analyse" data-state=${this.state} data-path=${ready ? pathOf(node) : nothing}>
      <section class="play" aria-labelledby="analyse-title">
        <div class="play-head"><h1 id="analyse-title">${t("analyse.title")}</h1>
          <p class="subtitle">${t("analyse.subtitle")}</p></div>
        ${scoreBar(editing ? this.editor.view().counts : view ? view.counts : null)}
        <p class="status" id="status">${this.state === "error" ? html`<span class="error" role="alert">${this.error}</span>` : editing ? t("analyse.edit.status") : this.statusText()}</p>
        ${view && this.openings.name(node.answer.obf) ? html`<p id="opening">${t("analyse.opening", { name: this.openings.name(node.answer.obf) })}</p>` : nothing}
        ${this.board.element}
        <div class="controls replay-steps" role="group" aria-label=${t("analyse.steps.label")}>
          ${button("step-first", t("replay.first"), !node.parent, () => this.go(this.root))}
          ${button("step-back", t("replay.back"), !node.parent, () => node.parent && this.go(node.parent))}
          ${button("step-next", t("replay.next"), !node.children.length, () => this.go(node.children[0]))}
          ${button("step-last", t("replay.last"), !node.children.length, () => this.go(lineEnd(node)))}
        </div>
        <p class="hint">${t("analyse.keys")}</p>
        <p class="visually-hidden" id="announce" aria-live="polite">${this.announced}</p>
        <p class="notice" id="notice" role="status" aria-live="polite">${this.notice}</p>
      </section>
      <div class="side">
        ${this.editor.template()}
        ${this.values.template()}
        <section class="panel" aria-labelledby="tree-heading"><h2 id="tree-heading">${t("analyse.tree.heading")}</h2>
          ${treeView({ root: this.root, current: node, go: (n) => this.go(n) })}
          <div class="tree-actions" role="group" aria-label=${t("analyse.tree.actions")}>
            ${button("tree-promote", t("analyse.promote"), !node.parent || onMainLine(node), () => this.promoteCurrent())}
            ${button("tree-delete", t("analyse.delete"), !node.parent, () => this.deleteCurrent())}
          </div>
        </section>
        ${this.actions()}
        ${this.editor.tools((k) => this.turn(k))}
        <details class="panel" id="figure"><summary>${t("figure.heading")}</summary>
          <pre id="figure-text" class="figure">${view ? figureText(view.figure) : ""}</pre>
        </details>
      </div>
    </div>`;
  }

  actions() {
    const answer = this.state === "ready" ? this.current.answer : null;
    const playable = answer && !answer.view.result;
    return html`<div class="replay-actions" role="group" aria-label=${t("replay.actions.label")}>
      ${playable ? html`<a class="button-link" id="play-from-here" href=${`/allein?stellung=${encodeURIComponent(answer.obf)}`}>${t("replay.play")}</a>` : nothing}
      <button type="button" id="copy-link" ?disabled=${!answer} @click=${() => this.copy(location.href, "analyse.copied.link")}>${t("analyse.copy.link")}</button>
      <button type="button" id="copy-obf" ?disabled=${!answer} @click=${() => this.copy(answer.obf, "replay.copied.obf")}>${t("replay.copy.obf")}</button>
      <button type="button" id="edit-begin" ?disabled=${!answer || this.editor.editing} @click=${() => this.editor.begin(answer.view)}>${t("analyse.edit.begin")}</button>
      <button type="button" id="picture-svg" ?disabled=${!answer} @click=${() => this.picture("svg")}>${t("analyse.picture.svg")}</button>
      <button type="button" id="picture-png" ?disabled=${!answer} @click=${() => this.picture("png")}>${t("analyse.picture.png")}</button>
    </div>`;
  }
}
