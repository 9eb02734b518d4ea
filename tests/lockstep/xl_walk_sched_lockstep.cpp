// xl_walk_sched_lockstep.cpp - Verilator lockstep harness of the IOMMU walk buffer and
// scheduler: the C twin (model/src/iommu/walk_sched.c: xl_walk_sched_comb / xl_walk_sched_commit)
// and the Verilated RTL (rtl/xl_walk_sched.sv) get the same inputs every cycle; every output
// and statistics counter is compared every cycle, and every --view-every cycles and at the
// end the architectural view of all slots (xl_walk_sched_view) is compared with the RTL's
// registers (public_flat_rd signals listed in tests/lockstep/walk_sched_waiver.vlt). docs/design.md twin contract and
// verification stack item 3; docs/isca18-micro18.md §2, §3.3;
// harness shape from docs/rtl.md §1.10, §1.11; shared helpers from
// lockstep.h (options, mismatch table, history ring, coverage bins, wall clock, re-run).
//
// Per cycle: draw inputs (seeded xl_rng, model/include/xlat/rng.h), drive them, eval; ask
// the C twin for the expected outputs (comb); compare; count coverage from the C state;
// commit the C twin with its comb output; clock edge. Unreset flops start random
// (Verilator --x-initial unique, randReset 2, seeded from --seed).
//
// Policy and AgingThreshold are RTL parameters, so every (parameter set, policy, threshold)
// is its own Verilated model; tests/lockstep/build_walk_sched.sh builds them and writes
// ws_models.h (the list, and the two parameter sets). Run with --help for the options.
#include <type_traits>
#include <utility>

#include "lockstep.h"

#include "ws_models.h"   // generated: model headers, XL_WS_MODELS(X), XL_WS_*_GEOM

extern "C" {
#include "xlat/rng.h"
#include "xlat/walk_sched.h"
}

namespace {

const char *const kProg = "xl_walk_sched_lockstep";
const unsigned kMaxWords = 4;   // slots up to 256 (the paper's buffer)

// {NumSlots, TagWidth, CntWidth, StampResetValue, LfsrSeed, PickPipe}
struct Geom {
    uint32_t slots, tag_width, cnt_width, stamp_reset, lfsr_seed, pick_pipe;
};
const Geom kSmall = XL_WS_SMALL_GEOM;
const Geom kPaper = XL_WS_PAPER_GEOM;
const Geom kSmallPipe = XL_WS_SMALL_PIPE_GEOM;
const Geom kPaperPipe = XL_WS_PAPER_PIPE_GEOM;
const Geom kSmallPipe2 = XL_WS_SMALL_PIPE2_GEOM;
const Geom kPaperPipe2 = XL_WS_PAPER_PIPE2_GEOM;

const Geom &geom_of(const std::string &params)
{
    return params == "small" ? kSmall : params == "paper" ? kPaper
         : params == "small_pipe" ? kSmallPipe : params == "paper_pipe" ? kPaperPipe
         : params == "small_pipe2" ? kSmallPipe2 : kPaperPipe2;
}

// Does the Verilated root R hold the payload RAM (PickPipe 1) or the per-slot va/tag
// flops (PickPipe 0)? The names differ by generate block; the unused branch of an
// `if constexpr` on this is never compiled for a model.
template <class R, class = void>
struct HasPayRam : std::false_type {};
template <class R>
struct HasPayRam<R, std::void_t<decltype(std::declval<const R &>()
                                             .xl_walk_sched__DOT__g_pay_ram__DOT__pay_mem)>>
    : std::true_type {};

// Does it hold last cycle's CL (PickPipe 2, the pick from registers)?
template <class R, class = void>
struct HasBlockedQ : std::false_type {};
template <class R>
struct HasBlockedQ<R, std::void_t<decltype(std::declval<const R &>()
        .xl_walk_sched__DOT__g_pick_reg__DOT__g_off_regs__DOT__blocked_q)>>
    : std::true_type {};

const char *const kPolicyName[3] = {"fcfs", "random", "simt"};

struct ModelInfo {
    const char *params;
    int policy;
    uint32_t aging;
    const char *mutant;   // "" for the real RTL; else the mutant patch it was built from
};
const ModelInfo kModels[] = {
#define X(P, POL, AG, MUT, CLS) {P, POL, AG, MUT},
    XL_WS_MODELS(X)
#undef X
};

bool mutant_build()
{
    for (const ModelInfo &mi : kModels)
        if (mi.mutant[0] != '\0')
            return true;
    return false;
}

struct Opts : xl_ls::CommonOpts {
    std::string params = "small";
    std::string policy = "all";
    std::string mode = "random";
    uint64_t aging = 0;            // 0 = the first one built for the parameter set
    uint64_t view_every = 16;
    std::string mutant;            // mutant builds only: which mutant's model to run
    Opts() : CommonOpts("disp_slot", "build/rtl/waves") {}
};

// The AgingThreshold values built for a parameter set, space-separated.
std::string built_agings(const std::string &params)
{
    std::string s;
    for (const ModelInfo &mi : kModels) {
        if (params != mi.params)
            continue;
        std::string a = std::to_string(mi.aging);
        if ((" " + s + " ").find(" " + a + " ") == std::string::npos)
            s += (s.empty() ? "" : " ") + a;
    }
    return s;
}

std::string built_mutants()
{
    std::string s;
    for (const ModelInfo &mi : kModels)
        if (mi.mutant[0] != '\0')
            s += (s.empty() ? "" : " ") + std::string(mi.mutant) + ":" + kPolicyName[mi.policy];
    return s;
}

void usage(FILE *f)
{
    std::fprintf(f,
        "usage: %s [options]\n"
        "  --params small|paper|small_pipe|paper_pipe|small_pipe2|paper_pipe2\n"
        "                      small = %u slots, tags %u bits,\n"
        "                      counters %u bits (compared modulo 2^%u), stamps from 0x%08X;\n"
        "                      paper = %u slots, tags %u bits, counters %u bits, stamps from\n"
        "                      0x%08X; the _pipe sets build the same sizes with PickPipe 1\n"
        "                      (registered pick), the _pipe2 sets with PickPipe 2 (the pick\n"
        "                      from registers)\n"
        "  --policy fcfs|random|simt|all  (default all: the three in turn, same seed, --cycles\n"
        "                      each)\n"
        "  --mode random|pressure  random: bursty arrivals from a few active instructions,\n"
        "                      walker readiness, CL, kills and arr_blocked changing by phase;\n"
        "                      pressure: long stalls with the buffer full, then bursts, many\n"
        "                      one-entry instructions with equal scores\n"
        "  --aging N           AgingThreshold; one of the values built (small: %s; paper: %s;\n"
        "                      default the first). Other values: build_walk_sched.sh\n"
        "                      --aging-small/--aging-paper\n"
        "  --view-every N      compare all slots' registers every N cycles (default 16) and\n"
        "                      at the end\n"
        "  --mutant NAME       mutant builds (build_walk_sched.sh --mutant): run the model\n"
        "                      built from mutant NAME's patch (this build: %s)\n",
        kProg, kSmall.slots, kSmall.tag_width, kSmall.cnt_width, kSmall.cnt_width,
        kSmall.stamp_reset, kPaper.slots, kPaper.tag_width, kPaper.cnt_width, kPaper.stamp_reset,
        built_agings("small").c_str(), built_agings("paper").c_str(),
        mutant_build() ? built_mutants().c_str() : "none");
    xl_ls::usage_common(f, Opts());
}

// Compared every cycle, in this order.
enum FieldId {
    kArrReady, kArrBuffered, kArrSlot, kArrScore, kDispValid, kDispRule, kDispSlot, kDispVa,
    kDispInstr, kDispStamp, kDispScore, kDispTag, kCount, kCntArrivals, kCntImmediate,
    kCntAging, kCntBatch, kCntMinscore, kCntFcfs, kCntRandom, kCntFull, kCntKilled, kNumFields
};
const char *const kFieldNames[kNumFields] = {
    "arr_ready", "arr_buffered", "arr_slot", "arr_score", "disp_valid", "disp_rule",
    "disp_slot", "disp_va", "disp_instr_id", "disp_stamp", "disp_score", "disp_tag", "count",
    "cnt_arrivals", "cnt_immediate", "cnt_aging", "cnt_batch", "cnt_minscore", "cnt_fcfs",
    "cnt_random", "cnt_full", "cnt_killed",
};

Opts parse(int argc, char **argv)
{
    Opts o;
    xl_ls::parse_args(kProg, argc, argv, o, usage, [&](xl_ls::ArgWalker &a) {
        if (a.is("--params"))
            o.params = a.choice("parameter set", {"small", "paper", "small_pipe", "paper_pipe",
                                                  "small_pipe2", "paper_pipe2"});
        else if (a.is("--policy"))
            o.policy = a.choice("policy", {"fcfs", "random", "simt", "all"});
        else if (a.is("--mode"))
            o.mode = a.choice("mode", {"random", "pressure"});
        else if (a.is("--aging"))
            o.aging = a.u64(1, UINT64_C(1073741824));
        else if (a.is("--view-every"))
            o.view_every = a.u64(1, UINT64_MAX);
        else if (a.is("--mutant"))
            o.mutant = a.value();
        else
            return false;
        return true;
    });
    xl_ls::check_common(kProg, o, {std::begin(kFieldNames), std::end(kFieldNames)});
    if (mutant_build() && o.mutant.empty())
        xl_ls::usage_error(kProg, "this is a mutant build: give --mutant NAME (built: %s)",
                           built_mutants().c_str());
    if (!mutant_build() && !o.mutant.empty())
        xl_ls::usage_error(kProg, "--mutant: this build holds no mutants "
                           "(build_walk_sched.sh --mutant NAME:POLICY)");
    // Impossible parameters: a (set, policy, threshold) without a model in this binary.
    std::string agings = built_agings(o.params);
    if (agings.empty())
        xl_ls::usage_error(kProg, "--params %s: this build has no %s model", o.params.c_str(),
                           o.params.c_str());
    if (o.aging == 0)
        o.aging = std::strtoull(agings.c_str(), nullptr, 10);
    for (int p = 0; p < 3; p++) {
        if (o.policy != "all" && o.policy != kPolicyName[p])
            continue;
        bool have = false;
        for (const ModelInfo &mi : kModels)
            have = have || (o.params == mi.params && mi.policy == p && mi.aging == o.aging &&
                            o.mutant == mi.mutant);
        if (!have && mutant_build())
            xl_ls::usage_error(kProg, "no model for --mutant %s with --params %s --policy %s "
                               "(built: %s, small only)", o.mutant.c_str(), o.params.c_str(),
                               kPolicyName[p], built_mutants().c_str());
        if (!have)
            xl_ls::usage_error(kProg,
                               "no %s model with policy %s and AgingThreshold %" PRIu64
                               " in this build (built: %s; build_walk_sched.sh --aging-%s N "
                               "builds others)",
                               o.params.c_str(), kPolicyName[p], o.aging, agings.c_str(),
                               o.params.c_str());
    }
    return o;
}

// ----------------------------------------------------------------------------- bit access

inline uint64_t lo_mask(unsigned w) { return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1u; }

// Bits [lsb +: w] (w <= 64) of a Verilated value: scalar types and VlWide.
template <class T>
uint64_t bits(const T &v, unsigned lsb, unsigned w)
{
    return lsb >= 64 ? 0 : ((uint64_t)v >> lsb) & lo_mask(w);
}
template <std::size_t N>
uint64_t bits(const VlWide<N> &v, unsigned lsb, unsigned w)
{
    uint64_t r = 0;
    unsigned got = 0;
    while (got < w) {
        unsigned k = lsb + got, word = k / 32u, off = k % 32u;
        unsigned take = 32u - off < w - got ? 32u - off : w - got;
        r |= (((uint64_t)v.at(word) >> off) & lo_mask(take)) << got;
        got += take;
    }
    return r;
}

// Drives an n-bit vector port from 64-bit words.
template <class T>
void set_vec(T &port, const uint64_t *w, unsigned n)
{
    port = (T)(w[0] & lo_mask(n));
}
template <std::size_t N>
void set_vec(VlWide<N> &port, const uint64_t *w, unsigned n)
{
    for (unsigned i = 0; i < N; i++) {
        uint32_t x = (uint32_t)(w[i / 2u] >> (32u * (i & 1u)));
        unsigned lo = 32u * i;
        if (lo + 32u > n)
            x &= (uint32_t)lo_mask(n - lo);
        port.at(i) = x;
    }
}

// The RTL's architectural registers (public signals), read like xl_walk_sched_view.
template <class M>
void rtl_valid(const M *m, const Geom &g, uint64_t *w)
{
    for (unsigned k = 0; k < kMaxWords; k++)
        w[k] = 64u * k < g.slots
                   ? bits(m->rootp->xl_walk_sched__DOT__valid_q, 64u * k,
                          g.slots - 64u * k < 64u ? g.slots - 64u * k : 64u)
                   : 0;
}

template <class M>
uint32_t rtl_instr(const M *m, uint32_t slot)
{
    return (uint32_t)m->rootp->xl_walk_sched__DOT__instr_q[slot];
}

unsigned clog2(uint64_t x)
{
    unsigned n = 0;
    while ((UINT64_C(1) << n) < x)
        n++;
    return n;
}

template <class M>
void rtl_view(const M *m, const Geom &g, unsigned bw, xl_ws_entry_t *out)
{
    const auto *r = m->rootp;
    for (uint32_t i = 0; i < g.slots; i++) {
        xl_ws_entry_t &e = out[i];
        std::memset(&e, 0, sizeof e);
        e.valid = (uint8_t)bits(r->xl_walk_sched__DOT__valid_q, i, 1);
        if (!e.valid)
            continue;
        // One array element per slot (rtl/xl_walk_sched.sv form difference 9); va and tag
        // in flops (PickPipe 0) or in the payload RAM, {va, instr_id, stamp, tag} (1).
        using R = std::remove_cv_t<std::remove_pointer_t<decltype(r)>>;
        if constexpr (HasPayRam<R>::value) {
            const auto &w = r->xl_walk_sched__DOT__g_pay_ram__DOT__pay_mem[i];
            e.va = bits(w, g.tag_width + 52u, 48u);
            e.tag = (uint32_t)bits(w, 0u, g.tag_width);
        } else {
            e.va = bits(r->xl_walk_sched__DOT__g_pay_flops__DOT__va_q[i], 0u, 48u);
            e.tag = (uint32_t)bits(r->xl_walk_sched__DOT__g_pay_flops__DOT__tag_q[i], 0u,
                                   g.tag_width);
        }
        e.instr_id = (uint32_t)bits(r->xl_walk_sched__DOT__instr_q[i], 0u, 20u);
        e.stamp = (uint32_t)bits(r->xl_walk_sched__DOT__stamp_q[i], 0u, 32u);
        e.score = 0;   // bit planes: bit b of slot i's score is plane bit b * slots + i
        for (unsigned b = 0; b < 9u; b++)
            e.score |= (uint16_t)(bits(r->xl_walk_sched__DOT__score_pl_q, b * g.slots + i, 1) << b);
        e.bypass = (uint32_t)bits(r->xl_walk_sched__DOT__bypass_q[i], 0u, bw);
    }
}

// ----------------------------------------------------------------------------- stimulus

// One cycle of inputs. blocked/kill words are always filled (the C gets NULL for all-zero).
struct Cyc {
    xl_ws_in_t in;
    uint64_t blocked[kMaxWords];
    uint64_t kill[kMaxWords];
};

bool any(const uint64_t *w)
{
    uint64_t x = 0;
    for (unsigned k = 0; k < kMaxWords; k++)
        x |= w[k];
    return x != 0;
}

inline bool bit(const uint64_t *w, uint32_t i) { return (w[i >> 6] >> (i & 63u)) & 1u; }
inline void set_bit(uint64_t *w, uint32_t i) { w[i >> 6] |= UINT64_C(1) << (i & 63u); }

// Seeded stimulus in phases. random mode: each phase (64..1023 cycles) picks an arrival
// rate, a walker-ready duty cycle, a CL (blocked) rate, a kill level and an arr_blocked
// rate; instruction ids come from a group of 4 that moves on about every 16 cycles, so the
// buffer holds several entries per instruction (batching, merges). pressure mode: stalls
// (walkers ready at most 1 cycle in 16, arrivals 15 in 16, 100..1999 cycles: the buffer
// fills and arrivals are refused) alternate with bursts (ready every cycle, arrivals 1, 4
// or 8 in 16, 20..399 cycles: a burst may drain a small buffer); half the arrivals are a
// fresh instruction and most estimates are 2, so many one-entry instructions tie on
// score. In both: a refused arrival is offered again (15 in 16); CL
// bits are sticky (a CL lasts ~16 cycles, like a walker's neighbourhood); kills hit one
// slot, or every slot of one instruction (a leaf line completing several walks); CL and
// kill bits on free slots and random fields on idle ports are noise both twins must
// ignore; instr_id bits above 19 and va bits above 47 (C side only) are dropped by both.
struct Stim {
    xl_rng_t rng;
    bool pressure = false;
    uint32_t slots = 0, tag_mask = 0;
    uint64_t left = 0;
    bool stall = false;
    unsigned arr16 = 8, ready8 = 8, stall_ready = 0, blk16 = 0, kill_lvl = 0, arrblk16 = 0;
    uint32_t group = 0, fresh = 0x40000;
    uint64_t blk[kMaxWords] = {0, 0, 0, 0};
    xl_ws_in_t held;
    // Corner phases (corner_phase, corners below), drawn from their own stream `ex` so the
    // draws of `rng` are the same as without them.
    xl_rng_t ex;
    bool simt = false;   // hot phases only under SIMT (the only policy that reads scores)
    bool drain = false, hot = false;
    uint32_t hot_id = 0;

    uint64_t below(uint64_t n) { return xl_rng_below(&rng, n); }
    uint64_t next() { return xl_rng_next(&rng); }
    uint64_t xbelow(uint64_t n) { return xl_rng_below(&ex, n); }

    void init(uint64_t seed, bool press, const Geom &g)
    {
        xl_rng_seed(&rng, seed);
        xl_rng_derive(&ex, seed, UINT64_C(0xC0127E5));
        pressure = press;
        slots = g.slots;
        tag_mask = (uint32_t)lo_mask(g.tag_width);
        group = (uint32_t)below(1u << 20) & ~3u;
        std::memset(&held, 0, sizeof held);
    }

    void new_phase()
    {
        static const unsigned arr[4] = {2, 8, 12, 15}, rdy[4] = {1, 4, 7, 8};
        static const unsigned cl[4] = {0, 0, 2, 8}, ab[4] = {0, 0, 2, 8};
        if (pressure) {
            stall = !stall;
            if (stall) {
                left = 100 + below(1900);
                arr16 = 15;
                stall_ready = (unsigned)below(2);   // never, or 1 cycle in 16
            } else {
                static const unsigned burst_arr[3] = {1, 4, 8};
                left = 20 + below(380);
                arr16 = burst_arr[below(3)];
                ready8 = 8;
            }
            blk16 = (unsigned)below(3);
            kill_lvl = (unsigned)below(3);
            arrblk16 = (unsigned)below(3);
            return;
        }
        left = 64 + below(960);
        arr16 = arr[below(4)];
        ready8 = rdy[below(4)];
        blk16 = cl[below(4)];
        kill_lvl = (unsigned)below(3);
        arrblk16 = ab[below(4)];
    }

    // The corner phases, drawn at the start of every phase (after new_phase):
    // - drain (pressure bursts, one in two): no new arrival while any slot is valid, walkers
    //   ready every cycle, so the buffer empties (the burst is lengthened by NumSlots + 100
    //   cycles so 256 slots can); then an arrival every other cycle on average meets the
    //   empty buffer with a walker ready, half of them with arr_blocked: the IMMEDIATE path
    //   and its CL veto, which the other pressure phases reach only with a small buffer;
    // - hot (SIMT, one phase in four, both modes): three arrivals in four carry one
    //   instruction id with estimate 4. Its entries take the highest score, so MINSCORE
    //   leaves them buffered and every new one merges: the score climbs to xl_pkg::ScoreMax
    //   (256) by merges of real estimates (otherwise it saturates mostly through the rare
    //   estimates above 4).
    void corner_phase()
    {
        drain = pressure && !stall && xbelow(2) == 0;
        if (drain)
            left += slots + 100u;
        hot = simt && xbelow(4) == 0;
        if (hot)
            hot_id = (uint32_t)xbelow(1u << 20);
    }

    // Applies the corner phases to this cycle's drawn inputs (valid: the slots valid before
    // the edge).
    void corners(xl_ws_in_t &in, const uint64_t *valid)
    {
        if (drain) {
            if (any(valid)) {
                in.arr_valid = 0;
            } else {
                in.arr_valid = (uint8_t)xbelow(2);
                in.arr_blocked = (uint8_t)xbelow(2);
            }
            in.disp_ready = 1;
        }
        if (hot && in.arr_valid && xbelow(4) != 0) {
            in.arr_instr_id = hot_id;
            in.arr_est = 4;
        }
        if (in.arr_valid)
            held = in;
    }

    // A valid slot at or after a random index (wrapping), or slots if none is valid.
    uint32_t random_valid(const uint64_t *valid)
    {
        uint32_t s = (uint32_t)below(slots);
        for (uint32_t k = 0; k < slots; k++) {
            uint32_t i = (s + k) % slots;
            if (bit(valid, i))
                return i;
        }
        return slots;
    }

    void draw_arrival(xl_ws_in_t &in)
    {
        if (pressure && below(2) == 0) {
            fresh = (fresh + 1u) & XL_WS_INSTR_MASK;
            in.arr_instr_id = fresh;
        } else {
            in.arr_instr_id = group + (uint32_t)below(4);
        }
        if (below(8) == 0)
            in.arr_instr_id |= (uint32_t)next() << 20;   // above the 20-bit port
        if (below(32) == 0)
            in.arr_est = (uint8_t)below(256);             // any 8-bit value, used as given
        else if (pressure && below(4) != 0)
            in.arr_est = 2;
        else
            in.arr_est = (uint8_t)(1 + below(4));
        in.arr_va = next();
        in.arr_tag = (uint32_t)next() & tag_mask;
    }

    // valid: the slots valid before this cycle's edge; instr(i): slot i's instruction;
    // refused: last cycle's arrival was not accepted.
    template <class InstrFn>
    void gen(Cyc &c, const uint64_t *valid, InstrFn instr, bool refused)
    {
        std::memset(&c, 0, sizeof c);
        xl_ws_in_t &in = c.in;
        if (left == 0) {
            new_phase();
            corner_phase();
        }
        left--;
        if (!pressure && below(16) == 0)
            group = (group + 4u) & XL_WS_INSTR_MASK;

        if (refused && below(16) != 0) {
            in = held;
        } else if (below(16) < arr16) {
            in.arr_valid = 1;
            draw_arrival(in);
            held = in;
        } else {
            draw_arrival(in);   // junk on an idle port
            in.arr_valid = 0;
        }
        in.arr_blocked = (uint8_t)(below(16) < arrblk16);
        if (pressure && stall)
            in.disp_ready = (uint8_t)(stall_ready && below(16) == 0);
        else
            in.disp_ready = (uint8_t)(below(8) < ready8);
        corners(in, valid);

        // CL: sticky bits; one new bit with probability blk16/16 a cycle, each set bit
        // clears with probability 1/16.
        for (unsigned k = 0; k < kMaxWords; k++) {
            uint64_t v = blk[k];
            while (v) {
                unsigned b = (unsigned)__builtin_ctzll(v);
                v &= v - 1u;
                if (below(16) == 0)
                    blk[k] &= ~(UINT64_C(1) << b);
            }
        }
        if (blk16 > 0 && below(16) < blk16) {
            uint32_t i = below(4) == 0 ? (uint32_t)below(slots) : random_valid(valid);
            if (i < slots)
                set_bit(blk, i);
        }
        std::memcpy(c.blocked, blk, sizeof blk);

        // Kills.
        if (kill_lvl >= 1 && below(24) == 0) {
            uint32_t i = random_valid(valid);
            if (i < slots)
                set_bit(c.kill, i);
        }
        if (kill_lvl >= 2 && below(48) == 0) {
            uint32_t i = random_valid(valid);
            if (i < slots) {
                uint32_t id = instr(i);
                for (uint32_t j = 0; j < slots; j++)
                    if (bit(valid, j) && instr(j) == id)
                        set_bit(c.kill, j);
            }
        }
        if (kill_lvl >= 1 && below(64) == 0)
            set_bit(c.kill, (uint32_t)below(slots));   // may be a free slot: ignored
    }

    // Reset pulse after this cycle's edge: about one cycle in 32768.
    bool reset_after() { return below(32768) == 0; }
};

// ----------------------------------------------------------------------------- RTL access

template <class M>
void drive(M *m, const Cyc &c, const Geom &g)
{
    const xl_ws_in_t &in = c.in;
    m->arr_valid_i = in.arr_valid & 1u;
    m->arr_va_i = in.arr_va & XL_VA_MASK;
    m->arr_instr_id_i = in.arr_instr_id & XL_WS_INSTR_MASK;
    m->arr_est_i = in.arr_est;
    m->arr_tag_i = in.arr_tag & (uint32_t)lo_mask(g.tag_width);
    m->arr_blocked_i = in.arr_blocked & 1u;
    m->disp_ready_i = in.disp_ready & 1u;
    set_vec(m->blocked_i, c.blocked, g.slots);
    set_vec(m->kill_i, c.kill, g.slots);
}

// Expected (C) and actual (RTL) values of every compared field, kFieldNames order.
template <class M>
void collect(const M *m, const xl_walk_sched_t *c, const xl_ws_out_t &o, unsigned cw,
             uint64_t *exp, uint64_t *act)
{
    uint64_t cm = lo_mask(cw);
    exp[kArrReady] = o.arr_ready;
    exp[kArrBuffered] = o.arr_buffered;
    exp[kArrSlot] = o.arr_slot;
    exp[kArrScore] = o.arr_score;
    exp[kDispValid] = o.disp_valid;
    exp[kDispRule] = o.disp_rule;
    exp[kDispSlot] = o.disp_slot;
    exp[kDispVa] = o.disp_va;
    exp[kDispInstr] = o.disp_instr_id;
    exp[kDispStamp] = o.disp_stamp;
    exp[kDispScore] = o.disp_score;
    exp[kDispTag] = o.disp_tag;
    exp[kCount] = c->count;
    exp[kCntArrivals] = c->arrivals & cm;
    exp[kCntImmediate] = c->dispatched[XL_RULE_IMMEDIATE] & cm;
    exp[kCntAging] = c->dispatched[XL_RULE_AGING] & cm;
    exp[kCntBatch] = c->dispatched[XL_RULE_BATCH] & cm;
    exp[kCntMinscore] = c->dispatched[XL_RULE_MINSCORE] & cm;
    exp[kCntFcfs] = c->dispatched[XL_RULE_FCFS] & cm;
    exp[kCntRandom] = c->dispatched[XL_RULE_RANDOM] & cm;
    exp[kCntFull] = c->full_cycles & cm;
    exp[kCntKilled] = c->killed & cm;
    act[kArrReady] = m->arr_ready_o;
    act[kArrBuffered] = m->arr_buffered_o;
    act[kArrSlot] = m->arr_slot_o;
    act[kArrScore] = m->arr_score_o;
    act[kDispValid] = m->disp_valid_o;
    act[kDispRule] = m->disp_rule_o;
    act[kDispSlot] = m->disp_slot_o;
    act[kDispVa] = m->disp_va_o;
    act[kDispInstr] = m->disp_instr_id_o;
    act[kDispStamp] = m->disp_stamp_o;
    act[kDispScore] = m->disp_score_o;
    act[kDispTag] = m->disp_tag_o;
    act[kCount] = m->count_o;
    act[kCntArrivals] = m->cnt_arrivals_o;
    act[kCntImmediate] = m->cnt_immediate_o;
    act[kCntAging] = m->cnt_aging_o;
    act[kCntBatch] = m->cnt_batch_o;
    act[kCntMinscore] = m->cnt_minscore_o;
    act[kCntFcfs] = m->cnt_fcfs_o;
    act[kCntRandom] = m->cnt_random_o;
    act[kCntFull] = m->cnt_full_o;
    act[kCntKilled] = m->cnt_killed_o;
}

// Slot fields and globals that differ between the C view and the RTL registers; names are
// kept in `names` (reserved so the Field pointers stay valid).
template <class M>
std::vector<xl_ls::Field> view_diff(const M *m, const xl_walk_sched_t *c, const Geom &g,
                                    unsigned bw, std::vector<xl_ws_entry_t> &cv,
                                    std::vector<xl_ws_entry_t> &rv,
                                    std::vector<std::string> &names)
{
    std::vector<xl_ls::Field> f;
    xl_walk_sched_view(c, cv.data());
    rtl_view(m, g, bw, rv.data());
    names.clear();
    names.reserve(8u * g.slots + 8u);
    auto add = [&](const std::string &n, uint64_t e, uint64_t a) {
        if (e == a)
            return;
        names.push_back(n);
        f.push_back({names.back().c_str(), e, a});
    };
    const auto *r = m->rootp;
    add("next_stamp", c->next_stamp, r->xl_walk_sched__DOT__next_stamp_q);
    add("last_sched_id", c->last_sched_id, r->xl_walk_sched__DOT__last_id_q);
    add("last_valid", c->last_valid, r->xl_walk_sched__DOT__last_valid_q);
    add("lfsr", c->lfsr, r->xl_walk_sched__DOT__lfsr_q);
    using R = std::remove_cv_t<std::remove_pointer_t<decltype(r)>>;
    if constexpr (HasPayRam<R>::value) {   // the registered pick (PickPipe 1)
        add("pick_valid", c->pick_valid, r->xl_walk_sched__DOT__g_pick_reg__DOT__pick_valid_q);
        add("pick_slot", c->pick_slot, r->xl_walk_sched__DOT__g_pick_reg__DOT__pick_slot_q);
        add("pick_rule", c->pick_rule, r->xl_walk_sched__DOT__g_pick_reg__DOT__pick_rule_q);
    }
    for (uint32_t i = 0; i < g.slots; i++) {
        const xl_ws_entry_t &a = cv[i], &b = rv[i];
        std::string p = "slot[" + std::to_string(i) + "].";
        add(p + "valid", a.valid, b.valid);
        if (!a.valid || !b.valid)
            continue;
        add(p + "va", a.va, b.va);
        add(p + "instr_id", a.instr_id, b.instr_id);
        add(p + "stamp", a.stamp, b.stamp);
        add(p + "score", a.score, b.score);
        add(p + "bypass", a.bypass, b.bypass);
        add(p + "tag", a.tag, b.tag);
        if constexpr (HasBlockedQ<R>::value) {   // last cycle's CL (PickPipe 2)
            add(p + "cl", (c->cl_q[i >> 6] >> (i & 63u)) & 1u,
                bits(r->xl_walk_sched__DOT__g_pick_reg__DOT__g_off_regs__DOT__blocked_q, i, 1u));
        }
    }
    return f;
}

// ----------------------------------------------------------------------------- coverage

enum Bin {
    kRuleImmediate, kRuleFcfs, kRuleRandom, kRuleAging, kRuleBatch, kRuleMinscore,
    kBufferFull, kFullWithDispatch, kArrBlockedForced, kKillMulti, kBlockedBest,
    kBypassSaturated, kRandomWrap, kMinscoreTie, kScoreMerge, kScoreSat, kMergeSkipsLeaving,
    kStampWrap, kCounterWrap, kResetMidRun, kDrainImmediate, kDrainArrBlocked, kScoreSatMerge,
    kStampCrossPick, kNumBins
};

std::vector<xl_ls::CovBin> make_bins(uint64_t min, int policy, uint32_t aging, const Geom &g,
                                     bool pressure)
{
    bool fcfs = policy == XL_WS_FCFS, rnd = policy == XL_WS_RANDOM, simt = policy == XL_WS_SIMT;
    auto need = [&](bool c) { return c ? min : 0; };
    // Under pressure a large buffer never drains: the empty-buffer bins are then info only.
    bool empties = !pressure || g.slots <= 64;
    // Bypass counters saturate only with a small threshold (under FCFS only the CL-blocked
    // entries are ever passed, a few times each).
    bool sat = aging <= 8 || (!fcfs && aging <= 64);
    std::vector<xl_ls::CovBin> b = {
        {"rule_immediate", "dispatch IMMEDIATE (empty buffer, idle walker)", 0, need(empties)},
        {"rule_fcfs", "dispatch FCFS", 0, need(fcfs)},
        {"rule_random", "dispatch RANDOM", 0, need(rnd)},
        {"rule_aging", "dispatch AGING (bypass reached the threshold)", 0, need(simt && sat)},
        {"rule_batch", "dispatch BATCH (instr_id == last_sched_id)", 0, need(simt)},
        {"rule_minscore", "dispatch MINSCORE", 0, need(simt)},
        {"buffer_full", "arrival refused: no free slot", 0, min},
        {"full_with_dispatch", "arrival refused in a cycle that frees a slot", 0, min},
        {"arr_blocked_forced", "arr_blocked turned IMMEDIATE into buffering", 0,
         need(empties)},
        {"kill_multi", "two or more valid slots killed in one cycle", 0, min},
        {"blocked_best", "CL excluded the entry that would have been picked", 0, min},
        {"bypass_saturated", "slots seen at the threshold at view checks", 0, need(sat)},
        {"random_wrap", "RANDOM pick wrapped below the LFSR index", 0, need(rnd)},
        {"minscore_tie", "MINSCORE pick with another candidate of equal score", 0, need(simt)},
        {"score_merge", "arrival merged with its instruction's score", 0, need(simt)},
        {"score_sat_256", "arrival score saturated at 256", 0, need(simt)},
        {"merge_skips_leaving", "arrival of the instruction dispatched that cycle", 0,
         need(simt)},
        {"stamp_wrap", "next_stamp wrapped past 2^32", 0,
         g.stamp_reset != 0 && min > 0 ? 1u : 0u},
        {"counter_wrap", "a statistics counter wrapped past 2^CntWidth", 0, 0},
        {"reset_mid_run", "reset pulse from a dirty state", 0, 0},
        // The corner bins (cover_corners).
        {"drain_immediate", "pressure: IMMEDIATE dispatch after a drain", 0, need(pressure)},
        {"drain_arr_blocked", "pressure: arr_blocked buffered an arrival at an empty buffer", 0,
         need(pressure)},
        {"score_sat_merge", "score 256 reached by merges (the arrival's estimate <= 4)", 0,
         need(simt)},
        {"stamp_cross_pick", "age-ordered pick among stamps on both sides of the 2^32 wrap", 0,
         need(!rnd && g.stamp_reset != 0)},
    };
    return b;
}

// The corner bins, before the edge. drain: the stimulus is in a drain phase; wrapped:
// next_stamp has wrapped since the last reset (only then can live stamps straddle 2^32).
void cover_corners(const xl_walk_sched_t *c, const xl_ws_in_t &in, const Cyc &cy,
                   const xl_ws_out_t &o, bool drain, bool wrapped,
                   std::vector<xl_ls::CovBin> &b, std::vector<xl_ws_entry_t> &view)
{
    if (drain && c->count == 0 && in.arr_valid && in.disp_ready) {
        if (o.disp_valid && o.disp_rule == XL_RULE_IMMEDIATE)
            b[kDrainImmediate].count++;
        if (in.arr_blocked && o.arr_buffered)
            b[kDrainArrBlocked].count++;
    }
    if (c->p.policy == XL_WS_SIMT && o.arr_buffered && o.arr_score == XL_WS_SCORE_MAX &&
        in.arr_est <= 4)
        b[kScoreSatMerge].count++;
    // A pick by age (FCFS, or SIMT's oldest-first within its class) while the candidates'
    // stamps span 2^31 or more as plain numbers: the pick's wrapping compare and a plain one
    // disagree on their order.
    bool by_age = o.disp_rule == XL_RULE_FCFS || o.disp_rule == XL_RULE_AGING ||
                  o.disp_rule == XL_RULE_BATCH || o.disp_rule == XL_RULE_MINSCORE;
    if (wrapped && o.disp_valid && by_age && c->next_stamp < (UINT32_C(1) << 31)) {
        xl_walk_sched_view(c, view.data());
        uint32_t lo = UINT32_MAX, hi = 0;
        for (uint32_t i = 0; i < c->p.slots; i++) {
            if (!view[i].valid || bit(cy.blocked, i) || bit(cy.kill, i))
                continue;
            lo = view[i].stamp < lo ? view[i].stamp : lo;
            hi = view[i].stamp > hi ? view[i].stamp : hi;
        }
        if (hi >= lo && hi - lo >= (UINT32_C(1) << 31))
            b[kStampCrossPick].count++;
    }
}

// Coverage events visible before the edge (C state, inputs, C outputs).
void cover_pre(const xl_walk_sched_t *c, const xl_ws_in_t &in, const Cyc &cy,
               const xl_ws_out_t &o, std::vector<xl_ls::CovBin> &b,
               std::vector<xl_ws_entry_t> &view)
{
    static const Bin rb[7] = {kNumBins, kRuleImmediate, kRuleAging, kRuleBatch,
                              kRuleMinscore, kRuleFcfs, kRuleRandom};
    int pol = c->p.policy;
    if (o.disp_valid && o.disp_rule >= 1 && o.disp_rule <= 6)
        b[rb[o.disp_rule]].count++;
    if (in.arr_valid && !o.arr_ready) {
        b[kBufferFull].count++;
        if (o.disp_valid)
            b[kFullWithDispatch].count++;
    }
    if (c->count == 0 && in.arr_valid && in.disp_ready && in.arr_blocked)
        b[kArrBlockedForced].count++;
    if (in.kill != nullptr) {
        unsigned n = 0;
        for (uint32_t i = 0; i < c->p.slots; i++)
            n += (bit(cy.kill, i) && c->e[i].valid) ? 1u : 0u;
        if (n >= 2)
            b[kKillMulti].count++;
    }
    if (in.blocked != nullptr && in.disp_ready && c->count > 0) {
        xl_ws_in_t free_in = in;
        xl_ws_out_t o2;
        free_in.blocked = nullptr;
        xl_walk_sched_comb(c, &free_in, &o2);
        if (o2.disp_valid && (!o.disp_valid || o2.disp_slot != o.disp_slot))
            b[kBlockedBest].count++;
    }
    if (o.disp_valid && o.disp_rule == XL_RULE_RANDOM &&
        o.disp_slot < (c->lfsr & (c->p.slots - 1u)))
        b[kRandomWrap].count++;
    if (pol == XL_WS_SIMT && o.disp_valid && o.disp_rule == XL_RULE_MINSCORE) {
        xl_walk_sched_view(c, view.data());
        for (uint32_t i = 0; i < c->p.slots; i++) {
            const xl_ws_entry_t &e = view[i];
            if (!e.valid || i == o.disp_slot || bit(cy.blocked, i) || bit(cy.kill, i) ||
                e.bypass >= c->p.aging_threshold ||
                (c->last_valid && e.instr_id == c->last_sched_id))
                continue;
            if (e.score == o.disp_score) {
                b[kMinscoreTie].count++;
                break;
            }
        }
    }
    if (pol == XL_WS_SIMT && o.arr_buffered) {
        if (o.arr_score > in.arr_est)
            b[kScoreMerge].count++;
        if (o.arr_score == XL_WS_SCORE_MAX)
            b[kScoreSat].count++;
        if (o.disp_valid && o.disp_rule != XL_RULE_IMMEDIATE &&
            o.disp_instr_id == (in.arr_instr_id & XL_WS_INSTR_MASK))
            b[kMergeSkipsLeaving].count++;
    }
}

// ----------------------------------------------------------------------------- history

struct Rec {
    uint64_t cycle;
    Cyc cy;
    xl_ws_out_t o;
    bool rst;
};

std::string hexwords(const uint64_t *w, uint32_t slots)
{
    char buf[24];
    std::string s = "0x";
    unsigned nw = (slots + 63u) / 64u;
    for (unsigned k = nw; k-- > 0;) {
        unsigned nb = k == nw - 1u && slots % 64u ? (slots % 64u + 3u) / 4u : 16u;
        std::snprintf(buf, sizeof buf, "%0*" PRIx64, (int)nb, w[k]);
        s += buf;
    }
    return s;
}

void print_history(FILE *f, const xl_ls::Ring<Rec, 32> &h, uint32_t slots)
{
    std::fprintf(f, "last %u cycles (inputs as driven to the C twin; expected outputs; "
                    "R = reset pulse after the edge):\n", h.size());
    std::fprintf(f, "  %8s | %s %-9s %-3s %-8s %s %s | %-*s %-*s | %s %s %-3s %-3s | %s %-4s %-3s "
                    "%-8s %s\n",
                 "cycle", "av", "instr_id", "est", "tag", "ab", "dr", (int)(slots / 4 + 2),
                 "blocked", (int)(slots / 4 + 2), "kill", "ar", "ab", "slt", "scr", "dv", "rule",
                 "slt", "tag", "stamp");
    for (unsigned i = 0; i < h.size(); i++) {
        const Rec &r = h.at(i);
        const xl_ws_in_t &x = r.cy.in;
        std::fprintf(f,
                     "  %8" PRIu64 " | %u  0x%07x %-3u %-8x %u  %u  | %s %s | %u  %u  %-3u %-3u | "
                     "%u  %-4s %-3u %-8x 0x%08x%s\n",
                     r.cycle, x.arr_valid, x.arr_instr_id & 0xFFFFFFFu, x.arr_est, x.arr_tag,
                     x.arr_blocked, x.disp_ready, hexwords(r.cy.blocked, slots).c_str(),
                     hexwords(r.cy.kill, slots).c_str(), r.o.arr_ready, r.o.arr_buffered,
                     r.o.arr_slot, r.o.arr_score, r.o.disp_valid,
                     r.o.disp_rule <= 6 ? xl_ws_rule_name[r.o.disp_rule] : "?", r.o.disp_slot,
                     r.o.disp_tag, r.o.disp_stamp, r.rst ? "  R" : "");
    }
}

// The command that reproduces a failure at `cycle` of policy `pol` with a waveform.
std::vector<std::string> repro_args(const char *argv0, const Opts &o, int pol, uint64_t cycle,
                                    const std::string &vcd)
{
    uint64_t cycles = cycle < o.cycles ? cycle + 1 : o.cycles;
    std::vector<std::string> a = {argv0, "--params", o.params, "--policy", kPolicyName[pol],
                                  "--mode", o.mode, "--aging", std::to_string(o.aging),
                                  "--seed", std::to_string(o.seed),
                                  "--cycles", std::to_string(cycles),
                                  "--view-every", std::to_string(o.view_every)};
    if (!o.mutant.empty())
        a.insert(a.end(), {"--mutant", o.mutant});
    xl_ls::repro_tail(a, o, o.inject && o.inject_cycle < cycles, cycle, vcd);
    return a;
}

// ----------------------------------------------------------------------------- one run

struct Totals {
    uint64_t cycles = 0;
    double seconds = 0;
};

template <class M>
int run(const Opts &o, const Geom &g, int pol, const char *argv0, Totals &tot)
{
    const bool press = o.mode == "pressure";
    const uint32_t aging = (uint32_t)o.aging;
    const unsigned bw = clog2((uint64_t)aging + 1u);
    const unsigned cw = g.cnt_width;
    if (g.slots > 64u * kMaxWords) {
        std::fprintf(stderr, "%s: error: %u slots; this harness drives at most %u\n", kProg,
                     g.slots, 64u * kMaxWords);
        return 2;
    }
    xl_ws_params_t p;
    p.slots = g.slots;
    p.policy = (xl_ws_policy_t)pol;
    p.aging_threshold = aging;
    p.lfsr_seed = g.lfsr_seed;
    p.pick_pipe = g.pick_pipe;
    xl_walk_sched_t ref;
    char err[200] = "";
    if (!xl_ls::twin_accepts(xl_walk_sched_init(&ref, &p, err, sizeof err) == XL_OK, kProg,
                             "the " + o.params + " parameters", err))
        return 2;
    // The RTL's StampResetValue, set the same way on the C side (test 11.13 does the same).
    auto reset_ref = [&]() {
        xl_walk_sched_reset(&ref);
        ref.next_stamp = g.stamp_reset;
    };
    reset_ref();

    std::printf("xl_walk_sched lockstep: params=%s (%u slots, tag %u bits, counters %u bits, "
                "stamps from 0x%08x) policy=%s aging=%u mode=%s seed=%" PRIu64
                " cycles=%" PRIu64 "%s\n",
                o.params.c_str(), g.slots, g.tag_width, cw, g.stamp_reset, kPolicyName[pol],
                aging, o.mode.c_str(), o.seed, o.cycles, o.rtl_only ? " (RTL only)" : "");
    std::fflush(stdout);

    // Reset with every input idle (xl_ls::initial_reset).
    Cyc idle;
    std::memset(&idle, 0, sizeof idle);
    xl_ls::Dut<M> dut;
    M *m = dut.open("xl_walk_sched", o, kProg, [&](M *x) { drive(x, idle, g); });
    if (m == nullptr) {
        xl_walk_sched_free(&ref);
        return 2;
    }
    uint64_t cyc = 0;

    Stim st;
    st.init(o.seed, press, g);
    st.simt = pol == XL_WS_SIMT;
    std::vector<xl_ls::CovBin> bins = make_bins(o.cov_min, pol, aging, g, press);
    std::vector<xl_ws_entry_t> cv(g.slots), rv(g.slots);
    std::vector<std::string> names;
    xl_ls::Ring<Rec, 32> hist;
    xl_ws_out_t exp;
    std::memset(&exp, 0, sizeof exp);
    uint64_t e[kNumFields], a[kNumFields];
    uint64_t valid[kMaxWords];
    bool refused = false, wrapped = false;
    int status = 0;
    const char *what = "";
    std::vector<xl_ls::Field> bad;
    int inject_idx = -1;
    for (unsigned i = 0; i < kNumFields; i++)
        if (o.inject && o.inject_field == kFieldNames[i])
            inject_idx = (int)i;
    double t0 = xl_ls::now_s();

    for (cyc = 0; cyc <= o.cycles; cyc++) {
        // Cycle o.cycles is a final compare with every port idle: outputs, counters and the
        // view after the last edge.
        Cyc cy;
        bool rst = false;
        if (cyc < o.cycles) {
            rtl_valid(m, g, valid);
            st.gen(cy, valid, [&](uint32_t i) { return rtl_instr(m, i); }, refused);
            rst = st.reset_after();
        } else {
            cy = idle;
        }
        xl_ws_in_t cin = cy.in;
        cin.blocked = any(cy.blocked) ? cy.blocked : nullptr;
        cin.kill = any(cy.kill) ? cy.kill : nullptr;
        drive(m, cy, g);
        m->eval();
        refused = cy.in.arr_valid && !m->arr_ready_o;
        if (o.rtl_only) {
            if (cyc == o.cycles)
                break;
        } else {
            xl_walk_sched_comb(&ref, &cin, &exp);
            collect(m, &ref, exp, cw, e, a);
            if (inject_idx >= 0 && cyc == o.inject_cycle)
                e[inject_idx] ^= 1u;
            hist.push({cyc, cy, exp, rst});
            bool differ = false;
            for (unsigned i = 0; i < kNumFields; i++)
                differ = differ || e[i] != a[i];
            if (differ) {
                what = "outputs";
                for (unsigned i = 0; i < kNumFields; i++)
                    bad.push_back({kFieldNames[i], e[i], a[i]});
            } else if (cyc % o.view_every == 0 || cyc == o.cycles) {
                bad = view_diff(m, &ref, g, bw, cv, rv, names);
                if (!bad.empty())
                    what = "architectural view (differing fields only)";
                else if (cyc > 0)
                    for (uint32_t i = 0; i < g.slots; i++)
                        bins[kBypassSaturated].count += cv[i].valid && cv[i].bypass == aging;
            }
            if (!bad.empty() || dut.ctx.gotError()) {
                std::printf("MISMATCH block=xl_walk_sched params=%s policy=%s aging=%u mode=%s "
                            "seed=%" PRIu64 " cycle=%" PRIu64 "%s\n",
                            o.params.c_str(), kPolicyName[pol], aging, o.mode.c_str(), o.seed,
                            cyc,
                            dut.ctx.gotError() ? " (RTL assertion failed at the previous edge)"
                                           : "");
                if (!bad.empty()) {
                    std::printf("%s:\n", what);
                    xl_ls::print_fields(stdout, bad);
                }
                print_history(stdout, hist, g.slots);
                status = 1;
                break;
            }
            if (cyc == o.cycles)
                break;
            cover_pre(&ref, cin, cy, exp, bins, cv);
            cover_corners(&ref, cin, cy, exp, st.drain, wrapped, bins, cv);
            uint32_t stamp_before = ref.next_stamp;
            uint64_t arr_before = ref.arrivals & lo_mask(cw);
            xl_walk_sched_commit(&ref, &cin, &exp);
            if (ref.next_stamp < stamp_before) {
                bins[kStampWrap].count++;
                wrapped = true;
            }
            if (cw < 64 && (ref.arrivals & lo_mask(cw)) < arr_before)
                bins[kCounterWrap].count++;
        }
        dut.rise(cyc);
        dut.fall(cyc);
        if (rst) {
            refused = false;
            wrapped = false;
            dut.reset_both(cyc, o.rtl_only, bins[kResetMidRun], reset_ref);
        }
    }
    double dt = xl_ls::now_s() - t0;
    uint64_t done = cyc < o.cycles ? cyc : o.cycles;
    if (status == 0 && dut.ctx.gotError()) {
        std::printf("MISMATCH block=xl_walk_sched params=%s policy=%s aging=%u mode=%s "
                    "seed=%" PRIu64 " cycle=%" PRIu64 " (RTL assertion failed)\n",
                    o.params.c_str(), kPolicyName[pol], aging, o.mode.c_str(), o.seed, done);
        status = 1;
    }
    dut.close();

    if (status != 0) {
        std::string vcd = o.wave_dir + "/xl_walk_sched-" + o.params + "-" + kPolicyName[pol] +
                          "-" + o.mode + "-seed" + std::to_string(o.seed) + ".vcd";
        xl_ls::report_failure(repro_args(argv0, o, pol, cyc, vcd), argv0, o, vcd);
        xl_walk_sched_free(&ref);
        return 1;
    }

    tot.cycles += o.cycles;
    tot.seconds += dt;
    double rate = dt > 0 ? (double)o.cycles / dt : 0.0;
    if (o.rtl_only) {
        std::printf("PASS block=xl_walk_sched params=%s policy=%s aging=%u mode=%s seed=%" PRIu64
                    " cycles=%" PRIu64 " time=%.2fs rate=%.0f cycles/s (RTL only, nothing "
                    "compared)\n",
                    o.params.c_str(), kPolicyName[pol], aging, o.mode.c_str(), o.seed, o.cycles,
                    dt, rate);
        xl_walk_sched_free(&ref);
        return 0;
    }
    unsigned low = xl_ls::print_coverage(stdout, bins);
    xl_walk_sched_free(&ref);
    if (low != 0) {
        std::printf("FAIL block=xl_walk_sched params=%s policy=%s aging=%u mode=%s seed=%" PRIu64
                    " cycles=%" PRIu64 ": %u coverage bin(s) below the minimum\n",
                    o.params.c_str(), kPolicyName[pol], aging, o.mode.c_str(), o.seed, o.cycles,
                    low);
        return 1;
    }
    std::printf("PASS block=xl_walk_sched params=%s policy=%s aging=%u mode=%s seed=%" PRIu64
                " cycles=%" PRIu64 " compared=%u fields/cycle + %u slots every %" PRIu64
                " cycles time=%.2fs rate=%.0f cycles/s\n",
                o.params.c_str(), kPolicyName[pol], aging, o.mode.c_str(), o.seed, o.cycles,
                (unsigned)kNumFields, g.slots, o.view_every, dt, rate);
    return 0;
}

int run_policy(const Opts &o, int pol, const char *argv0, Totals &tot)
{
    const Geom &g = geom_of(o.params);
#define X(P, POL, AG, MUT, CLS)                                                   \
    if (o.params == P && pol == POL && o.aging == AG && o.mutant == MUT)         \
        return run<CLS>(o, g, pol, argv0, tot);
    XL_WS_MODELS(X)
#undef X
    return 2;   // parse() has checked that the model exists
}

}  // namespace

int main(int argc, char **argv)
{
    Opts o = parse(argc, argv);
    Totals tot;
    int runs = 0;
    for (int pol = 0; pol < 3; pol++) {
        if (o.policy != "all" && o.policy != kPolicyName[pol])
            continue;
        int rc = run_policy(o, pol, argv[0], tot);
        if (rc != 0)
            return rc;
        runs++;
    }
    if (runs > 1)
        std::printf("PASS block=xl_walk_sched params=%s policy=all aging=%" PRIu64
                    " mode=%s seed=%" PRIu64 " cycles=%" PRIu64 " time=%.2fs rate=%.0f "
                    "cycles/s%s\n",
                    o.params.c_str(), o.aging, o.mode.c_str(), o.seed, tot.cycles, tot.seconds,
                    tot.seconds > 0 ? (double)tot.cycles / tot.seconds : 0.0,
                    o.rtl_only ? " (RTL only)" : "");
    return 0;
}
