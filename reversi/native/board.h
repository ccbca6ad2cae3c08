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

#define RV_MAIN_DIAGONAL 0x8040201008040201ull
#define RV_ANTI_DIAGONAL 0x0102040810204080ull

/* The lines through each square: the diagonal and the anti-diagonal (a table the
   compiler fills; the shift counts masked, so that the branch not taken has no
   negative count either). */
#define RV_FILE(sq) ((sq) & 7)
#define RV_RANK(sq) ((sq) >> 3)
#define RV_DIAGONAL(sq)                                                                    \
    (RV_FILE(sq) >= RV_RANK(sq) ? RV_MAIN_DIAGONAL >> (8 * (RV_FILE(sq) - RV_RANK(sq)) & 63)      \
                                : RV_MAIN_DIAGONAL << (8 * (RV_RANK(sq) - RV_FILE(sq)) & 63))
#define RV_ANTI(sq)                                                                        \
    (RV_FILE(sq) + RV_RANK(sq) <= 7                                                        \
         ? RV_ANTI_DIAGONAL >> (8 * (7 - RV_FILE(sq) - RV_RANK(sq)) & 63)                       \
         : RV_ANTI_DIAGONAL << (8 * (RV_FILE(sq) + RV_RANK(sq) - 7) & 63))
#define RV_DIAGONALS(sq) {RV_DIAGONAL(sq), RV_ANTI(sq)}
#define RV_DIAGONALS8(sq)                                                                  \
    RV_DIAGONALS(sq), RV_DIAGONALS(sq + 1), RV_DIAGONALS(sq + 2), RV_DIAGONALS(sq + 3),     \
        RV_DIAGONALS(sq + 4), RV_DIAGONALS(sq + 5), RV_DIAGONALS(sq + 6), RV_DIAGONALS(sq + 7)
extern const uint64_t rv_diagonals[64][2]; /* moves.c */

/* A line's eight squares as the bits of a byte, and back: the row by a shift, the
   column and the diagonals by a multiplication that gathers one bit per byte into the
   top byte (chessprogramming.org, "Kindergarten Bitboards"); a column's byte goes back
   through a table. On the row and the diagonals bit i is file i, on the column rank i;
   squares beyond a short diagonal read as empty. */
#define RV_FILE_A 0x0101010101010101ull
static inline unsigned column_byte(uint64_t b, int file) {
    return (unsigned)((((b >> file) & RV_FILE_A) * 0x0102040810204080ull) >> 56);
}
static inline unsigned diagonal_byte(uint64_t b, uint64_t diagonal) {
    return (unsigned)(((b & diagonal) * RV_FILE_A) >> 56);
}
extern const uint64_t rv_column_of_byte[256]; /* moves.c: bit i to square 8 * i */

/* The discs a disc on sq encloses, line by line (row, column, both diagonals): in the
   line's byte, rv_outflank gives the squares that end the opponent's runs next to sq
   on either side, and rv_between the squares between sq and those of them the mover
   holds (the tables of "kindergarten" flip generators; ours are filled by the
   compiler, moves.c). */
extern const uint8_t rv_outflank[8][256], rv_between[8][256];
/* the number of discs a disc on the line's last empty square (at) flips, by the
   mover's discs on the line (its other squares are the opponent's) */
extern const uint8_t rv_last_flips[8][256];

static inline unsigned line_flips(unsigned p, unsigned o, int at) {
    return rv_between[at][rv_outflank[at][o] & p];
}

static inline uint64_t flips(uint64_t p, uint64_t o, int sq) {
    const int file = RV_FILE(sq), rank = RV_RANK(sq), row = sq & 56;
    const uint64_t diagonal = rv_diagonals[sq][0], anti = rv_diagonals[sq][1];
    uint64_t f = (uint64_t)line_flips((p >> row) & 0xFF, (o >> row) & 0xFF, file) << row;
    f |= rv_column_of_byte[line_flips(column_byte(p, file), column_byte(o, file), rank)] << file;
    f |= (line_flips(diagonal_byte(p, diagonal), diagonal_byte(o, diagonal), file) * RV_FILE_A) &
         diagonal;
    f |= (line_flips(diagonal_byte(p, anti), diagonal_byte(o, anti), file) * RV_FILE_A) & anti;
    return f;
}

/* The squares next to sq: a move there flips nothing unless one holds an opponent's disc. */
#define RV_NEXT(b)                                                                         \
    ((((b) << 1 | (b) << 9 | (b) >> 7) & NOT_A) | (((b) >> 1 | (b) >> 9 | (b) << 7) & NOT_H) | \
     (b) << 8 | (b) >> 8)
#define RV_NEXT8(sq)                                                                       \
    RV_NEXT(1ull << (sq)), RV_NEXT(1ull << (sq + 1)), RV_NEXT(1ull << (sq + 2)),            \
        RV_NEXT(1ull << (sq + 3)), RV_NEXT(1ull << (sq + 4)), RV_NEXT(1ull << (sq + 5)),    \
        RV_NEXT(1ull << (sq + 6)), RV_NEXT(1ull << (sq + 7))
extern const uint64_t rv_next[64]; /* moves.c */

#endif
