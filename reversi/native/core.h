/* The engine's C core: move generation, perft, the trained pattern evaluation, the
   midgame search and the exact and win/draw/loss endgame solvers.

   One source for two builds: the CPython extension reversi._native (_native_module.c)
   and engine.wasm (clang --target=wasm32, freestanding). So the core uses nothing but
   <stdint.h>, <stddef.h>, <stdbool.h> and compiler builtins: no libc, no malloc, no
   clock. Memory is static (the weights, the transposition tables); time comes from a
   function the host gives (rv_set_clock).

   Boards are side-relative bitboards: p holds the discs of the player to move, o the
   opponent's; bit 0 is a1, bit 7 h1, bit 63 h8 (reversi.engine.bitboard). Squares are
   0..63, -1 for none. Not re-entrant: one search at a time per module instance. */

#ifndef REVERSI_NATIVE_CORE_H
#define REVERSI_NATIVE_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- status codes: 0 success, > 0 a search that stopped early, < 0 an error -------- */
enum {
    RV_OK = 0,
    RV_STOPPED = 1,             /* the deadline passed or rv_stop was called */
    RV_ERR_NO_WEIGHTS = -1,     /* rv_load_weights has not succeeded yet */
    RV_ERR_MAGIC = -2,          /* not a weight file of this version (header) */
    RV_ERR_SHAPE = -3,          /* another number of phases or weights per phase */
    RV_ERR_SIZE = -4,           /* truncated or too long */
    RV_ERR_CHECKSUM = -5,       /* the CRC-32 of the weights differs from the header's */
    RV_ERR_POSITION = -6,       /* p and o overlap, or no legal move where one is needed */
    RV_ERR_ARGUMENT = -8,       /* a depth or mode out of range */
};

/* A short English text for a status code (never NULL). */
const char *rv_status_text(int status);

/* --- the weights ------------------------------------------------------------------- */
/* The file reversi/ai/pattern_weights.bin is MAGIC (16 bytes), a header
   <phases:u16 le><values per phase:u32 le><crc32 of the values:u32 le> and the values
   (int16 little-endian, hundredths of a disc) compressed with zlib. The host inflates
   the zlib part (Python's zlib; DecompressionStream("deflate") in a browser) and passes
   MAGIC + header + the inflated values; the core checks the magic, the shape, the size
   and the CRC-32 and keeps a copy. Until it succeeds, rv_evaluate and the searches
   return RV_ERR_NO_WEIGHTS. */
#define RV_MAGIC "REVERSI-WEIGHTS\x01"
#define RV_MAGIC_SIZE 16
#define RV_HEADER_SIZE 10
#define RV_PHASES 16
#define RV_VALUES_PER_PHASE 190272 /* the 11 patterns' indices and 3 scalars */
int rv_load_weights(const uint8_t *data, size_t size);

/* --- the host's clock and the transposition table ---------------------------------- */
/* A clock in seconds (any origin); deadlines below are times on it. Without one, no
   search stops by time. It is read once every few thousand nodes. */
typedef double (*rv_clock_fn)(void);
void rv_set_clock(rv_clock_fn clock);
#define RV_NO_DEADLINE 1e300
/* Asks a running search to stop at its next clock check (from a signal or another
   thread); cleared when the next search starts. */
void rv_stop(void);

/* The transposition tables' memory, static and of one size in every build: the
   answers of a search depend on it (where a bucket overflows), and both builds give
   the same answers. */
#define RV_TABLE_BYTES (1u << 25)
/* Forgets every stored bound (a search then depends on nothing but its arguments). */
void rv_clear_table(void);

/* --- moves ------------------------------------------------------------------------- */
uint64_t rv_moves(uint64_t p, uint64_t o);
/* The opponent discs a disc on square encloses (0 if none or the square is taken). */
uint64_t rv_flips(uint64_t p, uint64_t o, int square);
/* Leaves at depth plies (reversi.engine.perft: a forced pass uses a ply, a finished
   game is one leaf). */
uint64_t rv_perft(uint64_t p, uint64_t o, int depth);
/* The same count with a table of the counts below positions reached before (by another
   move order): faster, and it forgets the searches' kept bounds (as rv_clear_table). */
uint64_t rv_perft_table(uint64_t p, uint64_t o, int depth);

/* --- evaluation -------------------------------------------------------------------- */
/* The trained evaluation in hundredths of a disc: exactly reversi.ai.trained.evaluate.
   Sets *status to RV_OK or RV_ERR_NO_WEIGHTS (status may be NULL). */
int32_t rv_evaluate(uint64_t p, uint64_t o, int *status);

/* --- searches ---------------------------------------------------------------------- */
typedef struct rv_result {
    int32_t score;       /* hundredths of a disc (search) or the final disc difference */
    int32_t move;        /* the best move's square, -1 if none */
    int32_t depth;       /* the last completed depth (search) or the empties (solve) */
    int32_t exact;       /* 1 when score is exact (a solve, or a search to the end) */
    uint64_t nodes;
    uint64_t best_moves; /* RV_EVERY_BEST: the bits of every move reaching the score */
} rv_result;

/* flags */
#define RV_WINNER 1u     /* the empties of a game that ends early go to the winner */
#define RV_KEEP_TABLE 2u /* keep the bounds of the previous call (else the table is cleared) */
#define RV_EVERY_BEST 4u /* rv_solve: also every best move (result.best_moves) */
#define RV_WDL 8u        /* rv_solve: only win (1), draw (0) or loss (-1) as score */
#define RV_PROBCUT 16u   /* rv_search: Multi-ProbCut (selective: values may differ) */

/* The exact score (or with RV_WDL its sign) and a best move; RV_STOPPED when the
   deadline passed first (result then undefined but for nodes). A position where the
   player must pass is solved too (move -1). */
int rv_solve(uint64_t p, uint64_t o, unsigned flags, double deadline, rv_result *result);

/* The best move that wins, else draws, against any defence, trying first first:
   result.score is 1, 0 or -1 (win, draw, loss) and result.move its square. */
int rv_decisive(uint64_t p, uint64_t o, int first, unsigned flags, double deadline,
                rv_result *result);

/* Iterative deepening with the trained evaluation to max_depth plies or the deadline:
   the result of the deepest completed iteration (or a better root move proven in the
   unfinished one); RV_OK also when the deadline ended it after depth 1. Scores as
   reversi.ai.search.Search(evaluate, sharp=True): hundredths of a disc, a finished
   game +-(100000 + 100 * its disc difference with the empties to the winner).
   The player to move must have a legal move (else RV_ERR_POSITION). */
int rv_search(uint64_t p, uint64_t o, int max_depth, unsigned flags, double deadline,
              rv_result *result);

/* --- the analysis board (analyse.c) ------------------------------------------------ */
/* Every legal move's value: values[square] for each legal square (the other entries are
   left alone). Below the empties, depth plies of the midgame search for each move, scored
   as rv_search: each move's exact value at that depth (after a call on the same position
   with RV_KEEP_TABLE, in a window around its value two plies shallower, searched again
   where it falls out); at depth >= the empties, each move solved exactly (the final disc
   difference, RV_WINNER as rv_solve, the solver starting from the move's midgame
   value; the moves of the best known values first). result: the best value and move, best_moves every move reaching it, depth
   (the empties when exact), exact. RV_STOPPED when the deadline came first (then only
   the moves before it have their value). The tables are kept with RV_KEEP_TABLE, so
   that a deeper call reuses a shallower one's, and so are the exact values found on
   the same position with the same counting: the next exact call solves only the
   others (another counting clears the tables). */
int rv_values(uint64_t p, uint64_t o, int depth, unsigned flags, double deadline,
              int32_t *values, rv_result *result);
/* rv_values for the legal moves in only (a mask of squares; the others get no value):
   one share of the moves, for an engine computing its share beside others (the
   browser's engines, js/engines.js). result covers the share. */
int rv_values_of(uint64_t p, uint64_t o, int depth, unsigned flags, double deadline,
                 uint64_t only, int32_t *values, rv_result *result);

/* The principal variation after rv_values at the same depth: first (a legal move) and
   the moves the search or the solver expects after it, up to depth plies (passes are
   left out: the other side moves again), into line[0..63]. Returns their number (at
   least 1), or an error. */
int rv_line(uint64_t p, uint64_t o, int first, int depth, unsigned flags, double deadline,
            int8_t *line);

/* --- the game turned round (lose.c) ----------------------------------------------- */
/* The Legenden that play to lose (reversi.ai.legenden, Kind.LOSE): every legal move's
   value, values[square], at depth plies of reversi.ai.legenden_lose.LoseSearch, the same
   values: negamax alpha-beta (a forced pass no ply) in hundredths of a disc with the
   evaluation weight * feature - discs * (the mover's discs - the other side's), a
   finished game the other side's final value (+-(100000 + 100 * the disc difference
   with the empties to the winner)); at depth >= the empties each move's value to the
   end. The feature is the style's (RV_FEATURE_*: the disc difference; corners held
   times three plus corner moves, each side; edge discs; the other side's discs next
   to empty squares minus one's own), its weight and discs given by the caller (the
   style table's; |weight|, |discs| <= RV_LOSE_MAX_WEIGHT). result: the best value and
   move, best_moves every move reaching it, depth, exact (depth >= the empties).
   RV_STOPPED when the deadline came first (then only the moves before it have their
   value); RV_ERR_ARGUMENT, RV_ERR_POSITION (no legal move) as rv_search. Needs no
   weights and keeps no table. */
#define RV_FEATURE_DISCS 1
#define RV_FEATURE_CORNERS 2
#define RV_FEATURE_EDGES 3
#define RV_FEATURE_QUIET 4
#define RV_LOSE_MAX_WEIGHT 1000
int rv_lose_values(uint64_t p, uint64_t o, int depth, int feature, int32_t weight,
                   int32_t discs, double deadline, int32_t *values, rv_result *result);

#endif
