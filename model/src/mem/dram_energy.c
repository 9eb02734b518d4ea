/*
 * dram_energy.c - the DRAM energy model of the memory system (xlat/dram_energy.h), for
 * the MICRO'21 translation-reach study's Fig 13c (DRAM energy against the baseline; the
 * paper used DRAMPower; the study's specification §7.3 gives the formulas and the device,
 * §10 the counters; docs/papers/translation-reach.md). It implements DRAMPower's command
 * and background energies, per device and times the devices of a rank, from one rank's
 * counts; the memory system gives it the DRAM timing block's per-rank counters (dram.c:
 * energy counters) and sums over every rank of every channel (dram_energy_stats).
 *
 * ---- Device (a constant table, no configuration keys) --------------------------------
 * DRAMPower memspec MICRON_1Gb_DDR3-1600_8bit_G (DRAMPower's memspecs/ directory): clkMhz
 * 800 (tCK 1.25 ns = 1250 ps); RC 38, RAS 28, RFC 88 tCK, BL 8 (dataRate 2: 4 clocks of
 * data); IDD0 70, IDD2N 45, IDD3N 45, IDD4R 140, IDD4W 145, IDD5 170 mA; VDD 1.5 V. A
 * 64-bit rank of x8 devices has 8 of them. (Its other timings, RCD 10, CL 10, RP 10,
 * WL 8, REFI 6240, do not enter the formulas.)
 *
 * ---- Formulas (per device; E x 8 per rank) --------------------------------------------
 *   E_act = VDD tCK (IDD0 - IDD3N) RAS          per activate
 *   E_pre = VDD tCK (IDD0 - IDD2N) (RC - RAS)   per precharge
 *     (DRAMPower's split; an activate and its precharge together make the study's
 *      E_act+pre = VDD tCK (IDD0 RC - IDD3N RAS - IDD2N (RC - RAS)))
 *   E_rd  = VDD tCK (IDD4R - IDD3N) BL/2        per read burst (one 64 B line = one BL8)
 *   E_wr  = VDD tCK (IDD4W - IDD3N) BL/2        per write burst
 *   E_ref = VDD tCK (IDD5 - IDD3N) RFC          per refresh
 *   E_bg  = VDD (IDD3N T_open + IDD2N T_pre)    T_open: time with a bank open or a refresh
 *                                               running; T_pre: all banks precharged
 * Units: mV x mA x ps = 10^-18 J (aJ); everything here is kept in fJ (10^-15 J) in
 * uint64_t. With this device VDD tCK = 1500 mV x 1250 ps = 1875 fJ per mA-clock, so per
 * rank (x 8): E_act 10,500,000 fJ, E_pre 3,750,000 fJ (E_act+pre 14,250,000 fJ =
 * 14.25 nJ), E_rd 5,700,000 fJ, E_wr 6,000,000 fJ, E_ref 165,000,000 fJ, and background
 * 675,000 fJ per clock open or precharged (IDD2N = IDD3N in this memspec). Each command
 * energy is VDD tCK x (integer mA-clocks) x 8 / 1000 fJ, exact for this table
 * (t27_dram_energy checks it).
 *
 * ---- The model's timing and the memspec's ---------------------------------------------
 * The model's DRAM timing (the dram.* keys: 11-11-11, tRFC 208 of a 4 Gb device, its
 * own dram.mhz) need not match this memspec's. The counts (activates, precharges, bursts,
 * refreshes) come from the model; each command's energy comes from the memspec, with the
 * memspec's own RAS, RC, RFC and BL. Background time comes from the model: its DRAM
 * clocks at dram.mhz are converted to the memspec's tCK by time, cyc x clkMhz / dram.mhz
 * memspec clocks, i.e. E_bg = VDD x IDD x cyc x 10^6 / dram.mhz ps, computed as
 * q K + (r K) / dram.mhz with q, r = cyc / dram.mhz, cyc % dram.mhz and K = VDD IDD x
 * 8 x 1000 (exact up to one truncation to fJ; no overflow below 3 x 10^10 x dram.mhz
 * clocks). With dram.mhz = 800 (the default) no conversion is needed and nothing is
 * truncated. A refresh's [REF, REF + tRFC) counts as open in the model's tRFC; E_ref
 * uses the memspec's RFC.
 *
 * ---- Statistics (dram_energy_stats, dram.c) ------------------------------------------
 * dram.energy_pj = act_pre + rd + wr + ref + bg, each part truncated from fJ to pJ (with
 * the default clock all of them are whole pJ); the background covers DRAM clocks [0, W)
 * of every rank, W = the end of the run (its last GPU cycle's DRAM clock) or the last
 * state change booked, if later (dram.energy_clocks). Then the totals of the counters
 * and per rank dram.chC.rankR.*.
 * Not modelled: power-down and self-refresh (a rank with every bank precharged draws
 * IDD2N throughout), I/O and termination power, the memspec's other currents (IDD2P,
 * IDD3P, IDD6), refreshes due after a channel's last decision (the controller applies a
 * refresh at its next decision; dram.refreshes counts the same ones).
 */
#include "xlat/dram_energy.h"

const xl_dre_spec_t xl_dre_ddr3_1600_x8 = {
    .name = "MICRON_1Gb_DDR3-1600_8bit_G",
    .clk_mhz = 800, .tck_ps = 1250, .vdd_mv = 1500,
    .idd0 = 70, .idd2n = 45, .idd3n = 45, .idd4r = 140, .idd4w = 145, .idd5 = 170,
    .rc = 38, .ras = 28, .rfc = 88,
    .bl = 8,
    .devices = 8,
};

/* VDD tCK x ma_clk (mA x tCK clocks) per device, x devices, in fJ. */
static uint64_t cmd_fj(const xl_dre_spec_t *sp, uint64_t ma_clk)
{
    return (uint64_t)sp->vdd_mv * sp->tck_ps * ma_clk * sp->devices / 1000u;
}

uint64_t xl_dre_act_fj(const xl_dre_spec_t *sp)
{
    return cmd_fj(sp, (uint64_t)(sp->idd0 - sp->idd3n) * sp->ras);
}

uint64_t xl_dre_pre_fj(const xl_dre_spec_t *sp)
{
    return cmd_fj(sp, (uint64_t)(sp->idd0 - sp->idd2n) * (sp->rc - sp->ras));
}

uint64_t xl_dre_rd_fj(const xl_dre_spec_t *sp)
{
    return cmd_fj(sp, (uint64_t)(sp->idd4r - sp->idd3n) * (sp->bl / 2u));
}

uint64_t xl_dre_wr_fj(const xl_dre_spec_t *sp)
{
    return cmd_fj(sp, (uint64_t)(sp->idd4w - sp->idd3n) * (sp->bl / 2u));
}

uint64_t xl_dre_ref_fj(const xl_dre_spec_t *sp)
{
    return cmd_fj(sp, (uint64_t)(sp->idd5 - sp->idd3n) * sp->rfc);
}

uint64_t xl_dre_bg_fj(const xl_dre_spec_t *sp, uint32_t idd, uint64_t cyc, uint32_t model_mhz)
{
    uint64_t k = (uint64_t)sp->vdd_mv * idd * sp->devices * 1000u;
    return cyc / model_mhz * k + cyc % model_mhz * k / model_mhz;
}

void xl_dre_rank(const xl_dre_spec_t *sp, const xl_dre_counts_t *n, uint32_t model_mhz,
              xl_dre_energy_t *e)
{
    e->act_pre += n->act * xl_dre_act_fj(sp) + n->pre * xl_dre_pre_fj(sp);
    e->rd += n->rd * xl_dre_rd_fj(sp);
    e->wr += n->wr * xl_dre_wr_fj(sp);
    e->ref += n->ref * xl_dre_ref_fj(sp);
    e->bg += xl_dre_bg_fj(sp, sp->idd3n, n->cyc_open, model_mhz) +
             xl_dre_bg_fj(sp, sp->idd2n, n->cyc_pre, model_mhz);
}

uint64_t xl_dre_total(const xl_dre_energy_t *e)
{
    return e->act_pre + e->rd + e->wr + e->ref + e->bg;
}
