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

/* The discs a disc on sq encloses: a walk along each ray over the opponent's discs. */
static inline uint64_t flips(uint64_t p, uint64_t o, int sq) {
    const uint64_t m = 1ull << sq;
    uint64_t all = 0, f, x;
#define RV_RAY(SH, n, mask)                                                              \
    f = 0;                                                                               \
    x = (m SH n) & (mask);                                                               \
    while (x & o) {                                                                      \
        f |= x;                                                                          \
        x = (x SH n) & (mask);                                                           \
    }                                                                                    \
    if (x & p) all |= f;
    RV_RAY(<<, 1, NOT_A)
    RV_RAY(>>, 1, NOT_H)
    RV_RAY(<<, 8, ~0ull)
    RV_RAY(>>, 8, ~0ull)
    RV_RAY(<<, 7, NOT_H)
    RV_RAY(>>, 7, NOT_A)
    RV_RAY(<<, 9, NOT_A)
    RV_RAY(>>, 9, NOT_H)
#undef RV_RAY
    return all;
}

#endif
