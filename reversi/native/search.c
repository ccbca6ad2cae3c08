/* The midgame search: negamax alpha-beta with principal-variation search, a
   transposition table, iterative deepening and aspiration windows, as
   reversi.ai.search.Search(evaluate, sharp=True) (the same values; the order of equal
   moves and the node counts may differ). A pass uses no ply; a finished game scores
   far beyond any evaluation.

   With RV_PROBCUT, Multi-ProbCut (M. Buro, "ProbCut: An Effective Selective Extension
   of the Alpha-Beta Algorithm", ICCA Journal 18(2), 1995; "Experiments with
   Multi-ProbCut and a New High-Quality Evaluation Function for Othello", NECI
   technical report 1997): at a null-window node a shallow search predicts the deep
   value through a line fitted per game stage and depth (probcut.h), and the node is
   cut when the prediction lies PROBCUT_T sigmas beyond the window. */

#include "board.h"
#include "internal.h"
#include "probcut.h"

#define ASPIRATION 300
/* Multi-ProbCut: from this depth on, and this many hundredths of sigma beyond the window */
#ifndef PROBCUT_MIN_DEPTH
#define PROBCUT_MIN_DEPTH 3
#endif
#ifndef PROBCUT_T
#define PROBCUT_T 150
#endif
#define X_SQUARES 0x0042000000004200ull
#define C_SQUARES 0x4281000000008142ull
#define NEAR_CORNERS (X_SQUARES | C_SQUARES)
#define PLAIN_SQUARES (~CORNERS & ~NEAR_CORNERS)

typedef struct child {
    uint64_t p, o, replies; /* replies: the child's legal moves */
    int32_t key;
    int sq;
} child;

static void sort(child *c, int n) {
    for (int i = 1; i < n; i++) {
        const child x = c[i];
        int j = i - 1;
        while (j >= 0 && c[j].key > x.key) {
            c[j + 1] = c[j];
            j--;
        }
        c[j + 1] = x;
    }
}

/* The table's move first, then the fewest replies (corners count thrice), corners
   forward, X and C squares next to empty corners back. */
static int ordered(uint64_t p, uint64_t o, uint64_t moves, int hint, child *out) {
    const bool empty_corners = (CORNERS & ~(p | o)) != 0;
    int n = 0;
    while (moves) {
        const int sq = first_square(moves);
        const uint64_t bit = 1ull << sq, f = flips(p, o, sq);
        moves &= moves - 1;
        child *c = &out[n++];
        c->p = o ^ f;
        c->o = p | f | bit;
        c->sq = sq;
        const uint64_t replies = c->replies = legal(c->p, c->o);
        if (sq == hint) {
            c->key = -1000;
            continue;
        }
        c->key = 10 * count(replies) + 20 * count(replies & CORNERS);
        if (bit & CORNERS)
            c->key -= 40;
        else if (empty_corners && (bit & NEAR_CORNERS))
            c->key += (bit & X_SQUARES) ? 30 : 10;
    }
    sort(out, n);
    return n;
}

/* One ply left: the best evaluation among the children, corners first, X and C
   squares last, stopping at the first that reaches beta. */
static int32_t frontier(uint64_t p, uint64_t o, uint64_t moves, int32_t beta) {
    const uint64_t groups[3] = {moves & CORNERS, moves & PLAIN_SQUARES, moves & NEAR_CORNERS};
    int32_t best = -RV_INFINITY;
    for (int g = 0; g < 3; g++) {
        uint64_t group = groups[g];
        while (group) {
            const int sq = first_square(group);
            group &= group - 1;
            const uint64_t f = flips(p, o, sq), np = o ^ f, no = p | f | (1ull << sq);
            rv_nodes++;
            const bool finished = !np || (np | no) == ~0ull;
            const int32_t value = finished ? -rv_final_value(np, no) : -rv_eval(np, no);
            if (value > best) {
                best = value;
                if (value >= beta) return best;
            }
        }
    }
    return best;
}

static void store(uint64_t p, uint64_t o, int32_t lower, int32_t upper, int move, int depth) {
    rv_put(&rv_mid_table, p, o, lower, upper, move, depth);
}

static bool probcut_on; /* the running rv_search's RV_PROBCUT */

static int32_t pvs(uint64_t p, uint64_t o, int depth, int32_t alpha, int32_t beta);
static int32_t pvs_moves(uint64_t p, uint64_t o, uint64_t moves, int depth, int32_t alpha,
                         int32_t beta);

/* The fit for depth at this many empties; past the table's last depth, that row with
   the shallow search as many plies shorter (so of the same parity). */
static rv_probcut_fit probcut_fit(int depth, int empties) {
    int stage = RV_PROBCUT_STAGES - 1;
    while (stage > 0 && empties < rv_probcut_stage_empties[stage]) stage--;
    const int last = RV_PROBCUT_DEPTHS - 1;
    rv_probcut_fit fit = rv_probcut[stage][depth < last ? depth : last];
    if (depth > last) fit.shallow = (int8_t)(fit.shallow + depth - last);
    return fit;
}

/* true with *cut set (beta or alpha) when the shallow search predicts the window is
   missed; never where the search would reach the end of the game (those values are
   exact) or near a proven win or loss. */
static bool probcut(uint64_t p, uint64_t o, int depth, int32_t alpha, int32_t beta,
                    int32_t *cut) {
    const int empties = 64 - count(p | o);
    if (depth >= empties || alpha <= -RV_WIN / 2 || alpha >= RV_WIN / 2) return false;
    const rv_probcut_fit fit = probcut_fit(depth, empties);
    const int64_t margin = (int64_t)PROBCUT_T * fit.sigma / 100;
    int32_t bound = (int32_t)((beta + margin - fit.intercept) * 1000 / fit.slope) + 1;
    if (pvs(p, o, fit.shallow, bound - 1, bound) >= bound) {
        *cut = beta;
        return true;
    }
    if (rv_stopped) return false;
    bound = (int32_t)((alpha - margin - fit.intercept) * 1000 / fit.slope) - 1;
    if (pvs(p, o, fit.shallow, bound, bound + 1) <= bound) {
        *cut = alpha;
        return true;
    }
    return false;
}

static int32_t pvs(uint64_t p, uint64_t o, int depth, int32_t alpha, int32_t beta) {
    return pvs_moves(p, o, legal(p, o), depth, alpha, beta);
}

/* pvs with the position's legal moves already known (the parent's ordering found them) */
static int32_t pvs_moves(uint64_t p, uint64_t o, uint64_t moves, int depth, int32_t alpha,
                         int32_t beta) {
    if (rv_node()) return 0;
    if (!moves) {
        if (legal(o, p)) return -pvs(o, p, depth, -beta, -alpha);
        return rv_final_value(p, o);
    }
    if (depth == 0) return rv_eval(p, o);
    if (depth == 1) return frontier(p, o, moves, beta);
    int hint = -1;
    const rv_entry *e = rv_find(&rv_mid_table, p, o);
    if (e) {
        hint = e->move;
        if (e->depth >= depth) {
            if (e->lower >= beta) return e->lower;
            if (e->upper <= alpha) return e->upper;
            if (e->lower == e->upper) return e->lower;
        }
    }
    if (probcut_on && beta - alpha == 1 && depth >= PROBCUT_MIN_DEPTH) {
        int32_t cut;
        const bool done = probcut(p, o, depth, alpha, beta, &cut);
        if (rv_stopped) return 0;
        if (done) return cut;
    }
    child children[32];
    const int n = ordered(p, o, moves, hint, children);
    const int32_t alpha0 = alpha;
    int32_t best = -RV_INFINITY;
    int best_sq = -1;
    for (int i = 0; i < n; i++) {
        const child *c = &children[i];
        int32_t value;
        if (i == 0) {
            value = -pvs_moves(c->p, c->o, c->replies, depth - 1, -beta, -alpha);
        } else {
            value = -pvs_moves(c->p, c->o, c->replies, depth - 1, -alpha - 1, -alpha);
            if (alpha < value && value < beta && !rv_stopped)
                value = -pvs_moves(c->p, c->o, c->replies, depth - 1, -beta, -value);
        }
        if (rv_stopped) return 0;
        if (value > best) {
            best = value;
            best_sq = c->sq;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    if (best <= alpha0)
        store(p, o, -RV_INFINITY, best, best_sq, depth);
    else if (best >= beta)
        store(p, o, best, RV_INFINITY, best_sq, depth);
    else
        store(p, o, best, best, best_sq, depth);
    return best;
}

/* Every root move to depth in the window; *partial_* take a move proven better than
   the first, so that an unfinished iteration still counts. */
static int32_t root(uint64_t p, uint64_t o, int depth, int hint, int32_t alpha, int32_t beta,
                    int *best_move, int32_t *partial_score, int *partial_move) {
    child children[32];
    const int n = ordered(p, o, legal(p, o), hint, children);
    int32_t best = -RV_INFINITY, a = alpha;
    *best_move = children[0].sq;
    for (int i = 0; i < n; i++) {
        const child *c = &children[i];
        int32_t value;
        if (i == 0) {
            value = -pvs(c->p, c->o, depth - 1, -beta, -a);
        } else {
            value = -pvs(c->p, c->o, depth - 1, -a - 1, -a);
            if (a < value && value < beta && !rv_stopped)
                value = -pvs(c->p, c->o, depth - 1, -beta, -value);
            if (!rv_stopped && value > a) {
                *partial_move = c->sq;
                *partial_score = value;
            }
        }
        if (rv_stopped) return 0;
        if (value > best) {
            best = value;
            *best_move = c->sq;
            if (value > a) {
                a = value;
                if (a >= beta) break;
            }
        }
    }
    if (alpha < best && best < beta) store(p, o, best, best, *best_move, depth);
    return best;
}

int rv_search(uint64_t p, uint64_t o, int max_depth, unsigned flags, double deadline,
              rv_result *result) {
    if (!rv_weights_loaded) return RV_ERR_NO_WEIGHTS;
    if (max_depth < 1 || max_depth > 64) return RV_ERR_ARGUMENT;
    const uint64_t moves = legal(p, o);
    if ((p & o) || !moves) return RV_ERR_POSITION;
    if (!(flags & RV_KEEP_TABLE)) rv_clear_table();
    rv_start(deadline);
    probcut_on = (flags & RV_PROBCUT) != 0;
    const int empties = 64 - count(p | o);
    int32_t score = 0;
    int move = first_square(moves), depth = 0;
    for (int d = 1; d <= max_depth; d++) {
        int32_t value;
        int found;
        if (d >= 3 && score < RV_WIN / 2 && score > -RV_WIN / 2) {
            const int32_t low = score - ASPIRATION, high = score + ASPIRATION;
            value = root(p, o, d, move, low, high, &found, &score, &move);
            if (!rv_stopped && !(low < value && value < high))
                value = root(p, o, d, move, -RV_INFINITY, RV_INFINITY, &found, &score, &move);
        } else {
            value = root(p, o, d, move, -RV_INFINITY, RV_INFINITY, &found, &score, &move);
        }
        if (rv_stopped) break;
        score = value;
        move = found;
        depth = d;
        if (d >= empties) break;
    }
    result->score = score;
    result->move = move;
    result->depth = depth;
    result->exact = depth >= empties;
    result->nodes = rv_nodes;
    result->best_moves = 0;
    return RV_OK;
}

int32_t rv_midgame_value(uint64_t p, uint64_t o, int depth) {
    return rv_midgame_window(p, o, depth, -RV_INFINITY, RV_INFINITY);
}

int32_t rv_midgame_window(uint64_t p, uint64_t o, int depth, int32_t alpha, int32_t beta) {
    probcut_on = false;
    return pvs(p, o, depth, alpha, beta);
}
