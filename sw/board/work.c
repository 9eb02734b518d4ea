/*
 * work.c - what both modes of work.h share: the next request and the line a read gets
 * (fpga/README.md "The protocol": the A and R frames' contents).
 */
#include <stdlib.h>
#include <string.h>

#include "work.h"

int xb_work_next(xb_work_t *w, xb_arrival_t *a)
{
    if (w->issued >= w->limit)
        return 0;
    if (w->replay)
        *a = w->arr[w->issued];
    else
        xb_gen_next(w, a);
    w->issued++;
    return 1;
}

uint64_t xb_work_left(const xb_work_t *w)
{
    return w->limit - w->issued;
}

void xb_work_line(xb_work_t *w, xl_pa_t addr, uint64_t line[8])
{
    xl_pa_t a = addr & XL_PA_MASK & ~(xl_pa_t)63u;
    if (!w->replay) {
        /* beyond the simulated memory a read gives zeros (and counts a bad access); the
         * twins agree on the address before a line is sent, so it is the page table's */
        if (a + 64u <= xl_physmem_size(w->pm)) {
            xl_physmem_read_line(w->pm, a, line);
            return;
        }
        memset(line, 0, 8 * sizeof line[0]);
        w->zero_lines++;
        return;
    }
    const uint64_t *l = xb_lines_get(&w->lines, a);
    if (l != NULL) {
        memcpy(line, l, 8 * sizeof line[0]);
        return;
    }
    /* a read the trace has no line for (the board's walks differ from the recording's: other
     * parameters, other timing): eight not-present entries, the same line for both twins */
    memset(line, 0, 8 * sizeof line[0]);
    w->zero_lines++;
}

void xb_work_free(xb_work_t *w)
{
    if (w->pm != NULL)
        xl_physmem_destroy(w->pm);
    free(w->arr);
    xb_lines_free(&w->lines);
    memset(w, 0, sizeof *w);
}
