// xl_sc_platform.cpp - the SystemC platform that proves the two bodies interchangeable
// (docs/systemc.md "The platform"): a traffic generator replays the translation requests
// of a recorded IOMMU-boundary trace (`xlat run --iommu-trace FILE`) through TLM-2.0 into
// the C twin's module, the RTL's module or both, a memory target serves their page-table
// reads at a configurable latency, and every response of the two bodies is compared:
// status, physical address, fault, page size, reads, coalesced, the cycles it was taken
// and completed in, and its time. A difference prints what differs and exits 1, like the
// lockstep harnesses. `--body direct` runs the same traffic through the C twin and the
// same glue without SystemC (the speed reference; every body prints a digest of its
// answers, so a run can be checked against the direct one).
// Exit status: 0 pass, 1 a mismatch or an unanswered request, 2 bad options or files
// (one line).
#ifndef SC_INCLUDE_DYNAMIC_PROCESSES
#define SC_INCLUDE_DYNAMIC_PROCESSES
#endif
#include <systemc>
#include <tlm>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "xl_sc/xl_sc_gen.h"
#include "xl_sc/xl_sc_mem.h"
#include "xl_sc/xl_sc_trace.h"
#include "xl_sc/xl_sc_walk_path_c.h"
#include "xl_sc/xl_sc_walk_path_rtl.h"

extern "C" {
#include "xlat/stats.h"
}

using namespace sc_core;

namespace {

const char *const kProg = "xl_sc_platform";

[[noreturn]] void usage_error(const std::string &what)
{
    std::fprintf(stderr, "%s: error: %s\n", kProg, what.c_str());
    std::exit(2);
}

void usage(FILE *f)
{
    std::fprintf(f,
        "usage: %s --trace FILE [options]\n"
        "  --trace FILE        an IOMMU-boundary trace (xlat run --iommu-trace FILE): its\n"
        "                      requests are replayed at their cycles, its page-table lines\n"
        "                      are the memory's contents\n"
        "  --body B            c | rtl | both (compare every response) | direct (the C twin\n"
        "                      and the same glue without SystemC); default both\n"
        "  --mode M            lt (b_transport) | at (nb_transport, four phases); default lt\n"
        "  --mem-latency N     the memory's latency in clock periods (0..100000, default 20):\n"
        "                      a read of cycle k is answered in cycle k + 2 + N\n"
        "  --requests N        replay only the first N requests (default all)\n"
        "  --max-cycles N      give up (exit 1) at this cycle (default: the last request's\n"
        "                      cycle + 1000000)\n"
        "  --queue N           AT: requests the IOMMU holds before END_REQ waits (1..4096,\n"
        "                      default 16)\n"
        "  --quantum N         the initiator's global quantum in clock periods (0..100000,\n"
        "                      default 64)\n"
        "  --print N           print the first N responses of each body\n"
        "  --no-clock          --body c only: no sc_clock in the platform (the C body takes\n"
        "                      its period as a parameter; the speed of an LT platform)\n"
        "  --stats             print the walk path's counters and the C model's statistics\n"
        "  --help              this text\n"
        "The clock is 1 GHz (1 ns). The RTL was built with parameter set %s:\n  %s\n"
        "and a trace for --body rtl|both must have been recorded with the same settings.\n",
        kProg, xl_sc_walk_path_rtl::params_name(), xl_sc_walk_path_rtl::p_line().c_str());
}

uint64_t parse_u64(const std::string &opt, const char *v, uint64_t lo, uint64_t hi)
{
    if (v == nullptr)
        usage_error(opt + " needs a value");
    char *end = nullptr;
    errno = 0;
    unsigned long long n = std::strtoull(v, &end, 0);
    if (*v == '\0' || *v == '-' || *end != '\0' || errno != 0 || n < lo || n > hi)
        usage_error(opt + ": '" + v + "' is not a number in " + std::to_string(lo) + ".." +
                    std::to_string(hi));
    return n;
}

struct Opts {
    std::string argv0;
    std::string trace, body = "both", mode = "lt";
    uint64_t mem_latency = 20, requests = UINT64_MAX, max_cycles = 0, queue = 16,
             quantum = 64, print = 0;
    bool stats = false, no_clock = false;
};

Opts parse(int argc, char **argv)
{
    Opts o;
    o.argv0 = argv[0];
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
        auto val = [&]() {
            if (v == nullptr)
                usage_error(a + " needs a value");
            i++;
            return std::string(v);
        };
        if (a == "--help" || a == "-h") {
            usage(stdout);
            std::exit(0);
        } else if (a == "--trace") {
            o.trace = val();
            if (o.trace.empty())
                usage_error("--trace: empty file name");
        } else if (a == "--body") {
            o.body = val();
            if (o.body != "c" && o.body != "rtl" && o.body != "both" && o.body != "direct")
                usage_error("--body: '" + o.body + "' is not c, rtl, both or direct");
        } else if (a == "--mode") {
            o.mode = val();
            if (o.mode != "lt" && o.mode != "at")
                usage_error("--mode: '" + o.mode + "' is not lt or at");
        } else if (a == "--mem-latency") {
            o.mem_latency = parse_u64(a, v, 0, 100000);
            i++;
        } else if (a == "--requests") {
            o.requests = parse_u64(a, v, 1, UINT64_MAX);
            i++;
        } else if (a == "--max-cycles") {
            o.max_cycles = parse_u64(a, v, 1, UINT64_C(1) << 40);
            i++;
        } else if (a == "--queue") {
            o.queue = parse_u64(a, v, 1, 4096);
            i++;
        } else if (a == "--quantum") {
            o.quantum = parse_u64(a, v, 0, 100000);
            i++;
        } else if (a == "--print") {
            o.print = parse_u64(a, v, 0, UINT64_MAX);
            i++;
        } else if (a == "--stats") {
            o.stats = true;
        } else if (a == "--no-clock") {
            o.no_clock = true;
        } else {
            usage_error("unknown option '" + a + "' (--help lists them)");
        }
    }
    if (o.trace.empty())
        usage_error("--trace FILE is required");
    if (o.no_clock && o.body != "c")
        usage_error("--no-clock needs --body c (the RTL is clocked)");
    return o;
}

double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// FNV-1a over one answer's fields, in request order: equal digests, equal answers.
struct Digest {
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    void add(uint64_t v)
    {
        for (int i = 0; i < 8; i++) {
            h ^= (v >> (8 * i)) & 0xFFu;
            h *= UINT64_C(0x100000001b3);
        }
    }
};

struct Answer {
    bool got = false;
    xl_sc_gen_res r;
};

void digest_of(const std::vector<Answer> &a, Digest &d)
{
    for (const Answer &x : a) {
        d.add(x.got);
        d.add((uint64_t)x.r.status);
        d.add(x.r.pa);
        d.add(x.r.ext.fault);
        d.add(x.r.ext.page_shift);
        d.add(x.r.ext.reads);
        d.add(x.r.ext.coalesced);
        d.add(x.r.ext.cycle_in);
        d.add(x.r.ext.cycle_done);
    }
}

const char *status_name(tlm::tlm_response_status s)
{
    switch (s) {
    case tlm::TLM_OK_RESPONSE: return "ok";
    case tlm::TLM_INCOMPLETE_RESPONSE: return "incomplete";
    case tlm::TLM_GENERIC_ERROR_RESPONSE: return "generic_error";
    case tlm::TLM_ADDRESS_ERROR_RESPONSE: return "address_error";
    case tlm::TLM_COMMAND_ERROR_RESPONSE: return "command_error";
    case tlm::TLM_BURST_ERROR_RESPONSE: return "burst_error";
    case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE: return "byte_enable_error";
    }
    return "?";
}

void print_answer(const char *body, size_t i, const xl_sc_gen_req &q, const xl_sc_gen_res &r)
{
    std::printf("RESP body=%s i=%zu va=0x%" PRIx64 " status=%s pa=0x%" PRIx64 " fault=%d "
                "shift=%u reads=%u coalesced=%d cycle_in=%" PRIu64 " cycle_done=%" PRIu64
                " time_ns=%" PRIu64 "\n",
                body, i, q.va, status_name(r.status), r.pa,
                (int)r.ext.fault, r.ext.page_shift, r.ext.reads, (int)r.ext.coalesced,
                r.ext.cycle_in, r.ext.cycle_done, (uint64_t)(r.time.value() / 1000));
}

void print_counters(const char *body, const xl_sc_wp_counters &c)
{
    std::printf("counters body=%s walks=%" PRIu64 " reads_l4=%" PRIu64 " reads_l3=%" PRIu64
                " reads_l2=%" PRIu64 " reads_l1=%" PRIu64 " coalesced=%" PRIu64
                " resumed=%" PRIu64 " cl_stalls=%" PRIu64 " faults=%" PRIu64 "\n",
                body, c.walks, c.reads[4], c.reads[3], c.reads[2], c.reads[1], c.coalesced,
                c.resumed, c.cl_stalls, c.faults);
}

// The C twin and the glue without SystemC, with the memory's timing rule: a read of cycle
// k leaves at (k+1)T and is presented in cycle k + 2 + latency.
int run_direct(const xl_sc_trace &tr, const std::vector<xl_sc_gen_req> &reqs,
               const Opts &o, unsigned tag_bits, std::vector<Answer> &ans, uint64_t limit,
               uint64_t *cycles_out, xl_sc_wp_counters *cnt)
{
    xl_walk_path_t m;
    xl_walk_path_out_t out;
    char err[256] = "";
    if (xl_walk_path_init(&m, &tr.p, err, sizeof err) != 0 || xl_walk_path_out_init(&out, &m))
        usage_error(std::string("trace parameters: ") + err);
    xl_walk_path_reset(&m);
    xl_pa_t roots[XL_WP_ASIDS] = {0};
    roots[tr.asid] = tr.root;
    xl_sc_front f(tag_bits, tr.p.walkers);
    for (size_t i = 0; i < reqs.size(); i++)
        f.push(xl_sc_front::Req{i, reqs[i].va, reqs[i].instr_id, reqs[i].asid, reqs[i].cycle, i});
    std::vector<xl_sc_front::Done> done;
    std::vector<xl_sc_front::Read> reads;
    size_t answered = 0;
    uint64_t k = 1;
    bool stuck = false;
    while (answered < reqs.size() && k < limit) {
        xl_sc_wp_in gi;
        f.inputs(k, gi);
        xl_walk_path_in_t in;
        xl_sc_walk_path_c::ports_in(gi, roots, &in);
        xl_walk_path_comb(&m, &in, &out);
        xl_sc_wp_out go;
        xl_sc_walk_path_c::ports_out(out, go);
        done.clear();
        reads.clear();
        uint64_t acc;
        f.outputs(k, gi, go, done, reads, &acc);
        for (const xl_sc_front::Done &d : done) {
            Answer &a = ans[d.handle];
            a.got = true;
            a.r.status = tlm::TLM_OK_RESPONSE;
            uint64_t va = reqs[d.handle].va;
            a.r.pa = d.pa(va);
            a.r.ext.asid = reqs[d.handle].asid;
            a.r.ext.instr_id = reqs[d.handle].instr_id;
            a.r.ext.fault = d.fault;
            a.r.ext.frame = d.frame;
            a.r.ext.page_shift = d.shift;
            a.r.ext.reads = d.reads;
            a.r.ext.coalesced = d.coalesced;
            a.r.ext.cycle_in = d.cycle_in;
            a.r.ext.cycle_done = d.cycle_done;
            a.r.time = sc_time::from_value(1000 * (d.cycle_done + 1));
            answered++;
        }
        for (const xl_sc_front::Read &r : reads) {
            uint64_t line[8] = {0, 0, 0, 0, 0, 0, 0, 0};
            tr.line(r.addr, line);
            f.respond(r.walker, line, r.cycle + 2 + o.mem_latency, r.seq);
        }
        xl_walk_path_commit(&m, &in, &out);
        stuck = out.stuck;
        uint64_t next = k + 1;
        if (!gi.arr_valid && !gi.rsp_valid && !xl_walk_path_busy(&m, stuck)) {
            next = f.next_busy(k);
            if (next == UINT64_MAX)
                next = limit;
            if (next > k + 1)
                xl_walk_path_idle(&m, next - k - 1, stuck);
        }
        k = next;
    }
    *cycles_out = k;
    cnt->walks = m.walks;
    for (int l = 0; l < 5; l++)
        cnt->reads[l] = m.reads[l];
    cnt->coalesced = m.coalesced;
    cnt->resumed = m.resumed;
    cnt->cl_stalls = m.cl_stalls;
    cnt->faults = m.faults;
    xl_walk_path_out_free(&out);
    xl_walk_path_free(&m);
    return answered == reqs.size() ? 0 : 1;
}

// Compares the two bodies' answers as they come (expected: the C twin, actual: the RTL),
// and stops the simulation a few cycles after the last.
class Board {
public:
    Board(const std::vector<xl_sc_gen_req> &reqs, unsigned sides, const Opts &o,
          const xl_sc_trace &tr)
        : reqs_(reqs), sides_(sides), o_(o), tr_(tr)
    {
        for (unsigned s = 0; s < sides; s++)
            ans_[s].resize(reqs.size());
    }
    void done(unsigned side, size_t i, const xl_sc_gen_res &r)
    {
        Answer &a = ans_[side][i];
        a.got = true;
        a.r = r;
        count_[side]++;
        if (i < o_.print)
            print_answer(side == 0 ? names_[0] : names_[1], i, reqs_[i], r);
        if (sides_ == 2 && ans_[1 - side][i].got && !failed_)
            compare(i);
        bool all = true;
        for (unsigned s = 0; s < sides_; s++)
            all = all && count_[s] == reqs_.size();
        if (all || failed_)
            stop_.notify(sc_time(4, SC_NS));
    }
    sc_event stop_;
    bool failed_ = false;
    size_t compared_ = 0;
    size_t count_[2] = {0, 0};
    std::vector<Answer> ans_[2];
    const char *names_[2] = {"c", "rtl"};

private:
    void compare(size_t i)
    {
        const xl_sc_gen_res &e = ans_[0][i].r, &a = ans_[1][i].r;
        struct F {
            const char *name;
            uint64_t e, a;
        } f[] = {
            {"status", (uint64_t)e.status, (uint64_t)a.status},
            {"pa", e.pa, a.pa},
            {"fault", e.ext.fault, a.ext.fault},
            {"frame", e.ext.frame, a.ext.frame},
            {"page_shift", e.ext.page_shift, a.ext.page_shift},
            {"reads", e.ext.reads, a.ext.reads},
            {"coalesced", e.ext.coalesced, a.ext.coalesced},
            {"cycle_in", e.ext.cycle_in, a.ext.cycle_in},
            {"cycle_done", e.ext.cycle_done, a.ext.cycle_done},
            {"time_ps", e.time.value(), a.time.value()},
        };
        bool same = true;
        for (const F &x : f)
            same = same && x.e == x.a;
        if (same) {
            compared_++;
            hist_.push_back(i);
            if (hist_.size() > 8)
                hist_.pop_front();
            return;
        }
        failed_ = true;
        const xl_sc_gen_req &q = reqs_[i];
        std::printf("MISMATCH platform=%s mode=%s rtl=%s%s%s request=%zu va=0x%" PRIx64
                    " instr=0x%x first_cycle=%" PRIu64 " (trace cycle %" PRIu64 ")\n",
                    kProg, o_.mode.c_str(), xl_sc_walk_path_rtl::params_name(),
                    xl_sc_walk_path_rtl::mutant() ? " mutant=" : "",
                    xl_sc_walk_path_rtl::mutant() ? xl_sc_walk_path_rtl::mutant() : "", i, q.va,
                    q.instr_id, q.cycle, q.cycle + base_);
        std::printf("  %-12s %20s %20s\n", "field", "expected (C twin)", "actual (RTL)");
        for (const F &x : f)
            std::printf("  %-12s %20" PRIu64 " %20" PRIu64 "%s\n", x.name, x.e, x.a,
                        x.e != x.a ? "   <-- differs" : "");
        std::printf("  the last requests that agreed (i: cycle_done pa):");
        for (size_t h : hist_)
            std::printf(" %zu: %" PRIu64 " 0x%" PRIx64 ";", h, ans_[0][h].r.ext.cycle_done,
                        ans_[0][h].r.pa);
        std::printf("\n  reproduce: %s --trace %s --body both --mode %s --mem-latency %" PRIu64
                    " --requests %zu\n",
                    o_.argv0.c_str(), o_.trace.c_str(), o_.mode.c_str(),
                    o_.mem_latency, i + 1);
    }

public:
    uint64_t base_ = 0;

private:
    const std::vector<xl_sc_gen_req> &reqs_;
    unsigned sides_;
    const Opts &o_;
    const xl_sc_trace &tr_;
    std::deque<size_t> hist_;
};

struct Stopper : sc_module {
    SC_HAS_PROCESS(Stopper);
    Stopper(sc_module_name n, sc_event &ev) : sc_module(n)
    {
        SC_METHOD(stop);
        sensitive << ev;
        dont_initialize();
    }
    void stop() { sc_stop(); }
};

}  // namespace

int sc_main(int argc, char **argv)
{
    Opts o = parse(argc, argv);
    // the kernel's "stopped by user" note says nothing about the run (its banner goes with
    // SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 in the environment)
    sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);
    xl_sc_trace tr;
    std::string err;
    if (!tr.load(o.trace, err))
        usage_error("trace " + err);
    bool want_rtl = o.body == "rtl" || o.body == "both";
    if (want_rtl && tr.params != xl_sc_walk_path_rtl::p_line())
        usage_error("trace " + o.trace + ": P line '" + tr.params +
                    "' does not match the RTL's parameter set " +
                    xl_sc_walk_path_rtl::params_name() + " ('" + xl_sc_walk_path_rtl::p_line() +
                    "')");
    // The requests: the trace's, the first at cycle 1, the others at the same distances.
    uint64_t base = tr.reqs.front().cycle - 1;
    std::vector<xl_sc_gen_req> reqs;
    for (const xl_sc_trace::Req &r : tr.reqs) {
        if (reqs.size() >= o.requests)
            break;
        reqs.push_back(xl_sc_gen_req{r.cycle - base, r.va, r.instr_id, tr.asid});
    }
    uint64_t limit = o.max_cycles ? o.max_cycles : reqs.back().cycle + 1000000;
    unsigned tag_bits = xl_sc_walk_path_rtl::tag_bits();
    std::printf("trace %s: %zu requests (of %zu), %zu page-table lines, trace cycles %" PRIu64
                "..%" PRIu64 "; P %s root=0x%" PRIx64 "\n",
                o.trace.c_str(), reqs.size(), tr.reqs.size(), tr.lines.size(), tr.first_cycle,
                tr.last_cycle, tr.params.c_str(), tr.root);

    if (o.body == "direct") {
        std::vector<Answer> ans(reqs.size());
        uint64_t cycles;
        xl_sc_wp_counters c;
        double t0 = now_s();
        int rc = run_direct(tr, reqs, o, tag_bits, ans, limit, &cycles, &c);
        double dt = now_s() - t0;
        Digest d;
        digest_of(ans, d);
        for (size_t i = 0; i < reqs.size() && i < o.print; i++)
            if (ans[i].got)
                print_answer("direct", i, reqs[i], ans[i].r);
        if (o.stats)
            print_counters("direct", c);
        if (rc != 0) {
            std::printf("FAIL body=direct: not every request was answered by cycle %" PRIu64 "\n",
                        limit);
            return 1;
        }
        std::printf("PASS body=direct mem_latency=%" PRIu64 " requests=%zu cycles=%" PRIu64
                    " digest=%016" PRIx64 " time=%.3fs rate=%.0f requests/s\n",
                    o.mem_latency, reqs.size(), cycles, d.h, dt,
                    dt > 0 ? (double)reqs.size() / dt : 0.0);
        return 0;
    }

    sc_report_handler::set_actions(SC_ID_MORE_THAN_ONE_SIGNAL_DRIVER_, SC_DO_NOTHING);
    tlm::tlm_global_quantum::instance().set(sc_time((double)o.quantum, SC_NS));
    std::unique_ptr<sc_clock> clk;
    if (!o.no_clock)
        clk.reset(new sc_clock("clk", sc_time(1, SC_NS), 0.5, SC_ZERO_TIME, true));
    xl_sc_iommu::opts io;
    io.mem_at = o.mode == "at";
    io.queue_depth = (unsigned)o.queue;
    sc_signal<bool> no_clk("no_clk");   // --no-clock: the C body's clk, never toggled
    if (o.no_clock)
        io.period = sc_time(1, SC_NS);

    std::vector<std::unique_ptr<xl_sc_iommu>> bodies;
    try {
        if (o.body == "c" || o.body == "both")
            bodies.emplace_back(new xl_sc_walk_path_c("iommu_c", tr.p, tag_bits, io));
        if (want_rtl)
            bodies.emplace_back(new xl_sc_walk_path_rtl("iommu_rtl", io));
    } catch (const std::exception &e) {
        usage_error(std::string("trace parameters: ") + e.what());
    }
    Board board(reqs, (unsigned)bodies.size(), o, tr);
    board.base_ = base;
    board.names_[0] = bodies[0]->body();
    if (bodies.size() > 1)
        board.names_[1] = bodies[1]->body();
    Stopper stopper("stopper", board.stop_);
    std::vector<std::unique_ptr<xl_sc_gen>> gens;
    std::vector<std::unique_ptr<xl_sc_mem>> mems;   // one per body, the same contents
    for (unsigned s = 0; s < bodies.size(); s++) {
        xl_sc_iommu &b = *bodies[s];
        mems.emplace_back(new xl_sc_mem(("mem_" + std::string(b.body())).c_str(),
                                        [&tr](uint64_t a, uint64_t l[8]) { return tr.line(a, l); },
                                        sc_time((double)o.mem_latency, SC_NS)));
        if (o.no_clock)
            b.clk(no_clk);
        else
            b.clk(*clk);
        b.mem.bind(mems.back()->tgt);
        std::string why;
        if (!b.set_root(tr.asid, tr.root, why))
            usage_error("trace " + o.trace + ": " + why);
        gens.emplace_back(new xl_sc_gen(("gen_" + std::string(b.body())).c_str(), reqs,
                                        o.mode == "at", sc_time(1, SC_NS),
                                        [&board, s](size_t i, const xl_sc_gen_res &r) {
                                            board.done(s, i, r);
                                        }));
        gens.back()->sock.bind(b.tgt);
    }

    double t0 = now_s();
    sc_start(sc_time((double)limit, SC_NS));
    double dt = now_s() - t0;
    uint64_t cycles = (uint64_t)(sc_time_stamp().value() / 1000);

    for (auto &b : bodies) {
        const xl_sc_iommu::io_stats &s = b->stats();
        std::printf("body=%s requests=%" PRIu64 " completions=%" PRIu64 " faults=%" PRIu64
                    " errors=%" PRIu64 " reads=%" PRIu64 " cycles_evaluated=%" PRIu64
                    " cycles_idle=%" PRIu64 "\n",
                    b->body(), s.requests, s.completions, s.faults, s.errors, s.reads, s.cycles,
                    s.idle_cycles);
        if (o.stats)
            print_counters(b->body(), b->counters());
        if (o.stats && std::strcmp(b->body(), "c") == 0) {
            xl_stats_t *st = xl_stats_create();
            static_cast<xl_sc_walk_path_c *>(b.get())->model_stats(st);
            xl_stats_print(st, stdout);
            xl_stats_destroy(st);
        }
    }
    for (auto &m : mems)
        std::printf("%s: %" PRIu64 " reads, %" PRIu64 " of lines the trace does not hold "
                    "(read as zeros)\n", m->name(), m->reads(), m->unknown_lines());
    if (board.failed_)
        return 1;
    for (unsigned s = 0; s < bodies.size(); s++)
        if (board.count_[s] != reqs.size()) {
            std::printf("FAIL body=%s: %zu of %zu requests answered by cycle %" PRIu64
                        " (--max-cycles)\n",
                        board.names_[s], board.count_[s], reqs.size(), cycles);
            return 1;
        }
    if (bodies.size() == 2) {
        // the counters, once both are quiet (every request answered, no read out)
        xl_sc_wp_counters c = bodies[0]->counters(), r = bodies[1]->counters();
        uint64_t cv[] = {c.walks, c.reads[1], c.reads[2], c.reads[3], c.reads[4], c.coalesced,
                         c.resumed, c.cl_stalls, c.faults};
        uint64_t rv[] = {r.walks, r.reads[1], r.reads[2], r.reads[3], r.reads[4], r.coalesced,
                         r.resumed, r.cl_stalls, r.faults};
        const char *nm[] = {"walks", "reads_l1", "reads_l2", "reads_l3", "reads_l4",
                            "coalesced", "resumed", "cl_stalls", "faults"};
        for (int i = 0; i < 9; i++)
            if (cv[i] != rv[i]) {
                std::printf("MISMATCH platform=%s mode=%s counter %s at the end: C twin %" PRIu64
                            ", RTL %" PRIu64 "\n", kProg, o.mode.c_str(), nm[i], cv[i], rv[i]);
                return 1;
            }
    }
    Digest d[2];
    for (unsigned s = 0; s < bodies.size(); s++)
        digest_of(board.ans_[s], d[s]);
    std::printf("PASS body=%s mode=%s mem_latency=%" PRIu64 " requests=%zu compared=%zu cycles=%"
                PRIu64 " digest=%016" PRIx64 " time=%.3fs rate=%.0f requests/s %.0f cycles/s\n",
                o.body.c_str(), o.mode.c_str(), o.mem_latency, reqs.size(), board.compared_,
                cycles, d[0].h, dt, dt > 0 ? (double)reqs.size() / dt : 0.0,
                dt > 0 ? (double)cycles / dt : 0.0);
    return 0;
}
