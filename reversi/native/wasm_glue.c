/* What engine.wasm adds to the core (core.h) for its host, the browser's worker
   (reversi/web/static/js/wasm.js): the clock imported from the host, a result record,
   the constants by name and a scratch buffer in the module's memory. Compiled only for wasm32
   (reversi/web/build.py, build_wasm); empty for any other target. */

#ifdef __wasm__

#include "core.h"

#define EXPORT(name) __attribute__((export_name(#name)))

/* seconds on the host's monotonic clock (performance.now() / 1000) */
__attribute__((import_module("env"), import_name("now"))) double rv_host_now(void);

static double host_clock(void) { return rv_host_now(); }

static rv_result result;

/* Starts the module: the host's clock for every deadline. */
EXPORT(rv_wasm_init) void rv_wasm_init(void) { rv_set_clock(host_clock); }

/* The record every search writes (see rv_result; the host reads its fields). */
EXPORT(rv_wasm_result) rv_result *rv_wasm_result(void) { return &result; }

static int32_t values[64];
static int8_t line[64];

/* The values rv_values and rv_lose_values write and the line rv_line writes (the host
   passes and reads them). */
EXPORT(rv_wasm_values) int32_t *rv_wasm_values(void) { return values; }
EXPORT(rv_wasm_line) int8_t *rv_wasm_line(void) { return line; }

/* The header's constants the host names (as reversi._native does), ended by a NULL name. */
typedef struct {
    const char *name;
    double value;
} constant;

static const constant constants[] = {
    {"OK", RV_OK},
    {"STOPPED", RV_STOPPED},
    {"WINNER", RV_WINNER},
    {"KEEP_TABLE", RV_KEEP_TABLE},
    {"EVERY_BEST", RV_EVERY_BEST},
    {"WDL", RV_WDL},
    {"PROBCUT", RV_PROBCUT},
    {"FEATURE_DISCS", RV_FEATURE_DISCS},
    {"FEATURE_CORNERS", RV_FEATURE_CORNERS},
    {"FEATURE_EDGES", RV_FEATURE_EDGES},
    {"FEATURE_QUIET", RV_FEATURE_QUIET},
    {"NO_DEADLINE", RV_NO_DEADLINE},
    {0, 0},
};

EXPORT(rv_wasm_constants) const constant *rv_wasm_constants(void) { return constants; }

extern unsigned char __heap_base;

/* A buffer of at least size bytes past the static data, where the host puts the
   weights before rv_load_weights copies them (the memory grows when needed); the
   next call may return the same buffer. NULL when the memory cannot grow. */
EXPORT(rv_wasm_buffer) void *rv_wasm_buffer(size_t size) {
    size_t start = ((size_t)&__heap_base + 15u) & ~(size_t)15u;
    size_t page = 65536u;
    size_t have = __builtin_wasm_memory_size(0) * page;
    if (start + size > have) {
        size_t pages = (start + size - have + page - 1u) / page;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    }
    return (void *)start;
}

#endif
