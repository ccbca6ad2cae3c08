// The web app's icons, drawn from reversi/web/static/icon.svg with resvg (npm
// @resvg/resvg-js, its binary inside the registry package): 192 and 512 px, and a
// maskable 512 px one whose discs keep inside the safe zone (the inner 80 % circle)
// on a full-bleed background.  Run by reversi/web/build.py:
//     node tools/web/icons.mjs <node_modules> <icon.svg> <out dir>
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const [modules, source, out] = process.argv.slice(2);
const { Resvg } = createRequire(join(resolve(modules), "package.json"))("@resvg/resvg-js");
const svg = readFileSync(source, "utf8");
const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
const background = (svg.match(/<rect[^>]*fill="([^"]+)"/) || [])[1] || "#1f6b45";
// the discs shrunk to 60 % around the centre: well inside the maskable safe zone
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>`
  + `<g transform="translate(12.8 12.8) scale(0.6)">${inner}</g></svg>`;

/** @param {string} text @param {number} size @param {string} name */
function draw(text, size, name) {
  const png = new Resvg(text, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(join(out, name), png);
  return name;
}

const made = [draw(svg, 192, "icon-192.png"), draw(svg, 512, "icon-512.png"), draw(maskable, 512, "icon-maskable-512.png")];
console.log(`icons: ${made.join(", ")}`);
