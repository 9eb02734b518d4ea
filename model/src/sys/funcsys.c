/*
 * funcsys.c - the functional translation system (see funcsys.h).
 *
 * docs/isca18-micro18.md §1.5, the life of a translation, without time:
 *   2. the coalescer merges the instruction's same-page lanes;
 *   3. each request looks up the CU's L1 TLB, then the shared L2 TLB;
 *   4-5. an L2 TLB miss goes to the IOMMU and looks up its L1/L2 TLBs;
 *   8. a miss there walks: PWC lookup, then 1-4 reads of 64 B page-table lines;
 *   9. the translation fills the IOMMU TLBs, the L2 TLB and the L1 TLB.
 * Issue order is fixed: work-groups go round-robin to CUs with free wavefront slots;
 * resident wavefronts take turns, one memory instruction per turn, CU-interleaved
 * (cu0 slot0, cu1 slot0, ..., cu0 slot1, ...), non-memory instructions consumed on
 * the way. The cycle-level model replaces this order with real timing.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "xlat/addrspace.h"
#include "xlat/funcsys.h"
#include "xlat/pagetable.h"
#include "xlat/pwc.h"
#include "xlat/tlb.h"

#define XL_FUNC_ASID 1u

const char *const xl_fig3_bucket_name[XL_FIG3_BUCKETS] = {"1_16", "17_32", "33_48", "49_64",
                                                          "65_up"};

unsigned xl_fig3_bucket(uint64_t v)
{
    if (v >= 65)
        return 4;
    return (unsigned)((v - 1) / 16);
}

void xl_fig3_stats(xl_stats_t *s, const char *prefix, const char *desc,
                   const uint64_t bucket[XL_FIG3_BUCKETS])
{
    char n[64], d[128];
    for (unsigned b = 0; b < XL_FIG3_BUCKETS; b++) {
        snprintf(n, sizeof n, "%s.%s", prefix, xl_fig3_bucket_name[b]);
        snprintf(d, sizeof d, desc, xl_fig3_bucket_name[b]);
        xl_stats_counter(s, n, d, &bucket[b]);
    }
}

typedef struct {
    xl_wave_t w;
    uint32_t cu;
    uint8_t live;
} xl_func_slot_t;

struct xl_func {
    xl_config_t cfg;
    const xl_workload_t *wl;
    xl_physmem_t *pm;
    xl_as_t as;
    unsigned page_shift;
    xl_tlb_t *l1;          /* one per CU */
    xl_tlb_t l2, io1, io2;
    xl_pwc_t pwc;
    xl_func_slot_t *slot;  /* cus * slots_per_cu, index slot*cus + cu */
    uint32_t slots_per_cu;
    uint32_t *free_slots;  /* per CU */
    /* page-dedup scratch for the coalescer: open addressing with a generation stamp */
    uint64_t dedup_key[128];
    uint32_t dedup_gen[128];
    uint32_t gen;

    /* counters */
    uint64_t kernels;          /* kernels run */
    uint64_t workgroups;       /* work-groups dispatched */
    uint64_t wavefronts;       /* wavefronts run */
    uint64_t instrs;           /* wavefront instructions of every kind */
    uint64_t mem_instrs;       /* global loads and stores */
    uint64_t lanes;            /* active lanes of global loads and stores */
    uint64_t requests;         /* translation requests after coalescing (distinct pages) */
    uint64_t pages_bucket[XL_FIG3_BUCKETS];  /* memory instructions by distinct pages */
    uint64_t pages_max;        /* most distinct pages in one instruction */
    uint64_t work_instrs;      /* memory instructions that caused >= 1 walk */
    uint64_t work_reads;       /* walk reads summed over those instructions */
    uint64_t work_bucket[XL_FIG3_BUCKETS];   /* instructions by walk memory reads (Fig 3) */
    uint64_t walks;            /* page-table walks */
    uint64_t walk_reads;       /* 64 B page-table lines read by walks */
    uint64_t walk_reads_leaf;  /* reads of the level holding the final mapping */
    uint64_t walk_reads_level[XL_PT_LEVELS + 1];  /* by level 1..4 */
    uint64_t walk_hit[XL_PT_LEVELS + 1];          /* walks by deepest PWC hit: [0] none, [2..4] */
    uint64_t l1_acc, l1_hit, l1_miss;             /* summed over CUs after the run */
};

static int fail_tlb(int rc, xl_func_t *f)
{
    xl_func_destroy(f);
    return rc;
}

int xl_func_create(xl_func_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                   char *err, size_t errlen)
{
    xl_func_t *f = calloc(1, sizeof *f);
    int rc;
    *out = NULL;
    if (!f) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    if (cfg->l2tlb.entries == 0u) {
        free(f);
        snprintf(err, errlen, "l2tlb.entries = 0: the functional model has the shared L2 TLB "
                 "and cannot run without it");
        return XL_EINPUT;
    }
    if (cfg->iommu.tlb1_entries == 0u) {
        free(f);
        snprintf(err, errlen, "iommu.tlb1_entries = 0: the functional model has the ISCA'18 "
                 "IOMMU TLBs and cannot run without them");
        return XL_EINPUT;
    }
    f->cfg = *cfg;
    f->wl = wl;
    f->page_shift = xl_config_page_shift(cfg);
    f->pm = xl_physmem_create((uint64_t)cfg->mem.size_mb << 20, cfg->mem.alloc, cfg->sim.seed,
                              err, errlen);
    if (!f->pm)
        return fail_tlb(XL_EINPUT, f);
    if ((rc = xl_as_init(&f->as, f->pm, XL_FUNC_ASID, err, errlen)) != XL_OK)
        return fail_tlb(rc, f);
    for (unsigned i = 0; i < wl->nregions; i++) {
        rc = xl_as_map_region(&f->as, wl->regions[i].base, wl->regions[i].bytes, f->page_shift,
                              err, errlen);
        if (rc != XL_OK)
            return fail_tlb(rc, f);
    }

    f->l1 = calloc(cfg->gpu.cus, sizeof *f->l1);
    f->free_slots = calloc(cfg->gpu.cus, sizeof *f->free_slots);
    f->slots_per_cu = cfg->gpu.simds_per_cu * cfg->gpu.waves_per_simd;
    f->slot = calloc((size_t)cfg->gpu.cus * f->slots_per_cu, sizeof *f->slot);
    if (!f->l1 || !f->free_slots || !f->slot) {
        snprintf(err, errlen, "out of host memory");
        return fail_tlb(XL_EINTERNAL, f);
    }
    xl_tlb_params_t p1 = {cfg->l1tlb.entries, cfg->l1tlb.ways, cfg->l1tlb.repl, cfg->l1tlb.index};
    for (uint32_t c = 0; c < cfg->gpu.cus; c++)
        if ((rc = xl_tlb_init(&f->l1[c], &p1, "l1tlb", err, errlen)) != XL_OK)
            return fail_tlb(rc, f);
    xl_tlb_params_t p2 = {cfg->l2tlb.entries, cfg->l2tlb.ways, cfg->l2tlb.repl, cfg->l2tlb.index};
    xl_tlb_params_t pi1 = {cfg->iommu.tlb1_entries, cfg->iommu.tlb1_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    xl_tlb_params_t pi2 = {cfg->iommu.tlb2_entries, cfg->iommu.tlb2_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    if ((rc = xl_tlb_init(&f->l2, &p2, "l2tlb", err, errlen)) != XL_OK ||
        (rc = xl_tlb_init(&f->io1, &pi1, "iommu.tlb1", err, errlen)) != XL_OK ||
        (rc = xl_tlb_init(&f->io2, &pi2, "iommu.tlb2", err, errlen)) != XL_OK)
        return fail_tlb(rc, f);
    xl_pwc_params_t pp = {{cfg->pwc.l4_entries, cfg->pwc.l3_entries, cfg->pwc.l2_entries},
                          {cfg->pwc.l4_ways, cfg->pwc.l3_ways, cfg->pwc.l2_ways}};
    if ((rc = xl_pwc_init(&f->pwc, &pp, err, errlen)) != XL_OK)
        return fail_tlb(rc, f);
    *out = f;
    return XL_OK;
}

void xl_func_destroy(xl_func_t *f)
{
    if (!f)
        return;
    if (f->l1) {
        for (uint32_t c = 0; c < f->cfg.gpu.cus; c++)
            xl_tlb_free(&f->l1[c]);
        free(f->l1);
    }
    xl_tlb_free(&f->l2);
    xl_tlb_free(&f->io1);
    xl_tlb_free(&f->io2);
    xl_pwc_free(&f->pwc);
    free(f->slot);
    free(f->free_slots);
    xl_physmem_destroy(f->pm);
    free(f);
}

/* Step 8: PWC lookup, then the remaining page-table reads; fill the PWC with every
 * upper-level entry the walk read. Returns the reads, or -1 on a fault. */
static int walk(xl_func_t *f, xl_va_t va, xl_walk_t *w)
{
    xl_pwc_result_t r;
    xl_pwc_lookup(&f->pwc, XL_FUNC_ASID, va, &r);
    if (r.hit_level)
        xl_pt_walk_from(f->pm, r.next, r.hit_level - 1, va, w);
    else
        xl_pt_walk(f->pm, f->as.root, va, w);
    if (w->status != XL_WALK_OK)
        return -1;
    f->walks++;
    f->walk_hit[r.hit_level]++;
    f->walk_reads += w->nreads;
    for (unsigned i = 0; i < w->nreads; i++) {
        unsigned lv = w->line_level[i];
        f->walk_reads_level[lv]++;
        if (lv == w->leaf_level)
            f->walk_reads_leaf++;
        else   /* an upper-level entry that points at the next node */
            xl_pwc_fill(&f->pwc, lv, XL_FUNC_ASID, va, w->node_pa[lv - 1]);
    }
    return (int)w->nreads;
}

/* Steps 3-9 for one coalesced request. Returns walk reads caused (0 on a TLB hit),
 * or -1 on a fault. */
static int translate(xl_func_t *f, uint32_t cu, xl_va_t va)
{
    xl_tlb_t *l1 = &f->l1[cu];
    xl_pa_t pa;
    if (xl_tlb_lookup(l1, XL_FUNC_ASID, va, &pa))
        return 0;
    unsigned sh = f->page_shift;
    xl_pa_t mask = ~((UINT64_C(1) << sh) - 1);
    if (xl_tlb_lookup(&f->l2, XL_FUNC_ASID, va, &pa)) {
        xl_tlb_fill(l1, XL_FUNC_ASID, va, pa & mask, sh, NULL);
        return 0;
    }
    int reads = 0;
    if (xl_tlb_lookup(&f->io1, XL_FUNC_ASID, va, &pa)) {
        /* fills below */
    } else if (xl_tlb_lookup(&f->io2, XL_FUNC_ASID, va, &pa)) {
        xl_tlb_fill(&f->io1, XL_FUNC_ASID, va, pa & mask, sh, NULL);
    } else {
        xl_walk_t w;
        reads = walk(f, va, &w);
        if (reads < 0)
            return -1;
        sh = w.page_shift;
        mask = ~((UINT64_C(1) << sh) - 1);
        pa = w.pa;
        xl_tlb_fill(&f->io2, XL_FUNC_ASID, va, pa & mask, sh, NULL);
        xl_tlb_fill(&f->io1, XL_FUNC_ASID, va, pa & mask, sh, NULL);
    }
    xl_tlb_fill(&f->l2, XL_FUNC_ASID, va, pa & mask, sh, NULL);
    xl_tlb_fill(l1, XL_FUNC_ASID, va, pa & mask, sh, NULL);
    return reads;
}

/* Step 2: the coalescer. Each distinct page of the active lanes becomes one request,
 * in order of the lowest lane that touches it. */
static int mem_instr(xl_func_t *f, uint32_t cu, const xl_instr_t *in)
{
    uint64_t pages = 0, reads = 0;
    if (++f->gen == 0) {   /* stamp wrapped: clear the table once every 2^32 instructions */
        memset(f->dedup_gen, 0, sizeof f->dedup_gen);
        f->gen = 1;
    }
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!((in->mask >> l) & 1u))
            continue;
        f->lanes++;
        uint64_t key = in->va[l] >> f->page_shift;
        unsigned h = (unsigned)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 57);
        while (f->dedup_gen[h] == f->gen && f->dedup_key[h] != key)
            h = (h + 1) & 127u;
        if (f->dedup_gen[h] == f->gen)
            continue;   /* page already requested by a lower lane */
        f->dedup_gen[h] = f->gen;
        f->dedup_key[h] = key;
        pages++;
        int r = translate(f, cu, in->va[l]);
        if (r < 0)
            return -1;
        reads += (uint64_t)r;
    }
    f->mem_instrs++;
    f->requests += pages;
    if (pages > f->pages_max)
        f->pages_max = pages;
    if (pages)
        f->pages_bucket[xl_fig3_bucket(pages)]++;
    if (reads) {
        f->work_instrs++;
        f->work_reads += reads;
        f->work_bucket[xl_fig3_bucket(reads)]++;
    }
    return 0;
}

/* Place whole work-groups on CUs with enough free slots, round-robin from *rr. */
static void dispatch(xl_func_t *f, uint32_t kernel, const xl_kernel_t *k, uint32_t *next_wg,
                     uint32_t *rr)
{
    uint32_t cus = f->cfg.gpu.cus;
    while (*next_wg < k->workgroups) {
        uint32_t c, tried;
        for (tried = 0, c = *rr; tried < cus; tried++, c = (c + 1) % cus)
            if (f->free_slots[c] >= k->waves_per_wg)
                break;
        if (tried == cus)
            return;
        uint32_t placed = 0;
        for (uint32_t s = 0; s < f->slots_per_cu && placed < k->waves_per_wg; s++) {
            xl_func_slot_t *sl = &f->slot[(size_t)s * cus + c];
            if (sl->live)
                continue;
            xl_wl_wave_init(f->wl, &sl->w, kernel, *next_wg, placed);
            sl->cu = c;
            sl->live = 1;
            placed++;
        }
        f->free_slots[c] -= k->waves_per_wg;
        f->workgroups++;
        f->wavefronts += k->waves_per_wg;
        (*next_wg)++;
        *rr = (c + 1) % cus;
    }
}

int xl_func_run(xl_func_t *f, char *err, size_t errlen)
{
    uint32_t cus = f->cfg.gpu.cus;
    size_t nslots = (size_t)cus * f->slots_per_cu;
    xl_kernel_t k;
    xl_instr_t in;
    for (uint32_t kid = 0; xl_wl_kernel(f->wl, kid, &k); kid++) {
        if (k.waves_per_wg > f->slots_per_cu) {
            snprintf(err, errlen, "kernel %u: a work-group of %u wavefronts does not fit the "
                     "%u wavefront slots of a CU", kid, k.waves_per_wg, f->slots_per_cu);
            return XL_EINPUT;
        }
        for (uint32_t c = 0; c < cus; c++)
            f->free_slots[c] = f->slots_per_cu;
        uint32_t next_wg = 0, rr = 0;
        f->kernels++;
        for (;;) {
            dispatch(f, kid, &k, &next_wg, &rr);
            size_t live = 0;
            for (size_t i = 0; i < nslots; i++) {
                xl_func_slot_t *sl = &f->slot[i];
                if (!sl->live)
                    continue;
                live++;
                /* Consume non-memory instructions up to the next memory one. */
                for (;;) {
                    int more = xl_wl_next(f->wl, &sl->w, &in);
                    if (!more || in.op == XL_OP_END) {
                        sl->live = 0;
                        f->free_slots[sl->cu]++;
                        break;
                    }
                    f->instrs++;
                    if (in.op == XL_OP_LOAD || in.op == XL_OP_STORE) {
                        if (mem_instr(f, sl->cu, &in) < 0) {
                            snprintf(err, errlen, "internal: walk fault in kernel %u "
                                     "(an address outside every mapped region)", kid);
                            return XL_EINTERNAL;
                        }
                        break;
                    }
                }
            }
            if (!live && next_wg >= k.workgroups)
                break;
        }
    }
    f->l1_acc = f->l1_hit = f->l1_miss = 0;
    for (uint32_t c = 0; c < cus; c++) {
        f->l1_acc += f->l1[c].accesses;
        f->l1_hit += f->l1[c].hits;
        f->l1_miss += f->l1[c].misses;
    }
    return XL_OK;
}

static void tlb_stats(xl_stats_t *s, const char *pfx, const char *what, const uint64_t *acc,
                      const uint64_t *hit, const uint64_t *miss)
{
    char n[64], d[128];
    snprintf(n, sizeof n, "%s.accesses", pfx);
    snprintf(d, sizeof d, "%s lookups", what);
    xl_stats_counter(s, n, d, acc);
    snprintf(n, sizeof n, "%s.hits", pfx);
    snprintf(d, sizeof d, "%s lookups that hit", what);
    xl_stats_counter(s, n, d, hit);
    snprintf(n, sizeof n, "%s.misses", pfx);
    snprintf(d, sizeof d, "%s lookups that missed", what);
    xl_stats_counter(s, n, d, miss);
    snprintf(n, sizeof n, "%s.miss_rate", pfx);
    snprintf(d, sizeof d, "%s misses / accesses", what);
    xl_stats_ratio(s, n, d, *miss, *acc, 4);
}

void xl_func_stats(const xl_func_t *f, xl_stats_t *s)
{
    char n[64], d[128];
    xl_stats_counter(s, "func.kernels", "kernels run", &f->kernels);
    xl_stats_counter(s, "func.workgroups", "work-groups dispatched", &f->workgroups);
    xl_stats_counter(s, "func.wavefronts", "wavefronts run", &f->wavefronts);
    xl_stats_counter(s, "gpu.instructions", "wavefront instructions of every kind", &f->instrs);
    xl_stats_counter(s, "gpu.mem_instructions", "global load and store instructions",
                     &f->mem_instrs);
    xl_stats_counter(s, "coalescer.lanes", "active lanes of global memory instructions",
                     &f->lanes);
    xl_stats_counter(s, "coalescer.requests", "translation requests after same-page merging",
                     &f->requests);
    xl_stats_ratio(s, "coalescer.pages_per_instr_avg",
                   "distinct pages per global memory instruction, mean", f->requests,
                   f->mem_instrs, 2);
    xl_stats_counter(s, "coalescer.pages_per_instr_max",
                     "most distinct pages in one instruction", &f->pages_max);
    xl_fig3_stats(s, "coalescer.pages_hist", "memory instructions touching %s distinct pages",
                  f->pages_bucket);
    tlb_stats(s, "l1tlb", "per-CU L1 TLB (all CUs)", &f->l1_acc, &f->l1_hit, &f->l1_miss);
    tlb_stats(s, "l2tlb", "shared L2 TLB", &f->l2.accesses, &f->l2.hits, &f->l2.misses);
    xl_stats_counter(s, "iommu.requests", "page-walk requests reaching the IOMMU (L2 TLB misses)",
                     &f->l2.misses);
    tlb_stats(s, "iommu.tlb1", "IOMMU L1 TLB", &f->io1.accesses, &f->io1.hits, &f->io1.misses);
    tlb_stats(s, "iommu.tlb2", "IOMMU L2 TLB", &f->io2.accesses, &f->io2.hits, &f->io2.misses);
    xl_stats_counter(s, "iommu.walks", "page-table walks performed", &f->walks);
    xl_stats_counter(s, "iommu.walk_mem_reads", "64 B page-table lines read by walkers",
                     &f->walk_reads);
    xl_stats_counter(s, "iommu.walk_mem_reads_leaf", "walk reads of the leaf (mapping) level",
                     &f->walk_reads_leaf);
    xl_stats_value(s, "iommu.walk_mem_reads_upper", "walk reads of upper (non-leaf) levels",
                   f->walk_reads - f->walk_reads_leaf);
    for (unsigned lv = XL_PT_LEVELS; lv >= 1; lv--) {
        snprintf(n, sizeof n, "iommu.walk_mem_reads_l%u", lv);
        snprintf(d, sizeof d, "walk reads of level-%u page-table lines", lv);
        xl_stats_counter(s, n, d, &f->walk_reads_level[lv]);
    }
    xl_stats_counter(s, "iommu.walk_pwc_miss", "walks that missed every PWC level (4 reads)",
                     &f->walk_hit[0]);
    for (unsigned lv = XL_PT_LEVELS; lv >= 2; lv--) {
        snprintf(n, sizeof n, "iommu.walk_pwc_hit_l%u", lv);
        snprintf(d, sizeof d, "walks whose deepest PWC hit was the L%u entry (%u reads)", lv,
                 lv - 1);
        xl_stats_counter(s, n, d, &f->walk_hit[lv]);
    }
    static const char *const lvname[XL_PWC_LEVELS] = {"l4", "l3", "l2"};
    for (unsigned i = 0; i < XL_PWC_LEVELS; i++) {
        const xl_pwc_level_t *lv = &f->pwc.lv[i];
        snprintf(n, sizeof n, "pwc.%s.hits", lvname[i]);
        snprintf(d, sizeof d, "walk-time PWC lookups that hit the %s entry cache", lvname[i]);
        xl_stats_counter(s, n, d, &lv->hits);
        snprintf(n, sizeof n, "pwc.%s.misses", lvname[i]);
        snprintf(d, sizeof d, "walk-time PWC lookups that missed the %s entry cache", lvname[i]);
        xl_stats_counter(s, n, d, &lv->misses);
        snprintf(n, sizeof n, "pwc.%s.evictions", lvname[i]);
        snprintf(d, sizeof d, "valid %s PWC entries replaced", lvname[i]);
        xl_stats_counter(s, n, d, &lv->evictions);
    }
    xl_stats_counter(s, "walk.work_instrs", "memory instructions that caused at least one walk",
                     &f->work_instrs);
    xl_stats_ratio(s, "walk.work_per_instr_avg",
                   "walk memory reads per walk-causing instruction, mean (ISCA'18 Fig 3)",
                   f->work_reads, f->work_instrs, 2);
    xl_fig3_stats(s, "walk.work_hist", "instructions needing %s walk memory reads (ISCA'18 Fig 3)",
                  f->work_bucket);
    xl_stats_value(s, "mem.pt_nodes", "page-table nodes (4 KB) built", f->as.pt_nodes);
    xl_stats_value(s, "mem.frames_used", "4 KB physical frames allocated",
                   xl_physmem_frames_used(f->pm));
}
