// xl_sc_sim.cpp - the whole C model as a clocked SystemC module (xl_sc_sim.h;
// docs/systemc.md "The whole system").
#include "xl_sc/xl_sc_sim.h"

using namespace sc_core;

xl_sc_sim::xl_sc_sim(sc_module_name n, xl_sim_t *g, unsigned quantum)
    : sc_module(n), clk("clk"), g_(g), quantum_(quantum ? quantum : 1u)
{
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
}

xl_sc_sim::~xl_sc_sim() { xl_sim_destroy(g_); }

void xl_sc_sim::tick()
{
    if (done() || !err_.empty())
        return;
    sc_time period = sc_time(1, SC_NS);
    if (auto *c = dynamic_cast<sc_clock *>(clk.get_interface()))
        period = c->period();
    uint64_t k = sc_time_stamp().value() / period.value();
    if (k % quantum_ != 0)
        return;
    char err[512] = "";
    if (xl_sim_step(g_, k + quantum_, err, sizeof err) != 0) {
        err_ = err;
        SC_REPORT_WARNING(name(), err);
        done_ev.notify(SC_ZERO_TIME);
        return;
    }
    if (done())
        done_ev.notify(SC_ZERO_TIME);
}

bool xl_sc_sim::stat(const char *nm, uint64_t *value) const
{
    xl_stats_t *s = xl_stats_create();
    if (s == nullptr)
        return false;
    xl_sim_stats(g_, s);
    bool found = xl_stats_get(s, nm, value) != 0;
    xl_stats_destroy(s);
    return found;
}
