// xl_sc_gen.h - the platform's GPU side (docs/systemc.md "The platform"): a traffic
// generator that replays a list of translation requests into one IOMMU target socket at
// their cycles, loosely timed (b_transport from a pool of threads, one per request in
// flight, as a GPU's wavefronts each wait for their own translation) or approximately
// timed (BEGIN_REQ in order, waiting for END_REQ when the target holds one back;
// BEGIN_RESP completed at once). Request i is sent so that it reaches the target at
// (cycle_i - 1) * T, i.e. is first offered to the walk path in cycle_i. Both styles issue
// up to the global quantum ahead of simulated time with the time annotated (temporal
// decoupling), so the generator's own cost stays small.
#ifndef XL_SC_GEN_H
#define XL_SC_GEN_H

#ifndef SC_INCLUDE_DYNAMIC_PROCESSES
#define SC_INCLUDE_DYNAMIC_PROCESSES
#endif
#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <functional>
#include <memory>
#include <vector>

#include "xl_sc/xl_sc_tlm_ext.h"

struct xl_sc_gen_req {
    uint64_t cycle;       // first cycle it may be offered (>= 1)
    uint64_t va;
    uint32_t instr_id;
    uint16_t asid;
};

struct xl_sc_gen_res {
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    uint64_t pa = 0;              // the data: the physical address
    xl_sc_tlm_ext ext;            // the response fields
    sc_core::sc_time time;        // when the response reached the initiator
};

class xl_sc_gen : public sc_core::sc_module {
public:
    using done_fn = std::function<void(size_t i, const xl_sc_gen_res &r)>;
    tlm_utils::simple_initiator_socket<xl_sc_gen> sock;

    SC_HAS_PROCESS(xl_sc_gen);
    xl_sc_gen(sc_core::sc_module_name n, const std::vector<xl_sc_gen_req> &reqs, bool at,
              const sc_core::sc_time &period, done_fn done);
    ~xl_sc_gen() override;

    size_t answered() const { return answered_; }
    size_t threads() const { return workers_.size(); }

private:
    struct Item {
        tlm::tlm_generic_payload t;
        xl_sc_tlm_ext ext;
        unsigned char data[8];
    };
    struct Worker {
        sc_core::sc_event go;
        size_t i = 0;
        sc_core::sc_time delay;
    };
    void issuer();
    void worker(size_t w);
    void finish(size_t i, const sc_core::sc_time &at);
    tlm::tlm_sync_enum nb_bw(tlm::tlm_generic_payload &t, tlm::tlm_phase &ph,
                             sc_core::sc_time &d);
    void end_req_method();

    const std::vector<xl_sc_gen_req> &reqs_;
    bool at_;
    sc_core::sc_time period_;
    done_fn done_;
    std::unique_ptr<Item[]> items_;   // one payload per request (never copied)
    std::vector<std::unique_ptr<Worker>> workers_;
    std::vector<size_t> free_workers_;
    size_t answered_ = 0;
    // AT
    bool req_open_ = false;               // a BEGIN_REQ without its END_REQ
    size_t open_i_ = 0;
    sc_core::sc_event end_req_ev_;
    tlm_utils::peq_with_get<tlm::tlm_generic_payload> end_req_peq_;
};

#endif
