// The evaluation graph: the expected final disc difference for Ebenholz over the move
// number, one point per position, the exact part drawn apart. One keyboard stop (a
// slider over the positions: ← → Home End), a click picks the nearest position, and a
// table says the same in words.
import { t } from "../core/i18n.js";
import { html, nothing, svg } from "../core/lit.js";
import { discs } from "./transcript.js";

/** @typedef {{ply: number, value: number, exact: boolean}} Point */

const W = 600;
const H = 180;
const PAD = 10;
const TOP = 64; // the most a final disc difference can be

/** @param {Point} point */
function valueText(point) {
  return t(point.exact ? "replay.graph.value.exact" : "replay.graph.value", { ply: point.ply, value: discs(point.value) });
}

/**
 * @param {{points: Point[], total: number, step: number, go: (ply: number) => void}} options
 *   total: the game's placed discs (the x axis runs from 0 to it)
 */
export function graph({ points, total, step, go }) {
  if (!points.length) return nothing;
  const x = (/** @type {number} */ ply) => PAD + (ply / Math.max(1, total)) * (W - 2 * PAD);
  // the scale: the game's largest value, rounded up to 8 discs (at least 16, at most 64)
  const top = Math.min(TOP, Math.max(16, Math.ceil(Math.max(...points.map((p) => Math.abs(p.value))) / 8) * 8));
  const y = (/** @type {number} */ value) => H / 2 - (Math.max(-top, Math.min(top, value)) / top) * (H / 2 - PAD);
  const line = points.map((p) => `${x(p.ply).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const exact = points.filter((p) => p.exact);
  const exactLine = exact.map((p) => `${x(p.ply).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const shown = points.find((p) => p.ply === step);
  const plies = points.map((p) => p.ply);
  const last = plies[plies.length - 1];
  const key = (/** @type {KeyboardEvent} */ event) => {
    const at = plies.indexOf(step);
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
    let target = null;
    if (event.key in moves) target = plies[Math.max(0, Math.min(plies.length - 1, (at < 0 ? 0 : at) + moves[event.key]))];
    else if (event.key === "Home") target = plies[0];
    else if (event.key === "End") target = last;
    if (target === null) return;
    event.preventDefault();
    event.stopPropagation();
    go(target);
  };
  const click = (/** @type {MouseEvent} */ event) => {
    const box = /** @type {Element} */ (/** @type {Element} */ (event.currentTarget).querySelector("svg")).getBoundingClientRect();
    const ply = Math.round(((event.clientX - box.left) / box.width * W - PAD) / (W - 2 * PAD) * total);
    const nearest = plies.reduce((a, b) => (Math.abs(b - ply) < Math.abs(a - ply) ? b : a), plies[0]);
    go(nearest);
  };
  return html`<div class="graph" id="graph" tabindex="0" role="slider" aria-label=${t("replay.graph.label")}
      aria-valuemin=${plies[0]} aria-valuemax=${last} aria-valuenow=${shown ? step : nothing}
      aria-valuetext=${shown ? valueText(shown) : t("replay.graph.none")} data-points=${points.length}
      @keydown=${key} @click=${click}>
    <svg viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">
      ${svg`<rect class="g-black" x="0" y="0" width=${W} height=${H / 2}></rect>
        <rect class="g-white" x="0" y=${H / 2} width=${W} height=${H / 2}></rect>
        <line class="g-zero" x1="0" x2=${W} y1=${H / 2} y2=${H / 2}></line>
        <line class="g-step" x1=${x(step)} x2=${x(step)} y1="0" y2=${H}></line>
        <polyline class="g-line" points=${line}></polyline>
        ${exact.length > 1 ? svg`<polyline class="g-exact" points=${exactLine}></polyline>` : nothing}
        ${points.map((p) => svg`<circle class=${p.exact ? "g-pt exact" : "g-pt"} data-ply=${p.ply} data-value=${p.value}
          cx=${x(p.ply)} cy=${y(p.value)} r=${p.ply === step ? 6 : 3.5}></circle>`)}`}
    </svg>
    <p class="graph-legend" aria-hidden="true"><span class="lg-black">${t("replay.graph.black")}</span>
      <span class="lg-exact">${t("replay.graph.exact")}</span><span class="lg-white">${t("replay.graph.white")}</span></p>
  </div>
  <details class="graph-table"><summary>${t("replay.graph.table")}</summary>
    <table><thead><tr><th scope="col">${t("replay.graph.col.ply")}</th><th scope="col">${t("replay.graph.col.value")}</th>
      <th scope="col">${t("replay.graph.col.kind")}</th></tr></thead>
      <tbody>${points.map((p) => html`<tr><td>${p.ply}</td><td>${discs(p.value)}</td>
        <td>${p.exact ? t("replay.exact") : t("replay.estimate")}</td></tr>`)}</tbody></table>
  </details>`;
}
