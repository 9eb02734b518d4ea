// xl_sc_front.h - the cycle-level glue around the IOMMU walk path's ports, shared by every
// body (the C twin, the Verilated RTL) and by the direct run without SystemC
// (docs/systemc.md "Timing"): the queue of translation requests waiting for the arrival
// port, the tags the walk path carries, the page-table reads it issues and the responses
// waiting to be presented on its response port. Plain C++, no SystemC: its only clock is
// the cycle number the caller passes. Because both bodies drive their ports from this one
// object, they see the same inputs in the same cycles, and any difference in what they
// answer is a difference of the bodies.
//
// A cycle k is: inputs(k) fills the ports' inputs, the body computes its outputs, then
// outputs(k) takes them: an accepted arrival leaves the queue, a read request becomes a
// Read, completions and faults become Done records. Rules (the same for every body):
//  - requests: offered in order of (first cycle, seq, order of push); an offered request is
//    held on the port until the walk path takes it (valid/ready);
//  - tags: the lowest free tag below 2^tag_bits when a request is first offered, free again
//    at its completion;
//  - responses: at most one a cycle, the one due earliest, then the earliest read.
#ifndef XL_SC_FRONT_H
#define XL_SC_FRONT_H

#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

// The walk path's inputs of one cycle (rtl/xl_walk_path.sv's port names, without _i).
struct xl_sc_wp_in {
    bool     arr_valid = false;
    uint64_t arr_va = 0;
    uint32_t arr_instr_id = 0;
    uint32_t arr_tag = 0;
    uint16_t arr_asid = 0;
    bool     rsp_valid = false;
    uint32_t rsp_walker = 0;
    uint64_t rsp_line[8] = {0, 0, 0, 0, 0, 0, 0, 0};
};

// Its outputs that the glue reads (a subset of the ports, without _o).
struct xl_sc_wp_out {
    bool     arr_ready = false;
    bool     disp_valid = false;
    uint32_t disp_walker = 0;
    uint32_t disp_tag = 0;
    bool     mem_req_valid = false;
    uint32_t mem_req_walker = 0;
    uint8_t  mem_req_level = 0;
    uint64_t mem_req_addr = 0;
    bool     rsp_fault = false;
    uint8_t  cpl_valid = 0;           // bit i: lane i
    uint8_t  cpl_coalesced = 0;
    uint32_t cpl_tag[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    uint64_t cpl_frame[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    uint8_t  cpl_shift[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    uint8_t  cpl_reads[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    bool     stuck = false;
};

// The walk path's own counters (its cnt_*_o ports).
struct xl_sc_wp_counters {
    uint64_t walks = 0, reads[5] = {0, 0, 0, 0, 0}, coalesced = 0, resumed = 0,
             cl_stalls = 0, faults = 0;
};

class xl_sc_front {
public:
    struct Req {
        uint64_t handle;      // the caller's
        uint64_t va;
        uint32_t instr_id;
        uint16_t asid;
        uint64_t first;       // first cycle it may be offered
        uint64_t seq;
    };
    struct Done {
        uint64_t handle;
        bool     fault;
        uint64_t frame;
        uint8_t  shift, reads;
        bool     coalesced;
        uint64_t cycle_in, cycle_done;
        // The physical address of va: the frame with va's offset within the page; 0 on a
        // fault (what the payload's data carries back)
        uint64_t pa(uint64_t va) const
        {
            return fault ? 0 : frame | (va & ((UINT64_C(1) << shift) - 1u));
        }
    };
    struct Read {
        uint32_t walker;
        uint8_t  level;
        uint64_t addr;        // 64 B line
        uint64_t cycle;       // the cycle it was requested in
        uint64_t seq;         // reads in order of request
    };

    xl_sc_front(unsigned tag_bits, unsigned walkers);

    void push(const Req &r);
    // The response to read `seq` for `walker`, to be presented in cycle `cycle` or later.
    void respond(uint32_t walker, const uint64_t line[8], uint64_t cycle, uint64_t seq);

    void inputs(uint64_t k, xl_sc_wp_in &in);
    // Takes cycle k's outputs; appends what they did to done and reads, and sets
    // *accepted to the handle of the request the arrival port took (UINT64_MAX: none).
    void outputs(uint64_t k, const xl_sc_wp_in &in, const xl_sc_wp_out &out,
                 std::vector<Done> &done, std::vector<Read> &reads, uint64_t *accepted);

    // The earliest cycle after k in which the inputs are not idle (UINT64_MAX: none known).
    uint64_t next_busy(uint64_t k) const;
    size_t waiting() const { return pend_.size() + (have_offer_ ? 1u : 0u); }
    size_t in_flight() const { return inflight_n_; }
    uint64_t requests_accepted() const { return accepted_; }

private:
    struct PendKey {
        uint64_t first, seq, order;
        bool operator<(const PendKey &o) const
        {
            return first != o.first ? first < o.first : seq != o.seq ? seq < o.seq : order < o.order;
        }
    };
    struct Pend {
        PendKey key;
        Req r;
        bool operator<(const Pend &o) const { return key < o.key; }
    };
    struct Rsp {
        uint64_t cycle, seq;
        uint32_t walker;
        uint64_t line[8];
        bool operator<(const Rsp &o) const
        {
            return cycle != o.cycle ? cycle < o.cycle : seq < o.seq;
        }
    };
    struct Flight {
        bool used = false;
        Req r;
        uint64_t cycle_in = 0;
    };

    uint32_t take_tag();

    std::multiset<Pend> pend_;
    std::multiset<Rsp> rsp_;
    bool have_offer_ = false;
    Req offer_{};
    uint32_t offer_tag_ = 0;
    uint64_t order_ = 0;
    std::vector<Flight> inflight_;         // [tag]
    std::set<uint32_t> free_tags_;
    std::vector<uint32_t> walker_tag_;     // [walker]: the tag of its walk (faults name none)
    size_t inflight_n_ = 0;
    uint64_t accepted_ = 0;
    uint64_t read_seq_ = 0;
};

#endif
