/*
 * cu.c - the compute units (cu.h; docs/isca18-micro18.md §1.5 steps 1-2 and the data
 * accesses of step 9, §6 stall cycles, §7.2 per-instruction records).
 */
#include <stdlib.h>
#include <string.h>

#include "sys/system.h"

static void cu_set_ready(xl_sim_t *g, cu_t *c, uint32_t s, int on)
{
    uint64_t bit = UINT64_C(1) << (s & 63), *w = &c->ready_mask[s >> 6];
    if (on && !(*w & bit)) {
        *w |= bit;
        if (is_mem_op(c->slot[s].in.op))
            c->ready_mem[s >> 6] |= bit;
        g->core.ready_total++;
        c->nready++;
    } else if (!on && (*w & bit)) {
        *w &= ~bit;
        c->ready_mem[s >> 6] &= ~bit;
        g->core.ready_total--;
        c->nready--;
    }
}
/* ------------------------------------------------------------------ wavefronts */

static void cu_wave_finish(xl_sim_t *g, uint32_t c, uint32_t s);
static void cu_wave_advance(xl_sim_t *g, uint32_t c, uint32_t s);

/* icache.model: the instruction just pulled begins a new line of the kernel's code: fetch
 * it through the CU's I-cache (vstore.h "Instruction fetch"). 1 when the wave must wait
 * for it (it resumes at an EV_WAVE_READY with ifwait set). */
static int cu_ifetch(xl_sim_t *g, uint32_t c, uint32_t s)
{
    cu_t *cu = &g->core.cu[c];
    slot_t *st = &cu->slot[s];
    uint32_t per_line = 64u / g->cfg.icache.instr_bytes, n = st->nfetch++;
    if (n % per_line)
        return 0;
    uint64_t addr = vs_code_addr(cu->asid, disp_code_id(&g->disp, cu->app),
                                 (n / per_line) % disp_code_lines(&g->disp, cu->app));
    vs_out_t fwd[XL_ICTX_SUBS];
    uint32_t nfwd;
    uint64_t go = vs_ifetch(&g->vs, &g->cfg, c, addr, g->now, fwd, &nfwd);
    if (nfwd)
        tlbh_l2_forward(g, fwd, nfwd);
    if (go <= g->now)
        return 0;
    st->state = W_BUSY;
    st->ifwait = 1;
    PUSH(&g->q, go, EV_WAVE_READY, gslot(&g->core, c, s), 0);
    return 1;
}

/* Pull the wave's next instruction, then go on with it (wave_advance); with icache.model
 * fetch its line first. */
void cu_wave_fetch(xl_sim_t *g, uint32_t c, uint32_t s)
{
    slot_t *st = &g->core.cu[c].slot[s];
    if (st->ifwait) {   /* its instruction line has arrived */
        st->ifwait = 0;
        cu_wave_advance(g, c, s);
        return;
    }
    if (!xl_wl_next(g->core.cu[c].wl, &st->cur, &st->in))
        st->in.op = XL_OP_END;
    if (g->vs.ic_on && st->in.op != XL_OP_END && cu_ifetch(g, c, s))
        return;
    cu_wave_advance(g, c, s);
}

/* The wave's next instruction is in st->in: finish, park at a barrier or make it READY;
 * under waitcnt first wait (W_WAIT) for what it needs back: its loads before a
 * non-memory instruction, everything at a barrier or the end, a free record before a
 * memory instruction. Under blocking nothing is in flight here. */
static void cu_wave_advance(xl_sim_t *g, uint32_t c, uint32_t s)
{
    cu_t *cu = &g->core.cu[c];
    slot_t *st = &cu->slot[s];
    if (st->nmem) {
        uint8_t op = st->in.op;
        int wait = op == XL_OP_END || op == XL_OP_BARRIER ? 1
                   : is_mem_op(op)                         ? st->nmem >= g->core.kmem
                                                           : st->nload > 0;
        if (wait) {
            st->state = W_WAIT;
            return;
        }
    }
    if (st->in.op == XL_OP_END) {
        cu_wave_finish(g, c, s);
        return;
    }
    if (st->in.op == XL_OP_BARRIER) {
        wg_t *wg = &cu->wg[st->wg];
        g->core.instrs++;
        cu->instrs++;
        st->state = W_BARRIER;
        if (++wg->at_barrier < wg->waves)
            return;
        /* Everyone arrived: release the work-group's waves (slot order). */
        wg->at_barrier = 0;
        for (uint32_t i = 0; i < g->core.spc; i++)
            if (cu->slot[i].state == W_BARRIER && cu->slot[i].wg == st->wg)
                cu_wave_fetch(g, c, i);
        return;
    }
    st->state = W_READY;
    cu_set_ready(g, cu, s, 1);
}

static void cu_wave_finish(xl_sim_t *g, uint32_t c, uint32_t s)
{
    cu_t *cu = &g->core.cu[c];
    slot_t *st = &cu->slot[s];
    wg_t *wg = &cu->wg[st->wg];
    st->state = W_FREE;
    cu->res[s >> 6] &= ~(UINT64_C(1) << (s & 63));
    cu_set_ready(g, cu, s, 0);
    if (--cu->live == 0) {
        g->core.live_cus--;
        cu->stall += g->core.all_stall - cu->stall_base;
    }
    g->core.live_total--;
    disp_wave_retired(&g->disp, cu->app);
    cu->free++;
    g->last_retire = g->now;
    if (--wg->waves == 0) {
        wg->live = 0;
        if (wg->lds_bytes)
            vs_lds_release(&g->vs, c, wg->lds_base, wg->lds_bytes, g->now);
    } else if (wg->at_barrier == wg->waves) {
        /* the waves still waiting at a barrier no longer wait for this one */
        wg->at_barrier = 0;
        for (uint32_t i = 0; i < g->core.spc; i++)
            if (cu->slot[i].state == W_BARRIER && cu->slot[i].wg == st->wg)
                cu_wave_fetch(g, c, i);
    }
}

int cu_place_wg(xl_sim_t *g, uint32_t c, uint32_t kernel, uint32_t wg, uint32_t waves,
                uint32_t lds_bytes, uint64_t *uid)
{
    cu_t *cu = &g->core.cu[c];
    uint32_t w, base = 0;
    if (g->vs.lds_on && lds_bytes &&
        !vs_lds_alloc(&g->vs, c, lds_bytes, g->cfg.lds.alloc == XL_LDS_ALLOC_EAGER, &base,
                      g->now))
        return 0;
    for (w = 0; w < g->core.spc && cu->wg[w].live; w++)
        ;
    cu->wg[w].live = 1;
    cu->wg[w].lds_base = base;
    cu->wg[w].lds_bytes = g->vs.lds_on ? lds_bytes : 0;
    cu->wg[w].lds_all = 0;
    cu->wg[w].waves = waves;
    cu->wg[w].at_barrier = 0;
    uint32_t placed = 0;
    for (uint32_t s = 0; s < g->core.spc && placed < waves; s++) {
        slot_t *st = &cu->slot[s];
        if (st->state != W_FREE)
            continue;
        xl_wl_wave_init(cu->wl, &st->cur, kernel, wg, placed);
        st->wg = (uint16_t)w;
        st->uid = ++*uid;
        cu->age[s] = st->uid;
        st->state = W_BUSY;
        st->ifwait = 0;
        st->nfetch = 0;
        /* a new occupant: resident, and not yet counted among this epoch's warps */
        cu->res[s >> 6] |= UINT64_C(1) << (s & 63);
        cu->act[s >> 6] &= ~(UINT64_C(1) << (s & 63));
        if (cu->live++ == 0) {
            g->core.live_cus++;
            cu->stall_base = g->core.all_stall;
        }
        g->core.live_total++;
        cu->free--;
        placed++;
    }
    /* all are placed before any fetches: a wave's first instruction may be a barrier */
    for (uint32_t s = 0; s < g->core.spc; s++)
        if (cu->slot[s].state == W_BUSY && cu->slot[s].wg == w)
            cu_wave_fetch(g, c, s);
    return 1;
}

/* Memory record r is complete: record its walk metrics (docs/isca18-micro18.md §6, §7.2
 * per-instruction record); a blocked wave fetches its next instruction, a waitcnt wave
 * goes on if it waited for this one. */
static void cu_mem_done(xl_sim_t *g, uint32_t c, uint32_t r)
{
    mrec_t *st = &g->core.cu[c].rec[r];
    st->live = 0;
    if (st->walk_reads) {   /* Fig 3 counts page-table reads; all-coalesced work is 0 */
        g->core.work_instrs++;
        g->core.work_bucket[xl_fig3_bucket(st->walk_reads)]++;
    }
    if (st->n_walks >= 2) {
        g->core.multi_instrs++;
        if (st->last_arr - st->first_arr + 1 != st->n_walks)
            g->core.interleaved++;
        g->core.first_lat_sum += st->lat_first;
        g->core.last_lat_sum += st->lat_last;
        g->core.lf_2x += st->lat_last >= 2 * st->lat_first;
        g->core.lf_3x += st->lat_last >= 3 * st->lat_first;
        g->core.gap_sum += st->t_last_done - st->t_first_done;
    }
    g->last_retire = g->now;
    slot_t *w = &g->core.cu[c].slot[st->slot];
    if (w->state == W_MEM) {
        cu_wave_fetch(g, c, st->slot);
        return;
    }
    w->nmem--;
    w->nload -= !st->store;
    if (w->state == W_WAIT)
        cu_wave_advance(g, c, st->slot);
}

void cu_check_mem_done(xl_sim_t *g, uint32_t c, uint32_t r)
{
    const mrec_t *st = &g->core.cu[c].rec[r];
    if (st->live && st->pend_tr == 0 && st->pend_lines == 0)
        cu_mem_done(g, c, r);
}

/* ------------------------------------------------------------------ data path */

/* The translation of page pidx of memory record r is known (frame): issue the data
 * accesses of its lanes, one per distinct 64 B line. */
void cu_deliver(xl_sim_t *g, preq_t h, xl_pa_t frame)
{
    uint32_t c = preq_cu(&g->core, h), r = preq_rec(&g->core, h), pidx = preq_page(h);
    cu_t *cu = &g->core.cu[c];
    mrec_t *st = &cu->rec[r];
    uint64_t psz_mask = (UINT64_C(1) << g->page_shift) - 1;
    uint64_t seen[XL_MAX_LANES];
    unsigned nseen = 0;
    int store = st->store;
    uint32_t gs = grec(&g->core, c, r);
    if (g->host.touch)   /* a paging runtime's LRU and dirty bits (host.h) */
        g->host.touch(g->host.ctx, cu->asid, preq_vpn(&g->core, h) << g->page_shift, store, g->now);
    for (unsigned l = st->page_first[pidx]; l != 0xFF; l = st->lane_next[l]) {
        uint64_t line = (frame | (st->va[l] & psz_mask)) >> 6;
        unsigned k;
        for (k = 0; k < nseen && seen[k] != line; k++)
            ;
        if (k < nseen)
            continue;
        seen[nseen++] = line;
        g->core.lines++;
        st->pend_lines++;
        if (store) {
            /* write-through to the L2 (GPU L1 data caches do not keep stores) */
            xl_mem_req_t rq = {gs, line << 6, 1, XL_MEM_DATA, 0, cu->app, 0};
            xl_memsys_submit(g->mem, g->now, &rq);
            g->core.data_mem_reqs++;
            continue;
        }
        g->core.l1d_acc++;
        if (l1d_access(&cu->l1d, line)) {
            g->core.l1d_hit++;
            PUSH(&g->q, g->now + g->cfg.l1d.hit_latency, EV_LINE_DONE, gs, 0);
        } else {
            PUSH(&g->q, g->now + g->cfg.l1d.hit_latency, EV_L1D_MISS, gs, line << 6);
        }
    }
    st->pend_tr--;
    cu_check_mem_done(g, c, r);
}
/* ------------------------------------------------------------------ CU issue */

/* cu_issue's page table of one instruction: a power of two of at least twice the lane
 * count (so a probe sequence ends), with 0xFF as the empty mark of its 8-bit indices. */
#define PG_HASH_BITS 7u
#define PG_HASH (1u << PG_HASH_BITS)
_Static_assert(PG_HASH >= 2u * XL_MAX_LANES && XL_MAX_LANES < 0xFFu,
               "cu_issue's page hash is sized by XL_MAX_LANES");

/* Which READY wavefront issues (docs/isca18-micro18.md §1.5 step 1: one instruction per CU per cycle).
 * Eligible: every READY slot, except that a global load or store cannot issue while
 * the CU's memory pipe is busy (cu_t.mem_free_at, the L1 TLB taking the previous memory
 * instruction's pages); such a blocked slot does not hold up the CU, another eligible
 * slot issues instead. Among the eligible slots, gpu.wave_sched [OPEN: neither paper
 * states the wavefront scheduler] chooses:
 *   rr      round-robin from the slot after the last issue (cu_t.rr): the eligible slots
 *           in [rr, spc), then in [0, rr), lowest first; rr becomes the issuing slot + 1
 *           (0 after the last slot). The model's choice so far and the default.
 *   oldest  oldest-first: the eligible slot whose wave was dispatched earliest, i.e. the
 *           smallest dispatch number (slot_t.uid, one GPU-wide counter incremented for
 *           each wave placed, work-groups in dispatch order, a work-group's waves in slot
 *           order). This is gem5's GPU model default (ComputeUnit execPolicy
 *           "OLDEST-FIRST"; apu_se.py --CUExecPolicy): its OFSchedulingPolicy picks the
 *           ready wave of smallest wfDynId, which ComputeUnit::startWavefront takes from
 *           a counter shared by all CUs. Dispatch numbers are unique, so no two slots tie
 *           (the scan below would keep the lowest slot). gem5 chooses per execution
 *           resource (each SIMD's VALU, the memory pipes) and may issue several
 *           instructions per CU per cycle; this model issues one, so the rule is applied
 *           to the CU's one issue. cu_t.rr is neither read nor moved.
 * Returns the slot, or NONE when no READY slot is eligible. */
static inline uint32_t pick_rr(xl_sim_t *g, cu_t *cu)
{
    uint32_t pos = cu->rr, end = g->core.spc;
    int wrapped = 0;
    for (;;) {
        uint64_t v = pos < end ? cu->ready_mask[pos >> 6] & (~UINT64_C(0) << (pos & 63)) : 0;
        if (v)
            pos = (pos & ~63u) + xl_ctz64(v);
        if (!v && pos < end && (pos | 63) + 1 < end) {
            pos = (pos | 63) + 1;   /* nothing left in this word */
            continue;
        }
        if (!v || pos >= end) {     /* this pass is done */
            if (wrapped)
                return NONE;
            wrapped = 1;
            pos = 0;
            end = cu->rr;
            continue;
        }
        uint32_t s = pos++;
        if (is_mem_op(cu->slot[s].in.op) && cu->mem_free_at > g->now)
            continue;
        cu->rr = s + 1 == g->core.spc ? 0 : s + 1;
        return s;
    }
}

/* The oldest-first choice: of the READY slots (without, while the memory pipe is busy,
 * those whose instruction is a load or store: cu_t.ready_mem), the one of smallest age.
 * A cycle in which nothing can issue costs one mask word per 64 slots. */
static inline uint32_t pick_oldest(const xl_sim_t *g, const cu_t *cu)
{
    uint64_t busy = cu->mem_free_at > g->now ? ~UINT64_C(0) : 0, best_age = UINT64_MAX;
    uint32_t best = NONE;
    for (uint32_t w = 0; w * 64 < g->core.spc; w++)
        for (uint64_t v = cu->ready_mask[w] & ~(cu->ready_mem[w] & busy); v; v &= v - 1) {
            uint32_t s = w * 64 + xl_ctz64(v);
            if (cu->age[s] < best_age) {
                best_age = cu->age[s];
                best = s;
            }
        }
    return best;
}

int cu_issue(xl_sim_t *g, uint32_t c)
{
    cu_t *cu = &g->core.cu[c];
    if (!cu->nready)
        return 0;
    uint32_t s = g->cfg.gpu.wave_sched == XL_WAVE_SCHED_OLDEST ? pick_oldest(g, cu)
                                                                : pick_rr(g, cu);
    if (s == NONE)
        return 0;
    slot_t *st = &cu->slot[s];
    int mem = is_mem_op(st->in.op);
    cu_set_ready(g, cu, s, 0);
    g->core.instrs++;
    cu->instrs++;
    if (g->core.tok) {
        /* MASK §7.4: a warp's first issue of the epoch sets its bit and counts it */
        uint64_t bit = UINT64_C(1) << (s & 63);
        if (!(cu->act[s >> 6] & bit)) {
            cu->act[s >> 6] |= bit;
            cu->uniq += cu->uniq < 255u;
        }
    }
    if (!mem) {
        uint64_t at = g->now;
        if (g->vs.lds_on && (st->in.op == XL_OP_LDS || st->in.op == XL_OP_LDS_ST)) {
            /* lds.model: the access begins when the CU's LDS port is free (vstore.h) */
            wg_t *wg = &cu->wg[st->wg];
            at = vs_lds_native(&g->vs, c, &st->in, wg->lds_base, wg->lds_bytes, &wg->lds_all,
                               g->now);
        }
        st->state = W_BUSY;
        PUSH(&g->q, at + (st->in.cycles ? st->in.cycles : 1), EV_WAVE_READY,
             gslot(&g->core, c, s), 0);
        return 1;
    }
    /* steps 1-2: a memory instruction; the coalescer merges same-page lanes. It takes a
     * free record of the slot (under waitcnt wave_advance saw to one being free). */
    g->core.mem_instrs++;
    cu->mem_instrs++;
    uint32_t r = s * g->core.kmem;
    while (cu->rec[r].live)
        r++;
    mrec_t *rc = &cu->rec[r];
    rc->live = 1;
    rc->slot = s;
    rc->store = st->in.op == XL_OP_STORE;
    if (g->core.blocking) {
        rc->va = st->in.va;
        st->state = W_MEM;
    } else {
        rc->own = st->in;
        rc->va = rc->own.va;
        st->state = W_BUSY;   /* it issues on from the next cycle */
        st->nmem++;
        st->nload += !rc->store;
    }
    rc->instr_id = g->core.next_instr_id++ & XL_WS_INSTR_MASK;
    rc->n_walks = rc->walk_reads = 0;
    rc->t_first_done = UINT64_MAX;
    rc->t_last_done = 0;
    uint8_t last_of[XL_MAX_LANES];   /* last lane of each page so far */
    /* pages seen so far by vpn: open addressing over twice the lane count, so a
     * load whose 64 lanes touch 64 pages costs 64 probes, not 64 * 63 / 2 */
    uint8_t pg_of[PG_HASH];
    memset(pg_of, 0xFF, sizeof pg_of);
    /* the loop keeps what it reads in locals: its byte stores (lane lists) could alias
     * any field, so fields would be loaded again for every lane */
    const xl_va_t *va = rc->va;
    uint64_t mask = st->in.mask;
    unsigned shift = g->page_shift, np = 0;
    for (unsigned l = 0, k = 0; l < XL_MAX_LANES; l++) {
        if (!((mask >> l) & 1u))
            continue;
        uint64_t vpn = va[l] >> shift;
        if (k >= np || rc->vpn[k] != vpn) {   /* same page as the last lane? */
            uint32_t h = (uint32_t)((vpn * UINT64_C(0x9E3779B97F4A7C15)) >>
                                    (64u - PG_HASH_BITS));
            while (pg_of[h] != 0xFF && rc->vpn[pg_of[h]] != vpn)
                h = (h + 1) & (PG_HASH - 1u);
            if (pg_of[h] == 0xFF)
                pg_of[h] = (uint8_t)np;   /* a new page: it takes index np */
            k = pg_of[h];
        }
        if (k == np) {
            rc->vpn[np++] = vpn;
            rc->page_first[k] = (uint8_t)l;
        } else if ((va[l] ^ va[last_of[k]]) >> 6 == 0) {
            continue;   /* deliver would find its line issued already (the usual case) */
        } else {
            rc->lane_next[last_of[k]] = (uint8_t)l;
        }
        last_of[k] = (uint8_t)l;
        rc->lane_next[l] = 0xFF;
    }
    rc->npages = (uint8_t)np;
    g->core.requests += rc->npages;
    g->core.active_lanes += (uint64_t)__builtin_popcountll(mask);
    if (np) {
        g->core.pages_bucket[xl_fig3_bucket(np)]++;
        if (np > g->core.pages_max)
            g->core.pages_max = np;
    }
    rc->pend_tr = rc->npages;
    rc->pend_lines = 0;
    uint32_t ports = g->cfg.l1tlb.ports;
    cu->mem_free_at = g->now + (rc->npages + ports - 1) / ports;
    if (cu->mem_free_at > g->now)
        PUSH(&g->q, cu->mem_free_at, EV_CU_WAKE, c, 0);
    for (uint32_t p = 0; p < rc->npages; p++)
        tlbh_issue_page(g, preq_of(&g->core, c, r, p), g->now + p / ports, 0);
    if (!g->core.blocking)
        PUSH(&g->q, g->now + 1, EV_WAVE_READY, gslot(&g->core, c, s), 0);
    cu_check_mem_done(g, c, r);   /* an instruction with no active lane */
    return 1;
}


/* ------------------------------------------------------------------ creation */

int core_init(core_t *k, const xl_config_t *cfg, char *err, size_t errlen)
{
    k->ncu = cfg->gpu.cus;
    k->spc = cfg->gpu.simds_per_cu * cfg->gpu.waves_per_simd;
    k->blocking = cfg->gpu.loads == XL_LOADS_BLOCKING;
    k->tok = cfg->mask.tokens != 0;
    k->kmem = k->blocking ? 1u : cfg->gpu.wave_mem_max;
    k->rpc = k->spc * k->kmem;   /* <= 256 * 64 */
    if (k->spc > 256) {
        snprintf(err, errlen, "gpu.simds_per_cu x gpu.waves_per_simd = %u wavefront slots per CU; "
                 "the cycle-level model supports at most 256", k->spc);
        return XL_EINPUT;
    }
    k->cu = calloc(k->ncu, sizeof *k->cu);
    if (!k->cu)
        goto nomem;
    for (uint32_t c = 0; c < k->ncu; c++) {
        cu_t *cu = &k->cu[c];
        cu->slot = calloc(k->spc, sizeof *cu->slot);
        cu->wg = calloc(k->spc, sizeof *cu->wg);
        cu->age = calloc(k->spc, sizeof *cu->age);
        cu->rec = calloc(k->rpc, sizeof *cu->rec);
        if (!cu->slot || !cu->wg || !cu->age || !cu->rec || l1d_init(&cu->l1d, cfg))
            goto nomem;
        cu->free = k->spc;
    }
    size_t nslots = (size_t)k->ncu * k->spc, nrecs = (size_t)k->ncu * k->rpc;
    k->slot_cu = malloc(nslots * sizeof *k->slot_cu);
    k->slot_idx = malloc(nslots * sizeof *k->slot_idx);
    k->rec_cu = malloc(nrecs * sizeof *k->rec_cu);
    k->rec_idx = malloc(nrecs * sizeof *k->rec_idx);
    if (!k->slot_cu || !k->slot_idx || !k->rec_cu || !k->rec_idx)
        goto nomem;
    for (uint32_t c = 0; c < k->ncu; c++) {
        for (uint32_t sl = 0; sl < k->spc; sl++) {
            k->slot_cu[gslot(k, c, sl)] = c;
            k->slot_idx[gslot(k, c, sl)] = sl;
        }
        for (uint32_t r = 0; r < k->rpc; r++) {
            k->rec_cu[grec(k, c, r)] = c;
            k->rec_idx[grec(k, c, r)] = r;
        }
    }
    return XL_OK;
nomem:
    snprintf(err, errlen, "out of host memory");
    return XL_EINTERNAL;
}

void core_free(core_t *k)
{
    if (k->cu)
        for (uint32_t c = 0; c < k->ncu; c++) {
            cu_t *cu = &k->cu[c];
            free(cu->slot);
            free(cu->rec);
            free(cu->wg);
            free(cu->age);
            l1d_free(&cu->l1d);
        }
    free(k->cu);
    free(k->slot_cu);
    free(k->slot_idx);
    free(k->rec_cu);
    free(k->rec_idx);
}

/* A CU's stall cycles so far: those counted, plus, while it is resident, the all-stalled
 * cycles since it became so (core_t.all_stall). */
uint64_t cu_stall(const core_t *k, const cu_t *cu)
{
    return cu->stall + (cu->live ? k->all_stall - cu->stall_base : 0);
}

/* ------------------------------------------------------------------ the main loop's calls */

void core_cycle(xl_sim_t *g)
{
    /* docs/isca18-micro18.md §6 stall cycles: a CU with resident wavefronts of which none
     * can issue */
    if (!g->core.ready_total) {
        g->core.all_stall++;
        return;
    }
    for (uint32_t c = 0; c < g->core.ncu; c++) {
        cu_t *cu = &g->core.cu[c];
        if (cu->live && !(cu->nready && cu_issue(g, c)))
            cu->stall++;
    }
}

void cu_wave_ready(xl_sim_t *g, uint32_t gs)
{
    cu_wave_fetch(g, g->core.slot_cu[gs], g->core.slot_idx[gs]);
}

void cu_l1d_miss(xl_sim_t *g, uint32_t gr, xl_pa_t line_pa)
{
    xl_mem_req_t r = {gr, line_pa, 0, XL_MEM_DATA, 0,
                      g->core.cu[g->core.rec_cu[gr]].app, 0};
    xl_memsys_submit(g->mem, g->now, &r);
    g->core.data_mem_reqs++;
}

void cu_line_back(xl_sim_t *g, uint32_t gr)
{
    uint32_t c = g->core.rec_cu[gr], r = g->core.rec_idx[gr];
    g->core.cu[c].rec[r].pend_lines--;
    cu_check_mem_done(g, c, r);
}
