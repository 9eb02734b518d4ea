/*
 * fake_board.c - a stand-in for the board of fpga/README.md "The protocol", to try
 * xlat-board (sw/board/) before the board's RTL and its Verilator simulation exist: the
 * walk path here is the C twin itself, behind a pseudo-terminal, with the board's
 * framing, its cycle counter and its rules for when an input is applied (an arrival from
 * the cycle after its A frame until accepted, a response once RspGap = slots + 2 cycles
 * have passed since the previous one, a byte every BYTE_CYCLES cycles as a UART at
 * ClksPerBit 12 gives). It checks the host's side of the protocol only: a pass here says
 * nothing about the RTL. What it does not model: FIFO depths (no OVERRUN), the completion
 * buffer (completions are written at once, so responses wait for the gap only).
 *
 *   cc -std=c11 -O2 -Imodel/include tests/board/fake_board.c build/libxlat.a -lm \
 *      -o build/tests/fake_board
 *   build/tests/fake_board [options] -- build/xlat-board --port @PTY [its options]
 *
 * runs the command with @PTY replaced by the pty's slave, serves it until it exits, and
 * exits with its status. Options: the walk path's parameters (--slots N --walkers N
 * --policy 0|1|2 --coalesce 0..3 --pick-pipe N --scan-pipe N --pwc-latency N --pwc
 * E4,W4,E3,W3,E2,W2 --aging N --lfsr N --tag-width N --stat-width N; default: the lockstep's
 * small_random_both with 8-bit tags and 16-bit counters), and faults to see the host catch
 * them: --corrupt-cpl K (flip bit 0 of the tag of the K-th C frame), --corrupt-cnt K (of the
 * counter of the K-th CNT record), --mute-after K (write nothing after K records).
 * --idle-jump N lets N cycles pass at once whenever the board waits for the host with the
 * walk path at a fixed point (counted as the host counts them), so a short run crosses
 * 2^32 cycles and the host's extension of the 32-bit stamps is exercised.
 */
#define _XOPEN_SOURCE 600   /* posix_openpt, grantpt, unlockpt, ptsname */
#define _DEFAULT_SOURCE 1   /* cfmakeraw */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "xlat/walk_path.h"

#define BYTE_CYCLES 120u   /* 10 bit times of 12 clocks */

typedef struct {
    xl_walk_path_params_t p;
    unsigned tag_width, stat_width;
    long corrupt_cpl, corrupt_cnt, mute_after;
    uint64_t idle_jump;
} cfg_t;

typedef struct {
    cfg_t c;
    int fd;                          /* the pty's master */
    xl_walk_path_t m;
    xl_walk_path_out_t o;
    xl_pa_t roots[XL_WP_ASIDS];
    uint64_t cycle;
    /* the UART's receive side: bytes from the host, one taken every BYTE_CYCLES */
    uint8_t rx[1 << 16];
    size_t rx_head, rx_len;
    uint64_t rx_next;
    uint8_t frame[80];
    size_t flen, fneed;
    /* input registers */
    int arr_valid, arr_pres;
    uint64_t arr_va, arr_from;
    uint32_t arr_instr, arr_tag;
    int rsp_valid;
    uint64_t rsp_from, last_rsp;
    uint32_t rsp_walker;
    uint64_t rsp_line[8];
    int sync_req, cnt_req, badcmd, just_reset;
    unsigned cnt_idx;
    long records, cpls, cnts;
} fake_t;

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8u * i));
}

static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8u * i);
    return v;
}

static void out(fake_t *f, const uint8_t *b, size_t n)
{
    while (n > 0) {
        ssize_t k = write(f->fd, b, n);
        if (k < 0 && (errno == EINTR || errno == EAGAIN)) {
            struct pollfd pf = {f->fd, POLLOUT, 0};
            poll(&pf, 1, 100);
            continue;
        }
        if (k < 0)
            return;   /* the host has gone: its exit status tells */
        b += k;
        n -= (size_t)k;
    }
}

static void reset(fake_t *f)
{
    xl_walk_path_reset(&f->m);
    f->cycle = 0;
    f->arr_valid = f->rsp_valid = f->sync_req = f->cnt_req = f->badcmd = 0;
    f->last_rsp = 0;
    f->rx_next = 0;
    f->just_reset = 1;
}

/* A frame is complete in this cycle. */
static void command(fake_t *f)
{
    const uint8_t *b = f->frame;
    switch (b[0]) {
    case 'Z': {
        uint8_t z[25];
        const xl_walk_path_params_t *p = &f->c.p;
        f->roots[1] = get_le(b + 1, 7);
        reset(f);
        z[0] = 'z';
        put_le(z + 1, p->slots, 2);
        z[3] = (uint8_t)p->walkers;
        z[4] = (uint8_t)p->policy;
        z[5] = (uint8_t)p->coalesce;
        z[6] = (uint8_t)p->pick_pipe;
        z[7] = (uint8_t)p->scan_pipe;
        z[8] = (uint8_t)f->c.tag_width;
        z[9] = (uint8_t)f->c.stat_width;
        for (unsigned l = 0; l < 3; l++) {
            z[10 + 2 * l] = (uint8_t)p->pwc.entries[l];
            z[11 + 2 * l] = (uint8_t)p->pwc.ways[l];
        }
        z[16] = (uint8_t)p->pwc_latency;
        put_le(z + 17, p->aging_threshold, 4);
        put_le(z + 21, p->lfsr_seed, 4);
        out(f, z, sizeof z);
        break;
    }
    case 'A':
        f->arr_valid = 1;
        f->arr_pres = 0;
        f->arr_va = get_le(b + 1, 6);
        f->arr_instr = (uint32_t)get_le(b + 7, 3) & 0xFFFFFu;
        f->arr_tag = (uint32_t)get_le(b + 10, 2) &
                     (uint32_t)((UINT64_C(1) << f->c.tag_width) - 1u);
        f->arr_from = f->cycle + 1u;
        break;
    case 'R':
        f->rsp_valid = 1;
        f->rsp_walker = b[1];
        for (unsigned i = 0; i < 8; i++)
            f->rsp_line[i] = get_le(b + 2 + 8 * i, 8);
        f->rsp_from = f->cycle + 1u;
        break;
    case 'S':
        f->sync_req = 1;
        break;
    case 'K':
        if (b[1] < 9) {
            f->cnt_req = 1;
            f->cnt_idx = b[1];
        } else {
            f->badcmd = 1;
        }
        break;
    default:
        break;
    }
}

/* The parser takes one byte. */
static void take(fake_t *f, uint8_t c)
{
    if (f->flen == 0) {
        switch (c) {
        case 'Z': f->fneed = 8; break;
        case 'A': f->fneed = 12; break;
        case 'R': f->fneed = 66; break;
        case 'S': f->fneed = 1; break;
        case 'K': f->fneed = 2; break;
        default:
            f->badcmd = 1;
            return;
        }
    }
    f->frame[f->flen++] = c;
    if (f->flen == f->fneed) {
        f->flen = 0;
        command(f);
    }
}

/* One cycle of the board. Returns 1 when it showed something (a record). */
static int cycle(fake_t *f)
{
    xl_walk_path_in_t in;
    xl_walk_path_out_t *o = &f->o;
    uint16_t flags = 0;
    if (f->rx_len > 0 && f->cycle >= f->rx_next) {
        uint8_t c = f->rx[f->rx_head];
        f->rx_head = (f->rx_head + 1u) % sizeof f->rx;
        f->rx_len--;
        f->rx_next = f->cycle + BYTE_CYCLES;
        take(f, c);
        if (f->just_reset) {
            f->just_reset = 0;
            return 0;   /* a Z reset the board: cycle 0 comes next */
        }
    }
    memset(&in, 0, sizeof in);
    in.root = f->roots;
    in.arr_asid = 1;
    in.mem_req_ready = 1;
    if (f->arr_valid && f->cycle >= f->arr_from) {
        in.arr_valid = 1;
        in.arr_va = f->arr_va;
        in.arr_instr_id = f->arr_instr;
        in.arr_tag = f->arr_tag;
        if (!f->arr_pres)
            flags |= 1u << 1;
        f->arr_pres = 1;
    }
    /* (the twin has no defined answer to a response for a walker that is not reading,
     * which the resync's zeros can make of a half-sent R: such a response is dropped) */
    if (f->rsp_valid && (f->rsp_walker >= f->c.p.walkers ||
                         xl_walk_path_walker(&f->m, f->rsp_walker)->state != XL_WK_WAIT))
        f->rsp_valid = 0;
    if (f->rsp_valid && f->cycle >= f->rsp_from &&
        (f->last_rsp == 0 || f->cycle - f->last_rsp >= f->c.p.slots + 2u)) {
        in.rsp_valid = 1;
        in.rsp_walker = f->rsp_walker;
        memcpy(in.rsp_line, f->rsp_line, sizeof in.rsp_line);
        flags |= 1u << 3;
        f->rsp_valid = 0;
        f->last_rsp = f->cycle;
    }
    xl_walk_path_comb(&f->m, &in, o);
    unsigned ncpl = 0;
    for (unsigned i = 0; i < 8; i++)
        ncpl += o->cpl_valid[i] != 0;
    if (o->mem_req_valid)
        flags |= 1u << 0;
    if (in.arr_valid && o->arr_ready) {
        flags |= 1u << 2;
        f->arr_valid = 0;
    }
    if (o->rsp_fault)
        flags |= 1u << 4;
    if (f->sync_req)
        flags |= 1u << 5;
    if (f->cnt_req)
        flags |= 1u << 6;
    if (f->badcmd)
        flags |= 1u << 8;
    /* OVERRUN and BADCMD are sticky flags carried by records, not events of their own */
    int shown = (flags & 0x7Fu) != 0 || ncpl != 0;
    if (shown && (f->c.mute_after < 0 || f->records < f->c.mute_after)) {
        uint8_t b[16 + 8 * 13 + 8];
        size_t n = 16;
        flags |= (uint16_t)(ncpl << 12);
        b[0] = 'E';
        put_le(b + 1, f->cycle, 4);
        put_le(b + 5, flags, 2);
        b[7] = o->mem_req_valid ? (uint8_t)o->mem_req_walker : 0;
        b[8] = o->mem_req_valid ? o->mem_req_level : 0;
        put_le(b + 9, o->mem_req_valid ? o->mem_req_addr : 0, 7);
        for (unsigned i = 0; i < 8; i++) {
            if (!o->cpl_valid[i])
                continue;
            uint8_t *c = b + n;
            c[0] = 'C';
            c[1] = (uint8_t)i;
            put_le(c + 2, o->cpl_tag[i] & ((UINT64_C(1) << f->c.tag_width) - 1u), 2);
            put_le(c + 4, o->cpl_frame[i], 7);
            c[11] = o->cpl_shift[i];
            c[12] = (uint8_t)((o->cpl_coalesced[i] & 1u) | (o->cpl_reads[i] & 7u) << 1);
            if (++f->cpls == f->c.corrupt_cpl)
                c[2] ^= 1u;
            n += 13;
        }
        if (f->cnt_req) {
            const xl_walk_path_t *m = &f->m;
            uint64_t sm = f->c.stat_width >= 64 ? ~UINT64_C(0)
                                                : (UINT64_C(1) << f->c.stat_width) - 1u;
            uint64_t v[9] = {m->walks, m->reads[1], m->reads[2], m->reads[3], m->reads[4],
                             m->coalesced, m->resumed, m->cl_stalls, m->faults};
            if (++f->cnts == f->c.corrupt_cnt)
                v[f->cnt_idx] ^= 1u;
            put_le(b + n, v[f->cnt_idx] & sm, 8);
            n += 8;
        }
        out(f, b, n);
    }
    if (shown)
        f->records++;
    f->sync_req = f->cnt_req = 0;
    xl_walk_path_commit(&f->m, &in, o);
    f->cycle++;
    return shown;
}

static int arg_u(int argc, char **argv, int *i, unsigned long *v)
{
    if (*i + 1 >= argc)
        return 0;
    char *end;
    *v = strtoul(argv[++*i], &end, 0);
    return *end == '\0';
}

int main(int argc, char **argv)
{
    static fake_t f;   /* large (the receive buffer): not on the stack */
    cfg_t *c = &f.c;
    int i;
    memset(&f, 0, sizeof f);
    c->p.slots = 16;
    c->p.walkers = 2;
    c->p.policy = XL_WS_RANDOM;
    c->p.coalesce = XL_CO_BOTH;
    c->p.aging_threshold = 2000000;
    c->p.lfsr_seed = 0xc728efc6u;
    c->p.pwc.entries[0] = 2, c->p.pwc.ways[0] = 2;
    c->p.pwc.entries[1] = 4, c->p.pwc.ways[1] = 2;
    c->p.pwc.entries[2] = 8, c->p.pwc.ways[2] = 4;
    c->p.pwc_latency = 1;
    c->tag_width = 8;
    c->stat_width = 16;
    c->corrupt_cpl = c->corrupt_cnt = c->mute_after = -1;
    for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        unsigned long v = 0;
        const char *a = argv[i];
        if (!strcmp(a, "--pwc")) {
            if (i + 1 >= argc || sscanf(argv[++i], "%u,%u,%u,%u,%u,%u", &c->p.pwc.entries[0],
                                        &c->p.pwc.ways[0], &c->p.pwc.entries[1],
                                        &c->p.pwc.ways[1], &c->p.pwc.entries[2],
                                        &c->p.pwc.ways[2]) != 6)
                goto usage;
            continue;
        }
        if (!arg_u(argc, argv, &i, &v))
            goto usage;
        if (!strcmp(a, "--slots")) c->p.slots = (uint32_t)v;
        else if (!strcmp(a, "--walkers")) c->p.walkers = (uint32_t)v;
        else if (!strcmp(a, "--policy")) c->p.policy = (xl_ws_policy_t)v;
        else if (!strcmp(a, "--coalesce")) c->p.coalesce = (xl_co_mode_t)v;
        else if (!strcmp(a, "--pick-pipe")) c->p.pick_pipe = (uint32_t)v;
        else if (!strcmp(a, "--scan-pipe")) c->p.scan_pipe = (uint32_t)v;
        else if (!strcmp(a, "--pwc-latency")) c->p.pwc_latency = (uint32_t)v;
        else if (!strcmp(a, "--aging")) c->p.aging_threshold = (uint32_t)v;
        else if (!strcmp(a, "--lfsr")) c->p.lfsr_seed = (uint32_t)v;
        else if (!strcmp(a, "--tag-width")) c->tag_width = (unsigned)v;
        else if (!strcmp(a, "--stat-width")) c->stat_width = (unsigned)v;
        else if (!strcmp(a, "--corrupt-cpl")) c->corrupt_cpl = (long)v;
        else if (!strcmp(a, "--corrupt-cnt")) c->corrupt_cnt = (long)v;
        else if (!strcmp(a, "--mute-after")) c->mute_after = (long)v;
        else if (!strcmp(a, "--idle-jump")) c->idle_jump = v;
        else goto usage;
    }
    if (i + 1 >= argc)
        goto usage;
    char err[256];
    if (xl_walk_path_init(&f.m, &c->p, err, sizeof err) != XL_OK ||
        xl_walk_path_out_init(&f.o, &f.m) != XL_OK) {
        fprintf(stderr, "fake_board: %s\n", err);
        return 2;
    }

    f.fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (f.fd < 0 || grantpt(f.fd) != 0 || unlockpt(f.fd) != 0) {
        perror("fake_board: pty");
        return 1;
    }
    const char *slave = ptsname(f.fd);
    /* the slave stays open here too: raw from the start (no echo of the host's first bytes),
     * and the master never sees the hang-up of a host that closes it */
    int sfd = open(slave, O_RDWR | O_NOCTTY);
    struct termios t;
    if (sfd < 0 || tcgetattr(sfd, &t) != 0) {
        perror("fake_board: slave");
        return 1;
    }
    cfmakeraw(&t);
    tcsetattr(sfd, TCSANOW, &t);
    fcntl(f.fd, F_SETFL, fcntl(f.fd, F_GETFL) | O_NONBLOCK);

    char **cmd = argv + i + 1;
    for (char **a = cmd; *a; a++)
        if (!strcmp(*a, "@PTY"))
            *a = (char *)slave;
    pid_t pid = fork();
    if (pid == 0) {
        close(f.fd);
        close(sfd);
        execv(cmd[0], cmd);
        perror("fake_board: exec");
        _exit(127);
    }

    for (;;) {
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid)
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
        /* take what the host sent */
        for (;;) {
            size_t room = sizeof f.rx - f.rx_len, at = (f.rx_head + f.rx_len) % sizeof f.rx;
            size_t n = room < sizeof f.rx - at ? room : sizeof f.rx - at;
            ssize_t k = n ? read(f.fd, f.rx + at, n) : 0;
            if (k <= 0)
                break;
            f.rx_len += (size_t)k;
        }
        /* run the board: while it has something to do, in bursts; when all is quiet, wait
         * for the host, then let some idle cycles pass, stepped, as a free-running board
         * would while the host thinks */
        int busy = f.rx_len > 0 || f.arr_valid || f.rsp_valid ||
                   xl_walk_path_busy(&f.m, f.o.stuck);
        if (busy) {
            for (int k = 0; k < 4096; k++)
                cycle(&f);
        } else {
            struct pollfd pf = {f.fd, POLLIN, 0};
            if (poll(&pf, 1, 20) > 0) {
                if (f.c.idle_jump) {
                    if (f.o.stuck)
                        f.m.cl_stalls += f.c.idle_jump;
                    f.cycle += f.c.idle_jump;
                }
                for (int k = 0; k < 300; k++)
                    cycle(&f);
            }
        }
    }
usage:
    fprintf(stderr, "usage: fake_board [options] -- COMMAND ... @PTY ... (see the top of "
            "tests/board/fake_board.c)\n");
    return 2;
}
