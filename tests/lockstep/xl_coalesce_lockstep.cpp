// xl_coalesce_lockstep.cpp - Verilator lockstep harness of the walk-coalescing block: the C
// twin (model/src/iommu/coalesce.c: xl_coalesce_comb / xl_coalesce_commit / xl_coalesce_resume) and
// the Verilated RTL (rtl/xl_coalesce.sv) get identical inputs every cycle; every output is
// compared every cycle, and the per-slot state (valid, VA, PL, PA) every N cycles and at the
// end (docs/design.md twin contract and verification stack item 3; spec
// docs/isca18-micro18.md §1.3, §3; harness shape from
// docs/rtl.md §1.10, §1.11; shared helpers in lockstep.h).
//
// Per cycle: draw inputs from a small consistent world (seeded xl_rng, model/include/xlat/
// rng.h), drive them, eval; ask the C twin for the expected outputs (comb, with both the
// blocked and the kill arrays, so it computes everything the RTL computes); compare; count
// coverage from the C state; step the C twin; clock edge. Random initial values in every
// unreset flop (Verilator --x-initial unique with randReset 2, seeded from --seed).
//
// Mode is an RTL parameter, so tests/lockstep/build_coalesce.sh links ten Verilated models
// into this binary: Vxl_coalesce_{small,paper}_{off,leaf,upper,both} and, for the scan
// drained one slot a cycle (ScanPipe 1, --scan-pipe 1), Vxl_coalesce_{small,paper}_scan in
// mode both. The parameter sets are written once in the build script and passed to
// Verilator (-G) and to this file (-DXL_CO_*_GEOM). A mutant build (-DXL_ONLY_SMALL_BOTH)
// links only the small "both" model, a SCAN_ mutant build (-DXL_ONLY_SMALL_SCAN) only the
// small "scan" model.
#include "lockstep.h"

#include <algorithm>
#include <type_traits>

#if defined(XL_ONLY_SMALL_SCAN)
#include "Vxl_coalesce_small_scan.h"
#include "Vxl_coalesce_small_scan___024root.h"
#else
#include "Vxl_coalesce_small_both.h"
#include "Vxl_coalesce_small_both___024root.h"
#endif
#if !defined(XL_ONLY_SMALL_BOTH) && !defined(XL_ONLY_SMALL_SCAN)
#include "Vxl_coalesce_small_off.h"
#include "Vxl_coalesce_small_off___024root.h"
#include "Vxl_coalesce_small_leaf.h"
#include "Vxl_coalesce_small_leaf___024root.h"
#include "Vxl_coalesce_small_upper.h"
#include "Vxl_coalesce_small_upper___024root.h"
#include "Vxl_coalesce_paper_off.h"
#include "Vxl_coalesce_paper_off___024root.h"
#include "Vxl_coalesce_paper_leaf.h"
#include "Vxl_coalesce_paper_leaf___024root.h"
#include "Vxl_coalesce_paper_upper.h"
#include "Vxl_coalesce_paper_upper___024root.h"
#include "Vxl_coalesce_paper_both.h"
#include "Vxl_coalesce_paper_both___024root.h"
#include "Vxl_coalesce_small_scan.h"
#include "Vxl_coalesce_small_scan___024root.h"
#include "Vxl_coalesce_paper_scan.h"
#include "Vxl_coalesce_paper_scan___024root.h"
#endif

extern "C" {
#include "xlat/coalesce.h"
#include "xlat/pagetable.h"
#include "xlat/rng.h"
}

// {NumSlots, NumWalkers, StatWidth}
#ifndef XL_CO_SMALL_GEOM
#define XL_CO_SMALL_GEOM {16, 2, 10}
#endif
#ifndef XL_CO_PAPER_GEOM
#define XL_CO_PAPER_GEOM {256, 8, 64}
#endif

namespace {

const char *const kProg = "xl_coalesce_lockstep";
const unsigned kMaxWalkers = 64;
const unsigned kVpnW = 36;   // RTL: VA[47:12] per slot
const unsigned kFrmW = 40;   // RTL: PA[51:12] per slot

struct Geom {
    uint32_t slots, walkers, stat_width;
};
const Geom kSmall = XL_CO_SMALL_GEOM;
const Geom kPaper = XL_CO_PAPER_GEOM;

const char *const kModeNames[4] = {"off", "leaf", "upper", "both"};

// ScanPipe 1 models have the pending set (rtl/xl_coalesce.sv g_scan_seq).
template <class R, class = void>
struct HasPend : std::false_type {};
template <class R>
struct HasPend<R, std::void_t<decltype(std::declval<const R &>()
        .xl_coalesce__DOT__g_scan_seq__DOT__pend_q)>>
    : std::true_type {};

struct Opts : xl_ls::CommonOpts {
    std::string params = "small";
    std::string mode = "both";     // off|leaf|upper|both|all
    std::string stim = "random";   // random|pressure
    uint64_t state_every = 64;
    uint64_t scan_pipe = 0;        // the RTL ScanPipe parameter (iommu.scan_pipe)
    Opts() : CommonOpts("arr_blocked", "build/rtl/lockstep/coalesce/waves") {}
};

void usage(FILE *f)
{
    std::fprintf(f,
        "usage: %s [options]\n"
        "  --params small|paper  small = %u slots, %u walkers, %u-bit counters (compared\n"
        "                      modulo 2^%u); paper = %u slots, %u walkers, %u-bit counters\n"
        "  --mode off|leaf|upper|both|all  the RTL Mode parameter (iommu.coalesce); all runs\n"
        "                      the four one after the other, --cycles each (default both;\n"
        "                      --trace needs one mode)\n"
        "  --stim random|pressure  random: a consistent little world, ports busy about half\n"
        "                      the time; pressure: buffer kept full, a line every cycle\n"
        "  --state-every N     compare the per-slot state every N cycles (default 64)\n"
        "  --scan-pipe 0|1     the RTL ScanPipe parameter (iommu.scan_pipe): 1 drains the\n"
        "                      scan one slot a cycle (built for --mode both only)\n",
        kProg, kSmall.slots, kSmall.walkers, kSmall.stat_width, kSmall.stat_width, kPaper.slots,
        kPaper.walkers, kPaper.stat_width);
    xl_ls::usage_common(f, Opts());
}

// Names of the fields compared every cycle, for a geometry (blocked and kill in 64-slot
// words). Built once per run; Field.name points into it.
std::vector<std::string> field_names(const Geom &g)
{
    std::vector<std::string> n;
    unsigned words = (g.slots + 63u) / 64u;
    for (unsigned w = 0; w < words; w++)
        n.push_back("blocked.w" + std::to_string(w));
    for (unsigned w = 0; w < words; w++)
        n.push_back("kill.w" + std::to_string(w));
    n.push_back("arr_blocked");
    n.push_back("cpl_valid");
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        n.push_back("cpl_slot[" + std::to_string(i) + "]");
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        n.push_back("cpl_frame[" + std::to_string(i) + "]");
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        n.push_back("cpl_shift[" + std::to_string(i) + "]");
    n.push_back("resume_pl");
    n.push_back("resume_pa");
    n.push_back("scans");
    n.push_back("leaf_done");
    n.push_back("upper_set_l2");
    n.push_back("upper_set_l3");
    n.push_back("upper_set_l4");
    n.push_back("scan_drops");
    return n;
}

bool mode_index(const std::string &s, unsigned *m)
{
    for (unsigned i = 0; i < 4; i++)
        if (s == kModeNames[i]) {
            *m = i;
            return true;
        }
    return false;
}

Opts parse(int argc, char **argv)
{
    Opts o;
    xl_ls::parse_args(kProg, argc, argv, o, usage, [&](xl_ls::ArgWalker &a) {
        if (a.is("--params"))
            o.params = a.choice("parameter set", {"small", "paper"});
        else if (a.is("--mode"))
            o.mode = a.choice("mode", {"off", "leaf", "upper", "both", "all"});
        else if (a.is("--stim"))
            o.stim = a.choice("stimulus", {"random", "pressure"});
        else if (a.is("--state-every"))
            o.state_every = a.u64(1, UINT64_C(1000000000000));
        else if (a.is("--scan-pipe"))
            o.scan_pipe = a.u64(0, 1);
        else
            return false;
        return true;
    });
#if defined(XL_ONLY_SMALL_BOTH) || defined(XL_ONLY_SMALL_SCAN)
    if (o.params != "small" || o.mode != "both")
        xl_ls::usage_error(kProg, "this (mutant) build has only --params small --mode both");
#endif
    if (!o.trace.empty() && o.mode == "all")
        xl_ls::usage_error(kProg, "--trace needs one --mode, not all");
    if (o.scan_pipe != 0 && o.mode != "both")
        xl_ls::usage_error(kProg, "--scan-pipe 1 is built for --mode both only");
#ifdef XL_ONLY_SMALL_BOTH
    if (o.scan_pipe != 0)
        xl_ls::usage_error(kProg, "this (mutant) build has only --scan-pipe 0");
#endif
#ifdef XL_ONLY_SMALL_SCAN
    if (o.scan_pipe != 1)
        xl_ls::usage_error(kProg, "this (mutant) build has only --scan-pipe 1");
#endif
    xl_ls::check_common(kProg, o, field_names(o.params == "small" ? kSmall : kPaper));
    return o;
}

// ----------------------------------------------------------------------------- bit access

// Bits [lsb +: w] (w <= 64) of a Verilated signal: an integral type (CData .. QData) or a
// VlWide<N> of 32-bit words.
template <class T>
uint64_t getb(const T &v, unsigned lsb, unsigned w)
{
    static_assert(std::is_integral<T>::value, "integral signal");
    uint64_t x = lsb >= 64 ? 0 : (uint64_t)v >> lsb;
    return w >= 64 ? x : x & ((UINT64_C(1) << w) - 1u);
}
template <std::size_t N>
uint64_t getb(const VlWide<N> &v, unsigned lsb, unsigned w)
{
    uint64_t r = 0;
    unsigned got = 0;
    while (got < w) {
        unsigned b = lsb + got, off = b % 32u, take = std::min(32u - off, w - got);
        uint64_t chunk = ((uint64_t)v[b / 32u] >> off) & ((UINT64_C(1) << take) - 1u);
        r |= chunk << got;
        got += take;
    }
    return r;
}
template <class T>
void setb(T &v, unsigned lsb, unsigned w, uint64_t x)
{
    static_assert(std::is_integral<T>::value, "integral signal");
    uint64_t m = (w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1u) << lsb;
    v = (T)(((uint64_t)v & ~m) | ((x << lsb) & m));
}
template <std::size_t N>
void setb(VlWide<N> &v, unsigned lsb, unsigned w, uint64_t x)
{
    unsigned done = 0;
    while (done < w) {
        unsigned b = lsb + done, off = b % 32u, take = std::min(32u - off, w - done);
        uint32_t m = (uint32_t)(((UINT64_C(1) << take) - 1u) << off);
        uint32_t val = (uint32_t)(((x >> done) << off) & m);
        v[b / 32u] = (v[b / 32u] & ~m) | val;
        done += take;
    }
}

// ----------------------------------------------------------------------------- stimulus

// One cycle of inputs, owning the PWST array that in.pwst points to.
struct Cycle {
    xl_co_in_t in;
    xl_pwst_t pw[kMaxWalkers];
    uint32_t resume_slot;
};

// A small consistent world around the block (as xl_walk_path uses it): walkers that serve a
// VA at a level and return one line at a time, arrivals into free slots, departures of
// valid (mostly not blocked) slots that an idle walker takes, resuming at PL-1.
//
// VAs: x86-64 indices idx4..idx1 whose line part (idx >> 3) comes from {b, b+1} per level
// with b even (adjacent lines differ in the neighbourhood's lowest bit), and a random slot
// part. Three VAs in four copy a VA already in the buffer or in a walker and redraw only
// the indices below a random level, so neighbourhoods collide often at every level, two
// requests share a page (lane conflicts, the walker's own lane), and adjacent lines just
// miss. One VA in 16 is fully random. The bits above VA[47] are random one time in eight
// (C side only: the RTL ports are 48 bits).
struct World {
    xl_rng_t rng;
    bool pressure = false;
    bool scan = false;   // ScanPipe 1: no departure of a pending slot, busy lanes drawn
    Geom g;
    uint32_t base[5];   // [L]: even line base of idx_L >> 3
    struct Walker {
        bool busy;
        unsigned level;
        uint64_t va;
    } wk[kMaxWalkers];
    // Random stimulus runs in phases of 512 cycles: fill (arrivals 3/4, departures 1/8),
    // drain (1/4, 1/2) or steady (1/2, 1/2), so the occupancy sweeps empty to full.
    unsigned phase = 0;
    uint64_t phase_left = 0;
    // This cycle's decisions that the edge applies to the walkers.
    int line_walker = -1;
    bool disp_take = false;
    uint64_t disp_va = 0;
    unsigned disp_pl = 0;
    std::vector<uint32_t> tmp;

    uint64_t below(uint64_t n) { return xl_rng_below(&rng, n); }
    uint64_t next() { return xl_rng_next(&rng); }

    void init(uint64_t seed, bool press, const Geom &geom, bool scan_pipe)
    {
        xl_rng_seed(&rng, seed);
        pressure = press;
        scan = scan_pipe;
        g = geom;
        for (unsigned l = 1; l <= 4; l++)
            base[l] = (uint32_t)(2u * below(32));
        for (unsigned w = 0; w < kMaxWalkers; w++)
            wk[w] = {false, 1, 0};
        tmp.reserve(g.slots);
    }

    uint64_t idx(unsigned level) { return ((base[level] + below(2)) << 3) | below(8); }
    uint64_t set_idx(uint64_t va, unsigned level, uint64_t i)
    {
        unsigned sh = 12u + 9u * (level - 1u);
        return (va & ~(UINT64_C(0x1FF) << sh)) | (i << sh);
    }
    uint64_t fresh()
    {
        return (idx(4) << 39) | (idx(3) << 30) | (idx(2) << 21) | (idx(1) << 12) | below(4096);
    }
    // Keep va's indices above level k, redraw the rest: k = 0 same page (new offset), 1 same
    // L1 line (new lane), 2 new idx1 (same L2 entry), 3 new idx2 and idx1 (same L3 entry),
    // 4 new idx3..idx1 (same L4 entry), 5 fresh.
    uint64_t perturb(uint64_t va, unsigned k)
    {
        va &= XL_VA_MASK;
        va = (va & ~UINT64_C(0xFFF)) | below(4096);
        if (k == 1)
            va = set_idx(va, 1, (xl_pt_index(va, 1) & ~7u) | below(8));
        for (unsigned l = 1; l < k && l <= 4; l++)
            va = set_idx(va, l, idx(l));
        if (k >= 5)
            va = fresh();
        return va;
    }
    uint64_t va_draw(const xl_coalesce_t *c)
    {
        // 1/16 fully random, 3/16 fresh from the pools, 12/16 a neighbour of a buffered
        // or walker's VA: same page 3, same L1 line 3, same L2 entry 2, same L3 entry 2,
        // same L4 entry 1, fresh 1 (in twelfths).
        static const unsigned kLevel[12] = {0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5};
        uint64_t r = below(16), va;
        if (r == 0) {
            va = next() & XL_VA_MASK;
        } else if (r < 4) {
            va = fresh();
        } else {
            tmp.clear();
            for (uint32_t s = 0; s < g.slots; s++)
                if ((c->valid[s >> 6] >> (s & 63u)) & 1u)
                    tmp.push_back(s);
            uint64_t src;
            unsigned busy = 0;
            for (unsigned w = 0; w < g.walkers; w++)
                busy += wk[w].busy ? 1u : 0u;
            if (!tmp.empty() && (busy == 0 || below(2) == 0)) {
                src = c->va[tmp[below(tmp.size())]];
            } else if (busy > 0) {
                unsigned k = (unsigned)below(busy), w = 0;
                for (;; w++)
                    if (wk[w].busy && k-- == 0)
                        break;
                src = wk[w].va;
            } else {
                src = fresh();
            }
            va = perturb(src, kLevel[below(12)]);
        }
        if (below(8) == 0)
            va |= next() & ~XL_VA_MASK;
        return va;
    }
    unsigned start_level() { return 1u + (unsigned)below(4); }

    // A 64 B line of 8 entries at `level`: present 7 in 8; at L2 a table of 2 MB pages one
    // line in three (every entry PS), else PS 1 in 4 per entry; PS 1 in 8 at L1 (PAT,
    // ignored) and at L3/L4 (a pointer to both twins); random flags and frames, bits 63:52
    // random one time in four.
    void make_line(uint64_t *line, unsigned level)
    {
        bool all_ps = level == 2 && below(3) == 0;
        for (unsigned i = 0; i < XL_CO_LANES; i++) {
            uint64_t e = next() & UINT64_C(0x000FFFFFFFFFFF7E);   // frame + flags, no P/PS
            if (below(8) != 0)
                e |= XL_PTE_P;
            if (all_ps || (level == 2 ? below(4) == 0 : below(8) == 0))
                e |= XL_PTE_PS;
            if (below(4) == 0)
                e |= next() & UINT64_C(0xFFF0000000000000);
            line[i] = e;
        }
    }

    bool slot_valid(const xl_coalesce_t *c, uint32_t s) const
    {
        return (c->valid[s >> 6] >> (s & 63u)) & 1u;
    }

    void gen(const xl_coalesce_t *c, Cycle &cy)
    {
        xl_co_in_t &in = cy.in;
        std::memset(&in, 0, sizeof in);
        in.pwst = cy.pw;
        line_walker = -1;
        disp_take = false;

        // PWST: busy walkers; an idle entry carries random level and VA (ignored).
        unsigned busy = 0, idle = 0;
        for (unsigned w = 0; w < g.walkers; w++) {
            xl_pwst_t &p = cy.pw[w];
            if (wk[w].busy) {
                p.valid = 1;
                p.level = (uint8_t)wk[w].level;
                p.va = wk[w].va;
                busy++;
            } else {
                p.valid = 0;
                p.level = (uint8_t)below(8);
                p.va = next();
                idle++;
            }
        }

        // Arrival into a free slot. arr_va is always meaningful (arr_blocked).
        uint32_t nvalid = 0;
        for (unsigned w = 0; w < c->words; w++)
            nvalid += (uint32_t)__builtin_popcountll(c->valid[w]);
        in.arr_va = va_draw(c);
        in.arr_slot = (uint32_t)below(g.slots);
        if (phase_left == 0) {
            phase = (unsigned)below(3);
            phase_left = 512;
        }
        phase_left--;
        static const unsigned kArr[3] = {6, 2, 4}, kDisp[3] = {1, 4, 4};   // in eighths
        bool want_arr = pressure ? true : below(8) < kArr[phase];
        if (want_arr && nvalid < g.slots) {
            uint32_t k = (uint32_t)below(g.slots - nvalid), s = 0;
            for (;; s++)
                if (!slot_valid(c, s) && k-- == 0)
                    break;
            in.arr_valid = 1;
            in.arr_slot = s;
        }

        // Departure of a valid slot, 3 times in 4 one that CL does not block (as the
        // scheduler picks), else any valid slot.
        in.disp_slot = (uint32_t)below(g.slots);
        bool want_disp = pressure ? (nvalid == g.slots && below(2) == 0)
                                  : below(8) < kDisp[phase];
        if (want_disp && nvalid > 0) {
            bool free_only = below(4) != 0;
            tmp.clear();
            for (uint32_t s = 0; s < g.slots; s++)
                if (slot_valid(c, s) &&
                    (!free_only || c->p.mode == XL_CO_OFF ||
                     !xl_coalesce_cl(c, cy.pw, c->va[s])))
                    tmp.push_back(s);
            if (tmp.empty())
                for (uint32_t s = 0; s < g.slots; s++)
                    if (slot_valid(c, s))
                        tmp.push_back(s);
            // ScanPipe 1: a pending slot is CL, so no scheduler dispatches it
            // (rtl/xl_coalesce.sv, assertion PendNotDeparting).
            if (scan)
                tmp.erase(std::remove_if(tmp.begin(), tmp.end(),
                                         [&](uint32_t s) {
                                             return (c->pend[s >> 6] >> (s & 63u)) & 1u;
                                         }),
                          tmp.end());
            if (!tmp.empty()) {
                in.disp_valid = 1;
                in.disp_slot = tmp[below(tmp.size())];
                if (idle > 0) {
                    unsigned pl;
                    xl_pa_t pa;
                    xl_coalesce_resume(c, in.disp_slot, &pl, &pa);
                    disp_take = true;
                    disp_va = c->va[in.disp_slot];
                    disp_pl = pl;
                }
            }
        }

        // A returning line: a busy walker's read (its level and VA), or now and then a
        // line nobody in the PWST serves. When no line comes the fields are random.
        bool want_line = pressure ? true : below(2) == 0;
        if (want_line && busy > 0 && below(16) != 0) {
            unsigned k = (unsigned)below(busy), w = 0;
            for (;; w++)
                if (wk[w].busy && k-- == 0)
                    break;
            line_walker = (int)w;
            in.line_valid = 1;
            in.line_level = (uint8_t)wk[w].level;
            in.line_va = wk[w].va;
        } else if (want_line && (pressure || below(4) == 0)) {
            in.line_valid = 1;
            in.line_level = (uint8_t)start_level();
            in.line_va = va_draw(c);
        } else {
            in.line_level = (uint8_t)below(8);
            in.line_va = next();
        }
        make_line(in.line, in.line_level);

        // Resume lookup: the departing slot, a slot with a resume point, or any slot.
        uint64_t r = below(4);
        cy.resume_slot = (uint32_t)below(g.slots);
        if (r < 2 && in.disp_valid) {
            cy.resume_slot = in.disp_slot;
        } else if (r == 2) {
            uint32_t s0 = (uint32_t)below(g.slots);
            for (uint32_t i = 0; i < g.slots; i++) {
                uint32_t s = (s0 + i) % g.slots;
                if (c->pl[s] != 0) {
                    cy.resume_slot = s;
                    break;
                }
            }
        }

        // ScanPipe 1: one cycle in four a walker's own leaf completion holds a lane of the
        // port (in the top, the lane of the walker's entry; here any lane).
        if (scan && below(4) == 0)
            in.lane_busy = (uint8_t)(1u << below(8));
    }

    // The walkers after the edge: the one whose line came back goes down a level or
    // finishes (leaf, 2 MB leaf or not present); an idle walker takes the departing slot
    // (at PL-1 when it has a resume point, else at a random PWC-hit depth) or, now and
    // then, a fresh request that never waited in the buffer (an immediate dispatch).
    void edge(const Cycle &cy)
    {
        const xl_co_in_t &in = cy.in;
        if (line_walker >= 0) {
            Walker &k = wk[line_walker];
            uint64_t e = in.line[xl_pt_index(k.va, k.level) & 7u];
            if (!(e & XL_PTE_P) || k.level == 1u || (k.level == 2u && (e & XL_PTE_PS)))
                k.busy = false;
            else
                k.level--;
        }
        if (disp_take) {
            for (unsigned w = 0; w < g.walkers; w++)
                if (!wk[w].busy && (int)w != line_walker) {
                    wk[w] = {true, disp_pl != 0 ? disp_pl - 1u : start_level(), disp_va};
                    break;
                }
        }
        if (below(pressure ? 2 : 8) == 0) {
            unsigned w = (unsigned)below(g.walkers);
            if (!wk[w].busy)
                wk[w] = {true, start_level(), fresh()};
        }
    }

    // Reset pulse after this cycle's edge, about one cycle in 32768.
    bool reset_after() { return below(32768) == 0; }
};

// ----------------------------------------------------------------------------- coverage

enum Bin {
    kLane0, kLane1, kLane2, kLane3, kLane4, kLane5, kLane6, kLane7,
    kLaneConflict, kOwnLane, kUpperL2, kUpperL3, kUpperL4, kPlNotUp, kPsLeaf,
    kClL1, kClL2, kClL3, kClL4, kArrBlocked, kNotPresent, kDispClearsPl, kKillClearsPl,
    kDispMasksUpd, kResumePl, kLineIgnored, kBufferFull, kStatWrapped, kResetMidRun,
    kScanDrop, kLaneWait, kNumBins
};

// needs: 0 = any mode but off; else all of bit 0 = the leaf level enabled, bit 1 = an
// upper level enabled, bit 2 = pressure stimulus, bit 3 = mode off, bit 4 = counters
// narrower than 64 bits (and not mode off), bit 5 = never (informational), bit 6 = random
// stimulus, bit 7 = ScanPipe 1. A bin whose needs the run does not meet is informational
// (minimum 0).
std::vector<xl_ls::CovBin> make_bins(uint64_t min, unsigned mode, bool pressure,
                                     unsigned stat_width, bool scan)
{
    struct B {
        const char *name, *what;
        unsigned needs;
        uint64_t cap;   // 0: the minimum as given; else the minimum capped at this
    };
    static const B bins[kNumBins] = {
        {"leaf_lane_0", "a scan completion on lane 0", 0, 0},
        {"leaf_lane_1", "a scan completion on lane 1", 0, 0},
        {"leaf_lane_2", "a scan completion on lane 2", 0, 0},
        {"leaf_lane_3", "a scan completion on lane 3", 0, 0},
        {"leaf_lane_4", "a scan completion on lane 4", 0, 0},
        {"leaf_lane_5", "a scan completion on lane 5", 0, 0},
        {"leaf_lane_6", "a scan completion on lane 6", 0, 0},
        {"leaf_lane_7", "a scan completion on lane 7", 0, 0},
        {"lane_conflict", "two slots want one lane (lowest wins)", 0, 0},
        {"own_lane_skipped", "a leaf neighbour on the walker's own lane", 0, 0},
        {"upper_set_l2", "resume points set/moved by an L2 line", 2, 0},
        {"upper_set_l3", "resume points set/moved by an L3 line", 2, 0},
        {"upper_set_l4", "resume points set by an L4 line", 2, 0},
        {"pl_not_moved_up", "upper neighbour with PL <= L: PL kept", 2, 0},
        {"ps_leaf", "a 2 MB leaf (PS at L2) completion", 2, 0},
        {"cl_from_l1", "a slot blocked by a walker at L1", 1, 0},
        {"cl_from_l2", "a slot blocked by a walker at L2", 2, 0},
        {"cl_from_l3", "a slot blocked by a walker at L3", 2, 0},
        {"cl_from_l4", "a slot blocked by a walker at L4", 2, 0},
        {"arr_blocked", "an arrival with CL (arr_blocked)", 0, 0},
        {"not_present", "a neighbour whose entry is not present", 0, 0},
        {"disp_clears_pl", "departure of a slot with a resume point", 2, 0},
        {"kill_clears_pl", "scan completion of a slot with a resume point", 2, 2},
        {"disp_masks_upd", "an upper update lost to the slot's departure", 66, 2},
        {"resume_pl_set", "resume lookup of a slot with PL set", 2, 0},
        {"line_ignored", "a line in mode off (no scan)", 8, 0},
        {"buffer_full", "every slot valid", 4, 0},
        {"stat_wrapped", "a counter wrapped past 2^StatWidth", 16, 1},
        {"reset_mid_run", "reset pulse from a dirty state", 32, 0},
        {"scan_drop", "ScanPipe 1: a line not scanned, a scan still draining", 128, 0},
        // (a busy lane in 1 cycle of 4, the completion's lane 1 time in 8: rare)
        {"lane_wait", "ScanPipe 1: a drained completion waits for a busy lane", 128, 2},
    };
    unsigned have = (mode & 1u ? 1u : 0u) | (mode & 2u ? 2u : 0u) | (pressure ? 4u : 64u) |
                    (mode == 0 ? 8u : 0u) | (stat_width < 64 && mode != 0 ? 16u : 0u) |
                    (scan ? 128u : 0u);
    std::vector<xl_ls::CovBin> v;
    for (unsigned i = 0; i < kNumBins; i++) {
        const B &b = bins[i];
        bool on = b.needs == 0 ? mode != 0 : (b.needs & have) == b.needs;
        uint64_t m = on ? min : 0;
        // In mode upper only 2 MB leaves (PS at L2) complete: half the minimum per lane.
        if (i <= kLane7 && mode == XL_CO_UPPER)
            m /= 2;
        if (b.cap != 0 && m > b.cap)
            m = b.cap;
        v.push_back({b.name, b.what, 0, m});
    }
    return v;
}

bool cvalid(const xl_coalesce_t *c, uint32_t s) { return (c->valid[s >> 6] >> (s & 63u)) & 1u; }

// This cycle's events, from the C state before the edge and its comb outputs.
void cover_pre(const xl_coalesce_t *c, const xl_co_in_t &in, const xl_co_out_t &o,
               uint32_t resume_slot, std::vector<xl_ls::CovBin> &b)
{
    const unsigned mode = c->p.mode;
    const uint32_t S = c->p.slots;
    bool scan = in.line_valid && xl_co_level_on(c->p.mode, in.line_level);
    if (in.line_valid && mode == XL_CO_OFF)
        b[kLineIgnored].count++;
    if (scan) {
        unsigned L = in.line_level, own = xl_pt_index(in.line_va, L) & 7u;
        unsigned want[XL_CO_LANES] = {0};
        bool own_hit = false, np = false, notup = false, masked = false;
        for (uint32_t s = 0; s < S; s++) {
            if (!cvalid(c, s) || !xl_co_nbr(c->va[s], in.line_va, L))
                continue;
            unsigned i = xl_pt_index(c->va[s], L) & 7u;
            uint64_t e = in.line[i];
            if (!(e & XL_PTE_P)) {
                np = true;
                continue;
            }
            if (L == 1u || (L == 2u && (e & XL_PTE_PS))) {
                if (i == own)
                    own_hit = true;
                else
                    want[i]++;
            } else if (c->pl[s] != 0 && L >= c->pl[s]) {
                notup = true;
            } else if (in.disp_valid && in.disp_slot == s) {
                masked = true;
            }
        }
        for (unsigned i = 0; i < XL_CO_LANES; i++)
            if (want[i] >= 2)
                b[kLaneConflict].count++;
        b[kOwnLane].count += own_hit ? 1u : 0u;
        b[kNotPresent].count += np ? 1u : 0u;
        b[kPlNotUp].count += notup ? 1u : 0u;
        b[kDispMasksUpd].count += masked ? 1u : 0u;
    }
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        if (o.cpl_valid[i]) {
            b[kLane0 + i].count++;
            if (o.cpl_shift[i] == XL_PAGE_SHIFT_2M)
                b[kPsLeaf].count++;
            if (c->pl[o.cpl_slot[i]] != 0)
                b[kKillClearsPl].count++;
        }
    if (in.arr_valid && o.arr_blocked)
        b[kArrBlocked].count++;
    if (in.disp_valid && cvalid(c, in.disp_slot) && c->pl[in.disp_slot] != 0)
        b[kDispClearsPl].count++;
    if (c->pl[resume_slot] != 0)
        b[kResumePl].count++;
    // CL by the level of the blocking walker (one count per level per cycle).
    bool lv[5] = {false, false, false, false, false};
    for (uint32_t w = 0; w < c->p.walkers; w++) {
        const xl_pwst_t &p = in.pwst[w];
        if (!p.valid || !xl_co_level_on(c->p.mode, p.level) || lv[p.level])
            continue;
        for (uint32_t s = 0; s < S; s++)
            if (cvalid(c, s) && xl_co_nbr(c->va[s], p.va, p.level)) {
                lv[p.level] = true;
                break;
            }
    }
    for (unsigned l = 1; l <= 4; l++)
        b[kClL1 + l - 1].count += lv[l] ? 1u : 0u;
    uint32_t n = 0;
    for (uint32_t w = 0; w < c->words; w++)
        n += (uint32_t)__builtin_popcountll(c->valid[w]);
    if (n == S)
        b[kBufferFull].count++;
    // ScanPipe 1: the lowest pending slot's completion waits for its lane (worked out here
    // from the kept line, coalesce.h).
    for (uint32_t w = 0; c->p.scan_pipe && w < c->words; w++) {
        if (c->pend[w] == 0)
            continue;
        uint32_t s = 64u * w + (uint32_t)__builtin_ctzll(c->pend[w]);
        unsigned L = c->sl_level, i = xl_pt_index(c->va[s], L) & 7u;
        uint64_t e = c->sl_line[i];
        bool leaf = (e & XL_PTE_P) && (L == 1u || (L == 2u && (e & XL_PTE_PS)));
        if (leaf && i != (xl_pt_index(c->sl_va, L) & 7u) && !((c->lane_used >> i) & 1u) &&
            ((in.lane_busy >> i) & 1u))
            b[kLaneWait].count++;
        break;
    }
}

// ----------------------------------------------------------------------------- RTL access

template <class M>
void drive(M *m, const Cycle &cy, const Geom &g)
{
    const xl_co_in_t &in = cy.in;
    m->arr_valid_i = in.arr_valid & 1u;
    m->arr_slot_i = in.arr_slot;
    m->arr_va_i = in.arr_va & XL_VA_MASK;
    m->disp_valid_i = in.disp_valid & 1u;
    m->disp_slot_i = in.disp_slot;
    for (unsigned w = 0; w < g.walkers; w++) {
        setb(m->pwst_valid_i, w, 1, in.pwst[w].valid & 1u);
        setb(m->pwst_level_i, 3 * w, 3, in.pwst[w].level & 7u);
        setb(m->pwst_va_i, 48 * w, 48, in.pwst[w].va & XL_VA_MASK);
    }
    m->line_valid_i = in.line_valid & 1u;
    m->line_level_i = in.line_level & 7u;
    m->line_va_i = in.line_va & XL_VA_MASK;
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        setb(m->line_i, 64 * i, 64, in.line[i]);
    m->resume_slot_i = cy.resume_slot;
    m->lane_busy_i = in.lane_busy;
}

// Expected (C) and actual (RTL) values of every compared field, field_names() order.
// Counters are compared modulo 2^StatWidth; PL in the C encoding (0, 2, 3, 4).
template <class M>
void fields(const M *m, const xl_coalesce_t *c, const xl_co_out_t &o, const uint64_t *bl,
            const uint64_t *kl, unsigned rpl, xl_pa_t rpa, const Geom &g,
            const std::vector<std::string> &names, std::vector<xl_ls::Field> &f)
{
    uint64_t sm = g.stat_width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << g.stat_width) - 1u;
    unsigned words = (g.slots + 63u) / 64u, sw = 1;
    while ((1u << sw) < g.slots)
        sw++;
    f.clear();
    auto add = [&](uint64_t e, uint64_t a) { f.push_back({names[f.size()].c_str(), e, a}); };
    for (unsigned w = 0; w < words; w++) {
        unsigned n = std::min(64u, g.slots - 64u * w);
        add(bl[w], getb(m->blocked_o, 64 * w, n));
    }
    for (unsigned w = 0; w < words; w++) {
        unsigned n = std::min(64u, g.slots - 64u * w);
        add(kl[w], getb(m->kill_o, 64 * w, n));
    }
    add(o.arr_blocked, m->arr_blocked_o);
    uint64_t cv = 0;
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        cv |= (uint64_t)(o.cpl_valid[i] & 1u) << i;
    add(cv, m->cpl_valid_o);
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        add(o.cpl_slot[i], getb(m->cpl_slot_o, sw * i, sw));
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        add(o.cpl_frame[i], getb(m->cpl_frame_o, 52 * i, 52));
    for (unsigned i = 0; i < XL_CO_LANES; i++)
        add(o.cpl_shift[i], getb(m->cpl_shift_o, 5 * i, 5));
    add(rpl, m->resume_pl_o);
    add(rpa, m->resume_pa_o);
    add(c->scans & sm, m->scans_o);
    add(c->leaf_done & sm, m->leaf_done_o);
    add(c->upper_set[2] & sm, m->upper_set_l2_o);
    add(c->upper_set[3] & sm, m->upper_set_l3_o);
    add(c->upper_set[4] & sm, m->upper_set_l4_o);
    add(c->scan_drops & sm, m->scan_drops_o);
}

// The per-slot state: valid words, then VA >> 12 (valid slots only: the VA flops have no
// reset and the C keeps a departed slot's VA), PL and PA (as the resume lookup reads it)
// of every slot. Returns the rows that differ (plus the valid words, for context); empty
// when all agree.
template <class M>
std::vector<xl_ls::Field> state_diff(const M *m, const xl_coalesce_t *c, const Geom &g,
                                     std::vector<std::string> &names)
{
    const auto *r = m->rootp;
    std::vector<xl_ls::Field> f;
    names.clear();
    names.reserve(4 * g.slots + 8);
    unsigned words = (g.slots + 63u) / 64u;
    bool bad = false;
    struct Row {
        std::string name;
        uint64_t e, a;
    };
    std::vector<Row> rows;
    for (unsigned w = 0; w < words; w++) {
        unsigned n = std::min(64u, g.slots - 64u * w);
        uint64_t a = getb(r->xl_coalesce__DOT__valid_q, 64 * w, n);
        rows.push_back({"state valid.w" + std::to_string(w), c->valid[w], a});
        bad = bad || a != c->valid[w];
    }
    for (uint32_t s = 0; s < g.slots; s++) {
        std::string p = "state slot[" + std::to_string(s) + "].";
        // VA and PL are bit planes: bit s of plane j is bit j of slot s's field.
        if (cvalid(c, s)) {
            uint64_t a = 0;
            for (unsigned j = 0; j < kVpnW; j++)
                a |= getb(r->xl_coalesce__DOT__vpn_plane_q[j], s, 1) << j;
            if (a != (c->va[s] >> 12))
                rows.push_back({p + "va>>12", c->va[s] >> 12, a});
        }
        uint64_t enc = getb(r->xl_coalesce__DOT__pl_lo_q, s, 1) |
                       getb(r->xl_coalesce__DOT__pl_hi_q, s, 1) << 1;
        uint64_t pl = enc == 0 ? 0 : enc + 1;
        if (pl != c->pl[s])
            rows.push_back({p + "pl", c->pl[s], pl});
        // PA as the resume lookup reads it: 0 while PL is none (data flops without reset,
        // rtl/xl_coalesce.sv form item 7)
        uint64_t pa = enc == 0 ? 0 : getb(r->xl_coalesce__DOT__pa_q[s], 0, kFrmW) << 12;
        uint64_t epa = c->pl[s] != 0 ? c->pa[s] : 0;
        if (pa != epa)
            rows.push_back({p + "pa", epa, pa});
    }
    if constexpr (HasPend<std::remove_reference_t<decltype(*r)>>::value) {
        // ScanPipe 1: the pending set and, while it holds a slot, the kept line's level
        // mask (the C's level as a one-hot) and the lanes it has completed on.
        for (unsigned w = 0; w < words; w++) {
            unsigned n = std::min(64u, g.slots - 64u * w);
            uint64_t a = getb(r->xl_coalesce__DOT__g_scan_seq__DOT__pend_q, 64 * w, n);
            if (a != c->pend[w])
                rows.push_back({"state pend.w" + std::to_string(w), c->pend[w], a});
        }
        if (xl_coalesce_draining(c)) {
            uint64_t em = c->sl_level >= 1 && c->sl_level <= 4 ? 1u << (c->sl_level - 1u) : 0u;
            uint64_t am = r->xl_coalesce__DOT__g_scan_seq__DOT__sl_mask_q;
            if (am != em)
                rows.push_back({"state sl_mask", em, am});
            uint64_t au = r->xl_coalesce__DOT__g_scan_seq__DOT__used_q;
            if (au != c->lane_used)
                rows.push_back({"state lane_used", c->lane_used, au});
        }
    }
    bad = bad || rows.size() > words;
    if (!bad)
        return f;
    for (const Row &x : rows)
        names.push_back(x.name);
    for (size_t i = 0; i < rows.size(); i++)
        f.push_back({names[i].c_str(), rows[i].e, rows[i].a});
    return f;
}

struct Rec {
    uint64_t cycle;
    Cycle cy;
    uint8_t cpl;     // C's cpl_valid mask
    uint64_t kill0;  // C's kill word 0
    bool rst;
};

void print_history(FILE *f, const xl_ls::Ring<Rec, 32> &h, const Geom &g)
{
    std::fprintf(f, "last %u cycles (inputs as driven to the C twin; cpl/kill = C outputs;"
                    " R = reset pulse after the edge):\n", h.size());
    std::fprintf(f, "  %8s | %-26s | %-9s | %-30s | %-6s | %-11s | pwst (v:level:va)\n",
                 "cycle", "arr v slot va", "disp v sl", "line v lvl va", "resume",
                 "cpl kill.w0");
    for (unsigned i = 0; i < h.size(); i++) {
        const Rec &r = h.at(i);
        const xl_co_in_t &x = r.cy.in;
        std::fprintf(f, "  %8" PRIu64 " | %u %3u 0x%016" PRIx64 " | %u %3u   | %u %u 0x%016" PRIx64
                        "       | %4u   | %02x 0x%" PRIx64 " |",
                     r.cycle, x.arr_valid, x.arr_slot, x.arr_va, x.disp_valid, x.disp_slot,
                     x.line_valid, x.line_level, x.line_va, r.cy.resume_slot, r.cpl, r.kill0);
        for (unsigned w = 0; w < g.walkers; w++)
            std::fprintf(f, " %u:%u:%012" PRIx64, r.cy.pw[w].valid, r.cy.pw[w].level,
                         r.cy.pw[w].va & XL_VA_MASK);
        std::fprintf(f, "%s\n", r.rst ? "  R" : "");
        if (x.line_valid) {
            std::fprintf(f, "  %8s   line:", "");
            for (unsigned k = 0; k < XL_CO_LANES; k++)
                std::fprintf(f, " %016" PRIx64, x.line[k]);
            std::fprintf(f, "\n");
        }
    }
}

// The command that reproduces a failure at `cycle` of mode `mode` with a waveform.
std::vector<std::string> repro_args(const char *argv0, const Opts &o, const char *mode,
                                    uint64_t cycle, const std::string &vcd)
{
    uint64_t cycles = cycle < o.cycles ? cycle + 1 : o.cycles;
    std::vector<std::string> a = {argv0, "--params", o.params, "--mode", mode,
                                  "--stim", o.stim, "--seed", std::to_string(o.seed),
                                  "--cycles", std::to_string(cycles),
                                  "--state-every", std::to_string(o.state_every),
                                  "--scan-pipe", std::to_string(o.scan_pipe)};
    xl_ls::repro_tail(a, o, o.inject, cycle, vcd);
    return a;
}

// ----------------------------------------------------------------------------- the run

struct Result {
    int status;
    uint64_t cycles;
    double seconds;
};

template <class M>
Result run(const Opts &o, const Geom &g, unsigned mode, const char *argv0)
{
    const bool press = o.stim == "pressure";
    const char *mname = kModeNames[mode];
    Result res = {0, 0, 0.0};
    if (g.walkers > kMaxWalkers) {
        std::fprintf(stderr, "%s: error: %u walkers is more than this harness holds (%u)\n",
                     kProg, g.walkers, kMaxWalkers);
        res.status = 2;
        return res;
    }
    xl_co_params_t p = {g.slots, g.walkers, (xl_co_mode_t)mode, (uint32_t)o.scan_pipe};
    xl_coalesce_t ref;
    char err[200] = "";
    if (!xl_ls::twin_accepts(xl_coalesce_init(&ref, &p, err, sizeof err) == XL_OK, kProg,
                             "the " + o.params + " parameters", err)) {
        res.status = 2;
        return res;
    }
    xl_coalesce_reset(&ref);

    std::printf("xl_coalesce lockstep: params=%s (%u slots, %u walkers, counters %u bits) "
                "mode=%s scan_pipe=%u stim=%s seed=%" PRIu64 " cycles=%" PRIu64 "%s\n",
                o.params.c_str(), g.slots, g.walkers, g.stat_width, mname,
                (unsigned)o.scan_pipe, o.stim.c_str(), o.seed, o.cycles,
                o.rtl_only ? " (RTL only)" : "");
    std::fflush(stdout);

    // Idle inputs (also the final compare cycle): every valid low, PWST empty. The reset
    // (xl_ls::initial_reset) sees them.
    Cycle idle;
    std::memset(&idle, 0, sizeof idle);
    idle.in.pwst = idle.pw;
    xl_ls::Dut<M> dut;
    M *m = dut.open("xl_coalesce", o, kProg, [&](M *x) { drive(x, idle, g); });
    if (m == nullptr) {
        xl_coalesce_free(&ref);
        res.status = 2;
        return res;
    }
    uint64_t cyc = 0;

    World wd;
    wd.init(o.seed ^ ((uint64_t)mode << 56), press, g, o.scan_pipe != 0);
    std::vector<xl_ls::CovBin> bins = make_bins(o.cov_min, mode, press, g.stat_width,
                                                o.scan_pipe != 0);
    std::vector<std::string> names = field_names(g), snames;
    std::vector<xl_ls::Field> f;
    xl_ls::Ring<Rec, 32> *hist = new xl_ls::Ring<Rec, 32>;
    std::vector<uint64_t> bl(ref.words), kl(ref.words);
    xl_co_out_t exp;
    Cycle cy;
    uint64_t occupancy = 0;
    int status = 0;
    uint64_t fail_cycle = 0;
    double t0 = xl_ls::now_s();

    for (cyc = 0; cyc <= o.cycles; cyc++) {
        // Cycle o.cycles is a final compare with idle inputs: the counters and the state
        // after the last edge.
        bool last = cyc == o.cycles;
        if (last) {
            cy = idle;
            cy.in.pwst = cy.pw;
        } else {
            wd.gen(&ref, cy);
        }
        bool rst = !last && wd.reset_after();
        drive(m, cy, g);
        m->eval();
        if (o.rtl_only) {
            if (last)
                break;
            wd.edge(cy);
        } else {
            exp.blocked = bl.data();
            exp.kill = kl.data();
            xl_coalesce_comb(&ref, &cy.in, &exp);
            unsigned rpl;
            xl_pa_t rpa;
            xl_coalesce_resume(&ref, cy.resume_slot, &rpl, &rpa);
            fields(m, &ref, exp, bl.data(), kl.data(), rpl, rpa, g, names, f);
            if (o.inject && cyc == o.inject_cycle)
                for (xl_ls::Field &x : f)
                    if (o.inject_field == x.name)
                        x.exp ^= 1u;
            bool differ = false;
            for (const xl_ls::Field &x : f)
                differ = differ || x.exp != x.act;
            uint8_t cpl = 0;
            for (unsigned i = 0; i < XL_CO_LANES; i++)
                cpl |= (uint8_t)((exp.cpl_valid[i] & 1u) << i);
            hist->push({cyc, cy, cpl, kl[0], rst});
            std::vector<xl_ls::Field> sf;
            if (!differ && (last || dut.ctx.gotError()))
                sf = state_diff(m, &ref, g, snames);
            if (differ || dut.ctx.gotError() || !sf.empty()) {
                std::printf("MISMATCH block=xl_coalesce params=%s mode=%s stim=%s seed=%" PRIu64
                            " cycle=%" PRIu64 "%s\n",
                            o.params.c_str(), mname, o.stim.c_str(), o.seed, cyc,
                            dut.ctx.gotError() ? " (RTL assertion failed at the previous edge)"
                                           : "");
                xl_ls::print_fields(stdout, differ ? f : sf);
                print_history(stdout, *hist, g);
                status = 1;
                fail_cycle = cyc;
                break;
            }
            if (last)
                break;
            uint64_t before[5] = {ref.scans, ref.leaf_done, ref.upper_set[2], ref.upper_set[3],
                                  ref.upper_set[4]};
            cover_pre(&ref, cy.in, exp, cy.resume_slot, bins);
            uint64_t drops = ref.scan_drops;
            xl_coalesce_commit(&ref, &cy.in, &exp);
            bins[kScanDrop].count += ref.scan_drops - drops;
            wd.edge(cy);
            bins[kUpperL2].count += ref.upper_set[2] - before[2];
            bins[kUpperL3].count += ref.upper_set[3] - before[3];
            bins[kUpperL4].count += ref.upper_set[4] - before[4];
            uint64_t after[5] = {ref.scans, ref.leaf_done, ref.upper_set[2], ref.upper_set[3],
                                 ref.upper_set[4]};
            if (g.stat_width < 64)
                for (unsigned k = 0; k < 5; k++)
                    if ((after[k] >> g.stat_width) != (before[k] >> g.stat_width))
                        bins[kStatWrapped].count++;
            for (unsigned w = 0; w < ref.words; w++)
                occupancy += (uint64_t)__builtin_popcountll(ref.valid[w]);
        }
        dut.rise(cyc);
        dut.fall(cyc);
        if (rst)
            dut.reset_both(cyc, o.rtl_only, bins[kResetMidRun], [&] { xl_coalesce_reset(&ref); });
        // The per-slot state after the edge, every state_every cycles.
        if (!o.rtl_only && (cyc + 1) % o.state_every == 0) {
            std::vector<xl_ls::Field> sf = state_diff(m, &ref, g, snames);
            if (!sf.empty() || dut.ctx.gotError()) {
                std::printf("MISMATCH block=xl_coalesce params=%s mode=%s stim=%s seed=%" PRIu64
                            " cycle=%" PRIu64 " (state after the edge)%s\n",
                            o.params.c_str(), mname, o.stim.c_str(), o.seed, cyc,
                            dut.ctx.gotError() ? " (RTL assertion failed)" : "");
                if (!sf.empty())
                    xl_ls::print_fields(stdout, sf);
                print_history(stdout, *hist, g);
                status = 1;
                fail_cycle = cyc + 1;
                break;
            }
        }
    }
    double dt = xl_ls::now_s() - t0;
    if (status == 0 && dut.ctx.gotError()) {
        std::printf("MISMATCH block=xl_coalesce params=%s mode=%s stim=%s seed=%" PRIu64
                    " cycle=%" PRIu64 " (RTL assertion failed)\n",
                    o.params.c_str(), mname, o.stim.c_str(), o.seed, cyc);
        status = 1;
        fail_cycle = cyc;
    }
    delete hist;
    dut.close();
    res.seconds = dt;

    if (status != 0) {
        std::string vcd = o.wave_dir + "/xl_coalesce-" + o.params + "-" + mname + "-" + o.stim +
                          "-seed" + std::to_string(o.seed) + ".vcd";
        xl_ls::report_failure(repro_args(argv0, o, mname, fail_cycle, vcd), argv0, o, vcd);
        xl_coalesce_free(&ref);
        res.status = 1;
        return res;
    }

    res.cycles = o.cycles;
    double rate = dt > 0 ? (double)o.cycles / dt : 0.0;
    if (o.rtl_only) {
        std::printf("PASS block=xl_coalesce params=%s mode=%s stim=%s seed=%" PRIu64
                    " cycles=%" PRIu64 " time=%.2fs rate=%.0f cycles/s (RTL only, nothing"
                    " compared)\n",
                    o.params.c_str(), mname, o.stim.c_str(), o.seed, o.cycles, dt, rate);
        xl_coalesce_free(&ref);
        return res;
    }
    unsigned low = xl_ls::print_coverage(stdout, bins);
    std::printf("mean occupancy %.1f of %u slots\n", (double)occupancy / (double)o.cycles,
                g.slots);
    xl_coalesce_free(&ref);
    if (low != 0) {
        std::printf("FAIL block=xl_coalesce params=%s mode=%s stim=%s seed=%" PRIu64
                    " cycles=%" PRIu64 ": %u coverage bin(s) below the minimum\n",
                    o.params.c_str(), mname, o.stim.c_str(), o.seed, o.cycles, low);
        res.status = 1;
        return res;
    }
    std::printf("PASS block=xl_coalesce params=%s mode=%s scan_pipe=%u stim=%s seed=%" PRIu64
                " cycles=%" PRIu64 " compared=%zu fields/cycle + state every %" PRIu64
                " time=%.2fs rate=%.0f cycles/s\n",
                o.params.c_str(), mname, (unsigned)o.scan_pipe, o.stim.c_str(), o.seed,
                o.cycles, names.size(),
                o.state_every, dt, rate);
    return res;
}

Result run_mode(const Opts &o, unsigned mode, const char *argv0)
{
    bool small = o.params == "small";
#if defined(XL_ONLY_SMALL_BOTH)
    (void)small;
    (void)mode;
    return run<Vxl_coalesce_small_both>(o, kSmall, 3, argv0);
#elif defined(XL_ONLY_SMALL_SCAN)
    (void)small;
    (void)mode;
    return run<Vxl_coalesce_small_scan>(o, kSmall, 3, argv0);
#else
    if (o.scan_pipe != 0)
        return small ? run<Vxl_coalesce_small_scan>(o, kSmall, 3, argv0)
                     : run<Vxl_coalesce_paper_scan>(o, kPaper, 3, argv0);
    switch ((small ? 0u : 4u) + mode) {
    case 0: return run<Vxl_coalesce_small_off>(o, kSmall, 0, argv0);
    case 1: return run<Vxl_coalesce_small_leaf>(o, kSmall, 1, argv0);
    case 2: return run<Vxl_coalesce_small_upper>(o, kSmall, 2, argv0);
    case 3: return run<Vxl_coalesce_small_both>(o, kSmall, 3, argv0);
    case 4: return run<Vxl_coalesce_paper_off>(o, kPaper, 0, argv0);
    case 5: return run<Vxl_coalesce_paper_leaf>(o, kPaper, 1, argv0);
    case 6: return run<Vxl_coalesce_paper_upper>(o, kPaper, 2, argv0);
    default: return run<Vxl_coalesce_paper_both>(o, kPaper, 3, argv0);
    }
#endif
}

}  // namespace

int main(int argc, char **argv)
{
    Opts o = parse(argc, argv);
    std::vector<unsigned> modes;
    unsigned m;
    if (o.mode == "all")
        modes = {0, 1, 2, 3};
    else if (mode_index(o.mode, &m))
        modes = {m};
    uint64_t total = 0;
    double secs = 0;
    for (unsigned md : modes) {
        Result r = run_mode(o, md, argv[0]);
        if (r.status != 0)
            return r.status;
        total += r.cycles;
        secs += r.seconds;
    }
    if (modes.size() > 1)
        std::printf("PASS-ALL block=xl_coalesce params=%s stim=%s seed=%" PRIu64
                    " modes=%zu cycles=%" PRIu64 " time=%.2fs rate=%.0f cycles/s\n",
                    o.params.c_str(), o.stim.c_str(), o.seed, modes.size(), total, secs,
                    secs > 0 ? (double)total / secs : 0.0);
    return 0;
}
