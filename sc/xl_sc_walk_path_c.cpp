// xl_sc_walk_path_c.cpp - the C twin of the walk path as a SystemC module
// (xl_sc_walk_path_c.h; docs/systemc.md "The C body").
#include "xl_sc/xl_sc_walk_path_c.h"

#include <cstring>
#include <stdexcept>

using namespace sc_core;

xl_sc_walk_path_c::xl_sc_walk_path_c(sc_module_name n, const xl_walk_path_params_t &p,
                                     unsigned tag_bits, const opts &o)
    : xl_sc_iommu(n, tag_bits, p.walkers, o)
{
    char err[256] = "";
    if (xl_walk_path_init(&m_, &p, err, sizeof err) != 0)
        throw std::invalid_argument(err);
    if (xl_walk_path_out_init(&o_, &m_) != 0) {
        xl_walk_path_free(&m_);
        throw std::invalid_argument("xl_walk_path_out_init: out of memory");
    }
    xl_walk_path_reset(&m_);
    std::memset(roots_, 0, sizeof roots_);
    std::memset(root_set_, 0, sizeof root_set_);
    // Not sensitive to the clock's edges: the first request wakes it (wake), and while the
    // walk path is busy it schedules itself one period on, at the next rising edge.
    SC_METHOD(tick);
    sensitive << wake_ev_;
    dont_initialize();
    sleeping_ = true;
}

xl_sc_walk_path_c::~xl_sc_walk_path_c()
{
    xl_walk_path_out_free(&o_);
    xl_walk_path_free(&m_);
}

bool xl_sc_walk_path_c::set_root(uint16_t asid, uint64_t root, std::string &why)
{
    if (asid >= XL_WP_ASIDS) {
        why = "ASID " + std::to_string(asid) + " is not below " + std::to_string(XL_WP_ASIDS);
        return false;
    }
    unsigned others = 0;
    for (unsigned a = 0; a < XL_WP_ASIDS; a++)
        others += a != asid && root_set_[a];
    if (others && m_.p.coalesce != XL_CO_OFF) {
        why = "several address spaces need coalescing off (coalescing matches neighbours "
              "by VA alone)";
        return false;
    }
    roots_[asid] = root;
    root_set_[asid] = true;
    return true;
}

bool xl_sc_walk_path_c::asid_ok(uint16_t asid) const
{
    return asid < XL_WP_ASIDS && root_set_[asid];
}

void xl_sc_walk_path_c::wake(uint64_t k)
{
    if (sleeping_)
        wake_ev_.notify(sc_time::from_value(period_.value() * k) - sc_time_stamp());
}

void xl_sc_walk_path_c::ports_in(const xl_sc_wp_in &gi, const xl_pa_t *roots,
                                  xl_walk_path_in_t *in)
{
    std::memset(in, 0, sizeof *in);
    in->arr_valid = gi.arr_valid;
    in->arr_va = gi.arr_va;
    in->arr_instr_id = gi.arr_instr_id;
    in->arr_tag = gi.arr_tag;
    in->arr_asid = gi.arr_asid;
    in->root = roots;
    in->mem_req_ready = 1;
    in->rsp_valid = gi.rsp_valid;
    in->rsp_walker = gi.rsp_walker;
    std::memcpy(in->rsp_line, gi.rsp_line, sizeof in->rsp_line);
}

void xl_sc_walk_path_c::ports_out(const xl_walk_path_out_t &o, xl_sc_wp_out &go)
{
    go.arr_ready = o.arr_ready;
    go.disp_valid = o.disp_valid;
    go.disp_walker = o.disp_walker;
    go.disp_tag = o.ws.disp_tag;
    go.mem_req_valid = o.mem_req_valid;
    go.mem_req_walker = o.mem_req_walker;
    go.mem_req_level = o.mem_req_level;
    go.mem_req_addr = o.mem_req_addr;
    go.rsp_fault = o.rsp_fault;
    go.stuck = o.stuck;
    for (unsigned i = 0; i < 8; i++) {
        if (!o.cpl_valid[i])
            continue;
        go.cpl_valid |= (uint8_t)(1u << i);
        go.cpl_coalesced |= (uint8_t)((o.cpl_coalesced[i] & 1u) << i);
        go.cpl_tag[i] = o.cpl_tag[i];
        go.cpl_frame[i] = o.cpl_frame[i];
        go.cpl_shift[i] = o.cpl_shift[i];
        go.cpl_reads[i] = o.cpl_reads[i];
    }
}

void xl_sc_walk_path_c::tick()
{
    uint64_t k = cycle_now();
    if (k == 0 || k <= last_k_) {   // cycle 0 is reset; one edge is evaluated once
        next_trigger(period_);
        return;
    }
    sleeping_ = false;
    if (k > last_k_ + 1) {
        xl_walk_path_idle(&m_, k - last_k_ - 1, last_stuck_);
        st_.idle_cycles += k - last_k_ - 1;
    }
    last_k_ = k;

    xl_sc_wp_in gi;
    glue_inputs(k, gi);
    xl_walk_path_in_t in;
    ports_in(gi, roots_, &in);
    xl_walk_path_comb(&m_, &in, &o_);

    xl_sc_wp_out go;
    ports_out(o_, go);
    glue_outputs(k, gi, go);
    xl_walk_path_commit(&m_, &in, &o_);
    last_stuck_ = o_.stuck;

    // Sleep through a fixed point: idle inputs this cycle (busy() misjudges a stuck cycle
    // that buffered an arrival, sw/board/host.c) and nothing to do next cycle.
    if (!gi.arr_valid && !gi.rsp_valid && !xl_walk_path_busy(&m_, last_stuck_)) {
        uint64_t n = front().next_busy(k);
        if (n > k + 1) {
            sleeping_ = true;
            if (n != UINT64_MAX)
                wake_ev_.notify(sc_time::from_value(period_.value() * n) - sc_time_stamp());
            return;   // static sensitivity: wake_ev_
        }
    }
    next_trigger(period_);   // the next rising edge
}

xl_sc_wp_counters xl_sc_walk_path_c::counters() const
{
    xl_sc_wp_counters c;
    c.walks = m_.walks;
    for (unsigned l = 0; l < 5; l++)
        c.reads[l] = m_.reads[l];
    c.coalesced = m_.coalesced;
    c.resumed = m_.resumed;
    c.cl_stalls = m_.cl_stalls;
    c.faults = m_.faults;
    // cycles slept since the last one evaluated, as xl_walk_path_idle will count them
    uint64_t k = cycle_now();
    if (sleeping_ && last_stuck_ && k > last_k_ + 1)
        c.cl_stalls += k - last_k_ - 1;
    return c;
}

void xl_sc_walk_path_c::model_stats(xl_stats_t *s) const
{
    xl_walk_path_stats(&m_, s, XL_WP_STATS_COALESCE);
    xl_walk_path_stats(&m_, s, XL_WP_STATS_BUFFER);
    xl_walk_path_stats(&m_, s, XL_WP_STATS_SCHED);
    xl_walk_path_stats(&m_, s, XL_WP_STATS_PWC);
}
