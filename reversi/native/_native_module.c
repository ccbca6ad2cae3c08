/* The CPython binding of the core: reversi._native (not part of the WebAssembly build).

   Thin: integers in and out, the searches without the GIL (the module's lock in
   reversi.ai.native keeps to one search at a time), the clock CLOCK_MONOTONIC (as
   time.perf_counter on Linux and macOS) or, after use_cpu_clock(True), the process's
   CPU time (as time.process_time). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>

#include "core.h"

static int cpu_clock = 0;

static double now(void) {
    struct timespec t;
    clock_gettime(cpu_clock ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static PyObject *result_tuple(int status, const rv_result *r) {
    return Py_BuildValue("iiiiiKK", status, (int)r->score, (int)r->move, (int)r->depth,
                         (int)r->exact, (unsigned long long)r->nodes,
                         (unsigned long long)r->best_moves);
}

static PyObject *py_load_weights(PyObject *self, PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    const int status = rv_load_weights((const uint8_t *)view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    return PyLong_FromLong(status);
}

static PyObject *py_moves(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    if (!PyArg_ParseTuple(args, "KK", &p, &o)) return NULL;
    return PyLong_FromUnsignedLongLong(rv_moves(p, o));
}

static PyObject *py_flips(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    int square;
    if (!PyArg_ParseTuple(args, "KKi", &p, &o, &square)) return NULL;
    return PyLong_FromUnsignedLongLong(rv_flips(p, o, square));
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    unsigned long long p, o, leaves;
    int depth;
    if (!PyArg_ParseTuple(args, "KKi", &p, &o, &depth)) return NULL;
    Py_BEGIN_ALLOW_THREADS leaves = rv_perft(p, o, depth);
    Py_END_ALLOW_THREADS return PyLong_FromUnsignedLongLong(leaves);
}

static PyObject *py_perft_table(PyObject *self, PyObject *args) {
    unsigned long long p, o, leaves;
    int depth;
    if (!PyArg_ParseTuple(args, "KKi", &p, &o, &depth)) return NULL;
    Py_BEGIN_ALLOW_THREADS leaves = rv_perft_table(p, o, depth);
    Py_END_ALLOW_THREADS return PyLong_FromUnsignedLongLong(leaves);
}

static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    int status;
    if (!PyArg_ParseTuple(args, "KK", &p, &o)) return NULL;
    const int32_t value = rv_evaluate(p, o, &status);
    if (status != RV_OK) return PyErr_Format(PyExc_ValueError, "%s", rv_status_text(status));
    return PyLong_FromLong(value);
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    unsigned flags;
    double deadline;
    rv_result r = {0};
    int status;
    if (!PyArg_ParseTuple(args, "KKId", &p, &o, &flags, &deadline)) return NULL;
    Py_BEGIN_ALLOW_THREADS status = rv_solve(p, o, flags, deadline, &r);
    Py_END_ALLOW_THREADS return result_tuple(status, &r);
}

static PyObject *py_decisive(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    int first;
    unsigned flags;
    double deadline;
    rv_result r = {0};
    int status;
    if (!PyArg_ParseTuple(args, "KKiId", &p, &o, &first, &flags, &deadline)) return NULL;
    Py_BEGIN_ALLOW_THREADS status = rv_decisive(p, o, first, flags, deadline, &r);
    Py_END_ALLOW_THREADS return result_tuple(status, &r);
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    int depth;
    unsigned flags;
    double deadline;
    rv_result r = {0};
    int status;
    if (!PyArg_ParseTuple(args, "KKiId", &p, &o, &depth, &flags, &deadline)) return NULL;
    Py_BEGIN_ALLOW_THREADS status = rv_search(p, o, depth, flags, deadline, &r);
    Py_END_ALLOW_THREADS return result_tuple(status, &r);
}

static PyObject *py_values(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    int depth;
    unsigned flags;
    double deadline;
    rv_result r = {0};
    unsigned long long only = ~0ull;
    int32_t values[64];
    int status;
    if (!PyArg_ParseTuple(args, "KKiId|K", &p, &o, &depth, &flags, &deadline, &only)) return NULL;
    for (int i = 0; i < 64; i++) values[i] = INT32_MIN; /* no value (yet) */
    Py_BEGIN_ALLOW_THREADS status = rv_values_of(p, o, depth, flags, deadline, only, values, &r);
    Py_END_ALLOW_THREADS PyObject *result = result_tuple(status, &r);
    PyObject *scores = PyDict_New();
    if (!result || !scores) goto fail;
    for (int sq = 0; sq < 64; sq++) {
        if (values[sq] == INT32_MIN) continue;
        PyObject *key = PyLong_FromLong(sq), *value = PyLong_FromLong(values[sq]);
        const int failed = !key || !value || PyDict_SetItem(scores, key, value) < 0;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (failed) goto fail;
    }
    return Py_BuildValue("NN", result, scores);
fail:
    Py_XDECREF(result);
    Py_XDECREF(scores);
    return NULL;
}

static PyObject *py_lose_values(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    int depth, feature, weight, discs;
    double deadline;
    rv_result r = {0};
    int32_t values[64];
    int status;
    if (!PyArg_ParseTuple(args, "KKiiiid", &p, &o, &depth, &feature, &weight, &discs, &deadline))
        return NULL;
    for (int i = 0; i < 64; i++) values[i] = INT32_MIN; /* no value (yet) */
    Py_BEGIN_ALLOW_THREADS status =
        rv_lose_values(p, o, depth, feature, weight, discs, deadline, values, &r);
    Py_END_ALLOW_THREADS PyObject *result = result_tuple(status, &r);
    PyObject *scores = PyDict_New();
    if (!result || !scores) goto fail;
    for (int sq = 0; sq < 64; sq++) {
        if (values[sq] == INT32_MIN) continue;
        PyObject *key = PyLong_FromLong(sq), *value = PyLong_FromLong(values[sq]);
        const int failed = !key || !value || PyDict_SetItem(scores, key, value) < 0;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (failed) goto fail;
    }
    return Py_BuildValue("NN", result, scores);
fail:
    Py_XDECREF(result);
    Py_XDECREF(scores);
    return NULL;
}

static PyObject *py_line(PyObject *self, PyObject *args) {
    unsigned long long p, o;
    int first, depth, n;
    unsigned flags;
    double deadline;
    int8_t line[64];
    if (!PyArg_ParseTuple(args, "KKiiId", &p, &o, &first, &depth, &flags, &deadline)) return NULL;
    Py_BEGIN_ALLOW_THREADS n = rv_line(p, o, first, depth, flags, deadline, line);
    Py_END_ALLOW_THREADS if (n < 0) return PyErr_Format(PyExc_ValueError, "%s", rv_status_text(n));
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(line[i]));
    return out;
}

static PyObject *py_clock(PyObject *self, PyObject *unused) { return PyFloat_FromDouble(now()); }

static PyObject *py_use_cpu_clock(PyObject *self, PyObject *arg) {
    const int flag = PyObject_IsTrue(arg);
    if (flag < 0) return NULL;
    cpu_clock = flag;
    Py_RETURN_NONE;
}

static PyObject *py_status_text(PyObject *self, PyObject *args) {
    int status;
    if (!PyArg_ParseTuple(args, "i", &status)) return NULL;
    return PyUnicode_FromString(rv_status_text(status));
}

static PyMethodDef methods[] = {
    {"load_weights", py_load_weights, METH_O,
     "load_weights(data) -> status: MAGIC + header + the inflated int16 weights"},
    {"moves", py_moves, METH_VARARGS, "moves(p, o) -> the legal moves' bits"},
    {"flips", py_flips, METH_VARARGS, "flips(p, o, square) -> the flipped discs"},
    {"perft", py_perft, METH_VARARGS, "perft(p, o, depth) -> leaves"},
    {"perft_table", py_perft_table, METH_VARARGS,
     "perft_table(p, o, depth) -> leaves (with a table of counted positions)"},
    {"evaluate", py_evaluate, METH_VARARGS, "evaluate(p, o) -> hundredths of a disc"},
    {"solve", py_solve, METH_VARARGS,
     "solve(p, o, flags, deadline) -> (status, score, move, depth, exact, nodes, best_moves)"},
    {"decisive", py_decisive, METH_VARARGS,
     "decisive(p, o, first, flags, deadline) -> (status, verdict, move, ...)"},
    {"search", py_search, METH_VARARGS,
     "search(p, o, max_depth, flags, deadline) -> (status, score, move, depth, exact, nodes, 0)"},
    {"values", py_values, METH_VARARGS,
     "values(p, o, depth, flags, deadline[, only]) -> ((status, score, move, ...), {square: value})"},
    {"lose_values", py_lose_values, METH_VARARGS,
     "lose_values(p, o, depth, feature, weight, discs, deadline) -> ((status, ...), {square: value}):"
     " the game turned round"},
    {"line", py_line, METH_VARARGS,
     "line(p, o, first, depth, flags, deadline) -> [square, ...]: the principal variation"},
    {"clock", py_clock, METH_NOARGS, "the clock of the deadlines, in seconds"},
    {"use_cpu_clock", py_use_cpu_clock, METH_O,
     "use_cpu_clock(flag): deadlines in the process's CPU time (else CLOCK_MONOTONIC)"},
    {"status_text", py_status_text, METH_VARARGS, "status_text(status) -> str"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "reversi._native",
    "The engine's C core (reversi/native); use it through reversi.ai.native.", -1, methods,
};

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    rv_set_clock(now);
    struct { const char *name; long value; } constants[] = {
        {"OK", RV_OK}, {"STOPPED", RV_STOPPED}, {"WINNER", RV_WINNER},
        {"KEEP_TABLE", RV_KEEP_TABLE}, {"EVERY_BEST", RV_EVERY_BEST}, {"WDL", RV_WDL},
        {"PROBCUT", RV_PROBCUT}, {"FEATURE_DISCS", RV_FEATURE_DISCS},
        {"FEATURE_CORNERS", RV_FEATURE_CORNERS}, {"FEATURE_EDGES", RV_FEATURE_EDGES},
        {"FEATURE_QUIET", RV_FEATURE_QUIET},
    };
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
        if (PyModule_AddIntConstant(m, constants[i].name, constants[i].value) < 0) return NULL;
    if (PyModule_AddObject(m, "NO_DEADLINE", PyFloat_FromDouble(RV_NO_DEADLINE)) < 0) return NULL;
    return m;
}
