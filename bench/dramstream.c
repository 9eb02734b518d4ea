/*
 * dramstream.c - feeds the DRAM model (xl_memsys, L2 bypassed) with the streams of issue
 * 15 and prints a markdown table of latency and bandwidth, to set beside DRAMsim3's
 * figures (bench/dram.sh writes bench/results/dram.md).
 *
 * Every request is bypass_l2 and dram.ctrl_latency is 0, so a request's latency is its
 * time in the DRAM model alone: from reaching the channel to the end of its burst,
 * rounded up to the GPU cycle (2 GHz: 0.5 ns). Addresses come from the project's PRNG
 * (rng.h) with a fixed seed; the output is the same on every run and compiler.
 *
 * Streams (100 000 requests each unless said):
 *   walk      one outstanding read at a time to a random line of 4 GB (a page walk's
 *             dependent reads)
 *   hits8     groups of 8 reads to 8 columns of one random row of ch 0 / bank 0 /
 *             rank 0 (linear mapping), a group submitted at once when the previous one
 *             is back
 *   mixed     data: a sequential read stream, one line every 8 GPU cycles (4 ns: 16 GB/s
 *             of 25.6 GB/s peak), beside a walk chain (one random read at a time); the
 *             two reported apart
 *   sat       256 random reads outstanding at all times (each completion sends the next)
 *   sat-wr    the same with every third request a write
 * each with refresh (dram.trefi = 6240) and without (0).
 *
 * Usage: dramstream [N]   (N requests per stream, default 100000)
 * Built with -DDRAMSTREAM_OLD against a model without dram.trefi (the model before issue
 * 15), it runs the same streams on it; its "refresh on" rows are then the same as "off"
 * and the counters it lacks read 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/memsys.h"
#include "xlat/rng.h"
#include "xlat/stats.h"

#define SEED 15u
#define LINES_4GB (UINT64_C(1) << 26)

enum { S_WALK, S_HITS8, S_MIXED, S_SAT, S_SATWR };

typedef struct {
    uint64_t *lat;        /* latencies in GPU cycles, by completion */
    uint64_t n, cap;
} lat_t;

typedef struct {
    lat_t walk, data;     /* walk: the kind XL_MEM_PT requests; data: the others */
    uint64_t cycles;      /* first submit to last completion */
    uint64_t reads, writes;
    uint64_t row_hits, row_misses, row_conflicts, refreshes, drains, bp_waits, act_delays;
} result_t;

static void lat_add(lat_t *l, uint64_t v)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2u : 1024u;
        l->lat = realloc(l->lat, l->cap * sizeof *l->lat);
        if (l->lat == NULL) {
            fprintf(stderr, "dramstream: out of memory\n");
            exit(1);
        }
    }
    l->lat[l->n++] = v;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t stat_get(xl_memsys_t *m, const char *name)
{
    xl_stats_t *s = xl_stats_create();
    uint64_t v = 0;
    xl_memsys_stats(m, s);
    xl_stats_get(s, name, &v);
    xl_stats_destroy(s);
    return v;
}

/* One request in flight: what to record on completion. */
typedef struct {
    uint64_t t;           /* submit cycle */
    int src;              /* 0: walk chain, 1: data, 2: closed-loop pool, 3: hits8 group */
} fly_t;

static fly_t *fly;
static uint64_t nfly;

static void submit(xl_memsys_t *m, uint64_t t, xl_pa_t pa, int write, int kind, int src)
{
    xl_mem_req_t r;
    memset(&r, 0, sizeof r);
    r.id = nfly;
    r.addr = pa;
    r.write = (uint8_t)write;
    r.kind = (uint8_t)kind;
    r.bypass_l2 = 1;
    fly[nfly].t = t;
    fly[nfly].src = src;
    nfly++;
    xl_memsys_submit(m, t, &r);
}

static xl_pa_t rand_line(xl_rng_t *g)
{
    return (xl_pa_t)(xl_rng_below(g, LINES_4GB) << 6);
}

static void run(int stream, int refresh, uint64_t n, result_t *res)
{
    xl_config_t c;
    char err[256];
    xl_memsys_t *m;
    xl_rng_t g;
    uint64_t sent = 0, done_n = 0, t = 0, last = 0, data_next = 0, data_line = 0;
    uint64_t group_left = 0, walk_left = 0;
    const uint64_t data_gap = 8u;

    memset(res, 0, sizeof *res);
    xl_config_defaults(&c);
    c.dram.ctrl_latency = 0;
#ifndef DRAMSTREAM_OLD
    if (!refresh)
        c.dram.trefi = 0;
#endif
    if (stream == S_HITS8)
        c.dram.mapping = XL_DRAM_MAP_LINEAR;
    m = xl_memsys_create(&c, err, sizeof err);
    if (m == NULL) {
        fprintf(stderr, "dramstream: %s\n", err);
        exit(1);
    }
    xl_rng_seed(&g, SEED + (uint64_t)stream);
    fly = malloc((size_t)(2u * n + 16u) * sizeof *fly);
    if (fly == NULL) {
        fprintf(stderr, "dramstream: out of memory\n");
        exit(1);
    }
    nfly = 0;

    /* first submissions at cycle 0 */
    switch (stream) {
    case S_WALK:
        submit(m, 0, rand_line(&g), 0, XL_MEM_PT, 0);
        sent = 1;
        break;
    case S_HITS8: {
        uint64_t row = xl_rng_below(&g, 8192), k;
        for (k = 0; k < 8u; k++)   /* linear: line = row * 8192 + col * 64 -> ch 0 bank 0 rank 0 */
            submit(m, 0, (xl_pa_t)((row * 8192u + k * 64u) << 6), 0, XL_MEM_DATA, 3);
        sent = 8;
        group_left = 8;
        break;
    }
    case S_MIXED:
        /* n data reads and n / 10 walk reads */
        submit(m, 0, rand_line(&g), 0, XL_MEM_PT, 0);
        walk_left = n / 10u - 1u;
        data_line = xl_rng_below(&g, LINES_4GB / 2u);
        break;
    default: {
        unsigned k;
        for (k = 0; k < 256u; k++) {
            int w = stream == S_SATWR && sent % 3u == 2u;
            submit(m, 0, rand_line(&g), w, XL_MEM_DATA, 2);
            sent++;
        }
        break;
    }
    }

    for (;;) {
        uint64_t ev = xl_memsys_next_event(m);
        xl_mem_req_t r;
        uint64_t d;
        if (stream == S_MIXED && sent < n && data_next < ev)
            ev = data_next;
        if (ev == UINT64_MAX)
            break;
        t = ev;
        while (xl_memsys_pop(m, t, &r, &d)) {
            const fly_t *f = &fly[r.id];
            done_n++;
            last = d;
            if (r.write)
                res->writes++;
            else
                res->reads++;
            lat_add(r.kind == XL_MEM_PT ? &res->walk : &res->data, d - f->t);
            if (f->src == 0) {
                if (stream == S_WALK && sent < n) {
                    submit(m, t, rand_line(&g), 0, XL_MEM_PT, 0);
                    sent++;
                } else if (stream == S_MIXED && walk_left > 0u) {
                    submit(m, t, rand_line(&g), 0, XL_MEM_PT, 0);
                    walk_left--;
                }
            } else if (f->src == 2 && sent < n) {
                int w = stream == S_SATWR && sent % 3u == 2u;
                submit(m, t, rand_line(&g), w, XL_MEM_DATA, 2);
                sent++;
            } else if (f->src == 3 && --group_left == 0u && sent < n) {
                uint64_t row = xl_rng_below(&g, 8192), k;
                for (k = 0; k < 8u; k++)
                    submit(m, t, (xl_pa_t)((row * 8192u + k * 64u) << 6), 0, XL_MEM_DATA, 3);
                sent += 8;
                group_left = 8;
            }
        }
        if (stream == S_MIXED)
            while (sent < n && data_next <= t) {
                submit(m, t, (xl_pa_t)((data_line++ % LINES_4GB) << 6), 0, XL_MEM_DATA, 1);
                sent++;
                data_next += data_gap;
            }
    }
    res->cycles = last;
    res->row_hits = stat_get(m, "dram.row_hits");
    res->row_misses = stat_get(m, "dram.row_misses");
    res->row_conflicts = stat_get(m, "dram.row_conflicts");
    res->refreshes = stat_get(m, "dram.refreshes");
    res->drains = stat_get(m, "dram.write_drains");
    res->bp_waits = stat_get(m, "dram.backpressure_waits");
    res->act_delays = stat_get(m, "dram.act_delays");
    xl_memsys_destroy(m);
    free(fly);
    (void)done_n;
}

/* x / 10 with one decimal, for values in tenths. */
static void p10(char *buf, size_t len, uint64_t tenths)
{
    snprintf(buf, len, "%llu.%llu", (unsigned long long)(tenths / 10u),
             (unsigned long long)(tenths % 10u));
}

/* mean, median and p99 of a latency set in ns (GPU cycles * 0.5), one decimal */
static void lat_cells(lat_t *l, char *out, size_t len)
{
    char a[32], b[32], c[32];
    uint64_t sum = 0, i;
    if (l->n == 0u) {
        snprintf(out, len, "- | - | -");
        return;
    }
    qsort(l->lat, l->n, sizeof *l->lat, cmp_u64);
    for (i = 0; i < l->n; i++)
        sum += l->lat[i];
    p10(a, sizeof a, sum * 5u / l->n);
    p10(b, sizeof b, l->lat[l->n / 2u] * 5u);
    p10(c, sizeof c, l->lat[l->n * 99u / 100u] * 5u);
    snprintf(out, len, "%s | %s | %s", a, b, c);
}

int main(int argc, char **argv)
{
    static const char *const names[] = {"walk", "hits8", "mixed", "sat", "sat-wr"};
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000u;
    int s, rf;
    if (n < 100u) {
        fprintf(stderr, "dramstream: N must be at least 100\n");
        return 2;
    }
    printf("| stream | refresh | class | requests | mean ns | median ns | p99 ns | row hits %% | "
           "GB/s | refreshes | write drains | back-pressure waits | tRRD/tFAW delays |\n");
    printf("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (s = S_WALK; s <= S_SATWR; s++)
        for (rf = 1; rf >= 0; rf--) {
            result_t res;
            char cells[128], hit[32], bw[32];
            uint64_t ops, k;
            run(s, rf, n, &res);
            ops = res.row_hits + res.row_misses + res.row_conflicts;
            p10(hit, sizeof hit, ops ? res.row_hits * 1000u / ops : 0u);
            /* 64 B per request over the run: bytes per GPU cycle * 2 = GB/s, 2 decimals */
            k = res.cycles ? (res.reads + res.writes) * 64u * 2u * 100u / res.cycles : 0u;
            snprintf(bw, sizeof bw, "%llu.%02llu", (unsigned long long)(k / 100u),
                     (unsigned long long)(k % 100u));
            for (int cls = 0; cls < 2; cls++) {
                lat_t *l = cls == 0 ? &res.data : &res.walk;
                if (l->n == 0u)
                    continue;
                lat_cells(l, cells, sizeof cells);
                printf("| %s | %s | %s | %llu | %s | %s | %s | %llu | %llu | %llu | %llu |\n",
                       names[s], rf ? "on" : "off", cls == 0 ? (s == S_SATWR ? "all" : "data")
                                                           : "walk",
                       (unsigned long long)l->n, cells, hit, bw,
                       (unsigned long long)res.refreshes, (unsigned long long)res.drains,
                       (unsigned long long)res.bp_waits, (unsigned long long)res.act_delays);
            }
            free(res.walk.lat);
            free(res.data.lat);
        }
    return 0;
}
