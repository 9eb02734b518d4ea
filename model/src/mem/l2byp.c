/*
 * l2byp.c - MASK's address-translation-aware L2 bypass decision (l2byp.h; ASPLOS'18
 * §5.3: page-table reads of a level whose L2 hit rate is below the data requests' skip
 * the L2; §7.4: ten 8-byte counters), as docs/papers/mask.md states it. Integer only:
 * hit rates are compared by cross-multiplying 64-bit counters into 128-bit products.
 */
#include "mem/l2byp.h"

#include <stdio.h>

/* a * b as a 128-bit (hi, lo) pair, from 32-bit halves (no compiler extension). */
static void mul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = mid << 32 | (uint32_t)p00;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* a * b < c * d, exactly. */
static int prod_less(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    uint64_t h1, l1, h2, l2;
    mul128(a, b, &h1, &l1);
    mul128(c, d, &h2, &l2);
    return h1 < h2 || (h1 == h2 && l1 < l2);
}

void l2b_init(l2b_t *b, const xl_config_t *c)
{
    b->on = c->mask.l2_bypass != 0u;
    b->epoch_mode = c->mask.byp_mode == XL_BYP_EPOCH;
    b->period = c->mask.byp_period;
    b->epoch = c->mask.epoch;
    b->min = c->mask.byp_min_samples;
    b->sample = c->mask.byp_sample_period;
    /* off: no boundary ever, and the event loop's check never fires */
    b->next_dec = b->on ? b->period : UINT64_MAX;
    b->next_reset = b->on && b->epoch_mode ? b->epoch : UINT64_MAX;
    b->next = b->next_dec < b->next_reset ? b->next_dec : b->next_reset;
}

/* The decision of one boundary (l2byp.h). */
static void decide(l2b_t *b)
{
    uint32_t nb = 0, L;
    for (L = 1; L <= L2B_LEVELS; L++) {
        uint32_t v;
        if (b->a[L] >= b->min && b->a[0] >= b->min)
            v = (uint32_t)prod_less(b->h[L], b->a[0], b->h[0], b->a[L]);
        else
            v = b->epoch_mode ? b->byp >> (L - 1u) & 1u : 0u;
        nb |= v << (L - 1u);
        b->on_periods[L] += v;
        if (v != (b->byp >> (L - 1u) & 1u))
            b->samp[L] = 0;           /* the sample count starts with the decision */
    }
    b->decisions++;
    if (nb != b->byp)
        b->changes++;
    b->byp = nb;
    b->mask_final = nb;
}

void l2b_boundary(l2b_t *b, uint64_t t)
{
    while (b->next <= t) {
        if (b->next_dec <= b->next_reset) {
            decide(b);
            b->next_dec += b->period;
        } else {
            uint32_t L;
            for (L = 0; L <= L2B_LEVELS; L++)
                b->a[L] = b->h[L] = 0;
            b->next_reset += b->epoch;
        }
        b->next = b->next_dec < b->next_reset ? b->next_dec : b->next_reset;
    }
}

void l2b_stats(const l2b_t *b, xl_stats_t *s)
{
    uint32_t L;
    char name[48], desc[160];
    for (L = 1; L <= L2B_LEVELS; L++) {
        snprintf(name, sizeof name, "l2d.accesses_depth%u", L);
        snprintf(desc, sizeof desc, "L2 lookups by page-table reads of walk depth %u (1 = root "
                 "level, 4 = leaf)", L);
        xl_stats_counter(s, name, desc, &b->acc[L]);
        snprintf(name, sizeof name, "l2d.hits_depth%u", L);
        snprintf(desc, sizeof desc, "L2 hits of page-table reads of walk depth %u", L);
        xl_stats_counter(s, name, desc, &b->hit[L]);
    }
    for (L = 1; L <= L2B_LEVELS; L++) {
        snprintf(name, sizeof name, "l2d.bypassed_depth%u", L);
        snprintf(desc, sizeof desc, "mask.l2_bypass: page-table reads of walk depth %u that "
                 "skipped the L2", L);
        xl_stats_counter(s, name, desc, &b->bypassed[L]);
    }
    for (L = 1; L <= L2B_LEVELS; L++) {
        snprintf(name, sizeof name, "l2d.byp_periods_depth%u", L);
        snprintf(desc, sizeof desc, "mask.l2_bypass: decisions that set depth %u to bypass", L);
        xl_stats_counter(s, name, desc, &b->on_periods[L]);
    }
    xl_stats_counter(s, "l2d.byp_decisions", "mask.l2_bypass: bypass decisions taken "
                     "(every mask.byp_period cycles)", &b->decisions);
    xl_stats_counter(s, "l2d.byp_changes", "mask.l2_bypass: decisions that changed the "
                     "bypass mask", &b->changes);
    xl_stats_counter(s, "l2d.byp_mask", "mask.l2_bypass: the last mask (bit L-1 = depth L "
                     "bypasses)", &b->mask_final);
}
