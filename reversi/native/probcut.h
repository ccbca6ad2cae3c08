/* Multi-ProbCut's statistics for the core's midgame search (search.c), written by
   python -m tools.train.probcut --native --positions 240 --seed 77 --max-depth 12 --write
   (tools/train/probcut.py): do not edit. By game stage (from this many empties on)
   and depth: the shallow depth, and the line deep = slope / 1000 * shallow + intercept
   with the standard deviation of its error, in hundredths of a disc. Depths 0-2 are
   never cut. */

#ifndef REVERSI_NATIVE_PROBCUT_H
#define REVERSI_NATIVE_PROBCUT_H

#include <stdint.h>

#define RV_PROBCUT_STAGES 3
#define RV_PROBCUT_DEPTHS 13

typedef struct rv_probcut_fit {
    int8_t shallow;
    int32_t slope, intercept, sigma;
} rv_probcut_fit;

static const uint8_t rv_probcut_stage_empties[RV_PROBCUT_STAGES] = {0, 30, 42};

static const rv_probcut_fit rv_probcut[RV_PROBCUT_STAGES][RV_PROBCUT_DEPTHS] = {
    {
        {0, 1000, 0, 0},
        {0, 1000, 0, 0},
        {0, 1000, 0, 0},
        {1, 1056, -108, 415},
        {2, 1027, 101, 290},
        {3, 1016, -1, 281},
        {4, 1045, 31, 297},
        {3, 1034, -83, 383},
        {4, 1050, 146, 461},
        {5, 1039, 21, 419},
        {6, 1021, 236, 370},
        {5, 1063, 64, 479},
        {6, 1042, 189, 425},
    },
    {
        {0, 1000, 0, 0},
        {0, 1000, 0, 0},
        {0, 1000, 0, 0},
        {1, 960, -96, 467},
        {2, 990, -29, 421},
        {3, 1028, -63, 419},
        {4, 1041, -25, 315},
        {3, 1077, -104, 604},
        {4, 1093, 16, 485},
        {5, 1094, -58, 465},
        {6, 1131, 78, 365},
        {5, 1135, -90, 518},
        {6, 1180, 117, 487},
    },
    {
        {0, 1000, 0, 0},
        {0, 1000, 0, 0},
        {0, 1000, 0, 0},
        {1, 890, 54, 323},
        {2, 928, -7, 226},
        {3, 929, 53, 210},
        {4, 951, -10, 200},
        {3, 915, 82, 253},
        {4, 956, -31, 221},
        {5, 1010, 49, 228},
        {6, 1027, -32, 195},
        {5, 990, 78, 294},
        {6, 1023, -45, 251},
    },
};

#endif
