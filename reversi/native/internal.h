/* What the core's files share beyond core.h (not part of the API). */

#ifndef REVERSI_NATIVE_INTERNAL_H
#define REVERSI_NATIVE_INTERNAL_H

#include "board.h"
#include "core.h"

/* evaluation.c */
extern bool rv_weights_loaded;
int32_t rv_eval(uint64_t p, uint64_t o);

/* clock.c: the deadline of the running search */
extern bool rv_stopped;
extern uint64_t rv_nodes;
void rv_start(double deadline);
bool rv_time_up(void); /* reads the clock; sets rv_stopped */

/* table.c: a table of bounds keyed by the whole position */
typedef struct rv_entry {
    uint64_t p, o;
    int32_t lower, upper;
    int8_t move, depth;
    uint8_t used, pad[5];
} rv_entry;
typedef struct rv_table {
    rv_entry *entries;
    uint64_t mask;
} rv_table;
extern rv_table rv_end_table, rv_mid_table;
extern uint8_t rv_generation; /* entries of other generations are empty */
/* Two slots per position (a bucket); a new entry replaces the same position, else
   an entry of an earlier generation, else the shallower of the two. */
/* The bucket is taken from the high half of a product, whose bits depend on every
   bit of p and o (the low bits of a product depend only on the factors' low bits). */
static inline rv_entry *rv_bucket(rv_table *t, uint64_t p, uint64_t o) {
    uint64_t h = p * 0x9E3779B97F4A7C15ull ^ o;
    h = (h ^ h >> 32) * 0xC2B2AE3D27D4EB4Full;
    return &t->entries[(h >> 32) & t->mask & ~1ull];
}
static inline rv_entry *rv_find(rv_table *t, uint64_t p, uint64_t o) {
    rv_entry *e = rv_bucket(t, p, o);
    if (e[0].used == rv_generation && e[0].p == p && e[0].o == o) return &e[0];
    if (e[1].used == rv_generation && e[1].p == p && e[1].o == o) return &e[1];
    return 0;
}
static inline rv_entry *rv_slot(rv_table *t, uint64_t p, uint64_t o) {
    rv_entry *e = rv_bucket(t, p, o);
    for (int i = 0; i < 2; i++)
        if (e[i].used != rv_generation || (e[i].p == p && e[i].o == o)) return &e[i];
    return e[0].depth <= e[1].depth ? &e[0] : &e[1];
}
static inline void rv_put(rv_table *t, uint64_t p, uint64_t o, int32_t lower, int32_t upper,
                          int move, int depth) {
    rv_entry *e = rv_slot(t, p, o);
    e->p = p;
    e->o = o;
    e->lower = lower;
    e->upper = upper;
    e->move = (int8_t)move;
    e->depth = (int8_t)depth;
    e->used = rv_generation;
}

/* search.c: a midgame search to a fixed depth, full window (the solver's guess) */
int32_t rv_midgame_value(uint64_t p, uint64_t o, int depth);
/* the same in a window (fail-soft: the value inside, else a bound on its side) */
int32_t rv_midgame_window(uint64_t p, uint64_t o, int depth, int32_t alpha, int32_t beta);

/* solve.c: the exact score alone (no best move), rv_nodes counting the search; the
   null windows start at guess (discs), or at a shallow search's value with RV_NO_GUESS */
#define RV_NO_GUESS (-1000)
int rv_exact_value(uint64_t p, uint64_t o, unsigned flags, double deadline, int guess,
                   int *score);

/* One node more; true when the search must stop (the clock is read every 2048 nodes). */
static inline bool rv_node(void) {
    if ((++rv_nodes & 2047) == 0) rv_time_up();
    return rv_stopped;
}

#define RV_WIN 100000
#define RV_INFINITY 1000000

/* A finished game for the player to move (reversi.ai.evaluate.final_value): +-RV_WIN
   plus 100 times the disc difference with the empties to the winner, 0 for a draw. */
static inline int32_t rv_final_value(uint64_t p, uint64_t o) {
    const int pc = count(p), oc = count(o), diff = pc - oc;
    if (diff > 0) return RV_WIN + 100 * (diff + 64 - pc - oc);
    if (diff < 0) return -RV_WIN + 100 * (diff - 64 + pc + oc);
    return 0;
}

#endif
