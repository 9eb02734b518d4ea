// sc/examples/one_translation.cpp - README "Using xlat in SystemC": one wavefront's
// translation through the C twin's TLM target (docs/systemc.md); tests/systemc checks it.
#include "xl_sc/xl_sc_mem.h"
#include "xl_sc/xl_sc_walk_path_c.h"   // or xl_sc_walk_path_rtl.h: the same sockets
extern "C" {
#include "xlat/addrspace.h"
}
#include <cstdio>
using namespace sc_core;

struct Gpu : sc_module {   // asks for the frame of one virtual address, loosely timed
    tlm_utils::simple_initiator_socket<Gpu> sock{"sock"};
    SC_HAS_PROCESS(Gpu);
    explicit Gpu(sc_module_name n) : sc_module(n) { SC_THREAD(run); }
    void run() {
        tlm::tlm_generic_payload t; xl_sc_tlm_ext e; unsigned char pa[8]; sc_time d;
        e.asid = 1; e.instr_id = 7; e.wavefront = 3;   // what a generic payload lacks
        t.set_command(tlm::TLM_READ_COMMAND); t.set_address(0x40003123);
        t.set_data_ptr(pa); t.set_data_length(8); t.set_streaming_width(8); t.set_extension(&e);
        sock->b_transport(t, d);   // returns translated: frame 0x8000, 4 reads, cycle 93
        std::printf("frame 0x%llx, %u reads, done in cycle %llu\n", (unsigned long long)e.frame,
                    e.reads, (unsigned long long)e.cycle_done);
        t.clear_extension(&e);
    }
};
int sc_main(int, char **) {
    char err[256]; xl_as_t as;   // a page table in simulated memory mapping 64 KB at 1 GB
    xl_physmem_t *pm = xl_physmem_create(64 << 20, XL_ALLOC_SEQUENTIAL, 1, err, sizeof err);
    xl_as_init(&as, pm, 1, err, sizeof err);
    xl_as_map_region(&as, 0x40000000, 64 << 10, 12, err, sizeof err);
    sc_clock clk("clk", sc_time(1, SC_NS), 0.5, SC_ZERO_TIME, true);
    xl_walk_path_params_t p = {};   // 32 slots, 4 walkers, SIMT-aware, coalescing both
    p.slots = 32; p.walkers = 4; p.policy = XL_WS_SIMT; p.aging_threshold = 24; p.lfsr_seed = 1;
    p.coalesce = XL_CO_BOTH; p.pwc = {{2, 4, 8}, {2, 2, 4}}; p.pwc_latency = 1;
    xl_sc_walk_path_c iommu("iommu", p, 10, xl_sc_iommu::opts());
    xl_sc_mem mem("mem", [pm](uint64_t a, uint64_t l[8]) { xl_physmem_read_line(pm, a, l); return true; },
                  sc_time(20, SC_NS));   // the platform's memory serves page-table reads
    Gpu gpu("gpu");
    std::string why;
    iommu.set_root(1, as.root, why);
    iommu.clk(clk); iommu.mem.bind(mem.tgt); gpu.sock.bind(iommu.tgt);
    sc_start(sc_time(1, SC_US));
    return 0;
}
