// xl_sc_walk_path_rtl.h - the RTL of the IOMMU walk path (rtl/xl_walk_path.sv, Verilated
// with --sc by sc/build.sh) as a SystemC module behind xl_sc_iommu's sockets
// (docs/systemc.md "The RTL body"). A small transactor turns the glue's port values into
// the Verilated model's signals and back, once per rising edge of clk:
//
//   at the edge that starts cycle k (time k*T, before any signal has updated): read the
//   outputs of cycle k-1 (they settled during k-1) and hand them to the glue, then write
//   the inputs of cycle k; the RTL's flops take them at the next edge.
//
// So the transactor sees cycle k-1's outputs one edge later than the C body, which
// evaluates cycle k at time k*T; xl_sc_iommu times every effect of cycle k at the end of
// cycle k, (k+1)*T, so both bodies answer at the same times. Cycle 0 holds rst_ni low.
// The RTL is built at one parameter set (xl_sc_rtl_params.h, generated), with one address
// space (its parameter Asid).
#ifndef XL_SC_WALK_PATH_RTL_H
#define XL_SC_WALK_PATH_RTL_H

#include "xl_sc/xl_sc_iommu.h"

#include <type_traits>

extern "C" {
#include "xlat/walk_path.h"
}

class Vxl_sc_wp;

class xl_sc_walk_path_rtl : public xl_sc_iommu {
public:
    SC_HAS_PROCESS(xl_sc_walk_path_rtl);
    xl_sc_walk_path_rtl(sc_core::sc_module_name n, const opts &o);
    ~xl_sc_walk_path_rtl() override;

    bool set_root(uint16_t asid, uint64_t root, std::string &why) override;
    xl_sc_wp_counters counters() const override;
    const char *body() const override { return "rtl"; }

    // The parameter set it was built with, as the C twin's parameters (so a C body can be
    // made to match), its name, and the P line text an IOMMU-boundary trace recorded with
    // the same settings has (before " root=").
    static xl_walk_path_params_t params();
    static const char *params_name();
    static std::string p_line();
    static unsigned tag_bits();
    static const char *mutant();   // the mutant patch it was built with, or nullptr

private:
    struct Sigs;
    void tick();
    bool asid_ok(uint16_t asid) const override;

    Vxl_sc_wp *v_;
    Sigs *s_;
    xl_sc_wp_in prev_in_;
    bool root_set_ = false;
};

#endif
