/* Inline bitboard kernels shared by the core's files (not part of the API). */

#ifndef REVERSI_NATIVE_BOARD_H
#define REVERSI_NATIVE_BOARD_H

#include <stdint.h>

#define NOT_A 0xFEFEFEFEFEFEFEFEull
#define NOT_H 0x7F7F7F7F7F7F7F7Full
#define CORNERS 0x8100000000000081ull

static inline int count(uint64_t b) { return __builtin_popcountll(b); }
static inline int first_square(uint64_t b) { return __builtin_ctzll(b); }

/* Legal moves: a Kogge-Stone style fill in each of the eight directions. */
static inline uint64_t legal(uint64_t p, uint64_t o) {
    const uint64_t inner = o & 0x7E7E7E7E7E7E7E7Eull;
    uint64_t found = 0, t, pre;
#define RV_FILL(mask, SH, n)                                                             \
    t = mask & (p SH n);                                                                 \
    t |= mask & (t SH n);                                                                \
    pre = mask & (mask SH n);                                                            \
    t |= pre & (t SH (2 * n));                                                           \
    t |= pre & (t SH (2 * n));                                                           \
    found |= t SH n;
    RV_FILL(inner, <<, 1)
    RV_FILL(inner, >>, 1)
    RV_FILL(o, <<, 8)
    RV_FILL(o, >>, 8)
    RV_FILL(inner, <<, 7)
    RV_FILL(inner, >>, 7)
    RV_FILL(inner, <<, 9)
    RV_FILL(inner, >>, 9)
#undef RV_FILL
    return found & ~(p | o);
}

/* The discs a disc on sq encloses. On each of the eight rays from sq the first square
   that is not the opponent's ends the run: toward higher squares it is the lowest set
   bit of the ray's other squares, toward lower squares the highest (a bit scan per ray
   instead of a walk; the "outflank" square of bitboard move generators, see
   chessprogramming.org's "Flipping" and "BitScan" pages). The run flips when that
   square holds the mover's disc. */
#define RV_MAIN_DIAGONAL 0x8040201008040201ull
#define RV_ANTI_DIAGONAL 0x0102040810204080ull

static inline uint64_t run_up(uint64_t p, uint64_t o, uint64_t ray) {
    const uint64_t stop = ray & ~o, end = stop & (0 - stop);
    return (end & p) ? (end - 1) & ray : 0;
}

static inline uint64_t run_down(uint64_t p, uint64_t o, uint64_t ray) {
    const uint64_t end = 0x8000000000000000ull >> __builtin_clzll((ray & ~o) | 1);
    return (end & p & ray) ? ray & (0 - (end << 1)) : 0;
}

static inline uint64_t flips(uint64_t p, uint64_t o, int sq) {
    const int file = sq & 7, rank = sq >> 3, d = file - rank, s = file + rank;
    const uint64_t above = (uint64_t)-2 << sq, below = (1ull << sq) - 1;
    const uint64_t row = 0xFFull << (sq & 56), column = 0x0101010101010101ull << file;
    const uint64_t diagonal =
        d >= 0 ? RV_MAIN_DIAGONAL >> (8 * d) : RV_MAIN_DIAGONAL << (-8 * d);
    const uint64_t anti = s <= 7 ? RV_ANTI_DIAGONAL >> (8 * (7 - s)) : RV_ANTI_DIAGONAL << (8 * (s - 7));
    return run_up(p, o, row & above) | run_down(p, o, row & below) |
           run_up(p, o, column & above) | run_down(p, o, column & below) |
           run_up(p, o, diagonal & above) | run_down(p, o, diagonal & below) |
           run_up(p, o, anti & above) | run_down(p, o, anti & below);
}

#endif
