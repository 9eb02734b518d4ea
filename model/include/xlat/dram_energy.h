/*
 * dram_energy.h - the DRAM energy model of the memory system: DRAMPower's command and
 * background energies (the MICRO'21 translation-reach paper's Fig 13c uses DRAMPower,
 * docs/papers/translation-reach.md) from one rank's counts, with the currents and timings
 * of one device's memspec, a constant table; model/src/mem/dram_energy.c has the formulas.
 * The memory system feeds it the DRAM timing block's per-rank counters (model/src/mem/
 * dram.c: energy counters) and publishes dram.energy_pj and its parts. Integer arithmetic
 * only: energies in femtojoules (fJ), uint64_t.
 */
#ifndef XLAT_DRAM_ENERGY_H
#define XLAT_DRAM_ENERGY_H

#include "xlat/types.h"

/* A device's memspec, the DRAMPower fields the formulas use. */
typedef struct {
    const char *name;           /* DRAMPower memspec memoryId */
    uint32_t clk_mhz, tck_ps;   /* clkMhz and tCK = 10^6 / clkMhz ps */
    uint32_t vdd_mv;            /* vdd */
    uint32_t idd0, idd2n, idd3n, idd4r, idd4w, idd5;   /* mA */
    uint32_t rc, ras, rfc;      /* tCK clocks */
    uint32_t bl;                /* burstLength (dataRate 2: BL / 2 clocks of data) */
    uint32_t devices;           /* devices per rank: a 64-bit rank of x8 devices */
} xl_dre_spec_t;

/* MICRON_1Gb_DDR3-1600_8bit_G, 8 devices per rank (dram_energy.c). */
extern const xl_dre_spec_t xl_dre_ddr3_1600_x8;

/* One rank's counts (model/src/mem/dram.h dram_rank_t; clocks are the model's DRAM
 * clocks, at dram.mhz). */
typedef struct {
    uint64_t act, pre, rd, wr, ref;
    uint64_t cyc_open, cyc_pre;   /* a bank open or a refresh running / all precharged */
} xl_dre_counts_t;

/* Energy by part, fJ. */
typedef struct {
    uint64_t act_pre, rd, wr, ref, bg;
} xl_dre_energy_t;

/* Per rank, one command (fJ): an activate, a precharge, a read burst, a write burst, a
 * refresh (dram_energy.c: the formulas). */
uint64_t xl_dre_act_fj(const xl_dre_spec_t *sp);
uint64_t xl_dre_pre_fj(const xl_dre_spec_t *sp);
uint64_t xl_dre_rd_fj(const xl_dre_spec_t *sp);
uint64_t xl_dre_wr_fj(const xl_dre_spec_t *sp);
uint64_t xl_dre_ref_fj(const xl_dre_spec_t *sp);
/* Per rank, background at current idd (mA) over cyc clocks of model_mhz MHz (fJ,
 * truncated). */
uint64_t xl_dre_bg_fj(const xl_dre_spec_t *sp, uint32_t idd, uint64_t cyc,
                      uint32_t model_mhz);

/* Add one rank's energy, counts n with its clocks at model_mhz, to e. */
void xl_dre_rank(const xl_dre_spec_t *sp, const xl_dre_counts_t *n, uint32_t model_mhz,
                 xl_dre_energy_t *e);
/* act_pre + rd + wr + ref + bg. */
uint64_t xl_dre_total(const xl_dre_energy_t *e);

#endif
