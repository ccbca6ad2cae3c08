/* Inline bitboard kernels shared by the core's files (not part of the API). */

#ifndef REVERSI_NATIVE_BOARD_H
#define REVERSI_NATIVE_BOARD_H

#include <stdint.h>

#define NOT_A 0xFEFEFEFEFEFEFEFEull
#define NOT_H 0x7F7F7F7F7F7F7F7Full
#define CORNERS 0x8100000000000081ull

/* x86-64 without POPCNT (the extension's default target) would call libgcc for the
   builtin; the SWAR count ("Hamming weight" on Wikipedia) stays inline there. */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
static inline int count(uint64_t b) {
    b -= (b >> 1) & 0x5555555555555555ull;
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((b * 0x0101010101010101ull) >> 56);
}
#else
static inline int count(uint64_t b) { return __builtin_popcountll(b); }
#endif
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

/* The eight rays of each square (toward higher squares: the row, the column and the two
   diagonals; then toward lower squares), a table the compiler fills (the shift counts
   masked, so that the branch not taken has no negative count either). */
#define RV_FILE(sq) ((sq) & 7)
#define RV_RANK(sq) ((sq) >> 3)
#define RV_ABOVE(sq) ((uint64_t)-2 << (sq))
#define RV_BELOW(sq) ((1ull << (sq)) - 1)
#define RV_ROW(sq) (0xFFull << ((sq) & 56))
#define RV_COLUMN(sq) (0x0101010101010101ull << RV_FILE(sq))
#define RV_DIAGONAL(sq)                                                                    \
    (RV_FILE(sq) >= RV_RANK(sq) ? RV_MAIN_DIAGONAL >> (8 * (RV_FILE(sq) - RV_RANK(sq)) & 63)      \
                                : RV_MAIN_DIAGONAL << (8 * (RV_RANK(sq) - RV_FILE(sq)) & 63))
#define RV_ANTI(sq)                                                                        \
    (RV_FILE(sq) + RV_RANK(sq) <= 7                                                        \
         ? RV_ANTI_DIAGONAL >> (8 * (7 - RV_FILE(sq) - RV_RANK(sq)) & 63)                       \
         : RV_ANTI_DIAGONAL << (8 * (RV_FILE(sq) + RV_RANK(sq) - 7) & 63))
#define RV_RAYS(sq)                                                                        \
    {RV_ROW(sq) & RV_ABOVE(sq),      RV_COLUMN(sq) & RV_ABOVE(sq),                         \
     RV_DIAGONAL(sq) & RV_ABOVE(sq), RV_ANTI(sq) & RV_ABOVE(sq),                           \
     RV_ROW(sq) & RV_BELOW(sq),      RV_COLUMN(sq) & RV_BELOW(sq),                         \
     RV_DIAGONAL(sq) & RV_BELOW(sq), RV_ANTI(sq) & RV_BELOW(sq)}
#define RV_RAYS8(sq)                                                                       \
    RV_RAYS(sq), RV_RAYS(sq + 1), RV_RAYS(sq + 2), RV_RAYS(sq + 3), RV_RAYS(sq + 4),        \
        RV_RAYS(sq + 5), RV_RAYS(sq + 6), RV_RAYS(sq + 7)
extern const uint64_t rv_rays[64][8]; /* moves.c */

/* The squares next to sq: a move there flips nothing unless one holds an opponent's disc. */
#define RV_NEXT(b)                                                                         \
    ((((b) << 1 | (b) << 9 | (b) >> 7) & NOT_A) | (((b) >> 1 | (b) >> 9 | (b) << 7) & NOT_H) | \
     (b) << 8 | (b) >> 8)
#define RV_NEXT8(sq)                                                                       \
    RV_NEXT(1ull << (sq)), RV_NEXT(1ull << (sq + 1)), RV_NEXT(1ull << (sq + 2)),            \
        RV_NEXT(1ull << (sq + 3)), RV_NEXT(1ull << (sq + 4)), RV_NEXT(1ull << (sq + 5)),    \
        RV_NEXT(1ull << (sq + 6)), RV_NEXT(1ull << (sq + 7))
extern const uint64_t rv_next[64]; /* moves.c */

static inline uint64_t flips(uint64_t p, uint64_t o, int sq) {
    const uint64_t *r = rv_rays[sq];
    return run_up(p, o, r[0]) | run_up(p, o, r[1]) | run_up(p, o, r[2]) | run_up(p, o, r[3]) |
           run_down(p, o, r[4]) | run_down(p, o, r[5]) | run_down(p, o, r[6]) |
           run_down(p, o, r[7]);
}

#endif
