/*
 * iommu.c - the IOMMU (iommu.h; docs/isca18-micro18.md §1.5 steps 5-9): the requests
 * arriving over the link, its two TLB levels, and the walk path twin block (walk_path.h)
 * stepped once per cycle with its arrival, its page-table response and its memory port;
 * completions fill the IOMMU TLBs and go back over the link.
 */
#include <stdlib.h>
#include <string.h>

#include "sys/system.h"

/* Walk latency buckets, powers of two from 128 cycles: the ISCA'18 text puts a walk at
 * "hundreds of cycles" (§IV), the queueing in front of it adds thousands when the buffer
 * is full; lt128, lt256, ..., lt32k, ge32k. */
static unsigned iommu_lat_bucket(uint64_t lat)
{
    unsigned b = 0;
    for (uint64_t lim = 128; b < LAT_BUCKETS - 1 && lat >= lim; lim <<= 1)
        b++;
    return b;
}

/* A walk-path request finished (walked or completed by coalescing): fill the IOMMU TLBs
 * and send the translation back over the link (docs/isca18-micro18.md §1.5 step 9; coalesced completions
 * fill exactly like walked ones, docs/isca18-micro18.md §8 item 9). */
static void iommu_walk_done(xl_sim_t *g, treq_h k, xl_pa_t frame, unsigned shift, unsigned reads,
                      int coalesced, unsigned lane, uint32_t walker)
{
    treq_t *e = treq_at(g->req, k);
    xl_va_t va = e->vpn << g->page_shift;
    uint64_t lat = g->now - e->t_iommu;
    g->iommu.done_reqs++;
    g->iommu.walk_lat_sum += lat;
    g->iommu.lat_hist[iommu_lat_bucket(lat)]++;
    if (coalesced) {
        g->iommu.coalesced++;
    } else {
        g->iommu.walks++;
        g->iommu.walk_queue_sum += e->t_dispatch - e->t_iommu;
        g->iommu.walk_svc_sum += g->now - e->t_dispatch;
        g->iommu.svc_hist[iommu_lat_bucket(g->now - e->t_dispatch)]++;
    }
    /* A 64 KB page's leaf is a 4 KB entry with the contiguous bit (pagetable.h), and the
     * walk path (twin of rtl/xl_walk_path.sv, which carries no bit 52) reports the leaf
     * level's 4 KB. Every data page of a run is mapped at mem.page_kb, so the TLBs take
     * the mapping's size, as an IOMMU reading the bit would. */
    if (shift < g->page_shift)
        shift = g->page_shift;
    if (!g->iommu.no_tlb) {
        xl_tlb_fill(&g->iommu.io2, e->asid, va, frame, shift, NULL);
        xl_tlb_fill(&g->iommu.io1, e->asid, va, frame, shift, NULL);
    }
    e->pa = frame;
    nbhd_leave(&g->iommu.nbhd, e->nbhd);
    /* attribute the walk to the instruction that first missed on this page (docs/isca18-micro18.md §6) */
    cu_walk_done(&g->core, e->owner, e->instr_id, reads, g->now, lat);
    if (g->ev) {
        if (coalesced)
            sys_evlog(g, "COAL_LEAF lane=%u instr=%u va=0x%llx pa=0x%llx latency=%llu", lane,
                  e->instr_id, (unsigned long long)va, (unsigned long long)frame,
                  (unsigned long long)lat);
        else
            sys_evlog(g, "COMPLETE walker=%u instr=%u va=0x%llx pa=0x%llx reads=%u latency=%llu",
                  walker, e->instr_id, (unsigned long long)va, (unsigned long long)frame, reads,
                  (unsigned long long)lat);
    }
    PUSH(&g->q, g->now + g->cfg.iommu.link_latency, EV_GPU_RESP, k.id, 0);
}

/* HPCA'16 §3 (paging.mode): request k's walk found its page not present. The walk ends
 * (the walk path's walker is idle after this edge, as after a leaf); the request goes
 * back to the GPU as a fault, where the far-fault unit Nacks its L1 MSHRs
 * (gpu/farfault.h). Nothing is filled; coalesced neighbours are not completed by a fault
 * (coalesce.c), so each faulting page is reported by its own walk. */
static void iommu_walk_fault(xl_sim_t *g, treq_h k, uint32_t walker)
{
    treq_t *e = treq_at(g->req, k);
    g->iommu.walk_faults++;
    e->fault = 1;
    e->pa = 0;
    nbhd_leave(&g->iommu.nbhd, e->nbhd);
    if (g->ev)
        sys_evlog(g, "FAULT walker=%u instr=%u va=0x%llx", walker, e->instr_id,
                  (unsigned long long)(e->vpn << g->page_shift));
    PUSH(&g->q, g->now + g->cfg.iommu.link_latency, EV_GPU_RESP, k.id, 0);
}

/* Event log of coalescing state that is not a port: CL transitions per slot. */
static void iommu_log_cl(xl_sim_t *g)
{
    for (uint32_t w = 0; w < xl_walk_path_cl_words(&g->iommu.wp); w++) {
        uint64_t now_cl = xl_walk_path_cl_word(&g->iommu.wp, w);
        uint64_t ch = now_cl ^ g->iommu.cl_prev[w];
        while (ch) {
            uint32_t s = 64 * w + xl_ctz64(ch);
            ch &= ch - 1;
            sys_evlog(g, "%s slot=%u", (now_cl >> (s & 63)) & 1 ? "CL_SET" : "CL_CLR", s);
        }
        g->iommu.cl_prev[w] = now_cl;
    }
}

/* ------------------------------------------------------------------ the link and memory */

void iommu_arrive(xl_sim_t *g, treq_h k)
{
    g->iommu.iommu_requests++;
    treq_at(g->req, k)->t_iommu = g->now;
    FPUSH(&g->iommu.in_fifo, k.id);
}

void iommu_tlb_hit(xl_sim_t *g, treq_h k, xl_pa_t frame)
{
    treq_at(g->req, k)->pa = frame;
    PUSH(&g->q, g->now + g->cfg.iommu.link_latency, EV_GPU_RESP, k.id, 0);
}

void iommu_tlb_miss(xl_sim_t *g, treq_h k)
{
    FPUSH(&g->iommu.sched_fifo, k.id);
}

void iommu_line_back(xl_sim_t *g, uint32_t walker, xl_pa_t line)
{
    if (g->ev)
        sys_evlog(g, "MEM_RSP walker=%u line=0x%llx", walker, (unsigned long long)line);
    if (g->iommu.ptc.sets)
        ptc_fill(&g->iommu.ptc, line);
    FPUSH(&g->iommu.rsp_fifo, walker);
}

void iommu_ptc_back(xl_sim_t *g, uint32_t walker)
{
    if (g->ev)
        sys_evlog(g, "MEM_RSP walker=%u line=0x%llx cache=1", walker,
                  (unsigned long long)xl_walk_path_walker_line(&g->iommu.wp, walker));
    FPUSH(&g->iommu.rsp_fifo, walker);
}

/* ------------------------------------------------------------------ a cycle */

/* One IOMMU cycle: TLB intake, then the walk path twin block (xl_walk_path) with this
 * cycle's arrival and page-table response. */
int iommu_cycle(xl_sim_t *g, char *err, size_t errlen)
{
    /* step 5: one request per cycle into the IOMMU TLBs */
    if (g->iommu.in_fifo.n) {
        treq_h k = {(uint32_t)fifo_front(&g->iommu.in_fifo)};
        const treq_t *e = treq_at(g->req, k);
        fifo_pop(&g->iommu.in_fifo);
        xl_va_t va = e->vpn << g->page_shift;
        uint16_t asid = e->asid;
        xl_pa_t pa;
        uint64_t t = g->now + g->cfg.iommu.tlb_latency, frame_mask = ~((UINT64_C(1) << g->page_shift) - 1);
        if (g->iommu.no_tlb) {
            PUSH(&g->q, t, EV_IOMMU_MISS, k.id, 0);   /* no IOMMU TLBs: straight to the walk path */
        } else if (xl_tlb_lookup(&g->iommu.io1, asid, va, &pa)) {
            PUSH(&g->q, t, EV_IOMMU_HIT, k.id, pa & frame_mask);
        } else if (xl_tlb_lookup(&g->iommu.io2, asid, va, &pa)) {
            xl_tlb_fill(&g->iommu.io1, asid, va, pa & frame_mask, g->page_shift, NULL);
            PUSH(&g->q, t, EV_IOMMU_HIT, k.id, pa & frame_mask);
        } else {
            PUSH(&g->q, t, EV_IOMMU_MISS, k.id, 0);
        }
    }

    /* steps 6-8: the walk path */
    xl_walk_path_t *io = &g->iommu.wp;
    xl_walk_path_out_t *o = &g->iommu.wp_out;
    /* every field is written below, idle ports as zeros (a memset of the whole struct
     * was a measurable share of the run) */
    xl_walk_path_in_t in;
    in.root = g->roots;
    in.mem_req_ready = 1;
    in.arr_valid = 0;
    in.arr_va = 0;
    in.arr_instr_id = 0;
    in.arr_tag = 0;
    in.arr_asid = 0;
    if (g->iommu.sched_fifo.n) {
        treq_h k = {(uint32_t)fifo_front(&g->iommu.sched_fifo)};
        const treq_t *e = treq_at(g->req, k);
        in.arr_valid = 1;
        in.arr_va = e->vpn << g->page_shift;
        in.arr_instr_id = e->instr_id;
        in.arr_tag = k.id;   /* the walk path's tag: the request's handle */
        in.arr_asid = e->asid;
    }
    uint32_t rw = NONE;
    in.rsp_valid = 0;
    in.rsp_walker = 0;
    if (g->iommu.rsp_fifo.n) {
        rw = fifo_front(&g->iommu.rsp_fifo);
        fifo_pop(&g->iommu.rsp_fifo);
        xl_pa_t line = xl_walk_path_walker_line(io, rw);
        in.rsp_valid = 1;
        in.rsp_walker = rw;
        xl_physmem_read_line(g->pm, line, in.rsp_line);   /* one frame lookup, not eight */
    } else {
        for (unsigned i = 0; i < XL_CO_LANES; i++)
            in.rsp_line[i] = 0;
    }
    xl_walk_path_comb(io, &in, o);
    if (g->trace) {
        /* C cycle | arrival | response | digest of the outputs (dispatch, memory
         * request, completion lanes) so a replay can prove it reproduces this run */
        unsigned lanes = 0;
        for (unsigned i = 0; i < XL_CO_LANES; i++)
            lanes |= (unsigned)o->cpl_valid[i] << i;
        fprintf(g->trace, "C %llu %u %llx %x %x %u %u", (unsigned long long)g->now,
                in.arr_valid, (unsigned long long)in.arr_va, in.arr_instr_id, in.arr_tag,
                in.rsp_valid, in.rsp_walker);
        for (unsigned i = 0; i < XL_CO_LANES; i++)
            fprintf(g->trace, " %llx", (unsigned long long)in.rsp_line[i]);
        fprintf(g->trace, " | %u %u %u %u %u %llx %x\n", o->arr_ready, o->disp_valid,
                o->disp_walker, o->ws.disp_slot, o->mem_req_valid,
                (unsigned long long)o->mem_req_addr, lanes);
    }

    if (in.arr_valid && o->arr_ready) {
        treq_t *e = treq_at(g->req, (treq_h){in.arr_tag});
        fifo_pop(&g->iommu.sched_fifo);
        e->arr_idx = g->iommu.sched_arrivals++;
        cu_walk_arrived(&g->core, e->owner, e->instr_id, e->arr_idx);
        e->nbhd = nbhd_enter(&g->iommu.nbhd, in.arr_va | (uint64_t)in.arr_asid << 48);
        if (g->ev && o->ws.arr_buffered)
            sys_evlog(g, "ARRIVE slot=%u instr=%u va=0x%llx est=%u score=%u", o->ws.arr_slot,
                  in.arr_instr_id, (unsigned long long)in.arr_va, o->arr_est, o->ws.arr_score);
    } else if (in.arr_valid) {
        g->iommu.buf_full_cycles++;
        if (g->ev)
            sys_evlog(g, "BUF_FULL");
    }
    if (rw != NONE) {
        const xl_walker_t *wk = xl_walk_path_walker(io, rw);
        unsigned lv = wk->level;
        if (o->rsp_fault) {
            if (g->host.fault)
                g->host.fault(g->host.ctx, wk->asid, wk->va, lv);
            if (g->cfg.paging.mode == XL_PAGING_OFF) {
                snprintf(err, errlen, "walk of va 0x%llx (ASID %u) found no mapping at %s",
                         (unsigned long long)wk->va, wk->asid, lvl_name[lv]);
                return XL_EINTERNAL;
            }
            iommu_walk_fault(g, (treq_h){wk->tag}, rw);   /* HPCA'16: a far-fault */
        }
        g->iommu.walk_reads++;
        g->iommu.walk_reads_level[lv]++;
        if (!o->fill_valid) {   /* the leaf line (or a fault): the walker is idle after this edge */
            g->iommu.walk_reads_leaf += !o->rsp_fault;
            g->iommu.wk_busy[rw] += g->now - treq_at(g->req, (treq_h){wk->tag})->t_dispatch;
        }
        /* MICRO'18 Fig 5/6: another request of this read's neighbourhood in the IOMMU? */
        g->iommu.nbhd_reads[lv]++;
        if (nbhd_count(&g->iommu.nbhd, treq_at(g->req, (treq_h){wk->tag})->nbhd, lv) >= 2)
            g->iommu.nbhd_conc[lv]++;
        if (g->ev && o->fill_valid)
            sys_evlog(g, "PWC_FILL level=%s va=0x%llx next=0x%llx", lvl_name[lv],
                  (unsigned long long)wk->va, (unsigned long long)o->pwc_in.fill_next);
    }
    if (o->disp_valid) {
        treq_at(g->req, (treq_h){o->ws.disp_tag})->t_dispatch = g->now;
        if (g->ev)
            sys_evlog(g, "DISPATCH walker=%u slot=%u instr=%u va=0x%llx rule=%s score=%u "
                  "start=%s node=0x%llx resumed=%u", o->disp_walker,
                  o->ws.disp_rule == XL_RULE_IMMEDIATE ? 0 : o->ws.disp_slot,
                  o->ws.disp_instr_id, (unsigned long long)o->ws.disp_va,
                  xl_ws_rule_name[o->ws.disp_rule], o->ws.disp_score,
                  lvl_name[o->disp_level], (unsigned long long)o->disp_node, o->disp_resumed);
    }
    if (o->mem_req_valid) {
        uint32_t w = o->mem_req_walker;
        if (g->ev)
            sys_evlog(g, "MEM_REQ walker=%u level=%s line=0x%llx", w, lvl_name[o->mem_req_level],
                  (unsigned long long)o->mem_req_addr);
        if (g->iommu.ptc.sets && ptc_lookup(&g->iommu.ptc, o->mem_req_addr)) {
            PUSH(&g->q, g->now + g->cfg.iommu.ptcache_latency, EV_PT_HIT, w, 0);
        } else {
            /* ASID a + 1 is application a (sim.c); level L4 (root) .. L1 is depth 1 .. 4 */
            xl_mem_req_t r = {w, o->mem_req_addr, 0, XL_MEM_PT,
                              (uint8_t)(g->cfg.iommu.walk_path == XL_WALK_SRC_DRAM),
                              (uint8_t)(xl_walk_path_walker_asid(&g->iommu.wp, w) - 1u),
                              (uint8_t)(5u - o->mem_req_level)};
            xl_memsys_submit(g->mem, g->now, &r);
        }
    }
    /* the completion lanes: most cycles complete nothing and the others mostly one lane,
     * so read the eight valid bytes (0 or 1) as one word, whose bytes sum to the number of
     * lanes to visit */
    uint64_t cpl_any;
    _Static_assert(sizeof o->cpl_valid == sizeof cpl_any, "eight completion lanes");
    memcpy(&cpl_any, o->cpl_valid, sizeof cpl_any);
    for (unsigned i = 0, left = (unsigned)((cpl_any * UINT64_C(0x0101010101010101)) >> 56);
         left; i++)
        if (o->cpl_valid[i]) {
            iommu_walk_done(g, (treq_h){o->cpl_tag[i]}, o->cpl_frame[i], o->cpl_shift[i], o->cpl_reads[i],
                      o->cpl_coalesced[i], i, rw);
            left--;
        }
    xl_walk_path_commit(io, &in, o);
    uint32_t occ = xl_walk_path_count(io);
    if (occ != g->iommu.occ_last)
        iommu_occ_change(&g->iommu, g->now + 1, occ);   /* the edge ends this cycle */
    /* "stuck" (an idle walker, every buffered request with CL) lets the model skip cycles
     * until something changes; an arrival buffered or a response taken in this very cycle
     * is such a change, so then the next cycle must run */
    g->iommu.io_stuck = o->stuck && !o->ws.arr_buffered && !in.rsp_valid;
    g->iommu.io_busy = xl_walk_path_busy(io, g->iommu.io_stuck);
    if (g->ev)
        for (uint32_t i = 0; i < xl_walk_path_nmoved(io); i++) {
            unsigned lv;
            xl_pa_t node;
            uint32_t sl = xl_walk_path_moved(io, i, &lv, &node);
            sys_evlog(g, "COAL_UPPER slot=%u level=%s node=0x%llx", sl, lvl_name[lv],
                      (unsigned long long)node);
        }
    if (g->ev && g->cfg.iommu.coalesce != XL_CO_OFF)
        iommu_log_cl(g);
    return XL_OK;
}


/* ------------------------------------------------------------------ creation */

uint64_t iommu_shootdown(xl_sim_t *g, uint16_t asid, xl_va_t va)
{
    if (g->iommu.no_tlb)
        return 0;
    return (uint64_t)xl_tlb_inv(&g->iommu.io1, asid, va) +
           (uint64_t)xl_tlb_inv(&g->iommu.io2, asid, va);
}

int iommu_init(iommu_t *io, const xl_config_t *cfg, char *err, size_t errlen)
{
    int rc;
    xl_tlb_params_t pi1 = {cfg->iommu.tlb1_entries, cfg->iommu.tlb1_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    xl_tlb_params_t pi2 = {cfg->iommu.tlb2_entries, cfg->iommu.tlb2_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    /* no IOMMU TLBs (both sizes 0, checked by the config): MASK's walker sits beside the
     * GPU's shared L2 TLB (ASPLOS'18 §3), so an L2 TLB miss goes straight to a walk */
    io->no_tlb = cfg->iommu.tlb1_entries == 0u;
    if (!io->no_tlb &&
        ((rc = xl_tlb_init(&io->io1, &pi1, "iommu.tlb1", err, errlen)) != XL_OK ||
         (rc = xl_tlb_init(&io->io2, &pi2, "iommu.tlb2", err, errlen)) != XL_OK))
        return rc;
    xl_rng_t r;
    xl_rng_derive(&r, cfg->sim.seed, UINT64_C(0x5C4ED));
    xl_walk_path_params_t ip = {
        cfg->iommu.buffer_entries, cfg->iommu.walkers, cfg->iommu.sched,
        cfg->iommu.aging_threshold, (uint32_t)xl_rng_next(&r), cfg->iommu.coalesce,
        {{cfg->pwc.l4_entries, cfg->pwc.l3_entries, cfg->pwc.l2_entries},
         {cfg->pwc.l4_ways, cfg->pwc.l3_ways, cfg->pwc.l2_ways}},
        cfg->iommu.pwc_latency, cfg->iommu.pick_pipe, cfg->iommu.scan_pipe, !cfg->pwc.fill};
    if ((rc = xl_walk_path_init(&io->wp, &ip, err, errlen)) != XL_OK)
        return rc;
    if (xl_walk_path_out_init(&io->wp_out, &io->wp) != XL_OK)
        goto nomem;
    io->occ_cycles = calloc((size_t)cfg->iommu.buffer_entries + 1, sizeof *io->occ_cycles);
    io->wk_busy = calloc(cfg->iommu.walkers, sizeof *io->wk_busy);
    if (!io->occ_cycles || !io->wk_busy)
        goto nomem;
    io->io_busy = xl_walk_path_busy(&io->wp, io->io_stuck);
    if (nbhd_init(&io->nbhd, cfg->iommu.buffer_entries + cfg->iommu.walkers))
        goto nomem;
    io->cl_prev = calloc((cfg->iommu.buffer_entries + 63) / 64, sizeof *io->cl_prev);
    if (!io->cl_prev)
        goto nomem;
    if (cfg->iommu.ptcache_kb &&
        ptc_init(&io->ptc, cfg->iommu.ptcache_kb, cfg->iommu.ptcache_ways))
        goto nomem;
    return XL_OK;
nomem:
    snprintf(err, errlen, "out of host memory");
    return XL_EINTERNAL;
}

void iommu_free(iommu_t *io)
{
    xl_tlb_free(&io->io1);
    xl_tlb_free(&io->io2);
    xl_walk_path_free(&io->wp);
    xl_walk_path_out_free(&io->wp_out);
    nbhd_free(&io->nbhd);
    ptc_free(&io->ptc);
    free(io->cl_prev);
    free(io->occ_cycles);
    free(io->wk_busy);
    fifo_free(&io->in_fifo);
    fifo_free(&io->sched_fifo);
    fifo_free(&io->rsp_fifo);
}
