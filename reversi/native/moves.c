/* Move generation, flips, perft and the status texts. */

#include "board.h"
#include "internal.h"

const uint64_t rv_diagonals[64][2] = {RV_DIAGONALS8(0),  RV_DIAGONALS8(8),  RV_DIAGONALS8(16),
                                      RV_DIAGONALS8(24), RV_DIAGONALS8(32), RV_DIAGONALS8(40),
                                      RV_DIAGONALS8(48), RV_DIAGONALS8(56)};

/* The tables of flips() (board.h), each entry a constant expression of its indices:
   at is the square's place in the line, b a byte of the line.
   OUT_UP: above at, the square after the opponent's run that starts next to at (the
   lowest clear bit of the run's bits, (t + 1) & ~t), if the run has a disc and ends
   on the board; OUT_DOWN the same below at, in the reversed byte (BYTE_REVERSE: "Reverse
   the bits in a byte with 3 operations", Sean Eron Anderson's Bit Twiddling Hacks).
   BETWEEN: the squares from at to the lowest set bit above it and to the set bit
   below it (the outflanking discs: one a side at most). */
#define BYTE_REVERSE(b) ((unsigned)((((b) * 0x0202020202ull) & 0x010884422010ull) % 1023))
#define RUN_UP(at, t) ((((t) + 1) & ~(t)) << ((at) + 1))
#define OUT_UP(at, b) (RUN_UP(at, (unsigned)(b) >> ((at) + 1)) & 0xFFu & ~(2u << (at)))
#define OUT_DOWN(at, b) BYTE_REVERSE(OUT_UP(7 - (at), BYTE_REVERSE(b)))
#define OUTFLANK(at, b) (OUT_UP(at, b) | OUT_DOWN(at, b))
#define ABOVE(at, b) ((b) & ~((2u << (at)) - 1))
#define BELOW(at, b) ((b) & ((1u << (at)) - 1))
#define BETWEEN(at, b)                                                                     \
    (0xFFu & ((ABOVE(at, b) ? (ABOVE(at, b) & (0u - ABOVE(at, b))) - (2u << (at)) : 0) |   \
              (BELOW(at, b) ? (1u << (at)) - (BELOW(at, b) << 1) : 0)))
#define COLUMN_OF(b)                                                                       \
    (((b) & 1ull) | ((b) >> 1 & 1ull) << 8 | ((b) >> 2 & 1ull) << 16 | ((b) >> 3 & 1ull) << 24 | \
     ((b) >> 4 & 1ull) << 32 | ((b) >> 5 & 1ull) << 40 | ((b) >> 6 & 1ull) << 48 |          \
     ((b) >> 7 & 1ull) << 56)
#define BYTES8(F, at, b)                                                                   \
    F(at, b), F(at, b + 1), F(at, b + 2), F(at, b + 3), F(at, b + 4), F(at, b + 5),         \
        F(at, b + 6), F(at, b + 7)
#define BYTES64(F, at, b)                                                                  \
    BYTES8(F, at, b), BYTES8(F, at, b + 8), BYTES8(F, at, b + 16), BYTES8(F, at, b + 24),   \
        BYTES8(F, at, b + 32), BYTES8(F, at, b + 40), BYTES8(F, at, b + 48),                \
        BYTES8(F, at, b + 56)
#define BYTES(F, at)                                                                       \
    {BYTES64(F, at, 0u), BYTES64(F, at, 64u), BYTES64(F, at, 128u), BYTES64(F, at, 192u)}
#define PLACES(F)                                                                          \
    {BYTES(F, 0), BYTES(F, 1), BYTES(F, 2), BYTES(F, 3),                                   \
     BYTES(F, 4), BYTES(F, 5), BYTES(F, 6), BYTES(F, 7)}
#define COLUMN_ENTRY(at, b) COLUMN_OF((uint64_t)(b))

/* rv_last_flips: the line full but for at, the mover's discs b: on each side the
   squares up to the mover's nearest disc (none without one) */
#define MOVER_AT(at, b, k) ((at) + (k) < 8 && ((b) >> ((at) + (k)) & 1))
#define MOVER_BELOW(at, b, k) ((at) >= (k) && ((b) >> (((at) - (k)) & 7) & 1))
#define RUN(M, at, b)                                                                      \
    (M(at, b, 1)   ? 0                                                                     \
     : M(at, b, 2) ? 1                                                                     \
     : M(at, b, 3) ? 2                                                                     \
     : M(at, b, 4) ? 3                                                                     \
     : M(at, b, 5) ? 4                                                                     \
     : M(at, b, 6) ? 5                                                                     \
     : M(at, b, 7) ? 6                                                                     \
                   : 0)
#define LAST_FLIPS(at, b) (RUN(MOVER_AT, at, b) + RUN(MOVER_BELOW, at, b))

const uint8_t rv_outflank[8][256] = PLACES(OUTFLANK), rv_between[8][256] = PLACES(BETWEEN),
              rv_last_flips[8][256] = PLACES(LAST_FLIPS);
const uint64_t rv_column_of_byte[256] = BYTES(COLUMN_ENTRY, 0);
const uint64_t rv_next[64] = {RV_NEXT8(0),  RV_NEXT8(8),  RV_NEXT8(16), RV_NEXT8(24),
                              RV_NEXT8(32), RV_NEXT8(40), RV_NEXT8(48), RV_NEXT8(56)};

uint64_t rv_moves(uint64_t p, uint64_t o) { return legal(p, o); }

uint64_t rv_flips(uint64_t p, uint64_t o, int square) {
    if (square < 0 || square > 63 || ((p | o) >> square & 1)) return 0;
    return flips(p, o, square);
}

static uint64_t perft(uint64_t p, uint64_t o, int depth) {
    uint64_t moves = legal(p, o);
    if (!moves) {
        if (depth > 1 && legal(o, p)) return perft(o, p, depth - 1);
        return 1;
    }
    if (depth == 1) return (uint64_t)count(moves);
    uint64_t nodes = 0;
    while (moves) {
        const int sq = first_square(moves);
        moves &= moves - 1;
        const uint64_t f = flips(p, o, sq);
        nodes += perft(o ^ f, p | f | (1ull << sq), depth - 1);
    }
    return nodes;
}

uint64_t rv_perft(uint64_t p, uint64_t o, int depth) {
    if (depth <= 0) return 1;
    return perft(p, o, depth);
}

/* perft with a table of the leaves below each position at each depth (from TABLE_DEPTH
   on), keyed by the least of its eight symmetric images: a position reached by several
   move orders, or an image of one, is counted once. The table is the
   midgame search's memory (a new generation, so the search's bounds are forgotten):
   the count in its two bounds, the depth in its depth. */
#ifndef TABLE_DEPTH
#define TABLE_DEPTH 4
#endif

static uint64_t mirrored(uint64_t x) { /* a1 <-> h1 */
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    return (x >> 4 & 0x0F0F0F0F0F0F0F0Full) | (x & 0x0F0F0F0F0F0F0F0Full) << 4;
}

static uint64_t transposed(uint64_t x) { /* a8 <-> h1 */
    uint64_t t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ull & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ull & (x ^ (x << 7));
    return x ^ t ^ (t >> 7);
}

/* The least of the position's eight images (mirrored, flipped, transposed): the same
   for every image, so that symmetric positions share one count. */
static void canonical(uint64_t *p, uint64_t *o) {
    uint64_t bp = *p, bo = *o;
    for (int i = 1; i < 8; i++) {
        uint64_t ip = *p, io = *o;
        if (i & 1) ip = mirrored(ip), io = mirrored(io);
        if (i & 2) ip = __builtin_bswap64(ip), io = __builtin_bswap64(io);
        if (i & 4) ip = transposed(ip), io = transposed(io);
        if (ip < bp || (ip == bp && io < bo)) bp = ip, bo = io;
    }
    *p = bp;
    *o = bo;
}

static uint64_t perft_table(uint64_t p, uint64_t o, int depth) {
    uint64_t moves = legal(p, o);
    if (!moves) {
        if (depth > 1 && legal(o, p)) return perft_table(o, p, depth - 1);
        return 1;
    }
    if (depth < TABLE_DEPTH) return perft(p, o, depth);
    uint64_t kp = p, ko = o;
    canonical(&kp, &ko);
    const rv_entry *e = rv_find(&rv_mid_table, kp, ko);
    if (e && e->depth == depth)
        return (uint64_t)(uint32_t)e->lower | (uint64_t)(uint32_t)e->upper << 32;
    uint64_t nodes = 0;
    while (moves) {
        const int sq = first_square(moves);
        moves &= moves - 1;
        const uint64_t f = flips(p, o, sq);
        nodes += perft_table(o ^ f, p | f | (1ull << sq), depth - 1);
    }
    rv_put(&rv_mid_table, kp, ko, (int32_t)(uint32_t)nodes, (int32_t)(uint32_t)(nodes >> 32), -1,
           depth);
    return nodes;
}

uint64_t rv_perft_table(uint64_t p, uint64_t o, int depth) {
    if (depth <= 0) return 1;
    rv_clear_table();
    return perft_table(p, o, depth);
}

const char *rv_status_text(int status) {
    switch (status) {
    case RV_OK: return "ok";
    case RV_STOPPED: return "stopped at the deadline";
    case RV_ERR_NO_WEIGHTS: return "no weights loaded";
    case RV_ERR_MAGIC: return "not a weight file of this version (wrong header)";
    case RV_ERR_SHAPE: return "the weight file has another number of phases or weights per phase";
    case RV_ERR_SIZE: return "the weight file is truncated or too long";
    case RV_ERR_CHECKSUM: return "damaged weights (the checksum differs)";
    case RV_ERR_POSITION: return "not a position for this call (overlapping discs or no move)";
    case RV_ERR_ARGUMENT: return "an argument is out of range";
    default: return "unknown status";
    }
}
