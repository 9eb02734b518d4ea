/*
 * watchdog.c - the watchdog's report (docs/architecture.md §4): when no instruction has
 * retired for sim.watchdog cycles, each component says what it waits for.
 */
#include "sys/system.h"

/* ------------------------------------------------------------------ watchdog */

void sys_dump_waits(const xl_sim_t *g, FILE *f)
{
    fprintf(f, "xlat: no instruction retired for %llu cycles (cycle %llu); who waits on what:\n",
            (unsigned long long)g->cfg.sim.watchdog, (unsigned long long)g->now);
    for (uint32_t c = 0; c < g->core.ncu; c++) {
        const cu_t *cu = &g->core.cu[c];
        for (uint32_t s = 0; s < g->core.spc; s++) {
            const slot_t *st = &cu->slot[s];
            if (st->state == W_FREE)
                continue;
            static const char *const sn[] = {"free",    "ready",   "busy",
                                             "memory",  "barrier", "waiting for memory"};
            fprintf(f, "  cu %u slot %u: %s", c, s, sn[st->state]);
            for (uint32_t r = s * g->core.kmem; r < (s + 1) * g->core.kmem; r++)
                if (cu->rec[r].live)
                    fprintf(f, "; instr %u: %u translations, %u lines outstanding",
                            cu->rec[r].instr_id, cu->rec[r].pend_tr, cu->rec[r].pend_lines);
            fputc('\n', f);
        }
        fprintf(f, "  cu %u: L1 TLB MSHRs %u/%u used, %u misses waiting for an MSHR\n", c,
                g->tlb.l1[c].t.used, g->cfg.l1tlb.mshrs, g->tlb.l1[c].retry.n);
    }
    fprintf(f, "  L2 TLB MSHRs %u/%u used, %u misses waiting\n", g->tlb.l2t.used,
            g->cfg.l2tlb.mshrs, g->tlb.l2_retry.n);
    fprintf(f, "  IOMMU: %u in TLB queue, %u waiting for the buffer, buffer %u/%u, walkers busy %u/%u, "
            "%u responses queued\n", g->iommu.in_fifo.n, g->iommu.sched_fifo.n, g->iommu.wp.ws.count,
            g->cfg.iommu.buffer_entries, g->cfg.iommu.walkers - g->iommu.wp.idle,
            g->cfg.iommu.walkers, g->iommu.rsp_fifo.n);
    static const char *const wsn[] = {"idle", "pwc lookup", "waiting for the memory port",
                                      "waiting for its read"};
    for (uint32_t w = 0; w < g->cfg.iommu.walkers; w++)
        if (g->iommu.wp.wk[w].state != XL_WK_IDLE)
            fprintf(f, "  walker %u: va 0x%llx at %s, %s, %u reads done\n", w,
                    (unsigned long long)g->iommu.wp.wk[w].va, lvl_name[g->iommu.wp.wk[w].level],
                    wsn[g->iommu.wp.wk[w].state], g->iommu.wp.wk[w].reads);
    fprintf(f, "  memory system: %llu requests pending; %zu timed events queued\n",
            (unsigned long long)xl_memsys_pending(g->mem), evq_count(&g->q));
}

