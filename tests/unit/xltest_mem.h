/*
 * xltest_mem.h - what the unit tests of the memory system share (t12_memsys.c,
 * t27_dram_energy.c): a memory system from a config, the default config with the linear
 * DRAM mapping their hand-computed bank and row examples use, and one request submitted.
 */
#ifndef XLTEST_MEM_H
#define XLTEST_MEM_H

#include <stdint.h>
#include <string.h>

#include "xltest.h"
#include "xlat/config.h"
#include "xlat/memsys.h"

static inline xl_memsys_t *mk(const xl_config_t *c)
{
    char err[200] = "";
    xl_memsys_t *m = xl_memsys_create(c, err, sizeof err);
    assert_non_null(m);
    assert_string_equal(err, "");
    return m;
}

/* Default config with the linear mapping of the hand-computed bank/row examples. */
static inline void lin_config(xl_config_t *c)
{
    xl_config_defaults(c);
    c->dram.mapping = XL_DRAM_MAP_LINEAR;
}

/* Request id at cycle now: a read or write of the line at pa, of traffic class kind,
 * through the L2 or around it (bypass). */
static inline void sub(xl_memsys_t *m, uint64_t now, uint64_t id, xl_pa_t pa, int write,
                       int kind, int bypass)
{
    xl_mem_req_t r;
    memset(&r, 0, sizeof r);
    r.id = id;
    r.addr = pa;
    r.write = (uint8_t)write;
    r.kind = (uint8_t)kind;
    r.bypass_l2 = (uint8_t)bypass;
    xl_memsys_submit(m, now, &r);
}

#endif
