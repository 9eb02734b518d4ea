// xl_walk_path_lockstep.cpp - Verilator lockstep harness of the IOMMU walk path top: the C twin
// (model/src/iommu/walk_path.c: xl_walk_path_comb / xl_walk_path_commit, built on walk_sched, pwc and coalesce)
// and the Verilated RTL (rtl/xl_walk_path.sv with xl_walk_sched, xl_pwc, xl_coalesce) get identical
// inputs every cycle; every output and every counter is compared every cycle, the walkers'
// state (and the top's copy of the buffered requests' tags) every few cycles, and so is the
// sub-blocks' internal state: the scheduler's dispatched VA, stamp and score and its globals
// every cycle, its per-slot view every --sched-every cycles, the coalescing block's per-slot
// valid/PL/PA every --coal-every cycles, the page-walk caches' entries and PLRU bits every
// --pwc-every cycles (tests/lockstep/README.md says which and why) (docs/design.md twin
// contract, verification stack item 3; docs/isca18-micro18.md §1.5, §2, §3; harness shape
// from docs/rtl.md §1.10, §1.11; shared pieces in lockstep.h, xl_pwc_state.h).
//
// The harness is also the memory. In the random and pressure modes it builds a page table with
// the C page-table builder (model/src/mem/addrspace.c on model/src/mem/physmem.c): 4 KB and 2 MB pages
// under a few upper-level indices chosen so that neighbourhoods collide at every level, with
// holes at every level so walks fault now and then. It answers each read after a random
// latency with the line's real contents, at most one response per cycle, in any order. In the
// replay mode the inputs come from an IOMMU-boundary trace recorded by `xlat run
// --iommu-trace` (model/README.md): the recorded arrivals and responses at the recorded cycles,
// idle cycles in between, and the C twin must also reproduce the digest recorded after `|`.
//
// Per cycle: inputs; RTL eval (clock low); C comb; compare; coverage from the C state; the
// memory's bookkeeping; C commit; rising edge. Every unreset flop starts random (Verilator
// --x-initial unique, randReset 2, seeded from --seed). Several parameter sets are linked in as
// separate model classes (tests/lockstep/build_walk_path.sh writes iommu_models.h). The options
// are in usage() below; tests/rtl/check_walk_path.sh runs every mode.
#include "lockstep.h"
#include "xl_pwc_state.h"
#include "xl_trace.h"

#include <algorithm>
#include <cctype>
#include <type_traits>
#include <utility>
#include <cerrno>

#include "iommu_models.h"

extern "C" {
#include "xlat/addrspace.h"
#include "xlat/walk_path.h"
#include "xlat/pagetable.h"
#include "xlat/physmem.h"
#include "xlat/rng.h"
}

namespace {

const char *const kProg = "xl_walk_path_lockstep";

// ----------------------------------------------------------------------------- parameters

struct Desc {
    const char *name;
    uint32_t slots, walkers, policy, coalesce, aging, lfsr;
    uint32_t e4, w4, e3, w3, e2, w2, pwc_latency, tagw, statw, pick_pipe, scan_pipe;
};

const char *const kPolicyName[] = {"fcfs", "random", "simt"};
const char *const kCoalName[] = {"off", "leaf", "upper", "both"};

#define XL_DESC(prefix, name, sl, wk, pol, co, ag, lf, e4, w4, e3, w3, e2, w2, lat, tw, sw, pp, \
                sp)                                                                          \
    {name, sl, wk, pol, co, ag, lf, e4, w4, e3, w3, e2, w2, lat, tw, sw, pp, sp},
const Desc kModels[] = {XL_WALK_PATH_MODELS(XL_DESC)};
#undef XL_DESC

inline uint64_t mask(unsigned w) { return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1u; }

// ----------------------------------------------------------------------------- options

struct Opts : xl_ls::CommonOpts {
    std::string params = "small_random_both";
    std::string mode = "random";
    std::string replay;            // trace file (mode replay)
    bool replay_listed = false;    // step only the trace's listed cycles
    uint64_t mem_latency = 0;      // 0 = the mode's default
    uint64_t state_every = 16;
    uint64_t sched_every = 16;     // the scheduler's per-slot view
    uint64_t coal_every = 16;      // the coalescing block's per-slot valid, PL, PA
    uint64_t pwc_every = 1;        // the page-walk caches' entries and PLRU bits
    Opts() : CommonOpts("mem_req_addr", "build/rtl/iommu/waves") {}
};

void usage(FILE *f)
{
    std::fprintf(f,
        "usage: %s [options]\n"
        "  --params NAME       RTL/C parameter set (--list shows them; default small_random_both)\n"
        "  --mode random|pressure|replay\n"
        "                      random: instructions of 1..16 requests over a seeded page table,\n"
        "                      calm and busy phases; pressure: an arrival every cycle, long\n"
        "                      memory latency; replay: the trace given by --replay\n"
        "  --replay FILE       replay an `xlat run --iommu-trace` file (implies --mode replay);\n"
        "                      its P line must match the parameter set. Every cycle from the\n"
        "                      first line to the last is stepped, unlisted ones idle; the C\n"
        "                      twin must reproduce each recorded digest and do nothing visible\n"
        "                      (dispatch, read, completion) in an unlisted cycle\n"
        "  --replay-listed     step the block only in the listed cycles, as the recording model\n"
        "                      did (both twins see its exact sequence of steps)\n"
        "                      A replay runs the whole trace unless --cycles is given, and\n"
        "                      --cov-min defaults to 0 there (report only); --seed also seeds\n"
        "                      the page table of the random and pressure modes.\n"
        "  --mem-latency N     longest memory latency in cycles (default: random 6/24 by phase,\n"
        "                      pressure 48, at least 8)\n"
        "  --state-every N     compare the walkers' state every N cycles (default 16)\n"
        "  --sched-every N     compare the scheduler's per-slot view (valid, va, instr_id,\n"
        "                      stamp, score, bypass, tag) every N cycles (default 16; its\n"
        "                      globals every cycle)\n"
        "  --coal-every N      compare the coalescing block's per-slot valid, PL, PA every N\n"
        "                      cycles (default 16; coalescing off: never)\n"
        "  --pwc-every N       compare the PWC's entries and PLRU bits every N cycles\n"
        "                      (default 1). Each: 0 = only after the last edge. State items\n"
        "                      for --inject-field: sched_<valid|va|instr_id|stamp|score|bypass|\n"
        "                      tag|next_stamp|last_id|last_valid|lfsr>, coal_<valid|pl|pa>,\n"
        "                      pwc_<valid|cnt|plru|tag|asid|next> (the first compared one)\n"
        "  --list              print the parameter sets of this binary\n",
        kProg);
    xl_ls::usage_common(f, Opts(), " / replay digest differs",
                        ", bad trace or trace/parameter mismatch");
}

// ----------------------------------------------------------------------------- fields

enum Fld {
    F_ARR_READY, F_ARR_EST, F_ARR_BUFFERED, F_ARR_SLOT, F_ARR_SCORE,
    F_DISP_VALID, F_DISP_WALKER, F_DISP_RULE, F_DISP_SLOT, F_DISP_TAG, F_DISP_LEVEL,
    F_DISP_NODE, F_DISP_RESUMED,
    F_MEM_VALID, F_MEM_WALKER, F_MEM_LEVEL, F_MEM_ADDR,
    F_RSP_FAULT, F_FILL_VALID, F_STUCK,
    F_CPL_VALID, F_CPL_COAL,
    F_CPL_TAG0, F_CPL_FRAME0 = F_CPL_TAG0 + 8, F_CPL_SHIFT0 = F_CPL_FRAME0 + 8,
    F_CPL_READS0 = F_CPL_SHIFT0 + 8,
    F_CNT_WALKS = F_CPL_READS0 + 8, F_CNT_R1, F_CNT_R2, F_CNT_R3, F_CNT_R4, F_CNT_COAL,
    F_CNT_RESUMED, F_CNT_CL_STALLS, F_CNT_FAULTS,
    // internal: the scheduler instance's dispatch outputs that the top does not export
    F_WS_DISP_VA, F_WS_DISP_STAMP, F_WS_DISP_SCORE,
    kNumFields
};

std::vector<std::string> field_names()
{
    std::vector<std::string> n = {
        "arr_ready", "arr_est", "arr_buffered", "arr_slot", "arr_score",
        "disp_valid", "disp_walker", "disp_rule", "disp_slot", "disp_tag", "disp_level",
        "disp_node", "disp_resumed",
        "mem_req_valid", "mem_req_walker", "mem_req_level", "mem_req_addr",
        "rsp_fault", "fill_valid", "stuck", "cpl_valid", "cpl_coalesced"};
    const char *lane[] = {"cpl_tag", "cpl_frame", "cpl_shift", "cpl_reads"};
    for (const char *l : lane)
        for (int i = 0; i < 8; i++)
            n.push_back(std::string(l) + "[" + std::to_string(i) + "]");
    const char *cnt[] = {"cnt_walks", "cnt_reads_l1", "cnt_reads_l2", "cnt_reads_l3",
                         "cnt_reads_l4", "cnt_coalesced", "cnt_resumed", "cnt_cl_stalls",
                         "cnt_faults"};
    for (const char *c : cnt)
        n.push_back(c);
    for (const char *c : {"ws_disp_va", "ws_disp_stamp", "ws_disp_score"})
        n.push_back(c);
    return n;
}

// The sub-blocks' state items that --inject-field can corrupt, in check order: the
// scheduler's (sched_*), the coalescing block's (coal_*), the PWC's (pwc_*).
const char *const kSchedItems[] = {"sched_valid", "sched_va", "sched_instr_id", "sched_stamp",
                                   "sched_score", "sched_bypass", "sched_tag",
                                   "sched_next_stamp", "sched_last_id", "sched_last_valid",
                                   "sched_lfsr", "sched_pick_valid", "sched_pick_slot",
                                   "sched_pick_rule"};
const char *const kCoalItems[] = {"coal_valid", "coal_pl", "coal_pa"};

// Bits [lo, lo+w) (w <= 64) of a Verilated port or signal: an integral type or a VlWide.
template <class T>
inline uint64_t bits(const T &v, unsigned lo, unsigned w)
{
    return lo >= 64 ? 0u : ((uint64_t)v >> lo) & mask(w);
}
template <std::size_t N>
inline uint64_t bits(const VlWide<N> &v, unsigned lo, unsigned w)
{
    unsigned i = lo >> 5, sh = lo & 31u, got = 32u - sh;
    uint64_t r = (uint64_t)v[i] >> sh;
    if (got < w && i + 1 < N) {
        r |= (uint64_t)v[i + 1] << got;
        got += 32u;
    }
    if (got < w && i + 2 < N)
        r |= (uint64_t)v[i + 2] << got;
    return r & mask(w);
}

// Expected values (C twin), kNumFields order. Tags and counters as wide as the RTL's.
void collect_c(const xl_walk_path_t *c, const xl_walk_path_out_t &o, const Desc &d, uint64_t *v)
{
    uint64_t tm = mask(d.tagw), sm = mask(d.statw);
    v[F_ARR_READY] = o.arr_ready;
    v[F_ARR_EST] = o.arr_est;
    v[F_ARR_BUFFERED] = o.ws.arr_buffered;
    v[F_ARR_SLOT] = o.ws.arr_slot;
    v[F_ARR_SCORE] = o.ws.arr_score;
    v[F_DISP_VALID] = o.disp_valid;
    v[F_DISP_WALKER] = o.disp_walker;
    v[F_DISP_RULE] = o.ws.disp_rule;
    v[F_DISP_SLOT] = o.ws.disp_slot;
    v[F_DISP_TAG] = o.ws.disp_tag & tm;
    v[F_DISP_LEVEL] = o.disp_level;
    v[F_DISP_NODE] = o.disp_node;
    v[F_DISP_RESUMED] = o.disp_resumed;
    v[F_MEM_VALID] = o.mem_req_valid;
    v[F_MEM_WALKER] = o.mem_req_walker;
    v[F_MEM_LEVEL] = o.mem_req_level;
    v[F_MEM_ADDR] = o.mem_req_addr;
    v[F_RSP_FAULT] = o.rsp_fault;
    v[F_FILL_VALID] = o.fill_valid;
    v[F_STUCK] = o.stuck;
    uint64_t cv = 0, cc = 0;
    for (unsigned i = 0; i < 8; i++) {
        cv |= (uint64_t)(o.cpl_valid[i] & 1u) << i;
        cc |= (uint64_t)(o.cpl_coalesced[i] & 1u) << i;
        v[F_CPL_TAG0 + i] = o.cpl_tag[i] & tm;
        v[F_CPL_FRAME0 + i] = o.cpl_frame[i];
        v[F_CPL_SHIFT0 + i] = o.cpl_shift[i];
        v[F_CPL_READS0 + i] = o.cpl_reads[i];
    }
    v[F_CPL_VALID] = cv;
    v[F_CPL_COAL] = cc;
    v[F_CNT_WALKS] = c->walks & sm;
    v[F_CNT_R1] = c->reads[1] & sm;
    v[F_CNT_R2] = c->reads[2] & sm;
    v[F_CNT_R3] = c->reads[3] & sm;
    v[F_CNT_R4] = c->reads[4] & sm;
    v[F_CNT_COAL] = c->coalesced & sm;
    v[F_CNT_RESUMED] = c->resumed & sm;
    v[F_CNT_CL_STALLS] = c->cl_stalls & sm;
    v[F_CNT_FAULTS] = c->faults & sm;
    v[F_WS_DISP_VA] = o.ws.disp_va;
    v[F_WS_DISP_STAMP] = o.ws.disp_stamp;
    v[F_WS_DISP_SCORE] = o.ws.disp_score;
}

// Actual values (RTL ports), kNumFields order.
template <class M>
void collect_rtl(const M *m, const Desc &d, uint64_t *v)
{
    unsigned tw = d.tagw;
    v[F_ARR_READY] = m->arr_ready_o;
    v[F_ARR_EST] = m->arr_est_o;
    v[F_ARR_BUFFERED] = m->arr_buffered_o;
    v[F_ARR_SLOT] = m->arr_slot_o;
    v[F_ARR_SCORE] = m->arr_score_o;
    v[F_DISP_VALID] = m->disp_valid_o;
    v[F_DISP_WALKER] = m->disp_walker_o;
    v[F_DISP_RULE] = m->disp_rule_o;
    v[F_DISP_SLOT] = m->disp_slot_o;
    v[F_DISP_TAG] = m->disp_tag_o;
    v[F_DISP_LEVEL] = m->disp_level_o;
    v[F_DISP_NODE] = m->disp_node_o;
    v[F_DISP_RESUMED] = m->disp_resumed_o;
    v[F_MEM_VALID] = m->mem_req_valid_o;
    v[F_MEM_WALKER] = m->mem_req_walker_o;
    v[F_MEM_LEVEL] = m->mem_req_level_o;
    v[F_MEM_ADDR] = m->mem_req_addr_o;
    v[F_RSP_FAULT] = m->rsp_fault_o;
    v[F_FILL_VALID] = m->fill_valid_o;
    v[F_STUCK] = m->stuck_o;
    v[F_CPL_VALID] = m->cpl_valid_o;
    v[F_CPL_COAL] = m->cpl_coalesced_o;
    for (unsigned i = 0; i < 8; i++) {
        v[F_CPL_TAG0 + i] = bits(m->cpl_tag_o, tw * i, tw);
        v[F_CPL_FRAME0 + i] = bits(m->cpl_frame_o, 52u * i, 52);
        v[F_CPL_SHIFT0 + i] = bits(m->cpl_shift_o, 5u * i, 5);
        v[F_CPL_READS0 + i] = bits(m->cpl_reads_o, 3u * i, 3);
    }
    v[F_CNT_WALKS] = m->cnt_walks_o;
    v[F_CNT_R1] = m->cnt_reads_l1_o;
    v[F_CNT_R2] = m->cnt_reads_l2_o;
    v[F_CNT_R3] = m->cnt_reads_l3_o;
    v[F_CNT_R4] = m->cnt_reads_l4_o;
    v[F_CNT_COAL] = m->cnt_coalesced_o;
    v[F_CNT_RESUMED] = m->cnt_resumed_o;
    v[F_CNT_CL_STALLS] = m->cnt_cl_stalls_o;
    v[F_CNT_FAULTS] = m->cnt_faults_o;
    const auto *r = m->rootp;
    v[F_WS_DISP_VA] = r->xl_walk_path__DOT__ws_disp_va;
    v[F_WS_DISP_STAMP] = r->xl_walk_path__DOT__ws_disp_stamp;
    v[F_WS_DISP_SCORE] = r->xl_walk_path__DOT__ws_disp_score;
}

template <class M>
void drive(M *m, const xl_walk_path_in_t &in, const Desc &d)
{
    m->arr_valid_i = in.arr_valid & 1u;
    m->arr_va_i = in.arr_va & XL_VA_MASK;
    m->arr_instr_id_i = in.arr_instr_id & XL_WS_INSTR_MASK;
    m->arr_tag_i = in.arr_tag & mask(d.tagw);
    m->root_i = in.root[in.arr_asid] & XL_PA_MASK;   // the RTL has one address space
    m->mem_req_ready_i = in.mem_req_ready & 1u;
    m->rsp_valid_i = in.rsp_valid & 1u;
    m->rsp_walker_i = in.rsp_walker;
    for (unsigned i = 0; i < 8; i++) {
        m->rsp_line_i[2 * i] = (uint32_t)in.rsp_line[i];
        m->rsp_line_i[2 * i + 1] = (uint32_t)(in.rsp_line[i] >> 32);
    }
}

// The walkers' state and the top's copy of each buffered request's tag (public_flat_rd
// signals listed in xl_walk_path_waiver.vlt) against the C twin. Appends differing rows.
template <class M>
void check_state(const M *m, const xl_walk_path_t *c, const Desc &d,
                 std::vector<std::string> &names, std::vector<xl_ls::Field> &rows)
{
    const auto *r = m->rootp;
    uint64_t tm = mask(d.tagw);
    auto add = [&](const std::string &n, uint64_t e, uint64_t a) {
        if (e != a) {
            names.push_back(n);
            rows.push_back({nullptr, e, a});
        }
    };
    for (uint32_t w = 0; w < d.walkers; w++) {
        const xl_walker_t *k = &c->wk[w];
        std::string p = "walker" + std::to_string(w) + ".";
        add(p + "state", k->state, r->xl_walk_path__DOT__wk_state_q[w]);
        add(p + "level", k->level, r->xl_walk_path__DOT__wk_level_q[w]);
        add(p + "reads", k->reads, r->xl_walk_path__DOT__wk_reads_q[w]);
        add(p + "wait", k->wait, r->xl_walk_path__DOT__wk_wait_q[w]);
        if (k->state != XL_WK_IDLE) {
            add(p + "va", k->va & XL_VA_MASK, r->xl_walk_path__DOT__wk_va_q[w]);
            add(p + "node", k->node, r->xl_walk_path__DOT__wk_node_q[w]);
            add(p + "tag", k->tag & tm, r->xl_walk_path__DOT__wk_tag_q[w]);
        }
    }
    for (uint32_t s = 0; s < d.slots; s++)
        if (c->ws.e[s].valid)
            add("slot" + std::to_string(s) + ".tag", c->ws.e[s].tag & tm,
                bits(r->xl_walk_path__DOT__slot_tag_q, d.tagw * s, d.tagw));
}

// A state compare's row collector: flips bit 0 of the C side of the first item of kind
// `inject` (an index into the block's item names; -1 = none), and appends a row for each
// item that differs, named "<block>.<what>" or, for a slot i >= 0, "<block>.slot[i].<what>"
// (built only then: the compare runs often and almost never differs).
struct Rows {
    std::vector<std::string> &names;
    std::vector<xl_ls::Field> &rows;
    int inject;
    const char *block;
    void operator()(int kind, int64_t i, const char *what, uint64_t e, uint64_t a)
    {
        if (kind == inject) {
            e ^= 1u;
            inject = -1;
        }
        if (e != a) {
            names.push_back(std::string(block) +
                            (i >= 0 ? ".slot[" + std::to_string(i) + "]." : ".") + what);
            rows.push_back({nullptr, e, a});
        }
    }
};

// Does the Verilated root R hold the scheduler's payload RAM and pick registers (PickPipe
// 1) or its per-slot va/tag flops (PickPipe 0)? The names differ by generate block; the
// unused branch of an `if constexpr` on this is never compiled for a model.
template <class R, class = void>
struct HasPayRam : std::false_type {};
template <class R>
struct HasPayRam<R, std::void_t<decltype(std::declval<const R &>()
                        .xl_walk_path__DOT__u_walk_sched__DOT__g_pay_ram__DOT__pay_mem)>>
    : std::true_type {};

// The scheduler inside the top (u_walk_sched; public_flat_rd signals of
// xl_walk_path_waiver.vlt) against the C twin's xl_walk_sched_view, as the scheduler's own
// harness does: the globals always, the per-slot view when `slots` (valid slots only: the
// data flops have no reset). check_sched and check_coal return false when `inject` named an
// item of theirs that the compare did not reach (the self-test must not pass unchecked).
template <class M>
bool check_sched(const M *m, const xl_walk_path_t *c, const Desc &d, bool slots, int inject,
                 std::vector<xl_ws_entry_t> &view, std::vector<std::string> &names,
                 std::vector<xl_ls::Field> &rows)
{
    const auto *r = m->rootp;
    Rows add{names, rows, inject, "sched"};
    const xl_walk_sched_t *s = &c->ws;
    add(7, -1, "next_stamp", s->next_stamp,
        r->xl_walk_path__DOT__u_walk_sched__DOT__next_stamp_q);
    add(8, -1, "last_sched_id", s->last_sched_id,
        r->xl_walk_path__DOT__u_walk_sched__DOT__last_id_q);
    add(9, -1, "last_valid", s->last_valid,
        r->xl_walk_path__DOT__u_walk_sched__DOT__last_valid_q);
    add(10, -1, "lfsr", s->lfsr, r->xl_walk_path__DOT__u_walk_sched__DOT__lfsr_q);
    using R = std::remove_cv_t<std::remove_pointer_t<decltype(r)>>;
    if constexpr (HasPayRam<R>::value) {   // the registered pick (PickPipe 1)
        add(11, -1, "pick_valid", s->pick_valid,
            r->xl_walk_path__DOT__u_walk_sched__DOT__g_pick_reg__DOT__pick_valid_q);
        add(12, -1, "pick_slot", s->pick_slot,
            r->xl_walk_path__DOT__u_walk_sched__DOT__g_pick_reg__DOT__pick_slot_q);
        add(13, -1, "pick_rule", s->pick_rule,
            r->xl_walk_path__DOT__u_walk_sched__DOT__g_pick_reg__DOT__pick_rule_q);
    }
    if (!slots)
        return add.inject < 0;
    unsigned bw = 0;
    while ((UINT64_C(1) << bw) < (uint64_t)d.aging + 1u)
        bw++;
    xl_walk_sched_view(s, view.data());
    for (uint32_t i = 0; i < d.slots; i++) {
        const xl_ws_entry_t &e = view[i];
        uint64_t v = bits(r->xl_walk_path__DOT__u_walk_sched__DOT__valid_q, i, 1);
        add(0, i, "valid", e.valid, v);
        if (!e.valid || !v)
            continue;
        uint64_t score = 0;   // bit planes: bit b of slot i's score is plane bit b * slots + i
        for (unsigned b = 0; b < 9u; b++)
            score |= bits(r->xl_walk_path__DOT__u_walk_sched__DOT__score_pl_q, b * d.slots + i,
                          1) << b;
        // va and tag: flops (PickPipe 0) or the payload RAM {va, instr_id, stamp, tag} (1)
        uint64_t va, tag;
        if constexpr (HasPayRam<R>::value) {
            const auto &w = r->xl_walk_path__DOT__u_walk_sched__DOT__g_pay_ram__DOT__pay_mem[i];
            va = bits(w, d.tagw + 52u, 48u);
            tag = bits(w, 0u, d.tagw);
        } else {
            va = bits(r->xl_walk_path__DOT__u_walk_sched__DOT__g_pay_flops__DOT__va_q[i], 0, 48);
            tag = bits(r->xl_walk_path__DOT__u_walk_sched__DOT__g_pay_flops__DOT__tag_q[i], 0,
                       d.tagw);
        }
        add(1, i, "va", e.va, va);
        add(2, i, "instr_id", e.instr_id,
            bits(r->xl_walk_path__DOT__u_walk_sched__DOT__instr_q[i], 0, 20));
        add(3, i, "stamp", e.stamp,
            bits(r->xl_walk_path__DOT__u_walk_sched__DOT__stamp_q[i], 0, 32));
        add(4, i, "score", e.score, score);
        add(5, i, "bypass", e.bypass,
            bits(r->xl_walk_path__DOT__u_walk_sched__DOT__bypass_q[i], 0, bw));
        add(6, i, "tag", e.tag & mask(d.tagw), tag);
    }
    return add.inject < 0;
}

// Does the Verilated root R hold the coalescing block's pending set (ScanPipe 1)?
template <class R, class = void>
struct HasCoPend : std::false_type {};
template <class R>
struct HasCoPend<R, std::void_t<decltype(std::declval<const R &>()
                        .xl_walk_path__DOT__u_coalesce__DOT__g_scan_seq__DOT__pend_q)>>
    : std::true_type {};

// The coalescing block inside the top (u_coalesce) against the C twin's per-slot state, as
// its own harness does: the valid bits and every slot's PL and PA (both sides clear them when
// a slot is written or leaves), and with ScanPipe 1 the pending set. Not called with
// coalescing off: the C then never runs the block's edge, while the RTL block still tracks
// the buffer.
template <class M>
bool check_coal(const M *m, const xl_walk_path_t *c, const Desc &d, int inject,
                std::vector<std::string> &names, std::vector<xl_ls::Field> &rows)
{
    const auto *r = m->rootp;
    Rows add{names, rows, inject, "coal"};
    const xl_coalesce_t *co = &c->co;
    static const char *const wn[] = {"valid.w0", "valid.w1", "valid.w2", "valid.w3"};
    for (uint32_t w = 0; 64u * w < d.slots; w++) {
        unsigned n = d.slots - 64u * w < 64u ? d.slots - 64u * w : 64u;
        add(0, -1, w < 4 ? wn[w] : "valid.w4+", co->valid[w],
            bits(r->xl_walk_path__DOT__u_coalesce__DOT__valid_q, 64u * w, n));
    }
    if constexpr (HasCoPend<std::remove_cv_t<std::remove_reference_t<decltype(*r)>>>::value) {
        static const char *const pn[] = {"pend.w0", "pend.w1", "pend.w2", "pend.w3"};
        for (uint32_t w = 0; 64u * w < d.slots; w++) {
            unsigned n = d.slots - 64u * w < 64u ? d.slots - 64u * w : 64u;
            add(0, -1, w < 4 ? pn[w] : "pend.w4+", co->pend[w],
                bits(r->xl_walk_path__DOT__u_coalesce__DOT__g_scan_seq__DOT__pend_q, 64u * w,
                     n));
        }
    }
    for (uint32_t s = 0; s < d.slots; s++) {
        // PL as two planes: 0 none, 1..3 = L2..L4; PA[51:12] per slot.
        uint64_t enc = bits(r->xl_walk_path__DOT__u_coalesce__DOT__pl_lo_q, s, 1) |
                       bits(r->xl_walk_path__DOT__u_coalesce__DOT__pl_hi_q, s, 1) << 1;
        add(1, s, "pl", co->pl[s], enc == 0 ? 0 : enc + 1);
        // PA as the resume lookup reads it: 0 while PL is none (the RTL's PA flops are
        // data flops without reset, rtl/xl_coalesce.sv form item 7)
        add(2, s, "pa", co->pl[s] != 0 ? co->pa[s] : 0,
            enc == 0 ? 0 : bits(r->xl_walk_path__DOT__u_coalesce__DOT__pa_q[s], 0, 40) << 12);
    }
    return add.inject < 0;
}

// ----------------------------------------------------------------------------- page table

// Upper-level indices of the harness's address space. Neighbourhoods (docs/isca18-micro18.md §1.3): L4 indices
// 1, 2, 3, 5 share one 4 TB neighbourhood (3 has nothing mapped: a fault at the L4 line; 5 only
// has L3 index 0), 12 and 40 have their own; L3 indices 0 and 5 share an 8 GB one; L2 indices
// 0, 3, 7 a 16 MB one. Five mapped L4 indices, 18 (L4, L3) pairs and 90 (L4, L3, L2) triples:
// more than the paper PWCs hold (4, 8, 32 entries), so every level hits and misses.
const uint32_t kL4[] = {1, 2, 12, 40, 5, 3};
const uint32_t kL4Weight[] = {32, 27, 18, 12, 9, 2};   // percent; 3 is the hole
const uint32_t kL3[] = {0, 5, 9, 64, 300};
const uint32_t kL3Weight[] = {40, 35, 12, 10, 3};
const uint32_t kL2[] = {0, 3, 7, 8, 100};
// Leaf indices drawn in groups of eight (one 32 KB neighbourhood each); [0, 256) and
// [448, 512) are mapped in a 4 KB table, [256, 448) only by a fresh random draw (a fault).
const uint32_t kL1Group[] = {0, 8, 16, 64, 200, 480, 504};

struct PageTable {
    xl_physmem_t *pm = nullptr;
    xl_as_t as;
    uint64_t pages4k = 0, pages2m = 0, holes = 0;

    // One L2 entry's 2 MB of VA: a hole (3 %), a 2 MB page (22 %) or a 4 KB leaf table
    // (75 %) with [0, 256) and [448, 512) mapped except one page in 64. Pass 0 maps only the
    // 2 MB pages, pass 1 the rest; both draw the same numbers.
    bool map_one(int pass, xl_rng_t *r, uint32_t l4, uint32_t l3, uint32_t l2, std::string &err)
    {
        char e[256] = "";
        uint64_t va = ((uint64_t)l4 << 39) | ((uint64_t)l3 << 30) | ((uint64_t)l2 << 21);
        uint64_t kind = xl_rng_below(r, 100);
        uint64_t flags = XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D;
        if (kind < 3) {
            holes += pass;   // L2 hole
            return true;
        }
        if (kind < 25) {
            if (xl_rng_below(r, 2))
                flags |= XL_PTE_G;
            if (pass == 1)
                return true;
            if (xl_as_map(&as, va, XL_PAGE_2M, XL_PAGE_SHIFT_2M, flags, e, sizeof e) != XL_OK) {
                err = e;
                return false;
            }
            pages2m++;
            return true;
        }
        // Some tables set PAT (bit 7, where PS sits in an L2 entry) and NX in their leaves:
        // neither twin may read bit 7 of an L1 entry as PS.
        if (xl_rng_below(r, 4) == 0)
            flags |= XL_PTE_PS;
        if (xl_rng_below(r, 4) == 0)
            flags |= XL_PTE_NX;
        uint32_t run = 0;
        for (uint32_t l1 = 0; l1 <= 512; l1++) {
            bool in_range = l1 < 512 && (l1 < 256 || l1 >= 448);
            if (in_range && xl_rng_below(r, 64) != 0) {
                run++;
                continue;
            }
            if (in_range)
                holes += pass;
            if (run > 0 && pass == 1) {
                uint64_t start = va + ((uint64_t)(l1 - run) << 12);
                if (xl_as_map(&as, start, (uint64_t)run << 12, XL_PAGE_SHIFT_4K, flags, e,
                              sizeof e) != XL_OK) {
                    err = e;
                    return false;
                }
                pages4k += run;
            }
            run = 0;
        }
        return true;
    }

    bool build(uint64_t seed, std::string &err)
    {
        char e[256] = "";
        xl_rng_t r;
        xl_rng_derive(&r, seed, UINT64_C(0x9A6E7AB1E));
        pm = xl_physmem_create(UINT64_C(1) << 30, XL_ALLOC_RANDOM, seed, e, sizeof e);
        if (pm == nullptr || xl_as_init(&as, pm, 1, e, sizeof e) != XL_OK) {
            err = e;
            return false;
        }
        // Two passes over the same draws: the 2 MB pages first (the random allocator
        // fragments physical memory with 4 KB frames, so 2 MB frames come before them).
        for (int pass = 0; pass < 2; pass++) {
            xl_rng_derive(&r, seed, UINT64_C(0x9A6E7AB1E));
            for (uint32_t l4 : kL4) {
                if (l4 == 3)
                    continue;   // L4 hole
                for (uint32_t l3 : kL3) {
                    if ((l4 == 12 && l3 == 9) || (l4 == 40 && l3 == 300) || (l4 == 5 && l3 != 0))
                        continue;   // L3 holes (the stimulus never draws L4 5 with L3 != 0)
                    for (uint32_t l2 : kL2)
                        if (!map_one(pass, &r, l4, l3, l2, err))
                            return false;
                }
            }
        }
        return true;
    }
    ~PageTable()
    {
        if (pm != nullptr)
            xl_physmem_destroy(pm);
    }
};

// ----------------------------------------------------------------------------- stimulus

// Arrivals come as instructions: a group of requests with one instruction id, offered on
// consecutive cycles (a refused arrival is offered again until accepted). An instruction's VAs
// follow one of four shapes: a row walk (one leaf index stride apart: 8, 2 or 1 per leaf line,
// or whole lines apart), a gather (independent draws), a hot leaf line (all in one 32 KB
// neighbourhood, duplicates possible) or an L2 stride (one request per 2 MB entry of the
// pool). One instruction in 16 reuses a recent id (its score merges with entries still
// buffered). Random mode alternates calm and busy phases (the buffer empties and fills);
// pressure offers an arrival every cycle with groups of 8 and long memory latency.
struct Stim {
    xl_rng_t rng;
    bool pressure = false;
    uint64_t tag_mask = 0;
    struct Req {
        uint64_t va;
        uint32_t instr;
    };
    Req cur[16];
    unsigned ncur = 0, icur = 0;
    bool have_pend = false;
    Req pend{0, 0};
    uint32_t next_id = 0, recent[8] = {0};
    unsigned nrecent = 0;
    uint32_t next_tag = 0;
    bool busy = false;
    uint64_t phase_left = 0;
    uint64_t lat_override = 0;

    uint64_t below(uint64_t n) { return xl_rng_below(&rng, n); }

    void init(uint64_t seed, bool press, const Desc &d, uint64_t lat)
    {
        xl_rng_derive(&rng, seed, UINT64_C(0x57173));
        pressure = press;
        tag_mask = mask(d.tagw);
        lat_override = lat;
        next_id = (uint32_t)below(1u << 20);
    }

    template <std::size_t N>
    uint32_t pick(const uint32_t (&v)[N], const uint32_t (&w)[N])
    {
        uint64_t x = below(100), acc = 0;
        for (std::size_t i = 0; i < N; i++) {
            acc += w[i];
            if (x < acc)
                return v[i];
        }
        return v[N - 1];
    }
    uint32_t l4() { return pick(kL4, kL4Weight); }
    uint32_t l3(uint32_t a) { return a == 5 ? 0u : pick(kL3, kL3Weight); }
    uint32_t l2() { return kL2[below(5)]; }
    uint32_t l1()
    {
        if (below(32) == 0)
            return (uint32_t)below(512);   // anywhere: [256, 448) is unmapped
        return kL1Group[below(7)] + (uint32_t)below(8);
    }
    uint64_t va_of(uint32_t a, uint32_t b, uint32_t c, uint32_t e)
    {
        uint64_t va = ((uint64_t)a << 39) | ((uint64_t)b << 30) | ((uint64_t)c << 21) |
                      ((uint64_t)(e & 511u) << 12) | below(4096);
        // One arrival in 32 carries random bits above VA[47] on the C side only (the RTL port
        // is 48 bits wide): the twin must ignore them.
        if (!pressure && below(32) == 0)
            va |= xl_rng_next(&rng) & ~XL_VA_MASK;
        return va;
    }

    void new_instr()
    {
        uint32_t id;
        if (nrecent > 0 && below(16) == 0) {
            id = recent[below(nrecent)];
        } else {
            id = next_id;
            next_id = (next_id + 1u) & XL_WS_INSTR_MASK;
            recent[nrecent < 8 ? nrecent++ : below(8)] = id;
        }
        ncur = pressure ? 8u : 1u + (unsigned)below(16);
        icur = 0;
        uint32_t a = l4(), b = l3(a), c = l2(), e = l1();
        static const uint32_t strides[] = {1, 4, 8, 64};
        uint32_t stride = strides[below(4)];
        unsigned shape = (unsigned)below(4);
        for (unsigned i = 0; i < ncur; i++) {
            uint64_t va;
            switch (shape) {
            case 0:   // row walk
                va = va_of(a, b, c, e + i * stride);
                break;
            case 1: {   // gather
                uint32_t ga = l4();
                va = va_of(ga, l3(ga), l2(), l1());
                break;
            }
            case 2:   // one hot leaf line
                va = va_of(a, b, c, (e & ~7u) + (uint32_t)below(8));
                break;
            default:   // one request per 2 MB entry of the pool
                va = va_of(a, b, kL2[i % 5], l1());
                break;
            }
            cur[i] = {va, id};
        }
    }

    // Phase bookkeeping (random mode), once per cycle.
    void tick()
    {
        if (pressure)
            return;
        if (phase_left == 0) {
            busy = !busy;
            phase_left = busy ? 1000 + below(3000) : 500 + below(2000);
        }
        phase_left--;
    }

    // This cycle's arrival (the pending one first).
    bool arrival(xl_walk_path_in_t &in)
    {
        if (!have_pend) {
            unsigned p_lane = pressure ? 100u : busy ? 90u : 45u;
            unsigned p_instr = pressure ? 100u : busy ? 40u : 4u;
            if (icur < ncur) {
                if (below(100) >= p_lane)
                    return false;
            } else {
                if (below(100) >= p_instr)
                    return false;
                new_instr();
            }
            pend = cur[icur++];
            have_pend = true;
        }
        in.arr_valid = 1;
        in.arr_va = pend.va;
        in.arr_instr_id = pend.instr;
        in.arr_tag = next_tag & (uint32_t)tag_mask;
        return true;
    }
    void accepted()
    {
        have_pend = false;
        next_tag++;
    }

    uint8_t mem_ready() { return (uint8_t)(below(pressure ? 4 : 8) != 0); }
    uint64_t latency()
    {
        uint64_t hi = lat_override ? lat_override : pressure ? 48u : busy ? 24u : 6u;
        uint64_t lo = pressure && !lat_override ? 8u : 1u;
        if (lo > hi)
            lo = 1;
        return lo + below(hi - lo + 1);
    }
    bool reset_after() { return below(100000) == 0; }
    void reset()
    {
        have_pend = false;
        icur = ncur = 0;
    }
};

// The memory side of the harness: outstanding reads and their due cycles.
struct Memory {
    struct Pending {
        uint32_t walker;
        uint64_t due, seq;
        uint64_t line[8];
    };
    std::vector<Pending> pend;
    uint64_t seq = 0;

    // The response of this cycle: the due read with the earliest due cycle (then the oldest
    // request). Sets *ooo when an older request is still outstanding.
    bool respond(uint64_t now, xl_walk_path_in_t &in, bool *ooo)
    {
        size_t best = SIZE_MAX;
        uint64_t oldest = UINT64_MAX;
        for (size_t i = 0; i < pend.size(); i++) {
            const Pending &p = pend[i];
            oldest = p.seq < oldest ? p.seq : oldest;
            if (p.due <= now && (best == SIZE_MAX || p.due < pend[best].due ||
                                 (p.due == pend[best].due && p.seq < pend[best].seq)))
                best = i;
        }
        if (best == SIZE_MAX)
            return false;
        const Pending &p = pend[best];
        *ooo = p.seq != oldest;
        in.rsp_valid = 1;
        in.rsp_walker = p.walker;
        std::memcpy(in.rsp_line, p.line, sizeof in.rsp_line);
        pend[best] = pend.back();
        pend.pop_back();
        return true;
    }
    void request(const xl_physmem_t *pm, uint32_t walker, xl_pa_t line, uint64_t due)
    {
        Pending p;
        p.walker = walker;
        p.due = due;
        p.seq = seq++;
        xl_physmem_read_line(pm, line & XL_PA_MASK & ~UINT64_C(63), p.line);
        pend.push_back(p);
    }
};

// ----------------------------------------------------------------------------- replay trace

struct TraceLine {
    uint64_t cycle;
    xl_walk_path_in_t in;
    // digest recorded after '|'
    unsigned arr_ready, disp_valid, disp_walker, disp_slot, mem_req_valid, lanes;
    uint64_t mem_req_addr;
};

struct Trace {
    FILE *f = nullptr;
    std::string path;
    unsigned long lineno = 0;
    xl_pa_t root = 0;
    bool have_next = false;
    TraceLine next;

    [[noreturn]] void bad(const char *what)
    {
        std::fprintf(stderr, "%s: error: trace %s:%lu: %s\n", kProg, path.c_str(), lineno, what);
        std::exit(2);
    }

    // Opens the file and checks its P line against the parameter set (exit 2 on mismatch).
    void open(const std::string &p, const Desc &d)
    {
        path = p;
        f = std::fopen(p.c_str(), "r");
        if (f == nullptr) {
            std::fprintf(stderr, "%s: error: cannot read trace %s: %s\n", kProg, p.c_str(),
                         std::strerror(errno));
            std::exit(2);
        }
        char buf[1024];
        if (!next_line(buf, sizeof buf))
            bad("no P line");
        check_p(buf, d);
        read_next();
    }

    // The next line that is neither a comment nor empty, into buf; false at the end.
    bool next_line(char *buf, int size)
    {
        while (std::fgets(buf, size, f) != nullptr) {
            lineno++;
            if (buf[0] != '#' && buf[0] != '\n')
                return true;
        }
        return false;
    }

    // The P line (xl_trace.h) must name this parameter set; its root is the walks' root.
    void check_p(const char *line, const Desc &d)
    {
        char want[512], why[128], pp[48] = "";
        if (d.pick_pipe)
            std::snprintf(pp, sizeof pp, " pick_pipe=%u", d.pick_pipe);
        if (d.scan_pipe)
            std::snprintf(pp + std::strlen(pp), sizeof pp - std::strlen(pp), " scan_pipe=%u",
                          d.scan_pipe);
        std::snprintf(want, sizeof want,
                      "slots=%u walkers=%u policy=%s coalesce=%s aging=%u lfsr=0x%x "
                      "pwc=%u/%u,%u/%u,%u/%u pwc_latency=%u%s asid=1",
                      d.slots, d.walkers, kPolicyName[d.policy], kCoalName[d.coalesce], d.aging,
                      d.lfsr, d.e4, d.w4, d.e3, d.w3, d.e2, d.w2, d.pwc_latency,
                      pp);
        xl_trace_p_t tp;
        if (!xl_trace_parse_p(line, &tp, why, sizeof why))
            bad(why);
        root = tp.root;
        if (std::strcmp(tp.params, want) != 0) {
            std::fprintf(stderr,
                         "%s: error: trace %s: P line '%s' does not match parameter set %s "
                         "('%s')\n",
                         kProg, path.c_str(), tp.params, d.name, want);
            std::exit(2);
        }
    }

    // The next C line (xl_trace.h reads it, with the ports' ranges) into `next`.
    void read_next()
    {
        char buf[1024], why[128];
        have_next = false;
        if (!next_line(buf, sizeof buf))
            return;
        if (std::strchr(buf, '\n') == nullptr && !std::feof(f))
            bad("line too long");
        xl_trace_c_t c;
        if (!xl_trace_parse_c(buf, &c, XL_VA_MASK, XL_WS_INSTR_MASK, why, sizeof why))
            bad(why);
        if (have_prev && c.cycle <= prev_cycle)
            bad("cycles must increase");
        TraceLine t;
        std::memset(&t, 0, sizeof t);
        t.cycle = c.cycle;
        t.in.arr_valid = (uint8_t)c.in[0];
        t.in.arr_va = c.in[1];
        t.in.arr_instr_id = (uint32_t)c.in[2];
        t.in.arr_tag = (uint32_t)c.in[3];
        t.in.rsp_valid = (uint8_t)c.in[4];
        t.in.rsp_walker = (uint32_t)c.in[5];
        for (int i = 0; i < 8; i++)
            t.in.rsp_line[i] = c.in[6 + i];
        t.arr_ready = (unsigned)c.out[0];
        t.disp_valid = (unsigned)c.out[1];
        t.disp_walker = (unsigned)c.out[2];
        t.disp_slot = (unsigned)c.out[3];
        t.mem_req_valid = (unsigned)c.out[4];
        t.mem_req_addr = c.out[5];
        t.lanes = (unsigned)c.out[6];
        next = t;
        have_next = true;
        have_prev = true;
        prev_cycle = t.cycle;
    }
    bool have_prev = false;
    uint64_t prev_cycle = 0;
    ~Trace()
    {
        if (f != nullptr)
            std::fclose(f);
    }
};

// ----------------------------------------------------------------------------- coverage

enum Bin {
    kRuleImmediate, kRuleAging, kRuleBatch, kRuleMinscore, kRuleFcfs, kRuleRandom,
    kScoreTie, kBufferFull, kStuck, kCoalLane0, kResumed = kCoalLane0 + 8, kResumeOverridden,
    kResumeL4, kResumeL3, kResumeL2, kLeaf2m, kCoal2m,
    kFaultL4, kFaultL3, kFaultL2, kFaultL1,
    kPortContention, kMemNotReady, kOoo, kPwcHitL4, kPwcHitL3, kPwcHitL2, kPwcMiss,
    kOwnAndCoal, kMultiCoal, kArrBlockedEmpty, kKillAndDisp, kLookupWait, kStatWrapped,
    kResetMidRun, kAllBusy, kFillAndLookup, kFillLookupSameL2, kScanLaneWait, kScanDrop,
    kNumBins
};

std::vector<xl_ls::CovBin> make_bins(uint64_t min, const Desc &d, bool pressure)
{
    bool leaf = (d.coalesce & 1u) != 0, upper = (d.coalesce & 2u) != 0;
    auto m = [&](bool reach) { return reach ? min : 0u; };
    std::vector<xl_ls::CovBin> b = {
        {"rule_immediate", "dispatch IMMEDIATE (empty buffer, idle walker)", 0,
         m(!pressure)},
        {"rule_aging", "dispatch AGING (SIMT, bypass count at the threshold)", 0,
         m(d.policy == 2 && d.aging <= 1000)},
        {"rule_batch", "dispatch BATCH (SIMT, same instruction as the last)", 0,
         m(d.policy == 2)},
        {"rule_minscore", "dispatch MINSCORE (SIMT, lowest score, oldest)", 0, m(d.policy == 2)},
        {"rule_fcfs", "dispatch FCFS (oldest)", 0, m(d.policy == 0)},
        {"rule_random", "dispatch RANDOM (LFSR pick)", 0, m(d.policy == 1)},
        {"score_tie", "MINSCORE pick with another instruction at the same score (oldest wins)",
         0, m(d.policy == 2)},
        {"buffer_full", "arrival refused: buffer full", 0, min},
        {"stuck_all_cl", "idle walker, buffered requests, every one with CL", 0,
         m(d.coalesce != 0 && !pressure)},
    };
    for (int i = 0; i < 8; i++) {
        static const char *const n[] = {"coal_lane0", "coal_lane1", "coal_lane2", "coal_lane3",
                                        "coal_lane4", "coal_lane5", "coal_lane6", "coal_lane7"};
        b.push_back({n[i], "completion by coalescing on this lane", 0, m(leaf)});
    }
    std::vector<xl_ls::CovBin> rest = {
        {"resumed", "walk started from a coalescing resume point (PL, PA)", 0, m(upper)},
        {"resume_overridden", "resume point present but a deeper PWC hit wins", 0, m(upper)},
        {"resume_from_l4", "resumed walk with PL = 4 (starts at L3)", 0, m(upper && !pressure)},
        {"resume_from_l3", "resumed walk with PL = 3 (starts at L2)", 0, m(upper)},
        {"resume_from_l2", "resumed walk with PL = 2 (starts at L1)", 0, m(upper)},
        {"leaf_2m", "walk completed by a 2 MB leaf at L2", 0, min},
        {"coal_2m", "coalesced completion of a 2 MB page (L2 line scan)", 0, m(upper)},
        {"fault_l4", "not-present L4 entry", 0, m(!pressure)},
        {"fault_l3", "not-present L3 entry", 0, m(!pressure)},
        {"fault_l2", "not-present L2 entry", 0, min},
        {"fault_l1", "not-present L1 entry", 0, min},
        {"port_contention", "two or more walkers want the memory port", 0, m(d.walkers > 1)},
        {"mem_not_ready", "read request held: mem_req_ready low", 0, min},
        {"ooo_response", "response overtakes an older outstanding read", 0, m(d.walkers > 1)},
        {"pwc_hit_l4", "walk-time PWC lookup: deepest hit L4", 0, min},
        {"pwc_hit_l3", "walk-time PWC lookup: deepest hit L3", 0, min},
        {"pwc_hit_l2", "walk-time PWC lookup: hit L2", 0, min},
        {"pwc_miss", "walk-time PWC lookup: full miss (walk from the root)", 0, m(!pressure)},
        {"own_and_coal", "own completion and coalesced ones in one cycle", 0, m(leaf)},
        // (ScanPipe 1 completes at most one a cycle)
        {"multi_coal", "two or more coalesced completions in one cycle", 0,
         m(leaf && d.scan_pipe == 0)},
        {"arr_blocked_empty", "arrival with CL buffered although the buffer was empty", 0,
         m(d.coalesce != 0 && !pressure)},
        {"kill_and_disp", "coalescing kill and a dispatch in one cycle", 0,
         m(leaf && d.walkers > 1 && !pressure)},
        {"lookup_wait", "walker waiting for the PWC lookup (PwcLatency > 1)", 0,
         m(d.pwc_latency > 1)},
        {"stat_wrapped", "a counter wrapped past 2^StatWidth (modulo compare)", 0,
         d.statw < 64 && !pressure && min > 0 ? 1u : 0u},
        {"reset_mid_run", "reset pulse from a dirty state", 0, 0},
        {"all_walkers_busy", "every walker busy (none IDLE) before the edge", 0, min},
        {"pwc_fill_and_lookup", "PWC fill (a response) and walk-time lookup (a dispatch), "
         "one cycle", 0, min},
        // With upper-level coalescing the region is CL-blocked while a walker reads for it
        // (every upper-level neighbourhood holds the whole 2 MB), so no such request can be
        // dispatched in the cycle of that walker's fill: reachable with coalescing off or
        // leaf only.
        {"fill_lookup_same_l2", "... of one 2 MB region (same L2 tag): lookup sees the state "
         "before the fill", 0, m((d.coalesce & 2u) == 0)},
        {"scan_lane_wait", "ScanPipe 1: a coalesced completion waits, its lane taken by the "
         "walker's own", 0, m(leaf && d.scan_pipe != 0 && !pressure)},
        {"scan_drop", "ScanPipe 1: a returned line not scanned, a scan still draining", 0,
         m(d.coalesce != 0 && d.scan_pipe != 0)},
    };
    b.insert(b.end(), rest.begin(), rest.end());
    // Pressure completes few walks (long memory latency, every walker busy): the bins counted
    // per walk or per completion need half the minimum there.
    if (pressure)
        for (xl_ls::CovBin &x : b)
            if (std::strncmp(x.name, "coal_", 5) == 0 || std::strncmp(x.name, "fault_", 6) == 0 ||
                std::strncmp(x.name, "resume", 6) == 0 || std::strcmp(x.name, "leaf_2m") == 0)
                x.min = (x.min + 1) / 2;
    return b;
}

// Is slot i out of this cycle's picks (CL or killed)? (walk_sched.c's rule.)
bool excluded(const xl_ws_in_t &in, uint32_t i)
{
    uint64_t bit = UINT64_C(1) << (i & 63u);
    return (in.blocked != nullptr && (in.blocked[i >> 6] & bit) != 0) ||
           (in.kill != nullptr && (in.kill[i >> 6] & bit) != 0);
}

// A MINSCORE pick tied: another instruction (not the batching one) has an eligible entry with
// the picked score, so the tie rule (oldest) decided.
bool score_tie(const xl_walk_sched_t *s, const xl_walk_path_out_t &o)
{
    unsigned n = 0;
    for (uint32_t k = 0; k < s->nact; k++) {
        const xl_ws_rec_t *x = &s->rec[s->act[k]];
        if ((s->last_valid && x->instr_id == s->last_sched_id) || x->score != o.ws.disp_score)
            continue;
        uint32_t i = x->head;
        while (i != UINT32_MAX && excluded(o.ws_in, i))
            i = s->e[i].ins_next;
        n += i != UINT32_MAX;
    }
    return n > 1;
}

// Coverage of this cycle, from the C twin's state before the edge and its comb output.
void cover(const xl_walk_path_t *c, const xl_walk_path_in_t &in, const xl_walk_path_out_t &o,
           std::vector<xl_ls::CovBin> &b)
{
    if (o.disp_valid) {
        static const int rule_bin[] = {-1, kRuleImmediate, kRuleAging, kRuleBatch,
                                       kRuleMinscore, kRuleFcfs, kRuleRandom};
        if (o.ws.disp_rule >= 1 && o.ws.disp_rule <= 6)
            b[rule_bin[o.ws.disp_rule]].count++;
        if (o.ws.disp_rule == XL_RULE_MINSCORE && score_tie(&c->ws, o))
            b[kScoreTie].count++;
        unsigned h = o.pwc.lookup.hit_level;
        b[h == 4 ? kPwcHitL4 : h == 3 ? kPwcHitL3 : h == 2 ? kPwcHitL2 : kPwcMiss].count++;
        if (c->p.coalesce != XL_CO_OFF && o.ws.disp_rule != XL_RULE_IMMEDIATE) {
            unsigned pl;
            xl_pa_t pa;
            xl_coalesce_resume(&c->co, o.ws.disp_slot, &pl, &pa);
            if (pl != 0 && h != 0 && h < pl)
                b[kResumeOverridden].count++;
        }
        if (o.disp_resumed) {
            b[kResumed].count++;
            b[o.disp_level == 3 ? kResumeL4 : o.disp_level == 2 ? kResumeL3 : kResumeL2].count++;
        }
    }
    if (in.arr_valid && !o.arr_ready)
        b[kBufferFull].count++;
    if (o.stuck)
        b[kStuck].count++;
    if (c->p.scan_pipe && xl_coalesce_draining(&c->co)) {
        // ScanPipe 1 (coalesce.h): the lowest pending slot against the kept line; its
        // completion waits when the walker's own completion holds its lane.
        const xl_coalesce_t *co = &c->co;
        uint32_t w = 0;
        while (co->pend[w] == 0)
            w++;
        uint32_t s = 64u * w + (uint32_t)__builtin_ctzll(co->pend[w]);
        unsigned L = co->sl_level, i = xl_pt_index(co->va[s], L) & 7u;
        uint64_t e = co->sl_line[i];
        bool leafe = (e & XL_PTE_P) && (L == 1u || (L == 2u && (e & XL_PTE_PS)));
        bool wait = leafe && i != (xl_pt_index(co->sl_va, L) & 7u) &&
                    !((co->lane_used >> i) & 1u) && ((o.co_in.lane_busy >> i) & 1u);
        bool left = wait || (co->pend[w] & (co->pend[w] - 1u)) != 0;
        for (uint32_t k = w + 1; !left && k < co->words; k++)
            left = co->pend[k] != 0;
        if (wait)
            b[kScanLaneWait].count++;
        if (left && o.co_in.line_valid && xl_co_level_on(c->p.coalesce, o.co_in.line_level))
            b[kScanDrop].count++;
    }
    unsigned ncoal = 0;
    bool own = false;
    for (unsigned i = 0; i < 8; i++) {
        if (!o.cpl_valid[i])
            continue;
        if (o.cpl_coalesced[i]) {
            b[kCoalLane0 + i].count++;
            ncoal++;
            if (o.cpl_shift[i] == XL_PAGE_SHIFT_2M)
                b[kCoal2m].count++;
        } else {
            own = true;
            if (o.cpl_shift[i] == XL_PAGE_SHIFT_2M)
                b[kLeaf2m].count++;
        }
    }
    if (own && ncoal > 0)
        b[kOwnAndCoal].count++;
    if (ncoal > 1)
        b[kMultiCoal].count++;
    if (ncoal > 0 && o.disp_valid)
        b[kKillAndDisp].count++;
    if (o.rsp_fault) {
        unsigned lv = c->wk[in.rsp_walker].level;
        b[lv == 4 ? kFaultL4 : lv == 3 ? kFaultL3 : lv == 2 ? kFaultL2 : kFaultL1].count++;
    }
    unsigned req = 0, look = 0, busy = 0;
    for (uint32_t w = 0; w < c->p.walkers; w++) {
        req += c->wk[w].state == XL_WK_REQ;
        look += c->wk[w].state == XL_WK_LOOKUP;
        busy += c->wk[w].state != XL_WK_IDLE;
    }
    if (busy == c->p.walkers)
        b[kAllBusy].count++;
    // The PWC's fill (the responding walker's VA at its level) and its lookup (the dispatched
    // VA) in one cycle; the xl_pwc edge applies the lookup first, then the fill.
    if (o.fill_valid && o.disp_valid) {
        b[kFillAndLookup].count++;
        if ((((c->wk[in.rsp_walker].va ^ o.ws.disp_va) & XL_VA_MASK) >> 21) == 0)
            b[kFillLookupSameL2].count++;
    }
    if (req > 1)
        b[kPortContention].count++;
    if (look > 0)
        b[kLookupWait].count++;
    if (o.mem_req_valid && !in.mem_req_ready)
        b[kMemNotReady].count++;
    if (o.ws.arr_buffered && c->ws.count == 0 && c->idle > 0)
        b[kArrBlockedEmpty].count++;
}

// ----------------------------------------------------------------------------- reporting

struct Rec {
    uint64_t cycle;
    xl_walk_path_in_t in;
    uint64_t v[kNumFields];   // the C twin's outputs (RTL's in --rtl-only)
    bool rst;
};

void print_history(FILE *f, const xl_ls::Ring<Rec, 32> &h)
{
    std::fprintf(f, "last %u cycles (inputs | the C twin's outputs; R = reset pulse after the "
                    "edge):\n", h.size());
    std::fprintf(f, "  %9s | av %-14s %-6s %-5s | rdy | rv w %-8s | ar db sl | dv w rl sl  lv "
                    "node          | mv w lv addr          | cpl coal f fi st\n",
                 "cycle", "arr_va", "instr", "tag", "line[0]");
    for (unsigned i = 0; i < h.size(); i++) {
        const Rec &r = h.at(i);
        const xl_walk_path_in_t &x = r.in;
        const uint64_t *v = r.v;
        std::fprintf(f,
                     "  %9" PRIu64 " | %u  %014" PRIx64 " %05x  %-5x | %u   | %u  %u %08" PRIx64
                     " | %u  %u  %-2" PRIx64 " | %u  %" PRIu64 " %" PRIu64 "  %-3" PRIx64
                     " %" PRIu64 "  %012" PRIx64 " | %u  %" PRIu64 " %" PRIu64 "  %012" PRIx64
                     " | %02" PRIx64 "  %02" PRIx64 "   %u %u  %u%s\n",
                     r.cycle, x.arr_valid, x.arr_va, x.arr_instr_id, x.arr_tag, x.mem_req_ready,
                     x.rsp_valid, x.rsp_walker, x.rsp_line[0], (unsigned)v[F_ARR_READY],
                     (unsigned)v[F_ARR_BUFFERED], v[F_ARR_SLOT], (unsigned)v[F_DISP_VALID],
                     v[F_DISP_WALKER], v[F_DISP_RULE], v[F_DISP_SLOT], v[F_DISP_LEVEL],
                     v[F_DISP_NODE], (unsigned)v[F_MEM_VALID], v[F_MEM_WALKER], v[F_MEM_LEVEL],
                     v[F_MEM_ADDR], v[F_CPL_VALID], v[F_CPL_COAL], (unsigned)v[F_RSP_FAULT],
                     (unsigned)v[F_FILL_VALID], (unsigned)v[F_STUCK], r.rst ? "  R" : "");
    }
}

// The command that reproduces a failure at `cycle` (counted from the run's start) with a
// waveform around it.
std::vector<std::string> repro_args(const char *argv0, const Opts &o, uint64_t cycle,
                                    const std::string &vcd)
{
    std::vector<std::string> a = {argv0, "--params", o.params, "--seed", std::to_string(o.seed),
                                  "--cycles", std::to_string(cycle + 1), "--cov-min", "0"};
    if (o.mode == "replay") {
        a.insert(a.end(), {"--replay", o.replay});
        if (o.replay_listed)
            a.push_back("--replay-listed");
    } else {
        a.insert(a.end(), {"--mode", o.mode});
    }
    if (o.mem_latency)
        a.insert(a.end(), {"--mem-latency", std::to_string(o.mem_latency)});
    if (o.state_every != 16)
        a.insert(a.end(), {"--state-every", std::to_string(o.state_every)});
    if (o.sched_every != 16)
        a.insert(a.end(), {"--sched-every", std::to_string(o.sched_every)});
    if (o.coal_every != 16)
        a.insert(a.end(), {"--coal-every", std::to_string(o.coal_every)});
    if (o.pwc_every != 1)
        a.insert(a.end(), {"--pwc-every", std::to_string(o.pwc_every)});
    xl_ls::repro_tail(a, o, o.inject, cycle, vcd);
    return a;
}

// ----------------------------------------------------------------------------- the run

template <class M>
int run(const Opts &o, const Desc &d, const char *argv0)
{
    const bool replay = o.mode == "replay", press = o.mode == "pressure";
    const std::string mlabel = o.replay_listed ? "replay-listed" : o.mode;
    const std::vector<std::string> fname = field_names();
    xl_walk_path_params_t p;
    std::memset(&p, 0, sizeof p);
    p.slots = d.slots;
    p.walkers = d.walkers;
    p.policy = (xl_ws_policy_t)d.policy;
    p.aging_threshold = d.aging;
    p.lfsr_seed = d.lfsr;
    p.coalesce = (xl_co_mode_t)d.coalesce;
    p.pwc.entries[0] = d.e4;
    p.pwc.ways[0] = d.w4;
    p.pwc.entries[1] = d.e3;
    p.pwc.ways[1] = d.w3;
    p.pwc.entries[2] = d.e2;
    p.pwc.ways[2] = d.w2;
    p.pwc_latency = d.pwc_latency;
    p.pick_pipe = d.pick_pipe;
    p.scan_pipe = d.scan_pipe;
    xl_walk_path_t ref;
    xl_walk_path_out_t exp;
    char err[256] = "";
    if (!xl_ls::twin_accepts(xl_walk_path_init(&ref, &p, err, sizeof err) == XL_OK, kProg,
                             std::string("parameter set ") + d.name, err))
        return 2;
    if (xl_walk_path_out_init(&exp, &ref) != XL_OK) {
        std::fprintf(stderr, "%s: error: out of memory\n", kProg);
        return 1;
    }

    // The memory: a page table (random, pressure) or the trace (replay).
    PageTable pt;
    Trace tr;
    xl_pa_t root = 0;
    uint64_t first_cycle = 0;
    // A replay runs the whole trace unless --cycles says otherwise: ncycles is fixed when the
    // last line has been read.
    uint64_t ncycles = o.mode == "replay" && !o.cycles_given ? UINT64_MAX : o.cycles;
    if (replay) {
        tr.open(o.replay, d);
        root = tr.root;
        if (!tr.have_next) {
            std::fprintf(stderr, "%s: error: trace %s has no C line\n", kProg, o.replay.c_str());
            return 2;
        }
        first_cycle = tr.next.cycle;
    } else {
        std::string e;
        if (!pt.build(o.seed, e)) {
            std::fprintf(stderr, "%s: error: page table: %s\n", kProg, e.c_str());
            return 1;
        }
        root = pt.as.root;
    }

    std::printf("xl_walk_path lockstep: params=%s (slots %u, walkers %u, policy %s, coalesce %s, "
                "aging %u, lfsr 0x%x, pwc %u/%u,%u/%u,%u/%u, pwc_latency %u, tag %u, stats %u "
                "bits) mode=%s%s%s seed=%" PRIu64,
                d.name, d.slots, d.walkers, kPolicyName[d.policy], kCoalName[d.coalesce], d.aging,
                d.lfsr, d.e4, d.w4, d.e3, d.w3, d.e2, d.w2, d.pwc_latency, d.tagw, d.statw,
                mlabel.c_str(), replay ? " trace=" : "", replay ? o.replay.c_str() : "", o.seed);
    if (!replay)
        std::printf(" cycles=%" PRIu64 " page table: %" PRIu64 " 4 KB + %" PRIu64
                    " 2 MB pages, %" PRIu64 " holes, root 0x%" PRIx64,
                    o.cycles, pt.pages4k, pt.pages2m, pt.holes, root);
    std::printf("%s\n", o.rtl_only ? " (RTL only)" : "");
    std::fflush(stdout);

    // Reset with the ports idle and the memory ready (xl_ls::initial_reset).
    xl_walk_path_in_t idle;
    std::memset(&idle, 0, sizeof idle);
    // One address space, ASID 1 (the RTL's parameter Asid): every cycle's input
    // (copied from idle) names it and its root.
    xl_pa_t roots[XL_WP_ASIDS] = {0};
    roots[1] = root;
    idle.root = roots;
    idle.arr_asid = 1;
    idle.mem_req_ready = 1;
    xl_ls::Dut<M> dut;
    M *m = dut.open("xl_walk_path", o, kProg, [&](M *x) { drive(x, idle, d); });
    if (m == nullptr)
        return 2;
    uint64_t cyc = 0;

    // The sub-blocks' state compares: the PWC's registers found by name (xl_pwc_state.h),
    // the scheduler's view, and which item --inject-field corrupts (-1: none of the block's).
    xl_ls::PwcState pwc_state;
    if (!o.rtl_only) {
        std::string e;
        if (!pwc_state.open(dut.ctx, std::string(m->name()) + ".xl_walk_path.u_pwc", &ref.pwc,
                            e)) {
            std::fprintf(stderr, "%s: error: %s\n", kProg, e.c_str());
            return 2;
        }
    }
    std::vector<xl_ws_entry_t> ws_view(d.slots);
    int inj_sched = -1, inj_coal = -1, inj_pwc = -1;
    for (int k = 0; o.inject && k < (int)(sizeof kSchedItems / sizeof kSchedItems[0]); k++)
        inj_sched = o.inject_field == kSchedItems[k] ? k : inj_sched;
    for (int k = 0; o.inject && k < (int)(sizeof kCoalItems / sizeof kCoalItems[0]); k++)
        inj_coal = o.inject_field == kCoalItems[k] ? k : inj_coal;
    for (int k = 0; o.inject && xl_ls::PwcState::inject_names()[k] != nullptr; k++)
        inj_pwc = o.inject_field == xl_ls::PwcState::inject_names()[k] ? k : inj_pwc;

    Stim st;
    st.init(o.seed, press, d, o.mem_latency);
    Memory mem;
    uint64_t cov_min = o.cov_min_given ? o.cov_min : replay ? 0 : o.cov_min;
    std::vector<xl_ls::CovBin> bins = make_bins(cov_min, d, press);
    xl_ls::Ring<Rec, 32> hist;
    uint64_t ev[kNumFields], av[kNumFields];
    std::memset(ev, 0, sizeof ev);
    int status = 0;
    const char *why = nullptr;
    std::vector<xl_ls::Field> bad_rows;
    std::vector<std::string> bad_names;
    uint64_t digests = 0, replay_arr = 0, replay_rsp = 0;
    bool last_stuck_arr = false;
    double t0 = xl_ls::now_s();

    for (cyc = 0; cyc <= ncycles; cyc++) {
        // Cycle ncycles is a final compare with every port idle: the counters and the
        // walkers' state after the last edge.
        const bool last = cyc == ncycles;
        xl_walk_path_in_t in = idle;
        bool rst = false, ooo = false;
        const TraceLine *tl = nullptr;
        if (!last) {
            if (replay) {
                if (tr.have_next && (o.replay_listed || tr.next.cycle == first_cycle + cyc)) {
                    tl = &tr.next;
                    in.arr_valid = tl->in.arr_valid;
                    in.arr_va = tl->in.arr_va;
                    in.arr_instr_id = tl->in.arr_instr_id;
                    in.arr_tag = tl->in.arr_tag;
                    in.rsp_valid = tl->in.rsp_valid;
                    in.rsp_walker = tl->in.rsp_walker;
                    std::memcpy(in.rsp_line, tl->in.rsp_line, sizeof in.rsp_line);
                    replay_arr += in.arr_valid;
                    replay_rsp += in.rsp_valid;
                    if (in.rsp_valid && in.rsp_walker >= d.walkers)
                        tr.bad("rsp_walker outside the parameter set's walkers");
                }
            } else {
                st.tick();
                st.arrival(in);
                in.mem_req_ready = st.mem_ready();
                mem.respond(cyc, in, &ooo);
                rst = st.reset_after();
            }
        }
        m->clk_i = 0;
        drive(m, in, d);
        dut.eval(cyc);
        const uint64_t *drv;   // the outputs the harness's memory and stimulus follow
        if (o.rtl_only) {
            collect_rtl(m, d, av);
            drv = av;
        } else {
            xl_walk_path_comb(&ref, &in, &exp);
            collect_c(&ref, exp, d, ev);
            collect_rtl(m, d, av);
            if (o.inject && cyc == o.inject_cycle)
                for (unsigned i = 0; i < kNumFields; i++)
                    if (fname[i] == o.inject_field)
                        ev[i] ^= 1u;
            drv = ev;
            Rec rec;
            rec.cycle = cyc;
            rec.in = in;
            std::memcpy(rec.v, ev, sizeof rec.v);
            rec.rst = rst;
            hist.push(rec);
            bool differ = std::memcmp(ev, av, sizeof ev) != 0;
            bool state_bad = false;
            if (!differ) {
                // The state after the previous edge: walkers and slot tags, the scheduler
                // (globals every cycle), the coalescing block and the PWC, each at its rate
                // and after the last edge.
                bool inj = o.inject && cyc == o.inject_cycle;
                auto due = [&](uint64_t every) { return last || (every && cyc % every == 0); };
                if (due(o.state_every))
                    check_state(m, &ref, d, bad_names, bad_rows);
                bool done = check_sched(m, &ref, d, due(o.sched_every), inj ? inj_sched : -1,
                                        ws_view, bad_names, bad_rows);
                if (d.coalesce != 0 && due(o.coal_every))
                    done = check_coal(m, &ref, d, inj ? inj_coal : -1, bad_names, bad_rows) &&
                           done;
                else
                    done = done && !(inj && inj_coal >= 0);
                bool pdone = true;
                if (due(o.pwc_every))
                    pwc_state.diff(&ref.pwc, inj ? inj_pwc : -1, bad_names, bad_rows, &pdone);
                state_bad = !bad_rows.empty();
                if (!done || !pdone) {
                    // A self-test that corrupts nothing would pass: refuse it instead.
                    std::fprintf(stderr, "%s: error: --inject-field %s: no such item is "
                                 "compared at cycle %" PRIu64 "\n", kProg,
                                 o.inject_field.c_str(), cyc);
                    xl_walk_path_out_free(&exp);
                    xl_walk_path_free(&ref);
                    return 2;
                }
            }
            if (differ || state_bad || dut.ctx.gotError()) {
                why = dut.ctx.gotError() ? " (RTL assertion failed at the previous edge)" : "";
                status = 1;
                break;
            }
            // Replay: the C twin must reproduce the recorded digest; on a cycle the model did
            // not step, it must not dispatch, request or complete anything.
            if (replay && !last) {
                unsigned lanes = 0;
                for (unsigned i = 0; i < 8; i++)
                    lanes |= (unsigned)(exp.cpl_valid[i] & 1u) << i;
                bool ok;
                if (tl != nullptr) {
                    ok = tl->arr_ready == exp.arr_ready && tl->disp_valid == exp.disp_valid &&
                         tl->disp_walker == exp.disp_walker &&
                         tl->disp_slot == exp.ws.disp_slot &&
                         tl->mem_req_valid == exp.mem_req_valid &&
                         tl->mem_req_addr == exp.mem_req_addr && tl->lanes == lanes;
                    digests++;
                } else {
                    ok = !exp.disp_valid && !exp.mem_req_valid && lanes == 0;
                }
                if (!ok) {
                    uint64_t tcyc = tl != nullptr ? tl->cycle : first_cycle + cyc;
                    std::printf("REPLAY DIGEST DIFFERS block=xl_walk_path params=%s trace=%s "
                                "cycle=%" PRIu64 " (trace cycle %" PRIu64 ", %s)\n",
                                d.name, o.replay.c_str(), cyc, tcyc,
                                tl != nullptr ? ("line " + std::to_string(tr.lineno)).c_str()
                                              : "not in the trace");
                    if (tl == nullptr)
                        std::printf("  diagnosis: the recording model did not step the block in "
                                    "this cycle (it judged that nothing could change), but the "
                                    "twin acts in it: the model skipped an active cycle%s\n",
                                    last_stuck_arr ? " (the previous cycle was stuck and buffered "
                                                     "an arrival: xl_walk_path_busy's last_stuck does "
                                                     "not see the new entry)" : "");
                    std::vector<xl_ls::Field> f = {
                        {"arr_ready", tl ? tl->arr_ready : 0u, exp.arr_ready},
                        {"disp_valid", tl ? tl->disp_valid : 0u, exp.disp_valid},
                        {"disp_walker", tl ? tl->disp_walker : 0u, exp.disp_walker},
                        {"disp_slot", tl ? tl->disp_slot : 0u, exp.ws.disp_slot},
                        {"mem_req_valid", tl ? tl->mem_req_valid : 0u, exp.mem_req_valid},
                        {"mem_req_addr", tl ? tl->mem_req_addr : 0u, exp.mem_req_addr},
                        {"cpl_lanes", tl ? tl->lanes : 0u, lanes}};
                    std::printf("  (expected = recorded by xlat run, actual = the C twin now)\n");
                    xl_ls::print_fields(stdout, f);
                    print_history(stdout, hist);
                    status = 3;
                    break;
                }
            }
            if (!last)
                cover(&ref, in, exp, bins);
            last_stuck_arr = exp.stuck && exp.ws.arr_buffered;
        }
        if (last)
            break;

        // The memory and the stimulus follow this cycle's outputs.
        if (drv[F_MEM_VALID] && in.mem_req_ready && !replay)
            mem.request(pt.pm, (uint32_t)drv[F_MEM_WALKER], drv[F_MEM_ADDR],
                        cyc + st.latency());
        if (ooo)
            bins[kOoo].count++;
        if (in.arr_valid && drv[F_ARR_READY] && !replay)
            st.accepted();

        uint64_t before[9];
        if (!o.rtl_only) {
            std::memcpy(before, &ev[F_CNT_WALKS], sizeof before);
            xl_walk_path_commit(&ref, &in, &exp);
        }
        dut.rise(cyc);
        if (!o.rtl_only && d.statw < 64) {
            uint64_t after[9];
            collect_c(&ref, exp, d, ev);   // counters after the edge (outputs unchanged)
            std::memcpy(after, &ev[F_CNT_WALKS], sizeof after);
            for (int i = 0; i < 9; i++)
                if (after[i] != before[i] && after[i] < before[i])
                    bins[kStatWrapped].count++;
        }
        if (rst) {
            st.reset();
            mem.pend.clear();
            dut.reset_both(cyc, o.rtl_only, bins[kResetMidRun], [&] { xl_walk_path_reset(&ref); });
        }
        if (tl != nullptr)
            tr.read_next();
        if (replay && !tr.have_next && ncycles == UINT64_MAX)
            ncycles = cyc + 1;   // the whole trace, then the final compare
    }
    double dt = xl_ls::now_s() - t0;
    uint64_t done = cyc;
    if (status == 0 && dut.ctx.gotError()) {
        why = " (RTL assertion failed)";
        status = 1;
    }
    if (status == 1) {
        std::printf("MISMATCH block=xl_walk_path params=%s mode=%s seed=%" PRIu64 " cycle=%" PRIu64
                    "%s\n",
                    d.name, mlabel.c_str(), o.seed, done, why);
        if (!bad_rows.empty()) {
            std::printf("internal state after the previous edge (walkers, slot tags and the "
                        "sub-blocks; differing items only):\n");
            for (size_t i = 0; i < bad_rows.size(); i++)
                bad_rows[i].name = bad_names[i].c_str();
            xl_ls::print_fields(stdout, bad_rows);
        } else {
            std::vector<xl_ls::Field> f;
            for (unsigned i = 0; i < kNumFields; i++)
                f.push_back({fname[i].c_str(), ev[i], av[i]});
            xl_ls::print_fields(stdout, f);
        }
        print_history(stdout, hist);
    }
    dut.close();

    if (status != 0) {
        std::string vcd = o.wave_dir + "/xl_walk_path-" + d.name + "-" + mlabel + "-seed" +
                          std::to_string(o.seed) + ".vcd";
        xl_ls::report_failure(repro_args(argv0, o, done, vcd), argv0, o, vcd);
        xl_walk_path_out_free(&exp);
        xl_walk_path_free(&ref);
        return 1;
    }

    uint64_t ran = done;
    double rate = dt > 0 ? (double)ran / dt : 0.0;
    if (o.rtl_only) {
        std::printf("PASS block=xl_walk_path params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                    " time=%.2fs rate=%.0f cycles/s (RTL only, nothing compared)\n",
                    d.name, mlabel.c_str(), o.seed, ran, dt, rate);
        xl_walk_path_out_free(&exp);
        xl_walk_path_free(&ref);
        return 0;
    }
    std::printf("C twin: walks %" PRIu64 ", reads L4/L3/L2/L1 %" PRIu64 "/%" PRIu64 "/%" PRIu64
                "/%" PRIu64 ", coalesced %" PRIu64 ", resumed %" PRIu64 ", cl_stalls %" PRIu64
                ", faults %" PRIu64 ", dispatches by rule imm/aging/batch/minscore/fcfs/random "
                "%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "\n",
                ref.walks, ref.reads[4], ref.reads[3], ref.reads[2], ref.reads[1], ref.coalesced,
                ref.resumed, ref.cl_stalls, ref.faults, ref.ws.dispatched[1],
                ref.ws.dispatched[2], ref.ws.dispatched[3], ref.ws.dispatched[4],
                ref.ws.dispatched[5], ref.ws.dispatched[6]);
    if (replay)
        std::printf("replay: %" PRIu64 " trace lines (%" PRIu64 " arrivals, %" PRIu64
                    " responses) over %" PRIu64 " %s; the C twin reproduced every recorded "
                    "digest\n",
                    digests, replay_arr, replay_rsp, ran,
                    o.replay_listed ? "steps (listed cycles only)" : "cycles");
    unsigned low = xl_ls::print_coverage(stdout, bins);
    xl_walk_path_out_free(&exp);
    xl_walk_path_free(&ref);
    if (low != 0) {
        std::printf("FAIL block=xl_walk_path params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                    ": %u coverage bin(s) below the minimum %" PRIu64 "\n",
                    d.name, mlabel.c_str(), o.seed, ran, low, cov_min);
        return 1;
    }
    std::printf("PASS block=xl_walk_path params=%s mode=%s seed=%" PRIu64 " cycles=%" PRIu64
                " compared=%u fields/cycle time=%.2fs rate=%.0f cycles/s\n",
                d.name, mlabel.c_str(), o.seed, ran, (unsigned)kNumFields, dt, rate);
    return 0;
}

Opts parse(int argc, char **argv)
{
    Opts o;
    bool mode_given = false;
    xl_ls::parse_args(kProg, argc, argv, o, usage, [&](xl_ls::ArgWalker &a) {
        if (a.is("--list")) {
            a.no_value();
            for (const Desc &d : kModels)
                std::printf("%-20s slots %u walkers %u policy %s coalesce %s aging %u lfsr 0x%x "
                            "pwc %u/%u,%u/%u,%u/%u pwc_latency %u tag %u stats %u\n",
                            d.name, d.slots, d.walkers, kPolicyName[d.policy],
                            kCoalName[d.coalesce], d.aging, d.lfsr, d.e4, d.w4, d.e3, d.w3, d.e2,
                            d.w2, d.pwc_latency, d.tagw, d.statw);
            std::exit(0);
        } else if (a.is("--params")) {
            o.params = a.value();
        } else if (a.is("--mode")) {
            o.mode = a.choice("mode", {"random", "pressure", "replay"});
            mode_given = true;
        } else if (a.is("--replay")) {
            o.replay = a.value();
            if (o.replay.empty())
                xl_ls::usage_error(kProg, "--replay: empty file name");
        } else if (a.is("--replay-listed")) {
            a.no_value();
            o.replay_listed = true;
        } else if (a.is("--mem-latency")) {
            o.mem_latency = a.u64(1, 100000);
        } else if (a.is("--state-every")) {
            o.state_every = a.u64(0, UINT64_MAX);
        } else if (a.is("--sched-every")) {
            o.sched_every = a.u64(0, UINT64_MAX);
        } else if (a.is("--coal-every")) {
            o.coal_every = a.u64(0, UINT64_MAX);
        } else if (a.is("--pwc-every")) {
            o.pwc_every = a.u64(0, UINT64_MAX);
        } else {
            return false;
        }
        return true;
    });
    bool known = false;
    for (const Desc &d : kModels)
        known = known || o.params == d.name;
    if (!known) {
        std::string names;
        for (const Desc &d : kModels)
            names += std::string(names.empty() ? "" : "|") + d.name;
        xl_ls::usage_error(kProg, "--params: no parameter set '%s' in this build (%s)",
                           o.params.c_str(), names.c_str());
    }
    if (!o.replay.empty()) {
        if (mode_given && o.mode != "replay")
            xl_ls::usage_error(kProg, "--replay FILE and --mode %s exclude each other",
                               o.mode.c_str());
        o.mode = "replay";
    } else if (o.mode == "replay") {
        xl_ls::usage_error(kProg, "--mode replay needs --replay FILE");
    }
    if (o.replay_listed && o.mode != "replay")
        xl_ls::usage_error(kProg, "--replay-listed needs --replay FILE");
    if (o.mode == "replay" && o.mem_latency)
        xl_ls::usage_error(kProg, "--mem-latency has no effect on a replay (the trace has the "
                                  "responses)");
    // The length of a replay is the trace's unless --cycles is given. --inject-field may
    // also name a state item, which must be compared at the --inject-fault cycle.
    std::vector<std::string> names = field_names();
    names.insert(names.end(), std::begin(kSchedItems), std::end(kSchedItems));
    names.insert(names.end(), std::begin(kCoalItems), std::end(kCoalItems));
    for (const char *const *n = xl_ls::PwcState::inject_names(); *n != nullptr; n++)
        names.push_back(*n);
    xl_ls::check_common(kProg, o, names, o.cycles_given);
    if (o.inject) {
        const std::string &f = o.inject_field;
        uint64_t every = f.rfind("pwc_", 0) == 0    ? o.pwc_every
                         : f.rfind("coal_", 0) == 0 ? o.coal_every
                         : std::find(kSchedItems, kSchedItems + 7, f) != kSchedItems + 7
                             ? o.sched_every   // the per-slot items; the globals every cycle
                             : 1;
        if (every == 0 || o.inject_cycle % every != 0)
            xl_ls::usage_error(kProg, "--inject-field %s: that state is not compared at cycle %"
                               PRIu64, f.c_str(), o.inject_cycle);
    }
    if (o.rtl_only && o.mode == "replay")
        xl_ls::usage_error(kProg, "--rtl-only needs the C twin's answers for a replay check; "
                                  "use --mode random or pressure");
    return o;
}

}  // namespace

int main(int argc, char **argv)
{
    Opts o = parse(argc, argv);
#define XL_RUN(prefix, set_name, ...)       \
    if (o.params == set_name)                \
        for (const Desc &d : kModels)        \
            if (o.params == d.name)          \
                return run<prefix>(o, d, argv[0]);
    XL_WALK_PATH_MODELS(XL_RUN)
#undef XL_RUN
    return 2;
}
