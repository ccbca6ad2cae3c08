/* The game turned round (the fewest discs win) for the Legenden that play to lose:
   reversi.ai.legenden_lose.LoseSearch, the same values. Negamax alpha-beta to a fixed
   depth with the evaluation weight * feature(p, o) - disc_weight * (discs(p) - discs(o)),
   a forced pass no ply, a finished game worth the other side's final value. Each root
   move is searched with the full window, so its value is the exact minimax value
   whatever the order of the moves below it: from two plies on, the moves are tried
   best first by the evaluation of the position after them, which only saves nodes. */

#include "internal.h"

#define EDGES 0xFF818181818181FFull

static int feature_id;
static int32_t feature_weight, disc_weight;

/* The style's feature for the side to move (reversi.ai.legenden: _discs, _corners,
   _edges, _quiet); moves: the side to move's legal moves. */
static int feature(uint64_t p, uint64_t o, uint64_t moves) {
    switch (feature_id) {
    case RV_FEATURE_CORNERS: {
        const int held = count(p & CORNERS) - count(o & CORNERS);
        return 3 * held + count(moves & CORNERS) - count(legal(o, p) & CORNERS);
    }
    case RV_FEATURE_EDGES:
        return count(p & EDGES) - count(o & EDGES);
    case RV_FEATURE_QUIET: {
        const uint64_t empties = ~(p | o), next = RV_NEXT(empties);
        return count(next & o) - count(next & p);
    }
    default: /* RV_FEATURE_DISCS */
        return count(p) - count(o);
    }
}

static int32_t evaluate(uint64_t p, uint64_t o, uint64_t moves) {
    return feature_weight * feature(p, o, moves) - disc_weight * (count(p) - count(o));
}

typedef struct lose_child {
    uint64_t p, o;
    int32_t key;
    int sq;
} lose_child;

static int children_of(uint64_t p, uint64_t o, uint64_t moves, lose_child *out) {
    int n = 0;
    while (moves) {
        const int sq = first_square(moves);
        const uint64_t f = flips(p, o, sq);
        moves &= moves - 1;
        out[n].p = o ^ f;
        out[n].o = p | f | (1ull << sq);
        out[n].sq = sq;
        out[n].key = 0;
        n++;
    }
    return n;
}

static int32_t lose(uint64_t p, uint64_t o, int depth, int32_t alpha, int32_t beta);

/* The children best first for the mover: by their evaluation (a search of no ply: a
   pass or the end of the game as below), stable, so equal ones keep their order. */
static void order(lose_child *c, int n) {
    for (int i = 0; i < n; i++) {
        c[i].key = lose(c[i].p, c[i].o, 0, -RV_INFINITY, RV_INFINITY);
        if (rv_stopped) return;
    }
    for (int i = 1; i < n; i++) { /* ascending child value: the mover's best first */
        const lose_child x = c[i];
        int j = i - 1;
        while (j >= 0 && c[j].key > x.key) {
            c[j + 1] = c[j];
            j--;
        }
        c[j + 1] = x;
    }
}

static int32_t lose(uint64_t p, uint64_t o, int depth, int32_t alpha, int32_t beta) {
    if (rv_node()) return 0;
    const uint64_t moves = legal(p, o);
    if (!moves) {
        if (!legal(o, p)) return rv_final_value(o, p);
        return -lose(o, p, depth, -beta, -alpha);
    }
    if (depth == 0) return evaluate(p, o, moves);
    lose_child children[64]; /* reachable positions have at most 33 moves */
    const int n = children_of(p, o, moves, children);
    if (depth >= 2) {
        order(children, n);
        if (rv_stopped) return 0;
    }
    int32_t best = -RV_INFINITY;
    for (int i = 0; i < n; i++) {
        const int32_t value = -lose(children[i].p, children[i].o, depth - 1, -beta, -alpha);
        if (rv_stopped) return 0;
        if (value > best) {
            best = value;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

int rv_lose_values(uint64_t p, uint64_t o, int depth, int feature, int32_t weight,
                   int32_t discs, double deadline, int32_t *values, rv_result *result) {
    if (depth < 1 || depth > 64 || feature < RV_FEATURE_DISCS || feature > RV_FEATURE_QUIET ||
        weight < -RV_LOSE_MAX_WEIGHT || weight > RV_LOSE_MAX_WEIGHT ||
        discs < -RV_LOSE_MAX_WEIGHT || discs > RV_LOSE_MAX_WEIGHT)
        return RV_ERR_ARGUMENT;
    const uint64_t moves = legal(p, o);
    if ((p & o) || !moves) return RV_ERR_POSITION;
    rv_start(deadline);
    feature_id = feature;
    feature_weight = weight;
    disc_weight = discs;
    lose_child children[64]; /* reachable positions have at most 33 moves */
    const int n = children_of(p, o, moves, children);
    int32_t best = -RV_INFINITY;
    int move = -1;
    uint64_t best_moves = 0;
    for (int i = 0; i < n; i++) {
        const int32_t value = -lose(children[i].p, children[i].o, depth - 1, -RV_INFINITY,
                                    RV_INFINITY);
        if (rv_stopped) break;
        values[children[i].sq] = value;
        if (value > best) {
            best = value;
            move = children[i].sq;
            best_moves = 0;
        }
        if (value == best) best_moves |= 1ull << children[i].sq;
    }
    const int empties = 64 - count(p | o);
    result->score = best;
    result->move = move;
    result->depth = depth;
    result->exact = depth >= empties;
    result->nodes = rv_nodes;
    result->best_moves = best_moves;
    return rv_stopped ? RV_STOPPED : RV_OK;
}
