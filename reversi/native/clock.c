/* The host's clock, the deadline of the running search and the tables' memory. */

#include "internal.h"

static rv_clock_fn host_clock = 0;
static double stop_at = RV_NO_DEADLINE;
static volatile bool stop_requested = false;
bool rv_stopped = false;
uint64_t rv_nodes = 0;

void rv_set_clock(rv_clock_fn clock) { host_clock = clock; }
void rv_stop(void) { stop_requested = true; }

void rv_start(double deadline) {
    stop_at = deadline;
    stop_requested = false;
    rv_stopped = false;
    rv_nodes = 0;
}

bool rv_time_up(void) {
    if (stop_requested || (host_clock && stop_at < RV_NO_DEADLINE && host_clock() >= stop_at))
        rv_stopped = true;
    return rv_stopped;
}

/* --- the tables: one half of the memory for the endgame, one for the midgame ------ */

#define HALF (RV_TABLE_BYTES / sizeof(rv_entry) / 2)
_Static_assert((HALF & (HALF - 1)) == 0, "a table's size is a power of two");
/* a bucket (two entries) is one cache line of 64 bytes */
_Static_assert(2 * sizeof(rv_entry) == 64, "a bucket fills a cache line");
static _Alignas(64) rv_entry end_entries[HALF];
static _Alignas(64) rv_entry mid_entries[HALF];
rv_table rv_end_table = {end_entries, HALF - 1}, rv_mid_table = {mid_entries, HALF - 1};
uint8_t rv_generation = 1;

void rv_clear_table(void) {
    if (++rv_generation == 0) { /* else earlier generations' entries no longer count */
        for (size_t i = 0; i < HALF; i++) end_entries[i].used = mid_entries[i].used = 0;
        rv_generation = 1;
    }
}
