/*
 * dispatch.h - kernel and work-group dispatch (docs/isca18-micro18.md §1.5, §7.1): the
 * workload's kernels in order, each kernel's work-groups placed whole on CUs round-robin;
 * a kernel starts when the previous one has retired its last wavefront.
 */
#ifndef XLAT_GPU_DISPATCH_H
#define XLAT_GPU_DISPATCH_H

#include <stdint.h>

#include "xlat/workload.h"

typedef struct xl_sim xl_sim_t;

typedef struct {
    int dispatch_pending;     /* a slot was freed or a kernel may start: try dispatch */
    uint32_t kernel;          /* the current kernel (kernels done, after the run) */
    xl_kernel_t k;
    int have_kernel;
    uint32_t next_wg, rr_cu;
    uint64_t wave_uid;        /* wavefronts placed: each wave's dispatch number */
    uint64_t *kcycles;        /* [k]: cycles of kernel k, from the placement of its first
                               * work-group to the retirement of its last wavefront */
    uint32_t kcap;            /* kcycles entries allocated */
    uint64_t k_start;         /* cycle the current kernel started */
} disp_t;

/* Place what can be placed now; start the next kernel when the current one is done. */
void disp_run(xl_sim_t *g);
void disp_free(disp_t *d);

#endif
