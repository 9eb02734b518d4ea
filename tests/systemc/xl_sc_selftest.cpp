// xl_sc_selftest.cpp - self-test of the SystemC walk-path modules (docs/systemc.md), one
// TAP line per check ("ok - ..." / "not ok - ..."), run by tests/systemc/check_systemc.sh:
//
//  1. bad payloads, through b_transport and nb_transport_fw, to both bodies: another
//     command, another length, byte enables, a non-canonical address, no extension, an
//     ASID without a root, an instruction id beyond 20 bits -> the response status the
//     standard names (xl_sc_tlm_ext.h), no crash, and the module still answers after;
//  2. hand-computed translations on an idle walk path with a memory of latency L cycles
//     over a page table built here (model/src/mem/addrspace.c): by walk_path.h's walker
//     timing and xl_sc_iommu.h's time rules, a request reaching the module at time 0 is
//     offered and dispatched in cycle 1 (IMMEDIATE), its walker asks for the L4 line in
//     cycle 2, each read of cycle k is presented in cycle k + 2 + L and the next read is
//     asked for the cycle after: a level costs 3 + L cycles, a full 4-level walk completes
//     in cycle 1 + 4 (3 + L) and is answered at the end of that cycle; a later request to
//     the same 2 MB region hits the L2 page-walk cache and reads one line (3 + L); a VA
//     whose L4 entry is not present faults after one read. Both bodies must give these;
//  3. the whole system (xl_sc_sim) clocked by an sc_clock, MVT at scale 0.001: the same
//     run as xl_sim_run without SystemC (sim.cycles, iommu.walks, dram reads equal), with
//     its statistics read from SystemC.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cinttypes>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "xl_sc/xl_sc_mem.h"
#include "xl_sc/xl_sc_sim.h"
#include "xl_sc/xl_sc_walk_path_c.h"
#include "xl_sc/xl_sc_walk_path_rtl.h"

extern "C" {
#include "xlat/config.h"
#include "xlat/workloads.h"
#include "xlat/addrspace.h"
#include "xlat/pagetable.h"
#include "xlat/physmem.h"
}

using namespace sc_core;
using namespace tlm;

namespace {

const uint64_t kLat = 10;   // memory latency, cycles

struct Result {
    tlm_response_status st = TLM_INCOMPLETE_RESPONSE;
    tlm_sync_enum sync = TLM_ACCEPTED;
    uint64_t pa = 0;
    xl_sc_tlm_ext ext;
    uint64_t t_ns = 0;
};

// One initiator: a fixed script of payloads, LT first, then the bad ones through AT.
struct Init : sc_module {
    tlm_utils::simple_initiator_socket<Init> sock;
    std::vector<Result> bad_lt, bad_at, good;
    int *finished;
    SC_HAS_PROCESS(Init);
    Init(sc_module_name n, int *fin) : sc_module(n), sock("sock"), finished(fin)
    {
        sock.register_nb_transport_bw(this, &Init::bw);
        SC_THREAD(run);
    }
    tlm_sync_enum bw(tlm_generic_payload &, tlm_phase &, sc_time &) { return TLM_COMPLETED; }

    // bad payload number i (0..6), set up in t with e (extension, or not attached)
    static void make_bad(int i, tlm_generic_payload &t, xl_sc_tlm_ext &e, unsigned char *d,
                         unsigned char *be)
    {
        t.set_command(TLM_READ_COMMAND);
        t.set_address(0x40003000);
        t.set_data_ptr(d);
        t.set_data_length(8);
        t.set_streaming_width(8);
        t.set_byte_enable_ptr(nullptr);
        t.set_byte_enable_length(0);
        e = xl_sc_tlm_ext();
        bool attach = true;
        switch (i) {
        case 0: t.set_command(TLM_WRITE_COMMAND); break;
        case 1: t.set_data_length(4); t.set_streaming_width(4); break;
        case 2: t.set_byte_enable_ptr(be); t.set_byte_enable_length(8); break;
        case 3: t.set_address(UINT64_C(0x0000800000000000)); break;   // bit 47 set, 63:48 not
        case 4: attach = false; break;
        case 5: e.asid = 2; break;
        default: e.instr_id = 0x100000; break;
        }
        if (attach)
            t.set_extension(&e);
    }

    void one_lt(uint64_t va, Result &r)
    {
        tlm_generic_payload t;
        xl_sc_tlm_ext e;
        unsigned char d[8] = {0};
        t.set_command(TLM_READ_COMMAND);
        t.set_address(va);
        t.set_data_ptr(d);
        t.set_data_length(8);
        t.set_streaming_width(8);
        t.set_extension(&e);
        sc_time delay = SC_ZERO_TIME;
        sock->b_transport(t, delay);
        wait(delay);
        r.st = t.get_response_status();
        for (int b = 0; b < 8; b++)
            r.pa |= (uint64_t)d[b] << (8 * b);
        r.ext = e;
        r.t_ns = (uint64_t)(sc_time_stamp().value() / 1000);
        t.clear_extension(&e);
    }

    void run()
    {
        unsigned char d[8], be[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
        // 2. the hand-computed translations, at 0, 100 and 200 ns (cycles 1, 101, 201)
        good.resize(3);
        one_lt(0x40003123, good[0]);
        wait(sc_time(100, SC_NS) - sc_time_stamp());
        one_lt(0x40005456, good[1]);
        wait(sc_time(200, SC_NS) - sc_time_stamp());
        one_lt(UINT64_C(0x7f0000000000), good[2]);
        // 1. bad payloads, LT then AT (BEGIN_REQ -> TLM_COMPLETED with the status)
        for (int i = 0; i < 7; i++) {
            tlm_generic_payload t;
            xl_sc_tlm_ext e;
            make_bad(i, t, e, d, be);
            sc_time delay = SC_ZERO_TIME;
            sock->b_transport(t, delay);
            Result r;
            r.st = t.get_response_status();
            bad_lt.push_back(r);
            t.clear_extension(&e);
        }
        for (int i = 0; i < 7; i++) {
            tlm_generic_payload t;
            xl_sc_tlm_ext e;
            make_bad(i, t, e, d, be);
            tlm_phase ph = BEGIN_REQ;
            sc_time delay = SC_ZERO_TIME;
            Result r;
            r.sync = sock->nb_transport_fw(t, ph, delay);
            r.st = t.get_response_status();
            bad_at.push_back(r);
            t.clear_extension(&e);
        }
        // still answers after the refusals
        good.resize(4);
        one_lt(0x40003123, good[3]);
        if (++*finished == 3)   // both initiators' scripts and the whole system are done
            sc_stop();
    }
};

// Stops the simulation once the whole system is done and both initiators are.
struct SimWatch : sc_module {
    xl_sc_sim &sim;
    int *finished;
    SC_HAS_PROCESS(SimWatch);
    SimWatch(sc_module_name n, xl_sc_sim &s, int *fin) : sc_module(n), sim(s), finished(fin)
    {
        SC_METHOD(on_done);
        sensitive << sim.done_ev;
        dont_initialize();
    }
    void on_done()
    {
        if (++*finished == 3)
            sc_stop();
    }
};

// MVT at scale 0.001 on the default configuration (the isca18 baseline), seed 1.
bool make_sim(xl_config_t *c, xl_workload_t *wl, xl_sim_t **g, std::string &why)
{
    char err[256] = "";
    xl_config_defaults(c);
    xl_wl_params_t wp;
    if (xl_config_set(c, "workload.min_rounds=0", err, sizeof err) != 0 ||
        xl_config_validate(c, err, sizeof err) != 0) {
        why = err;
        return false;
    }
    xl_config_wl_params(c, &wp);
    if (xl_wl_open(wl, "mvt", 1000, c->sim.seed, &wp, err, sizeof err) != 0 ||
        xl_sim_create(g, c, wl, err, sizeof err) != 0) {
        why = err;
        return false;
    }
    return true;
}

int fails = 0;
void tap(bool ok, const std::string &what)
{
    std::printf("%s - %s\n", ok ? "ok" : "not ok", what.c_str());
    fails += !ok;
}

}  // namespace

int sc_main(int, char **)
{
    sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);
    // the page table: 4 KB pages at 1 GB, sequential frames (every address predictable)
    char err[256] = "";
    xl_physmem_t *pm = xl_physmem_create(UINT64_C(64) << 20, XL_ALLOC_SEQUENTIAL, 1, err,
                                         sizeof err);
    xl_as_t as;
    if (pm == nullptr || xl_as_init(&as, pm, 1, err, sizeof err) != 0 ||
        xl_as_map_region(&as, 0x40000000, 64 << 10, 12, err, sizeof err) != 0) {
        std::printf("not ok - selftest: page table: %s\n", err);
        return 1;
    }
    auto src = [pm](uint64_t a, uint64_t l[8]) {
        xl_physmem_read_line(pm, a, l);
        return true;
    };
    sc_clock clk("clk", sc_time(1, SC_NS), 0.5, SC_ZERO_TIME, true);
    xl_sc_iommu::opts o;
    std::unique_ptr<xl_sc_iommu> body[2] = {
        std::unique_ptr<xl_sc_iommu>(new xl_sc_walk_path_c("c", xl_sc_walk_path_rtl::params(),
                                                           xl_sc_walk_path_rtl::tag_bits(), o)),
        std::unique_ptr<xl_sc_iommu>(new xl_sc_walk_path_rtl("rtl", o))};
    std::unique_ptr<xl_sc_mem> mem[2];
    std::unique_ptr<Init> ini[2];
    int finished = 0;
    for (int b = 0; b < 2; b++) {
        std::string why;
        body[b]->set_root(1, as.root, why);
        mem[b].reset(new xl_sc_mem(("mem_" + std::to_string(b)).c_str(), src,
                                   sc_time((double)kLat, SC_NS)));
        ini[b].reset(new Init(("init_" + std::to_string(b)).c_str(), &finished));
        body[b]->clk(clk);
        body[b]->mem.bind(mem[b]->tgt);
        ini[b]->sock.bind(body[b]->tgt);
    }
    // 3. the whole system, and the same run directly
    static xl_config_t cfg;
    static xl_workload_t wl;
    xl_sim_t *g = nullptr, *ref = nullptr;
    std::string why;
    if (!make_sim(&cfg, &wl, &g, why) || xl_sim_create(&ref, &cfg, &wl, err, sizeof err) != 0) {
        std::printf("not ok - selftest: the whole system: %s%s\n", why.c_str(), err);
        return 1;
    }
    xl_sc_sim sim("sim", g);
    sim.clk(clk);
    SimWatch watch("watch", sim, &finished);
    sc_start(sc_time(10, SC_MS));

    const char *const bad_name[] = {"a write command", "data length 4", "byte enables",
                                    "a non-canonical address", "no extension",
                                    "an ASID without a root", "an instruction id of 21 bits"};
    const tlm_response_status bad_want[] = {
        TLM_COMMAND_ERROR_RESPONSE, TLM_BURST_ERROR_RESPONSE, TLM_BYTE_ENABLE_ERROR_RESPONSE,
        TLM_ADDRESS_ERROR_RESPONSE, TLM_GENERIC_ERROR_RESPONSE, TLM_GENERIC_ERROR_RESPONSE,
        TLM_GENERIC_ERROR_RESPONSE};
    for (int b = 0; b < 2; b++) {
        std::string who = std::string("selftest ") + body[b]->body() + ": ";
        const Init &in = *ini[b];
        if (in.bad_lt.size() != 7 || in.bad_at.size() != 7 || in.good.size() != 4) {
            tap(false, who + "the script did not run to its end");
            continue;
        }
        for (int i = 0; i < 7; i++) {
            tlm_generic_payload probe;
            probe.set_response_status(bad_want[i]);
            tap(in.bad_lt[i].st == bad_want[i],
                who + "b_transport of " + bad_name[i] + " -> " + probe.get_response_string());
            tap(in.bad_at[i].st == bad_want[i] && in.bad_at[i].sync == TLM_COMPLETED,
                who + "nb_transport_fw(BEGIN_REQ) of " + bad_name[i] +
                    " -> TLM_COMPLETED, " + probe.get_response_string());
        }
        tap(body[b]->stats().errors == 14, who + "14 payloads counted as refused");
        // the hand-computed answers
        xl_walk_t w;
        xl_pt_walk(pm, as.root, 0x40003123, &w);
        const uint64_t full = 1 + 4 * (3 + kLat), hit = 101 + (3 + kLat), flt = 201 + 3 + kLat;
        const Result &g0 = in.good[0], &g1 = in.good[1], &g2 = in.good[2], &g3 = in.good[3];
        char buf[400];
        std::snprintf(buf, sizeof buf,
                      "a 4-level walk on an idle walk path, memory latency %" PRIu64
                      ": taken in cycle 1, done in cycle 1 + 4 (3 + L) = %" PRIu64
                      " with 4 reads, answered at %" PRIu64 " ns, pa 0x%" PRIx64
                      " (got cycles %" PRIu64 "/%" PRIu64 ", reads %u, %" PRIu64
                      " ns, pa 0x%" PRIx64 ")",
                      kLat, full, full + 1, w.pa, g0.ext.cycle_in, g0.ext.cycle_done,
                      g0.ext.reads, g0.t_ns, g0.pa);
        tap(g0.st == TLM_OK_RESPONSE && !g0.ext.fault && g0.ext.cycle_in == 1 &&
                g0.ext.cycle_done == full && g0.ext.reads == 4 && g0.t_ns == full + 1 &&
                g0.pa == w.pa && g0.ext.page_shift == 12,
            who + buf);
        xl_pt_walk(pm, as.root, 0x40005456, &w);
        std::snprintf(buf, sizeof buf,
                      "the same 2 MB region at cycle 101: an L2 page-walk-cache hit, one read, "
                      "done in cycle 101 + 3 + L = %" PRIu64 " (got %" PRIu64 ", reads %u)",
                      hit, g1.ext.cycle_done, g1.ext.reads);
        tap(g1.st == TLM_OK_RESPONSE && g1.ext.cycle_done == hit && g1.ext.reads == 1 &&
                g1.pa == w.pa,
            who + buf);
        std::snprintf(buf, sizeof buf,
                      "an unmapped L4 entry at cycle 201: a fault after one read in cycle "
                      "201 + 3 + L = %" PRIu64 ", TLM_OK_RESPONSE with fault set, data 0 (got "
                      "%" PRIu64 ", fault %d)",
                      flt, g2.ext.cycle_done, (int)g2.ext.fault);
        tap(g2.st == TLM_OK_RESPONSE && g2.ext.fault && g2.ext.cycle_done == flt && g2.pa == 0,
            who + buf);
        tap(g3.st == TLM_OK_RESPONSE && g3.pa == in.good[0].pa,
            who + "still translates after the refused payloads");
    }
    // the whole system against the direct run
    char rerr[256] = "";
    int rrc = xl_sim_run(ref, rerr, sizeof rerr);
    const char *names[] = {"sim.cycles", "iommu.walks", "l2tlb.misses", "dram.reads"};
    bool same = sim.done() && sim.error().empty() && rrc == 0;
    std::string got;
    xl_stats_t *rs = xl_stats_create();
    xl_sim_stats(ref, rs);
    for (const char *nm : names) {
        uint64_t a = 0, b = 0;
        bool fa = sim.stat(nm, &a), fb = xl_stats_get(rs, nm, &b) != 0;
        same = same && fa && fb && a == b;
        got += std::string(" ") + nm + " " + std::to_string(a) + "/" + std::to_string(b);
    }
    xl_stats_destroy(rs);
    tap(same, "selftest sim: the whole system (MVT, scale 0.001) clocked by an sc_clock is the "
              "direct run (SystemC/direct:" + got + ")");
    xl_sim_destroy(ref);
    xl_physmem_destroy(pm);
    return fails ? 1 : 0;
}
