/* The analysis board's values: every legal move's value at one depth, or exact, and the
   principal variation after the best move. Built on the midgame search (each move in a
   window around its value two plies shallower, searched again where it falls out, so
   that every move's value is exact at that depth, not only the best's) and on the
   solver (each move's child solved exactly, from its midgame value); the tables are
   kept between calls, so that deepening step by step reuses what the steps before
   found. */

#include "board.h"
#include "internal.h"

typedef struct child {
    uint64_t p, o;
    int sq;
} child;

static int children_of(uint64_t p, uint64_t o, child *out) {
    int n = 0;
    for (uint64_t moves = legal(p, o); moves; moves &= moves - 1) {
        const int sq = first_square(moves);
        const uint64_t f = flips(p, o, sq);
        out[n].p = o ^ f;
        out[n].o = p | f | (1ull << sq);
        out[n].sq = sq;
        n++;
    }
    return n;
}

/* The values of the last position by square and depth parity (depth 0: none), the
   guesses for the next depth's windows: a move's value two plies shallower is usually
   close (one ply shallower is pulled the other way by the side that moved last). Kept
   while the calls keep the table. */
static uint64_t known_p, known_o;
static int32_t known_value[2][64];
static int8_t known_depth[2][64];
/* The exact values found (a call the deadline stopped keeps those it finished, so that
   the next call solves only the others), for the counting of known_winner. */
static bool solved[64];
static int32_t solved_value[64];
static bool known_winner;

#define WINDOW 150
/* the solver starts from a midgame value of at least this depth (else its own guess) */
#define GUESS_AFTER 6

/* The child's value at depth - 1 in a window around a guess, searched again on the
   side it fell out of: the same value as a full window, cheaper. */
static int32_t windowed(const child *c, int depth, int32_t guess, bool have_guess) {
    if (!have_guess) return -rv_midgame_window(c->p, c->o, depth - 1, -RV_INFINITY, RV_INFINITY);
    const int32_t low = guess - WINDOW, high = guess + WINDOW;
    int32_t value = -rv_midgame_window(c->p, c->o, depth - 1, -high, -low);
    if (rv_stopped) return value;
    if (value <= low)
        value = -rv_midgame_window(c->p, c->o, depth - 1, -(value + 1), RV_INFINITY);
    else if (value >= high)
        value = -rv_midgame_window(c->p, c->o, depth - 1, -RV_INFINITY, -(value - 1));
    return value;
}

/* For the solver: the deepest value known of the move (for the child's player, in
   discs), else RV_NO_GUESS. */
static int disc_guess(int sq) {
    const int parity = known_depth[1][sq] > known_depth[0][sq];
    if (known_depth[parity][sq] < GUESS_AFTER) return RV_NO_GUESS;
    const int32_t value = known_value[parity][sq];
    if (value >= RV_WIN / 2 || value <= -RV_WIN / 2) return RV_NO_GUESS;
    const int32_t discs = (value >= 0 ? value + 50 : value - 50) / 100;
    return discs > 64 ? -64 : discs < -64 ? 64 : -(int)discs;
}

/* The value of one move's child for the player who made it; *stopped when the
   deadline came first. */
static int32_t child_value(const child *c, int depth, bool exact, unsigned flags,
                           double deadline, uint64_t *nodes, bool *stopped) {
    if (exact) {
        int score = 0;
        const int status = rv_exact_value(c->p, c->o, flags | RV_KEEP_TABLE, deadline,
                                          disc_guess(c->sq), &score);
        *nodes += rv_nodes;
        *stopped = status != RV_OK;
        return -score;
    }
    rv_start(deadline);
    int32_t guess = 0;
    bool have_guess = false;
    for (int back = 2; back >= 1 && !have_guess; back--) {
        const int parity = (depth - back) & 1;
        if (known_depth[parity][c->sq] == depth - back) {
            guess = known_value[parity][c->sq];
            have_guess = guess > -RV_WIN / 2 && guess < RV_WIN / 2;
        }
    }
    const int32_t value = windowed(c, depth, guess, have_guess);
    *nodes += rv_nodes;
    *stopped = rv_stopped;
    if (!rv_stopped) {
        known_value[depth & 1][c->sq] = value;
        known_depth[depth & 1][c->sq] = (int8_t)depth;
    }
    return value;
}

/* The moves to solve, the best by their deepest known value first (so that the move a
   player looks at first is exact first), those without one last, else in square order. */
static void best_first(child *c, int n) {
    int key[32];
    for (int i = 0; i < n; i++) {
        const int guess = disc_guess(c[i].sq);
        key[i] = guess == RV_NO_GUESS ? 1000 : guess;
    }
    for (int i = 1; i < n; i++) {
        const child x = c[i];
        const int k = key[i];
        int j = i - 1;
        for (; j >= 0 && key[j] > k; j--) {
            c[j + 1] = c[j];
            key[j + 1] = key[j];
        }
        c[j + 1] = x;
        key[j + 1] = k;
    }
}

int rv_values(uint64_t p, uint64_t o, int depth, unsigned flags, double deadline,
              int32_t *values, rv_result *result) {
    return rv_values_of(p, o, depth, flags, deadline, ~0ull, values, result);
}

int rv_values_of(uint64_t p, uint64_t o, int depth, unsigned flags, double deadline,
                 uint64_t only, int32_t *values, rv_result *result) {
    if (!rv_weights_loaded) return RV_ERR_NO_WEIGHTS;
    if (depth < 1 || depth > 64) return RV_ERR_ARGUMENT;
    if ((p & o) || !legal(p, o)) return RV_ERR_POSITION;
    const bool winner = (flags & RV_WINNER) != 0;
    if (!(flags & RV_KEEP_TABLE) || p != known_p || o != known_o || winner != known_winner) {
        /* the end table's bounds are scores of one counting */
        if (!(flags & RV_KEEP_TABLE) || winner != known_winner) rv_clear_table();
        for (int sq = 0; sq < 64; sq++) {
            known_depth[0][sq] = known_depth[1][sq] = 0;
            solved[sq] = false;
        }
        known_p = p;
        known_o = o;
        known_winner = winner;
    }
    const int empties = 64 - count(p | o);
    const bool exact = depth >= empties;
    child children[32];
    int n = children_of(p, o, children);
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (only >> children[i].sq & 1) children[kept++] = children[i];
    n = kept;
    if (exact) best_first(children, n);
    result->score = -RV_INFINITY;
    result->move = -1;
    result->depth = exact ? empties : depth;
    result->exact = exact;
    result->nodes = 0;
    result->best_moves = 0;
    bool stopped = false;
    for (int i = 0; i < n && !stopped; i++) {
        const int sq = children[i].sq;
        const int32_t value = exact && solved[sq]
                                  ? solved_value[sq]
                                  : child_value(&children[i], depth, exact, flags & RV_WINNER,
                                                deadline, &result->nodes, &stopped);
        if (stopped) break;
        if (exact) {
            solved[sq] = true;
            solved_value[sq] = value;
        }
        values[children[i].sq] = value;
        if (value > result->score) {
            result->score = value;
            result->move = children[i].sq;
            result->best_moves = 0;
        }
        if (value == result->score) result->best_moves |= 1ull << children[i].sq;
    }
    return stopped ? RV_STOPPED : RV_OK;
}

/* the last plies of a midgame line the table may lack (depth 1 is never stored) are
   searched again up to this depth */
#define SEARCHED_LEFT 4

/* The next move of the line from a position the search or the solver went through:
   the table's move when it is legal here, else (at the last plies of a midgame line)
   the move of the best value searched again; -1 when the line ends here. */
static int next_move(uint64_t p, uint64_t o, int left, bool exact, unsigned flags,
                     double deadline) {
    if (exact) {
        rv_result r;
        return rv_solve(p, o, flags | RV_KEEP_TABLE, deadline, &r) == RV_OK ? r.move : -1;
    }
    const uint64_t moves = legal(p, o);
    const rv_entry *e = rv_find(&rv_mid_table, p, o);
    if (e && e->move >= 0 && (moves >> e->move & 1)) return e->move;
    if (left > SEARCHED_LEFT) return -1;
    child children[32];
    const int n = children_of(p, o, children);
    int32_t best = -RV_INFINITY;
    int move = -1;
    rv_start(deadline);
    for (int i = 0; i < n; i++) {
        const int32_t value = -rv_midgame_value(children[i].p, children[i].o, left - 1);
        if (rv_stopped) return -1;
        if (value > best) {
            best = value;
            move = children[i].sq;
        }
    }
    return move;
}

int rv_line(uint64_t p, uint64_t o, int first, int depth, unsigned flags, double deadline,
            int8_t *line) {
    if (!rv_weights_loaded) return RV_ERR_NO_WEIGHTS;
    if (depth < 1 || depth > 64 || first < 0 || first > 63) return RV_ERR_ARGUMENT;
    if ((p & o) || !(legal(p, o) >> first & 1)) return RV_ERR_POSITION;
    const bool exact = depth >= 64 - count(p | o);
    int n = 0, sq = first;
    for (int left = depth; sq >= 0 && left > 0; left--) {
        line[n++] = (int8_t)sq;
        const uint64_t f = flips(p, o, sq), np = o ^ f, no = p | f | (1ull << sq);
        p = np;
        o = no;
        if (!legal(p, o)) {
            if (!legal(o, p)) break;
            const uint64_t t = p; /* a pass: the same player moves again, no ply used */
            p = o;
            o = t;
        }
        sq = left > 1 ? next_move(p, o, left - 1, exact, flags & RV_WINNER, deadline) : -1;
    }
    return n;
}
