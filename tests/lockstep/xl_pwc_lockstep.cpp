// xl_pwc_lockstep.cpp - Verilator lockstep harness of the page-walk cache block: the C twin
// (model/src/iommu/pwc.c: xl_pwc_comb / xl_pwc_step) and the Verilated RTL (rtl/xl_pwc.sv) get the
// same random inputs every cycle, and every output and every statistics counter is compared
// every cycle (docs/design.md twin contract and verification stack item 3; spec
// docs/isca18-micro18.md §1.4, §2.6; harness shape from
// docs/rtl.md §1.10, §1.11).
//
// Per cycle: draw inputs (seeded xl_rng, model/include/xlat/rng.h), drive them, eval; ask
// the C twin for the expected outputs (comb); compare; compare the internal state (every
// entry's valid bit, pending counter, asid, tag and next, every set's PLRU bits: the RTL's
// public_flat_rd registers of tests/lockstep/xl_pwc_waiver.vlt, read by xl_pwc_state.h) with
// the C twin's; count coverage from the C state; step the C twin; clock edge. Random initial values in every unreset flop (Verilator
// --x-initial unique with randReset 2, seeded from --seed).
//
// Two RTL parameter sets are linked into this one binary as separate Verilated models:
// Vxl_pwc_small and Vxl_pwc_paper (tests/lockstep/build_pwc.sh passes their geometry to both
// Verilator (-G) and this file (-DXL_PWC_*_GEOM), so the numbers live in one place).
// See tests/lockstep/README.md for the options.
#include "lockstep.h"
#include "xl_pwc_state.h"

#include "Vxl_pwc_small.h"
#ifndef XL_ONLY_SMALL
#include "Vxl_pwc_paper.h"
#endif

extern "C" {
#include "xlat/pwc.h"
#include "xlat/rng.h"
}

// {L4Entries, L4Ways, L3Entries, L3Ways, L2Entries, L2Ways, StatWidth}
#ifndef XL_PWC_SMALL_GEOM
#define XL_PWC_SMALL_GEOM {2, 2, 4, 2, 8, 4, 12}
#endif
#ifndef XL_PWC_PAPER_GEOM
#define XL_PWC_PAPER_GEOM {4, 4, 8, 4, 32, 4, 64}
#endif

namespace {

const char *const kProg = "xl_pwc_lockstep";

struct Geom {
    uint32_t g[7];
    uint32_t entries(unsigned i) const { return g[2 * i]; }
    uint32_t ways(unsigned i) const { return g[2 * i + 1]; }
    unsigned stat_width() const { return g[6]; }
};
const Geom kSmall = {XL_PWC_SMALL_GEOM};
const Geom kPaper = {XL_PWC_PAPER_GEOM};

struct Opts : xl_ls::CommonOpts {
    std::string params = "small";
    std::string mode = "random";
    uint64_t state_every = 1;
    Opts() : CommonOpts("probe_reads", "build/rtl/pwc/waves") {}
};

void usage(FILE *f)
{
    std::fprintf(f,
        "usage: %s [options]\n"
        "  --params small|paper  RTL/C geometry: small = L4 2x2, L3 4x2, L2 8x4 entries x ways,\n"
        "                      12-bit statistics (compared modulo 2^12); paper = 4x4, 8x4, 32x4,\n"
        "                      64-bit statistics (configs/isca18.ini)\n"
        "  --mode random|pressure  random: each port valid half the time; pressure: every\n"
        "                      port valid every cycle. Addresses come from a small seeded pool.\n"
        "  --state-every N     compare the internal state (valid, counter, asid, tag, next of\n"
        "                      every entry, PLRU bits of every set) every N cycles (default 1;\n"
        "                      0 = never); --inject-field pwc_valid|pwc_cnt|pwc_plru|pwc_tag|\n"
        "                      pwc_asid|pwc_next corrupts the first compared item of that kind\n",
        kProg);
    xl_ls::usage_common(f, Opts());
}

const char *const kFieldNames[] = {
    "probe_hit_level",  "probe_next",  "probe_reads",
    "lookup_hit_level", "lookup_next", "lookup_reads",
    "l4_hits", "l4_misses", "l4_fills", "l4_evictions", "l4_protected_evictions",
    "l4_forced_evictions",
    "l3_hits", "l3_misses", "l3_fills", "l3_evictions", "l3_protected_evictions",
    "l3_forced_evictions",
    "l2_hits", "l2_misses", "l2_fills", "l2_evictions", "l2_protected_evictions",
    "l2_forced_evictions",
};
const unsigned kNumFields = sizeof kFieldNames / sizeof kFieldNames[0];

Opts parse(int argc, char **argv)
{
    Opts o;
    xl_ls::parse_args(kProg, argc, argv, o, usage, [&](xl_ls::ArgWalker &a) {
        if (a.is("--params")) {
            o.params = a.choice("parameter set", {"small", "paper"});
#ifdef XL_ONLY_SMALL
            if (o.params != "small")
                xl_ls::usage_error(kProg, "--params: this build has only the small model");
#endif
        } else if (a.is("--mode")) {
            o.mode = a.choice("mode", {"random", "pressure"});
        } else if (a.is("--state-every")) {
            o.state_every = a.u64(0, UINT64_MAX);
        } else {
            return false;
        }
        return true;
    });
    std::vector<std::string> names(std::begin(kFieldNames), std::end(kFieldNames));
    for (const char *const *n = xl_ls::PwcState::inject_names(); *n != nullptr; n++)
        names.push_back(*n);
    xl_ls::check_common(kProg, o, names);
    if (o.inject && o.inject_field.rfind("pwc_", 0) == 0 &&
        (o.state_every == 0 || o.inject_cycle % o.state_every != 0))
        xl_ls::usage_error(kProg, "--inject-field %s: the state is not compared at cycle %"
                           PRIu64 " (--state-every %" PRIu64 ")", o.inject_field.c_str(),
                           o.inject_cycle, o.state_every);
    return o;
}

// ----------------------------------------------------------------------------- stimulus

// Addresses come from a small pool of table indices drawn once from the seed, so hits at
// every level, set conflicts and counter saturation happen often; one draw in 16 is a fresh
// random address. The L1 index and offset bits and, one time in 8, the bits above VA[47]
// (C side only: the RTL port is 48 bits) are random: neither side may look at them.
struct Stim {
    xl_rng_t rng;
    bool pressure = false;
    uint32_t p4[4], p3[4], p2[12];
    unsigned n4 = 0, n3 = 0, n2 = 0;
    struct Key {
        uint16_t asid;
        xl_va_t va;
    };
    Key probes[8], lookups[8];
    unsigned np = 0, nl = 0, ip = 0, il = 0;

    uint64_t below(uint64_t n) { return xl_rng_below(&rng, n); }
    uint64_t next() { return xl_rng_next(&rng); }

    void pool(uint32_t *p, unsigned n)
    {
        for (unsigned i = 0; i < n; i++) {
            bool dup;
            do {
                p[i] = (uint32_t)below(512);
                dup = false;
                for (unsigned j = 0; j < i; j++)
                    dup = dup || p[j] == p[i];
            } while (dup);
        }
    }

    void init(uint64_t seed, bool press, const Geom &g)
    {
        xl_rng_seed(&rng, seed);
        pressure = press;
        // Pool sizes: about 1.5-2 times as many tags as entries at each level (asids 0, 1).
        n4 = g.entries(0) <= 2 ? 2u : 3u;
        n3 = 2u;
        n2 = g.entries(2) <= 8 ? 4u : 12u;
        pool(p4, n4);
        pool(p3, n3);
        pool(p2, n2);
    }

    Key draw()
    {
        Key k;
        uint64_t i4, i3, i2;
        k.asid = below(16) == 0 ? (uint16_t)next() : (uint16_t)below(2);
        if (below(16) == 0) {
            i4 = below(512);
            i3 = below(512);
            i2 = below(512);
        } else {
            i4 = p4[below(n4)];
            i3 = p3[below(n3)];
            i2 = p2[below(n2)];
        }
        k.va = (i4 << 39) | (i3 << 30) | (i2 << 21) | (next() & UINT64_C(0x1FFFFF));
        if (below(8) == 0)
            k.va |= next() & ~XL_VA_MASK;
        return k;
    }

    static void remember(Key *ring, unsigned *n, unsigned *i, const Key &k)
    {
        ring[*i] = k;
        *i = (*i + 1u) % 8u;
        if (*n < 8u)
            (*n)++;
    }

    // Reset pulse after this cycle's edge: rst_ni low then high again on the RTL,
    // xl_pwc_reset on the C twin. About one cycle in 32768, so a run of 10^5 cycles resets a
    // few times from a dirty state, and invalid-way fills recur.
    bool reset_after() { return below(32768) == 0; }

    // One cycle of inputs. Ports whose valid is low still carry random fields: both twins
    // must ignore them.
    xl_pwc_in_t gen()
    {
        xl_pwc_in_t in;
        std::memset(&in, 0, sizeof in);
        Key k;

        in.probe_valid = (uint8_t)(pressure || below(2) == 0);
        in.probe_inc = (uint8_t)(below(2) == 0);
        k = (np > 0 && below(4) == 0) ? probes[below(np)] : draw();
        in.probe_asid = k.asid;
        in.probe_va = k.va;
        if (in.probe_valid)
            remember(probes, &np, &ip, k);

        in.lookup_valid = (uint8_t)(pressure || below(2) == 0);
        k = (np > 0 && below(3) == 0) ? probes[below(np)] : draw();
        in.lookup_asid = k.asid;
        in.lookup_va = k.va;
        if (in.lookup_valid)
            remember(lookups, &nl, &il, k);

        in.fill_valid = (uint8_t)(pressure || below(2) == 0);
        if (below(16) == 0) {
            static const uint8_t odd[5] = {0, 1, 5, 6, 7};   // ignored by both twins
            in.fill_level = odd[below(5)];
        } else {
            in.fill_level = (uint8_t)(2 + below(3));
        }
        k = (nl > 0 && below(2) == 0) ? lookups[below(nl)] : draw();
        in.fill_asid = k.asid;
        in.fill_va = k.va;
        in.fill_next = next();
        if (below(8) != 0)
            in.fill_next &= XL_PA_MASK;   // otherwise the C must drop bits 63:52 itself
        return in;
    }
};

// ----------------------------------------------------------------------------- C-side views

// The valid C entry holding (asid, va) at level index i, or nullptr (same scan as pwc.c).
const xl_pwc_entry_t *find_entry(const xl_pwc_t *c, unsigned i, uint16_t asid, xl_va_t va,
                                 uint32_t *set_out)
{
    const xl_pwc_level_t *l = &c->lv[i];
    uint64_t tag = xl_pwc_tag(va, 4u - i);
    uint32_t set = (uint32_t)(tag & (l->sets - 1u));
    if (set_out != nullptr)
        *set_out = set;
    for (uint32_t w = 0; w < l->ways; w++) {
        const xl_pwc_entry_t *e = &l->e[(size_t)set * l->ways + w];
        if (e->valid && e->asid == asid && e->tag == tag)
            return e;
    }
    return nullptr;
}

bool set_has_invalid(const xl_pwc_t *c, unsigned i, uint32_t set)
{
    const xl_pwc_level_t *l = &c->lv[i];
    for (uint32_t w = 0; w < l->ways; w++)
        if (!l->e[(size_t)set * l->ways + w].valid)
            return true;
    return false;
}

enum Bin {
    kProbeL4, kProbeL3, kProbeL2, kProbeMiss,
    kLookupL4, kLookupL3, kLookupL2, kLookupMiss,
    kIncAt3, kDecAt0, kIncDecSame,
    kFillInvalid, kFillRefresh, kFillIgnored,
    kEvictPlain, kEvictProtected, kEvictForced,
    kLookupFillSameSet, kStatWrapped, kResetMidRun, kNumBins
};

// Every bin needs `min` hits, except fill_invalid_way (at most one per entry between two
// resets: capped at the entry count) and stat_wrapped (once; only for StatWidth < 64).
std::vector<xl_ls::CovBin> make_bins(uint64_t min, unsigned stat_width, uint64_t entries)
{
    std::vector<xl_ls::CovBin> b = {
        {"probe_hit_l4", "probe: deepest hit L4 (reads 3)", 0, min},
        {"probe_hit_l3", "probe: deepest hit L3 (reads 2)", 0, min},
        {"probe_hit_l2", "probe: hit L2 (reads 1)", 0, min},
        {"probe_miss", "probe: full miss (reads 4)", 0, min},
        {"lookup_hit_l4", "lookup: deepest hit L4", 0, min},
        {"lookup_hit_l3", "lookup: deepest hit L3", 0, min},
        {"lookup_hit_l2", "lookup: hit L2", 0, min},
        {"lookup_miss", "lookup: full miss", 0, min},
        {"inc_at_3", "probe +1 on a counter at 3 (saturates)", 0, min},
        {"dec_at_0", "lookup -1 on a counter at 0 (saturates)", 0, min},
        {"inc_dec_same_entry", "lookup -1 and probe +1 on one entry, one cycle", 0, min},
        {"fill_invalid_way", "fill into an invalid way", 0, min < entries ? min : entries},
        {"fill_refresh", "fill of a present entry (refresh in place)", 0, min},
        {"fill_level_ignored", "fill with level not 2..4 (ignored)", 0, min},
        {"evict_plain", "eviction of the plain PLRU way (counter 0)", 0, min},
        {"evict_protected", "eviction that skipped a reserved PLRU way", 0, min},
        {"evict_forced", "eviction with every way reserved", 0, min},
        {"lookup_fill_same_set", "lookup hit and fill in one set, one cycle", 0, min},
        {"stat_wrapped", "a counter wrapped past 2^StatWidth (modulo compare)", 0,
         stat_width < 64 && min > 0 ? 1u : 0u},
        {"reset_mid_run", "reset pulse from a dirty state", 0, 0},
    };
    return b;
}

// Counts this cycle's coverage events visible before the edge.
void cover_pre(const xl_pwc_t *c, const xl_pwc_in_t &in, const xl_pwc_out_t &o,
               std::vector<xl_ls::CovBin> &b)
{
    static const Bin pb[5] = {kProbeMiss, kProbeMiss, kProbeL2, kProbeL3, kProbeL4};
    static const Bin lb[5] = {kLookupMiss, kLookupMiss, kLookupL2, kLookupL3, kLookupL4};
    if (in.probe_valid)
        b[pb[o.probe.hit_level]].count++;
    if (in.lookup_valid)
        b[lb[o.lookup.hit_level]].count++;
    uint32_t lk_set[XL_PWC_LEVELS] = {0, 0, 0};
    bool lk_hit[XL_PWC_LEVELS] = {false, false, false};
    for (unsigned i = 0; i < XL_PWC_LEVELS; i++) {
        const xl_pwc_entry_t *le = nullptr, *pe = nullptr;
        if (in.lookup_valid) {
            le = find_entry(c, i, in.lookup_asid, in.lookup_va, &lk_set[i]);
            lk_hit[i] = le != nullptr;
            if (le != nullptr && le->cnt == 0)
                b[kDecAt0].count++;
        }
        if (in.probe_valid && in.probe_inc) {
            pe = find_entry(c, i, in.probe_asid, in.probe_va, nullptr);
            if (pe != nullptr && pe->cnt == 3)
                b[kIncAt3].count++;
        }
        if (le != nullptr && le == pe)
            b[kIncDecSame].count++;
    }
    if (in.fill_valid) {
        if (in.fill_level < 2 || in.fill_level > 4) {
            b[kFillIgnored].count++;
        } else {
            unsigned i = 4u - in.fill_level;
            uint32_t set;
            if (find_entry(c, i, in.fill_asid, in.fill_va, &set) != nullptr)
                b[kFillRefresh].count++;
            else if (set_has_invalid(c, i, set))
                b[kFillInvalid].count++;
            if (lk_hit[i] && lk_set[i] == set)
                b[kLookupFillSameSet].count++;
        }
    }
}

// The 18 statistics counters of the C twin, level-major (hits, misses, fills, evictions,
// protected, forced), with the eviction totals the coverage bins need.
struct Stats {
    uint64_t v[XL_PWC_LEVELS][6];
    uint64_t ev = 0, prot = 0, forced = 0;
};

Stats stats(const xl_pwc_t *c)
{
    Stats t;
    for (unsigned i = 0; i < XL_PWC_LEVELS; i++) {
        const xl_pwc_level_t *l = &c->lv[i];
        t.v[i][0] = l->hits;
        t.v[i][1] = l->misses;
        t.v[i][2] = l->fills;
        t.v[i][3] = l->evictions;
        t.v[i][4] = l->protected_evictions;
        t.v[i][5] = l->forced_evictions;
        t.ev += l->evictions;
        t.prot += l->protected_evictions;
        t.forced += l->forced_evictions;
    }
    return t;
}

// Counters that wrapped modulo 2^sw at this edge (a counter moves by at most 1 per edge).
unsigned wraps(const Stats &before, const Stats &after, unsigned sw)
{
    uint64_t m = (UINT64_C(1) << sw) - 1u;
    unsigned n = 0;
    for (unsigned i = 0; i < XL_PWC_LEVELS; i++)
        for (unsigned k = 0; k < 6; k++)
            n += (after.v[i][k] != before.v[i][k] && (after.v[i][k] & m) == 0) ? 1u : 0u;
    return n;
}

// ----------------------------------------------------------------------------- RTL access

template <class M>
void drive(M *m, const xl_pwc_in_t &in)
{
    m->probe_valid_i = in.probe_valid & 1u;
    m->probe_inc_i = in.probe_inc & 1u;
    m->probe_asid_i = in.probe_asid;
    m->probe_va_i = in.probe_va & XL_VA_MASK;
    m->lookup_valid_i = in.lookup_valid & 1u;
    m->lookup_asid_i = in.lookup_asid;
    m->lookup_va_i = in.lookup_va & XL_VA_MASK;
    m->fill_valid_i = in.fill_valid & 1u;
    m->fill_level_i = in.fill_level & 7u;   // the stimulus draws levels 0..7 only
    m->fill_asid_i = in.fill_asid;
    m->fill_va_i = in.fill_va & XL_VA_MASK;
    m->fill_next_i = in.fill_next & XL_PA_MASK;
}

// Expected (C) and actual (RTL) values of every compared field, kFieldNames order.
// Statistics are compared modulo 2^StatWidth.
template <class M>
std::vector<xl_ls::Field> fields(const M *m, const xl_pwc_t *c, const xl_pwc_out_t &o,
                                 unsigned stat_width)
{
    uint64_t sm = stat_width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << stat_width) - 1u;
    std::vector<xl_ls::Field> f;
    f.reserve(kNumFields);
    auto add = [&](uint64_t e, uint64_t a) { f.push_back({kFieldNames[f.size()], e, a}); };
    add(o.probe.hit_level, m->probe_hit_level_o);
    add(o.probe.next, m->probe_next_o);
    add(o.probe.reads, m->probe_reads_o);
    add(o.lookup.hit_level, m->lookup_hit_level_o);
    add(o.lookup.next, m->lookup_next_o);
    add(o.lookup.reads, m->lookup_reads_o);
    const xl_pwc_level_t *l = c->lv;
    add(l[0].hits & sm, m->l4_hits_o);
    add(l[0].misses & sm, m->l4_misses_o);
    add(l[0].fills & sm, m->l4_fills_o);
    add(l[0].evictions & sm, m->l4_evictions_o);
    add(l[0].protected_evictions & sm, m->l4_protected_evictions_o);
    add(l[0].forced_evictions & sm, m->l4_forced_evictions_o);
    add(l[1].hits & sm, m->l3_hits_o);
    add(l[1].misses & sm, m->l3_misses_o);
    add(l[1].fills & sm, m->l3_fills_o);
    add(l[1].evictions & sm, m->l3_evictions_o);
    add(l[1].protected_evictions & sm, m->l3_protected_evictions_o);
    add(l[1].forced_evictions & sm, m->l3_forced_evictions_o);
    add(l[2].hits & sm, m->l2_hits_o);
    add(l[2].misses & sm, m->l2_misses_o);
    add(l[2].fills & sm, m->l2_fills_o);
    add(l[2].evictions & sm, m->l2_evictions_o);
    add(l[2].protected_evictions & sm, m->l2_protected_evictions_o);
    add(l[2].forced_evictions & sm, m->l2_forced_evictions_o);
    return f;
}

// Corrupts the named expected field (the fault-injection self-test).
void inject(std::vector<xl_ls::Field> &f, const std::string &name)
{
    for (xl_ls::Field &x : f)
        if (name == x.name)
            x.exp ^= 1u;
}

struct Rec {
    uint64_t cycle;
    xl_pwc_in_t in;
    bool rst;   // reset pulse after this cycle's edge
};

void print_history(FILE *f, const xl_ls::Ring<Rec, 32> &h)
{
    std::fprintf(f, "last %u cycles of inputs (va/next as driven to the C twin):\n", h.size());
    std::fprintf(f, "  %8s | %s %s %-6s %-18s | %s %-6s %-18s | %s %s %-6s %-18s %s\n", "cycle",
                 "pv", "inc", "asid", "probe_va", "lv", "asid", "lookup_va", "fv", "lvl", "asid",
                 "fill_va", "fill_next (R = reset pulse after the edge)");
    for (unsigned i = 0; i < h.size(); i++) {
        const Rec &r = h.at(i);
        const xl_pwc_in_t &x = r.in;
        std::fprintf(f,
                     "  %8" PRIu64 " | %u  %u   0x%04x 0x%016" PRIx64 " | %u  0x%04x 0x%016" PRIx64
                     " | %u  %u   0x%04x 0x%016" PRIx64 " 0x%" PRIx64 "%s\n",
                     r.cycle, x.probe_valid, x.probe_inc, x.probe_asid, x.probe_va,
                     x.lookup_valid, x.lookup_asid, x.lookup_va, x.fill_valid, x.fill_level,
                     x.fill_asid, x.fill_va, x.fill_next, r.rst ? "  R" : "");
    }
}

// The command that reproduces a failure at `cycle` with a waveform around it.
std::vector<std::string> repro_args(const char *argv0, const Opts &o, uint64_t cycle,
                                    const std::string &vcd)
{
    uint64_t cycles = cycle < o.cycles ? cycle + 1 : o.cycles;
    // --cov-min 0: a shortened run exits 1 only if the failure itself reproduces.
    std::vector<std::string> a = {argv0, "--params", o.params, "--mode", o.mode,
                                  "--seed", std::to_string(o.seed),
                                  "--cycles", std::to_string(cycles), "--cov-min", "0"};
    if (o.state_every != 1)
        a.insert(a.end(), {"--state-every", std::to_string(o.state_every)});
    xl_ls::repro_tail(a, o, o.inject, cycle, vcd);
    return a;
}

// ----------------------------------------------------------------------------- the run

template <class M>
int run(const Opts &o, const Geom &g, const char *argv0)
{
    const bool press = o.mode == "pressure";
    const unsigned sw = g.stat_width();
    xl_pwc_params_t p;
    for (unsigned i = 0; i < XL_PWC_LEVELS; i++) {
        p.entries[i] = g.entries(i);
        p.ways[i] = g.ways(i);
    }
    xl_pwc_t ref;
    char err[200] = "";
    if (!xl_ls::twin_accepts(xl_pwc_init(&ref, &p, err, sizeof err) == XL_OK, kProg,
                             "the " + o.params + " geometry", err))
        return 2;
    xl_pwc_reset(&ref);

    std::printf("xl_pwc lockstep: params=%s (L4 %ux%u, L3 %ux%u, L2 %ux%u entries x ways, "
                "stats %u bits) mode=%s seed=%" PRIu64 " cycles=%" PRIu64 "%s\n",
                o.params.c_str(), g.entries(0), g.ways(0), g.entries(1), g.ways(1), g.entries(2),
                g.ways(2), sw, o.mode.c_str(), o.seed, o.cycles,
                o.rtl_only ? " (RTL only)" : "");
    std::fflush(stdout);

    // Reset with every port idle (xl_ls::initial_reset).
    xl_pwc_in_t zero;
    std::memset(&zero, 0, sizeof zero);
    xl_ls::Dut<M> dut;
    M *m = dut.open("xl_pwc", o, kProg, [&](M *x) { drive(x, zero); });
    if (m == nullptr)
        return 2;
    uint64_t cyc = 0;

    // The internal state: the registers of the instance "xl_pwc" of model "xl_pwc".
    xl_ls::PwcState ps;
    int inject_state = -1;   // --inject-field pwc_*: the kind of item to corrupt
    if (!o.rtl_only) {
        std::string e;
        if (!ps.open(dut.ctx, std::string(m->name()) + ".xl_pwc", &ref, e)) {
            std::fprintf(stderr, "%s: error: %s\n", kProg, e.c_str());
            xl_pwc_free(&ref);
            return 2;
        }
        for (int k = 0; xl_ls::PwcState::inject_names()[k] != nullptr; k++)
            if (o.inject && o.inject_field == xl_ls::PwcState::inject_names()[k])
                inject_state = k;
    }
    std::vector<std::string> snames;
    std::vector<xl_ls::Field> srows;

    Stim st;
    st.init(o.seed, press, g);
    std::vector<xl_ls::CovBin> bins =
        make_bins(o.cov_min, sw, (uint64_t)g.entries(0) + g.entries(1) + g.entries(2));
    xl_ls::Ring<Rec, 32> hist;
    xl_pwc_out_t exp;
    int status = 0;
    double t0 = xl_ls::now_s();

    for (cyc = 0; cyc <= o.cycles; cyc++) {
        // Cycle o.cycles is a final compare with every port idle: the counters after the
        // last edge.
        xl_pwc_in_t in = cyc < o.cycles ? st.gen() : zero;
        bool rst = cyc < o.cycles && st.reset_after();
        // Falling clock edge and this cycle's inputs in one evaluation, then compare, then
        // the rising edge: two evaluations per cycle.
        m->clk_i = 0;
        drive(m, in);
        dut.eval(cyc);
        if (o.rtl_only) {
            if (cyc == o.cycles)
                break;
        } else {
            xl_pwc_comb(&ref, &in, &exp);
            std::vector<xl_ls::Field> f = fields(m, &ref, exp, sw);
            if (o.inject && cyc == o.inject_cycle)
                inject(f, o.inject_field);
            bool differ = false;
            for (const xl_ls::Field &x : f)
                differ = differ || x.exp != x.act;
            // The state after the previous edge (the C twin has not stepped yet), every
            // --state-every cycles and after the last edge.
            bool state_bad = false;
            if (!differ && ((o.state_every != 0 && cyc % o.state_every == 0) || cyc == o.cycles)) {
                bool done = true;
                int inj = cyc == o.inject_cycle ? inject_state : -1;
                state_bad = ps.diff(&ref, inj, snames, srows, &done) != 0;
                if (!done) {
                    // A self-test that corrupts nothing would pass: refuse it instead.
                    std::fprintf(stderr, "%s: error: --inject-field %s: no such item is "
                                 "compared at cycle %" PRIu64 "\n", kProg,
                                 o.inject_field.c_str(), cyc);
                    xl_pwc_free(&ref);
                    return 2;
                }
            }
            hist.push({cyc, in, rst});
            if (differ || state_bad || dut.ctx.gotError()) {
                std::printf("MISMATCH block=xl_pwc params=%s mode=%s seed=%" PRIu64
                            " cycle=%" PRIu64 "%s\n",
                            o.params.c_str(), o.mode.c_str(), o.seed, cyc,
                            dut.ctx.gotError() ? " (RTL assertion failed at the previous edge)"
                                               : "");
                if (state_bad) {
                    std::printf("internal state after the previous edge (differing items "
                                "only):\n");
                    for (size_t i = 0; i < srows.size(); i++)
                        srows[i].name = snames[i].c_str();
                    f = srows;
                }
                xl_ls::print_fields(stdout, f);
                print_history(stdout, hist);
                status = 1;
                break;
            }
            if (cyc == o.cycles)
                break;
            Stats before = stats(&ref);
            cover_pre(&ref, in, exp, bins);
            xl_pwc_step(&ref, &in);
            Stats after = stats(&ref);
            uint64_t ev = after.ev - before.ev, pr = after.prot - before.prot,
                     fo = after.forced - before.forced;
            bins[kEvictProtected].count += pr;
            bins[kEvictForced].count += fo;
            bins[kEvictPlain].count += ev - pr - fo;
            if (sw < 64)
                bins[kStatWrapped].count += wraps(before, after, sw);
        }
        dut.rise(cyc);
        if (rst)
            dut.reset_both(cyc, o.rtl_only, bins[kResetMidRun], [&] { xl_pwc_reset(&ref); });
    }
    double dt = xl_ls::now_s() - t0;
    uint64_t done = cyc < o.cycles ? cyc : o.cycles;
    if (status == 0 && dut.ctx.gotError()) {
        std::printf("MISMATCH block=xl_pwc params=%s mode=%s seed=%" PRIu64 " cycle=%" PRIu64
                    " (RTL assertion failed)\n",
                    o.params.c_str(), o.mode.c_str(), o.seed, done);
        status = 1;
    }
    dut.close();

    if (status != 0) {
        std::string vcd = o.wave_dir + "/xl_pwc-" + o.params + "-" + o.mode + "-seed" +
                          std::to_string(o.seed) + ".vcd";
        xl_ls::report_failure(repro_args(argv0, o, cyc, vcd), argv0, o, vcd);
        xl_pwc_free(&ref);
        return 1;
    }

    double rate = dt > 0 ? (double)o.cycles / dt : 0.0;
    if (o.rtl_only) {
        std::printf("PASS block=xl_pwc params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                    " time=%.2fs rate=%.0f cycles/s (RTL only, nothing compared)\n",
                    o.params.c_str(), o.mode.c_str(), o.seed, o.cycles, dt, rate);
        xl_pwc_free(&ref);
        return 0;
    }
    unsigned low = xl_ls::print_coverage(stdout, bins);
    xl_pwc_free(&ref);
    if (low != 0) {
        std::printf("FAIL block=xl_pwc params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                    ": %u coverage bin(s) below the minimum %" PRIu64 "\n",
                    o.params.c_str(), o.mode.c_str(), o.seed, o.cycles, low, o.cov_min);
        return 1;
    }
    std::printf("PASS block=xl_pwc params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                " compared=%u fields/cycle + the state of %u entries every %" PRIu64
                " cycle(s) time=%.2fs rate=%.0f cycles/s\n",
                o.params.c_str(), o.mode.c_str(), o.seed, o.cycles, kNumFields,
                g.entries(0) + g.entries(1) + g.entries(2), o.state_every, dt, rate);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    Opts o = parse(argc, argv);
    if (o.params == "small")
        return run<Vxl_pwc_small>(o, kSmall, argv[0]);
#ifndef XL_ONLY_SMALL
    return run<Vxl_pwc_paper>(o, kPaper, argv[0]);
#else
    return 2;
#endif
}
