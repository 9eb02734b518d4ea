// xl_sc_walk_path_c.h - the C twin of the IOMMU walk path (model/include/xlat/walk_path.h)
// as a SystemC module behind xl_sc_iommu's sockets (docs/systemc.md "The C body"). It
// evaluates one cycle at each rising edge of clk it needs: xl_walk_path_comb, the glue,
// xl_walk_path_commit, the model's own functions, as the cycle-level model calls them. It
// is not sensitive to the clock's edge events: while the walk path is busy it schedules
// itself one period on, and through idle stretches (no arrival, no response,
// xl_walk_path_busy false) it sleeps until the next cycle with an input; the skipped
// cycles are spent by xl_walk_path_idle as the clocked RTL spends them (only cl_stalls
// changes). So its cost follows the traffic, not the clock. Several address spaces
// (set_root per ASID, below XL_WP_ASIDS) need coalescing off, as in the system model.
#ifndef XL_SC_WALK_PATH_C_H
#define XL_SC_WALK_PATH_C_H

#include "xl_sc/xl_sc_iommu.h"

extern "C" {
#include "xlat/stats.h"
#include "xlat/walk_path.h"
}

class xl_sc_walk_path_c : public xl_sc_iommu {
public:
    SC_HAS_PROCESS(xl_sc_walk_path_c);
    // Throws std::invalid_argument with the model's one-line message for parameters it
    // refuses.
    xl_sc_walk_path_c(sc_core::sc_module_name n, const xl_walk_path_params_t &p,
                      unsigned tag_bits, const opts &o);
    ~xl_sc_walk_path_c() override;

    bool set_root(uint16_t asid, uint64_t root, std::string &why) override;
    xl_sc_wp_counters counters() const override;
    const char *body() const override { return "c"; }
    // The model's own statistics registry entries of the walk path (walk_path_stats.c:
    // coalescing, buffer, scheduler, page-walk caches), registered into s.
    void model_stats(xl_stats_t *s) const;
    const xl_walk_path_t *model() const { return &m_; }
    // One cycle's ports between the glue (xl_sc_front) and the model: the inputs the glue
    // drives (roots: the page-table root per ASID; the memory port always ready) and the
    // outputs it reads back. The platform's direct run (no SystemC) uses the same pair.
    static void ports_in(const xl_sc_wp_in &gi, const xl_pa_t *roots, xl_walk_path_in_t *in);
    static void ports_out(const xl_walk_path_out_t &o, xl_sc_wp_out &go);

private:
    void tick();
    void wake(uint64_t k) override;
    bool asid_ok(uint16_t asid) const override;

    xl_walk_path_t m_;
    xl_walk_path_out_t o_;
    xl_pa_t roots_[XL_WP_ASIDS];
    bool root_set_[XL_WP_ASIDS];
    sc_core::sc_event wake_ev_;
    uint64_t last_k_ = 0;       // the last cycle evaluated (0: reset)
    bool last_stuck_ = false;
    bool sleeping_ = false;
};

#endif
