/*
 * dram_sched_gsn.c - the DRAM scheduler block's host of MASK's Golden / Silver / Normal
 * queues (dram.sched = gsn; ASPLOS'18 §5.4, docs/papers/mask.md): one xl_dram_gsn twin
 * block per channel (model/include/xlat/dram_gsn.h) takes the place of the FR-FCFS read
 * queue of dram_sched.c, fed with each bank's state by the DRAM timing model (dram.c);
 * and the controller's counters by traffic class, for either scheduler.
 *
 * What the block sees, and when (every rule of the block itself is in its header):
 *  - Reads only. Writes are L2 write-backs of no application and not demand requests,
 *    so they keep dram_sched.c's write queue, watermarks and drains unchanged; the
 *    channel serves either direction as before (a write drain pauses the block's picks).
 *    Translation requests are always reads (page-table lines are never written).
 *  - An arrival (dsched_arrive) is one edge of its channel's block at the DRAM clock of
 *    its cycle, the op's handle as tag. The block may refuse it (GQ full under
 *    dram.gq_overflow = backpressure, or NQ full): it then waits in the channel's
 *    upstream FIFO, the L2's port held (dram.backpressure_waits), and so does every read
 *    arriving behind it; the FIFO's head is offered again after every issue and quota
 *    commit of its channel, until one is refused. The controller's queue_depth does not
 *    apply: the three queues' sizes do.
 *  - A decision in read mode (dsched_decide at DRAM clock k) is one edge with iss_en:
 *    bank_ready = the banks with queued reads whose ready <= k, open rows from dram.c.
 *    Its pick is issued as FR-FCFS's would be (issue in dram_sched.c); a decision whose
 *    ready banks hold only GQ entries behind a busy GQ head (gq_strict_head) issues
 *    nothing, and the next clock decides again.
 *  - A quota commit (xl_memsys_set_quota, memsys.c) is one edge of every channel's block
 *    at the commit's DRAM clock.
 * An arrival after a decision of the same clock (possible only with ctrl_latency 0) takes
 * that clock for the block: its clk never goes back.
 * With a trace (dsched_gsn_trace, `xlat run --gsn-trace`), every edge of every channel's
 * block is one line, its inputs and a digest of its outputs (model/README.md
 * "DRAM-boundary trace"), for the RTL lockstep's replay (tests/lockstep).
 */
#include "mem/dram_sched.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/memkind.h"

/* One edge of channel c's block: xl_dram_gsn_step, and its line of the trace. */
static void gsn_edge(dsched_t *q, uint32_t c, const xl_gsn_in_t *in, xl_gsn_out_t *out)
{
    FILE *f = q->gsn_trace;
    uint32_t b, a;
    xl_dram_gsn_step(&q->gq[c], in, out);
    if (f == NULL)
        return;
    fprintf(f, "E %u %llu %u %u %llx %u %u %u %x %u %llx %llx ", c, (unsigned long long)in->clk,
            in->arr_valid, in->arr_bank, (unsigned long long)in->arr_row, in->arr_app,
            in->arr_depth, in->arr_write, in->arr_tag, in->iss_en,
            (unsigned long long)in->bank_ready, (unsigned long long)in->open_valid);
    if (in->open_valid == 0u)
        fputc('-', f);
    for (b = 0; b < q->gp.banks; b++)
        if (in->open_valid >> b & 1u)
            fprintf(f, "%s%llx", (in->open_valid & ((UINT64_C(1) << b) - 1u)) ? "," : "",
                    (unsigned long long)in->open_row[b]);
    fprintf(f, " %u ", in->quota_valid);
    if (!in->quota_valid)
        fputc('-', f);
    for (a = 0; in->quota_valid && a < q->gp.napps; a++)
        fprintf(f, "%s%u", a ? "," : "", in->quota[a]);
    fprintf(f, " | %u %u %u %u %u %u %u %u %u %u\n", out->arr_ready, out->arr_queue,
            out->arr_xlat, out->arr_slot, out->iss_valid, out->iss_queue, out->iss_slot,
            out->iss_hit, out->silver_app, out->silver_cnt);
}

void dsched_gsn_trace(dsched_t *q, FILE *f)
{
    q->gsn_trace = f;
    if (f != NULL)
        fprintf(f, "P channels=%u banks=%u entries=%u/%u/%u napps=%u thresh_max=%u "
                "gq_backpressure=%u gq_strict_head=%u silver_timeout=%u\n", q->channels,
                q->gp.banks, q->gp.entries[XL_GSN_GQ], q->gp.entries[XL_GSN_SQ],
                q->gp.entries[XL_GSN_NQ], q->gp.napps, q->gp.thresh_max,
                q->gp.gq_backpressure, q->gp.gq_strict_head, q->gp.silver_timeout);
}

int dsched_gsn_init(dsched_t *q, const xl_config_t *c)
{
    q->gsn = 1;
    q->gp.banks = q->ranks * q->banks;
    q->gp.entries[XL_GSN_GQ] = c->dram.golden_entries;
    q->gp.entries[XL_GSN_SQ] = c->dram.silver_entries;
    q->gp.entries[XL_GSN_NQ] = c->dram.normal_entries;
    q->gp.napps = 1;                  /* until xl_memsys_set_apps */
    q->gp.thresh_max = c->dram.thresh_max;
    q->gp.gq_backpressure = c->dram.gq_overflow == XL_GQ_BACKPRESSURE;
    q->gp.gq_strict_head = (uint8_t)(c->dram.gq_strict_head != 0u);
    q->gp.silver_timeout = c->dram.silver_timeout;
    q->gq = calloc(q->channels, sizeof *q->gq);
    q->open_row = calloc(q->gp.banks, sizeof *q->open_row);
    if (q->gq == NULL || q->open_row == NULL)
        return -1;
    return dsched_gsn_apps(q, 1, NULL, 0) == 0 ? 0 : -1;
}

int dsched_gsn_apps(dsched_t *q, unsigned napps, char *err, size_t errlen)
{
    uint32_t c;
    if (!q->gsn)
        return 0;
    q->gp.napps = napps;
    for (c = 0; c < q->channels; c++)
        if (xl_dram_gsn_reset(&q->gq[c], &q->gp, err, errlen) != XL_OK)
            return -1;
    return 0;
}

void dsched_gsn_free(dsched_t *q)
{
    uint32_t c;
    if (q->gq != NULL)
        for (c = 0; c < q->channels; c++)
            xl_dram_gsn_free(&q->gq[c]);
    free(q->gq);
    free(q->open_row);
    q->gq = NULL;
    q->open_row = NULL;
}

int dsched_gsn_admit(dsched_t *q, uint32_t c, uint32_t i, uint64_t clk, int head)
{
    xl_dram_gsn_t *g = &q->gq[c];
    const dsched_op_t *o = &q->op[i];
    xl_gsn_in_t in;
    xl_gsn_out_t out;
    if (!head && q->ch[c].uhead[0] != DSCHED_NONE)
        return 0;                     /* behind the reads the port already holds */
    memset(&in, 0, sizeof in);
    in.clk = clk > g->last_clk ? clk : g->last_clk;
    in.arr_valid = 1;
    in.arr_bank = o->bank;
    in.arr_row = o->row;
    in.arr_app = o->app;
    in.arr_depth = o->depth;
    in.arr_tag = i;
    gsn_edge(q, c, &in, &out);
    return out.arr_ready;
}

uint32_t dsched_gsn_pick(dsched_t *q, uint32_t c, uint64_t k)
{
    const dsched_chan_t *ch = &q->ch[c];
    xl_dram_gsn_t *g = &q->gq[c];
    xl_gsn_in_t in;
    xl_gsn_out_t out;
    uint32_t bi;
    memset(&in, 0, sizeof in);
    in.clk = k > g->last_clk ? k : g->last_clk;
    in.iss_en = 1;
    /* the banks with queued reads, in order of ready (dram_sched.h): a prefix is ready */
    for (bi = ch->ahead[0]; bi != DSCHED_NONE; bi = ch->bank[bi].q[0].anext) {
        uint64_t r;
        if (ch->bank[bi].ready > k)
            break;
        in.bank_ready |= UINT64_C(1) << bi;
        r = dram_open_row(q->dram, c, bi);
        if (r != DRAM_NO_ROW) {
            in.open_valid |= UINT64_C(1) << bi;
            q->open_row[bi] = r;
        }
    }
    in.open_row = q->open_row;
    gsn_edge(q, c, &in, &out);
    return out.iss_valid ? out.iss.tag : DSCHED_NONE;
}

void dsched_gsn_quota(dsched_t *q, uint64_t k, const uint32_t *thresh, unsigned napps)
{
    xl_gsn_in_t in;
    uint32_t c, a;
    if (!q->gsn)
        return;
    memset(&in, 0, sizeof in);
    in.quota_valid = 1;
    for (a = 0; a < napps && a < XL_GSN_MAX_APPS; a++)
        in.quota[a] = (uint16_t)(thresh[a] > XL_GSN_THRESH_MAX ? XL_GSN_THRESH_MAX : thresh[a]);
    for (c = 0; c < q->channels; c++) {
        xl_dram_gsn_t *g = &q->gq[c];
        xl_gsn_out_t out;
        in.clk = k > g->last_clk ? k : g->last_clk;
        gsn_edge(q, c, &in, &out);
        dsched_refill(q, c, in.clk);    /* a new Silver turn may take what waits */
    }
}

void dsched_gsn_stats(const dsched_t *q, xl_stats_t *s, uint64_t now_clk)
{
    static const char *const qn[XL_GSN_QUEUES] = { "gq", "sq", "nq" };
    static const char *const ql[XL_GSN_QUEUES] = { "Golden", "Silver", "Normal" };
    uint64_t v[XL_GSN_QUEUES][5];       /* enqueues, issued, max, occupancy sum, row hits */
    uint64_t tot[8];
    uint32_t c, x;
    char name[64], desc[160];

    /* by class, either scheduler */
    xl_stats_counter(s, "dram.read_latency_data",
                     "sum of GPU cycles from a data read reaching its channel to its burst's end",
                     &q->lat_sum[MK_DATA]);
    xl_stats_counter(s, "dram.read_latency_pt",
                     "sum of GPU cycles from a page-table read reaching its channel to its "
                     "burst's end", &q->lat_sum[MK_PT]);
    xl_stats_ratio(s, "dram.read_latency_avg_data", "mean DRAM latency of data reads (GPU cycles)",
                   q->lat_sum[MK_DATA], q->rd[MK_DATA], 1);
    xl_stats_ratio(s, "dram.read_latency_avg_pt",
                   "mean DRAM latency of page-table reads (GPU cycles)", q->lat_sum[MK_PT],
                   q->rd[MK_PT], 1);
    xl_stats_counter(s, "dram.read_latency_max_data", "largest DRAM latency of a data read",
                     &q->lat_max[MK_DATA]);
    xl_stats_counter(s, "dram.read_latency_max_pt", "largest DRAM latency of a page-table read",
                     &q->lat_max[MK_PT]);
    xl_stats_counter(s, "dram.bus_busy_data",
                     "DRAM clocks of data-bus bursts of data lines (reads and writes)",
                     &q->bus[MK_DATA]);
    xl_stats_counter(s, "dram.bus_busy_pt", "DRAM clocks of data-bus bursts of page-table lines",
                     &q->bus[MK_PT]);
    xl_stats_counter(s, "dram.row_hits_data", "DRAM row hits of data lines", &q->hits_kd[MK_DATA]);
    xl_stats_counter(s, "dram.row_hits_pt", "DRAM row hits of page-table lines",
                     &q->hits_kd[MK_PT]);

    /* the Golden/Silver/Normal queues (0 under frfcfs), summed over channels; the
     * largest occupancy is the largest of one channel */
    memset(v, 0, sizeof v);
    memset(tot, 0, sizeof tot);
    for (c = 0; q->gsn && c < q->channels; c++) {
        const xl_dram_gsn_t *g = &q->gq[c];
        for (x = 0; x < XL_GSN_QUEUES; x++) {
            v[x][0] += g->enq[x];
            v[x][1] += g->issued[x];
            if (g->max_occ[x] > v[x][2])
                v[x][2] = g->max_occ[x];
            /* up to now_clk: the occupancy since the block's last edge */
            v[x][3] += g->occ_sum[x] +
                       (now_clk > g->last_clk ? (uint64_t)g->n[x] * (now_clk - g->last_clk) : 0u);
            v[x][4] += g->issued_hit[x];
        }
        tot[0] += g->gq_overflows;
        tot[1] += g->issued_xlat_nq;
        tot[2] += g->refused;
        tot[3] += g->silver_turns;
        tot[4] += g->quota_exhaustions;
        tot[5] += g->commit_advances;
        tot[6] += g->timeout_advances;
    }
    for (x = 0; x < XL_GSN_QUEUES; x++) {
        snprintf(name, sizeof name, "dram.%s_enqueues", qn[x]);
        snprintf(desc, sizeof desc, "dram.sched = gsn: reads entering the %s queue", ql[x]);
        xl_stats_value(s, name, desc, v[x][0]);
        snprintf(name, sizeof name, "dram.%s_issued", qn[x]);
        snprintf(desc, sizeof desc, "dram.sched = gsn: reads issued from the %s queue", ql[x]);
        xl_stats_value(s, name, desc, v[x][1]);
        snprintf(name, sizeof name, "dram.%s_row_hits", qn[x]);
        snprintf(desc, sizeof desc, "dram.sched = gsn: row hits among the %s queue's issues",
                 ql[x]);
        xl_stats_value(s, name, desc, v[x][4]);
        snprintf(name, sizeof name, "dram.%s_max", qn[x]);
        snprintf(desc, sizeof desc, "dram.sched = gsn: most entries in one channel's %s queue",
                 ql[x]);
        xl_stats_value(s, name, desc, v[x][2]);
        snprintf(name, sizeof name, "dram.%s_occupancy", qn[x]);
        snprintf(desc, sizeof desc, "dram.sched = gsn: %s queue entries x DRAM clocks, summed "
                 "over channels", ql[x]);
        xl_stats_value(s, name, desc, v[x][3]);
        snprintf(name, sizeof name, "dram.%s_occupancy_avg", qn[x]);
        snprintf(desc, sizeof desc, "dram.sched = gsn: time-weighted mean entries of one "
                 "channel's %s queue", ql[x]);
        xl_stats_ratio(s, name, desc, v[x][3], now_clk * q->channels, 2);
    }
    xl_stats_value(s, "dram.gq_overflows",
                   "dram.sched = gsn: translation reads sent to the Normal queue by a full Golden "
                   "queue (dram.gq_overflow = to_nq)", tot[0]);
    xl_stats_value(s, "dram.nq_xlat_issued",
                   "dram.sched = gsn: such reads issued from the Normal queue", tot[1]);
    xl_stats_value(s, "dram.gsn_refusals",
                   "dram.sched = gsn: offers of a read that its queue could not take (it waits "
                   "upstream; retries counted)", tot[2]);
    xl_stats_value(s, "dram.silver_turns",
                   "dram.sched = gsn: Silver turns passed on (all causes, all channels)", tot[3]);
    xl_stats_value(s, "dram.silver_quota_exhaustions",
                   "dram.sched = gsn: turns passed on because the application used its quota",
                   tot[4]);
    xl_stats_value(s, "dram.silver_commit_advances",
                   "dram.sched = gsn: turns passed on at a quota commit (quota 0 or used up)",
                   tot[5]);
    xl_stats_value(s, "dram.silver_timeout_advances",
                   "dram.sched = gsn: turns passed on by dram.silver_timeout", tot[6]);
}
