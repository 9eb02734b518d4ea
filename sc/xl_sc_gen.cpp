// xl_sc_gen.cpp - the traffic generator of the SystemC platform (xl_sc_gen.h;
// docs/systemc.md "The platform").
#include "xl_sc/xl_sc_gen.h"

using namespace sc_core;
using namespace tlm;

xl_sc_gen::xl_sc_gen(sc_module_name n, const std::vector<xl_sc_gen_req> &reqs, bool at,
                     const sc_time &period, done_fn done)
    : sc_module(n), sock("sock"), reqs_(reqs), at_(at), period_(period), done_(std::move(done)),
      items_(new Item[reqs.size()]), end_req_peq_("end_req_peq")
{
    for (size_t i = 0; i < reqs_.size(); i++) {
        Item &it = items_[i];
        it.t.set_command(TLM_READ_COMMAND);
        it.t.set_address(reqs_[i].va);
        it.t.set_data_ptr(it.data);
        it.t.set_data_length(8);
        it.t.set_streaming_width(8);
        it.t.set_byte_enable_ptr(nullptr);
        it.t.set_response_status(TLM_INCOMPLETE_RESPONSE);
        it.ext.asid = reqs_[i].asid;
        it.ext.instr_id = reqs_[i].instr_id;
        it.ext.wavefront = (uint32_t)i;
        it.ext.seq = i;
        it.t.set_extension(&it.ext);
    }
    sock.register_nb_transport_bw(this, &xl_sc_gen::nb_bw);
    SC_THREAD(issuer);
    SC_METHOD(end_req_method);
    sensitive << end_req_peq_.get_event();
    dont_initialize();
}

xl_sc_gen::~xl_sc_gen()
{
    // the extensions are members, not the payload's to free
    for (size_t i = 0; i < reqs_.size(); i++)
        items_[i].t.clear_extension(&items_[i].ext);
}

void xl_sc_gen::finish(size_t i, const sc_time &at)
{
    Item &it = items_[i];
    xl_sc_gen_res r;
    r.status = it.t.get_response_status();
    r.pa = 0;
    for (unsigned b = 0; b < 8; b++)
        r.pa |= (uint64_t)it.data[b] << (8 * b);
    r.ext = it.ext;
    r.time = at;
    answered_++;
    done_(i, r);
}

void xl_sc_gen::issuer()
{
    const sc_time q = tlm_global_quantum::instance().get();
    for (size_t i = 0; i < reqs_.size(); i++) {
        sc_time when = sc_time::from_value(period_.value() * (reqs_[i].cycle - 1));
        // temporal decoupling: run ahead of the kernel by up to a quantum
        if (when > sc_time_stamp() + q)
            wait(when - sc_time_stamp());
        sc_time d = when > sc_time_stamp() ? when - sc_time_stamp() : SC_ZERO_TIME;
        Item &it = items_[i];
        if (!at_) {
            size_t w;
            if (free_workers_.empty()) {
                w = workers_.size();
                workers_.emplace_back(new Worker);
                sc_spawn(sc_bind(&xl_sc_gen::worker, this, w), sc_gen_unique_name("w"));
            } else {
                w = free_workers_.back();
                free_workers_.pop_back();
            }
            workers_[w]->i = i;
            workers_[w]->delay = d;
            workers_[w]->go.notify(SC_ZERO_TIME);
            continue;
        }
        while (req_open_)
            wait(end_req_ev_);
        if (d != SC_ZERO_TIME && when < sc_time_stamp())
            d = SC_ZERO_TIME;
        tlm_phase ph = BEGIN_REQ;
        tlm_sync_enum s = sock->nb_transport_fw(it.t, ph, d);
        if (s == TLM_COMPLETED) {
            finish(i, sc_time_stamp() + d);   // refused (error status) or done at once
        } else if (s == TLM_UPDATED && ph == BEGIN_RESP) {
            finish(i, sc_time_stamp() + d);
            ph = END_RESP;
            sc_time z = SC_ZERO_TIME;
            sock->nb_transport_fw(it.t, ph, z);
        } else if (!(s == TLM_UPDATED && ph == END_REQ)) {
            req_open_ = true;   // END_REQ comes through nb_bw
            open_i_ = i;
        }
    }
}

void xl_sc_gen::worker(size_t w)
{
    Worker &k = *workers_[w];
    for (;;) {
        wait(k.go);
        sc_time d = k.delay;
        sock->b_transport(items_[k.i].t, d);
        finish(k.i, sc_time_stamp() + d);
        free_workers_.push_back(w);
    }
}

tlm_sync_enum xl_sc_gen::nb_bw(tlm_generic_payload &t, tlm_phase &ph, sc_time &d)
{
    // the generator numbers its requests by seq (xl_sc_gen.cpp's constructor)
    xl_sc_tlm_ext *e = t.get_extension<xl_sc_tlm_ext>();
    size_t i = e != nullptr ? (size_t)e->seq : reqs_.size();
    if (i >= reqs_.size() || &items_[i].t != &t) {
        SC_REPORT_WARNING(name(), "nb_transport_bw: a payload this generator did not send");
        return TLM_COMPLETED;
    }
    if (ph == END_REQ) {
        end_req_peq_.notify(t, d);
        return TLM_ACCEPTED;
    }
    if (ph == BEGIN_RESP) {
        if (req_open_ && i == open_i_) {   // BEGIN_RESP implies END_REQ
            req_open_ = false;
            end_req_ev_.notify(SC_ZERO_TIME);
        }
        finish(i, sc_time_stamp() + d);
        return TLM_COMPLETED;
    }
    SC_REPORT_WARNING(name(), "nb_transport_bw: a phase other than END_REQ or BEGIN_RESP");
    return TLM_ACCEPTED;
}

void xl_sc_gen::end_req_method()
{
    while (end_req_peq_.get_next_transaction() != nullptr) {
        req_open_ = false;
        end_req_ev_.notify();
    }
}
