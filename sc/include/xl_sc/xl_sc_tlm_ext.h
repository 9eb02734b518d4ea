// xl_sc_tlm_ext.h - the TLM-2.0 extension of a translation request to xlat's IOMMU
// (docs/systemc.md "The transaction"): the fields a generic payload lacks. A GPU-side
// initiator sets the request fields, the target fills the response fields.
//
// The generic payload itself carries: command TLM_READ_COMMAND, address = the virtual
// address to translate (canonical: bits 63:47 all 0 or all 1; the walk path uses 47:0),
// data = 8 bytes that receive the physical address (little-endian), streaming width 8 (or
// 0), no byte enables. Errors (docs/systemc.md "Errors"): another command ->
// TLM_COMMAND_ERROR_RESPONSE; another length or streaming width -> TLM_BURST_ERROR_RESPONSE;
// byte enables -> TLM_BYTE_ENABLE_ERROR_RESPONSE; a non-canonical address ->
// TLM_ADDRESS_ERROR_RESPONSE; no extension, an ASID without a page-table root or an
// instruction id beyond 20 bits -> TLM_GENERIC_ERROR_RESPONSE. A page fault is not a
// transport error: TLM_OK_RESPONSE with `fault` set and data 0.
#ifndef XL_SC_TLM_EXT_H
#define XL_SC_TLM_EXT_H

#include <cstdint>
#include <tlm>

struct xl_sc_tlm_ext : tlm::tlm_extension<xl_sc_tlm_ext> {
    // ---- request (the initiator's)
    uint16_t asid = 1;          // address space: selects the page-table root (set_root)
    uint32_t instr_id = 0;      // the memory instruction the request belongs to, 20 bits
                                // (SIMT-aware scheduling groups requests by it)
    uint32_t wavefront = 0;     // the requester (e.g. CU << 8 | wavefront slot); carried
                                // back unchanged, the walk path does not use it
    uint64_t seq = 0;           // order among requests that reach the IOMMU in the same
                                // cycle: lower first, then order of arrival
    // ---- response (the target's)
    bool     fault = false;     // the walk found a not-present entry
    uint64_t frame = 0;         // physical base of the page (0 on a fault)
    uint8_t  page_shift = 0;    // 12 (4 KB) or 21 (2 MB); 0 on a fault
    bool     coalesced = false; // completed by a neighbour's leaf line (MICRO'18)
    uint8_t  reads = 0;         // page-table lines its own walk read (0 when coalesced)
    uint64_t cycle_in = 0;      // the walk-path cycle that accepted it (arr_valid && arr_ready)
    uint64_t cycle_done = 0;    // the walk-path cycle of its completion (cpl_valid or rsp_fault);
                                // the response is timed at the end of that cycle

    tlm::tlm_extension_base *clone() const override { return new xl_sc_tlm_ext(*this); }
    void copy_from(const tlm::tlm_extension_base &e) override
    {
        *this = static_cast<const xl_sc_tlm_ext &>(e);
    }
    // Clears the response fields (an initiator reusing a payload).
    void clear_response()
    {
        fault = coalesced = false;
        frame = cycle_in = cycle_done = 0;
        page_shift = reads = 0;
    }
};

#endif
