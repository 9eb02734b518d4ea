// xl_sc_trace.h - what the SystemC platform takes from an IOMMU-boundary trace
// (`xlat run --iommu-trace FILE`, model/README.md "IOMMU-boundary trace"; docs/systemc.md
// "The platform"): the walk path's parameters and address space (the P line), the
// translation requests in the order and at the cycles the recording model first offered
// them, and the page-table lines its walkers read, so a memory target can serve them.
//
// The lines are recovered by replaying the trace into the C twin at its listed cycles, as
// the recording model stepped it: a response's line address is the line its walker is
// waiting for (xl_walk_path_walker_line). The replay must reproduce every recorded digest,
// so a damaged or foreign trace is refused here, not compared later.
#ifndef XL_SC_TRACE_H
#define XL_SC_TRACE_H

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

extern "C" {
#include "xlat/walk_path.h"
}

struct xl_sc_trace {
    struct Req {
        uint64_t cycle;       // trace cycle of its first offer
        uint64_t va;
        uint32_t instr_id;
    };
    xl_walk_path_params_t p;
    std::string params;       // the P line's text before " root="
    uint16_t asid = 1;
    uint64_t root = 0;
    std::vector<Req> reqs;
    std::unordered_map<uint64_t, std::array<uint64_t, 8>> lines;
    uint64_t cycles = 0;      // C lines
    uint64_t first_cycle = 0, last_cycle = 0;

    // Reads and replays FILE. false with one line "FILE:LINE: what" in err.
    bool load(const std::string &path, std::string &err);
    bool line(uint64_t addr, uint64_t out[8]) const;
};

#endif
