// lockstep.h - shared pieces of xlat's Verilator lockstep harnesses (one C++ main per RTL
// block; docs/design.md "Verification stack" item 3; docs/rtl.md §1.10, §1.11):
// option parsing with exit status 2 on bad input, a field/expected/actual mismatch table,
// a ring buffer of recent cycles, C-side functional coverage bins with minimum counts, a
// wall clock for speed reports, and the re-run of a failing command with a waveform.
//
// Header-only so every block's harness is a single translation unit plus the C model files.
#ifndef XL_LOCKSTEP_H
#define XL_LOCKSTEP_H

#include <cinttypes>
#include <cstdarg>
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

private:
    const char *prog_;
    int argc_;
    char **argv_;
    int i_ = 0;
    std::string cur_, inline_val_;
    bool has_inline_ = false;
};

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

}  // namespace xl_ls

#endif
