// xl_sc_walk_path_rtl.cpp - the Verilated walk path behind the TLM sockets: its signals and
// the transactor (xl_sc_walk_path_rtl.h; docs/systemc.md "The RTL body").
#include "xl_sc/xl_sc_walk_path_rtl.h"

#include <cstring>
#include <sstream>

#include "Vxl_sc_wp.h"
#include "xl_sc_rtl_params.h"

using namespace sc_core;

namespace {

// The signal type of a Verilated port (bool, uint32_t, uint64_t or sc_bv<N>, by width).
template <class Port>
using sig_of = sc_signal<typename std::remove_reference<Port>::type::data_type>;

inline uint64_t mask(unsigned w) { return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1u; }

template <class T>
uint64_t field(const T &v, unsigned lo, unsigned w)
{
    return lo >= 64 ? 0u : ((uint64_t)v >> lo) & mask(w);
}
template <int N>
uint64_t field(const sc_dt::sc_bv<N> &v, unsigned lo, unsigned w)
{
    return v.range((int)(lo + w - 1), (int)lo).to_uint64();
}

}  // namespace

#define XL_SIG(port) sig_of<decltype(Vxl_sc_wp::port)> port
struct xl_sc_walk_path_rtl::Sigs {
    XL_SIG(rst_ni);
    XL_SIG(arr_valid_i);
    XL_SIG(arr_va_i);
    XL_SIG(arr_instr_id_i);
    XL_SIG(arr_tag_i);
    XL_SIG(arr_ready_o);
    XL_SIG(arr_est_o);
    XL_SIG(root_i);
    XL_SIG(mem_req_valid_o);
    XL_SIG(mem_req_ready_i);
    XL_SIG(mem_req_walker_o);
    XL_SIG(mem_req_level_o);
    XL_SIG(mem_req_addr_o);
    XL_SIG(rsp_valid_i);
    XL_SIG(rsp_walker_i);
    XL_SIG(rsp_line_i);
    XL_SIG(cpl_valid_o);
    XL_SIG(cpl_tag_o);
    XL_SIG(cpl_frame_o);
    XL_SIG(cpl_shift_o);
    XL_SIG(cpl_coalesced_o);
    XL_SIG(cpl_reads_o);
    XL_SIG(disp_valid_o);
    XL_SIG(disp_walker_o);
    XL_SIG(disp_rule_o);
    XL_SIG(disp_slot_o);
    XL_SIG(disp_tag_o);
    XL_SIG(disp_level_o);
    XL_SIG(disp_node_o);
    XL_SIG(disp_resumed_o);
    XL_SIG(arr_buffered_o);
    XL_SIG(arr_slot_o);
    XL_SIG(arr_score_o);
    XL_SIG(rsp_fault_o);
    XL_SIG(fill_valid_o);
    XL_SIG(stuck_o);
    XL_SIG(cnt_walks_o);
    XL_SIG(cnt_reads_l1_o);
    XL_SIG(cnt_reads_l2_o);
    XL_SIG(cnt_reads_l3_o);
    XL_SIG(cnt_reads_l4_o);
    XL_SIG(cnt_coalesced_o);
    XL_SIG(cnt_resumed_o);
    XL_SIG(cnt_cl_stalls_o);
    XL_SIG(cnt_faults_o);
};
#undef XL_SIG

xl_sc_walk_path_rtl::xl_sc_walk_path_rtl(sc_module_name n, const opts &o)
    : xl_sc_iommu(n, XL_SC_RTL_TAGW, XL_SC_RTL_WALKERS, o), s_(new Sigs)
{
    v_ = new Vxl_sc_wp("rtl");
    Sigs &s = *s_;
    v_->clk_i(clk);
#define XL_BIND(port) v_->port(s.port)
    XL_BIND(rst_ni);
    XL_BIND(arr_valid_i);
    XL_BIND(arr_va_i);
    XL_BIND(arr_instr_id_i);
    XL_BIND(arr_tag_i);
    XL_BIND(arr_ready_o);
    XL_BIND(arr_est_o);
    XL_BIND(root_i);
    XL_BIND(mem_req_valid_o);
    XL_BIND(mem_req_ready_i);
    XL_BIND(mem_req_walker_o);
    XL_BIND(mem_req_level_o);
    XL_BIND(mem_req_addr_o);
    XL_BIND(rsp_valid_i);
    XL_BIND(rsp_walker_i);
    XL_BIND(rsp_line_i);
    XL_BIND(cpl_valid_o);
    XL_BIND(cpl_tag_o);
    XL_BIND(cpl_frame_o);
    XL_BIND(cpl_shift_o);
    XL_BIND(cpl_coalesced_o);
    XL_BIND(cpl_reads_o);
    XL_BIND(disp_valid_o);
    XL_BIND(disp_walker_o);
    XL_BIND(disp_rule_o);
    XL_BIND(disp_slot_o);
    XL_BIND(disp_tag_o);
    XL_BIND(disp_level_o);
    XL_BIND(disp_node_o);
    XL_BIND(disp_resumed_o);
    XL_BIND(arr_buffered_o);
    XL_BIND(arr_slot_o);
    XL_BIND(arr_score_o);
    XL_BIND(rsp_fault_o);
    XL_BIND(fill_valid_o);
    XL_BIND(stuck_o);
    XL_BIND(cnt_walks_o);
    XL_BIND(cnt_reads_l1_o);
    XL_BIND(cnt_reads_l2_o);
    XL_BIND(cnt_reads_l3_o);
    XL_BIND(cnt_reads_l4_o);
    XL_BIND(cnt_coalesced_o);
    XL_BIND(cnt_resumed_o);
    XL_BIND(cnt_cl_stalls_o);
    XL_BIND(cnt_faults_o);
#undef XL_BIND
    s.rst_ni.write(false);
    s.mem_req_ready_i.write(true);
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
}

xl_sc_walk_path_rtl::~xl_sc_walk_path_rtl()
{
    delete v_;
    delete s_;
}

bool xl_sc_walk_path_rtl::set_root(uint16_t asid, uint64_t root, std::string &why)
{
    if (asid != XL_SC_RTL_ASID) {
        why = "the RTL has one address space, ASID " + std::to_string(XL_SC_RTL_ASID) +
              " (its parameter Asid)";
        return false;
    }
    s_->root_i.write(root & XL_PA_MASK);
    root_set_ = true;
    return true;
}

bool xl_sc_walk_path_rtl::asid_ok(uint16_t asid) const
{
    return root_set_ && asid == XL_SC_RTL_ASID;
}

void xl_sc_walk_path_rtl::tick()
{
    Sigs &s = *s_;
    uint64_t k = cycle_now();
    if (k >= 2) {
        xl_sc_wp_out go;
        go.arr_ready = s.arr_ready_o.read();
        go.disp_valid = s.disp_valid_o.read();
        go.disp_walker = (uint32_t)s.disp_walker_o.read();
        go.disp_tag = (uint32_t)s.disp_tag_o.read();
        go.mem_req_valid = s.mem_req_valid_o.read();
        go.mem_req_walker = (uint32_t)s.mem_req_walker_o.read();
        go.mem_req_level = (uint8_t)s.mem_req_level_o.read();
        go.mem_req_addr = s.mem_req_addr_o.read();
        go.rsp_fault = s.rsp_fault_o.read();
        go.stuck = s.stuck_o.read();
        go.cpl_valid = (uint8_t)s.cpl_valid_o.read();
        if (go.cpl_valid) {
            go.cpl_coalesced = (uint8_t)s.cpl_coalesced_o.read();
            const auto &tag = s.cpl_tag_o.read();
            const auto &frame = s.cpl_frame_o.read();
            const auto &shift = s.cpl_shift_o.read();
            const auto &reads = s.cpl_reads_o.read();
            for (unsigned i = 0; i < 8; i++) {
                if (!((go.cpl_valid >> i) & 1u))
                    continue;
                go.cpl_tag[i] = (uint32_t)field(tag, XL_SC_RTL_TAGW * i, XL_SC_RTL_TAGW);
                go.cpl_frame[i] = field(frame, 52u * i, 52);
                go.cpl_shift[i] = (uint8_t)field(shift, 5u * i, 5);
                go.cpl_reads[i] = (uint8_t)field(reads, 3u * i, 3);
            }
        }
        glue_outputs(k - 1, prev_in_, go);
    }
    if (k == 0)
        return;   // reset
    s.rst_ni.write(true);
    xl_sc_wp_in gi;
    glue_inputs(k, gi);
    s.arr_valid_i.write(gi.arr_valid);
    s.arr_va_i.write(gi.arr_va & XL_VA_MASK);
    s.arr_instr_id_i.write(gi.arr_instr_id);
    s.arr_tag_i.write(gi.arr_tag & (uint32_t)mask(XL_SC_RTL_TAGW));
    s.rsp_valid_i.write(gi.rsp_valid);
    if (gi.rsp_valid) {
        s.rsp_walker_i.write(gi.rsp_walker);
        sc_dt::sc_bv<512> line;
        for (int i = 0; i < 8; i++) {
            line.set_word(2 * i, (sc_dt::sc_digit)gi.rsp_line[i]);
            line.set_word(2 * i + 1, (sc_dt::sc_digit)(gi.rsp_line[i] >> 32));
        }
        s.rsp_line_i.write(line);
    }
    prev_in_ = gi;
}

xl_sc_wp_counters xl_sc_walk_path_rtl::counters() const
{
    const Sigs &s = *s_;
    xl_sc_wp_counters c;
    c.walks = s.cnt_walks_o.read();
    c.reads[1] = s.cnt_reads_l1_o.read();
    c.reads[2] = s.cnt_reads_l2_o.read();
    c.reads[3] = s.cnt_reads_l3_o.read();
    c.reads[4] = s.cnt_reads_l4_o.read();
    c.coalesced = s.cnt_coalesced_o.read();
    c.resumed = s.cnt_resumed_o.read();
    c.cl_stalls = s.cnt_cl_stalls_o.read();
    c.faults = s.cnt_faults_o.read();
    return c;
}

xl_walk_path_params_t xl_sc_walk_path_rtl::params()
{
    xl_walk_path_params_t p;
    std::memset(&p, 0, sizeof p);
    p.slots = XL_SC_RTL_SLOTS;
    p.walkers = XL_SC_RTL_WALKERS;
    p.policy = (xl_ws_policy_t)XL_SC_RTL_POLICY;
    p.aging_threshold = XL_SC_RTL_AGING;
    p.lfsr_seed = XL_SC_RTL_LFSR;
    p.coalesce = (xl_co_mode_t)XL_SC_RTL_COALESCE;
    p.pwc.entries[0] = XL_SC_RTL_E4;
    p.pwc.ways[0] = XL_SC_RTL_W4;
    p.pwc.entries[1] = XL_SC_RTL_E3;
    p.pwc.ways[1] = XL_SC_RTL_W3;
    p.pwc.entries[2] = XL_SC_RTL_E2;
    p.pwc.ways[2] = XL_SC_RTL_W2;
    p.pwc_latency = XL_SC_RTL_PWC_LATENCY;
    p.pick_pipe = XL_SC_RTL_PICK_PIPE;
    p.scan_pipe = XL_SC_RTL_SCAN_PIPE;
    return p;
}

const char *xl_sc_walk_path_rtl::params_name() { return XL_SC_RTL_NAME; }
unsigned xl_sc_walk_path_rtl::tag_bits() { return XL_SC_RTL_TAGW; }

const char *xl_sc_walk_path_rtl::mutant()
{
#ifdef XL_SC_RTL_MUTANT
    return XL_SC_RTL_MUTANT;
#else
    return nullptr;
#endif
}

std::string xl_sc_walk_path_rtl::p_line()
{
    static const char *const pol[] = {"fcfs", "random", "simt"};
    static const char *const co[] = {"off", "leaf", "upper", "both"};
    std::ostringstream s;
    s << "slots=" << XL_SC_RTL_SLOTS << " walkers=" << XL_SC_RTL_WALKERS
      << " policy=" << pol[XL_SC_RTL_POLICY] << " coalesce=" << co[XL_SC_RTL_COALESCE]
      << " aging=" << XL_SC_RTL_AGING << " lfsr=0x" << std::hex << XL_SC_RTL_LFSR << std::dec
      << " pwc=" << XL_SC_RTL_E4 << "/" << XL_SC_RTL_W4 << "," << XL_SC_RTL_E3 << "/"
      << XL_SC_RTL_W3 << "," << XL_SC_RTL_E2 << "/" << XL_SC_RTL_W2
      << " pwc_latency=" << XL_SC_RTL_PWC_LATENCY;
    if (XL_SC_RTL_PICK_PIPE)
        s << " pick_pipe=" << XL_SC_RTL_PICK_PIPE;
    if (XL_SC_RTL_SCAN_PIPE)
        s << " scan_pipe=" << XL_SC_RTL_SCAN_PIPE;
    s << " asid=" << XL_SC_RTL_ASID;
    return s.str();
}
