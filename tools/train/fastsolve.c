/* An exact endgame solver for labelling training positions (tools only, never shipped).

   Reads lines "P O" (the player's and the opponent's discs, hexadecimal) from stdin and
   writes one line per position: the exact final disc difference for the player to move,
   empties to the winner (as EndgameSolver(winner=True).score), the nodes searched and the
   CPU seconds.

   The same search as reversi.ai.endgame in outline, in C because labelling tens of
   thousands of positions at 14-20 empties takes the Python solver hours:
   negamax alpha-beta with principal-variation search, a transposition table of bounds
   and best moves from TT_EMPTIES empties on, fastest-first ordering (fewest replies,
   corners early) above SHALLOW empties, and below it no move generation: the empty
   squares in quadrant-parity order, odd quadrants first. tests/train/test_fastsolve.py
   checks it against the project's solver. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef uint64_t u64;

enum { SHALLOW = 6, TT_EMPTIES = 9, TT_BITS = 22 };

static unsigned long long nodes;

static inline int count(u64 b) { return __builtin_popcountll(b); }

static u64 moves(u64 P, u64 O) {
    const u64 inner = O & 0x7E7E7E7E7E7E7E7EULL;
    u64 found = 0, t;
#define RAY(mask, SHIFT, n)                                                      \
    t = mask & (P SHIFT n);                                                      \
    t |= mask & (t SHIFT n); t |= mask & (t SHIFT n); t |= mask & (t SHIFT n);   \
    t |= mask & (t SHIFT n); t |= mask & (t SHIFT n); found |= t SHIFT n;
    RAY(inner, <<, 1) RAY(inner, >>, 1)
    RAY(O, <<, 8) RAY(O, >>, 8)
    RAY(inner, <<, 7) RAY(inner, >>, 7)
    RAY(inner, <<, 9) RAY(inner, >>, 9)
#undef RAY
    return found & ~(P | O);
}

static const int DF[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static const int DR[8] = {0, 0, 1, -1, 1, -1, -1, 1};

static u64 flips(u64 P, u64 O, int sq) {
    u64 all = 0;
    const int f0 = sq & 7, r0 = sq >> 3;
    for (int d = 0; d < 8; d++) {
        u64 line = 0;
        int f = f0 + DF[d], r = r0 + DR[d];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            const u64 b = 1ULL << (8 * r + f);
            if (O & b) {
                line |= b;
            } else {
                if (P & b) all |= line;
                break;
            }
            f += DF[d];
            r += DR[d];
        }
    }
    return all;
}

static int final_score(u64 P, u64 O) {
    const int mine = count(P), theirs = count(O), empties = 64 - mine - theirs;
    const int diff = mine - theirs;
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

typedef struct {
    u64 p, o;
    int8_t lower, upper;
    uint8_t move;
} Entry;

static Entry *table;

static inline Entry *slot(u64 P, u64 O) {
    u64 h = (P * 0x9E3779B97F4A7C15ULL) ^ (O * 0xC2B2AE3D27D4EB4FULL);
    return &table[(h ^ (h >> 29)) & ((1ULL << TT_BITS) - 1)];
}

static const u64 QUADRANT[4] = {
    0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

static int shallow(u64 P, u64 O, int alpha, int beta, int passed);

/* The last empty square: the player's move if it has one, else the opponent's. */
static int last(u64 P, u64 O) {
    nodes++;
    const u64 e = ~(P | O);
    const int sq = __builtin_ctzll(e);
    u64 f = flips(P, O, sq);
    if (f) return final_score(P | f | e, O & ~f);
    f = flips(O, P, sq);
    if (f) return final_score(P & ~f, O | f | e);
    return final_score(P, O);
}

static int shallow(u64 P, u64 O, int alpha, int beta, int passed) {
    const u64 e = ~(P | O);
    if (!e) return final_score(P, O);
    if (!(e & (e - 1))) return last(P, O);
    nodes++;
    int best = -65;
    for (int pass = 0; pass < 2; pass++) {  /* odd quadrants first, then even */
        for (int q = 0; q < 4; q++) {
            u64 here = e & QUADRANT[q];
            if ((count(here) & 1) == pass) continue;
            while (here) {
                const int sq = __builtin_ctzll(here);
                here &= here - 1;
                const u64 f = flips(P, O, sq);
                if (!f) continue;
                const int v = -shallow(O & ~f, P | f | (1ULL << sq), -beta, -alpha, 0);
                if (v > best) {
                    best = v;
                    if (v > alpha) {
                        alpha = v;
                        if (alpha >= beta) return best;
                    }
                }
            }
        }
    }
    if (best == -65) {
        if (passed) return final_score(P, O);
        return -shallow(O, P, -beta, -alpha, 1);
    }
    return best;
}

static int deep(u64 P, u64 O, int alpha, int beta, int empties, int passed) {
    if (empties <= SHALLOW) return shallow(P, O, alpha, beta, passed);
    nodes++;
    u64 legal = moves(P, O);
    if (!legal) {
        if (passed || !moves(O, P)) return final_score(P, O);
        return -deep(O, P, -beta, -alpha, empties, 1);
    }
    Entry *entry = 0;
    int hint = -1;
    if (empties >= TT_EMPTIES) {
        entry = slot(P, O);
        if (entry->p == P && entry->o == O) {
            if (entry->lower >= beta) return entry->lower;
            if (entry->upper <= alpha) return entry->upper;
            if (entry->lower == entry->upper) return entry->lower;
            if (entry->lower > alpha) alpha = entry->lower;
            if (entry->upper < beta) beta = entry->upper;
            hint = entry->move;
        }
    }
    const int alpha0 = alpha;
    int sq[64], key[64], n = 0;
    while (legal) {
        const int s = __builtin_ctzll(legal);
        legal &= legal - 1;
        const u64 f = flips(P, O, s);
        const u64 np = P | f | (1ULL << s), no = O & ~f;
        int k = count(moves(no, np)) * 16;
        if ((1ULL << s) & 0x8100000000000081ULL) k -= 24;
        if (s == hint) k = -1000;
        int i = n++;
        while (i > 0 && key[i - 1] > k) {
            key[i] = key[i - 1];
            sq[i] = sq[i - 1];
            i--;
        }
        key[i] = k;
        sq[i] = s;
    }
    int best = -65, best_sq = sq[0];
    for (int i = 0; i < n; i++) {
        const u64 f = flips(P, O, sq[i]);
        const u64 np = O & ~f, no = P | f | (1ULL << sq[i]);
        int v;
        if (i == 0) {
            v = -deep(np, no, -beta, -alpha, empties - 1, 0);
        } else {
            v = -deep(np, no, -alpha - 1, -alpha, empties - 1, 0);
            if (v > alpha && v < beta) v = -deep(np, no, -beta, -v, empties - 1, 0);
        }
        if (v > best) {
            best = v;
            best_sq = sq[i];
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) break;
            }
        }
    }
    if (entry) {
        if (entry->p != P || entry->o != O) {
            entry->p = P;
            entry->o = O;
            entry->lower = -64;
            entry->upper = 64;
        }
        if (best >= beta) {
            entry->lower = (int8_t)best;
        } else if (best <= alpha0) {
            entry->upper = (int8_t)best;
        } else {
            entry->lower = entry->upper = (int8_t)best;
        }
        entry->move = (uint8_t)best_sq;
    }
    return best;
}

int main(void) {
    table = calloc((size_t)1 << TT_BITS, sizeof(Entry));
    if (!table) {
        fputs("fastsolve: no memory for the table\n", stderr);
        return 2;
    }
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char *end;
        const u64 P = strtoull(line, &end, 16);
        const u64 O = strtoull(end, &end, 16);
        if (end == line || (P & O)) {
            fprintf(stderr, "fastsolve: not a position: %s", line);
            return 2;
        }
        nodes = 0;
        const clock_t start = clock();
        const int score = deep(P, O, -64, 64, 64 - count(P | O), 0);
        printf("%d %llu %.6f\n", score, nodes, (double)(clock() - start) / CLOCKS_PER_SEC);
        fflush(stdout);
    }
    return 0;
}
