// xl_sc_iommu.cpp - the TLM-2.0 side shared by both walk-path bodies: payload checks, the
// LT and AT target protocols, page-table reads through the initiator socket, and the
// timing rules of xl_sc_iommu.h (docs/systemc.md "Timing", "Errors").
#include "xl_sc/xl_sc_iommu.h"

#include <cstring>

using namespace sc_core;
using namespace tlm;

xl_sc_iommu::xl_sc_iommu(sc_module_name n, unsigned tag_bits, unsigned walkers, const opts &o)
    : sc_module(n), tgt("tgt"), mem("mem"), clk("clk"), o_(o), front_(tag_bits, walkers),
      resp_peq_("resp_peq")
{
    tgt.register_b_transport(this, &xl_sc_iommu::b_transport);
    tgt.register_nb_transport_fw(this, &xl_sc_iommu::nb_transport_fw);
    mem.register_nb_transport_bw(this, &xl_sc_iommu::mem_bw);

    SC_METHOD(resp_method);
    sensitive << resp_peq_.get_event() << resp_ev_;
    dont_initialize();

    for (unsigned w = 0; w < walkers; w++) {
        ports_.emplace_back(new MemPort);
        MemPort &p = *ports_.back();
        p.t.set_command(TLM_READ_COMMAND);
        p.t.set_data_ptr(p.data);
        p.t.set_data_length(64);
        p.t.set_streaming_width(64);
        p.t.set_byte_enable_ptr(nullptr);
        p.t.set_dmi_allowed(false);
        if (!o_.mem_at) {
            sc_spawn_options so;
            sc_spawn(sc_bind(&xl_sc_iommu::mem_lt_thread, this, w),
                     sc_gen_unique_name("mem_lt"), &so);
        }
    }
    if (o_.mem_at) {
        SC_METHOD(mem_issue_method);
        sensitive << mem_ev_;
        dont_initialize();
    }
}

void xl_sc_iommu::end_of_elaboration()
{
    auto *c = dynamic_cast<sc_clock *>(clk.get_interface());
    if (c != nullptr && c->start_time() == SC_ZERO_TIME && c->posedge_first())
        period_ = c->period();
    else if (c == nullptr && o_.period > SC_ZERO_TIME && std::string(body()) == "c")
        period_ = o_.period;
    else
        SC_REPORT_ERROR(name(), "clk must be bound to an sc_clock whose first rising edge is "
                                "at time 0 (cycle k starts at k * period), or, for the C "
                                "body, opts.period be given");
}

uint64_t xl_sc_iommu::cycle_now() const
{
    return sc_time_stamp().value() / period_.value();
}

sc_time xl_sc_iommu::end_of(uint64_t k) const
{
    return sc_time::from_value(period_.value() * (k + 1)) - sc_time_stamp();
}

// ------------------------------------------------------------------ requests

// The payload checks, in this order; the first that fails sets its response status.
xl_sc_tlm_ext *xl_sc_iommu::check(tlm_generic_payload &t)
{
    tlm_response_status bad = TLM_OK_RESPONSE;
    xl_sc_tlm_ext *e = nullptr;
    uint64_t top = t.get_address() >> 47;
    if (t.get_command() != TLM_READ_COMMAND)
        bad = TLM_COMMAND_ERROR_RESPONSE;
    else if (t.get_data_length() != 8 ||
             (t.get_streaming_width() != 0 && t.get_streaming_width() != 8))
        bad = TLM_BURST_ERROR_RESPONSE;
    else if (t.get_byte_enable_ptr() != nullptr)
        bad = TLM_BYTE_ENABLE_ERROR_RESPONSE;
    else if (top != 0 && top != 0x1FFFFu)
        bad = TLM_ADDRESS_ERROR_RESPONSE;
    else if (t.get_data_ptr() == nullptr || (e = t.get_extension<xl_sc_tlm_ext>()) == nullptr ||
             e->instr_id > 0xFFFFFu || !asid_ok(e->asid))
        bad = TLM_GENERIC_ERROR_RESPONSE;
    if (bad != TLM_OK_RESPONSE) {
        t.set_response_status(bad);
        st_.errors++;
        return nullptr;
    }
    e->clear_response();
    t.set_response_status(TLM_INCOMPLETE_RESPONSE);
    st_.requests++;
    return e;
}

size_t xl_sc_iommu::new_rec(tlm_generic_payload *t, xl_sc_tlm_ext *e, bool at)
{
    size_t h;
    if (free_recs_.empty()) {
        h = recs_.size();
        recs_.emplace_back(new Rec);
    } else {
        h = free_recs_.back();
        free_recs_.pop_back();
    }
    Rec &r = *recs_[h];
    r.t = t;
    r.e = e;
    r.at = at;
    live_++;
    return h;
}

void xl_sc_iommu::admit(size_t h, const sc_time &arrive)
{
    const Rec &r = *recs_[h];
    uint64_t first = arrive.value() / period_.value() + 1;
    front_.push(xl_sc_front::Req{h, r.t->get_address(), r.e->instr_id, r.e->asid, first,
                                 r.e->seq});
    wake(first);
}

void xl_sc_iommu::b_transport(tlm_generic_payload &t, sc_time &d)
{
    xl_sc_tlm_ext *e = check(t);
    if (e == nullptr)
        return;
    size_t h = new_rec(&t, e, false);
    admit(h, sc_time_stamp() + d);
    wait(recs_[h]->done);
    // The answer is timed at the end of its cycle, which is now: nothing left to annotate.
    d = SC_ZERO_TIME;
    free_recs_.push_back(h);
}

tlm_sync_enum xl_sc_iommu::nb_transport_fw(tlm_generic_payload &t, tlm_phase &ph, sc_time &d)
{
    if (ph == BEGIN_REQ) {
        xl_sc_tlm_ext *e = check(t);
        if (e == nullptr)
            return TLM_COMPLETED;   // early completion with the error status
        size_t h = new_rec(&t, e, true);
        if (at_queued_ < o_.queue_depth) {
            at_queued_++;
            admit(h, sc_time_stamp() + d);
            ph = END_REQ;
            return TLM_UPDATED;
        }
        // Full: END_REQ when the arrival port has taken one (the initiator may not send
        // another BEGIN_REQ before it, so at most one request is held here).
        have_blocked_ = true;
        blocked_ = h;
        blocked_first_ = (sc_time_stamp() + d).value() / period_.value() + 1;
        return TLM_ACCEPTED;
    }
    if (ph == END_RESP) {
        resp_busy_ = false;
        resp_ev_.notify(SC_ZERO_TIME);
        return TLM_COMPLETED;
    }
    SC_REPORT_WARNING(name(), "nb_transport_fw: a phase the base protocol does not allow "
                              "here (only BEGIN_REQ and END_RESP); ignored");
    return TLM_ACCEPTED;
}

// ------------------------------------------------------------------ the glue

void xl_sc_iommu::glue_inputs(uint64_t k, xl_sc_wp_in &in)
{
    // AT: the places the arrival port freed in cycle k-1 are free from the edge that
    // starts cycle k. Both bodies get here at k*T (the RTL reads cycle k-1's outputs at
    // that same edge), so a BEGIN_REQ at k*T is treated alike whichever runs first: held,
    // then taken here, or taken at once after this; either way first offered in cycle
    // max(k, its arrival cycle) with END_REQ at k*T.
    at_queued_ -= at_freed_;
    at_freed_ = 0;
    if (have_blocked_ && at_queued_ < o_.queue_depth) {
        have_blocked_ = false;
        at_queued_++;
        Rec &r = *recs_[blocked_];
        front_.push(xl_sc_front::Req{blocked_, r.t->get_address(), r.e->instr_id, r.e->asid,
                                     blocked_first_ > k ? blocked_first_ : k, r.e->seq});
        tlm_phase ph = END_REQ;
        sc_time d = SC_ZERO_TIME;
        tgt->nb_transport_bw(*r.t, ph, d);
    }
    front_.inputs(k, in);
    st_.cycles++;
}

void xl_sc_iommu::glue_outputs(uint64_t k, const xl_sc_wp_in &in, const xl_sc_wp_out &out)
{
    uint64_t acc;
    done_.clear();
    reads_.clear();
    front_.outputs(k, in, out, done_, reads_, &acc);
    for (const xl_sc_front::Done &d : done_)
        finish(d);
    if (acc != UINT64_MAX && recs_[acc]->at)
        at_freed_++;   // free from the next edge (glue_inputs)
    for (const xl_sc_front::Read &r : reads_) {
        MemPort &p = *ports_[r.walker];
        p.r = r;
        p.t.set_address(r.addr);
        p.t.set_response_status(TLM_INCOMPLETE_RESPONSE);
        st_.reads++;
        if (o_.mem_at) {
            mem_q_.push_back(r.walker);
            mem_ev_.notify(SC_ZERO_TIME);
        } else {
            p.go.notify(SC_ZERO_TIME);
        }
    }
}

void xl_sc_iommu::finish(const xl_sc_front::Done &d)
{
    Rec &r = *recs_[d.handle];
    tlm_generic_payload &t = *r.t;
    xl_sc_tlm_ext &e = *r.e;
    uint64_t va = t.get_address();
    e.fault = d.fault;
    e.frame = d.frame;
    e.page_shift = d.shift;
    e.coalesced = d.coalesced;
    e.reads = d.reads;
    e.cycle_in = d.cycle_in;
    e.cycle_done = d.cycle_done;
    uint64_t pa = d.pa(va);
    unsigned char *p = t.get_data_ptr();
    for (unsigned i = 0; i < 8; i++)
        p[i] = (unsigned char)(pa >> (8 * i));
    t.set_response_status(TLM_OK_RESPONSE);
    if (d.fault)
        st_.faults++;
    else
        st_.completions++;
    live_--;
    sc_time delay = end_of(d.cycle_done);
    if (r.at) {
        resp_peq_.notify(t, delay);
        free_recs_.push_back(d.handle);
    } else {
        r.done.notify(delay);   // b_transport frees the record
    }
}

// AT responses: BEGIN_RESP one at a time (the base protocol's response exclusion rule).
void xl_sc_iommu::resp_method()
{
    while (tlm_generic_payload *t = resp_peq_.get_next_transaction())
        resp_q_.push_back(t);
    while (!resp_busy_ && !resp_q_.empty()) {
        tlm_generic_payload *t = resp_q_.front();
        resp_q_.pop_front();
        tlm_phase ph = BEGIN_RESP;
        sc_time d = SC_ZERO_TIME;
        tlm_sync_enum s = tgt->nb_transport_bw(*t, ph, d);
        if (s == TLM_ACCEPTED || (s == TLM_UPDATED && ph != END_RESP))
            resp_busy_ = true;   // END_RESP comes through nb_transport_fw
    }
}

// ------------------------------------------------------------------ page-table reads

// LT: one thread per walker, so a memory whose b_transport waits delays only that walker.
void xl_sc_iommu::mem_lt_thread(unsigned w)
{
    MemPort &p = *ports_[w];
    for (;;) {
        wait(p.go);
        sc_time d = end_of(p.r.cycle);   // the read leaves at the end of its cycle
        mem->b_transport(p.t, d);
        read_back(w, sc_time_stamp() + d);
    }
}

// AT: BEGIN_REQ one at a time (request exclusion); END_REQ may come back at once.
void xl_sc_iommu::mem_issue_method()
{
    while (!mem_busy_ && !mem_q_.empty()) {
        unsigned w = mem_q_.front();
        mem_q_.pop_front();
        MemPort &p = *ports_[w];
        tlm_phase ph = BEGIN_REQ;
        sc_time leave = sc_time::from_value(period_.value() * (p.r.cycle + 1));
        sc_time d = leave > sc_time_stamp() ? leave - sc_time_stamp() : SC_ZERO_TIME;
        tlm_sync_enum s = mem->nb_transport_fw(p.t, ph, d);
        if (s == TLM_COMPLETED) {
            read_back(w, sc_time_stamp() + d);
        } else if (s == TLM_UPDATED && ph == BEGIN_RESP) {
            read_back(w, sc_time_stamp() + d);
            ph = END_RESP;
            sc_time z = SC_ZERO_TIME;
            mem->nb_transport_fw(p.t, ph, z);
        } else if (!(s == TLM_UPDATED && ph == END_REQ)) {
            mem_busy_ = true;   // END_REQ (or BEGIN_RESP) comes through mem_bw
        }
    }
}

tlm_sync_enum xl_sc_iommu::mem_bw(tlm_generic_payload &t, tlm_phase &ph, sc_time &d)
{
    unsigned w = 0;
    while (w < ports_.size() && &ports_[w]->t != &t)
        w++;
    if (w == ports_.size()) {
        SC_REPORT_WARNING(name(), "mem: nb_transport_bw with a payload this module did not send");
        return TLM_COMPLETED;
    }
    if (ph == END_REQ) {
        mem_busy_ = false;
        mem_ev_.notify(SC_ZERO_TIME);
        return TLM_ACCEPTED;
    }
    if (ph == BEGIN_RESP) {
        if (mem_busy_) {   // BEGIN_RESP implies END_REQ
            mem_busy_ = false;
            mem_ev_.notify(SC_ZERO_TIME);
        }
        read_back(w, sc_time_stamp() + d);
        return TLM_COMPLETED;
    }
    SC_REPORT_WARNING(name(), "mem: nb_transport_bw with a phase other than END_REQ or BEGIN_RESP");
    return TLM_ACCEPTED;
}

// A read's data is here at `arrive`: presented from cycle floor(arrive/T) + 1. A failed read
// gives a line of zeros (not present: the walk faults) and one warning.
void xl_sc_iommu::read_back(unsigned w, const sc_time &arrive)
{
    MemPort &p = *ports_[w];
    uint64_t line[8];
    if (p.t.get_response_status() != TLM_OK_RESPONSE) {
        if (!mem_err_reported_)
            SC_REPORT_WARNING(name(), ("mem: a page-table read failed (" +
                                       p.t.get_response_string() +
                                       "); its walk reads zeros (not present)").c_str());
        mem_err_reported_ = true;
        std::memset(line, 0, sizeof line);
    } else {
        for (unsigned i = 0; i < 8; i++) {
            uint64_t v = 0;
            for (unsigned b = 0; b < 8; b++)
                v |= (uint64_t)p.data[8 * i + b] << (8 * b);
            line[i] = v;
        }
    }
    uint64_t k = arrive.value() / period_.value() + 1;
    front_.respond(w, line, k, p.r.seq);
    wake(k);
}
