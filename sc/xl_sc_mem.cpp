// xl_sc_mem.cpp - the fixed-latency memory target of the page-table reads (xl_sc_mem.h;
// docs/systemc.md "The platform").
#include "xl_sc/xl_sc_mem.h"

using namespace sc_core;
using namespace tlm;

xl_sc_mem::xl_sc_mem(sc_module_name n, line_source src, const sc_time &latency)
    : sc_module(n), tgt("tgt"), src_(std::move(src)), lat_(latency),
      peq_(this, &xl_sc_mem::peq_cb)
{
    tgt.register_b_transport(this, &xl_sc_mem::b_transport);
    tgt.register_nb_transport_fw(this, &xl_sc_mem::nb_transport_fw);
}

bool xl_sc_mem::serve(tlm_generic_payload &t)
{
    tlm_response_status bad = TLM_OK_RESPONSE;
    if (t.get_command() != TLM_READ_COMMAND)
        bad = TLM_COMMAND_ERROR_RESPONSE;
    else if (t.get_data_length() != 64 || t.get_data_ptr() == nullptr ||
             (t.get_streaming_width() != 0 && t.get_streaming_width() != 64))
        bad = TLM_BURST_ERROR_RESPONSE;
    else if ((t.get_address() & 63u) != 0)
        bad = TLM_ADDRESS_ERROR_RESPONSE;
    if (bad != TLM_OK_RESPONSE) {
        t.set_response_status(bad);
        errors_++;
        return false;
    }
    uint64_t line[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    reads_++;
    if (!src_ || !src_(t.get_address(), line)) {
        unknown_++;
        for (uint64_t &v : line)
            v = 0;
    }
    unsigned char *p = t.get_data_ptr();
    for (unsigned i = 0; i < 64; i++)
        p[i] = (unsigned char)(line[i / 8] >> (8 * (i % 8)));
    t.set_response_status(TLM_OK_RESPONSE);
    return true;
}

void xl_sc_mem::b_transport(tlm_generic_payload &t, sc_time &d)
{
    if (serve(t))
        d += lat_;
}

tlm_sync_enum xl_sc_mem::nb_transport_fw(tlm_generic_payload &t, tlm_phase &ph, sc_time &d)
{
    if (ph == BEGIN_REQ) {
        if (!serve(t))
            return TLM_COMPLETED;   // early completion with the error status
        peq_.notify(t, BEGIN_RESP, d + lat_);
        ph = END_REQ;
        return TLM_UPDATED;
    }
    if (ph == END_RESP) {
        resp_busy_ = false;
        send();
        return TLM_COMPLETED;
    }
    SC_REPORT_WARNING(name(), "nb_transport_fw: a phase the base protocol does not allow here");
    return TLM_ACCEPTED;
}

// BEGIN_RESP at its time, one at a time (the base protocol's response exclusion rule:
// the next waits for END_RESP when the initiator does not complete at once).
void xl_sc_mem::peq_cb(tlm_generic_payload &t, const tlm_phase &ph)
{
    (void)ph;
    due_.push_back(&t);
    send();
}

void xl_sc_mem::send()
{
    while (!resp_busy_ && !due_.empty()) {
        tlm_generic_payload *t = due_.front();
        due_.pop_front();
        tlm_phase p = BEGIN_RESP;
        sc_time d = SC_ZERO_TIME;
        tlm_sync_enum s = tgt->nb_transport_bw(*t, p, d);
        if (s == TLM_ACCEPTED || (s == TLM_UPDATED && p != END_RESP))
            resp_busy_ = true;
    }
}
