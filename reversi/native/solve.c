/* The exact and win/draw/loss endgame solvers: the final disc difference under
   perfect play, as reversi.ai.endgame.EndgameSolver (the same scores and best moves).

   Above SHALLOW empties: principal-variation search with the table of bounds (from
   TT_EMPTIES on) and enhanced transposition cut-offs, a stability cut-off and
   fastest-first ordering (the opponent's fewest replies, corners counted twice; below
   EVAL_ORDER_EMPTIES also the opponent's potential mobility and the parity of the
   move's quadrant), corrected by the trained evaluation from EVAL_ORDER_EMPTIES on, a
   two-ply search of it from SEARCH_ORDER_EMPTIES on and a three-ply one from
   DEEPER_ORDER_EMPTIES on (tuned on every move's exact value at 20 empties, the
   analysis board's). Up to SHALLOW: no move generation, the empty squares of odd quadrants first (parity), the stability cut-off
   from STABLE_EMPTIES on. The root closes in on the score with null windows from a
   midgame search's guess (MTD(f)). Fastest-first, parity and the stability cut-off:
   Buro, "Experiments with Multi-ProbCut and a New High-Quality Evaluation Function for
   Othello" (1997) and Gunnar Andersson's notes on Zebra's endgame solver; the depths
   were tuned on the 14- and 18-empty sets of benchmarks/endgame.py. */

#include "board.h"
#include "internal.h"

#define SHALLOW 5
#define TT_EMPTIES 6
#define ETC_EMPTIES 7
#define EVAL_ORDER_EMPTIES 10
#define SEARCH_ORDER_EMPTIES 15
#define DEEPER_ORDER_EMPTIES 18
#define GUESS_EMPTIES 14
#define GUESS_DEPTH 4
#define REPLY_WEIGHT 400
#define STABLE_EMPTIES 4

static bool winner;

/* moves: the child's legal moves, found for its key (else UNKNOWN) */
typedef struct child {
    uint64_t p, o, moves;
    int32_t key;
    int sq;
} child;

#define UNKNOWN (~0ull)

static int final_score(uint64_t p, uint64_t o) {
    const int pc = count(p), oc = count(o), diff = pc - oc;
    if (winner && diff) {
        const int empties = 64 - pc - oc;
        return diff > 0 ? diff + empties : diff - empties;
    }
    return diff;
}

/* --- stable discs: anchored in all four directions by a wall, a full line or a
   stable neighbour, grown to a fixed point (reversi.ai.stability.stable_discs) --- */

#define FILE_A 0x0101010101010101ull
#define ROW_1 0xFFull
#define FRAME (FILE_A | (FILE_A << 7) | ROW_1 | (ROW_1 << 56))

/* The squares whose whole line in one diagonal direction is occupied: the empty squares
   spread both ways along the diagonals (three doubling shifts each way, the file masks
   keep them from wrapping), and what they do not reach is full. Diagonals of one or two
   squares lie on the frame, which counts as anchored anyway. */
static uint64_t full_diagonals(uint64_t occupied, int step) {
    const uint64_t up_mask = step == 9 ? NOT_A : NOT_H, down_mask = step == 9 ? NOT_H : NOT_A;
    uint64_t up = ~occupied, down = ~occupied, pu = up_mask, pd = down_mask;
    for (int shift = step; shift < 64; shift *= 2) {
        up |= pu & (up << shift);
        down |= pd & (down >> shift);
        pu &= pu << shift;
        pd &= pd >> shift;
    }
    return occupied & ~(up | down);
}

static uint64_t stable(uint64_t own, uint64_t opponent) {
    const uint64_t occupied = own | opponent;
    uint64_t r = occupied & (occupied >> 4);
    r &= r >> 2;
    r &= r >> 1;
    const uint64_t rows = (r & FILE_A) * 0xFF;
    uint64_t c = occupied & (occupied >> 32);
    c &= c >> 16;
    c &= c >> 8;
    const uint64_t columns = (c & ROW_1) * FILE_A;
    const uint64_t h = rows | FILE_A | (FILE_A << 7), v = columns | ROW_1 | (ROW_1 << 56);
    const uint64_t d9 = full_diagonals(occupied, 9) | FRAME;
    const uint64_t d7 = full_diagonals(occupied, 7) | FRAME;
    uint64_t s = 0;
    for (;;) {
        const uint64_t grown = own & (h | ((s << 1) & NOT_A) | ((s >> 1) & NOT_H)) &
                               (v | (s << 8) | (s >> 8)) &
                               (d9 | ((s << 9) & NOT_A) | ((s >> 9) & NOT_H)) &
                               (d7 | ((s << 7) & NOT_H) | ((s >> 7) & NOT_A));
        if (grown == s) return s;
        s = grown;
    }
}

/* --- the last empties: parity order, no move generation -------------------------- */

#define QUADRANT 0x0F0F0F0Full

/* The quadrants with an odd number of empty squares: the rows of each half folded
   into one by exclusive or, then the files of each half, leave each quadrant's parity
   in bit 0, 4, 32 or 36, which the multiplication spreads over its quadrant. */
static uint64_t odd_quadrants(uint64_t empties) {
    uint64_t x = empties ^ (empties >> 16);
    x ^= x >> 8;
    x ^= x >> 2;
    x ^= x >> 1;
    return (x & 0x0000001100000011ull) * QUADRANT;
}

static int parity_order(uint64_t empties, int *squares) {
    const uint64_t odd = odd_quadrants(empties);
    int n = 0;
    for (uint64_t part = empties & odd; part; part &= part - 1) squares[n++] = first_square(part);
    for (uint64_t part = empties & ~odd; part; part &= part - 1) squares[n++] = first_square(part);
    return n;
}

/* The last empty square: every other square is taken, so on each line through it the
   squares that are not the mover's are the opponent's, and a move there flips on each
   side the run up to the mover's nearest disc (none without one). Its flips are
   counted, not made: per line, rv_last_flips by the square's place in the line and the
   mover's discs on it (the last-move flip count of endgame solvers such as Edax).
   Squares beyond a short diagonal read as not the mover's and end no run. */
static inline int last_flips(uint64_t mover, int sq) {
    const int file = sq & 7, rank = sq >> 3;
    return rv_last_flips[file][(mover >> (sq & 56)) & 0xFF] +
           rv_last_flips[rank][column_byte(mover, file)] +
           rv_last_flips[file][diagonal_byte(mover, rv_diagonals[sq][0])] +
           rv_last_flips[file][diagonal_byte(mover, rv_diagonals[sq][1])];
}

static int solve1(uint64_t p, uint64_t o, int sq) {
    rv_nodes++;
    const int discs = count(p);
    int n = last_flips(p, sq);
    if (n) return 2 * (discs + n) - 62;
    n = last_flips(o, sq);
    if (n) return 2 * (discs - n) - 64;
    const int diff = 2 * discs - 63;
    return winner ? (diff > 0 ? diff + 1 : diff - 1) : diff;
}

/* Two empties: each move in turn, the other square last (in square order, as the
   parity order has them: both in one quadrant or each alone in its own). A move flips
   nothing where no neighbour holds an opponent's disc (rv_next): the last empties skip
   those squares without looking along their rays. */
static int solve2(uint64_t p, uint64_t o, int alpha, int beta, int a, int b) {
    rv_nodes++;
    int best = -65;
    uint64_t f = rv_next[a] & o ? flips(p, o, a) : 0;
    if (f) {
        best = -solve1(o ^ f, p | f | (1ull << a), b);
        if (best >= beta) return best;
    }
    f = rv_next[b] & o ? flips(p, o, b) : 0;
    if (f) {
        const int value = -solve1(o ^ f, p | f | (1ull << b), a);
        return value > best ? value : best;
    }
    if (best > -65) return best;
    if (((rv_next[a] & p) && flips(o, p, a)) || ((rv_next[b] & p) && flips(o, p, b)))
        return -solve2(o, p, -beta, -alpha, a, b);
    return final_score(p, o);
}

/* Three empties s[0] < s[1] < s[2], in parity order: the one alone in its quadrant
   first when the other two share one, else in square order. */
static int solve3(uint64_t p, uint64_t o, int alpha, int beta, const int *s) {
    rv_nodes++;
    const int q0 = (s[0] >> 2 & 1) | (s[0] >> 4 & 2), q1 = (s[1] >> 2 & 1) | (s[1] >> 4 & 2),
              q2 = (s[2] >> 2 & 1) | (s[2] >> 4 & 2);
    int order[3] = {0, 1, 2};
    if (q0 == q1 && q1 != q2) {
        order[0] = 2, order[1] = 0, order[2] = 1;
    } else if (q0 == q2 && q0 != q1) {
        order[0] = 1, order[1] = 0;
    }
    int best = -65;
    for (int i = 0; i < 3; i++) {
        const int k = order[i], sq = s[k];
        if (!(rv_next[sq] & o)) continue;
        const uint64_t f = flips(p, o, sq);
        if (!f) continue;
        const int value =
            -solve2(o ^ f, p | f | (1ull << sq), -beta, -alpha, s[k == 0], s[k == 2 ? 1 : 2]);
        if (value > best) {
            best = value;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    if (best == -65) {
        for (int i = 0; i < 3; i++)
            if ((rv_next[s[order[i]]] & p) && flips(o, p, s[order[i]]))
                return -solve3(o, p, -beta, -alpha, s);
        return final_score(p, o);
    }
    return best;
}

static int shallow(uint64_t p, uint64_t o, int alpha, int beta, int n) {
    const uint64_t empties = ~(p | o);
    if (n == 2) {
        const int a = first_square(empties);
        return solve2(p, o, alpha, beta, a, first_square(empties & (empties - 1)));
    }
    if (n == 3) {
        const uint64_t rest = empties & (empties - 1);
        const int s[3] = {first_square(empties), first_square(rest),
                          first_square(rest & (rest - 1))};
        return solve3(p, o, alpha, beta, s);
    }
    int squares[SHALLOW];
    parity_order(empties, squares);
    if (n == 1) return solve1(p, o, squares[0]);
    rv_nodes++;
    if (n >= STABLE_EMPTIES && alpha >= 2 * n - 4) {
        const int bound = 64 - 2 * count(stable(o, p));
        if (bound <= alpha) return bound;
        if (bound < beta) beta = bound;
    }
    int best = -65;
    for (int i = 0; i < n; i++) {
        const int sq = squares[i];
        if (!(rv_next[sq] & o)) continue;
        const uint64_t f = flips(p, o, sq);
        if (!f) continue;
        const int value = -shallow(o ^ f, p | f | (1ull << sq), -beta, -alpha, n - 1);
        if (value > best) {
            best = value;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    if (best == -65) {
        for (int i = 0; i < n; i++)
            if ((rv_next[squares[i]] & p) && flips(o, p, squares[i]))
                return -shallow(o, p, -beta, -alpha, n);
        return final_score(p, o);
    }
    return best;
}

/* --- many empties --------------------------------------------------------------- */

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

static int children_of(uint64_t p, uint64_t o, uint64_t moves, int hint, int n, child *out) {
    int k = 0;
    for (; moves; moves &= moves - 1) {
        const int sq = first_square(moves);
        const uint64_t f = flips(p, o, sq);
        child *c = &out[k++];
        c->p = o ^ f;
        c->o = p | f | (1ull << sq);
        c->sq = sq;
        /* the child's bucket, which the enhanced transposition cut-off reads next: its
           cache line is on its way while the keys of all the children are computed */
        if (n >= ETC_EMPTIES) __builtin_prefetch(rv_bucket(&rv_end_table, c->p, c->o));
    }
    const uint64_t odd = n < EVAL_ORDER_EMPTIES ? odd_quadrants(~(p | o)) : 0;
    for (int i = 0; i < k; i++) {
        child *c = &out[i];
        const uint64_t bit = 1ull << c->sq;
        if (c->sq == hint) {
            c->key = -RV_INFINITY;
            c->moves = UNKNOWN;
            continue;
        }
        const uint64_t replies = c->moves = legal(c->p, c->o);
        if (n >= EVAL_ORDER_EMPTIES) {
            c->key = REPLY_WEIGHT * (count(replies) + count(replies & CORNERS)) +
                     (n >= SEARCH_ORDER_EMPTIES
                          ? rv_midgame_value(c->p, c->o, n >= DEEPER_ORDER_EMPTIES ? 3 : 2)
                          : rv_eval(c->p, c->o));
        } else {
            c->key = 4 * (count(replies) + count(replies & CORNERS));
            if (bit & CORNERS) c->key -= 3;
            c->key += count(RV_NEXT(c->o) & ~(c->p | c->o));
            if (odd & bit) c->key -= 2;
        }
    }
    sort(out, k);
    return k;
}

static void store(uint64_t p, uint64_t o, int lower, int upper, int best, int alpha, int beta,
                  int move, int n) {
    if (best <= alpha) {
        if (best < upper) upper = best;
    } else if (best >= beta) {
        if (best > lower) lower = best;
    } else {
        lower = upper = best;
    }
    rv_put(&rv_end_table, p, o, lower, upper, move, n);
}

static int deep(uint64_t p, uint64_t o, int alpha, int beta, int n, uint64_t moves) {
    if (rv_node()) return 0;
    if (moves == UNKNOWN) moves = legal(p, o);
    if (!moves) {
        if (legal(o, p)) return -deep(o, p, -beta, -alpha, n, UNKNOWN);
        return final_score(p, o);
    }
    if (alpha >= (2 * n - 4 < 64 ? 2 * n - 4 : 64)) {
        const int bound = 64 - 2 * count(stable(o, p));
        if (bound <= alpha) return bound;
        if (bound < beta) beta = bound;
    }
    int lower = -64, upper = 64, hint = -1;
    const rv_entry *e = rv_find(&rv_end_table, p, o);
    if (e) {
        lower = e->lower;
        upper = e->upper;
        hint = e->move;
        if (lower >= beta) return lower;
        if (upper <= alpha || lower == upper) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
    }
    child children[32];
    const int k = children_of(p, o, moves, hint, n, children);
    if (n >= ETC_EMPTIES) {
        for (int i = 0; i < k; i++) {
            const rv_entry *ce = rv_find(&rv_end_table, children[i].p, children[i].o);
            if (ce && -ce->upper >= beta) {
                store(p, o, lower, upper, -ce->upper, alpha, beta, children[i].sq, n);
                return -ce->upper;
            }
        }
    }
    int best = -65, best_sq = -1, a = alpha;
    for (int i = 0; i < k; i++) {
        const child *c = &children[i];
        int value;
        if (n - 1 > SHALLOW) {
            if (i == 0) {
                value = -deep(c->p, c->o, -beta, -a, n - 1, c->moves);
            } else {
                value = -deep(c->p, c->o, -a - 1, -a, n - 1, c->moves);
                if (a < value && value < beta && !rv_stopped)
                    value = -deep(c->p, c->o, -beta, -value, n - 1, c->moves);
            }
        } else {
            value = -shallow(c->p, c->o, -beta, -a, n - 1);
        }
        if (rv_stopped) return 0;
        if (value > best) {
            best = value;
            best_sq = c->sq;
            if (value > a) {
                a = value;
                if (a >= beta) break;
            }
        }
    }
    if (n >= TT_EMPTIES) store(p, o, lower, upper, best, alpha, beta, best_sq, n);
    return best;
}

/* Fail-soft: the exact score strictly inside (alpha, beta), else a bound on its side. */
static int solve(uint64_t p, uint64_t o, int alpha, int beta) {
    const int n = 64 - count(p | o);
    if (n > SHALLOW) return deep(p, o, alpha, beta, n, UNKNOWN);
    if (n == 0) return final_score(p, o);
    return shallow(p, o, alpha, beta, n);
}

static int guess(uint64_t p, uint64_t o) {
    const int32_t value = rv_midgame_value(p, o, GUESS_DEPTH);
    int32_t rounded = value >= 0 ? (value + 50) / 100 : -((-value + 50) / 100);
    int discs = rounded > 64 ? 64 : rounded < -64 ? -64 : (int)rounded;
    if (winner && (discs & 1)) discs += value > 100 * discs ? 1 : -1;
    return discs;
}

/* The score by null windows from the guess g (MTD(f)). */
static int exact_score_from(uint64_t p, uint64_t o, int g) {
    int value = solve(p, o, g - 1, g + 1);
    if (value == g || rv_stopped) return value;
    int lower = value > g ? value : -64, upper = value > g ? 64 : value;
    while (lower < upper && !rv_stopped) {
        const int test = value == lower ? value + 1 : value;
        value = solve(p, o, test - 1, test);
        if (value < test)
            upper = value;
        else
            lower = value;
    }
    return value;
}

static int exact_score(uint64_t p, uint64_t o) {
    const int n = 64 - count(p | o);
    return exact_score_from(p, o, n >= GUESS_EMPTIES ? guess(p, o) : 0);
}

/* Does the move's child reach at least target for the player to move? */
static bool reaches(const child *c, int target) {
    return -solve(c->p, c->o, -target, 1 - target) >= target;
}

static int begin(uint64_t p, uint64_t o, unsigned flags, double deadline) {
    if (!rv_weights_loaded) return RV_ERR_NO_WEIGHTS;
    if (p & o) return RV_ERR_POSITION;
    if (!(flags & RV_KEEP_TABLE)) rv_clear_table();
    rv_start(deadline);
    winner = (flags & RV_WINNER) != 0;
    return RV_OK;
}

static int hint_of(uint64_t p, uint64_t o) {
    const rv_entry *e = rv_find(&rv_end_table, p, o);
    return e ? e->move : -1;
}

int rv_solve(uint64_t p, uint64_t o, unsigned flags, double deadline, rv_result *result) {
    const int status = begin(p, o, flags, deadline);
    if (status != RV_OK) return status;
    const int n = 64 - count(p | o);
    int score;
    if (flags & RV_WDL) {
        const int value = solve(p, o, -1, 1);
        score = (value > 0) - (value < 0);
    } else {
        score = exact_score(p, o);
    }
    result->score = score;
    result->move = -1;
    result->depth = n;
    result->exact = !(flags & RV_WDL);
    result->best_moves = 0;
    const uint64_t moves = legal(p, o);
    if (moves && !rv_stopped) {
        child children[32];
        const int k = children_of(p, o, moves, hint_of(p, o), n, children);
        const int target = (flags & RV_WDL) ? (score < 0 ? -64 : score) : score;
        for (int i = 0; i < k && !rv_stopped; i++) {
            if (!(flags & RV_EVERY_BEST) && result->move >= 0) break;
            if (reaches(&children[i], target)) {
                result->best_moves |= 1ull << children[i].sq;
                if (result->move < 0) result->move = children[i].sq;
            }
        }
    }
    result->nodes = rv_nodes;
    return rv_stopped ? RV_STOPPED : RV_OK;
}

int rv_exact_value(uint64_t p, uint64_t o, unsigned flags, double deadline, int guess,
                   int *score) {
    const int status = begin(p, o, flags, deadline);
    if (status != RV_OK) return status;
    *score = guess == RV_NO_GUESS ? exact_score(p, o) : exact_score_from(p, o, guess);
    return rv_stopped ? RV_STOPPED : RV_OK;
}

int rv_decisive(uint64_t p, uint64_t o, int first, unsigned flags, double deadline,
                rv_result *result) {
    const int status = begin(p, o, flags, deadline);
    if (status != RV_OK) return status;
    const uint64_t moves = legal(p, o);
    if (!moves) return RV_ERR_POSITION;
    const int n = 64 - count(p | o);
    child children[32];
    const int k = children_of(p, o, moves, hint_of(p, o), n, children);
    int best = -2, best_sq = first;
    for (int pass = 0; pass < 2 && best <= 0; pass++) {
        for (int i = 0; i < k && !rv_stopped; i++) {
            if ((children[i].sq == first) != (pass == 0)) continue;
            const int value = -solve(children[i].p, children[i].o, -1, 1);
            const int verdict = (value > 0) - (value < 0);
            if (verdict > best) {
                best = verdict;
                best_sq = children[i].sq;
                if (verdict > 0) break;
            }
        }
    }
    result->score = best;
    result->move = best_sq;
    result->depth = n;
    result->exact = 0;
    result->nodes = rv_nodes;
    result->best_moves = 0;
    return rv_stopped ? RV_STOPPED : RV_OK;
}
