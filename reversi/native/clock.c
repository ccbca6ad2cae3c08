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

/* --- the tables: the endgame's in the first half of the memory, the midgame's after */

static rv_entry default_memory[RV_TABLE_DEFAULT / sizeof(rv_entry)];
rv_table rv_end_table, rv_mid_table;
uint8_t rv_generation = 1;

static uint64_t power_of_two_at_most(uint64_t n) {
    uint64_t p = 1;
    while (p * 2 <= n) p *= 2;
    return p;
}

static void split(rv_entry *memory, size_t bytes) {
    const uint64_t half = power_of_two_at_most(bytes / sizeof(rv_entry) / 2);
    rv_end_table.entries = memory;
    rv_end_table.mask = half - 1;
    rv_mid_table.entries = memory + half;
    rv_mid_table.mask = half - 1;
}

static void wipe(void) {
    for (rv_table *t = &rv_end_table; t; t = t == &rv_end_table ? &rv_mid_table : 0)
        for (uint64_t i = 0; i <= t->mask; i++) t->entries[i].used = 0;
    rv_generation = 1;
}

int rv_set_table(void *memory, size_t bytes) {
    if (!memory || bytes < RV_TABLE_MIN || ((uintptr_t)memory & 7)) return RV_ERR_TABLE;
    split((rv_entry *)memory, bytes);
    wipe();
    return RV_OK;
}

void rv_tables_ready(void) {
    if (!rv_end_table.entries) split(default_memory, sizeof default_memory);
}

void rv_clear_table(void) {
    rv_tables_ready();
    if (++rv_generation == 0) wipe(); /* else earlier generations' entries no longer count */
}
