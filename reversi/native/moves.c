/* Move generation, flips, perft and the status texts. */

#include "board.h"
#include "internal.h"

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
