// xl_sc_mem.h - a simple memory target for the walk path's page-table reads
// (docs/systemc.md "The platform"): 64-byte TLM_READ_COMMANDs answered after a fixed
// latency, loosely timed (b_transport adds the latency to the annotated delay, never
// waits) or approximately timed (END_REQ at once, BEGIN_RESP after the latency through a
// payload event queue; any number of reads in flight). Its contents come from a line
// source, e.g. the page-table lines of a recorded trace or an xl_physmem_t; a line the
// source does not have reads as zeros (not-present entries) and is counted.
// Errors: a write -> TLM_COMMAND_ERROR_RESPONSE, a length other than 64 ->
// TLM_BURST_ERROR_RESPONSE, an address not 64-byte aligned -> TLM_ADDRESS_ERROR_RESPONSE.
#ifndef XL_SC_MEM_H
#define XL_SC_MEM_H

#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_cb_and_phase.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>
#include <functional>

class xl_sc_mem : public sc_core::sc_module {
public:
    // Fills line[8] for the 64 B line at addr; false when it does not hold it.
    using line_source = std::function<bool(uint64_t addr, uint64_t line[8])>;

    tlm_utils::simple_target_socket<xl_sc_mem> tgt;

    xl_sc_mem(sc_core::sc_module_name n, line_source src, const sc_core::sc_time &latency);

    uint64_t reads() const { return reads_; }
    uint64_t unknown_lines() const { return unknown_; }
    uint64_t errors() const { return errors_; }

private:
    bool serve(tlm::tlm_generic_payload &t);   // data and status; false on an error
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &d);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload &t, tlm::tlm_phase &ph,
                                       sc_core::sc_time &d);
    void peq_cb(tlm::tlm_generic_payload &t, const tlm::tlm_phase &ph);
    void send();

    line_source src_;
    sc_core::sc_time lat_;
    tlm_utils::peq_with_cb_and_phase<xl_sc_mem> peq_;
    std::deque<tlm::tlm_generic_payload *> due_;   // BEGIN_RESP not yet sent
    bool resp_busy_ = false;
    uint64_t reads_ = 0, unknown_ = 0, errors_ = 0;
};

#endif
