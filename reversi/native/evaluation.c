/* The trained pattern evaluation: the same integer as reversi.ai.trained.evaluate, by
   the same gathers (an image's squares of one side into a small bit field by a few
   shifts, columns from the transposed board, diagonals by a multiplication that
   gathers one square per file into the top byte) and tables from patterns.h. */

#include "board.h"
#include "internal.h"
#include "patterns.h"

_Static_assert(RV_SCALARS_AT + 3 == RV_VALUES_PER_PHASE, "patterns.h and core.h disagree");

static int16_t weights[RV_PHASES][RV_VALUES_PER_PHASE];
bool rv_weights_loaded = false;

static uint32_t crc32(const uint8_t *data, size_t size) {
    static uint32_t table[256];
    if (!table[1]) {
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
    }
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < size; i++) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

static uint32_t le(const uint8_t *at, int bytes) {
    uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = v << 8 | at[i];
    return v;
}

int rv_load_weights(const uint8_t *data, size_t size) {
    static const char magic[] = RV_MAGIC;
    const size_t values = (size_t)RV_PHASES * RV_VALUES_PER_PHASE;
    if (!data || size < RV_MAGIC_SIZE) return RV_ERR_MAGIC;
    for (int i = 0; i < RV_MAGIC_SIZE; i++)
        if (data[i] != (uint8_t)magic[i]) return RV_ERR_MAGIC;
    if (size < RV_MAGIC_SIZE + RV_HEADER_SIZE) return RV_ERR_SIZE;
    const uint8_t *header = data + RV_MAGIC_SIZE;
    if (le(header, 2) != RV_PHASES || le(header + 2, 4) != RV_VALUES_PER_PHASE)
        return RV_ERR_SHAPE;
    if (size != RV_MAGIC_SIZE + RV_HEADER_SIZE + 2 * values) return RV_ERR_SIZE;
    const uint8_t *raw = header + RV_HEADER_SIZE;
    if (crc32(raw, 2 * values) != le(header + 6, 4)) return RV_ERR_CHECKSUM;
    int16_t *into = &weights[0][0];
    for (size_t i = 0; i < values; i++) into[i] = (int16_t)(uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    rv_weights_loaded = true;
    return RV_OK;
}

/* The diagonals of length 8 - k for k = 1..4 (reversi.ai.trained._diagonals): from
   row 1 towards h8, from row 1 towards a8, and their images from the a- and h-file. */
static uint64_t diagonals[5][4];

static uint64_t diagonal(int f, int r, int df) {
    uint64_t mask = 0;
    for (; f >= 0 && f < 8 && r < 8; f += df, r++) mask |= 1ull << (8 * r + f);
    return mask;
}

static void diagonals_ready(void) {
    if (diagonals[1][0]) return;
    for (int k = 1; k <= 4; k++) {
        diagonals[k][0] = diagonal(k, 0, 1);
        diagonals[k][1] = diagonal(7 - k, 0, -1);
        diagonals[k][2] = diagonal(0, k, 1);
        diagonals[k][3] = diagonal(7, k, -1);
    }
}

static uint64_t transposed(uint64_t x) {
    uint64_t t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ull & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ull & (x ^ (x << 7));
    return x ^ t ^ (t >> 7);
}

#define FILE_A 0x0101010101010101ull
/* an image's index from the bit fields g(p) and g(o) that the expression G gathers */
#define INDEX(TABLE, G, P, O) (TABLE[G(P)] + 2 * TABLE[G(O)])
#define C3A(x) (((x) & 0x7) | ((x) >> 5 & 0x38) | ((x) >> 10 & 0x1C0))
#define C3B(x) (((x) >> 5 & 0x7) | ((x) >> 10 & 0x38) | ((x) >> 15 & 0x1C0))
#define C3C(x) (((x) >> 56 & 0x7) | ((x) >> 45 & 0x38) | ((x) >> 34 & 0x1C0))
#define C3D(x) (((x) >> 61 & 0x7) | ((x) >> 50 & 0x38) | ((x) >> 39 & 0x1C0))
#define C5A(z) (((z) & 0x1F) | ((z) >> 3 & 0x3E0))
#define C5B(z) (((z) >> 3 & 0x1F) | ((z) >> 6 & 0x3E0))
#define C5C(z) (((z) >> 56 & 0x1F) | ((z) >> 43 & 0x3E0))
#define C5D(z) (((z) >> 59 & 0x1F) | ((z) >> 46 & 0x3E0))
#define EDA(z) (((z) & 0xFF) | ((z) >> 1 & 0x100) | ((z) >> 5 & 0x200))
#define EDB(z) (((z) >> 56 & 0xFF) | ((z) >> 41 & 0x100) | ((z) >> 45 & 0x200))
#define BYTE(x, n) ((x) >> (8 * (n)) & 0xFF)
#define DIAG(x, mask) (((x) & (mask)) * FILE_A >> 56)

int32_t rv_eval(uint64_t p, uint64_t o) {
    diagonals_ready();
    const int empties = 64 - count(p | o);
    const int16_t *w = weights[empties / 4 < RV_PHASES ? empties / 4 : RV_PHASES - 1];
    const int16_t *c3 = w + CORNER3X3, *c5 = w + CORNER2X5, *ed = w + EDGE2X;
    const int16_t *r2 = w + ROW2, *r3 = w + ROW3, *r4 = w + ROW4;
    int32_t v = c3[INDEX(GATHER_C3, C3A, p, o)] + c3[INDEX(GATHER_C3R, C3B, p, o)] +
                c3[INDEX(GATHER_C3, C3C, p, o)] + c3[INDEX(GATHER_C3R, C3D, p, o)];
    const uint64_t tp = transposed(p), to = transposed(o);
    for (int side = 0; side < 2; side++) {
        const uint64_t zp = side ? tp : p, zo = side ? to : o;
        v += c5[INDEX(GATHER_T10, C5A, zp, zo)] + c5[INDEX(GATHER_C5R, C5B, zp, zo)] +
             c5[INDEX(GATHER_T10, C5C, zp, zo)] + c5[INDEX(GATHER_C5R, C5D, zp, zo)] +
             ed[INDEX(GATHER_T10, EDA, zp, zo)] + ed[INDEX(GATHER_T10, EDB, zp, zo)];
        v += r2[GATHER_T8[BYTE(zp, 1)] + 2 * GATHER_T8[BYTE(zo, 1)]] +
             r2[GATHER_T8[BYTE(zp, 6)] + 2 * GATHER_T8[BYTE(zo, 6)]] +
             r3[GATHER_T8[BYTE(zp, 2)] + 2 * GATHER_T8[BYTE(zo, 2)]] +
             r3[GATHER_T8[BYTE(zp, 5)] + 2 * GATHER_T8[BYTE(zo, 5)]] +
             r4[GATHER_T8[BYTE(zp, 3)] + 2 * GATHER_T8[BYTE(zo, 3)]] +
             r4[GATHER_T8[BYTE(zp, 4)] + 2 * GATHER_T8[BYTE(zo, 4)]];
    }
    const int16_t *d8 = w + DIAG8;
    v += d8[GATHER_T8[DIAG(p, 0x8040201008040201ull)] + 2 * GATHER_T8[DIAG(o, 0x8040201008040201ull)]] +
         d8[GATHER_T8[DIAG(p, 0x0102040810204080ull)] + 2 * GATHER_T8[DIAG(o, 0x0102040810204080ull)]];
    static const int32_t diagonal_at[5] = {0, DIAG7, DIAG6, DIAG5, DIAG4};
    for (int k = 1; k <= 4; k++) {
        const int16_t *d = w + diagonal_at[k];
        const uint64_t *m = diagonals[k];
        v += d[GATHER_T8[DIAG(p, m[0])] + 2 * GATHER_T8[DIAG(o, m[0])]] +
             d[GATHER_R8[DIAG(p, m[1])] + 2 * GATHER_R8[DIAG(o, m[1])]] +
             d[GATHER_R8[DIAG(p, m[2])] + 2 * GATHER_R8[DIAG(o, m[2])]] +
             d[GATHER_T8[DIAG(p, m[3])] + 2 * GATHER_T8[DIAG(o, m[3])]];
    }
    const int32_t mobility = count(legal(p, o)) - count(legal(o, p));
    const int16_t *sc = w + RV_SCALARS_AT;
    return v + sc[0] + sc[1] * mobility + sc[2] * (empties & 1);
}

int32_t rv_evaluate(uint64_t p, uint64_t o, int *status) {
    if (!rv_weights_loaded || (p & o)) {
        if (status) *status = rv_weights_loaded ? RV_ERR_POSITION : RV_ERR_NO_WEIGHTS;
        return 0;
    }
    if (status) *status = RV_OK;
    return rv_eval(p, o);
}
