// xl_dram_gsn_lockstep.cpp - Verilator lockstep harness of MASK's Golden / Silver / Normal
// DRAM queues of one channel: the C twin (model/src/mem/dram_gsn.c: xl_dram_gsn_comb /
// xl_dram_gsn_step, every rule and tie in model/include/xlat/dram_gsn.h) and the Verilated
// RTL (rtl/xl_dram_gsn.sv) get the same inputs every cycle, and every output, every counter
// and the internal state are compared every cycle (docs/design.md twin contract and
// verification stack item 3; harness shape from docs/rtl.md §1.10, §1.11 and
// xl_pwc_lockstep.cpp).
//
// One edge per clock: the C twin's clk is the number of clock edges since the last reset
// (edge 0 has clk 0), which is what the RTL's per-clock counters count (the RTL header,
// "form difference" 3 and 4).
//
// Per cycle: inputs (seeded xl_rng, model/include/xlat/rng.h, or the next edge of a
// recorded trace), drive them, eval; ask the C twin for the expected outputs (comb);
// compare outputs and counters; compare the internal state (GsnState: every slot's valid
// bit and, for a valid slot, app, depth, write, xlat, bank, row, seq and tag; next_seq,
// silver_app, silver_cnt, the quotas and the timeout's elapsed clocks: the RTL's
// public_flat_rd registers of tests/lockstep/xl_dram_gsn_waiver.vlt, found by name in the
// scope table); count coverage from the C state; step the C twin; clock edge.
// Unreset flops start random (Verilator --x-initial unique with randReset 2).
//
// Two RTL parameter sets are linked into this binary as separate Verilated models,
// Vxl_dram_gsn_small and Vxl_dram_gsn_paper (tests/lockstep/build_dram_gsn.sh writes the
// numbers once, for Verilator's -G and this file's -DXL_GSN_*_GEOM).
// See tests/lockstep/README.md for the options.
#include "lockstep.h"

#include <algorithm>
#include <fstream>
#include <type_traits>

#include "public_var.h"

#ifndef XL_ONLY_PAPER
#include "Vxl_dram_gsn_small.h"
#endif
#ifndef XL_ONLY_SMALL
#include "Vxl_dram_gsn_paper.h"
#endif

extern "C" {
#include "xlat/dram_gsn.h"
#include "xlat/rng.h"
}
#include "xl_gsn_trace.h"

// {Banks, GqEntries, SqEntries, NqEntries, NApps, ThreshMax, GqBackpressure, GqStrictHead,
//  SilverTimeout, RowW, TagW, StatWidth}
#ifndef XL_GSN_SMALL_GEOM
#define XL_GSN_SMALL_GEOM {4, 2, 4, 6, 3, 9, 1, 1, 11, 3, 8, 12}
#endif
#ifndef XL_GSN_PAPER_GEOM
#define XL_GSN_PAPER_GEOM {8, 16, 64, 192, 2, 500, 0, 0, 0, 16, 32, 64}
#endif

namespace {

const char *const kProg = "xl_dram_gsn_lockstep";
const unsigned kQ = XL_GSN_QUEUES;
const char *const kQName[kQ] = {"gq", "sq", "nq"};
// A replay inserts at most this many idle edges for a gap between two recorded clocks.
const uint64_t kGapCap = 3;

struct Geom {
    uint32_t g[12];
    uint32_t banks() const { return g[0]; }
    uint32_t entries(unsigned q) const { return g[1 + q]; }
    uint32_t napps() const { return g[4]; }
    uint32_t thresh_max() const { return g[5]; }
    uint32_t gq_backpressure() const { return g[6]; }
    uint32_t gq_strict_head() const { return g[7]; }
    uint32_t silver_timeout() const { return g[8]; }
    unsigned row_w() const { return g[9]; }
    unsigned tag_w() const { return g[10]; }
    unsigned stat_width() const { return g[11]; }
    uint32_t max_entries() const { return std::max(g[1], std::max(g[2], g[3])); }
    unsigned slot_w() const
    {
        unsigned w = 0;
        while ((UINT32_C(1) << w) < max_entries())
            w++;
        return w > 0 ? w : 1;
    }
    unsigned cnt_w() const { return slot_w() + 1; }
    unsigned bank_w() const
    {
        unsigned w = 0;
        while ((UINT32_C(1) << w) < banks())
            w++;
        return w > 0 ? w : 1;
    }
    uint64_t row_mask() const { return row_w() >= 64 ? UINT64_MAX : (UINT64_C(1) << row_w()) - 1u; }
    uint64_t tag_mask() const { return tag_w() >= 64 ? UINT64_MAX : (UINT64_C(1) << tag_w()) - 1u; }
    uint64_t stat_mask() const
    {
        return stat_width() >= 64 ? UINT64_MAX : (UINT64_C(1) << stat_width()) - 1u;
    }
    xl_gsn_params_t params() const
    {
        xl_gsn_params_t p;
        std::memset(&p, 0, sizeof p);
        p.banks = banks();
        for (unsigned q = 0; q < kQ; q++)
            p.entries[q] = entries(q);
        p.napps = napps();
        p.thresh_max = thresh_max();
        p.gq_backpressure = (uint8_t)gq_backpressure();
        p.gq_strict_head = (uint8_t)gq_strict_head();
        p.silver_timeout = silver_timeout();
        return p;
    }
    std::string describe() const
    {
        char b[300];
        std::snprintf(b, sizeof b,
                      "banks=%u entries=%u/%u/%u napps=%u thresh_max=%u gq_backpressure=%u "
                      "gq_strict_head=%u silver_timeout=%u",
                      banks(), entries(0), entries(1), entries(2), napps(), thresh_max(),
                      gq_backpressure(), gq_strict_head(), silver_timeout());
        return b;
    }
};
const Geom kSmall = {XL_GSN_SMALL_GEOM};
const Geom kPaper = {XL_GSN_PAPER_GEOM};

struct Opts : xl_ls::CommonOpts {
    std::string params = "small";
    std::string mode = "random";
    uint64_t state_every = 1;
    std::string trace_file;        // replay: the trace (--trace-file)
    uint64_t channel = 0;
    bool channel_given = false;
    bool seq_start_given = false;
    uint64_t seq_start = 0;        // --seq-start N; default: chosen per reset from the seed
    Opts() : CommonOpts("iss_slot", "build/rtl/dram_gsn/waves") {}
};

void usage(FILE *f)
{
    std::fprintf(f,
        "usage: %s [options]\n"
        "  --params small|paper  RTL/C parameter set: small = 4 banks, GQ/SQ/NQ 2/4/6, 3\n"
        "                      applications, thresh_max 9, GQ backpressure, GQ strict head,\n"
        "                      Silver timeout 11, rows 3 bits, tags 8, 12-bit statistics\n"
        "                      (compared modulo 2^12); paper = 8 banks, 16/64/192, 2\n"
        "                      applications, thresh_max 500, full GQ to NQ, no timeout, rows\n"
        "                      16 bits, tags 32, 64-bit statistics (configs/mask.ini)\n"
        "  --mode random|pressure|replay  random: arrival, issue and bank rates drawn per phase;\n"
        "                      pressure: an arrival every cycle, banks busy most cycles (queues\n"
        "                      fill), a quota commit every 2-8 cycles with small quotas;\n"
        "                      replay: the edges of one channel of --trace-file\n"
        "  --trace-file F      an `xlat run --gsn-trace` file (implies --mode replay); its\n"
        "                      parameters must be the --params set's. Its edges are replayed\n"
        "                      one per clock, with min(gap - 1, %u) idle edges for a gap\n"
        "                      between two recorded clocks; the whole trace unless --cycles\n"
        "  --channel N         the trace's channel to replay (default 0)\n"
        "  --seq-start N       the arrival sequence after every reset (default: the random\n"
        "                      modes start below 2^32 by one to two times the queues' slots,\n"
        "                      and again after half the mid-run resets, so ages are compared\n"
        "                      across the wrap; replay: 0)\n"
        "  --state-every N     compare the internal state every N cycles (default 1; 0 = only\n"
        "                      after the last edge); --inject-field gsn_valid|gsn_app|\n"
        "                      gsn_depth|gsn_write|gsn_xlat|gsn_bank|gsn_row|gsn_seq|gsn_tag|\n"
        "                      gsn_next_seq|gsn_silver_app|gsn_silver_cnt|gsn_thresh|\n"
        "                      gsn_elapsed corrupts the first compared item of that kind\n",
        kProg, (unsigned)kGapCap);
    xl_ls::usage_common(f, Opts(), " / replay digest differs",
                        " / trace unreadable or not of this build");
}

const char *const kFieldNames[] = {
    "arr_ready", "arr_queue", "arr_xlat", "arr_slot",
    "iss_valid", "iss_queue", "iss_slot", "iss_hit", "iss_bank", "iss_row", "iss_app",
    "iss_depth", "iss_write", "iss_xlat", "iss_tag", "iss_seq",
    "silver_app", "silver_cnt",
    "occ_gq", "occ_sq", "occ_nq", "max_occ_gq", "max_occ_sq", "max_occ_nq",
    "enq_gq", "enq_sq", "enq_nq", "issued_gq", "issued_sq", "issued_nq",
    "issued_hit_gq", "issued_hit_sq", "issued_hit_nq",
    "occ_sum_gq", "occ_sum_sq", "occ_sum_nq",
    "gq_overflows", "refused", "issued_xlat_nq", "silver_turns", "quota_exhaustions",
    "commit_advances", "timeout_advances",
};
const unsigned kNumFields = sizeof kFieldNames / sizeof kFieldNames[0];

// The state items (--inject-field), GsnState::diff's kinds in this order.
const char *const kStateNames[] = {
    "gsn_valid", "gsn_app", "gsn_depth", "gsn_write", "gsn_xlat", "gsn_bank", "gsn_row",
    "gsn_seq", "gsn_tag", "gsn_next_seq", "gsn_silver_app", "gsn_silver_cnt", "gsn_thresh",
    "gsn_elapsed", nullptr,
};
enum { kSValid, kSApp, kSDepth, kSWrite, kSXlat, kSBank, kSRow, kSSeq, kSTag, kSNextSeq,
       kSSilverApp, kSSilverCnt, kSThresh, kSElapsed };

Opts parse(int argc, char **argv)
{
    Opts o;
    bool mode_given = false;
    xl_ls::parse_args(kProg, argc, argv, o, usage, [&](xl_ls::ArgWalker &a) {
        if (a.is("--params")) {
            o.params = a.choice("parameter set", {"small", "paper"});
#ifdef XL_ONLY_SMALL
            if (o.params != "small")
                xl_ls::usage_error(kProg, "--params: this build has only the small model");
#endif
#ifdef XL_ONLY_PAPER
            if (o.params != "paper")
                xl_ls::usage_error(kProg, "--params: this build has only the paper model");
#endif
        } else if (a.is("--mode")) {
            o.mode = a.choice("mode", {"random", "pressure", "replay"});
            mode_given = true;
        } else if (a.is("--trace-file")) {
            o.trace_file = a.value();
            if (o.trace_file.empty())
                xl_ls::usage_error(kProg, "--trace-file: empty file name");
        } else if (a.is("--channel")) {
            o.channel = a.u64(0, 1023);
            o.channel_given = true;
        } else if (a.is("--seq-start")) {
            o.seq_start = a.u64(0, UINT32_MAX);
            o.seq_start_given = true;
        } else if (a.is("--state-every")) {
            o.state_every = a.u64(0, UINT64_MAX);
        } else {
            return false;
        }
        return true;
    });
#ifdef XL_ONLY_PAPER
    o.params = "paper";
#endif
    if (!o.trace_file.empty()) {
        if (mode_given && o.mode != "replay")
            xl_ls::usage_error(kProg, "--trace-file F and --mode %s exclude each other",
                               o.mode.c_str());
        o.mode = "replay";
    } else if (o.mode == "replay") {
        xl_ls::usage_error(kProg, "--mode replay needs --trace-file F");
    }
    if (o.channel_given && o.mode != "replay")
        xl_ls::usage_error(kProg, "--channel needs --trace-file F");
    if (o.rtl_only && o.mode == "replay")
        xl_ls::usage_error(kProg, "--rtl-only measures the random and pressure stimulus only");
    std::vector<std::string> names(std::begin(kFieldNames), std::end(kFieldNames));
    for (const char *const *n = kStateNames; *n != nullptr; n++)
        names.push_back(*n);
    // A replay's length is the trace's unless --cycles is given.
    xl_ls::check_common(kProg, o, names, o.mode != "replay" || o.cycles_given);
    if (o.inject && o.inject_field.rfind("gsn_", 0) == 0 &&
        (o.state_every == 0 || o.inject_cycle % o.state_every != 0))
        xl_ls::usage_error(kProg, "--inject-field %s: the state is not compared at cycle %"
                           PRIu64 " (--state-every %" PRIu64 ")", o.inject_field.c_str(),
                           o.inject_cycle, o.state_every);
    return o;
}

// ----------------------------------------------------------------------------- port access

// Bits [lo, lo + w) of a port or register, w <= 64: a plain integer (Verilator's CData,
// SData, IData, QData) or a wide value (VlWide, 32-bit words, least significant first).
template <class T>
uint64_t get_bits(const T &p, unsigned lo, unsigned w)
{
    static_assert(std::is_integral<T>::value, "a Verilated integer port");
    uint64_t v = lo >= 64 ? 0 : (uint64_t)p >> lo;
    return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1u);
}
template <std::size_t N>
uint64_t get_bits(const VlWide<N> &p, unsigned lo, unsigned w)
{
    unsigned wi = lo / 32u, got = 32u - lo % 32u;
    uint64_t v = (uint64_t)p[wi] >> (lo % 32u);
    while (got < w && ++wi < N) {
        v |= (uint64_t)p[wi] << got;
        got += 32u;
    }
    return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1u);
}
template <class T>
void set_bits(T &p, unsigned lo, unsigned w, uint64_t v)
{
    static_assert(std::is_integral<T>::value, "a Verilated integer port");
    uint64_t m = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
    uint64_t x = (uint64_t)p;
    x = (x & ~(m << lo)) | ((v & m) << lo);
    p = (T)x;
}
template <std::size_t N>
void set_bits(VlWide<N> &p, unsigned lo, unsigned w, uint64_t v)
{
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lo + i;
        uint32_t bit = UINT32_C(1) << (b % 32u);
        if (v >> i & 1u)
            p[b / 32u] |= bit;
        else
            p[b / 32u] &= ~bit;
    }
}

// Drives one edge's inputs (already in the ports' ranges: the stimulus and the trace reader
// give rows of RowW bits, tags of TagW bits).
template <class M>
void drive(M *m, const Geom &g, const xl_gsn_in_t &in)
{
    m->arr_valid_i = in.arr_valid & 1u;
    m->arr_bank_i = in.arr_bank;
    m->arr_row_i = in.arr_row;
    m->arr_app_i = in.arr_app & 31u;
    m->arr_depth_i = in.arr_depth & 7u;
    m->arr_write_i = in.arr_write & 1u;
    m->arr_tag_i = in.arr_tag;
    m->iss_en_i = in.iss_en & 1u;
    m->bank_ready_i = in.bank_ready;
    m->open_valid_i = in.open_valid;
    for (uint32_t b = 0; b < g.banks(); b++)
        set_bits(m->open_row_i, b * g.row_w(), g.row_w(), in.open_row[b]);
    m->quota_valid_i = in.quota_valid & 1u;
    for (uint32_t a = 0; a < g.napps(); a++)
        set_bits(m->quota_i, a * 9u, 9u, in.quota[a]);
}

// Expected (C) and actual (RTL) values of every compared field, kFieldNames order.
// Counters are compared modulo 2^StatWidth.
template <class M>
void fields(const M *m, const Geom &g, const xl_dram_gsn_t *c, const xl_gsn_out_t &o,
            xl_ls::Field *f)
{
    const uint64_t sm = g.stat_mask();
    const unsigned sw = g.stat_width(), cw = g.cnt_w();
    unsigned k = 0;
    auto add = [&](uint64_t e, uint64_t a) {
        f[k].name = kFieldNames[k];
        f[k].exp = e;
        f[k].act = a;
        k++;
    };
    add(o.arr_ready, m->arr_ready_o);
    add(o.arr_queue, m->arr_queue_o);
    add(o.arr_xlat, m->arr_xlat_o);
    add(o.arr_slot, m->arr_slot_o);
    add(o.iss_valid, m->iss_valid_o);
    add(o.iss_queue, m->iss_queue_o);
    add(o.iss_slot, m->iss_slot_o);
    add(o.iss_hit, m->iss_hit_o);
    add(o.iss.bank, m->iss_bank_o);
    add(o.iss.row, get_bits(m->iss_row_o, 0, g.row_w()));
    add(o.iss.app, m->iss_app_o);
    add(o.iss.depth, m->iss_depth_o);
    add(o.iss.write, m->iss_write_o);
    add(o.iss.xlat, m->iss_xlat_o);
    add(o.iss.tag, m->iss_tag_o);
    add(o.iss.seq, m->iss_seq_o);
    add(o.silver_app, m->silver_app_o);
    add(o.silver_cnt, m->silver_cnt_o);
    for (unsigned q = 0; q < kQ; q++)
        add(c->n[q], get_bits(m->occ_o, q * cw, cw));
    for (unsigned q = 0; q < kQ; q++)
        add(c->max_occ[q], get_bits(m->max_occ_o, q * cw, cw));
    for (unsigned q = 0; q < kQ; q++)
        add(c->enq[q] & sm, get_bits(m->enq_o, q * sw, sw));
    for (unsigned q = 0; q < kQ; q++)
        add(c->issued[q] & sm, get_bits(m->issued_o, q * sw, sw));
    for (unsigned q = 0; q < kQ; q++)
        add(c->issued_hit[q] & sm, get_bits(m->issued_hit_o, q * sw, sw));
    for (unsigned q = 0; q < kQ; q++)
        add(c->occ_sum[q] & sm, get_bits(m->occ_sum_o, q * sw, sw));
    add(c->gq_overflows & sm, get_bits(m->gq_overflows_o, 0, sw));
    add(c->refused & sm, get_bits(m->refused_o, 0, sw));
    add(c->issued_xlat_nq & sm, get_bits(m->issued_xlat_nq_o, 0, sw));
    add(c->silver_turns & sm, get_bits(m->silver_turns_o, 0, sw));
    add(c->quota_exhaustions & sm, get_bits(m->quota_exhaustions_o, 0, sw));
    add(c->commit_advances & sm, get_bits(m->commit_advances_o, 0, sw));
    add(c->timeout_advances & sm, get_bits(m->timeout_advances_o, 0, sw));
}

// ----------------------------------------------------------------------------- internal state

// The RTL's registers (public_flat_rd, tests/lockstep/xl_dram_gsn_waiver.vlt) against the C
// twin's state, found by name in the scope table once at the start of a run (so one harness
// object serves every mutant, whose root class has another layout). Payload flops have no
// reset and are compared only for slots valid on both sides.
class GsnState {
public:
    bool open(const VerilatedContext &ctx, const std::string &scope, const Geom &g,
              std::string &err)
    {
        g_ = g;
        for (unsigned q = 0; q < kQ; q++) {
            Queue &Q = q_[q];
            std::string sn = scope + ".g_q[" + std::to_string(q) + "]";
            const VerilatedScope *s = ctx.scopeFind(sn.c_str());
            if (s == nullptr) {
                err = "no scope " + sn + " (public_flat_rd signals of xl_dram_gsn missing?)";
                return false;
            }
            uint32_t n = g.entries(q);
            Q.n = n;
            if (!xl_ls::pub_var(s, sn, "valid_q", 0, Q.valid, err) || !packed(Q.valid, sn, "valid_q", n, err) ||
                !xl_ls::pub_var(s, sn, "app_q", n, Q.app, err) || !xl_ls::pub_var(s, sn, "depth_q", n, Q.depth, err) ||
                !xl_ls::pub_var(s, sn, "write_q", n, Q.write, err) || !xl_ls::pub_var(s, sn, "xlat_q", n, Q.xlat, err) ||
                !xl_ls::pub_var(s, sn, "bank_q", n, Q.bank, err) || !xl_ls::pub_var(s, sn, "row_q", n, Q.row, err) ||
                !xl_ls::pub_var(s, sn, "seq_q", n, Q.seq, err) || !xl_ls::pub_var(s, sn, "tag_q", n, Q.tag, err))
                return false;
        }
        const VerilatedScope *s = ctx.scopeFind(scope.c_str());
        if (s == nullptr) {
            err = "no scope " + scope;
            return false;
        }
        return xl_ls::pub_var(s, scope, "next_seq_q", 0, next_seq_, err) &&
               xl_ls::pub_var(s, scope, "silver_app_q", 0, silver_app_, err) &&
               xl_ls::pub_var(s, scope, "silver_cnt_q", 0, silver_cnt_, err) &&
               xl_ls::pub_var(s, scope, "thresh_q", 0, thresh_, err) &&
               packed(thresh_, scope, "thresh_q", g.napps() * 9u, err) &&
               xl_ls::pub_var(s, scope, "elapsed_q", 0, elapsed_, err);
    }

    // The arrival sequence register: written after a reset (--seq-start).
    void set_next_seq(uint32_t v) const
    {
        std::memcpy(const_cast<unsigned char *>(next_seq_.p), &v, sizeof v);
    }

    // clk_next: the clk of the coming edge (edges since the reset). Appends a row for each
    // differing item to names/rows; inject >= 0 flips bit 0 of the C side of the first
    // compared item of that kind (kStateNames order), *done says whether there was one.
    // Returns the number of differing items.
    unsigned diff(const xl_dram_gsn_t *c, uint64_t clk_next, int inject,
                  std::vector<std::string> &names, std::vector<xl_ls::Field> &rows,
                  bool *done = nullptr) const
    {
        if (inject < 0 && same(c, clk_next))
            return 0;
        unsigned bad = 0;
        bool injected = inject < 0;
        auto cmp = [&](int kind, const std::string &name, uint64_t e, uint64_t a) {
            if (!injected && kind == inject) {
                e ^= 1u;
                injected = true;
            }
            if (e == a)
                return;
            bad++;
            names.push_back(name);
            rows.push_back({nullptr, e, a});
        };
        for (unsigned q = 0; q < kQ; q++) {
            const Queue &Q = q_[q];
            for (uint32_t i = 0; i < Q.n; i++) {
                const xl_gsn_entry_t &e = c->e[q][i];
                std::string b = std::string("gsn.") + kQName[q] + "[" + std::to_string(i) + "].";
                uint64_t v = Q.valid.bits(i, 1);
                cmp(kSValid, b + "valid", e.valid, v);
                if (!e.valid || !v)
                    continue;
                cmp(kSApp, b + "app", e.app, Q.app.at(i));
                cmp(kSDepth, b + "depth", e.depth, Q.depth.at(i));
                cmp(kSWrite, b + "write", e.write, Q.write.at(i));
                cmp(kSXlat, b + "xlat", e.xlat, Q.xlat.at(i));
                cmp(kSBank, b + "bank", e.bank, Q.bank.at(i));
                cmp(kSRow, b + "row", e.row, Q.row.at(i));
                cmp(kSSeq, b + "seq", e.seq, Q.seq.at(i));
                cmp(kSTag, b + "tag", e.tag, Q.tag.at(i));
            }
        }
        cmp(kSNextSeq, "gsn.next_seq", c->next_seq, next_seq_.bits(0, 32));
        cmp(kSSilverApp, "gsn.silver_app", c->silver_app, silver_app_.bits(0, 5));
        cmp(kSSilverCnt, "gsn.silver_cnt", c->silver_cnt, silver_cnt_.bits(0, 9));
        for (uint32_t a = 0; a < g_.napps(); a++)
            cmp(kSThresh, "gsn.thresh[" + std::to_string(a) + "]", c->thresh[a],
                thresh_.bits(a * 9u, 9u));
        if (g_.silver_timeout() > 0)
            cmp(kSElapsed, "gsn.elapsed (clk - silver_since)", clk_next - c->silver_since,
                elapsed_.bits(0, 32));
        if (done != nullptr)
            *done = injected;
        return bad;
    }

private:
    using Var = xl_ls::PubVar;   // public_var.h
    struct Queue {
        uint32_t n = 0;
        Var valid, app, depth, write, xlat, bank, row, seq, tag;
    };
    Geom g_;
    Queue q_[kQ];
    Var next_seq_, silver_app_, silver_cnt_, thresh_, elapsed_;

    // The every-cycle path: true when every item agrees.
    bool same(const xl_dram_gsn_t *c, uint64_t clk_next) const
    {
        for (unsigned q = 0; q < kQ; q++) {
            const Queue &Q = q_[q];
            const xl_gsn_entry_t *e = c->e[q];
            for (uint32_t i = 0; i < Q.n; i++) {
                if (e[i].valid != Q.valid.bits(i, 1))
                    return false;
                if (e[i].valid &&
                    (e[i].seq != Q.seq.at(i) || e[i].row != Q.row.at(i) ||
                     e[i].bank != Q.bank.at(i) || e[i].tag != Q.tag.at(i) ||
                     e[i].app != Q.app.at(i) || e[i].depth != Q.depth.at(i) ||
                     e[i].write != Q.write.at(i) || e[i].xlat != Q.xlat.at(i)))
                    return false;
            }
        }
        if (c->next_seq != next_seq_.bits(0, 32) || c->silver_app != silver_app_.bits(0, 5) ||
            c->silver_cnt != silver_cnt_.bits(0, 9))
            return false;
        for (uint32_t a = 0; a < g_.napps(); a++)
            if (c->thresh[a] != thresh_.bits(a * 9u, 9u))
                return false;
        return g_.silver_timeout() == 0 || clk_next - c->silver_since == elapsed_.bits(0, 32);
    }

    static bool packed(const Var &a, const std::string &sn, const char *name, unsigned bits,
                       std::string &err)
    {
        if (a.pbits != bits) {
            err = sn + "." + name + ": " + std::to_string(a.pbits) + " bits, expected " +
                  std::to_string(bits);
            return false;
        }
        return true;
    }
};

// ----------------------------------------------------------------------------- stimulus

// Random and pressure stimulus. Rows come from a pool of four per bank (drawn once from
// the seed; one arrival in 16 has a fresh random row), and each bank's open row moves
// among the same pool, so row hits, misses, and a hit behind an older miss are all
// frequent. The open rows of closed banks carry random values that both twins must ignore.
struct Stim {
    xl_rng_t rng;
    Geom g;
    bool pressure = false;
    uint64_t rows[XL_GSN_MAX_BANKS][4];
    uint64_t open_row[XL_GSN_MAX_BANKS];
    uint64_t open_valid = 0;
    // the phase: rates in eighths
    uint64_t phase_left = 0;
    unsigned p_arr = 4, p_iss = 4, p_ready = 4;
    uint64_t quota_in = 0;   // pressure: cycles to the next quota commit
    uint64_t hot = 0;        // the phase's hot banks (0: none)

    uint64_t below(uint64_t n) { return xl_rng_below(&rng, n); }
    uint64_t next() { return xl_rng_next(&rng); }
    bool eighths(unsigned k) { return below(8) < k; }

    void init(uint64_t seed, bool press, const Geom &geom)
    {
        xl_rng_seed(&rng, seed);
        pressure = press;
        g = geom;
        for (uint32_t b = 0; b < g.banks(); b++) {
            for (unsigned k = 0; k < 4; k++)
                rows[b][k] = next() & g.row_mask();
            open_row[b] = rows[b][0];
        }
        open_valid = next() & bank_mask();
    }
    uint64_t bank_mask() const
    {
        return g.banks() >= 64 ? UINT64_MAX : (UINT64_C(1) << g.banks()) - 1u;
    }

    void new_phase()
    {
        static const unsigned ready_r[4] = {1, 2, 4, 6};
        phase_left = 32 + below(992);
        if (pressure) {
            // half the phases fill (banks busy: an issue now and then), three in eight churn
            // (an arrival and an issue every cycle: full queues lose and regain a slot in
            // one edge), one in eight drains
            uint64_t k = below(8);
            p_arr = k == 0 ? 2 : 8;
            p_iss = k < 4 ? 8 : 1;
            p_ready = k == 0 ? 7 : k < 4 ? 4 : 1;
        } else {
            p_arr = 2 + 2 * (unsigned)below(4);
            p_iss = 2 + 2 * (unsigned)below(4);
            p_ready = ready_r[below(4)];
        }
        // one phase in three sends every arrival to one or two hot banks that are seldom
        // ready, so the Golden queue fills there while the other banks issue
        hot = 0;
        if (below(3) == 0) {
            hot |= UINT64_C(1) << below(g.banks());
            hot |= UINT64_C(1) << below(g.banks());
        }
    }

    uint16_t quota_value()
    {
        uint64_t r = below(16);
        if (pressure)   // small quotas, zeros often: the rotation boundary is crossed often
            return r < 5 ? 0 : r < 15 ? (uint16_t)(1 + below(4)) : (uint16_t)below(512);
        return r < 4 ? 0 : r < 12 ? (uint16_t)(1 + below(16)) : (uint16_t)below(512);
    }

    // Reset pulse after this cycle's edge, about one cycle in 8192, so a run of 10^5
    // cycles resets a dozen times from a dirty state, and half of them wrap the seqs.
    bool reset_after() { return below(8192) == 0; }

    // The arrival sequence after a reset: below 2^32 by one to two times the slots of the
    // three queues at the start of a run, so the seqs wrap once the queues have filled and
    // picks compare ages across the wrap; after a mid-run reset 0 (the RTL's reset value,
    // compared) or, half the time, again just below 2^32.
    uint32_t seq_start(bool first)
    {
        uint32_t slots = g.entries(0) + g.entries(1) + g.entries(2);
        bool wrap = first || below(2) == 0;
        return wrap ? (uint32_t)(UINT32_MAX - slots - (uint32_t)below(slots + 16u)) : 0u;
    }

    void gen(xl_gsn_in_t &in, uint64_t *orow)
    {
        std::memset(&in, 0, sizeof in);
        if (phase_left-- == 0)
            new_phase();
        // the banks' open rows move: a bank closes, opens or changes its row now and then
        for (uint32_t b = 0; b < g.banks(); b++)
            if (below(16) == 0) {
                if (below(4) == 0) {
                    open_valid &= ~(UINT64_C(1) << b);
                } else {
                    open_valid |= UINT64_C(1) << b;
                    open_row[b] = rows[b][below(4)];
                }
            }
        in.arr_valid = (uint8_t)eighths(p_arr);
        if (hot != 0) {
            uint64_t hm = hot;
            for (uint64_t k = below((uint64_t)__builtin_popcountll(hot)); k > 0; k--)
                hm &= hm - 1u;
            in.arr_bank = (uint32_t)__builtin_ctzll(hm);
        } else {
            in.arr_bank = (uint32_t)below(g.banks());
        }
        in.arr_row = below(16) == 0 ? next() & g.row_mask() : rows[in.arr_bank][below(4)];
        in.arr_app = (uint8_t)(below(16) == 0 ? below(32) : below(g.napps()));
        in.arr_depth = (uint8_t)(below(pressure ? 3 : 4) == 0 ? 1 + below(7) : 0);
        in.arr_write = (uint8_t)below(2);
        in.arr_tag = (uint32_t)(next() & g.tag_mask());
        in.iss_en = (uint8_t)eighths(p_iss);
        for (uint32_t b = 0; b < g.banks(); b++)
            if (eighths((hot >> b & 1u) ? 1u : p_ready))
                in.bank_ready |= UINT64_C(1) << b;
        in.open_valid = open_valid;
        for (uint32_t b = 0; b < g.banks(); b++)
            orow[b] = (open_valid >> b & 1u) ? open_row[b] : next() & g.row_mask();
        if (pressure) {
            if (quota_in-- == 0) {
                in.quota_valid = 1;
                quota_in = 1 + below(7);   // every 2-8 cycles
            }
        } else {
            in.quota_valid = (uint8_t)(below(64) == 0);
        }
        for (uint32_t a = 0; a < XL_GSN_MAX_APPS; a++)   // ignored where quota_valid is 0
            in.quota[a] = a < g.napps() ? quota_value() : 0;
    }
};

// The open rows of one edge live beside its inputs (xl_gsn_in_t points at them).
struct Edge {
    xl_gsn_in_t in;
    uint64_t open_row[XL_GSN_MAX_BANKS];
};

// ----------------------------------------------------------------------------- replay

// One channel's edges of a trace, read and checked before the run.
struct Replay {
    xl_gsn_trace_p_t p;
    std::vector<xl_gsn_trace_e_t> e;
    std::vector<uint64_t> line;    // each edge's line number in the file
    uint64_t all_edges = 0;        // every channel's

    // false with one line in err (file, line, reason).
    bool load(const std::string &path, uint64_t channel, const Geom &g, const char *params,
              std::string &err)
    {
        std::ifstream f(path);
        if (!f) {
            err = "cannot read trace " + path;
            return false;
        }
        std::string s;
        uint64_t ln = 0;
        bool have_p = false;
        char why[160];
        std::vector<uint64_t> last_clk;
        while (std::getline(f, s)) {
            ln++;
            if (s.empty() || s[0] == '#')
                continue;
            auto fail = [&](const char *reason) {
                err = path + ":" + std::to_string(ln) + ": " + reason;
                return false;
            };
            if (!have_p) {
                if (!xl_gsn_trace_parse_p(s.c_str(), &p, why, sizeof why))
                    return fail(why);
                have_p = true;
                Geom tg = g;
                tg.g[0] = p.banks;
                for (unsigned q = 0; q < kQ; q++)
                    tg.g[1 + q] = p.entries[q];
                tg.g[4] = p.napps;
                tg.g[5] = p.thresh_max;
                tg.g[6] = p.gq_backpressure;
                tg.g[7] = p.gq_strict_head;
                tg.g[8] = p.silver_timeout;
                if (tg.describe() != g.describe())
                    return fail(("the trace's blocks have " + tg.describe() + ", the " + params +
                                 " build has " + g.describe()).c_str());
                if (channel >= p.channels)
                    return fail(("--channel " + std::to_string(channel) + ": the trace has " +
                                 std::to_string(p.channels) + " channel(s)").c_str());
                last_clk.assign(p.channels, 0);
                continue;
            }
            xl_gsn_trace_e_t x;
            if (!xl_gsn_trace_parse_e(s.c_str(), &p, &x, why, sizeof why))
                return fail(why);
            all_edges++;
            if (x.clk < last_clk[x.ch])
                return fail("the clock of a channel goes back");
            last_clk[x.ch] = x.clk;
            if (x.ch != channel)
                continue;
            if ((x.arr_row & ~g.row_mask()) != 0) {
                std::snprintf(why, sizeof why, "arr_row 0x%" PRIx64 " is wider than the %s "
                              "build's RowW %u", x.arr_row, params, g.row_w());
                return fail(why);
            }
            for (uint32_t b = 0; b < p.banks; b++)
                if ((x.open_row[b] & ~g.row_mask()) != 0) {
                    std::snprintf(why, sizeof why, "open row 0x%" PRIx64 " of bank %u is wider "
                                  "than the %s build's RowW %u", x.open_row[b], b, params,
                                  g.row_w());
                    return fail(why);
                }
            if ((x.arr_tag & ~g.tag_mask()) != 0) {
                std::snprintf(why, sizeof why, "arr_tag 0x%x is wider than the %s build's "
                              "TagW %u", x.arr_tag, params, g.tag_w());
                return fail(why);
            }
            e.push_back(x);
            line.push_back(ln);
        }
        if (!have_p) {
            err = path + ": no P line";
            return false;
        }
        if (e.empty()) {
            err = path + ": no edge of channel " + std::to_string(channel);
            return false;
        }
        return true;
    }

    // Idle edges after edge i (a gap between two recorded clocks, capped).
    uint64_t idle_after(size_t i) const
    {
        if (i + 1 >= e.size())
            return 0;
        uint64_t gap = e[i + 1].clk - e[i].clk;
        return gap > 1 ? std::min(gap - 1, kGapCap) : 0;
    }
    uint64_t cycles() const
    {
        uint64_t n = 0;
        for (size_t i = 0; i < e.size(); i++)
            n += 1 + idle_after(i);
        return n;
    }
    static void to_in(const xl_gsn_trace_e_t &x, Edge &ed)
    {
        std::memset(&ed.in, 0, sizeof ed.in);
        ed.in.arr_valid = x.arr_valid;
        ed.in.arr_bank = x.arr_bank;
        ed.in.arr_row = x.arr_row;
        ed.in.arr_app = x.arr_app;
        ed.in.arr_depth = x.arr_depth;
        ed.in.arr_write = x.arr_write;
        ed.in.arr_tag = x.arr_tag;
        ed.in.iss_en = x.iss_en;
        ed.in.bank_ready = x.bank_ready;
        ed.in.open_valid = x.open_valid;
        std::memcpy(ed.open_row, x.open_row, sizeof ed.open_row);
        ed.in.quota_valid = x.quota_valid;
        std::memcpy(ed.in.quota, x.quota, sizeof ed.in.quota);
    }
};

// ----------------------------------------------------------------------------- coverage

enum Bin {
    kIssueGq, kIssueSq, kIssueNq, kIssueMiss, kHitOverOlderMiss, kGqFifoOverHit,
    kGqStrictBlocked, kGqOverflowNq, kNqXlatIssued, kGqBackpressure, kSqFullToNq,
    kQuotaExhaustion, kCommitAdvance, kTimeoutAdvance, kAdvanceSkipsZero, kAdvanceAllZero,
    kAllFull,
    kArrRefused, kIssueFreesFull, kSeqWrapPick, kStatWrapped, kResetMidRun, kNumBins
};

std::vector<xl_ls::CovBin> make_bins(uint64_t min, const Geom &g)
{
    bool strict = g.gq_strict_head() != 0, bp = g.gq_backpressure() != 0;
    std::vector<xl_ls::CovBin> b = {
        {"issue_gq", "an issue from the Golden queue", 0, min},
        {"issue_sq", "an issue from the Silver queue", 0, min},
        {"issue_nq", "an issue from the Normal queue", 0, min},
        {"issue_miss", "an issue whose row is not open (a miss)", 0, min},
        {"hit_over_older_miss", "SQ/NQ: a row hit issued before an older miss of its class",
         0, min},
        {"gq_fifo_over_hit", "GQ: a bank's oldest (a miss) issued while a younger entry of "
         "that bank hits", 0, strict ? 0 : min},
        {"gq_strict_blocked", "GQ strict head: GQ holds entries in ready banks, its oldest's "
         "bank is busy", 0, strict ? min : 0},
        {"gq_overflow_nq", "a translation request sent to NQ (xlat) by a full GQ", 0,
         bp ? 0 : min},
        {"nq_xlat_issued", "an xlat-marked NQ entry issued", 0, bp ? 0 : min},
        {"gq_backpressure", "a translation request refused by a full GQ (backpressure)", 0,
         bp ? min : 0},
        {"sq_full_to_nq", "Silver data within its quota sent to NQ: SQ full", 0, min},
        {"quota_exhaustion", "the Silver turn passed: quota used up by an arrival", 0, min},
        {"commit_advance", "the Silver turn passed at a quota commit", 0, min},
        {"timeout_advance", "the Silver turn passed by the timeout (starvation guard)", 0,
         g.silver_timeout() > 0 ? min : 0},
        {"advance_skips_zero", "a Silver advance skipped an application of quota 0", 0, min},
        {"advance_all_zero", "a Silver advance with every quota 0 (the turn stays put)", 0,
         min},
        {"all_queues_full", "GQ, SQ and NQ all full before an edge", 0, min},
        {"arrival_refused", "an arrival not accepted", 0, min},
        {"issue_frees_full", "an arrival meets its full queue while the edge issues from it",
         0, min},
        {"seq_wrap_pick", "an issue while the queue's seqs lie on both sides of the wrap", 0,
         min},
        {"stat_wrapped", "a counter wrapped past 2^StatWidth (modulo compare)", 0,
         g.stat_width() < 64 && min > 0 ? 1u : 0u},
        {"reset_mid_run", "reset pulse from a dirty state", 0, 0},
    };
    return b;
}

// The Silver application after this edge's timeout and commit (the C's comb output) is
// out.silver_app; the arrival's class by the header's rules.
void cover_pre(const xl_dram_gsn_t *c, const Geom &g, const xl_gsn_in_t &in,
               const xl_gsn_out_t &o, std::vector<xl_ls::CovBin> &b)
{
    bool full[kQ];
    for (unsigned q = 0; q < kQ; q++)
        full[q] = c->n[q] >= g.entries(q);
    if (full[0] && full[1] && full[2])
        b[kAllFull].count++;
    if (in.arr_valid) {
        if (!o.arr_ready)
            b[kArrRefused].count++;
        if (in.arr_depth != 0 && full[XL_GSN_GQ]) {
            if (g.gq_backpressure())
                b[kGqBackpressure].count++;
            else if (o.arr_ready)
                b[kGqOverflowNq].count++;
        }
        // the queue the arrival wants: GQ, SQ (Silver data within its quota), else NQ
        int want = XL_GSN_NQ;
        if (in.arr_depth != 0)
            want = full[XL_GSN_GQ] && g.gq_backpressure() == 0 ? XL_GSN_NQ : XL_GSN_GQ;
        else if (in.arr_app == o.silver_app && o.silver_cnt < (o.silver_app < g.napps() ?
                     (in.quota_valid ? in.quota[o.silver_app] : c->thresh[o.silver_app]) : 0)) {
            if (full[XL_GSN_SQ])
                b[kSqFullToNq].count++;
            else
                want = XL_GSN_SQ;
        }
        if (o.iss_valid && full[want] && (int)o.iss_queue == want)
            b[kIssueFreesFull].count++;
    }
    if (o.iss_valid) {
        b[kIssueGq + o.iss_queue].count++;
        if (!o.iss_hit)
            b[kIssueMiss].count++;
        const xl_gsn_entry_t *e = c->e[o.iss_queue];
        uint32_t n = g.entries(o.iss_queue);
        bool older_miss = false, younger_hit = false, lo = false, hi = false;
        for (uint32_t i = 0; i < n; i++) {
            if (!e[i].valid)
                continue;
            lo = lo || e[i].seq < 0x40000000u;
            hi = hi || e[i].seq >= 0xC0000000u;
            bool ready = in.bank_ready >> e[i].bank & 1u;
            bool older = ((e[i].seq - o.iss.seq) & 0x80000000u) != 0;
            if (o.iss_queue != XL_GSN_GQ && o.iss_hit && ready && older)
                older_miss = true;
            if (o.iss_queue == XL_GSN_GQ && !o.iss_hit && e[i].bank == o.iss.bank && !older &&
                i != o.iss_slot && (in.open_valid >> e[i].bank & 1u) &&
                e[i].row == in.open_row[e[i].bank])
                younger_hit = true;
        }
        if (older_miss)
            b[kHitOverOlderMiss].count++;
        if (younger_hit)
            b[kGqFifoOverHit].count++;
        if (lo && hi)
            b[kSeqWrapPick].count++;
        if (o.iss.xlat)
            b[kNqXlatIssued].count++;
    }
    if (in.iss_en && g.gq_strict_head() && c->n[XL_GSN_GQ] > 0 &&
        (c->bmask[XL_GSN_GQ] & in.bank_ready) != 0 && (!o.iss_valid || o.iss_queue != XL_GSN_GQ))
        b[kGqStrictBlocked].count++;
}

// The C twin's counters (kFieldNames order from enq_gq on), for the wrap bin and the
// Silver advance bins (quota_exhaustions 16, commit_advances 17, timeout_advances 18).
void counters(const xl_dram_gsn_t *c, uint64_t *v)
{
    unsigned k = 0;
    for (unsigned q = 0; q < kQ; q++) {
        v[k++] = c->enq[q];
        v[k++] = c->issued[q];
        v[k++] = c->issued_hit[q];
        v[k++] = c->occ_sum[q];
    }
    v[k++] = c->gq_overflows;
    v[k++] = c->refused;
    v[k++] = c->issued_xlat_nq;
    v[k++] = c->silver_turns;
    v[k++] = c->quota_exhaustions;
    v[k++] = c->commit_advances;
    v[k++] = c->timeout_advances;
}
const unsigned kNumCounters = 19;

// ----------------------------------------------------------------------------- history

struct Rec {
    uint64_t cycle, clk;
    Edge ed;
    bool rst, idle;
};

void print_history(FILE *f, const xl_ls::Ring<Rec, 32> &h, const Geom &g)
{
    std::fprintf(f, "last %u cycles of inputs (clk = edges since reset; R = reset pulse after "
                 "the edge):\n", h.size());
    std::fprintf(f, "  %8s %8s | av bank %-8s app dep wr %-8s | ie %-16s %-16s open rows | qv "
                 "quotas\n", "cycle", "clk", "row", "tag", "bank_ready", "open_valid");
    for (unsigned i = 0; i < h.size(); i++) {
        const Rec &r = h.at(i);
        const xl_gsn_in_t &x = r.ed.in;
        std::string rows, quotas;
        char t[32];
        for (uint32_t b = 0; b < g.banks(); b++)
            if (x.open_valid >> b & 1u) {
                std::snprintf(t, sizeof t, "%s%u:%" PRIx64, rows.empty() ? "" : ",", b,
                              r.ed.open_row[b]);
                rows += t;
            }
        if (x.quota_valid)
            for (uint32_t a = 0; a < g.napps(); a++) {
                std::snprintf(t, sizeof t, "%s%u", a ? "," : "", x.quota[a]);
                quotas += t;
            }
        std::fprintf(f, "  %8" PRIu64 " %8" PRIu64 " | %u  %-4u %-8" PRIx64 " %-3u %-3u %u  "
                     "%-8x | %u  %-16" PRIx64 " %-16" PRIx64 " %s | %u %s%s%s\n",
                     r.cycle, r.clk, x.arr_valid, x.arr_bank, x.arr_row, x.arr_app, x.arr_depth,
                     x.arr_write, x.arr_tag, x.iss_en, x.bank_ready, x.open_valid,
                     rows.empty() ? "-" : rows.c_str(), x.quota_valid,
                     quotas.empty() ? "-" : quotas.c_str(), r.idle ? "  (idle edge)" : "",
                     r.rst ? "  R" : "");
    }
}

// The command that reproduces a failure at `cycle` with a waveform around it.
std::vector<std::string> repro_args(const char *argv0, const Opts &o, uint64_t cycle,
                                    uint64_t ncycles, const std::string &vcd)
{
    uint64_t cycles = cycle < ncycles ? cycle + 1 : ncycles;
    // --cov-min 0: a shortened run exits 1 only if the failure itself reproduces.
    std::vector<std::string> a = {argv0, "--params", o.params};
    if (o.mode == "replay")
        a.insert(a.end(), {"--trace-file", o.trace_file, "--channel", std::to_string(o.channel)});
    else
        a.insert(a.end(), {"--mode", o.mode});
    a.insert(a.end(), {"--seed", std::to_string(o.seed), "--cycles", std::to_string(cycles),
                       "--cov-min", "0"});
    if (o.seq_start_given)
        a.insert(a.end(), {"--seq-start", std::to_string(o.seq_start)});
    if (o.state_every != 1)
        a.insert(a.end(), {"--state-every", std::to_string(o.state_every)});
    xl_ls::repro_tail(a, o, o.inject, cycle, vcd);
    return a;
}

// ----------------------------------------------------------------------------- the run

template <class M>
int run(const Opts &o, const Geom &g, const char *argv0)
{
    const bool replay = o.mode == "replay";
    xl_gsn_params_t p = g.params();
    xl_dram_gsn_t ref;
    std::memset(&ref, 0, sizeof ref);
    char err[200] = "";
    if (!xl_ls::twin_accepts(xl_dram_gsn_reset(&ref, &p, err, sizeof err) == XL_OK, kProg,
                             "the " + o.params + " parameters", err))
        return 2;

    Replay rp;
    uint64_t ncycles = o.cycles;
    if (replay) {
        std::string e;
        if (!rp.load(o.trace_file, o.channel, g, o.params.c_str(), e)) {
            std::fprintf(stderr, "%s: error: %s\n", kProg, e.c_str());
            xl_dram_gsn_free(&ref);
            return 2;
        }
        uint64_t all = rp.cycles();
        ncycles = o.cycles_given ? std::min(o.cycles, all) : all;
        if (o.inject && o.inject_cycle >= ncycles) {
            std::fprintf(stderr, "%s: error: --inject-fault %" PRIu64 " is not below the "
                         "replay's %" PRIu64 " cycles\n", kProg, o.inject_cycle, ncycles);
            xl_dram_gsn_free(&ref);
            return 2;
        }
    }

    std::printf("xl_dram_gsn lockstep: params=%s (%s, rows %u bits, tags %u, stats %u bits) "
                "mode=%s%s%s seed=%" PRIu64 " cycles=%" PRIu64 "%s\n",
                o.params.c_str(), g.describe().c_str(), g.row_w(), g.tag_w(), g.stat_width(),
                o.mode.c_str(), replay ? " trace=" : "", replay ? o.trace_file.c_str() : "",
                o.seed, ncycles, o.rtl_only ? " (RTL only)" : "");
    if (replay)
        std::printf("replay: channel %" PRIu64 ": %zu of the trace's %" PRIu64 " edges, %"
                    PRIu64 " cycles with the idle edges of clock gaps (at most %u per gap)\n",
                    o.channel, rp.e.size(), rp.all_edges, rp.cycles(), (unsigned)kGapCap);
    std::fflush(stdout);

    Edge idle;
    std::memset(&idle, 0, sizeof idle);
    idle.in.open_row = idle.open_row;
    xl_ls::Dut<M> dut;
    M *m = dut.open("xl_dram_gsn", o, kProg, [&](M *x) { drive(x, g, idle.in); });
    if (m == nullptr) {
        xl_dram_gsn_free(&ref);
        return 2;
    }

    GsnState gs;
    int inject_state = -1;
    if (!o.rtl_only) {
        std::string e;
        if (!gs.open(dut.ctx, std::string(m->name()) + ".xl_dram_gsn", g, e)) {
            std::fprintf(stderr, "%s: error: %s\n", kProg, e.c_str());
            xl_dram_gsn_free(&ref);
            return 2;
        }
        for (int k = 0; kStateNames[k] != nullptr; k++)
            if (o.inject && o.inject_field == kStateNames[k])
                inject_state = k;
    }
    std::vector<std::string> snames;
    std::vector<xl_ls::Field> srows;

    Stim st;
    st.init(o.seed, o.mode == "pressure", g);
    // After every reset: the arrival sequence starts at --seq-start, or (random modes)
    // at a value drawn from the seed.
    auto seq_after_reset = [&](bool first) {
        if (o.rtl_only)
            return;
        uint32_t s = o.seq_start_given ? (uint32_t)o.seq_start : replay ? 0u : st.seq_start(first);
        if (s != 0) {
            gs.set_next_seq(s);
            ref.next_seq = s;
        }
    };
    seq_after_reset(true);

    uint64_t cov_min = o.cov_min_given ? o.cov_min : replay ? 0 : o.cov_min;
    std::vector<xl_ls::CovBin> bins = make_bins(cov_min, g);
    xl_ls::Ring<Rec, 32> hist;
    xl_gsn_out_t exp;
    xl_ls::Field f[kNumFields];
    uint64_t clk = 0;          // edges since the last reset: the C twin's clk
    size_t ei = 0;             // replay: the next recorded edge
    uint64_t idle_left = 0;    // replay: idle edges before it
    uint64_t digests = 0;
    int status = 0;
    uint64_t cyc;
    Edge cur;
    double t0 = xl_ls::now_s();

    for (cyc = 0; cyc <= ncycles; cyc++) {
        // Cycle ncycles is a final compare with every input idle: the counters after the
        // last edge.
        bool last = cyc == ncycles, rst = false, is_idle = last;
        const xl_gsn_trace_e_t *rec = nullptr;
        if (last) {
            cur = idle;
        } else if (replay) {
            if (idle_left > 0) {
                idle_left--;
                cur = idle;
                is_idle = true;
            } else {
                rec = &rp.e[ei];
                Replay::to_in(*rec, cur);
                idle_left = rp.idle_after(ei);
                ei++;
            }
        } else {
            st.gen(cur.in, cur.open_row);
            rst = st.reset_after();
        }
        cur.in.open_row = cur.open_row;
        cur.in.clk = clk;
        // Falling clock edge and this cycle's inputs in one evaluation, then compare, then
        // the rising edge.
        m->clk_i = 0;
        drive(m, g, cur.in);
        dut.eval(cyc);
        if (o.rtl_only) {
            if (last)
                break;
        } else {
            xl_dram_gsn_comb(&ref, &cur.in, &exp);
            fields(m, g, &ref, exp, f);
            if (o.inject && cyc == o.inject_cycle)
                for (xl_ls::Field &x : f)
                    if (o.inject_field == x.name)
                        x.exp ^= 1u;
            bool differ = false;
            for (const xl_ls::Field &x : f)
                differ = differ || x.exp != x.act;
            bool state_bad = false;
            if (!differ && ((o.state_every != 0 && cyc % o.state_every == 0) || last)) {
                bool done = true;
                int inj = cyc == o.inject_cycle ? inject_state : -1;
                state_bad = gs.diff(&ref, clk, inj, snames, srows, &done) != 0;
                if (!done) {
                    std::fprintf(stderr, "%s: error: --inject-field %s: no such item is "
                                 "compared at cycle %" PRIu64 "\n", kProg,
                                 o.inject_field.c_str(), cyc);
                    xl_dram_gsn_free(&ref);
                    return 2;
                }
            }
            hist.push({cyc, clk, cur, rst, is_idle && !last});
            if (differ || state_bad || dut.ctx.gotError()) {
                std::printf("MISMATCH block=xl_dram_gsn params=%s mode=%s seed=%" PRIu64
                            " cycle=%" PRIu64 "%s\n",
                            o.params.c_str(), o.mode.c_str(), o.seed, cyc,
                            dut.ctx.gotError() ? " (RTL assertion failed at the previous edge)"
                                               : "");
                std::vector<xl_ls::Field> rows(f, f + kNumFields);
                if (state_bad) {
                    std::printf("internal state after the previous edge (differing items "
                                "only):\n");
                    for (size_t i = 0; i < srows.size(); i++)
                        srows[i].name = snames[i].c_str();
                    rows = srows;
                }
                xl_ls::print_fields(stdout, rows);
                print_history(stdout, hist, g);
                status = 1;
                break;
            }
            // The recorded block's answers, where the replay must reproduce them: with no
            // Silver timeout the remapped clocks change nothing but the occupancy sums.
            if (rec != nullptr && g.silver_timeout() == 0) {
                const uint64_t d[10][2] = {
                    {rec->d_arr_ready, exp.arr_ready}, {rec->d_arr_queue, exp.arr_queue},
                    {rec->d_arr_xlat, exp.arr_xlat}, {rec->d_arr_slot, exp.arr_slot},
                    {rec->d_iss_valid, exp.iss_valid}, {rec->d_iss_queue, exp.iss_queue},
                    {rec->d_iss_slot, exp.iss_slot}, {rec->d_iss_hit, exp.iss_hit},
                    {rec->d_silver_app, exp.silver_app}, {rec->d_silver_cnt, exp.silver_cnt}};
                static const char *const dn[10] = {
                    "arr_ready", "arr_queue", "arr_xlat", "arr_slot", "iss_valid", "iss_queue",
                    "iss_slot", "iss_hit", "silver_app", "silver_cnt"};
                for (unsigned k = 0; k < 10; k++)
                    if (d[k][0] != d[k][1]) {
                        std::printf("REPLAY DIGEST DIFFERS block=xl_dram_gsn params=%s trace=%s "
                                    "line %" PRIu64 " cycle=%" PRIu64 ": %s recorded %" PRIu64
                                    ", the C twin now answers %" PRIu64 " (C = RTL so far)\n",
                                    o.params.c_str(), o.trace_file.c_str(), rp.line[ei - 1], cyc,
                                    dn[k], d[k][0], d[k][1]);
                        status = 1;
                    }
                if (status != 0)
                    break;
                digests++;
            }
            if (last)
                break;
            uint64_t before[kNumCounters], after[kNumCounters];
            counters(&ref, before);
            uint32_t app0 = ref.silver_app;
            uint64_t turns0 = ref.silver_turns;
            cover_pre(&ref, g, cur.in, exp, bins);
            xl_dram_gsn_step(&ref, &cur.in, nullptr);
            counters(&ref, after);
            bins[kQuotaExhaustion].count += ref.quota_exhaustions - before[16];
            bins[kCommitAdvance].count += ref.commit_advances - before[17];
            bins[kTimeoutAdvance].count += ref.timeout_advances - before[18];
            if (ref.silver_turns != turns0) {
                bool all_zero = true;
                for (uint32_t a = 0; a < g.napps(); a++)
                    all_zero = all_zero && ref.thresh[a] == 0;
                if (all_zero)
                    bins[kAdvanceAllZero].count++;
                else if (ref.silver_turns == turns0 + 1 && g.napps() > 1 &&
                         ref.silver_app != (app0 + 1u) % g.napps())
                    bins[kAdvanceSkipsZero].count++;
            }
            if (g.stat_width() < 64)
                for (unsigned k = 0; k < kNumCounters; k++)
                    if (after[k] != before[k] &&
                        (after[k] >> g.stat_width()) != (before[k] >> g.stat_width()))
                        bins[kStatWrapped].count++;
        }
        dut.rise(cyc);
        clk++;
        if (rst) {
            dut.reset_both(cyc, o.rtl_only, bins[kResetMidRun], [&] {
                xl_dram_gsn_reset(&ref, &p, err, sizeof err);
            });
            clk = 0;
            seq_after_reset(false);
        }
    }
    double dt = xl_ls::now_s() - t0;
    uint64_t done = cyc < ncycles ? cyc : ncycles;
    if (status == 0 && dut.ctx.gotError()) {
        std::printf("MISMATCH block=xl_dram_gsn params=%s mode=%s seed=%" PRIu64 " cycle=%" PRIu64
                    " (RTL assertion failed)\n",
                    o.params.c_str(), o.mode.c_str(), o.seed, done);
        status = 1;
    }
    dut.close();

    if (status != 0) {
        std::string vcd = o.wave_dir + "/xl_dram_gsn-" + o.params + "-" + o.mode + "-seed" +
                          std::to_string(o.seed) + ".vcd";
        xl_ls::report_failure(repro_args(argv0, o, cyc, ncycles, vcd), argv0, o, vcd);
        xl_dram_gsn_free(&ref);
        return 1;
    }

    double rate = dt > 0 ? (double)ncycles / dt : 0.0;
    if (o.rtl_only) {
        std::printf("PASS block=xl_dram_gsn params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                    " time=%.2fs rate=%.0f cycles/s (RTL only, nothing compared)\n",
                    o.params.c_str(), o.mode.c_str(), o.seed, ncycles, dt, rate);
        xl_dram_gsn_free(&ref);
        return 0;
    }
    if (replay)
        std::printf("replay: %zu edges of channel %" PRIu64 " replayed, %" PRIu64
                    " recorded digests reproduced%s\n",
                    std::min<size_t>(ei, rp.e.size()), o.channel, digests,
                    g.silver_timeout() > 0 ? " (none checked: the Silver timeout counts the "
                                             "remapped clocks)" : "");
    unsigned low = xl_ls::print_coverage(stdout, bins);
    xl_dram_gsn_free(&ref);
    if (low != 0) {
        std::printf("FAIL block=xl_dram_gsn params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                    ": %u coverage bin(s) below the minimum %" PRIu64 "\n",
                    o.params.c_str(), o.mode.c_str(), o.seed, ncycles, low, cov_min);
        return 1;
    }
    uint32_t slots = g.entries(0) + g.entries(1) + g.entries(2);
    std::printf("PASS block=xl_dram_gsn params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                " compared=%u fields/cycle + the state of %u slots every %" PRIu64
                " cycle(s) time=%.2fs rate=%.0f cycles/s\n",
                o.params.c_str(), o.mode.c_str(), o.seed, ncycles, kNumFields, slots,
                o.state_every, dt, rate);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    Opts o = parse(argc, argv);
#ifndef XL_ONLY_PAPER
    if (o.params == "small")
        return run<Vxl_dram_gsn_small>(o, kSmall, argv[0]);
#endif
#ifndef XL_ONLY_SMALL
    return run<Vxl_dram_gsn_paper>(o, kPaper, argv[0]);
#else
    return 2;
#endif
}
