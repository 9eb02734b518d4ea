/*
 * progress.c - the progress line of a long cycle-level run (docs/design.md "What a user
 * runs"): the system is stepped in pieces of PROG_STEP cycles (a run stepped in pieces is
 * the same run, sim.h) and, between them, the share of the workload's wavefronts retired,
 * the share of the workload's instructions issued, the instruction rate and an estimate
 * of the time left are written to stderr: redrawn in place about once a second on a
 * terminal (or with --progress), one line a minute otherwise (a log), nothing with
 * --quiet. The workload's instructions are counted when the first line is due: every
 * wavefront's stream generated once, without simulating it (a few per cent of the run's
 * time, paid only by runs long enough to show progress; short runs never count).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "xlat/itrace.h"

#define PROG_STEP (UINT64_C(1) << 20)   /* cycles between looks at the clock */

cli_prog_t cli_prog_mode(const opts_t *o)
{
    if (o->quiet)
        return CLI_PROG_OFF;
    if (o->progress || isatty(2))
        return CLI_PROG_REDRAW;
    return CLI_PROG_LINES;
}

double cli_now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* "1h02m", "3m05s", "42s" */
const char *cli_dur(char *buf, size_t len, double s)
{
    unsigned long t = s < 0 ? 0 : (unsigned long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, len, "%luh%02lum", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, len, "%lum%02lus", t / 60, t % 60);
    else
        snprintf(buf, len, "%lus", t);
    return buf;
}

/* Every instruction of every wavefront of every kernel of the workloads: what the CUs
 * will have issued when the run ends (gpu.instructions). Generation is deterministic and
 * reads the workload only (wave_next takes it const), so the run is unchanged. */
static uint64_t count_instrs(const xl_workload_t *const *wls, unsigned n)
{
    uint64_t total = 0;
    for (unsigned a = 0; a < n; a++) {
        xl_kernel_t k;
        if (xl_wl_trace_reader(wls[a])) {   /* a trace knows its count: no third decode */
            total += xl_itr_ninstrs(xl_wl_trace_reader(wls[a]));
            continue;
        }
        for (uint32_t kk = 0; xl_wl_kernel(wls[a], kk, &k); kk++)
            for (uint32_t wg = 0; wg < k.workgroups; wg++)
                for (uint32_t wv = 0; wv < k.waves_per_wg; wv++) {
                    xl_wave_t w;
                    xl_instr_t in;
                    xl_wl_wave_init(wls[a], &w, kk, wg, wv);
                    while (xl_wl_next(wls[a], &w, &in))
                        total++;
                }
    }
    return total;
}

static void show(const char *label, const xl_sim_progress_t *p, uint64_t total, double elapsed,
                 int redraw)
{
    double f = total ? (double)p->instrs / (double)total : 0;
    char left[64] = "estimating", spent[32];
    if (f > 0)
        snprintf(left, sizeof left, "about %s left", cli_dur(spent, sizeof spent, elapsed * (1 - f) / f));
    fprintf(stderr, "%s  %s: %.1f%% of %llu instructions, cycle %llu, %.2f M/s, %s%s",
            redraw ? "\r" : "", label, 100 * f, (unsigned long long)total, (unsigned long long)p->cycle,
            elapsed > 0 ? (double)p->instrs / elapsed * 1e-6 : 0.0, left, redraw ? "   " : "\n");
    fflush(stderr);
}

int cli_sim_run(xl_sim_t *g, cli_prog_t mode, const char *label, const xl_workload_t *const *wls,
                unsigned nwl, char *err, size_t errlen)
{
    uint64_t total = 0;
    if (mode == CLI_PROG_OFF)
        return xl_sim_run(g, err, errlen);
    double t0 = cli_now_s(), last = t0, every = mode == CLI_PROG_REDRAW ? 1.0 : 60.0;
    int shown = 0, rc = XL_OK;
    while (!xl_sim_done(g)) {
        rc = xl_sim_step(g, xl_sim_now(g) + PROG_STEP, err, errlen);
        if (rc != XL_OK)
            break;
        double t = cli_now_s();
        if (t - last >= every && !xl_sim_done(g)) {
            xl_sim_progress_t p;
            if (!shown) {
                fprintf(stderr, "%s  %s: counting the workload's instructions ...%s",
                        mode == CLI_PROG_REDRAW ? "\r" : "", label,
                        mode == CLI_PROG_REDRAW ? "" : "\n");
                fflush(stderr);
                total = count_instrs(wls, nwl);
                t = cli_now_s();
            }
            xl_sim_progress(g, &p);
            show(label, &p, total, t - t0, mode == CLI_PROG_REDRAW);
            last = t;
            shown = 1;
        }
    }
    if (shown && mode == CLI_PROG_REDRAW)
        fprintf(stderr, "\r%*s\r", 100, "");   /* the table follows on a clean line */
    return rc;
}
