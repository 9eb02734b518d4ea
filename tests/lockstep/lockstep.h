// lockstep.h - shared pieces of xlat's Verilator lockstep harnesses (one C++ main per RTL
// block; docs/design.md "Verification stack" item 3; docs/rtl.md §1.10, §1.11):
// option parsing with exit status 2 on bad input, the options every harness has (CommonOpts:
// parsing, usage text, cross-checks), the Verilated side of a run (Dut: context, model,
// VCD), a field/expected/actual mismatch table, a ring buffer of recent cycles, C-side
// functional coverage bins with minimum counts, a wall clock for speed reports, and the
// reproduce line of a failure with its re-run that writes a waveform.
//
// Header-only so every block's harness is a single translation unit plus the C model files.
// A build without waveform support compiles it with -DVM_TRACE=0.
#ifndef XL_LOCKSTEP_H
#define XL_LOCKSTEP_H

#include <cinttypes>
#include <cstdarg>
#include <initializer_list>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef VM_TRACE
#error "build the harness with -DVM_TRACE=1 (waveforms) or -DVM_TRACE=0"
#endif
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif

extern char **environ;

namespace xl_ls {

// Bad command-line input (docs/design.md exit statuses): one line on stderr, exit status 2.
[[noreturn]] inline void usage_error(const char *prog, const char *fmt, ...)
{
    va_list ap;
    std::fprintf(stderr, "%s: error: ", prog);
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    std::fprintf(stderr, " (try --help)\n");
    std::exit(2);
}

// Unsigned decimal or 0x-hex, the whole string, no sign, no overflow.
inline bool parse_u64(const char *s, uint64_t *out)
{
    if (s == nullptr || *s == '\0' || *s == '-' || *s == '+' || *s == ' ')
        return false;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (*s == '\0')
            return false;
    }
    uint64_t v = 0;
    for (; *s != '\0'; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return false;
        if (d >= (unsigned)base || v > (UINT64_MAX - d) / (uint64_t)base)
            return false;
        v = v * (uint64_t)base + d;
    }
    *out = v;
    return true;
}

// Walks argv accepting "--name value" and "--name=value".
class ArgWalker {
public:
    ArgWalker(const char *prog, int argc, char **argv) : prog_(prog), argc_(argc), argv_(argv) {}
    bool next()
    {
        if (++i_ >= argc_)
            return false;
        cur_ = argv_[i_];
        inline_val_.clear();
        has_inline_ = false;
        const char *eq = std::strchr(cur_.c_str(), '=');
        if (cur_.rfind("--", 0) == 0 && eq != nullptr) {
            inline_val_ = eq + 1;
            has_inline_ = true;
            cur_.resize((size_t)(eq - cur_.c_str()));
        }
        return true;
    }
    const std::string &opt() const { return cur_; }
    bool is(const char *name) const { return cur_ == name; }
    // The option's value; a missing value is a usage error.
    const char *value()
    {
        if (has_inline_)
            return inline_val_.c_str();
        if (i_ + 1 >= argc_)
            usage_error(prog_, "option %s needs a value", cur_.c_str());
        return argv_[++i_];
    }
    uint64_t u64(uint64_t lo, uint64_t hi)
    {
        std::string name = cur_;
        const char *v = value();
        uint64_t x;
        if (!parse_u64(v, &x))
            usage_error(prog_, "option %s: '%s' is not an unsigned integer", name.c_str(), v);
        if (x < lo || x > hi)
            usage_error(prog_, "option %s: %s is outside %" PRIu64 "..%" PRIu64, name.c_str(), v,
                        lo, hi);
        return x;
    }
    void no_value() const
    {
        if (has_inline_)
            usage_error(prog_, "option %s takes no value", cur_.c_str());
    }
    // The option's value, one of `allowed`; `what` names it in the error ("unknown mode").
    std::string choice(const char *what, std::initializer_list<const char *> allowed)
    {
        std::string name = cur_;
        std::string v = value(), all;
        for (const char *x : allowed) {
            if (v == x)
                return v;
            all += std::string(all.empty() ? "" : "|") + x;
        }
        usage_error(prog_, "%s: unknown %s '%s' (%s)", name.c_str(), what, v.c_str(), all.c_str());
    }

private:
    const char *prog_;
    int argc_;
    char **argv_;
    int i_ = 0;
    std::string cur_, inline_val_;
    bool has_inline_ = false;
};

// The options of every harness (tests/lockstep/README.md); a harness's Opts derives from it
// and passes the defaults that differ: the field --inject-field names by default and the
// directory of the re-run's VCD.
struct CommonOpts {
    CommonOpts(const char *field, const char *waves) : inject_field(field), wave_dir(waves) {}
    uint64_t seed = 1;
    uint64_t cycles = 100000;
    bool cycles_given = false;
    std::string trace;             // VCD file ("" = none)
    uint64_t trace_from = 0;
    bool inject = false;
    uint64_t inject_cycle = 0;
    std::string inject_field;      // default: the harness's
    bool inject_field_given = false;
    uint64_t cov_min = 10;
    bool cov_min_given = false;
    bool rerun = true;
    std::string wave_dir;          // default: the harness's
    bool rtl_only = false;
};

// The usage lines of the common options (d holds the harness's defaults) and of the exit
// status; also1 and also2 add a harness's own causes of exit status 1 and 2.
inline void usage_common(FILE *f, const CommonOpts &d, const char *also1 = "",
                         const char *also2 = "")
{
    std::fprintf(f,
        "  --seed N            stimulus seed (default 1); also seeds Verilator's random init\n"
        "  --cycles N          cycles to simulate (default %" PRIu64 ")\n"
        "  --trace FILE        write a VCD of the run (from --trace-from on)\n"
        "  --trace-from C      first traced cycle (default 0)\n"
        "  --inject-fault C    self-test: corrupt one C-side expected output at cycle C; the\n"
        "                      run must then fail\n"
        "  --inject-field F    which output to corrupt (default %s; any compared field)\n"
        "  --cov-min N         minimum count of every coverage bin (default %" PRIu64
        "; 0 = no check)\n"
        "  --wave-dir DIR      where a mismatch's re-run writes its VCD\n"
        "                      (default %s)\n"
        "  --no-rerun          on a mismatch, do not re-run to write a VCD\n"
        "  --rtl-only          drive the RTL alone (speed measurement; nothing is compared)\n"
        "exit status: 0 pass, 1 mismatch / RTL assertion / coverage below minimum%s, 2 bad "
        "option%s\n",
        d.cycles, d.inject_field.c_str(), d.cov_min, d.wave_dir.c_str(), also1, also2);
}

// Consumes the current option of `a` if it is a common one; false for any other option.
inline bool parse_common(const char *prog, ArgWalker &a, CommonOpts &o)
{
    if (a.is("--seed")) {
        o.seed = a.u64(0, UINT64_MAX);
    } else if (a.is("--cycles")) {
        o.cycles = a.u64(1, UINT64_C(1000000000000));
        o.cycles_given = true;
    } else if (a.is("--trace")) {
        o.trace = a.value();
        if (o.trace.empty())
            usage_error(prog, "--trace: empty file name");
#if !VM_TRACE
        usage_error(prog, "--trace: this (mutant) build has no waveform support");
#endif
    } else if (a.is("--trace-from")) {
        o.trace_from = a.u64(0, UINT64_MAX);
    } else if (a.is("--inject-fault")) {
        o.inject = true;
        o.inject_cycle = a.u64(0, UINT64_MAX);
    } else if (a.is("--inject-field")) {
        o.inject_field = a.value();
        o.inject_field_given = true;
    } else if (a.is("--cov-min")) {
        o.cov_min = a.u64(0, UINT64_MAX);
        o.cov_min_given = true;
    } else if (a.is("--wave-dir")) {
        o.wave_dir = a.value();
        if (o.wave_dir.empty())
            usage_error(prog, "--wave-dir: empty directory name");
    } else if (a.is("--no-rerun")) {
        a.no_value();
        o.rerun = false;
    } else if (a.is("--rtl-only")) {
        a.no_value();
        o.rtl_only = true;
    } else {
        return false;
    }
    return true;
}

// Walks argv: --help and -h print `usage` and exit 0, the common options go to o, and every
// other option to own(a) (the harness's options), which returns false for an unknown one.
template <class Own>
void parse_args(const char *prog, int argc, char **argv, CommonOpts &o, void (*usage)(FILE *),
                Own own)
{
    ArgWalker a(prog, argc, argv);
    while (a.next()) {
        if (a.is("--help") || a.is("-h")) {
            usage(stdout);
            std::exit(0);
        }
        if (!parse_common(prog, a, o) && !own(a))
            usage_error(prog, "unknown option '%s'", a.opt().c_str());
    }
}

// The checks across the common options: a fault injected below --cycles (when the run's
// length is known here), into a compared field (`fields`), not with --rtl-only; a trace
// that starts below --cycles.
inline void check_common(const char *prog, const CommonOpts &o,
                         const std::vector<std::string> &fields, bool cycles_known = true)
{
    if (o.inject && cycles_known && o.inject_cycle >= o.cycles)
        usage_error(prog, "--inject-fault %" PRIu64 " is not below --cycles %" PRIu64,
                    o.inject_cycle, o.cycles);
    if (o.inject_field_given && !o.inject)
        usage_error(prog, "--inject-field needs --inject-fault");
    if (o.inject) {
        bool known = false;
        for (const std::string &n : fields)
            known = known || n == o.inject_field;
        if (!known)
            usage_error(prog, "--inject-field: no compared field is called '%s'",
                        o.inject_field.c_str());
    }
    if (!o.trace.empty() && cycles_known && o.trace_from >= o.cycles)
        usage_error(prog, "--trace-from %" PRIu64 " is not below --cycles %" PRIu64,
                    o.trace_from, o.cycles);
    if (o.rtl_only && o.inject)
        usage_error(prog, "--rtl-only compares nothing, so --inject-fault cannot work");
}

// One compared field: name, expected (C twin), actual (RTL).
struct Field {
    const char *name;
    uint64_t exp;
    uint64_t act;
};

// Prints the field table, marking the differing rows; returns how many differ.
inline unsigned print_fields(FILE *f, const std::vector<Field> &fs)
{
    unsigned bad = 0;
    std::fprintf(f, "  %-26s %-20s %-20s\n", "field", "expected (C)", "actual (RTL)");
    for (const Field &x : fs) {
        bool diff = x.exp != x.act;
        bad += diff ? 1u : 0u;
        std::fprintf(f, "  %-26s 0x%-18" PRIx64 " 0x%-18" PRIx64 "%s\n", x.name, x.exp, x.act,
                     diff ? "  <-- differs" : "");
    }
    return bad;
}

// Fixed-size ring of the last N records.
template <class T, unsigned N>
class Ring {
public:
    void push(const T &x)
    {
        buf_[head_] = x;
        head_ = (head_ + 1u) % N;
        if (count_ < N)
            count_++;
    }
    unsigned size() const { return count_; }
    // i = 0 is the oldest kept record.
    const T &at(unsigned i) const { return buf_[(head_ + N - count_ + i) % N]; }

private:
    T buf_[N];
    unsigned head_ = 0, count_ = 0;
};

// A functional coverage bin counted in C. min = 0 marks an informational bin.
struct CovBin {
    const char *name;
    const char *what;
    uint64_t count;
    uint64_t min;
};

// Prints every bin; returns the number of bins below their minimum.
inline unsigned print_coverage(FILE *f, const std::vector<CovBin> &bins)
{
    unsigned low = 0;
    std::fprintf(f, "coverage (bin, count, minimum):\n");
    for (const CovBin &b : bins) {
        bool ok = b.count >= b.min;
        low += ok ? 0u : 1u;
        if (b.min == 0)
            std::fprintf(f, "  %-24s %12" PRIu64 "  (info)     %s\n", b.name, b.count, b.what);
        else
            std::fprintf(f, "  %-24s %12" PRIu64 "  >= %-6" PRIu64 " %s%s\n", b.name, b.count,
                         b.min, b.what, ok ? "" : "   <-- BELOW MINIMUM");
    }
    return low;
}

inline double now_s()
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

// Runs argv (argv[0] is the program) with stdout and stderr sent to /dev/null; returns the
// exit status, or -1 if it could not run or did not exit normally.
inline int run_quiet(const std::vector<std::string> &args)
{
    std::vector<char *> av;
    for (const std::string &a : args)
        av.push_back(const_cast<char *>(a.c_str()));
    av.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int rc = posix_spawn(&pid, av[0], &fa, nullptr, av.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int st = 0;
    if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

inline std::string join(const std::vector<std::string> &args)
{
    std::string s;
    for (const std::string &a : args) {
        if (!s.empty())
            s += ' ';
        s += a;
    }
    return s;
}

// mkdir -p: every directory on the way to `dir` (errors show up when the file is opened).
inline void mkdir_p(const std::string &dir)
{
    std::string cur;
    for (size_t i = 0; i <= dir.size(); i++) {
        if ((i == dir.size() || dir[i] == '/') && !cur.empty())
            mkdir(cur.c_str(), 0777);
        if (i < dir.size())
            cur += dir[i];
    }
}

// This binary's own path, so a re-run does not depend on PATH or the working directory.
inline std::string self_path(const char *argv0)
{
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) {
        buf[n] = '\0';
        return buf;
    }
    return argv0;
}

// Re-runs a failing command (`args`, the printed reproduce line, which writes the VCD `vcd`
// under `wave_dir`) and says whether it failed again, so the waveform shows the failure.
inline void rerun_with_wave(std::vector<std::string> args, const char *argv0,
                            const std::string &wave_dir, const std::string &vcd)
{
    mkdir_p(wave_dir);
    args[0] = self_path(argv0);
    args.push_back("--no-rerun");
    int rc = run_quiet(args);
    if (rc == 1)
        std::printf("waveform: %s (re-run reproduced the failure)\n", vcd.c_str());
    else
        std::printf("waveform: re-run did not reproduce the failure (exit %d): "
                    "nondeterminism?\n", rc);
}

// The Verilator context of every harness: flops without a reset start random (randReset 2,
// with --x-initial unique), seeded from the stimulus seed so a run is repeatable; an RTL
// assertion is reported by the harness instead of ending the process.
template <class Ctx> void init_context(Ctx &ctx, uint64_t seed, bool trace)
{
    ctx.randReset(2);
    ctx.randSeed((int)(seed % INT32_C(2147483646)) + 1);
    ctx.fatalOnError(false);
    if (trace)
        ctx.traceEverOn(true);
}

// A VCD of model m written to path (its directory created); nullptr after one line on
// stderr if the file cannot be written.
template <class Vcd, class M> Vcd *open_vcd(M *m, const std::string &path, const char *prog)
{
    Vcd *t = new Vcd;
    m->trace(t, 99);
    size_t slash = path.rfind('/');
    if (slash != std::string::npos)
        mkdir_p(path.substr(0, slash));
    t->open(path.c_str());
    if (!t->isOpen()) {
        std::fprintf(stderr, "%s: error: cannot write %s\n", prog, path.c_str());
        delete t;
        return nullptr;
    }
    return t;
}

// The reset at the start of a run, with the inputs already driven: rst_ni starts high so the
// asynchronous reset sees a falling edge (docs/rtl.md §1.10 bug 1), two
// clocks while low, release while the clock is low.
template <class M> void initial_reset(M *m)
{
    m->clk_i = 0;
    m->rst_ni = 1;
    m->eval();
    m->rst_ni = 0;
    m->eval();
    for (int i = 0; i < 2; i++) {
        m->clk_i = 1;
        m->eval();
        m->clk_i = 0;
        m->eval();
    }
    m->rst_ni = 1;
    m->eval();
}

// The Verilated side of a run: its context (init_context), the model, and the VCD that
// --trace asks for (open_vcd; none in a build without waveform support). open() also resets
// the model with its inputs idle (initial_reset); the harness then drives dut.m and calls
// eval(cycle) for each evaluation (a VCD sample); close() (or the destructor) closes the VCD
// and ends the model.
template <class M> class Dut {
public:
    VerilatedContext ctx;
    M *m = nullptr;

    Dut() = default;
    Dut(const Dut &) = delete;
    Dut &operator=(const Dut &) = delete;
    ~Dut() { close(); }

    // Creates the model `name` and resets it after `idle(m)` has driven its inputs; nullptr
    // after one line on stderr if the VCD cannot be written.
    template <class Idle> M *open(const char *name, const CommonOpts &o, const char *prog,
                                  Idle idle)
    {
        init_context(ctx, o.seed, !o.trace.empty());
        m = new M(&ctx, name);
        trace_from_ = o.trace_from;
#if VM_TRACE
        if (!o.trace.empty() && (tfp_ = open_vcd<VerilatedVcdC>(m, o.trace, prog)) == nullptr)
            return nullptr;
#else
        (void)prog;
#endif
        idle(m);
        initial_reset(m);
        return m;
    }

    // Evaluates the model: one time step of cycle `cyc`, written to the VCD from
    // --trace-from on.
    void eval(uint64_t cyc)
    {
        m->eval();
        ctx.timeInc(1);
#if VM_TRACE
        if (tfp_ != nullptr && cyc >= trace_from_)
            tfp_->dump(ctx.time());
#else
        (void)cyc;
#endif
    }

    // The rising and the falling clock edge of cycle `cyc` (each one evaluation).
    void rise(uint64_t cyc)
    {
        m->clk_i = 1;
        eval(cyc);
    }
    void fall(uint64_t cyc)
    {
        m->clk_i = 0;
        eval(cyc);
    }

    // A reset pulse from a dirty state after the edge of cycle `cyc`: rst_ni low (one
    // evaluation, in the VCD), then high again.
    void reset_pulse(uint64_t cyc)
    {
        m->rst_ni = 0;
        eval(cyc);
        m->rst_ni = 1;
        m->eval();
    }

    // A mid-run reset after the edge of cycle `cyc`: reset_pulse, and (unless the run is
    // RTL-only) the C twin's reset `reset_ref`, counted in `bin`.
    template <class ResetRef> void reset_both(uint64_t cyc, bool rtl_only, CovBin &bin,
                                              ResetRef reset_ref)
    {
        reset_pulse(cyc);
        if (!rtl_only) {
            reset_ref();
            bin.count++;
        }
    }

    void close()
    {
#if VM_TRACE
        if (tfp_ != nullptr) {
            tfp_->close();
            delete tfp_;
            tfp_ = nullptr;
        }
#endif
        if (m != nullptr) {
            m->final();
            delete m;
            m = nullptr;
        }
    }

private:
    uint64_t trace_from_ = 0;
#if VM_TRACE
    VerilatedVcdC *tfp_ = nullptr;
#endif
};

// Whether the C twin accepted its parameters (`ok`, its init returned XL_OK); if not, one
// line on stderr, "PROG: error: the C twin rejects WHAT: ERR", and the caller exits with 2.
inline bool twin_accepts(bool ok, const char *prog, const std::string &what, const char *err)
{
    if (!ok)
        std::fprintf(stderr, "%s: error: the C twin rejects %s: %s\n", prog, what.c_str(), err);
    return ok;
}

// The end of a failure's reproduce line, after the harness's own options: the injected
// fault (when `inject`) and a VCD `vcd` from 200 cycles before the failing cycle.
inline void repro_tail(std::vector<std::string> &a, const CommonOpts &o, bool inject,
                       uint64_t cycle, const std::string &vcd)
{
    if (inject)
        a.insert(a.end(), {"--inject-fault", std::to_string(o.inject_cycle), "--inject-field",
                           o.inject_field});
    a.insert(a.end(), {"--trace", vcd, "--trace-from", std::to_string(cycle > 200 ? cycle - 200
                                                                                   : 0)});
}

// A failure's report: the reproduce line, then (unless --no-rerun or --trace, or the build
// has no waveform support) its re-run, which writes the VCD.
inline void report_failure(const std::vector<std::string> &args, const char *argv0,
                           const CommonOpts &o, const std::string &vcd)
{
    std::printf("reproduce: %s\n", join(args).c_str());
    if (o.rerun && o.trace.empty() && VM_TRACE)
        rerun_with_wave(args, argv0, o.wave_dir, vcd);
    std::fflush(stdout);
}

}  // namespace xl_ls

#endif
