// xl_sc_sim.h - the whole GPU translation system of the C model (model/include/xlat/sim.h:
// compute units, coalescer, TLBs, IOMMU, walk path, L2 data cache, DRAM) as a SystemC
// module clocked by an sc_clock (docs/systemc.md "The whole system"). It steps the model
// through its library API, xl_sim_step, so the run is the model's own run bit for bit
// (sim.h: a run stepped in any pieces is the same run): at the rising edge that starts
// cycle k it simulates the model's cycles up to k + quantum - 1, every quantum-th edge
// (quantum 1: every edge; larger: temporal decoupling, fewer kernel activations). The
// model's statistics are read with stat() / stats() (xl_sim_stats). This module has no
// sockets: the system's page-table reads go through its own memory system (DRAM model),
// and its host callbacks (host.h) are the embedder's, given at xl_sim_create_host. For the
// IOMMU alone behind TLM sockets, use xl_sc_walk_path_c.
#ifndef XL_SC_SIM_H
#define XL_SC_SIM_H

#include <systemc>

#include <cstdint>
#include <string>

extern "C" {
#include "xlat/sim.h"
#include "xlat/stats.h"
}

class xl_sc_sim : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk;
    sc_core::sc_event done_ev;   // notified when every kernel has finished (or on an error)

    SC_HAS_PROCESS(xl_sc_sim);
    // Takes the system (made with xl_sim_create*; destroyed with the module).
    xl_sc_sim(sc_core::sc_module_name n, xl_sim_t *g, unsigned quantum = 1);
    ~xl_sc_sim() override;

    bool done() const { return xl_sim_done(g_) != 0; }
    // The next model cycle to simulate (after completion: the run's length).
    uint64_t cycle() const { return xl_sim_now(g_); }
    // One statistic by its dotted name (model/README.md, e.g. "iommu.walks"); false when
    // there is none. Counters are live; derived ratios are meant for after the run.
    bool stat(const char *name, uint64_t *value) const;
    // Every counter and derived metric, registered into s (xl_sim_stats).
    void stats(xl_stats_t *s) const { xl_sim_stats(g_, s); }
    // The model's message when a step failed (watchdog, a walk that faulted), else empty.
    const std::string &error() const { return err_; }
    const xl_sim_t *sim() const { return g_; }

private:
    void tick();

    xl_sim_t *g_;
    unsigned quantum_;
    std::string err_;
};

#endif
