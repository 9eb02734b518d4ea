// xl_sc_front.cpp - the cycle-level glue around the walk path's ports (xl_sc_front.h;
// docs/systemc.md "Timing").
#include "xl_sc/xl_sc_front.h"

#include <cstring>
#include <stdexcept>

xl_sc_front::xl_sc_front(unsigned tag_bits, unsigned walkers) : walker_tag_(walkers, 0)
{
    // A walk path holds at most slots + walkers requests; 4096 tags cover every parameter
    // set (the paper's is 256 + 8) without a table of 2^TagWidth entries.
    uint32_t n = tag_bits >= 12 ? 4096u : (1u << tag_bits);
    inflight_.resize(n);
    for (uint32_t t = 0; t < n; t++)
        free_tags_.insert(t);
}

void xl_sc_front::push(const Req &r)
{
    pend_.insert(Pend{PendKey{r.first, r.seq, order_++}, r});
}

void xl_sc_front::respond(uint32_t walker, const uint64_t line[8], uint64_t cycle, uint64_t seq)
{
    Rsp x;
    x.cycle = cycle;
    x.seq = seq;
    x.walker = walker;
    std::memcpy(x.line, line, sizeof x.line);
    rsp_.insert(x);
}

uint32_t xl_sc_front::take_tag()
{
    if (free_tags_.empty())
        throw std::logic_error("xl_sc_front: more requests in the walk path than tags");
    uint32_t t = *free_tags_.begin();
    free_tags_.erase(free_tags_.begin());
    return t;
}

void xl_sc_front::inputs(uint64_t k, xl_sc_wp_in &in)
{
    in.arr_valid = false;
    in.rsp_valid = false;
    if (!have_offer_ && !pend_.empty() && pend_.begin()->key.first <= k) {
        offer_ = pend_.begin()->r;
        pend_.erase(pend_.begin());
        offer_tag_ = take_tag();
        have_offer_ = true;
    }
    if (have_offer_) {
        in.arr_valid = true;
        in.arr_va = offer_.va;
        in.arr_instr_id = offer_.instr_id;
        in.arr_tag = offer_tag_;
        in.arr_asid = offer_.asid;
    }
    if (!rsp_.empty() && rsp_.begin()->cycle <= k) {
        const Rsp &x = *rsp_.begin();
        in.rsp_valid = true;
        in.rsp_walker = x.walker;
        std::memcpy(in.rsp_line, x.line, sizeof in.rsp_line);
        rsp_.erase(rsp_.begin());   // a response is always taken
    }
}

void xl_sc_front::outputs(uint64_t k, const xl_sc_wp_in &in, const xl_sc_wp_out &out,
                          std::vector<Done> &done, std::vector<Read> &reads,
                          uint64_t *accepted)
{
    *accepted = UINT64_MAX;
    // The fault's walker is named by the response; its tag is the one dispatched to it
    // (read before this cycle's dispatch can reuse the walker: a walker that faults in
    // cycle k is idle only after the edge).
    if (in.rsp_valid && out.rsp_fault) {
        uint32_t tag = walker_tag_[in.rsp_walker];
        Flight &f = inflight_[tag];
        if (f.used) {
            done.push_back(Done{f.r.handle, true, 0, 0, 0, false, f.cycle_in, k});
            f.used = false;
            free_tags_.insert(tag);
            inflight_n_--;
        }
    }
    for (unsigned i = 0; i < 8; i++) {
        if (!((out.cpl_valid >> i) & 1u))
            continue;
        uint32_t tag = out.cpl_tag[i];
        if (tag >= inflight_.size() || !inflight_[tag].used)
            continue;   // not ours: the bodies' comparison reports it as a missing response
        Flight &f = inflight_[tag];
        done.push_back(Done{f.r.handle, false, out.cpl_frame[i], out.cpl_shift[i],
                            out.cpl_reads[i], ((out.cpl_coalesced >> i) & 1u) != 0, f.cycle_in,
                            k});
        f.used = false;
        free_tags_.insert(tag);
        inflight_n_--;
    }
    if (out.disp_valid && out.disp_walker < walker_tag_.size())
        walker_tag_[out.disp_walker] = out.disp_tag;
    if (in.arr_valid && out.arr_ready) {
        Flight &f = inflight_[offer_tag_];
        f.used = true;
        f.r = offer_;
        f.cycle_in = k;
        inflight_n_++;
        accepted_++;
        have_offer_ = false;
        *accepted = offer_.handle;
    }
    if (out.mem_req_valid)   // mem_req_ready is always 1: reads queue behind the port
        reads.push_back(Read{out.mem_req_walker, out.mem_req_level, out.mem_req_addr, k,
                             read_seq_++});
}

uint64_t xl_sc_front::next_busy(uint64_t k) const
{
    uint64_t n = UINT64_MAX;
    if (have_offer_)
        return k + 1;
    if (!pend_.empty())
        n = pend_.begin()->key.first;
    if (!rsp_.empty() && rsp_.begin()->cycle < n)
        n = rsp_.begin()->cycle;
    return n <= k ? k + 1 : n;
}
