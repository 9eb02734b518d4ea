// xl_board_sim.cpp - the board top (fpga/rtl/xl_board.sv, UART included) Verilated behind a
// pseudo-terminal, so the host program that a user points at a real board's serial port
// (sw/board/, `xlat-board --port`) is tested against the same RTL here (fpga/README.md).
//
// The simulator is the other end of the serial line: bytes the host writes to the pty's
// slave arrive on the master and are sent bit by bit on uart_rx_i (8N1, ClksPerBit clocks a
// bit, the board's parameter); uart_tx_o is sampled in the middle of each bit and every byte
// it carries is written to the master. The clock runs freely, as on a board; while nothing
// is on the line either way the simulator waits on the master for up to a millisecond
// between cycles, so an idle run does not spin (the cycle stamps then count fewer idle
// cycles, which the host replays as they are).
//
// The same driver runs the gate-level netlists of a board top (tests/board/build_gate.sh):
// built with XL_SIM_CLASS / XL_SIM_HEADER naming another model, XL_SIM_NO_RST for a top whose
// reset is its own power-on counter, and XL_SIM_STATUS(top) for where the four status bits
// are (the LEDs of a pin top).
//
//   xl_board_sim --link PATH [--max-cycles N] [--seed N]
// makes PATH a symbolic link to the pty's slave, runs until the host has opened and closed
// it (or N cycles, default 2e9), prints the cycles run and the bytes each way, and removes
// the link. Exit 0; 1 if an RTL assertion fired or the board raised OVERRUN or BADCMD; 2 on
// bad options.
#ifndef XL_SIM_CLASS
#define XL_SIM_CLASS Vxl_board
#define XL_SIM_HEADER "Vxl_board.h"
#endif
#ifndef XL_SIM_STATUS
#define XL_SIM_STATUS(t) ((unsigned)(t).status_o)
#endif
#include XL_SIM_HEADER
#include "verilated.h"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <poll.h>
#include <string>
#include <termios.h>
#include <unistd.h>

#ifndef XL_CLKS_PER_BIT
#error "build with -DXL_CLKS_PER_BIT=<the board's ClksPerBit>"
#endif

namespace {

const char *const kProg = "xl_board_sim";

[[noreturn]] void bad(const char *what)
{
    std::fprintf(stderr, "%s: %s\n", kProg, what);
    std::exit(2);
}

uint64_t num(const char *opt, const char *s)
{
    char *end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(s, &end, 0);
    if (errno != 0 || end == s || *end != '\0' || s[0] == '-') {
        std::fprintf(stderr, "%s: %s needs a number, got '%s'\n", kProg, opt, s);
        std::exit(2);
    }
    return v;
}

volatile sig_atomic_t g_stop = 0;   // set by SIGTERM/SIGINT; the only global: a signal handler's
void on_signal(int) { g_stop = 1; }

// The host-to-board line: bytes from the master, sent bit by bit.
struct RxLine {
    std::deque<uint8_t> q;
    int bit = -1;          // -1 idle, 0 start, 1..8 data, 9 stop
    unsigned clk = 0;
    uint8_t cur = 0;
    bool level() const
    {
        if (bit < 0) return true;
        if (bit == 0) return false;
        if (bit <= 8) return (cur >> (bit - 1)) & 1u;
        return true;
    }
    void tick()   // after each cycle
    {
        if (bit < 0) {
            if (q.empty()) return;
            cur = q.front();
            q.pop_front();
            bit = 0;
            clk = 0;
            return;
        }
        if (++clk == XL_CLKS_PER_BIT) {
            clk = 0;
            if (++bit == 10) bit = -1;
        }
    }
    bool busy() const { return bit >= 0 || !q.empty(); }
};

// The board-to-host line: sampled every cycle.
struct TxLine {
    int bit = -1;
    unsigned clk = 0;
    uint8_t cur = 0;
    bool busy() const { return bit >= 0; }
    // Returns 1 and the byte when a character ends in this cycle; -1 on a framing error.
    int sample(bool v, uint8_t *out)
    {
        if (bit < 0) {
            if (!v) { bit = 0; clk = 0; }
            return 0;
        }
        if (++clk != (bit == 0 ? XL_CLKS_PER_BIT / 2 : XL_CLKS_PER_BIT)) return 0;
        clk = 0;
        if (bit == 0) {
            if (v) { bit = -1; return 0; }   // a glitch
            bit = 1;
            return 0;
        }
        if (bit <= 8) {
            cur = (uint8_t)((cur >> 1) | (v ? 0x80u : 0u));
            bit++;
            return 0;
        }
        bit = -1;
        if (!v) return -1;
        *out = cur;
        return 1;
    }
};

}  // namespace

int main(int argc, char **argv)
{
    std::string link;
    uint64_t max_cycles = 2000000000ull, seed = 1;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::printf("usage: %s --link PATH [--max-cycles N] [--seed N]\n", kProg);
            return 0;
        }
        if (i + 1 >= argc) bad((a + " needs a value").c_str());
        if (a == "--link") link = argv[++i];
        else if (a == "--max-cycles") max_cycles = num("--max-cycles", argv[++i]);
        else if (a == "--seed") seed = num("--seed", argv[++i]);
        else bad(("unknown option '" + a + "'").c_str());
    }
    if (link.empty()) bad("--link PATH is required");

    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) != 0 || unlockpt(m) != 0) bad("cannot open a pseudo-terminal");
    const char *slave = ptsname(m);
    if (slave == nullptr) bad("cannot name the pseudo-terminal's slave");
    // Raw on the slave side as well, so nothing the host forgets to set alters a byte.
    {
        int s = open(slave, O_RDWR | O_NOCTTY);
        struct termios t;
        if (s < 0 || tcgetattr(s, &t) != 0) bad("cannot configure the pseudo-terminal");
        cfmakeraw(&t);
        tcsetattr(s, TCSANOW, &t);
        close(s);
    }
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    unlink(link.c_str());
    if (symlink(slave, link.c_str()) != 0) bad(("cannot create the link " + link).c_str());
    std::signal(SIGTERM, on_signal);
    std::signal(SIGINT, on_signal);

    VerilatedContext ctx;
    ctx.randReset(2);
    ctx.randSeed((int)(seed & 0x7fffffff));
    ctx.fatalOnError(false);
    XL_SIM_CLASS top(&ctx);
    top.clk_i = 0;
    top.uart_rx_i = 1;
#ifndef XL_SIM_NO_RST
    top.rst_ni = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.rst_ni = 1;
#endif
    top.eval();

    RxLine rx;
    TxLine tx;
    uint64_t cyc = 0, bytes_in = 0, bytes_out = 0, quiet = 0;
    bool opened = false, failed = false;
    std::string out;
    int rc = 0;
    while (cyc < max_cycles && !g_stop) {
        // The master: every 64 cycles, or waiting up to 1 ms while the line is quiet.
        if ((cyc & 63) == 0 || (!rx.busy() && !tx.busy() && quiet > 4096)) {
            struct pollfd p = {m, POLLIN, 0};
            int w = (!rx.busy() && !tx.busy() && quiet > 4096) ? 1 : 0;
            if (poll(&p, 1, w) > 0) {
                if (p.revents & POLLHUP) {
                    if (opened) break;       // the host closed the port
                    if (w) usleep(1000);     // not opened yet
                } else if (p.revents & POLLIN) {
                    uint8_t b[256];
                    ssize_t n = read(m, b, sizeof b);
                    if (n > 0) {
                        opened = true;
                        for (ssize_t i = 0; i < n; i++) rx.q.push_back(b[i]);
                        bytes_in += (uint64_t)n;
                        quiet = 0;
                    } else if (n < 0 && errno == EIO && opened) {
                        break;
                    }
                }
            }
            if (!out.empty()) {
                ssize_t n = write(m, out.data(), out.size());
                if (n > 0) out.erase(0, (size_t)n);
            }
        }
        top.uart_rx_i = rx.level() ? 1 : 0;
        top.clk_i = 0;
        top.eval();
        uint8_t b;
        int r = tx.sample(top.uart_tx_o != 0, &b);
        if (r < 0) {
            std::fprintf(stderr, "%s: framing error on uart_tx_o at cycle %llu\n", kProg,
                         (unsigned long long)cyc);
            failed = true;
            break;
        }
        if (r > 0) {
            out.push_back((char)b);
            bytes_out++;
        }
        top.clk_i = 1;
        top.eval();
        rx.tick();
        quiet = (rx.busy() || tx.busy() || !out.empty()) ? 0 : quiet + 1;
        cyc++;
        if (ctx.gotError()) {
            std::fprintf(stderr, "%s: an RTL assertion fired at cycle %llu\n", kProg,
                         (unsigned long long)cyc);
            failed = true;
            break;
        }
    }
    // Flush what is left for the host, then report.
    while (!out.empty()) {
        ssize_t n = write(m, out.data(), out.size());
        if (n <= 0) break;
        out.erase(0, (size_t)n);
    }
    unsigned st = XL_SIM_STATUS(top);
    if (st & 0x4u) { std::fprintf(stderr, "%s: the board raised OVERRUN\n", kProg); failed = true; }
    if (st & 0x8u) { std::fprintf(stderr, "%s: the board raised BADCMD\n", kProg); failed = true; }
    std::printf("%s: %llu cycles, %llu bytes in, %llu bytes out\n", kProg,
                (unsigned long long)cyc, (unsigned long long)bytes_in,
                (unsigned long long)bytes_out);
    top.final();
    unlink(link.c_str());
    close(m);
    if (failed) rc = 1;
    return rc;
}
