// Glicko-2 on the device, for the puzzle rating: the formulas of reversi/hall/glicko.py
// (`glicko2` and `after_game`: one game per rating period, the deviation held between the
// floor and the start) said again in JavaScript, so that a puzzle solved offline is rated
// at once. tests/study/test_puzzle_rating.py checks both give the same numbers.
export const SCALE = 173.7178;
export const START = 1500;
export const START_DEVIATION = 350;
export const START_VOLATILITY = 0.06;
export const TAU = 0.5;
export const FLOOR = 45;
export const PROVISIONAL = 110;
const EPSILON = 1e-6;

/** @typedef {{value: number, deviation: number, volatility: number, games: number}} Rating */

/** @returns {Rating} */
export const newRating = () => ({ value: START, deviation: START_DEVIATION, volatility: START_VOLATILITY, games: 0 });

/** @param {number} phi */
const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/** @param {number} phi @param {number} sigma @param {number} delta @param {number} v */
function volatility(phi, sigma, delta, v) {
  const a = Math.log(sigma * sigma);
  /** @param {number} x */
  const f = (x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
  };
  let bigA = a;
  /** @type {number} */
  let bigB;
  if (delta * delta > phi * phi + v) {
    bigB = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    bigB = a - k * TAU;
  }
  let fA = f(bigA);
  let fB = f(bigB);
  while (Math.abs(bigB - bigA) > EPSILON) {
    /** @type {number} */
    const bigC = bigA + ((bigA - bigB) * fA) / (fB - fA);
    const fC = f(bigC);
    if (fC * fB <= 0) {
      bigA = bigB;
      fA = fB;
    } else {
      fA /= 2;
    }
    bigB = bigC;
    fB = fC;
  }
  return Math.exp(bigA / 2);
}

/**
 * The rating after one game against an opponent rated `opponent` ± `opponentDeviation`
 * (`score` 1, ½ or 0): Glicko-2, the deviation within [FLOOR, START_DEVIATION].
 * @param {Rating} rating @param {number} opponent @param {number} opponentDeviation @param {number} score
 * @returns {Rating}
 */
export function afterGame(rating, opponent, opponentDeviation, score) {
  const mu = (rating.value - START) / SCALE;
  const phi = rating.deviation / SCALE;
  const muJ = (opponent - START) / SCALE;
  const gJ = g(opponentDeviation / SCALE);
  const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
  const v = 1 / (gJ * gJ * e * (1 - e));
  const total = gJ * (score - e);
  const sigma = volatility(phi, rating.volatility, v * total, v);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const deviation = Math.min(Math.max(SCALE * newPhi, FLOOR), START_DEVIATION);
  return { value: SCALE * (mu + newPhi * newPhi * total) + START, deviation, volatility: sigma, games: rating.games + 1 };
}
