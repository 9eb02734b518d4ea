/*
 * main.c - xlat-board: runs the IOMMU walk path on the board (fpga/) in lockstep with its
 * C twin over the UART protocol of fpga/README.md "The protocol". The options, the work
 * (work.h: random or a trace's replay), the port (port.h), then the lockstep (host.h).
 * Exit status as every xlat program (docs/design.md): 0 success, 1 a failure of the run (here:
 * a mismatch, a protocol error, a board that stops answering), 2 bad input, one line.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "port.h"
#include "work.h"
#include "xlat/config.h"

typedef struct {
    const char *port, *mode, *replay;
    uint64_t baud, timeout_ms, requests, seed, window, cnt_every;
    int requests_given, seed_given, mode_given, step_all;
} opts_t;

static void usage(FILE *f)
{
    fputs("usage: xlat-board --port PATH [options]\n"
          "Runs the IOMMU walk path on the board (fpga/README.md) in lockstep with its C twin:\n"
          "sends walk requests and the page-table lines the walkers read, steps the C twin\n"
          "through every cycle the board reports, and compares every event and counter.\n"
          "options:\n"
          "  --port PATH        the board's serial device, or the pty slave of its simulation\n"
          "  --baud N           bit rate (default 1000000; a pty ignores it)\n"
          "  --timeout-ms N     longest wait for the board to answer (default 10000)\n"
          "  --mode random|replay\n"
          "                     random (default): a seeded page table with holes, instructions\n"
          "                     of 1..16 requests over it; replay: the arrivals of --replay\n"
          "  --replay FILE      an `xlat run --iommu-trace` file (implies --mode replay): its\n"
          "                     accepted arrivals in order, its root, the lines its reads got\n"
          "                     (a line it never read is answered with not-present entries)\n"
          "  --requests N       requests to send (default 200; replay: all of the trace's)\n"
          "  --seed S           seed of the page table and the requests (random; default 1)\n"
          "  --window W         arrivals in flight at most (default 8; at most 2^TagWidth)\n"
          "  --cnt-every N      read the nine counters (a K frame each) after every N\n"
          "                     records (default 256; 0: only at the end)\n"
          "  --step-all         step the C twin through every idle cycle too (by default a\n"
          "                     stretch of idle cycles at a fixed point is counted, not stepped)\n"
          "exit status: 0 every event matched, 1 a mismatch or a board that fails the protocol\n"
          "or stops answering, 2 bad input (options, trace, a port that cannot be opened)\n",
          f);
}

static int bad(const char *fmt, const char *a, const char *b)
{
    fputs("xlat-board: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

/* One unsigned option value in [lo, hi]. */
static int number(const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char range[64];
    if (xl_config_parse_u64(v, out) != XL_OK || *out < lo || *out > hi) {
        snprintf(range, sizeof range, "%" PRIu64 "..%" PRIu64, lo, hi);
        fprintf(stderr, "xlat-board: %s '%.40s': expected an integer in %s\n", opt, v, range);
        return 2;
    }
    return 0;
}

static int parse(int argc, char **argv, opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->mode = "random";
    o->baud = 1000000;
    o->timeout_ms = 10000;
    o->requests = 200;
    o->seed = 1;
    o->window = 8;
    o->cnt_every = 256;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int rc = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!strcmp(a, "--step-all")) {
            o->step_all = 1;
            continue;
        }
        if (strncmp(a, "--", 2) != 0)
            return bad("unexpected argument '%.40s' (see xlat-board --help)", a, "");
        if (!strcmp(a, "--port") || !strcmp(a, "--baud") || !strcmp(a, "--timeout-ms") ||
            !strcmp(a, "--mode") || !strcmp(a, "--replay") || !strcmp(a, "--requests") ||
            !strcmp(a, "--seed") || !strcmp(a, "--window") || !strcmp(a, "--cnt-every")) {
            if (v == NULL)
                return bad("option %s needs a value", a, "");
            i++;
        } else {
            return bad("unknown option '%.40s' (see xlat-board --help)", a, "");
        }
        if (!strcmp(a, "--port")) {
            if (!*v)
                return bad("--port: empty path", "", "");
            o->port = v;
        } else if (!strcmp(a, "--baud")) {
            rc = number(a, v, 1, UINT32_MAX, &o->baud);
        } else if (!strcmp(a, "--timeout-ms")) {
            rc = number(a, v, 1, 3600000, &o->timeout_ms);
        } else if (!strcmp(a, "--mode")) {
            if (strcmp(v, "random") && strcmp(v, "replay"))
                return bad("--mode '%.40s': expected random or replay", v, "");
            o->mode = v;
            o->mode_given = 1;
        } else if (!strcmp(a, "--replay")) {
            if (!*v)
                return bad("--replay: empty file name", "", "");
            o->replay = v;
        } else if (!strcmp(a, "--requests")) {
            rc = number(a, v, 1, UINT64_MAX, &o->requests);
            o->requests_given = 1;
        } else if (!strcmp(a, "--seed")) {
            rc = number(a, v, 0, UINT64_MAX, &o->seed);
            o->seed_given = 1;
        } else if (!strcmp(a, "--window")) {
            rc = number(a, v, 1, 65536, &o->window);
        } else {
            rc = number(a, v, 0, UINT64_MAX, &o->cnt_every);
        }
        if (rc)
            return rc;
    }
    if (o->port == NULL)
        return bad("--port PATH is needed: the board's serial device or its simulation's pty "
                   "(see xlat-board --help)", "", "");
    if (o->replay != NULL) {
        if (o->mode_given && strcmp(o->mode, "replay"))
            return bad("--replay FILE and --mode %s exclude each other", o->mode, "");
        o->mode = "replay";
    } else if (!strcmp(o->mode, "replay")) {
        return bad("--mode replay needs --replay FILE", "", "");
    }
    if (o->replay != NULL && o->seed_given)
        return bad("--seed has no effect on a replay (the trace has the requests)", "", "");
    return 0;
}

int main(int argc, char **argv)
{
    opts_t o;
    xb_work_t work;
    xb_port_t port;
    xb_host_t host;
    xb_host_opts_t ho;
    char err[512];
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc;

    /* the work first: a bad trace is found before the board is touched */
    if (o.replay != NULL)
        rc = xb_work_replay(&work, o.replay, o.requests_given ? o.requests : UINT64_MAX, err,
                            sizeof err);
    else
        rc = xb_work_random(&work, o.seed, o.requests, err, sizeof err);
    if (rc != XL_OK) {
        fprintf(stderr, "xlat-board: %s\n", err);
        xb_work_free(&work);
        return rc == XL_EINPUT ? 2 : 1;
    }
    if (xb_port_open(&port, o.port, (uint32_t)o.baud, (unsigned)o.timeout_ms, err, sizeof err) !=
        XL_OK) {
        fprintf(stderr, "xlat-board: %s\n", err);
        xb_work_free(&work);
        return 2;
    }
    if (work.replay)
        printf("xlat-board: replay %s: %" PRIu64 " arrivals (of %" PRIu64 " trace lines, %" PRIu64
               " reads, %zu lines known, %" PRIu64 " read again with other contents), root 0x%"
               PRIx64 " from the P line (%s)\n",
               o.replay, work.limit, work.trace_lines, work.trace_reads, work.lines.n,
               work.changed, work.root, work.trace_params);
    else
        printf("xlat-board: random seed %" PRIu64 ": %" PRIu64 " requests over %" PRIu64
               " 4 KB and %" PRIu64 " 2 MB pages with %" PRIu64 " holes, root 0x%" PRIx64 "\n",
               o.seed, work.limit, work.pages4k, work.pages2m, work.holes, work.root);
    printf("xlat-board: port %s%s, window %" PRIu64 ", counters every %" PRIu64 " records\n",
           o.port, port.is_pty ? " (a pty)" : "", o.window, o.cnt_every);
    fflush(stdout);

    ho.window = (uint32_t)o.window;
    ho.cnt_every = o.cnt_every;
    ho.step_all = o.step_all;
    rc = xb_host_run(&host, &port, &work, &ho, stdout);
    xb_host_free(&host);
    xb_port_close(&port);
    xb_work_free(&work);
    return rc;
}
