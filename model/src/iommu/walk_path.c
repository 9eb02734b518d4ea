/*
 * walk_path.c - twin block "xl_walk_path" of walk_path.h: walkers, one memory read port, and the
 * three sub-blocks (xl_walk_sched, xl_pwc, xl_coalesce) wired as docs/isca18-micro18.md
 * §1.5 (steps 6-9), §2.3-§2.6 and §3.3 describe. Every ordering rule is in walk_path.h.
 */
#include "xlat/walk_path.h"
#include "xlat/pagetable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL UINT32_MAX

int xl_walk_path_init(xl_walk_path_t *m, const xl_walk_path_params_t *p, char *err, size_t errlen)
{
    int rc;
    memset(m, 0, sizeof *m);
    if (p->walkers == 0u) {
        snprintf(err, errlen, "iommu: walkers must be at least 1 (got 0)");
        return XL_EINPUT;
    }
    if (p->pwc_latency == 0u) {
        snprintf(err, errlen, "iommu: pwc_latency must be at least 1 cycle (got 0)");
        return XL_EINPUT;
    }
    m->p = *p;
    xl_ws_params_t wp = {p->slots, p->policy, p->aging_threshold, p->lfsr_seed, p->pick_pipe};
    xl_co_params_t cp = {p->slots, p->walkers, p->coalesce, p->scan_pipe};
    if ((rc = xl_walk_sched_init(&m->ws, &wp, err, errlen)) != XL_OK ||
        (rc = xl_pwc_init(&m->pwc, &p->pwc, err, errlen)) != XL_OK ||
        (rc = xl_coalesce_init(&m->co, &cp, err, errlen)) != XL_OK) {
        xl_walk_path_free(m);
        return rc;
    }
    m->wk = calloc(p->walkers, sizeof *m->wk);
    m->pwst = calloc(p->walkers, sizeof *m->pwst);
    m->slot_asid = calloc(p->slots, sizeof *m->slot_asid);
    if (!m->wk || !m->pwst || !m->slot_asid) {
        xl_walk_path_free(m);
        snprintf(err, errlen, "iommu: out of memory");
        return XL_EINTERNAL;
    }
    xl_walk_path_reset(m);
    return XL_OK;
}

void xl_walk_path_free(xl_walk_path_t *m)
{
    if (m == NULL)
        return;
    xl_walk_sched_free(&m->ws);
    xl_pwc_free(&m->pwc);
    xl_coalesce_free(&m->co);
    free(m->wk);
    free(m->pwst);
    free(m->slot_asid);
    m->wk = NULL;
    m->pwst = NULL;
    m->slot_asid = NULL;
}

void xl_walk_path_reset(xl_walk_path_t *m)
{
    xl_walk_sched_reset(&m->ws);
    xl_pwc_reset(&m->pwc);
    xl_coalesce_reset(&m->co);
    memset(m->wk, 0, m->p.walkers * sizeof *m->wk);
    memset(m->pwst, 0, m->p.walkers * sizeof *m->pwst);
    memset(m->slot_asid, 0, m->p.slots * sizeof *m->slot_asid);
    m->idle = m->p.walkers;
    m->active = 0u;
    m->walks = m->coalesced = m->resumed = m->cl_stalls = m->faults = 0u;
    memset(m->reads, 0, sizeof m->reads);
}

int xl_walk_path_out_init(xl_walk_path_out_t *o, const xl_walk_path_t *m)
{
    memset(o, 0, sizeof *o);
    o->blocked = calloc(m->co.words, sizeof *o->blocked);
    o->kill = calloc(m->co.words, sizeof *o->kill);
    return o->blocked && o->kill ? XL_OK : XL_EINTERNAL;
}

void xl_walk_path_out_free(xl_walk_path_out_t *o)
{
    free(o->blocked);
    free(o->kill);
    o->blocked = o->kill = NULL;
}

uint16_t xl_walk_path_walker_asid(const xl_walk_path_t *m, uint32_t w)
{
    return m->wk[w].asid;
}

xl_pa_t xl_walk_path_walker_line(const xl_walk_path_t *m, uint32_t w)
{
    const xl_walker_t *k = &m->wk[w];
    return xl_pt_line_addr(k->node, k->va, k->level);
}

int xl_walk_path_busy(const xl_walk_path_t *m, int last_stuck)
{
    /* with the registered pick a stuck cycle can still have registered a pick at its
     * edge (the buffer's first entries, or CL lifted for the next pick): that pick is
     * dispatched in the next cycle, which must run; with the pick from registers
     * (pick_pipe 2) a stuck cycle whose edge changed the registered CL or the pick is
     * not yet a fixed point either (moved); with the drained scan (scan_pipe 1) a cycle
     * with a pending slot acts, and the one after the last such cycle sees the CL the
     * pending set no longer adds (drained) */
    return m->active > 0u || xl_coalesce_draining(&m->co) || m->co.drained ||
           (m->idle > 0u && m->ws.count > 0u &&
            (!last_stuck || m->ws.pick_valid || m->ws.moved));
}

void xl_walk_path_idle(xl_walk_path_t *m, uint64_t n, int stuck)
{
    if (stuck)
        m->cl_stalls += n;
}

/* A tripwire for the field-by-field clearing at the top of xl_walk_path_comb: a field added to
 * xl_walk_path_out_t (or a port struct it embeds) changes this size, and must be cleared there
 * unless a sub-block comb or the code below writes it every cycle (a field written only
 * with its port's valid may be cleared only when that valid was high). (LP64 size.) */
_Static_assert(sizeof(xl_walk_path_out_t) == 680u || UINTPTR_MAX != UINT64_MAX,
               "xl_walk_path_out_t changed: clear the new field in xl_walk_path_comb, then update 680");

void xl_walk_path_comb(const xl_walk_path_t *m, const xl_walk_path_in_t *in, xl_walk_path_out_t *out)
{
    uint64_t *blocked = out->blocked, *kill = out->kill;
    uint32_t w, i;
    int coal = m->p.coalesce != XL_CO_OFF;

    uint64_t lanes, co_lanes;
    int had_line;

    /* Every field of out is written every cycle, an idle port as zeros (docs/design.md: the
     * outputs are fully defined). Not one memset of the whole struct: most of it is the
     * sub-blocks' ports, which their own comb writes in full (ws, pwc, co), or fields
     * written unconditionally below; only the rest is cleared here. A port's other fields
     * are written only together with its valid (below, and in xl_coalesce_comb), and out
     * is written by comb alone (xl_walk_path_out_init starts it at zero), so when out's own
     * valid of a port is low they still hold the zeros of the last comb: they are
     * cleared only when it is high. Most cycles have no dispatch, no memory request and
     * no completion. */
    _Static_assert(sizeof out->cpl_valid == sizeof lanes, "eight completion lanes");
    memcpy(&lanes, out->cpl_valid, sizeof lanes);   /* any lane valid in the last comb */
    /* the last comb took a response (it copied the line): a fault, a fill or a leaf,
     * which completes on its own lane */
    had_line = out->rsp_fault || out->fill_valid || lanes != 0u;
    if (out->disp_valid) {
        out->disp_valid = 0u;
        out->disp_walker = 0u;
        out->disp_level = 0u;
        out->disp_node = 0u;
        out->disp_resumed = 0u;
        out->disp_asid = 0u;
    }
    if (out->mem_req_valid) {
        out->mem_req_valid = 0u;
        out->mem_req_walker = 0u;
        out->mem_req_level = 0u;
        out->mem_req_addr = 0u;
    }
    out->rsp_fault = 0u;
    out->fill_valid = 0u;
    if (lanes != 0u) {
        memset(out->cpl_valid, 0, sizeof out->cpl_valid);
        memset(out->cpl_tag, 0, sizeof out->cpl_tag);
        memset(out->cpl_frame, 0, sizeof out->cpl_frame);
        memset(out->cpl_shift, 0, sizeof out->cpl_shift);
        memset(out->cpl_coalesced, 0, sizeof out->cpl_coalesced);
        memset(out->cpl_reads, 0, sizeof out->cpl_reads);
    }
    out->ws_in.arr_blocked = 0u;
    out->ws_in.blocked = NULL;
    out->ws_in.kill = NULL;
    /* pwc_in: the probe port is written in step 3 every cycle, probe_inc in step 4 */
    if (out->pwc_in.lookup_valid) {
        out->pwc_in.lookup_valid = 0u;
        out->pwc_in.lookup_asid = 0u;
        out->pwc_in.lookup_va = 0u;
    }
    if (out->pwc_in.fill_valid || m->p.pwc_off) {
        out->pwc_in.fill_valid = 0u;
        out->pwc_in.fill_level = 0u;
        out->pwc_in.fill_asid = 0u;
        out->pwc_in.fill_va = 0u;
        out->pwc_in.fill_next = 0u;
    }
    out->co_in.line_valid = 0u;
    out->co_in.line_level = 0u;
    out->co_in.line_va = 0u;
    out->co_in.lane_busy = 0u;
    _Static_assert(sizeof out->co.cpl_valid == sizeof co_lanes, "eight completion lanes");
    memcpy(&co_lanes, out->co.cpl_valid, sizeof co_lanes);
    if (!coal && (co_lanes != 0u || out->co.blocked || out->co.kill || out->co.arr_blocked)) {
        /* coalesce_comb writes it otherwise (and only it sets a lane) */
        out->co.blocked = NULL;
        out->co.kill = NULL;
        out->co.arr_blocked = 0u;
        memset(out->co.cpl_valid, 0, sizeof out->co.cpl_valid);
        memset(out->co.cpl_slot, 0, sizeof out->co.cpl_slot);
        memset(out->co.cpl_frame, 0, sizeof out->co.cpl_frame);
        memset(out->co.cpl_shift, 0, sizeof out->co.cpl_shift);
    }
    out->blocked = blocked;
    out->kill = kill;

    /* 1. the response: the walker's own entry ends the walk or fills the PWC */
    if (in->rsp_valid) {
        const xl_walker_t *k = &m->wk[in->rsp_walker];
        unsigned idx = xl_pt_index(k->va, k->level) & 7u;
        uint64_t e = in->rsp_line[idx];
        if (!(e & XL_PTE_P)) {
            out->rsp_fault = 1u;
        } else if (k->level == 1u || (k->level == 2u && (e & XL_PTE_PS))) {
            out->cpl_valid[idx] = 1u;
            out->cpl_tag[idx] = k->tag;
            out->cpl_shift[idx] = k->level == 1u ? XL_PAGE_SHIFT_4K : XL_PAGE_SHIFT_2M;
            out->cpl_frame[idx] = k->level == 1u ? xl_pte_frame(e)
                                                 : xl_pte_frame(e) & ~(XL_PAGE_2M - 1u);
            out->cpl_reads[idx] = k->reads;
            out->co_in.lane_busy = (uint8_t)(1u << idx);   /* a drained scan's wait */
        } else {
            out->fill_valid = 1u;
            /* pwc_off: the PWCs are never filled, so every walk reads all 4 levels; the
             * fill's fields still carry the walker's next node (the edge reads it) */
            out->pwc_in.fill_valid = (uint8_t)!m->p.pwc_off;
            out->pwc_in.fill_level = k->level;
            out->pwc_in.fill_asid = k->asid;
            out->pwc_in.fill_va = k->va;
            out->pwc_in.fill_next = xl_pte_frame(e);
        }
        out->co_in.line_valid = !out->rsp_fault;
        out->co_in.line_level = k->level;
        out->co_in.line_va = k->va;
        memcpy(out->co_in.line, in->rsp_line, sizeof out->co_in.line);
    } else if (had_line) {   /* otherwise it holds the zeros of the last comb */
        memset(out->co_in.line, 0, sizeof out->co_in.line);
    }

    /* 2. coalescing: CL per slot and of the arrival, leaf neighbours of the line (§3.3) */
    out->co_in.pwst = m->pwst;
    out->co_in.arr_va = in->arr_va;
    if (coal) {
        xl_co_out_t *co = &out->co;
        /* CL matters only to a pick: with the one-cycle pick that is a cycle with an
         * idle walker; the registered pick (pick_pipe) picks every cycle */
        co->blocked = ((m->idle > 0u || m->p.pick_pipe) && m->ws.count > 0u) ? blocked : NULL;
        co->kill = kill;
        xl_coalesce_comb(&m->co, &out->co_in, co);
        for (i = 0; i < XL_CO_LANES; i++)
            if (co->cpl_valid[i]) {
                out->cpl_valid[i] = 1u;
                out->cpl_tag[i] = m->ws.e[co->cpl_slot[i]].tag;
                out->cpl_frame[i] = co->cpl_frame[i];
                out->cpl_shift[i] = co->cpl_shift[i];
                out->cpl_coalesced[i] = 1u;
            }
        out->ws_in.blocked = co->blocked;
        out->ws_in.kill = out->co_in.line_valid || xl_coalesce_draining(&m->co) ? kill : NULL;
        out->ws_in.arr_blocked = in->arr_valid ? co->arr_blocked : 0u;
    }

    /* 3. the PWC probe of the arrival: its estimate (§2.3 1-a) */
    if (in->arr_valid) {
        out->pwc_in.probe_valid = 1u;
        out->pwc_in.probe_asid = in->arr_asid;
        out->pwc_in.probe_va = in->arr_va;
    } else {
        out->pwc_in.probe_valid = 0u;
        out->pwc_in.probe_asid = 0u;
        out->pwc_in.probe_va = 0u;
    }
    xl_pwc_comb(&m->pwc, &out->pwc_in, &out->pwc);
    out->arr_est = (uint8_t)(in->arr_valid ? out->pwc.probe.reads : 4u);

    /* 4. the scheduler */
    out->ws_in.arr_valid = in->arr_valid;
    out->ws_in.arr_va = in->arr_va;
    out->ws_in.arr_instr_id = in->arr_instr_id;
    out->ws_in.arr_est = out->arr_est;
    out->ws_in.arr_tag = in->arr_tag;
    out->ws_in.disp_ready = m->idle > 0u;
    xl_walk_sched_comb(&m->ws, &out->ws_in, &out->ws);
    out->arr_ready = out->ws.arr_ready;
    out->pwc_in.probe_inc = out->ws.arr_buffered;   /* §2.6: only buffered requests */
    out->stuck = m->idle > 0u && m->ws.count > 0u && !out->ws.disp_valid;

    /* 5. dispatch: the walk-time PWC lookup, then where the walk starts */
    if (out->ws.disp_valid) {
        unsigned pl = 0, h;
        xl_pa_t pa = 0;
        for (w = 0; m->wk[w].state != XL_WK_IDLE; w++)
            ;
        out->disp_valid = 1u;
        out->disp_walker = w;
        out->disp_asid = out->ws.disp_rule == XL_RULE_IMMEDIATE ? in->arr_asid
                                                                : m->slot_asid[out->ws.disp_slot];
        out->pwc_in.lookup_valid = 1u;
        out->pwc_in.lookup_asid = out->disp_asid;
        out->pwc_in.lookup_va = out->ws.disp_va;
        xl_pwc_comb_lookup(&m->pwc, &out->pwc_in, &out->pwc);   /* the probe is done */
        h = out->pwc.lookup.hit_level;
        if (coal && out->ws.disp_rule != XL_RULE_IMMEDIATE)
            xl_coalesce_resume(&m->co, out->ws.disp_slot, &pl, &pa);
        if (pl != 0u && !(h != 0u && h < pl)) {
            out->disp_level = (uint8_t)(pl - 1u);
            out->disp_node = pa;
            out->disp_resumed = 1u;
        } else if (h != 0u) {
            out->disp_level = (uint8_t)(h - 1u);
            out->disp_node = out->pwc.lookup.next;
        } else {
            out->disp_level = 4u;
            out->disp_node = in->root[out->disp_asid];
        }
    }

    /* 6. the memory port: the lowest-numbered walker with a read to issue */
    if (m->active > 0u)
        for (w = 0; w < m->p.walkers; w++)
            if (m->wk[w].state == XL_WK_REQ) {
                out->mem_req_valid = 1u;
                out->mem_req_walker = w;
                out->mem_req_level = m->wk[w].level;
                out->mem_req_addr = xl_walk_path_walker_line(m, w);
                break;
            }

    /* the coalescing block's view of the edge */
    out->co_in.arr_valid = out->ws.arr_buffered;
    out->co_in.arr_slot = out->ws.arr_slot;
    out->co_in.disp_valid = out->ws.disp_valid && out->ws.disp_rule != XL_RULE_IMMEDIATE;
    out->co_in.disp_slot = out->ws.disp_slot;
}

static void set_pwst(xl_walk_path_t *m, uint32_t w)
{
    const xl_walker_t *k = &m->wk[w];
    m->pwst[w].valid = k->state != XL_WK_IDLE;
    m->pwst[w].level = k->level;
    m->pwst[w].va = k->va;
}

void xl_walk_path_commit(xl_walk_path_t *m, const xl_walk_path_in_t *in, const xl_walk_path_out_t *out)
{
    uint32_t w, i;
    xl_walker_t *k;

    if (out->ws.arr_buffered)
        m->slot_asid[out->ws.arr_slot] = in->arr_asid;
    xl_walk_sched_commit(&m->ws, &out->ws_in, &out->ws);
    xl_pwc_commit(&m->pwc, &out->pwc_in, &out->pwc);
    if (m->p.coalesce != XL_CO_OFF)   /* comb sets cpl_coalesced only then */
        for (i = 0; i < XL_CO_LANES; i++)
            if (out->cpl_valid[i] && out->cpl_coalesced[i])
                m->coalesced++;
    if (out->stuck)
        m->cl_stalls++;

    /* walkers in LOOKUP count down (a walker dispatched now starts below); with
     * pwc_latency 1 a dispatch goes straight to REQ and no walker is ever in LOOKUP */
    if (m->active > 0u && m->p.pwc_latency > 1u)
        for (w = 0; w < m->p.walkers; w++) {
            k = &m->wk[w];
            if (k->state == XL_WK_LOOKUP && --k->wait == 0u)
                k->state = XL_WK_REQ;
        }
    /* the response */
    if (in->rsp_valid) {
        w = in->rsp_walker;
        k = &m->wk[w];
        if (out->rsp_fault || !out->fill_valid) {   /* leaf (or fault): the walk ends */
            if (out->rsp_fault)
                m->faults++;
            else
                m->walks++;
            k->state = XL_WK_IDLE;
            m->idle++;
        } else {
            k->level--;
            k->node = out->pwc_in.fill_next;
            k->state = XL_WK_REQ;
            m->active++;
        }
        set_pwst(m, w);
    }
    /* the memory port */
    if (out->mem_req_valid && in->mem_req_ready) {
        k = &m->wk[out->mem_req_walker];
        k->state = XL_WK_WAIT;
        k->reads++;
        m->reads[k->level]++;
        m->active--;
    }
    /* the dispatched walk */
    if (out->disp_valid) {
        w = out->disp_walker;
        k = &m->wk[w];
        k->va = out->ws.disp_va;
        k->tag = out->ws.disp_tag;
        k->instr_id = out->ws.disp_instr_id;
        k->asid = out->disp_asid;
        k->level = out->disp_level;
        k->node = out->disp_node;
        k->reads = 0u;
        k->wait = m->p.pwc_latency - 1u;
        k->state = k->wait ? XL_WK_LOOKUP : XL_WK_REQ;
        m->idle--;
        m->active++;
        if (out->disp_resumed)
            m->resumed++;
        set_pwst(m, w);
    }
    /* The coalescing block's edge reads nothing the walkers write except through
     * co_in.pwst, which points at m->pwst: taken last, it keys its derived CL bitmaps
     * by the PWST the next cycle's comb sees, so comb can reuse every one of them. */
    if (m->p.coalesce != XL_CO_OFF)
        xl_coalesce_commit(&m->co, &out->co_in, &out->co);
}

void xl_walk_path_step(xl_walk_path_t *m, const xl_walk_path_in_t *in, xl_walk_path_out_t *out)
{
    xl_walk_path_comb(m, in, out);
    xl_walk_path_commit(m, in, out);
}

uint64_t xl_walk_path_cl_word(const xl_walk_path_t *m, uint32_t w)
{
    const xl_coalesce_t *co = &m->co;
    uint64_t cl = 0, v = co->valid[w];
    while (v) {
        uint32_t s = 64 * w + xl_ctz64(v);
        v &= v - 1;
        if (xl_coalesce_cl(co, m->pwst, co->va[s]))
            cl |= UINT64_C(1) << (s & 63);
    }
    return cl;
}
