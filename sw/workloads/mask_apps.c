/*
 * mask_apps.c - the applications of the MASK paper (Ausavarungnirun et al., ASPLOS'18,
 * §6 and Table 2) that the project did not have yet, as generators on one parameterised
 * kernel engine (prefix mk_). LUD, NW, Hotspot (HS) and BackProp (BP) are the Rodinia
 * generators of rodinia.c and nw.c; the other 23 are here. docs/papers/mask.md "The 27
 * applications" lists each one's real code, input, pattern and measured class.
 *
 * Why an engine: what decides an application's L1 and L2 TLB miss rates is which pages
 * its wavefronts touch and when (how many distinct pages one memory instruction covers,
 * how far apart the work-groups a core holds at once are, how much of the footprint is
 * touched again within the 512-entry L2 TLB's reach). Each application is a short
 * description of its real kernels in those terms: the arrays it allocates (regions), the
 * thread-to-data mapping of each kernel (a 1-D or 2-D index space cut into work-group
 * tiles, the CUDA block shape and the loop the threads run), and per loop trip the loads
 * and stores with their address kinds (the lane's own element and stencil neighbours, a
 * row or column walk of a tiled product, a per-thread chunk, a random or nearby gather,
 * a broadcast). ALU gaps, LDS work and barriers stand for the arithmetic between the
 * accesses; they set how many accesses are in flight, not which pages they touch.
 *
 * Threads are the model's 64-lane wavefronts (ASPLOS'18 Table 1: 64 threads per warp):
 * a CUDA block of 128 threads is 2 wavefronts, a 16 x 16 block is 4 wavefronts of 16 x 4.
 * Work-groups are numbered x fastest, as CUDA numbers blocks, and the dispatcher hands
 * them to cores in order.
 *
 * Determinism: random addresses come from the wavefront's own xl_rng (derived from the
 * seed and the wavefront's kernel, work-group and index); integer arithmetic only.
 * Scale (--scale, wl->scale_ppm): every kernel runs ceil(WGs * scale) work-groups (raised
 * to workload.min_rounds rounds, xl_wl_scaled_wgs) and an application runs
 * ceil(launches * scale) launches; the geometry (array shapes, block shapes, strides,
 * pages per instruction) never changes.
 */
#include "xlat/workloads.h"

#include <stdio.h>
#include <string.h>

#define MK_MAX_SLOTS  18u
#define MK_MAX_PHASES 4u
#define MK_VEC        4u   /* issue cycles of one 64-lane vector op on a 16-wide SIMD */
#define MK_ALL        (~UINT64_C(0))

/* Address kinds of a memory slot (per lane; x, y, z are the lane's coordinates in the
 * kernel's index space, i the loop trip, tid = y * nx + x). */
enum {
    MK_XY,    /* element (x + dx, y + dy, z + dz) of the region, row-major with its row
               * length: the lane's own element and its stencil neighbours */
    MK_ROWK,  /* element (i * lw + lane_x + dx, y): the A operand of a tiled product, a
               * wavefront scanning its row */
    MK_COLK,  /* element (x, i * th + tile_row + dy): the B operand of a tiled product, a
               * column filter's taps */
    MK_LANE,  /* element tid * dx + i * dy + dz: each thread its own chunk (lanes dx
               * elements apart: uncoalesced) */
    MK_RAND,  /* a uniformly random element of the region */
    MK_NEAR,  /* a random element within dx elements after the lane's (tid * dy + dz)
               * element: a gather with locality */
    MK_BCAST, /* every lane the element i * dx + dz: a coefficient or weight */
    MK_BLK,   /* element wg * dx + i * dy + wave * 64 + lane + dz: a work-group's own
               * contiguous block, its threads striding through it (blockDim apart) */
    MK_PITCH  /* element y * dy + x + dx: rows of the slot's own pitch dy (a butterfly
               * pass whose row is 4 strides) */
};

#define MK_SPARSE 1u
#define MK_AGAIN  2u

/* How a work-group's tile moves from loop trip to loop trip. */
enum {
    MK_STAY,  /* the same tile every trip (the address kind moves: ROWK, COLK, LANE) */
    MK_Z,     /* trip i is plane z = i: 2-D blocks marching through a 3-D grid */
    MK_GRID   /* trip i is tile wg + i * wgs: a grid-stride loop */
};

typedef struct {
    uint8_t op;      /* XL_OP_LOAD or XL_OP_STORE */
    uint8_t reg;     /* region index */
    uint8_t kind;    /* MK_XY ... */
    uint8_t flags;   /* MK_SPARSE: only the trip's active lanes (a BFS frontier);
                      * MK_AGAIN: the previous memory slot's random draws again (the
                      * store of a read-modify-write goes where its load went) */
    int32_t dx, dy, dz;
} mk_slot_t;

typedef struct {
    uint32_t nx, ny;        /* index space: nx x ny threads (ny = 1: 1-D) */
    uint8_t lw;             /* lanes of a wavefront along x (64 / lw rows); 64: one row,
                             * the work-group's wavefronts side by side along x */
    uint8_t wpg;            /* wavefronts per work-group (stacked along y when lw < 64) */
    uint8_t xmul, ymul;     /* a tile spans xmul times its lanes along x and ymul times its
                             * rows along y (threads that compute several outputs, e.g. the
                             * convolution's 8 result steps); 0 = 1 */
    uint8_t walk;           /* MK_STAY, MK_Z, MK_GRID */
    uint8_t bar;            /* a barrier at the end of each trip */
    uint32_t wgs;           /* work-groups; 0 = the tiles of the index space */
    uint32_t iters;         /* loop trips per wavefront */
    uint16_t alu;           /* ALU issue cycles before each memory instruction */
    uint16_t lds;           /* LDS issue cycles at the end of each trip (0: none) */
    uint32_t active_ppm;    /* sparse slots: each lane active with this probability */
    uint8_t nslot;
    mk_slot_t slot[MK_MAX_SLOTS];
} mk_phase_t;

typedef struct {
    const char *name;
    uint64_t elems;   /* elements */
    uint32_t rx;      /* elements per row (1-D: = elems) */
    uint8_t esize;    /* bytes per element (the lanes' access size) */
    uint32_t ry;      /* rows per plane (3-D grids; 0: all rows, one plane) */
} mk_region_t;

typedef struct {
    xl_wl_desc_t desc;   /* first: the registry hands out &desc, create() finds the rest */
    uint8_t nreg, nphase;
    uint32_t launches;   /* the phases run in order this many times per run */
    mk_region_t reg[XL_WL_MAX_REGIONS];
    mk_phase_t ph[MK_MAX_PHASES];
} mk_app_t;

static const mk_app_t *mk_of(const xl_workload_t *wl)
{
    /* desc is the first member of mk_app_t, so the descriptor's address is the app's */
    return (const mk_app_t *)(const void *)wl->desc;
}

/* What MICRO'21 (bench/results/reach-workloads.md) needs of the applications it shares
 * with MASK: each phase's code size in bytes (MICRO'21 gives none [I]; 0 would mean
 * icache.code_bytes) and, as the phases repeat launch after launch, phase p's code object
 * p + 1 (BFS: BFS_1, BFS_2, BFS_1, ...); none of them allocates LDS. gups: region 0 is
 * workload.gups_table_mb and the update loop's trips scale with --scale. */
typedef struct {
    const char *name;
    uint32_t code_bytes[MK_MAX_PHASES];
    uint8_t gups;
} mk_m21_t;

static const mk_m21_t mk_m21[] = {
    {"bfs2", {6144, 4096}, 0},   /* BFS_1: edge loop and nested tests; BFS_2: flag sweep */
    {"gup", {6144}, 1},          /* the update loop */
    {"srad", {6144, 6144}, 0},   /* srad_cuda_1, srad_cuda_2: stencil arithmetic */
};

static const mk_m21_t *mk_m21_of(const mk_app_t *a)
{
    for (unsigned i = 0; i < sizeof mk_m21 / sizeof mk_m21[0]; i++)
        if (strcmp(mk_m21[i].name, a->desc.name) == 0)
            return &mk_m21[i];
    return NULL;
}

static int mk_create(xl_workload_t *wl, char *err, size_t errlen)
{
    const mk_app_t *a = mk_of(wl);
    wl->nregions = a->nreg;
    for (unsigned r = 0; r < a->nreg; r++) {
        wl->regions[r].name = a->reg[r].name;
        wl->regions[r].bytes = a->reg[r].elems * a->reg[r].esize;
    }
    const mk_m21_t *m21 = mk_m21_of(a);
    if (m21 && m21->gups) {
        uint32_t mb = wl->params.gups_table_mb;
        if (mb == 0 || (mb & (mb - 1u))) {
            snprintf(err, errlen, "%s: workload.gups_table_mb %u is not a power of two",
                     a->desc.name, mb);
            return XL_EINPUT;
        }
        wl->regions[0].bytes = (uint64_t)mb << 20;   /* the table: mb MB of 8-byte words */
    }
    wl->priv = NULL;
    return XL_OK;
}

static void mk_destroy(xl_workload_t *wl)
{
    (void)wl;
}

/* The tile of a work-group: tw x th threads (lanes x rows). A wavefront of lw < 64 lanes
 * per row covers 64 / lw rows and the work-group's wavefronts stack along y; lw = 64 (and
 * every 1-D space) puts them side by side along x, as a 1-D CUDA block of 64 * wpg
 * threads. xmul and ymul widen the tile for threads that compute several outputs. */
static uint32_t mk_rpw(const mk_phase_t *p)
{
    return p->lw >= XL_MAX_LANES ? 1u : XL_MAX_LANES / p->lw;
}
static uint64_t mk_tw(const mk_phase_t *p)
{
    uint64_t m = p->xmul ? p->xmul : 1u;
    return (p->lw >= XL_MAX_LANES ? (uint64_t)XL_MAX_LANES * p->wpg : p->lw) * m;
}
static uint64_t mk_th(const mk_phase_t *p)
{
    uint64_t m = p->ymul ? p->ymul : 1u;
    return (p->lw >= XL_MAX_LANES ? 1u : (uint64_t)mk_rpw(p) * p->wpg) * m;
}

/* Tiles of the index space (the work-groups of a kernel with wgs = 0). */
static uint64_t mk_tiles(const mk_phase_t *p)
{
    uint64_t tw = mk_tw(p), th = mk_th(p);
    return ((p->nx + tw - 1u) / tw) * ((p->ny + th - 1u) / th);
}

static int mk_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const mk_app_t *a = mk_of(wl);
    if (k >= xl_wl_scaled(a->launches, wl->scale_ppm) * a->nphase)
        return 0;
    const mk_phase_t *p = &a->ph[k % a->nphase];
    uint64_t wgs = p->wgs ? p->wgs : mk_tiles(p);
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, wgs, p->wpg);
    out->waves_per_wg = p->wpg;
    const mk_m21_t *m21 = mk_m21_of(a);
    if (m21) {
        out->code_bytes = m21->code_bytes[k % a->nphase];
        out->code_id = k % a->nphase + 1u;
    }
    return 1;
}

/* Cursor: a[0] loop trip, a[1] position in the trip (2 per slot: ALU then memory, then
 * LDS, then barrier), a[2] the trip's active lanes, a[3] 1 while the wavefront runs,
 * a[4] the random stream's state before the last memory slot, a[5] the loop's trips. */
static void mk_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k;
    w->a[3] = 0;
    if (!mk_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave >= k.waves_per_wg)
        return;
    w->a[0] = 0;
    w->a[1] = 0;
    w->a[2] = MK_ALL;
    w->a[3] = 1;
    w->a[4] = w->rng.s;
    /* GUPS: a run at scale s does ceil(s * updates) updates a thread (its work-groups
     * cannot shrink: min_rounds keeps them all) */
    const mk_app_t *a = mk_of(wl);
    const mk_phase_t *p = &a->ph[w->kernel % a->nphase];
    const mk_m21_t *m21 = mk_m21_of(a);
    w->a[5] = m21 && m21->gups ? xl_wl_scaled(p->iters, wl->scale_ppm) : p->iters;
}

/* The addresses of one memory instruction: lane l's element at trip i, for the lanes of
 * mask m (the others get the region's base). What does not depend on the lane (the
 * work-group's tile, the plane, the region's length) is worked out once per instruction;
 * the lane's place (tx, ty) in the tile is counted along, not divided out. Random kinds
 * draw from the wavefront's stream for the active lanes in lane order. */
static void mk_addrs(const xl_workload_t *wl, const mk_phase_t *p, uint32_t wgs,
                     const mk_slot_t *s, xl_wave_t *w, uint64_t i, uint64_t m,
                     xl_va_t *va)
{
    const mk_region_t *R = &mk_of(wl)->reg[s->reg];
    const xl_region_t *G = &wl->regions[s->reg];
    const uint64_t t = p->walk == MK_GRID ? w->wg + i * wgs : w->wg;
    const uint64_t tw = mk_tw(p), th = mk_th(p);
    const uint64_t ntx = (p->nx + tw - 1u) / tw, nty = (p->ny + th - 1u) / th;
    const uint64_t z = p->walk == MK_Z ? i : 0;
    const uint64_t x0 = (t % ntx) * tw, y0 = ((t / ntx) % nty) * th;
    const uint64_t plane = R->ry ? R->ry : (R->elems + R->rx - 1u) / R->rx;
    const int64_t n = (int64_t)(G->bytes / R->esize);
    const int wide = p->lw >= XL_MAX_LANES;
    const uint64_t lw = p->lw, rpw = mk_rpw(p);
    uint64_t tx = wide ? (uint64_t)w->wave * XL_MAX_LANES : 0;
    uint64_t ty = wide ? 0 : (uint64_t)w->wave * rpw;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if ((m >> l) & 1u) {
            const uint64_t x = x0 + tx, y = y0 + ty;
            const uint64_t tid = y * p->nx + x;
            int64_t e;
            switch (s->kind) {
            case MK_XY:
                e = (((int64_t)z + s->dz) * (int64_t)plane + (int64_t)y + s->dy) *
                        (int64_t)R->rx + (int64_t)x + s->dx;
                break;
            case MK_ROWK:
                e = (int64_t)(y * R->rx + i * tw + tx) + s->dx;
                break;
            case MK_COLK:
                e = ((int64_t)(i * th + ty) + s->dy) * (int64_t)R->rx + (int64_t)x;
                break;
            case MK_LANE:
                e = (int64_t)(tid * (uint64_t)s->dx + i * (uint64_t)s->dy) + s->dz;
                break;
            case MK_RAND:   /* the region as laid out (GUPS: workload.gups_table_mb) */
                e = (int64_t)xl_rng_below(&w->rng, G->bytes / R->esize);
                break;
            case MK_NEAR:
                e = (int64_t)(tid * (uint64_t)s->dy) + s->dz +
                    (int64_t)xl_rng_below(&w->rng, (uint64_t)s->dx);
                break;
            case MK_BCAST:
                e = (int64_t)(i * (uint64_t)s->dx) + s->dz;
                break;
            case MK_PITCH:
                e = (int64_t)(y * (uint64_t)s->dy + x) + s->dx;
                break;
            default: /* MK_BLK */
                e = (int64_t)((uint64_t)w->wg * (uint64_t)s->dx + i * (uint64_t)s->dy +
                              (uint64_t)w->wave * XL_MAX_LANES + l) + s->dz;
                break;
            }
            /* Halo lanes past an edge read the array's other end, as a wrapped index
             * would: the page they touch is still one of the array's. (Most elements
             * are inside: the division is only for those that are not.) */
            if (e < 0 || e >= n) {
                e %= n;
                if (e < 0)
                    e += n;
            }
            va[l] = G->base + (uint64_t)e * R->esize;
        } else {
            va[l] = G->base;
        }
        if (wide) {
            tx++;
        } else if (++tx == lw) {
            tx = 0;
            ty++;
        }
    }
}

static int mk_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const mk_app_t *a = mk_of(wl);
    if (!w->a[3])
        return xl_wl_end(out);
    const mk_phase_t *p = &a->ph[w->kernel % a->nphase];
    const uint32_t wgs = p->wgs ? p->wgs : (uint32_t)mk_tiles(p);
    const uint64_t npos = 2u * p->nslot + 2u;
    const uint64_t iters = w->a[5];
    for (;;) {
        uint64_t i = w->a[0], pos = w->a[1];
        if (i >= iters) {
            w->a[3] = 0;
            return xl_wl_end(out);
        }
        if (++w->a[1] == npos) {
            w->a[1] = 0;
            w->a[0]++;
        }
        if (pos == 0 && p->active_ppm) {
            /* the trip's frontier: each lane with probability active_ppm */
            uint64_t m = 0;
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                if (xl_rng_below(&w->rng, XL_SCALE_ONE) < p->active_ppm)
                    m |= UINT64_C(1) << l;
            w->a[2] = m;
        }
        const uint32_t pc = (uint32_t)pos;
        if (pos < 2u * p->nslot) {
            const mk_slot_t *s = &p->slot[pos / 2u];
            uint64_t m = (s->flags & MK_SPARSE) ? w->a[2] : MK_ALL;
            if (m == 0)
                continue;   /* no lane of the frontier: the branch is not taken */
            if (pos % 2u == 0) {
                if (!p->alu)
                    continue;
                xl_wl_op(out, XL_OP_ALU, 0, p->alu, pc, m);
            } else {
                /* a[4]: the random stream before the last memory slot, which an
                 * MK_AGAIN slot replays (then carries on from where it had got) */
                xl_rng_t keep = w->rng;
                if (s->flags & MK_AGAIN)
                    w->rng.s = w->a[4];
                else
                    w->a[4] = w->rng.s;
                xl_wl_op(out, s->op, a->reg[s->reg].esize, 0, pc, m);
                mk_addrs(wl, p, wgs, s, w, i, m, out->va);
                if (s->flags & MK_AGAIN)
                    w->rng = keep;
            }
        } else if (pos == 2u * p->nslot) {
            if (!p->lds)
                continue;
            xl_wl_op(out, XL_OP_LDS, 0, p->lds, pc, MK_ALL);
        } else {
            if (!p->bar)
                continue;
            xl_wl_op(out, XL_OP_BARRIER, 0, 0, pc, MK_ALL);
        }
        w->step++;
        return 1;
    }
}

/* ================================================================ the applications === */

#define LD XL_OP_LOAD
#define ST XL_OP_STORE
#define S(op, reg, kind, dx, dy, dz) {op, reg, kind, 0, dx, dy, dz}
/* A 3-D 7-point stencil trip (LPS, 3DS): the centre and its six neighbours of region 0,
 * one store to region 1. */
#define STENCIL7_STEPS                                                                   \
    S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, -1, 0, 0), S(LD, 0, MK_XY, 1, 0, 0),        \
    S(LD, 0, MK_XY, 0, -1, 0), S(LD, 0, MK_XY, 0, 1, 0), S(LD, 0, MK_XY, 0, 0, -1),       \
    S(LD, 0, MK_XY, 0, 0, 1), S(ST, 1, MK_XY, 0, 0, 0)
#define SP(op, reg, kind, dx, dy, dz) {op, reg, kind, MK_SPARSE, dx, dy, dz}
#define SA(op, reg, kind, dx, dy, dz) {op, reg, kind, MK_AGAIN, dx, dy, dz}
#define DESC(nm, al, su, kl, sum) \
    {nm, al, su, kl, sum, mk_create, mk_destroy, mk_kernel, mk_wave_begin, mk_wave_next}
#define M (UINT64_C(1) << 20)
#define K UINT64_C(1024)

static const mk_app_t mk_apps[] = {
/* ---------------------------------------------------------------- Low L1 / Low L2 --- */
/* NN: the neural-network digit recogniser of the GPGPU-Sim ISPASS'09 set (CUDA):
 * convolutional layers whose threads are output neurons and whose loops run over the
 * kernel taps, reading a small weight table (every lane the same weight) and the input
 * feature map near their own position. Input: 28 digits; weights 133,066 floats (the
 * four layers), neurons 28 x 3,215 floats; about 16 ALU cycles per tap (the multiply-add
 * and the index arithmetic). Four layer kernels per run. */
{DESC("nn", "", "CUDA (ISPASS'09)", "regular",
      "0.86 MB: 133K weights + 28 digits x 3,215 neurons; neuron threads, 25-tap loops, "
      "broadcast weights"),
 2, 1, 4,
 {{"weights", 133066, 133066, 4, 0}, {"neurons", 28u * 3215u, 3215, 4, 0}},
 {{28u * 3215u, 1, 64, 1, 1, 1, MK_STAY, 0, 0, 25, 16, 0, 0, 3,
   {S(LD, 0, MK_BCAST, 1, 0, 0), S(LD, 1, MK_NEAR, 256, 1, 0), S(ST, 1, MK_LANE, 1, 0, 0)}}}},

/* ---------------------------------------------------------------- Low L1 / High L2 -- */
/* BFS2: breadth-first search (Rodinia/ISPASS'09 bfs, the two-kernel frontier version),
 * Rodinia's graph1MW_6 input: 1M nodes, 6M edges (average degree 6). Kernel 1: every
 * node thread reads its frontier flag (1 byte, coalesced); frontier nodes (about a tenth
 * per level over the ~10 levels) read their node record and walk their edge list
 * (contiguous per node) and read each neighbour's visited flag; neighbours of the
 * generated graph have the locality the spec's archetype gives BFS2 (a gather within a
 * few pages of the node, §9.4). Kernel 2: every node reads its update flag; updated
 * nodes write mask, visited and updating. 10 levels = 20 kernels. MICRO'21 (Table 2:
 * 24 kernels, BFS_1 and BFS_2 alternating): code ids alternate 1, 2; BFS_1 6 KB (the
 * edge loop with its nested tests), BFS_2 4 KB (a flag sweep) [I]; no LDS (Rodinia's
 * OpenCL kernels declare no __local). */
{DESC("bfs2", "bfs", "CUDA (ISPASS'09/Rodinia)", "irregular",
      "39 MB: 1M nodes, 6M edges (graph1MW_6); coalesced flag scans, frontier edge walks, "
      "near gathers"),
 6, 2, 10,
 {{"nodes", 1u << 20, 1u << 20, 8, 0}, {"edges", 6u << 20, 6u << 20, 4, 0},
  {"mask", 1u << 20, 1u << 20, 1, 0}, {"updating", 1u << 20, 1u << 20, 1, 0},
  {"visited", 1u << 20, 1u << 20, 1, 0}, {"cost", 1u << 20, 1u << 20, 4, 0}},
 {{1u << 20, 1, 64, 8, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 100000, 15,
   {S(LD, 2, MK_XY, 0, 0, 0), SP(LD, 0, MK_XY, 0, 0, 0),
    SP(LD, 1, MK_LANE, 6, 0, 0), SP(LD, 4, MK_NEAR, 16384, 1, 0),
    SP(LD, 1, MK_LANE, 6, 0, 1), SP(LD, 4, MK_NEAR, 16384, 1, 0),
    SP(LD, 1, MK_LANE, 6, 0, 2), SP(LD, 4, MK_NEAR, 16384, 1, 0),
    SP(LD, 1, MK_LANE, 6, 0, 3), SP(LD, 4, MK_NEAR, 16384, 1, 0),
    SP(LD, 1, MK_LANE, 6, 0, 4), SP(LD, 4, MK_NEAR, 16384, 1, 0),
    SP(LD, 1, MK_LANE, 6, 0, 5), SP(LD, 4, MK_NEAR, 16384, 1, 0),
    SP(ST, 5, MK_NEAR, 4096, 1, 0)}},
  {1u << 20, 1, 64, 8, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 100000, 4,
   {S(LD, 3, MK_XY, 0, 0, 0), SP(ST, 2, MK_XY, 0, 0, 0), SP(ST, 4, MK_XY, 0, 0, 0),
    SP(ST, 3, MK_XY, 0, 0, 0)}}}},

/* FFT: batched 512-point complex FFTs (the radix-8 shared-memory FFT of SHOC, which the
 * GPGPU-Sim-era Parboil/SHOC FFT runs): one 64-thread work-group per transform loads its
 * 512 points (4 KB: one page) 8 points per thread, three radix-8 passes in LDS, stores
 * them back. Input 16M complex floats (128 MB, SHOC's largest size class), a forward and
 * an inverse transform per run. */
{DESC("fft", "", "Parboil", "regular",
      "128 MB: 16M complex floats as 32K 512-point FFTs; 1 page per work-group, LDS "
      "radix-8 passes"),
 1, 2, 1,
 {{"data", 16u << 20, 512, 8, 0}},
 {{64, 32768, 64, 1, 1, 1, MK_STAY, 1, 0, 1, 12, 96, 0, 16,
   {S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 64, 0, 0), S(LD, 0, MK_XY, 128, 0, 0),
    S(LD, 0, MK_XY, 192, 0, 0), S(LD, 0, MK_XY, 256, 0, 0), S(LD, 0, MK_XY, 320, 0, 0),
    S(LD, 0, MK_XY, 384, 0, 0), S(LD, 0, MK_XY, 448, 0, 0), S(ST, 0, MK_XY, 0, 0, 0),
    S(ST, 0, MK_XY, 64, 0, 0), S(ST, 0, MK_XY, 128, 0, 0), S(ST, 0, MK_XY, 192, 0, 0),
    S(ST, 0, MK_XY, 256, 0, 0), S(ST, 0, MK_XY, 320, 0, 0), S(ST, 0, MK_XY, 384, 0, 0),
    S(ST, 0, MK_XY, 448, 0, 0)}},
  {64, 32768, 64, 1, 1, 1, MK_STAY, 1, 0, 1, 12, 96, 0, 16,
   {S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 64, 0, 0), S(LD, 0, MK_XY, 128, 0, 0),
    S(LD, 0, MK_XY, 192, 0, 0), S(LD, 0, MK_XY, 256, 0, 0), S(LD, 0, MK_XY, 320, 0, 0),
    S(LD, 0, MK_XY, 384, 0, 0), S(LD, 0, MK_XY, 448, 0, 0), S(ST, 0, MK_XY, 0, 0, 0),
    S(ST, 0, MK_XY, 64, 0, 0), S(ST, 0, MK_XY, 128, 0, 0), S(ST, 0, MK_XY, 192, 0, 0),
    S(ST, 0, MK_XY, 256, 0, 0), S(ST, 0, MK_XY, 320, 0, 0), S(ST, 0, MK_XY, 384, 0, 0),
    S(ST, 0, MK_XY, 448, 0, 0)}}}},

/* HISTO: 256-bin histogram (CUDA SDK histogram256, the code Parboil's HISTO entry runs):
 * 240 blocks of 192 threads read the input as 32-bit words in a grid-stride loop and add
 * each byte to the block's histogram in shared memory (4 LDS atomics per word); each
 * block then writes its 256-bin partial histogram. Input: the SDK's 64 MB of bytes. The
 * merge kernel (256 threads x 240 partials, 240 KB) is left out: it is 0.1 % of the
 * accesses. */
{DESC("histo", "", "Parboil (SDK histogram256)", "regular",
      "64 MB input + 240 KB partials; grid-stride coalesced words (240 x 192 threads), "
      "LDS atomics"),
 2, 1, 1,
 {{"data", 16u << 20, 16u << 20, 4, 0}, {"partial", 240u * 256u, 240u * 256u, 4, 0}},
 {{16u << 20, 1, 64, 3, 1, 1, MK_GRID, 0, 240, 364, 4, 16, 0, 1,
   {S(LD, 0, MK_XY, 0, 0, 0)}}}},

/* QTC: quality-threshold clustering (SHOC QTC): each candidate seed point scans its row
 * of the distance matrix (coalesced, 64 points per instruction) against the threshold and
 * the ungrouped-point flags, and reduces the count in LDS. Input: 8,192 points, a full
 * 8192 x 8192 float distance matrix (256 MB). A wavefront scans one seed's row. */
{DESC("qtc", "", "SHOC", "regular",
      "256 MB: 8192 x 8192 float distance matrix; each wavefront streams one seed's row, "
      "flags shared"),
 2, 1, 1,
 {{"distance", 8192u * 8192u, 8192, 4, 0}, {"ungrouped", 8192, 8192, 4, 0}},
 {{256, 8192, 64, 4, 1, 1, MK_STAY, 0, 0, 32, 4, 8, 0, 2,
   {S(LD, 0, MK_ROWK, 0, 0, 0), S(LD, 1, MK_ROWK, 0, 0, 0)}}}},

/* RAY: the ray tracer of the GPGPU-Sim ISPASS'09 set (CUDA): one thread per pixel of
 * 16 x 8 blocks traces a ray through a small read-only scene (spheres, planes and lights,
 * 64 KB; every lane reads the same primitive) and writes its float4 colour. Input: a
 * 2048 x 2048 image (64 MB of float4); 8 primitive reads per pixel with about 48 ALU
 * cycles of intersection and shading each, then the colour store. */
{DESC("ray", "", "CUDA (ISPASS'09)", "regular",
      "64 MB: 2048x2048 float4 image + 64 KB scene; 16x8 pixel blocks, broadcast scene "
      "reads, 1 store"),
 2, 1, 1,
 {{"scene", 16384, 16384, 4, 0}, {"image", 2048u * 2048u, 2048, 16, 0}},
 {{2048, 2048, 16, 2, 1, 1, MK_STAY, 0, 0, 1, 48, 0, 0, 9,
   {S(LD, 0, MK_BCAST, 0, 0, 0), S(LD, 0, MK_BCAST, 0, 0, 16), S(LD, 0, MK_BCAST, 0, 0, 32),
    S(LD, 0, MK_BCAST, 0, 0, 48), S(LD, 0, MK_BCAST, 0, 0, 64), S(LD, 0, MK_BCAST, 0, 0, 80),
    S(LD, 0, MK_BCAST, 0, 0, 96), S(LD, 0, MK_BCAST, 0, 0, 112), S(ST, 1, MK_XY, 0, 0, 0)}}}},

/* SAD: sum of absolute differences for H.264 motion estimation (Parboil sad):
 * mb_sad_calc gives each 16 x 16 macroblock's thread block the search window of the
 * reference frame (small, read near the macroblock) and writes the SADs of its 4 x 4
 * blocks for all 33 x 33 positions (contiguous per macroblock); larger_sad_calc_8 and
 * _16 then stream those SADs into the 8 x 8 and 16 x 16 sums. Input: a CIF frame
 * (352 x 288, 396 macroblocks): 396 x 1,089 positions x 16 blocks of 16-bit SADs. */
{DESC("sad", "", "Parboil", "regular",
      "41 MB: CIF frames + 396 MB x 1089 positions x 16 SADs (u16) streamed; near frame "
      "reads"),
 3, 2, 1,
 {{"frames", 2u * 352u * 288u, 352, 1, 0}, {"sad4", 396u * 1089u * 16u, 1089u * 16u, 2, 0},
  {"sad816", 396u * 1089u * 5u, 1089u * 5u, 2, 0}},
 {{396u * 256u, 1, 64, 4, 1, 1, MK_STAY, 0, 396, 68, 16, 0, 0, 2,
   {S(LD, 0, MK_NEAR, 8192, 1, 0), S(ST, 1, MK_BLK, 1089 * 16, 256, 0)}},
  {396u * 256u, 1, 64, 4, 1, 1, MK_STAY, 0, 396, 68, 4, 0, 0, 2,
   {S(LD, 1, MK_BLK, 1089 * 16, 256, 0), S(ST, 2, MK_BLK, 1089 * 5, 80, 0)}}}},

/* SCP: scalar products (CUDA SDK scalarProd): 256 vector pairs of 4,096 floats; 128
 * blocks of 256 threads take vectors in a grid-stride loop, and each thread accumulates
 * elements 1,024 apart (ACCUM_N) before the LDS tree reduction, so a wavefront's loads
 * are coalesced and each vector's 16 KB is read once per launch. 8 MB; the SDK's
 * benchmark loop relaunches it. */
{DESC("scp", "", "CUDA SDK", "regular",
      "8 MB: 256 pairs of 4096-float vectors; coalesced, 1024-element accumulator strides, "
      "LDS reduce"),
 3, 1, 4,
 {{"A", 256u * 4096u, 4096, 4, 0}, {"B", 256u * 4096u, 4096, 4, 0}, {"C", 256, 256, 4, 0}},
 {{256u * 256u, 1, 64, 4, 1, 1, MK_STAY, 1, 256, 16, 4, 40, 0, 2,
   {S(LD, 0, MK_BLK, 4096, 256, 0), S(LD, 1, MK_BLK, 4096, 256, 0)}}}},
/* --------------------------------------------------------------- High L1 / Low L2 --- */
/* GUP: GUPS, the HPCC RandomAccess update loop on the GPU: every thread draws a random
 * 64-bit value and does table[v & (size - 1)] ^= v (load, xor, store to the same word),
 * 1,024 updates per thread. Every lane hits its own random page. Table: 2^17 words
 * (1 MB, 256 pages): the class the paper gives GUP (low L2 miss rate) needs the table
 * inside the L2 TLB's 2 MB reach; HPCC's own rule (half of memory) would make it HH.
 * workload.gups_table_mb sets another table size (MICRO'21's GUPS, Table 2 class H, needs
 * one well above the 64 MB its LDS and I-caches reach: bench/results/reach-workloads.md);
 * at --scale s a thread does ceil(1024 s) updates (its 256 work-groups all run). Code: the
 * update kernel 6 KB [I] (MICRO'21 gives no code sizes; a loop with a random-number
 * step, as ATAX's kernel 1, whose lines §4.5 puts at about 6 KB). */
{DESC("gup", "gups", "CUDA (HPCC RandomAccess)", "irregular",
      "1 MB: 2^17 x 8 B table; random read-modify-write, a page per lane, 1024 "
      "updates/thread"),
 1, 1, 1,
 {{"table", 1u << 17, 1u << 17, 8, 0}},
 {{65536, 1, 64, 4, 1, 1, MK_STAY, 0, 0, 1024, 8, 0, 0, 2,
   {S(LD, 0, MK_RAND, 0, 0, 0), SA(ST, 0, MK_RAND, 0, 0, 0)}}}},

/* LPS: the 3-D Laplace solver of the GPGPU-Sim ISPASS'09 set (CUDA laplace3d): 32 x 4
 * thread blocks cover an x-y plane and march along z, each step reading the 7-point
 * neighbourhood of u1 (the z neighbours a plane = 64 KB apart) and writing u2. Grid
 * 128^3 floats, two grids (16 MB); all blocks march together, so the live planes (a few
 * hundred pages) fit the L2 TLB while a core's blocks touch far more than 64 pages. */
{DESC("lps", "laplace", "CUDA (ISPASS'09)", "regular",
      "16 MB: 128^3 float u1, u2; 32x4 blocks march z, 7-point stencil (planes 64 KB "
      "apart)"),
 2, 1, 10,
 {{"u1", 128u * 128u * 128u, 128, 4, 128}, {"u2", 128u * 128u * 128u, 128, 4, 128}},
 {{128, 128, 32, 2, 1, 1, MK_Z, 0, 0, 128, 4, 0, 0, 8,
   {STENCIL7_STEPS}}}},

/* -------------------------------------------------------------- High L1 / High L2 --- */
/* 3DS: a 3-D 7-point stencil (CUDA, the stencil of the GPGPU-Sim-era set): 32 x 4
 * blocks over an x-y plane marching along z. Grid 512 x 512 x 64 floats, in and out
 * (128 MB): a plane is 1 MB, so every step's z neighbours are pages 1 MB apart and the
 * three live planes of all blocks (768 pages per grid) overflow the L2 TLB. */
{DESC("3ds", "stencil3d", "CUDA", "regular",
      "128 MB: 512x512x64 float in/out; 32x4 blocks march z, 7-point (planes 1 MB apart)"),
 2, 1, 1,
 {{"in", 512u * 512u * 64u, 512, 4, 512}, {"out", 512u * 512u * 64u, 512, 4, 512}},
 {{512, 512, 32, 2, 1, 1, MK_Z, 0, 0, 64, 4, 0, 0, 8,
   {STENCIL7_STEPS}}}},

/* BLK: BlackScholes (CUDA SDK, the GPGPU-Sim-era version): 480 blocks of 128 threads
 * price 4M options in a grid-stride loop, reading stock price, strike and years and
 * writing call and put (5 float arrays of 16 MB, 80 MB), about 16 ALU cycles of CND,
 * exp, log and sqrt per access. */
{DESC("blk", "blackscholes", "CUDA SDK", "regular",
      "80 MB: 5 x 4M floats (3 in, 2 out); 480 x 128 threads grid-stride, coalesced"),
 5, 1, 2,
 {{"S", 4u << 20, 4u << 20, 4, 0}, {"X", 4u << 20, 4u << 20, 4, 0}, {"T", 4u << 20, 4u << 20, 4, 0},
  {"call", 4u << 20, 4u << 20, 4, 0}, {"put", 4u << 20, 4u << 20, 4, 0}},
 {{4u << 20, 1, 64, 2, 1, 1, MK_GRID, 0, 480, 69, 16, 0, 0, 5,
   {S(LD, 0, MK_XY, 0, 0, 0), S(LD, 1, MK_XY, 0, 0, 0), S(LD, 2, MK_XY, 0, 0, 0),
    S(ST, 3, MK_XY, 0, 0, 0), S(ST, 4, MK_XY, 0, 0, 0)}}}},

/* CFD: the Euler solver of Rodinia cfd (euler3d), input fvcorr.domn.193K (193,536
 * cells), structure-of-arrays floats: variables (5), normals (4 faces x 3), the 4
 * neighbour indices, fluxes (5), old variables (5), step factors, areas. compute_flux
 * loops over the 4 faces: the neighbour index and the face normal (coalesced, each in
 * its own 774 KB component array) and the neighbour's 5 variables (a gather near the
 * cell: the mesh is numbered with locality); time_step and compute_step_factor stream
 * the component arrays. 192-thread blocks. */
{DESC("cfd", "euler3d", "Rodinia", "irregular",
      "25 MB: 193,536 cells x 33 SoA floats; 4-face loop, neighbour gathers, ~10 component "
      "streams/trip"),
 6, 3, 3,
 {{"variables", 5u * 193536u, 193536, 4, 0}, {"normals", 12u * 193536u, 193536, 4, 0},
  {"neighbours", 4u * 193536u, 193536, 4, 0}, {"fluxes", 5u * 193536u, 193536, 4, 0},
  {"old", 5u * 193536u, 193536, 4, 0}, {"factors", 2u * 193536u, 193536, 4, 0}},
 {{193536, 1, 64, 3, 1, 1, MK_STAY, 0, 0, 4, 6, 0, 0, 9,
   {S(LD, 2, MK_LANE, 1, 193536, 0), S(LD, 1, MK_LANE, 1, 3 * 193536, 0),
    S(LD, 1, MK_LANE, 1, 3 * 193536, 193536), S(LD, 1, MK_LANE, 1, 3 * 193536, 2 * 193536),
    S(LD, 0, MK_NEAR, 16384, 1, 0), S(LD, 0, MK_NEAR, 16384, 1, 193536),
    S(LD, 0, MK_NEAR, 16384, 1, 2 * 193536), S(LD, 0, MK_NEAR, 16384, 1, 3 * 193536),
    S(LD, 0, MK_NEAR, 16384, 1, 4 * 193536)}},
  {193536, 1, 64, 3, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 0, 16,
   {S(LD, 5, MK_XY, 0, 0, 0), S(LD, 4, MK_XY, 0, 0, 0), S(LD, 4, MK_XY, 193536, 0, 0),
    S(LD, 4, MK_XY, 2 * 193536, 0, 0), S(LD, 4, MK_XY, 3 * 193536, 0, 0),
    S(LD, 4, MK_XY, 4 * 193536, 0, 0), S(LD, 3, MK_XY, 0, 0, 0),
    S(LD, 3, MK_XY, 193536, 0, 0), S(LD, 3, MK_XY, 2 * 193536, 0, 0),
    S(LD, 3, MK_XY, 3 * 193536, 0, 0), S(LD, 3, MK_XY, 4 * 193536, 0, 0),
    S(ST, 0, MK_XY, 0, 0, 0), S(ST, 0, MK_XY, 193536, 0, 0),
    S(ST, 0, MK_XY, 2 * 193536, 0, 0), S(ST, 0, MK_XY, 3 * 193536, 0, 0),
    S(ST, 0, MK_XY, 4 * 193536, 0, 0)}},
  {193536, 1, 64, 3, 1, 1, MK_STAY, 0, 0, 1, 8, 0, 0, 7,
   {S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 193536, 0, 0), S(LD, 0, MK_XY, 2 * 193536, 0, 0),
    S(LD, 0, MK_XY, 3 * 193536, 0, 0), S(LD, 0, MK_XY, 4 * 193536, 0, 0),
    S(LD, 5, MK_XY, 193536, 0, 0), S(ST, 5, MK_XY, 0, 0, 0)}}}},

/* CONS: separable convolution (CUDA SDK convolutionSeparable), a 3072 x 3072 float
 * image (36 MB; input, temporary, output: 108 MB), radius 8. The row pass: 16 x 4
 * blocks, 8 result steps of 16 pixels plus a 16-pixel halo each side (10 loads, 8
 * stores, 4 rows = 4 pages a load: the row pitch is 12 KB). The column pass: 16 x 8
 * blocks, 8 result steps of 8 rows plus halo (10 loads 8 rows apart: 4 new pages each). */
{DESC("cons", "conv", "CUDA SDK", "regular",
      "108 MB: 3072x3072 float in/tmp/out; row pass (16x4, 8 steps) then column pass "
      "(16x8, taps 8 rows apart)"),
 3, 2, 1,
 {{"input", 3072u * 3072u, 3072, 4, 0}, {"tmp", 3072u * 3072u, 3072, 4, 0},
  {"output", 3072u * 3072u, 3072, 4, 0}},
 {{3072, 3072, 16, 1, 8, 1, MK_STAY, 1, 0, 1, 4, 136, 0, 18,
   {S(LD, 0, MK_XY, -16, 0, 0), S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 16, 0, 0),
    S(LD, 0, MK_XY, 32, 0, 0), S(LD, 0, MK_XY, 48, 0, 0), S(LD, 0, MK_XY, 64, 0, 0),
    S(LD, 0, MK_XY, 80, 0, 0), S(LD, 0, MK_XY, 96, 0, 0), S(LD, 0, MK_XY, 112, 0, 0),
    S(LD, 0, MK_XY, 128, 0, 0), S(ST, 1, MK_XY, 0, 0, 0), S(ST, 1, MK_XY, 16, 0, 0),
    S(ST, 1, MK_XY, 32, 0, 0), S(ST, 1, MK_XY, 48, 0, 0), S(ST, 1, MK_XY, 64, 0, 0),
    S(ST, 1, MK_XY, 80, 0, 0), S(ST, 1, MK_XY, 96, 0, 0), S(ST, 1, MK_XY, 112, 0, 0)}},
  {3072, 3072, 16, 2, 1, 8, MK_STAY, 1, 0, 1, 4, 136, 0, 18,
   {S(LD, 1, MK_XY, 0, -8, 0), S(LD, 1, MK_XY, 0, 0, 0), S(LD, 1, MK_XY, 0, 8, 0),
    S(LD, 1, MK_XY, 0, 16, 0), S(LD, 1, MK_XY, 0, 24, 0), S(LD, 1, MK_XY, 0, 32, 0),
    S(LD, 1, MK_XY, 0, 40, 0), S(LD, 1, MK_XY, 0, 48, 0), S(LD, 1, MK_XY, 0, 56, 0),
    S(LD, 1, MK_XY, 0, 64, 0), S(ST, 2, MK_XY, 0, 0, 0), S(ST, 2, MK_XY, 0, 8, 0),
    S(ST, 2, MK_XY, 0, 16, 0), S(ST, 2, MK_XY, 0, 24, 0), S(ST, 2, MK_XY, 0, 32, 0),
    S(ST, 2, MK_XY, 0, 40, 0), S(ST, 2, MK_XY, 0, 48, 0), S(ST, 2, MK_XY, 0, 56, 0)}}}},

/* FWT: fast Walsh transform (CUDA SDK fastWalshTransform), 2^23 floats of data and of
 * kernel (64 MB). fwtBatch2Kernel does radix-4 butterflies over global memory: thread
 * pos reads i0 = 4 (pos - lo) + lo and i0 + stride, + 2 stride, + 3 stride (lo = pos mod
 * stride) and writes them back, stride = N/4, N/16, ... down to 2^11; fwtBatch1Kernel
 * finishes 2,048-element blocks in shared memory. Modelled: the passes of stride 2^21,
 * 2^17 and 2^13 (4 pages per butterfly) and the shared-memory pass. 256-thread blocks. */
{DESC("fwt", "", "CUDA SDK", "regular",
      "64 MB: 2^23 float data + kernel; radix-4 butterflies 4 pages apart (strides 8 MB.. "
      "32 KB), LDS pass"),
 2, 4, 2,
 {{"data", 8u << 20, 8u << 20, 4, 0}, {"kernel", 8u << 20, 8u << 20, 4, 0}},
 {{1u << 21, 4, 64, 4, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 0, 8,
   {S(LD, 0, MK_PITCH, 0, 4 << 21, 0), S(LD, 0, MK_PITCH, 1 << 21, 4 << 21, 0), S(LD, 0, MK_PITCH, 2 << 21, 4 << 21, 0),
    S(LD, 0, MK_PITCH, 3 << 21, 4 << 21, 0), S(ST, 0, MK_PITCH, 0, 4 << 21, 0), S(ST, 0, MK_PITCH, 1 << 21, 4 << 21, 0),
    S(ST, 0, MK_PITCH, 2 << 21, 4 << 21, 0), S(ST, 0, MK_PITCH, 3 << 21, 4 << 21, 0)}},
  {1u << 17, 64, 64, 4, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 0, 8,
   {S(LD, 0, MK_PITCH, 0, 4 << 17, 0), S(LD, 0, MK_PITCH, 1 << 17, 4 << 17, 0), S(LD, 0, MK_PITCH, 2 << 17, 4 << 17, 0),
    S(LD, 0, MK_PITCH, 3 << 17, 4 << 17, 0), S(ST, 0, MK_PITCH, 0, 4 << 17, 0), S(ST, 0, MK_PITCH, 1 << 17, 4 << 17, 0),
    S(ST, 0, MK_PITCH, 2 << 17, 4 << 17, 0), S(ST, 0, MK_PITCH, 3 << 17, 4 << 17, 0)}},
  {1u << 13, 1024, 64, 4, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 0, 8,
   {S(LD, 0, MK_PITCH, 0, 4 << 13, 0), S(LD, 0, MK_PITCH, 1 << 13, 4 << 13, 0), S(LD, 0, MK_PITCH, 2 << 13, 4 << 13, 0),
    S(LD, 0, MK_PITCH, 3 << 13, 4 << 13, 0), S(ST, 0, MK_PITCH, 0, 4 << 13, 0), S(ST, 0, MK_PITCH, 1 << 13, 4 << 13, 0),
    S(ST, 0, MK_PITCH, 2 << 13, 4 << 13, 0), S(ST, 0, MK_PITCH, 3 << 13, 4 << 13, 0)}},
  {8u << 20, 1, 64, 4, 1, 1, MK_STAY, 1, 4096, 8, 4, 48, 0, 2,
   {S(LD, 0, MK_BLK, 2048, 256, 0), S(ST, 0, MK_BLK, 2048, 256, 0)}}}},

/* LUH: LULESH 1.0 (LLNL's CUDA port), a 90^3-element mesh (729,000 hexahedra, 753,571
 * nodes), doubles. The element kernels read each element's 8 node indices (structure of
 * arrays, coalesced) and gather the coordinates of its 8 corner nodes (node rows 91 and
 * planes 8,281 apart: 2-4 pages per component and corner set) and update about twenty
 * element arrays; the node kernels read forces and masses and update velocities and
 * positions. 128-thread blocks. */
{DESC("luh", "lulesh", "LULESH", "irregular",
      "200 MB: 729K hex elements, 754K nodes, doubles; 8-corner gathers, ~20 SoA element "
      "arrays"),
 6, 3, 2,
 {{"coords", 3u * 753571u, 753571, 8, 0}, {"vel", 3u * 753571u, 753571, 8, 0},
  {"force", 3u * 753571u, 753571, 8, 0}, {"mass", 753571, 753571, 8, 0},
  {"nodelist", 8u * 729000u, 729000, 4, 0}, {"elem", 20u * 729000u, 729000, 8, 0}},
 {{729000, 1, 64, 2, 1, 1, MK_STAY, 0, 0, 1, 6, 0, 0, 16,
   {S(LD, 4, MK_XY, 0, 0, 0), S(LD, 4, MK_XY, 2 * 729000, 0, 0),
    S(LD, 4, MK_XY, 4 * 729000, 0, 0), S(LD, 4, MK_XY, 6 * 729000, 0, 0),
    S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 91, 0, 0), S(LD, 0, MK_XY, 8281, 0, 0),
    S(LD, 0, MK_XY, 8372, 0, 0), S(LD, 0, MK_XY, 753571, 0, 0),
    S(LD, 0, MK_XY, 753571 + 91, 0, 0), S(LD, 0, MK_XY, 753571 + 8281, 0, 0),
    S(LD, 0, MK_XY, 753571 + 8372, 0, 0), S(LD, 0, MK_XY, 2 * 753571, 0, 0),
    S(LD, 0, MK_XY, 2 * 753571 + 91, 0, 0), S(LD, 0, MK_XY, 2 * 753571 + 8281, 0, 0),
    S(LD, 0, MK_XY, 2 * 753571 + 8372, 0, 0)}},
  {729000, 1, 64, 2, 1, 1, MK_STAY, 0, 0, 1, 6, 0, 0, 16,
   {S(LD, 1, MK_XY, 0, 0, 0), S(LD, 1, MK_XY, 8281, 0, 0), S(LD, 1, MK_XY, 753571, 0, 0),
    S(LD, 1, MK_XY, 753571 + 8281, 0, 0), S(LD, 1, MK_XY, 2 * 753571, 0, 0),
    S(LD, 1, MK_XY, 2 * 753571 + 8281, 0, 0), S(LD, 5, MK_XY, 0, 0, 0),
    S(LD, 5, MK_XY, 729000, 0, 0), S(LD, 5, MK_XY, 2 * 729000, 0, 0),
    S(LD, 5, MK_XY, 3 * 729000, 0, 0), S(LD, 5, MK_XY, 4 * 729000, 0, 0),
    S(ST, 5, MK_XY, 5 * 729000, 0, 0), S(ST, 5, MK_XY, 6 * 729000, 0, 0),
    S(ST, 5, MK_XY, 7 * 729000, 0, 0), S(ST, 5, MK_XY, 8 * 729000, 0, 0),
    S(ST, 5, MK_XY, 9 * 729000, 0, 0)}},
  {753571, 1, 64, 2, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 0, 16,
   {S(LD, 2, MK_XY, 0, 0, 0), S(LD, 2, MK_XY, 753571, 0, 0),
    S(LD, 2, MK_XY, 2 * 753571, 0, 0), S(LD, 3, MK_XY, 0, 0, 0),
    S(LD, 1, MK_XY, 0, 0, 0), S(LD, 1, MK_XY, 753571, 0, 0),
    S(LD, 1, MK_XY, 2 * 753571, 0, 0), S(ST, 1, MK_XY, 0, 0, 0),
    S(ST, 1, MK_XY, 753571, 0, 0), S(ST, 1, MK_XY, 2 * 753571, 0, 0),
    S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 753571, 0, 0),
    S(LD, 0, MK_XY, 2 * 753571, 0, 0), S(ST, 0, MK_XY, 0, 0, 0),
    S(ST, 0, MK_XY, 753571, 0, 0), S(ST, 0, MK_XY, 2 * 753571, 0, 0)}}}},

/* MM: SGEMM (Parboil sgemm), C = A B with 16 x 16 tiles through shared memory (the
 * tiled kernel of the CUDA SDK's matrixMul that Parboil's versions refine): per k step a
 * block loads a 16 x 16 tile of A (its rows: 4 rows = 4 pages per load) and of B (16
 * new rows of B, the B-matrix column walk), 16 FMAs from LDS. 4096 x 4096 floats each
 * (192 MB). */
{DESC("mm", "", "Parboil", "regular",
      "192 MB: 4096^3 float SGEMM, 16x16 tiles; A row walk, B column walk (16 KB pitch)"),
 3, 1, 1,
 {{"A", 4096u * 4096u, 4096, 4, 0}, {"B", 4096u * 4096u, 4096, 4, 0}, {"C", 4096u * 4096u, 4096, 4, 0}},
 {{4096, 4096, 16, 4, 1, 1, MK_STAY, 1, 0, 256, 4, 96, 0, 2,
   {S(LD, 0, MK_ROWK, 0, 0, 0), S(LD, 1, MK_COLK, 0, 0, 0)}}}},

/* MUM: MUMmerGPU (Rodinia / GPGPU-Sim set): every thread aligns one query read by
 * walking the reference's suffix tree from the root, a node and a child per matched
 * character, dependent loads to unrelated nodes; the query characters are each thread's
 * own string (lanes 100 bytes apart). Tree 256 MB (the layout MUMmerGPU builds for a
 * few-Mbp bacterial genome), 65,536 queries of 100 bp. */
{DESC("mum", "mummer", "Rodinia", "irregular",
      "262 MB: 256 MB suffix tree + 65,536 x 100 bp queries; per-lane tree walks (random "
      "nodes)"),
 2, 1, 1,
 {{"tree", 32u << 20, 32u << 20, 8, 0}, {"queries", 65536u * 100u, 65536u * 100u, 1, 0}},
 {{65536, 1, 64, 4, 1, 1, MK_STAY, 0, 0, 100, 4, 0, 0, 3,
   {S(LD, 1, MK_LANE, 100, 1, 0), S(LD, 0, MK_RAND, 0, 0, 0), S(LD, 0, MK_RAND, 0, 0, 0)}}}},

/* RED: reduction (SHOC Reduction): 64 blocks of 256 threads sum 16M floats (64 MB) in a
 * grid-stride loop, two loads 256 apart per trip, then the LDS tree; a second launch
 * sums the 64 partials. */
{DESC("red", "reduction", "SHOC", "regular",
      "64 MB: 16M floats; 64 x 256 threads grid-stride (512 floats a block a trip), LDS "
      "tree"),
 2, 1, 2,
 {{"in", 16u << 20, 16u << 20, 4, 0}, {"out", 64, 64, 4, 0}},
 {{16u << 20, 1, 64, 4, 2, 1, MK_GRID, 0, 64, 512, 4, 0, 0, 2,
   {S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 256, 0, 0)}}}},

/* SC: streamcluster (Rodinia), input "10 20 256 65536 65536 1000": 65,536 points of
 * 256 dimensions stored dimension-major for the pgain kernel (coord[d * n + i], 64 MB):
 * each point thread loops over the dimensions reading its coordinate (coalesced; each
 * dimension 256 KB further) and the candidate centre's (one element, all lanes), then
 * writes its cost. 512-thread blocks; one launch per candidate centre. */
{DESC("sc", "streamcluster", "Rodinia", "regular",
      "64 MB: 65,536 points x 256 dims, dimension-major; per-dim coalesced rows 256 KB "
      "apart"),
 2, 1, 4,
 {{"coord", 256u * 65536u, 65536, 4, 0}, {"work", 65536u * 16u, 65536, 4, 0}},
 {{65536, 1, 64, 8, 1, 1, MK_STAY, 0, 0, 256, 4, 0, 0, 2,
   {S(LD, 0, MK_LANE, 1, 65536, 0), S(LD, 0, MK_BCAST, 65536, 0, 1234)}}}},

/* SCAN: prefix sum (SHOC Scan): reduce, scan of the 64 block sums, bottom scan. Each of
 * 64 blocks of 256 threads owns a contiguous 1/64 of 16M floats (64 MB in, 64 MB out),
 * its threads striding through it 256 apart; the bottom scan reads it again, scans in
 * LDS and writes the output. */
{DESC("scan", "", "SHOC", "regular",
      "128 MB: 16M floats in + out; 64 blocks own contiguous 1 MB chunks, reduce then scan "
      "(LDS)"),
 2, 2, 1,
 {{"in", 16u << 20, 16u << 20, 4, 0}, {"out", 16u << 20, 16u << 20, 4, 0}},
 {{64u * 256u, 1, 64, 4, 1, 1, MK_STAY, 0, 64, 1024, 4, 0, 0, 1,
   {S(LD, 0, MK_BLK, 262144, 256, 0)}},
  {64u * 256u, 1, 64, 4, 1, 1, MK_STAY, 1, 64, 1024, 4, 32, 0, 2,
   {S(LD, 0, MK_BLK, 262144, 256, 0), S(ST, 1, MK_BLK, 262144, 256, 0)}}}},

/* SRAD: speckle-reducing anisotropic diffusion (Rodinia srad_v2), a 2048 x 2048 image
 * (8 KB rows), 16 x 16 blocks: srad_cuda_1 reads J and its 4 neighbours and writes the
 * 4 derivatives and the diffusion coefficient (6 float arrays, 96 MB); srad_cuda_2 reads
 * the coefficient (and its south and east neighbours), the derivatives and J and writes
 * J. 4 rows (4 pages) per access. MICRO'21: no LDS (the modelled kernels read global
 * memory only; of Rodinia OpenCL srad's kernels only reduce_kernel, not modelled, declares
 * __local arrays); code 6 KB a kernel [I], ids 1 and 2. */
{DESC("srad", "", "Rodinia", "regular",
      "96 MB: 2048x2048 float J, dN, dS, dW, dE, c; 16x16 blocks, 5-point, 4 pages/access"),
 6, 2, 2,
 {{"J", 2048u * 2048u, 2048, 4, 0}, {"dN", 2048u * 2048u, 2048, 4, 0}, {"dS", 2048u * 2048u, 2048, 4, 0},
  {"dW", 2048u * 2048u, 2048, 4, 0}, {"dE", 2048u * 2048u, 2048, 4, 0}, {"c", 2048u * 2048u, 2048, 4, 0}},
 {{2048, 2048, 16, 4, 1, 1, MK_STAY, 0, 0, 1, 8, 0, 0, 10,
   {S(LD, 0, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 0, -1, 0), S(LD, 0, MK_XY, 0, 1, 0),
    S(LD, 0, MK_XY, -1, 0, 0), S(LD, 0, MK_XY, 1, 0, 0), S(ST, 1, MK_XY, 0, 0, 0),
    S(ST, 2, MK_XY, 0, 0, 0), S(ST, 3, MK_XY, 0, 0, 0), S(ST, 4, MK_XY, 0, 0, 0),
    S(ST, 5, MK_XY, 0, 0, 0)}},
  {2048, 2048, 16, 4, 1, 1, MK_STAY, 0, 0, 1, 8, 0, 0, 9,
   {S(LD, 5, MK_XY, 0, 0, 0), S(LD, 5, MK_XY, 0, 1, 0), S(LD, 5, MK_XY, 1, 0, 0),
    S(LD, 1, MK_XY, 0, 0, 0), S(LD, 2, MK_XY, 0, 0, 0), S(LD, 3, MK_XY, 0, 0, 0),
    S(LD, 4, MK_XY, 0, 0, 0), S(LD, 0, MK_XY, 0, 0, 0), S(ST, 0, MK_XY, 0, 0, 0)}}}},

/* TRD: Triad (SHOC Triad), C = A + s B over 16M floats each (192 MB), one element per
 * thread, 128-thread blocks. */
{DESC("trd", "triad", "SHOC", "regular",
      "192 MB: 3 x 16M floats; one element per thread, 128-thread blocks, coalesced"),
 3, 1, 1,
 {{"A", 16u << 20, 16u << 20, 4, 0}, {"B", 16u << 20, 16u << 20, 4, 0}, {"C", 16u << 20, 16u << 20, 4, 0}},
 {{16u << 20, 1, 64, 2, 1, 1, MK_STAY, 0, 0, 1, 4, 0, 0, 3,
   {S(LD, 0, MK_XY, 0, 0, 0), S(LD, 1, MK_XY, 0, 0, 0), S(ST, 2, MK_XY, 0, 0, 0)}}}},
};

#undef LD
#undef ST

#define MK_NAPPS (sizeof mk_apps / sizeof mk_apps[0])

unsigned xl_mk_count(void)
{
    return (unsigned)MK_NAPPS;
}

const xl_wl_desc_t *xl_mk_get(unsigned i)
{
    return i < MK_NAPPS ? &mk_apps[i].desc : NULL;
}
