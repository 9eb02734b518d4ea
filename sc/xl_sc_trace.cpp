// xl_sc_trace.cpp - reads an IOMMU-boundary trace for the SystemC platform (xl_sc_trace.h;
// model/README.md "IOMMU-boundary trace"). The line parser is the one the RTL lockstep
// and the trace fuzzer use (tests/lockstep/xl_trace.h).
#include "xl_sc/xl_sc_trace.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>

extern "C" {
#include "xl_trace.h"
#include "xlat/walk_sched.h"
}

namespace {

// "key=value" words of the P line into the walk path's parameters.
bool parse_params(const std::string &text, xl_walk_path_params_t &p, uint16_t &asid,
                  std::string &why)
{
    std::memset(&p, 0, sizeof p);
    p.pwc_latency = 1;
    std::istringstream in(text);
    std::string w;
    unsigned seen = 0;
    while (in >> w) {
        size_t eq = w.find('=');
        if (eq == std::string::npos) {
            why = "P line: '" + w + "' is not key=value";
            return false;
        }
        std::string k = w.substr(0, eq), v = w.substr(eq + 1);
        char *end = nullptr;
        errno = 0;
        unsigned long long n = std::strtoull(v.c_str(), &end, 0);
        bool num = !v.empty() && *end == '\0' && errno == 0 && n <= 0xFFFFFFFFull;
        auto need = [&](bool ok) {
            if (!ok)
                why = "P line: bad value '" + v + "' of " + k;
            return ok;
        };
        if (k == "slots") {
            if (!need(num && n > 0)) return false;
            p.slots = (uint32_t)n;
        } else if (k == "walkers") {
            if (!need(num && n > 0 && n <= 64)) return false;
            p.walkers = (uint32_t)n;
        } else if (k == "policy") {
            if (v == "fcfs") p.policy = XL_WS_FCFS;
            else if (v == "random") p.policy = XL_WS_RANDOM;
            else if (v == "simt") p.policy = XL_WS_SIMT;
            else return need(false);
        } else if (k == "coalesce") {
            if (v == "off") p.coalesce = XL_CO_OFF;
            else if (v == "leaf") p.coalesce = XL_CO_LEAF;
            else if (v == "upper") p.coalesce = XL_CO_UPPER;
            else if (v == "both") p.coalesce = XL_CO_BOTH;
            else return need(false);
        } else if (k == "aging") {
            if (!need(num)) return false;
            p.aging_threshold = (uint32_t)n;
        } else if (k == "lfsr") {
            if (!need(num)) return false;
            p.lfsr_seed = (uint32_t)n;
        } else if (k == "pwc") {
            unsigned e[3], wy[3];
            char tail;
            if (std::sscanf(v.c_str(), "%u/%u,%u/%u,%u/%u%c", &e[0], &wy[0], &e[1], &wy[1], &e[2],
                            &wy[2], &tail) != 6)
                return need(false);
            for (int i = 0; i < 3; i++) {
                p.pwc.entries[i] = e[i];
                p.pwc.ways[i] = wy[i];
            }
        } else if (k == "pwc_latency") {
            if (!need(num && n >= 1 && n <= 255)) return false;
            p.pwc_latency = (uint32_t)n;
        } else if (k == "pick_pipe") {
            if (!need(num && n <= 2)) return false;
            p.pick_pipe = (uint32_t)n;
        } else if (k == "scan_pipe") {
            if (!need(num && n <= 1)) return false;
            p.scan_pipe = (uint32_t)n;
        } else if (k == "asid") {
            if (!need(num && n < XL_WP_ASIDS)) return false;
            asid = (uint16_t)n;
        } else {
            why = "P line: unknown key '" + k + "'";
            return false;
        }
        seen++;
    }
    if (p.slots == 0 || p.walkers == 0 || p.pwc.entries[0] == 0) {
        why = "P line: slots, walkers and pwc are required";
        return false;
    }
    return true;
}

struct File {
    FILE *f;
    ~File()
    {
        if (f != nullptr)
            std::fclose(f);
    }
};

}  // namespace

bool xl_sc_trace::line(uint64_t addr, uint64_t out[8]) const
{
    auto it = lines.find(addr & ~UINT64_C(63));
    if (it == lines.end())
        return false;
    std::memcpy(out, it->second.data(), 64);
    return true;
}

bool xl_sc_trace::load(const std::string &path, std::string &err)
{
    File fh{std::fopen(path.c_str(), "r")};
    if (fh.f == nullptr) {
        err = path + ": cannot read: " + std::strerror(errno);
        return false;
    }
    char buf[1024], why[160];
    unsigned long lineno = 0;
    auto bad = [&](const std::string &w) {
        err = path + ":" + std::to_string(lineno) + ": " + w;
        return false;
    };
    auto next = [&]() {
        while (std::fgets(buf, sizeof buf, fh.f) != nullptr) {
            lineno++;
            if (std::strchr(buf, '\n') == nullptr && !std::feof(fh.f)) {
                err = "line too long";
                return -1;
            }
            if (buf[0] != '#' && buf[0] != '\n')
                return 1;
        }
        return 0;
    };
    int r = next();
    if (r < 0)
        return bad(err);
    if (r == 0)
        return bad("no P line (not an IOMMU-boundary trace)");
    xl_trace_p_t tp;
    if (!xl_trace_parse_p(buf, &tp, why, sizeof why))
        return bad(why);
    params = tp.params;
    root = tp.root;
    std::string w;
    if (!parse_params(params, p, asid, w))
        return bad(w);

    xl_walk_path_t m;
    xl_walk_path_out_t o;
    char e[256] = "";
    if (xl_walk_path_init(&m, &p, e, sizeof e) != 0)
        return bad(std::string("P line: ") + e);
    std::unique_ptr<xl_walk_path_t, void (*)(xl_walk_path_t *)> mg(&m, xl_walk_path_free);
    if (xl_walk_path_out_init(&o, &m) != 0)
        return bad("out of memory");
    std::unique_ptr<xl_walk_path_out_t, void (*)(xl_walk_path_out_t *)> og(&o,
                                                                          xl_walk_path_out_free);
    xl_walk_path_reset(&m);
    xl_pa_t roots[XL_WP_ASIDS] = {0};
    roots[asid] = root;

    bool pending = false;
    uint32_t pending_tag = 0;
    uint64_t prev = 0;
    while ((r = next()) > 0) {
        xl_trace_c_t c;
        if (!xl_trace_parse_c(buf, &c, XL_VA_MASK, XL_WS_INSTR_MASK, why, sizeof why))
            return bad(why);
        if (cycles > 0 && c.cycle <= prev)
            return bad("cycles must increase");
        if (c.in[4] && c.in[5] >= p.walkers)
            return bad("rsp_walker beyond the P line's walkers");
        prev = c.cycle;
        if (cycles++ == 0)
            first_cycle = c.cycle;
        last_cycle = c.cycle;
        xl_walk_path_in_t in;
        std::memset(&in, 0, sizeof in);
        in.arr_valid = (uint8_t)c.in[0];
        in.arr_va = c.in[1];
        in.arr_instr_id = (uint32_t)c.in[2];
        in.arr_tag = (uint32_t)c.in[3];
        in.arr_asid = asid;
        in.root = roots;
        in.mem_req_ready = 1;
        in.rsp_valid = (uint8_t)c.in[4];
        in.rsp_walker = (uint32_t)c.in[5];
        for (int i = 0; i < 8; i++)
            in.rsp_line[i] = c.in[6 + i];
        if (in.rsp_valid) {
            if (m.wk[in.rsp_walker].state != XL_WK_WAIT)
                return bad("a response for a walker that waits for none");
            std::array<uint64_t, 8> l;
            std::memcpy(l.data(), in.rsp_line, 64);
            lines[xl_walk_path_walker_line(&m, in.rsp_walker) & ~UINT64_C(63)] = l;
        }
        if (in.arr_valid && !(pending && in.arr_tag == pending_tag)) {
            reqs.push_back(Req{c.cycle, in.arr_va, in.arr_instr_id});
            pending = true;
            pending_tag = in.arr_tag;
        }
        xl_walk_path_comb(&m, &in, &o);
        unsigned lanes = 0;
        for (unsigned i = 0; i < 8; i++)
            lanes |= (unsigned)(o.cpl_valid[i] & 1u) << i;
        if (o.arr_ready != c.out[0] || o.disp_valid != c.out[1] ||
            (o.disp_valid && (o.disp_walker != c.out[2] || o.ws.disp_slot != c.out[3])) ||
            o.mem_req_valid != c.out[4] || (o.mem_req_valid && o.mem_req_addr != c.out[5]) ||
            lanes != c.out[6])
            return bad("the C twin does not reproduce the recorded digest (a trace of other "
                       "parameters, or damaged)");
        if (in.arr_valid && o.arr_ready)
            pending = false;
        xl_walk_path_commit(&m, &in, &o);
    }
    if (r < 0)
        return bad(err);
    if (reqs.empty())
        return bad("no arrival in the trace");
    return true;
}
