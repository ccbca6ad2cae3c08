// The board as a picture for forums: an SVG file, or a PNG drawn on a canvas, both from
// the view's squares (a1 at the top left, as the hall draws the board).
const SIZE = 50;
const EDGE = 20;
const COLORS = { board: "#2e7d4f", line: "#1d4f32", black: "#24160d", white: "#f1ecf4", text: "#ffffff" };

/** @param {string} squares 64 of B, W, . @returns {string} the SVG document */
export function boardSvg(squares) {
  const full = 8 * SIZE + 2 * EDGE;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${full}" height="${full}" viewBox="0 0 ${full} ${full}">`,
    `<rect width="${full}" height="${full}" fill="${COLORS.line}"/>`,
    `<rect x="${EDGE}" y="${EDGE}" width="${8 * SIZE}" height="${8 * SIZE}" fill="${COLORS.board}"/>`];
  for (let i = 0; i <= 8; i += 1) {
    const at = EDGE + i * SIZE;
    parts.push(`<line x1="${at}" y1="${EDGE}" x2="${at}" y2="${EDGE + 8 * SIZE}" stroke="${COLORS.line}" stroke-width="2"/>`,
      `<line x1="${EDGE}" y1="${at}" x2="${EDGE + 8 * SIZE}" y2="${at}" stroke="${COLORS.line}" stroke-width="2"/>`);
  }
  for (let i = 0; i < 8; i += 1) {
    const mid = EDGE + i * SIZE + SIZE / 2;
    parts.push(`<text x="${mid}" y="${EDGE * 0.75}" fill="${COLORS.text}" font-family="sans-serif" font-size="13" text-anchor="middle">${"abcdefgh"[i]}</text>`,
      `<text x="${EDGE / 2}" y="${mid + 5}" fill="${COLORS.text}" font-family="sans-serif" font-size="13" text-anchor="middle">${i + 1}</text>`);
  }
  [...squares].forEach((c, i) => {
    if (c !== "B" && c !== "W") return;
    const cx = EDGE + (i % 8) * SIZE + SIZE / 2;
    const cy = EDGE + Math.floor(i / 8) * SIZE + SIZE / 2;
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${SIZE * 0.4}" fill="${c === "B" ? COLORS.black : COLORS.white}" stroke="${COLORS.line}" stroke-width="1.5"/>`);
  });
  parts.push("</svg>");
  return parts.join("\n");
}

/** @param {string} squares @returns {Promise<Blob>} the same board as a PNG */
export function boardPng(squares) {
  const full = 8 * SIZE + 2 * EDGE;
  const canvas = Object.assign(document.createElement("canvas"), { width: full, height: full });
  const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  g.fillStyle = COLORS.line;
  g.fillRect(0, 0, full, full);
  g.fillStyle = COLORS.board;
  g.fillRect(EDGE, EDGE, 8 * SIZE, 8 * SIZE);
  g.strokeStyle = COLORS.line;
  g.lineWidth = 2;
  for (let i = 0; i <= 8; i += 1) {
    const at = EDGE + i * SIZE;
    g.beginPath();
    g.moveTo(at, EDGE);
    g.lineTo(at, EDGE + 8 * SIZE);
    g.moveTo(EDGE, at);
    g.lineTo(EDGE + 8 * SIZE, at);
    g.stroke();
  }
  g.fillStyle = COLORS.text;
  g.font = "13px sans-serif";
  g.textAlign = "center";
  for (let i = 0; i < 8; i += 1) {
    const mid = EDGE + i * SIZE + SIZE / 2;
    g.fillText("abcdefgh"[i], mid, EDGE * 0.75);
    g.fillText(String(i + 1), EDGE / 2, mid + 5);
  }
  [...squares].forEach((c, i) => {
    if (c !== "B" && c !== "W") return;
    g.beginPath();
    g.arc(EDGE + (i % 8) * SIZE + SIZE / 2, EDGE + Math.floor(i / 8) * SIZE + SIZE / 2, SIZE * 0.4, 0, 2 * Math.PI);
    g.fillStyle = c === "B" ? COLORS.black : COLORS.white;
    g.fill();
    g.stroke();
  });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("png"))), "image/png"));
}

/** Offers `blob` as a download named `name`. @param {Blob} blob @param {string} name */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
