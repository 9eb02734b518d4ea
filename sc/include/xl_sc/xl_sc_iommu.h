// xl_sc_iommu.h - the IOMMU walk path as a SystemC module with TLM-2.0 sockets: the one
// interface that both bodies implement (docs/systemc.md "Two bodies, one interface").
//
//   tgt  target socket: translation requests (xl_sc_tlm_ext.h), loosely timed
//        (b_transport, which returns when the translation is done) or approximately timed
//        (nb_transport_fw/bw with BEGIN_REQ, END_REQ, BEGIN_RESP, END_RESP);
//   mem  initiator socket: the page-table reads of the walkers, 64-byte TLM_READ_COMMANDs
//        that the platform's memory serves (b_transport or the four phases, chosen by
//        opts.mem_at);
//   clk  the walk path's clock, an sc_clock whose rising edges are at 0, T, 2T, ...; the
//        C body takes only its period (it schedules itself at the edges it needs), so an
//        LT platform without the RTL may leave the clock out (opts.period)
//
// Time (docs/systemc.md "Timing"): cycle k is the clock period that starts at the rising
// edge at k*T; cycle 0 is reset. A request or a read's data that reaches the module at
// time t is first usable in cycle floor(t/T) + 1 (it is registered at the next edge, so
// the order of processes inside one time step never matters). What the walk path does in
// cycle k takes effect at the end of cycle k, time (k+1)*T: a response's time, a read's
// issue time, END_REQ of a request it took.
//
// This class holds everything except the walk path itself: the sockets, the payload
// checks, the glue (xl_sc_front.h) and the timing. A body (xl_sc_walk_path_c,
// xl_sc_walk_path_rtl) clocks the walk path and calls glue_inputs / glue_outputs once per
// cycle, in the order inputs(k), outputs(k), inputs(k+1), ...
#ifndef XL_SC_IOMMU_H
#define XL_SC_IOMMU_H

#ifndef SC_INCLUDE_DYNAMIC_PROCESSES
#define SC_INCLUDE_DYNAMIC_PROCESSES
#endif
#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "xl_sc/xl_sc_front.h"
#include "xl_sc/xl_sc_tlm_ext.h"

class xl_sc_iommu : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<xl_sc_iommu> tgt;
    tlm_utils::simple_initiator_socket<xl_sc_iommu> mem;
    sc_core::sc_in<bool> clk;

    struct opts {
        bool mem_at = false;        // page-table reads with the four phases (else b_transport)
        unsigned queue_depth = 16;  // AT: requests the module holds before the arrival port;
                                    // END_REQ waits while it is full (LT: unbounded)
        sc_core::sc_time period = sc_core::SC_ZERO_TIME;
                                    // the C body without an sc_clock: clk bound to any
                                    // bool signal, the cycle time given here (the RTL needs
                                    // its clock)
    };
    // What the module counts of its own (the walk path's counters: counters()).
    struct io_stats {
        uint64_t requests = 0;      // translation requests taken (good payloads)
        uint64_t errors = 0;        // payloads refused with an error response
        uint64_t completions = 0;   // translations answered with a frame
        uint64_t faults = 0;        // answered with a fault
        uint64_t reads = 0;         // page-table reads sent through mem
        uint64_t cycles = 0;        // cycles the body evaluated
        uint64_t idle_cycles = 0;   // cycles skipped as idle (the C body; counted, not run)
    };

    // The page-table root (CR3) of an address space; false with a reason when the body
    // cannot hold it (the RTL has one address space).
    virtual bool set_root(uint16_t asid, uint64_t root, std::string &why) = 0;
    // The walk path's counters now (walks, reads per level, coalesced, ...).
    virtual xl_sc_wp_counters counters() const = 0;
    virtual const char *body() const = 0;
    const io_stats &stats() const { return st_; }
    sc_core::sc_time period() const { return period_; }
    // Requests taken and not yet answered.
    size_t outstanding() const { return live_; }

protected:
    SC_HAS_PROCESS(xl_sc_iommu);
    xl_sc_iommu(sc_core::sc_module_name n, unsigned tag_bits, unsigned walkers, const opts &o);
    void end_of_elaboration() override;

    uint64_t cycle_now() const;
    void glue_inputs(uint64_t k, xl_sc_wp_in &in);
    void glue_outputs(uint64_t k, const xl_sc_wp_in &in, const xl_sc_wp_out &out);
    const xl_sc_front &front() const { return front_; }
    // A body that sleeps through idle cycles wakes for cycle k (k*T > now).
    virtual void wake(uint64_t k) { (void)k; }
    virtual bool asid_ok(uint16_t asid) const = 0;

    sc_core::sc_time period_;
    io_stats st_;
    opts o_;

private:
    struct Rec {
        tlm::tlm_generic_payload *t = nullptr;
        xl_sc_tlm_ext *e = nullptr;
        bool at = false;
        sc_core::sc_event done;
    };
    struct MemPort {   // one per walker: a walker has at most one read out
        tlm::tlm_generic_payload t;
        unsigned char data[64];
        xl_sc_front::Read r;
        sc_core::sc_event go;
    };

    xl_sc_tlm_ext *check(tlm::tlm_generic_payload &t);
    size_t new_rec(tlm::tlm_generic_payload *t, xl_sc_tlm_ext *e, bool at);
    void admit(size_t h, const sc_core::sc_time &arrive);
    void finish(const xl_sc_front::Done &d);
    sc_core::sc_time end_of(uint64_t k) const;   // delay from now to the end of cycle k

    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &d);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload &t, tlm::tlm_phase &ph,
                                       sc_core::sc_time &d);
    tlm::tlm_sync_enum mem_bw(tlm::tlm_generic_payload &t, tlm::tlm_phase &ph,
                              sc_core::sc_time &d);
    void resp_method();
    void mem_lt_thread(unsigned w);
    void mem_issue_method();
    void read_back(unsigned w, const sc_core::sc_time &arrive);

    xl_sc_front front_;
    std::vector<std::unique_ptr<Rec>> recs_;
    std::vector<size_t> free_recs_;
    size_t live_ = 0;
    // AT requests: waiting in the module (queue_depth) and the one held before END_REQ
    unsigned at_queued_ = 0;
    unsigned at_freed_ = 0;        // places the arrival port freed in the last cycle
    bool have_blocked_ = false;
    size_t blocked_ = 0;
    uint64_t blocked_first_ = 0;
    tlm_utils::peq_with_get<tlm::tlm_generic_payload> resp_peq_;
    std::deque<tlm::tlm_generic_payload *> resp_q_;
    bool resp_busy_ = false;
    sc_core::sc_event resp_ev_;
    // page-table reads
    std::vector<std::unique_ptr<MemPort>> ports_;
    std::deque<unsigned> mem_q_;   // AT: walkers whose read waits for the socket
    bool mem_busy_ = false;        // AT: a BEGIN_REQ without its END_REQ
    sc_core::sc_event mem_ev_;
    bool mem_err_reported_ = false;
    std::vector<xl_sc_front::Done> done_;
    std::vector<xl_sc_front::Read> reads_;
};

#endif
