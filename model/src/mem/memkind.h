/*
 * memkind.h - the two traffic classes the memory system's counters split (memsys.h
 * xl_mem_kind_t; docs/isca18-micro18.md §7.1: DRAM reads and writes by source): data and
 * page-table lines. The L2 (l2cache.h) and the DRAM controller (dram_sched.h) keep a
 * request's class, never its kind: the kind only ever matters through its class.
 */
#ifndef XLAT_MEM_MEMKIND_H
#define XLAT_MEM_MEMKIND_H

#include "xlat/memsys.h"

/* MK_NCLASS: how many there are, the size of the counters split by class (an instruction
 * class, for MICRO'21's instruction fetch, would go before it) */
enum { MK_DATA = 0, MK_PT = 1, MK_NCLASS = 2 };

/* The class of a request kind: XL_MEM_PT counts as page table, every other kind as data. */
static inline unsigned mk_class(uint8_t kind)
{
    return kind == XL_MEM_PT ? MK_PT : MK_DATA;
}

#endif
