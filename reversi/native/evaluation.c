/* The trained pattern evaluation: the same integer as reversi.ai.trained.evaluate. */

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

int32_t rv_eval(uint64_t p, uint64_t o) {
    uint8_t digit[65];
    for (int s = 0; s < 64; s++) digit[s] = (uint8_t)((p >> s & 1) | (o >> s & 1) << 1);
    digit[64] = 0;
    const int empties = 64 - count(p | o);
    const int16_t *w = weights[empties / 4 < RV_PHASES ? empties / 4 : RV_PHASES - 1];
    int32_t v = 0;
    for (int i = 0; i < RV_IMAGES; i++) {
        const uint8_t *sq = IMAGES[i].square;
        int32_t index = 0;
        for (int j = IMAGES[i].digits - 1; j >= 0; j--) index = index * 3 + digit[sq[j]];
        v += w[PATTERN_OFFSET[IMAGES[i].pattern] + index];
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
