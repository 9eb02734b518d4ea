/*
 * hpca16.c - the HPCA'16 workloads (Zheng et al., "Towards High Performance Paged Memory
 * for GPUs", §4: 16 workloads from Rodinia, Parboil and the DoE proxy apps) that the
 * project did not have yet: sgemm (Parboil), comd (CoMD), minife (miniFE), pathfinder
 * (Rodinia), spmv (Parboil) and cns (a combustion finite-difference proxy, ExpCNS-like).
 * docs/papers/paged-memory.md "Workloads" maps them to the paper's set; the others it runs
 * are backprop, hotspot, nw, sad, 3ds (Parboil stencil) and xsbench.
 *
 * Common rules. Regions are declared in the real program's allocation order (the opener
 * lays them out contiguously from XL_WL_VA_BASE, each 2 MB aligned, hence page aligned),
 * so first touches follow allocation order for the regular codes. Work-groups are
 * numbered in the real grid's order (CUDA block x fastest) and the dispatcher hands them
 * to the 15 CUs in that order. Wavefronts are the model's 64 lanes (a CUDA block of 256
 * threads is 4 wavefronts; lane l of wavefront w is thread 64 w + l). ALU work between
 * the memory instructions is the real kernel's arithmetic, counted roughly from its
 * source (each generator says how), at 4 issue cycles per 64-lane vector op (HP_VEC, the
 * 16-wide SIMD of the other generators), doubles at the same rate. LDS accesses are 4
 * cycles each. Nothing here is tuned to a paper's result: each workload's ratio of
 * resident kernel time to copy time (its class, HPCA'16 Figure 2) is what its arithmetic
 * and memory traffic give on the uvm preset; the figures are in paged-memory.md.
 *
 * Footprints follow the real inputs where the paper's suites name one and fill a slot of
 * the project's placeholder footprint set otherwise (16 values from 2.6 to 144 MB, mean
 * 43 MB, 11 above 32 MB; 1 MB = 10^6 B): sgemm 12.58 MB (slot 12), comd 19.39 MB (slot
 * 20), minife 68.15 MB (slot 67.8), pathfinder 40.40 MB (slot 40), spmv 31.10 MB (slot
 * 28), cns 54.53 MB (slot 56).
 *
 * Scale (--scale, wl->scale_ppm) shrinks the work, never the footprint or the geometry
 * (array shapes, block shapes, pages per instruction): every kernel runs
 * xl_wl_scaled_wgs() work-groups (the first ceil(WGs * scale), raised to
 * workload.min_rounds rounds of resident wavefronts, which on the uvm preset keeps most
 * of these kernels whole), and the repeated part of each run keeps ceil(n * scale) of
 * its n repetitions: CoMD and CNS timesteps, miniFE CG iterations, pathfinder launches,
 * spmv launches. sgemm is one kernel: only its work-groups scale.
 *
 * Determinism: integer arithmetic only; the only random choices (spmv's row permutation
 * and column pattern) come from xl_rng streams derived from the workload seed.
 */
#include "xlat/workloads.h"

#include <stdio.h>
#include <stdlib.h>

#define HP_VEC 4u                 /* issue cycles of one 64-lane vector op or LDS access */
#define HP_ALL (~UINT64_C(0))

/* The first n lanes. */
static uint64_t hp_lanes(uint64_t n)
{
    return n >= XL_MAX_LANES ? HP_ALL : (UINT64_C(1) << n) - 1u;
}

static int hp_end(xl_wave_t *w, xl_instr_t *out)
{
    w->a[0] = UINT64_MAX;
    return xl_wl_end(out);
}

static void hp_destroy(xl_workload_t *wl)
{
    free(wl->priv);
    wl->priv = NULL;
}

static void hp_alu(xl_instr_t *out, uint32_t ops, uint32_t pc, uint64_t mask)
{
    xl_wl_op(out, XL_OP_ALU, 0, (uint16_t)(ops * HP_VEC), pc, mask);
}

/* Lane l reads/writes base + (e0 + l) * esize for the lanes of mask. */
static void hp_seq(xl_instr_t *out, uint8_t op, uint8_t esize, uint32_t pc, uint64_t mask,
                   xl_va_t base, uint64_t e0)
{
    xl_wl_op(out, op, esize, 0, pc, mask);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = base + (e0 + l) * esize;
}

/* Every lane of mask accesses the one element base + e * esize (a broadcast). */
static void hp_bcast(xl_instr_t *out, uint8_t op, uint8_t esize, uint32_t pc, uint64_t mask,
                     xl_va_t base, uint64_t e)
{
    xl_wl_op(out, op, esize, 0, pc, mask);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = base + e * esize;
}

/* ========================================================================== sgemm === */
/*
 * sgemm: Parboil sgemm, the register-tiled kernel (sgemm_kernel.cu, mysgemmNT): C =
 * alpha A B^T + beta C with A col-major (M x K, lda = M), B given transposed (element
 * (k, n) at k N + n, ldb = N) and C col-major (ldc = M). Parboil's medium input: M = 1024,
 * K = 992, N = 1056 (matrix1, matrix2t). cudaMalloc order dA, dB, dC: 4,063,232 +
 * 4,190,208 + 4,325,376 = 12,578,816 B = 12.58 MB (slot 12 MB).
 *
 * TILE_N = 16, TILE_TB_HEIGHT = 8, TILE_M = 128: a block of 16 x 8 threads (2 wavefronts)
 * computes a 128 x 16 tile of C, each thread one row m = 128 bx + tx + 16 ty (so wavefront
 * w's lanes are rows 128 bx + 64 w + l: 64 consecutive floats of one A column, one
 * 4 KB page, since a column is exactly 4 KB) and 16 columns n = 16 by .. 16 by + 15.
 * Grid (M/128, N/16) = (8, 66): 528 work-groups, bx fastest, so the first 8 work-groups
 * already read all of A and every group of 8 reads one B panel: nearly every A and B page
 * is first-touched by the first wave of work-groups.
 *
 * Per trip i of the K loop (K/8 = 124 trips): b_s[ty][tx] = B[n + tx + (i + ty) N] (one
 * load: 4 rows of 16 floats, 4,224 B apart, so 4 pages), a barrier, then 8 x (a = A[m + (i +
 * j) M]; c[0..15] += a * b_s[j][0..15]): a load, 4 LDS reads (ld.shared.v4 of the
 * broadcast b_s row) and 16 FMAs; a barrier. That is about 21 instructions per A load,
 * the kernel's real ratio. At the end, C[t + i M] = alpha c[i] + beta C[t + i M] for the
 * 16 columns: load, 2 ops (mul, fma), store, each 64 consecutive floats (one page).
 */
#define SG_M      1024u
#define SG_K      992u
#define SG_N      1056u
#define SG_TN     16u
#define SG_TH     8u
#define SG_TM     (SG_TN * SG_TH)           /* 128 */
#define SG_BX     (SG_M / SG_TM)            /* 8 */
#define SG_BY     (SG_N / SG_TN)            /* 66 */
#define SG_TRIPS  (SG_K / SG_TH)            /* 124 */
#define SG_TSLOTS (3u + 3u * SG_TH + 1u)    /* 28 per trip */
#define SG_ESLOTS (3u * SG_TN)              /* 48 at the end */

enum { SG_A, SG_B, SG_C, SG_NREG };

static int sg_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[SG_NREG] = {"A", "B", "C"};
    const uint64_t elems[SG_NREG] = {(uint64_t)SG_M * SG_K, (uint64_t)SG_K * SG_N,
                                     (uint64_t)SG_M * SG_N};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, SG_NREG, names, elems, 4u);
    wl->priv = NULL;
    return XL_OK;
}

static void hp_nopriv_destroy(xl_workload_t *wl)
{
    (void)wl;
}

static int sg_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k != 0)
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, SG_BX * SG_BY, 2);
    out->waves_per_wg = 2;
    return 1;
}

static void sg_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k = {0, 0, 0, 0, 0};
    w->a[0] = UINT64_MAX;
    if (sg_kernel(wl, w->kernel, &k) && w->wg < k.workgroups && w->wave < 2u)
        w->a[0] = 0;
}

static int sg_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const uint64_t s = w->a[0];
    if (s == UINT64_MAX || s >= (uint64_t)SG_TRIPS * SG_TSLOTS + SG_ESLOTS)
        return hp_end(w, out);
    const uint32_t bx = w->wg % SG_BX, by = w->wg / SG_BX;
    const uint64_t m0 = (uint64_t)bx * SG_TM + 64u * w->wave;   /* lane l: row m0 + l */
    const uint64_t n0 = (uint64_t)by * SG_TN;
    w->a[0]++;
    w->step++;
    if (s < (uint64_t)SG_TRIPS * SG_TSLOTS) {
        const uint64_t i = (s / SG_TSLOTS) * SG_TH, r = s % SG_TSLOTS;
        if (r == 0) {   /* b_s[ty][tx] = B[n0 + tx + (i + ty) N], ty = 4 w + l / 16 */
            xl_wl_op(out, XL_OP_LOAD, 4, 0, 0, HP_ALL);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = R[SG_B].base +
                             (n0 + l % 16u + (i + 4u * w->wave + l / 16u) * SG_N) * 4u;
        } else if (r == 1) {
            xl_wl_op(out, XL_OP_LDS_ST, 0, HP_VEC, 1, HP_ALL);
        } else if (r == 2 || r == SG_TSLOTS - 1u) {
            xl_wl_op(out, XL_OP_BARRIER, 0, 0, (uint32_t)(r == 2 ? 2 : 6), HP_ALL);
        } else {
            const uint64_t j = (r - 3u) / 3u, sub = (r - 3u) % 3u;
            if (sub == 0)        /* a = A[m + (i + j) M] */
                hp_seq(out, XL_OP_LOAD, 4, 3, HP_ALL, R[SG_A].base, m0 + (i + j) * SG_M);
            else if (sub == 1)   /* b_s[j][0..15]: 4 x ld.shared.v4 */
                xl_wl_op(out, XL_OP_LDS, 0, 4u * HP_VEC, 4, HP_ALL);
            else                 /* c[kk] += a * b_s[j][kk], kk < 16 */
                hp_alu(out, SG_TN, 5, HP_ALL);
        }
    } else {
        const uint64_t e = s - (uint64_t)SG_TRIPS * SG_TSLOTS, i = e / 3u, sub = e % 3u;
        const uint64_t t = (uint64_t)SG_M * n0 + m0;   /* C[t + i M] */
        if (sub == 0)
            hp_seq(out, XL_OP_LOAD, 4, 7, HP_ALL, R[SG_C].base, t + i * SG_M);
        else if (sub == 1)
            hp_alu(out, 2, 8, HP_ALL);
        else
            hp_seq(out, XL_OP_STORE, 4, 9, HP_ALL, R[SG_C].base, t + i * SG_M);
    }
    return 1;
}

/* =========================================================================== CoMD === */
/*
 * comd: CoMD (ExMatEx), Lennard-Jones copper (lattice 3.615 A, cutoff 4.95 A), the
 * link-cell force kernel of its GPU ports with one thread per atom slot and one 64-slot
 * box (MAXATOMS = 64) per work-group of one wavefront. Input -x 21 -y 21 -z 21: 4 x 21^3
 * = 37,044 atoms in floor(21 x 3.615 / 4.95) = 15 boxes a side, 3,375 boxes holding 10 or
 * 11 atoms (box b: floor((b+1) 37044 / 3375) - floor(b 37044 / 3375); lanes beyond its
 * count are masked off, as the kernel's `if (iAtom < nAtoms[iBox])`).
 *
 * Arrays (initLinkCells, then initAtoms, doubles unless said): nAtoms (int per box),
 * nbrBoxes (27 ints per box, the GPU ports' precomputed neighbour list), gid (int per
 * slot), iSpecies (int per slot), r, p, f (each 3 SoA components of 3,375 x 64 doubles,
 * component c at c x 1,728,000 B), U (per slot): 3,375 x (4 + 108 + 64 x 88) = 19,386,000 B
 * = 19.39 MB (slot 20 MB).
 *
 * Force (ljForce): load nAtoms[b] and the slot's r; for each of the 27 neighbour boxes
 * (dz, dy, dx in -1..1, x fastest; periodic, as the halo boxes of a one-rank run hold the
 * periodic images) load nbrBoxes[b][nb] and nAtoms[jBox], then for each atom j of jBox
 * load rx, ry, rz[jBox 64 + j] (broadcasts: every lane the same element) and do the pair:
 * dr (3), r2 (3), the cutoff test (2), and when any lane's pair is inside the cutoff
 * (about 82 % of the pairs of 11 lanes: 14.5 % of the 27-box volume lies inside 4.95 A)
 * 1/r2, r6, the energy and force terms and f += fr dr (16): 8 + 0.82 x 16, about 21 ops
 * per 3 loads. Then store fx, fy, fz, U. advanceVelocity (p += dt f: per component load f,
 * load p, 1 fma, store p) and advancePosition (r += dt p / mass: load iSpecies, then per
 * component load p, load r, 2 ops, store r) stream the SoA arrays.
 *
 * Kernels: the initial force, then per timestep CoMD's order advanceVelocity(dt/2),
 * advancePosition(dt), computeForce, advanceVelocity(dt/2). Two timesteps (9 kernels) at
 * scale 1; CoMD's own runs are 100 steps, so its real run is still more kernel-bound.
 */
#define CM_CELLS  21u
#define CM_NB     15u                          /* floor(21 * 3615 / 4950) */
#define CM_BOXES  (CM_NB * CM_NB * CM_NB)     /* 3,375 */
#define CM_ATOMS  (4u * CM_CELLS * CM_CELLS * CM_CELLS)   /* 37,044 */
#define CM_MAXAT  64u
#define CM_SLOTS  ((uint64_t)CM_BOXES * CM_MAXAT)         /* 216,000 */
#define CM_STEPS  2u
#define CM_PAIR_OPS 21u
_Static_assert(CM_CELLS * 3615u / 4950u == CM_NB, "boxes a side");

enum { CM_NATOMS, CM_NBR, CM_GID, CM_SPECIES, CM_R, CM_P, CM_F, CM_U, CM_NREG };
enum { CM_K_FORCE, CM_K_VEL, CM_K_POS };

static uint32_t cm_atoms(uint64_t b)
{
    return (uint32_t)((b + 1u) * CM_ATOMS / CM_BOXES - b * CM_ATOMS / CM_BOXES);
}

/* Neighbour nb (0..26) of box b: dz = nb / 9 - 1, dy = nb / 3 % 3 - 1, dx = nb % 3 - 1. */
static uint64_t cm_nbr(uint64_t b, unsigned nb)
{
    const uint64_t x = b % CM_NB, y = b / CM_NB % CM_NB, z = b / (CM_NB * CM_NB);
    const uint64_t nx = (x + CM_NB + nb % 3u - 1u) % CM_NB;
    const uint64_t ny = (y + CM_NB + nb / 3u % 3u - 1u) % CM_NB;
    const uint64_t nz = (z + CM_NB + nb / 9u - 1u) % CM_NB;
    return nx + CM_NB * (ny + CM_NB * nz);
}

static int cm_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[CM_NREG] = {"nAtoms", "nbrBoxes", "gid", "iSpecies",
                                               "r", "p", "f", "U"};
    const uint64_t bytes[CM_NREG] = {CM_BOXES * 4u, CM_BOXES * 27u * 4u, CM_SLOTS * 4u,
                                     CM_SLOTS * 4u, CM_SLOTS * 24u, CM_SLOTS * 24u,
                                     CM_SLOTS * 24u, CM_SLOTS * 8u};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, CM_NREG, names, bytes, 1u);
    wl->priv = NULL;
    return XL_OK;
}

static unsigned cm_steps(const xl_workload_t *wl)
{
    return (unsigned)xl_wl_scaled(CM_STEPS, wl->scale_ppm);
}

static int cm_ktype(uint32_t k)
{
    static const int step[4] = {CM_K_VEL, CM_K_POS, CM_K_FORCE, CM_K_VEL};
    return k == 0 ? CM_K_FORCE : step[(k - 1u) % 4u];
}

static int cm_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= 1u + 4u * cm_steps(wl))
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, CM_BOXES, 1);
    out->waves_per_wg = 1;
    out->code_id = (uint32_t)cm_ktype(k) + 1u;
    return 1;
}

/* Cursor: a[0] slot within the phase, a[1] phase (force: 0 head, 1 neighbour header,
 * 2 pairs, 3 tail), a[2] neighbour nb, a[3] pair j, a[4] neighbour box jBox. */
static void cm_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k = {0, 0, 0, 0, 0};
    w->a[0] = UINT64_MAX;
    if (cm_kernel(wl, w->kernel, &k) && w->wg < k.workgroups && w->wave == 0)
        w->a[0] = w->a[1] = w->a[2] = w->a[3] = w->a[4] = 0;
}

/* SoA component c of a 3-vector region. */
static xl_va_t cm_comp(const xl_region_t *r, unsigned c)
{
    return r->base + (uint64_t)c * CM_SLOTS * 8u;
}

static int cm_force(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const uint64_t b = w->wg, own = hp_lanes(cm_atoms(b));
    for (;;) {
        const uint64_t s = w->a[0]++;
        switch (w->a[1]) {
        case 0:   /* nAtoms[b], rx, ry, rz of the slot */
            if (s == 0) {
                hp_bcast(out, XL_OP_LOAD, 4, 0, own, R[CM_NATOMS].base, b);
                return 1;
            }
            if (s < 4u) {
                hp_seq(out, XL_OP_LOAD, 8, (uint32_t)s, own, cm_comp(&R[CM_R], (unsigned)s - 1u),
                       b * CM_MAXAT);
                return 1;
            }
            w->a[1] = 1;
            w->a[0] = 0;
            continue;
        case 1:   /* jBox = nbrBoxes[b][nb]; nAtoms[jBox] */
            if (w->a[2] >= 27u) {
                w->a[1] = 3;
                w->a[0] = 0;
                continue;
            }
            if (s == 0) {
                hp_bcast(out, XL_OP_LOAD, 4, 4, own, R[CM_NBR].base, b * 27u + w->a[2]);
                w->a[4] = cm_nbr(b, (unsigned)w->a[2]);
                return 1;
            }
            hp_bcast(out, XL_OP_LOAD, 4, 5, own, R[CM_NATOMS].base, w->a[4]);
            w->a[1] = 2;
            w->a[0] = 0;
            w->a[3] = 0;
            return 1;
        case 2:   /* pairs with atom j of jBox: rx, ry, rz[jBox 64 + j], then the pair */
            if (w->a[3] >= cm_atoms(w->a[4])) {
                w->a[1] = 1;
                w->a[0] = 0;
                w->a[2]++;
                continue;
            }
            if (s < 3u) {
                hp_bcast(out, XL_OP_LOAD, 8, 6u + (uint32_t)s, own, cm_comp(&R[CM_R], (unsigned)s),
                         w->a[4] * CM_MAXAT + w->a[3]);
                return 1;
            }
            hp_alu(out, CM_PAIR_OPS, 9, own);
            w->a[0] = 0;
            w->a[3]++;
            return 1;
        default:   /* store fx, fy, fz, U */
            if (s < 3u) {
                hp_seq(out, XL_OP_STORE, 8, 10u + (uint32_t)s, own,
                       cm_comp(&R[CM_F], (unsigned)s), b * CM_MAXAT);
                return 1;
            }
            if (s == 3u) {
                hp_seq(out, XL_OP_STORE, 8, 13, own, R[CM_U].base, b * CM_MAXAT);
                return 1;
            }
            return 0;
        }
    }
}

static int cm_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    if (w->a[0] == UINT64_MAX)
        return hp_end(w, out);
    const int type = cm_ktype(w->kernel);
    const uint64_t b = w->wg, own = hp_lanes(cm_atoms(b));
    if (type == CM_K_FORCE) {
        if (!cm_force(wl, w, out))
            return hp_end(w, out);
        w->step++;
        return 1;
    }
    const uint64_t s = w->a[0]++;
    if (type == CM_K_VEL) {   /* per component: load f, load p, fma, store p */
        if (s >= 12u)
            return hp_end(w, out);
        const unsigned c = (unsigned)(s / 4u);
        switch (s % 4u) {
        case 0: hp_seq(out, XL_OP_LOAD, 8, 0, own, cm_comp(&R[CM_F], c), b * CM_MAXAT); break;
        case 1: hp_seq(out, XL_OP_LOAD, 8, 1, own, cm_comp(&R[CM_P], c), b * CM_MAXAT); break;
        case 2: hp_alu(out, 1, 2, own); break;
        default: hp_seq(out, XL_OP_STORE, 8, 3, own, cm_comp(&R[CM_P], c), b * CM_MAXAT); break;
        }
    } else {   /* iSpecies, then per component: load p, load r, 2 ops, store r */
        if (s >= 13u)
            return hp_end(w, out);
        if (s == 0) {
            hp_seq(out, XL_OP_LOAD, 4, 0, own, R[CM_SPECIES].base, b * CM_MAXAT);
        } else {
            const unsigned c = (unsigned)((s - 1u) / 4u);
            switch ((s - 1u) % 4u) {
            case 0: hp_seq(out, XL_OP_LOAD, 8, 1, own, cm_comp(&R[CM_P], c), b * CM_MAXAT); break;
            case 1: hp_seq(out, XL_OP_LOAD, 8, 2, own, cm_comp(&R[CM_R], c), b * CM_MAXAT); break;
            case 2: hp_alu(out, 2, 3, own); break;
            default: hp_seq(out, XL_OP_STORE, 8, 4, own, cm_comp(&R[CM_R], c), b * CM_MAXAT); break;
            }
        }
    }
    w->step++;
    return 1;
}

/* ========================================================================= miniFE === */
/*
 * minife: miniFE (Mantevo), the CG solve (cg_solve.hpp) of its CUDA port after assembly:
 * -nx 56 -ny 56 -nz 56 hexahedral elements, 57^3 = 185,193 nodes = matrix rows, 27-point
 * rows (8 at a corner, 12 on an edge, 18 on a face). Arrays in allocation order: the CSR
 * matrix (row_offsets R+1 ints, packed_cols 27 R ints, packed_coefs 27 R doubles, reserved
 * at 27 per row and packed, so row i starts at the sum of the earlier rows' lengths),
 * then the driver's b and x and cg_solve's r, p, Ap (R doubles each): 368 R + 4 =
 * 68,151,028 B = 68.15 MB = 64.99 MiB (slot 67.8 MB).
 *
 * Kernels, one thread per row or element, blocks of 256 (4 wavefronts), 724 work-groups:
 * cg_solve's setup waxpby(p = x), matvec(Ap = A p), waxpby(r = b - Ap), dot(r, r); CG
 * iteration 1: waxpby(p = r), matvec, dot(Ap, p), waxpby(x += alpha p), waxpby(r -=
 * alpha Ap); iteration k > 1 starts with dot(r, r) and waxpby(p = r + beta p). Two
 * iterations at scale 1 (15 kernels).
 *
 * matvec (scalar CSR): row_offsets[row] and [row + 1], then per trip k of the row's loop
 * packed_cols[rp + k] (lanes 18 to 27 entries apart: 2 to 3 pages), packed_coefs[rp + k]
 * (4 to 6 pages), the gather x[col], with col the k-th of the row's neighbours in
 * ascending order (dz, dy, dx in -1..1): row - 57^2 - 57 - 1 .. row + 57^2 + 57 + 1, the
 * +-1, +-nx, +-nx ny near-diagonal pattern, then fma plus the loop's increment and test
 * (3 ops per 3 loads); lanes whose row has ended drop out; store Ap[row]. waxpby: two
 * loads, 2 ops, a store. dot: two loads, an fma, then the block's shared-memory tree
 * (8 steps of LDS read, add, barrier). The block partials' final atomic add goes to a
 * one-word device scalar that is not modelled (8 regions at most; it is one line).
 */
#define MF_NX    56u
#define MF_NP    (MF_NX + 1u)                          /* 57 nodes a side */
#define MF_ROWS  (MF_NP * MF_NP * MF_NP)               /* 185,193 */
#define MF_WG    256u
#define MF_WGS   ((MF_ROWS + MF_WG - 1u) / MF_WG)      /* 724 */
#define MF_ITERS 2u

enum { MF_RP, MF_COLS, MF_VALS, MF_B, MF_X, MF_R, MF_P, MF_AP, MF_NREG };
enum { MF_K_WAXPBY, MF_K_MATVEC, MF_K_DOT };

typedef struct {
    uint32_t rp[MF_ROWS + 1u];   /* row_offsets */
} mf_priv_t;

/* Entries per row along one axis: 2 on the boundary, 3 inside. */
static unsigned mf_span(uint64_t i)
{
    return (i == 0 || i == MF_NP - 1u) ? 2u : 3u;
}

static unsigned mf_len(uint64_t row)
{
    return mf_span(row % MF_NP) * mf_span(row / MF_NP % MF_NP) * mf_span(row / (MF_NP * MF_NP));
}

static int mf_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[MF_NREG] = {"row_offsets", "packed_cols", "packed_coefs",
                                               "b", "x", "r", "p", "Ap"};
    const uint64_t bytes[MF_NREG] = {(MF_ROWS + 1u) * 4u, (uint64_t)MF_ROWS * 27u * 4u,
                                     (uint64_t)MF_ROWS * 27u * 8u, MF_ROWS * 8u, MF_ROWS * 8u,
                                     MF_ROWS * 8u, MF_ROWS * 8u, MF_ROWS * 8u};
    mf_priv_t *p = malloc(sizeof *p);
    if (!p) {
        snprintf(err, errlen, "minife: out of memory");
        return XL_EINTERNAL;
    }
    p->rp[0] = 0;
    for (uint64_t i = 0; i < MF_ROWS; i++)
        p->rp[i + 1u] = p->rp[i] + mf_len(i);
    xl_wl_regions(wl, MF_NREG, names, bytes, 1u);
    wl->priv = p;
    return XL_OK;
}

/* Kernel k: its type and the regions it reads (in1, in2) and writes (out). */
typedef struct {
    int type;
    unsigned in1, in2, out;
} mf_kdesc_t;

static unsigned mf_iters(const xl_workload_t *wl)
{
    return (unsigned)xl_wl_scaled(MF_ITERS, wl->scale_ppm);
}

static int mf_kdesc(const xl_workload_t *wl, uint32_t k, mf_kdesc_t *d)
{
    static const mf_kdesc_t setup[4] = {{MF_K_WAXPBY, MF_X, MF_X, MF_P},
                                        {MF_K_MATVEC, MF_P, MF_P, MF_AP},
                                        {MF_K_WAXPBY, MF_B, MF_AP, MF_R},
                                        {MF_K_DOT, MF_R, MF_R, 0}};
    static const mf_kdesc_t first[5] = {{MF_K_WAXPBY, MF_R, MF_R, MF_P},
                                        {MF_K_MATVEC, MF_P, MF_P, MF_AP},
                                        {MF_K_DOT, MF_AP, MF_P, 0},
                                        {MF_K_WAXPBY, MF_X, MF_P, MF_X},
                                        {MF_K_WAXPBY, MF_R, MF_AP, MF_R}};
    static const mf_kdesc_t later[6] = {{MF_K_DOT, MF_R, MF_R, 0},
                                        {MF_K_WAXPBY, MF_R, MF_P, MF_P},
                                        {MF_K_MATVEC, MF_P, MF_P, MF_AP},
                                        {MF_K_DOT, MF_AP, MF_P, 0},
                                        {MF_K_WAXPBY, MF_X, MF_P, MF_X},
                                        {MF_K_WAXPBY, MF_R, MF_AP, MF_R}};
    const unsigned iters = mf_iters(wl);
    if (k < 4u) {
        *d = setup[k];
        return 1;
    }
    if (k < 9u) {
        *d = first[k - 4u];
        return 1;
    }
    if (iters < 2u || k >= 9u + 6u * (iters - 1u))
        return 0;
    *d = later[(k - 9u) % 6u];
    return 1;
}

static int mf_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    mf_kdesc_t d;
    if (!mf_kdesc(wl, k, &d))
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, MF_WGS, MF_WG / XL_MAX_LANES);
    out->waves_per_wg = MF_WG / XL_MAX_LANES;
    out->lds_bytes = d.type == MF_K_DOT ? MF_WG * 8u : 0u;
    out->code_id = (uint32_t)d.type + 1u;
    return 1;
}

/* Cursor: a[0] slot, a[1] first row of the wavefront, a[2] its mask (rows < R).
 * lane[l]: matvec, the next neighbour candidate (0..26) of the lane's row. */
static void mf_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k = {0, 0, 0, 0, 0};
    w->a[0] = UINT64_MAX;
    if (!mf_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave >= k.waves_per_wg)
        return;
    w->a[0] = 0;
    w->a[1] = (uint64_t)w->wg * MF_WG + (uint64_t)w->wave * XL_MAX_LANES;
    /* rows < R: the kernels' `if (row < nrows)`; a wavefront past the end has none and
     * runs only its work-group's barriers and LDS steps */
    w->a[2] = w->a[1] < MF_ROWS ? hp_lanes(MF_ROWS - w->a[1]) : 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        w->lane[l] = 0;
}

/* The column of the lane's next entry: advance its candidate c (dz, dy, dx = c / 9 - 1,
 * c / 3 % 3 - 1, c % 3 - 1) to the next neighbour inside the mesh. */
static uint64_t mf_next_col(uint64_t row, uint64_t *c)
{
    const int64_t x = (int64_t)(row % MF_NP), y = (int64_t)(row / MF_NP % MF_NP),
                  z = (int64_t)(row / (MF_NP * MF_NP));
    for (; *c < 27u; (*c)++) {
        int64_t dx = (int64_t)(*c % 3u) - 1, dy = (int64_t)(*c / 3u % 3u) - 1,
                dz = (int64_t)(*c / 9u) - 1;
        if (x + dx < 0 || x + dx >= (int64_t)MF_NP || y + dy < 0 || y + dy >= (int64_t)MF_NP ||
            z + dz < 0 || z + dz >= (int64_t)MF_NP)
            continue;
        (*c)++;
        return (uint64_t)((int64_t)row + dx + dy * (int64_t)MF_NP +
                          dz * (int64_t)(MF_NP * MF_NP));
    }
    return row;   /* not reached for an active lane */
}

static int mf_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const mf_priv_t *p = wl->priv;
    mf_kdesc_t d;
    if (w->a[0] == UINT64_MAX || !mf_kdesc(wl, w->kernel, &d))
        return hp_end(w, out);
    const uint64_t r0 = w->a[1], live = w->a[2];
    for (;;) {
        const uint64_t s = w->a[0]++;
        if (!live) {   /* no row: only the dot's LDS tree and barriers */
            if (d.type != MF_K_DOT)
                return hp_end(w, out);
            if (s < 3u)
                continue;
        }
        if (d.type == MF_K_WAXPBY) {   /* w = alpha x + beta y */
            if (s >= 4u)
                return hp_end(w, out);
            if (s < 2u)
                hp_seq(out, XL_OP_LOAD, 8, (uint32_t)s, live, R[s ? d.in2 : d.in1].base, r0);
            else if (s == 2u)
                hp_alu(out, 2, 2, live);
            else
                hp_seq(out, XL_OP_STORE, 8, 3, live, R[d.out].base, r0);
        } else if (d.type == MF_K_DOT) {   /* 2 loads, fma, LDS store, 8 x (LDS, add, bar) */
            if (s >= 5u + 3u * 8u)
                return hp_end(w, out);
            if (s < 2u)
                hp_seq(out, XL_OP_LOAD, 8, (uint32_t)s, live, R[s ? d.in2 : d.in1].base, r0);
            else if (s == 2u)
                hp_alu(out, 1, 2, live);
            else if (s == 3u)
                xl_wl_op(out, XL_OP_LDS_ST, 0, HP_VEC, 3, HP_ALL);
            else if (s == 4u)
                xl_wl_op(out, XL_OP_BARRIER, 0, 0, 4, HP_ALL);
            else if ((s - 5u) % 3u == 0)
                xl_wl_op(out, XL_OP_LDS, 0, HP_VEC, 5, HP_ALL);
            else if ((s - 5u) % 3u == 1)
                hp_alu(out, 1, 6, HP_ALL);
            else
                xl_wl_op(out, XL_OP_BARRIER, 0, 0, 7, HP_ALL);
        } else {   /* matvec: rp[row], rp[row + 1], 27 x (cols, coefs, x[col], 3 ops), Ap */
            if (s >= 3u + 27u * 4u)
                return hp_end(w, out);
            if (s < 2u) {
                hp_seq(out, XL_OP_LOAD, 4, (uint32_t)s, live, R[MF_RP].base, r0 + s);
            } else if (s == 2u + 27u * 4u) {
                hp_seq(out, XL_OP_STORE, 8, 6, live, R[d.out].base, r0);
            } else {
                const uint64_t k = (s - 2u) / 4u, sub = (s - 2u) % 4u;
                uint64_t m = 0;
                for (unsigned l = 0; l < XL_MAX_LANES; l++)
                    if (((live >> l) & 1u) && mf_len(r0 + l) > k)
                        m |= UINT64_C(1) << l;
                if (m == 0)
                    continue;   /* every row of the wavefront has ended */
                if (sub == 3u) {
                    hp_alu(out, 3, 5, m);
                } else {
                    const uint8_t es = sub == 0 ? 4u : 8u;
                    xl_wl_op(out, XL_OP_LOAD, es, 0, 2u + (uint32_t)sub, m);
                    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
                        if (!((m >> l) & 1u)) {
                            out->va[l] = 0;
                            continue;
                        }
                        if (sub == 2u)
                            out->va[l] = R[d.in1].base + mf_next_col(r0 + l, &w->lane[l]) * 8u;
                        else
                            out->va[l] = R[sub == 0 ? MF_COLS : MF_VALS].base +
                                         ((uint64_t)p->rp[r0 + l] + k) * es;
                    }
                }
            }
        }
        w->step++;
        return 1;
    }
}

/* ===================================================================== pathfinder === */
/*
 * pathfinder: Rodinia pathfinder (pathfinder.cu, dynproc_kernel), its run script's input
 * 100000 columns x 100 rows, pyramid height 20. cudaMalloc order gpuResult[0],
 * gpuResult[1] (cols ints each), gpuWall ((rows - 1) x cols ints; the first row is
 * copied to gpuResult[0]): 800,000 + 39,600,000 = 40,400,000 B = 40.40 MB (slot 40 MB).
 *
 * Launches t = 0, 20, 40, 60, 80 (iteration = min(20, rows - t - 1): 20, 20, 20, 20, 19),
 * ping-ponging src/dst between the result rows (launch 0 reads gpuResult[0]). 463 blocks
 * of 256 threads (cols / (256 - 2 x 20), rounded up), 4 wavefronts, block bx covering
 * columns blkX = (256 - 2 iteration) bx - 20 .. blkX + 255. Per thread: prev[tx] =
 * gpuSrc[xidx] (if 0 <= xidx < cols), a barrier, then per step i < iteration, for the
 * threads with i + 1 <= tx <= 254 - i inside the valid range: 3 LDS reads (left, up,
 * right), 2 min, the index and add (4 ops), result[tx] = shortest + gpuWall[cols (t + i)
 * + xidx] (one 1 KB row segment per block: a wavefront reads 256 B of one wall row, so a
 * block walks 20 rows 400 KB apart, 20 pages, each used once: row streaming with a
 * working set of one row segment), a barrier, then prev[tx] = result[tx] and a barrier;
 * finally gpuResults[xidx] = result[tx]. About 9 instructions per wall load.
 */
#define PF_COLS   100000u
#define PF_ROWS   100u
#define PF_PYR    20u
#define PF_BLOCK  256u
#define PF_BORDER PF_PYR
#define PF_WGS    ((PF_COLS + (PF_BLOCK - 2u * PF_PYR) - 1u) / (PF_BLOCK - 2u * PF_PYR))   /* 463 */
#define PF_LAUNCHES ((PF_ROWS - 1u + PF_PYR - 1u) / PF_PYR)                           /* 5 */

enum { PF_RES0, PF_RES1, PF_WALL, PF_NREG };

static int pf_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[PF_NREG] = {"gpuResult0", "gpuResult1", "gpuWall"};
    const uint64_t elems[PF_NREG] = {PF_COLS, PF_COLS, (uint64_t)(PF_ROWS - 1u) * PF_COLS};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, PF_NREG, names, elems, 4u);
    wl->priv = NULL;
    return XL_OK;
}

static int pf_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= xl_wl_scaled(PF_LAUNCHES, wl->scale_ppm))
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, PF_WGS, PF_BLOCK / XL_MAX_LANES);
    out->waves_per_wg = PF_BLOCK / XL_MAX_LANES;
    out->lds_bytes = 2u * PF_BLOCK * 4u;
    out->code_id = 1;
    return 1;
}

/* Cursor: a[0] slot, a[1] iteration of this launch, a[2] startStep t, a[3] lanes with
 * 0 <= xidx < cols, a[4] valid lanes (validXmin <= tx <= validXmax), a[5] blkX + 64 w
 * (the column of lane 0) + 2^32, so it stays positive. */
static void pf_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k = {0, 0, 0, 0, 0};
    w->a[0] = UINT64_MAX;
    if (!pf_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave >= 4u)
        return;
    const int64_t t = (int64_t)w->kernel * PF_PYR;
    const int64_t iter = (int64_t)PF_ROWS - t - 1 < (int64_t)PF_PYR ? (int64_t)PF_ROWS - t - 1
                                                                     : (int64_t)PF_PYR;
    const int64_t small = (int64_t)PF_BLOCK - 2 * iter;
    const int64_t blkx = small * (int64_t)w->wg - (int64_t)PF_BORDER;
    const int64_t blkxmax = blkx + (int64_t)PF_BLOCK - 1;
    const int64_t vmin = blkx < 0 ? -blkx : 0;
    const int64_t vmax = blkxmax > (int64_t)PF_COLS - 1
                             ? (int64_t)PF_BLOCK - 1 - (blkxmax - (int64_t)PF_COLS + 1)
                             : (int64_t)PF_BLOCK - 1;
    uint64_t inr = 0, valid = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        const int64_t tx = 64 * (int64_t)w->wave + l, x = blkx + tx;
        if (x >= 0 && x < (int64_t)PF_COLS)
            inr |= UINT64_C(1) << l;
        if (tx >= vmin && tx <= vmax)
            valid |= UINT64_C(1) << l;
    }
    w->a[0] = 0;
    w->a[1] = (uint64_t)iter;
    w->a[2] = (uint64_t)t;
    w->a[3] = inr;
    w->a[4] = valid;
    w->a[5] = (uint64_t)(blkx + 64 * (int64_t)w->wave + (INT64_C(1) << 32));
}

/* Lanes that compute at step i: i + 1 <= tx <= 254 - i, and valid. */
static uint64_t pf_computed(const xl_wave_t *w, uint64_t i)
{
    uint64_t m = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        const uint64_t tx = 64u * w->wave + l;
        if (tx >= i + 1u && tx + i <= PF_BLOCK - 2u)
            m |= UINT64_C(1) << l;
    }
    return m & w->a[4];
}

static int pf_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    if (w->a[0] == UINT64_MAX)
        return hp_end(w, out);
    const uint64_t iter = w->a[1], t = w->a[2];
    const xl_va_t src = R[w->kernel % 2u ? PF_RES1 : PF_RES0].base;
    const xl_va_t dst = R[w->kernel % 2u ? PF_RES0 : PF_RES1].base;
    const uint64_t x0 = w->a[5] - (UINT64_C(1) << 32);   /* column of lane 0 (mod 2^64) */
    /* Slots: 0 LD src, 1 LDS store, 2 barrier; step i at 3 + 8 i: LDS x3, ALU, LD wall,
     * LDS store, barrier, [LDS read + store, barrier] (not after the last step); then
     * the final store. */
    const uint64_t last = 3u + 8u * (iter - 1u) + 5u;   /* the final store's slot */
    for (;;) {
        const uint64_t s = w->a[0]++;
        if (s > last)
            return hp_end(w, out);
        if (s == 0) {
            if (!w->a[3])
                continue;
            hp_seq(out, XL_OP_LOAD, 4, 0, w->a[3], src, x0);
        } else if (s == 1) {
            xl_wl_op(out, XL_OP_LDS_ST, 0, HP_VEC, 1, HP_ALL);
        } else if (s == 2) {
            xl_wl_op(out, XL_OP_BARRIER, 0, 0, 2, HP_ALL);
        } else if (s == last) {
            const uint64_t m = pf_computed(w, iter - 1u);
            if (!m)
                continue;
            hp_seq(out, XL_OP_STORE, 4, 11, m, dst, x0);
        } else {
            const uint64_t i = (s - 3u) / 8u, r = (s - 3u) % 8u, m = pf_computed(w, i);
            if (r == 4u || r == 7u) {
                xl_wl_op(out, XL_OP_BARRIER, 0, 0, 3u + (uint32_t)r, HP_ALL);
            } else if (!m) {
                continue;
            } else if (r == 0) {
                xl_wl_op(out, XL_OP_LDS, 0, 3u * HP_VEC, 3, m);
            } else if (r == 1) {
                hp_alu(out, 4, 4, m);
            } else if (r == 2) {
                hp_seq(out, XL_OP_LOAD, 4, 5, m, R[PF_WALL].base, PF_COLS * (t + i) + x0);
            } else if (r == 3) {
                xl_wl_op(out, XL_OP_LDS_ST, 0, HP_VEC, 6, m);
            } else if (r == 5) {
                xl_wl_op(out, XL_OP_LDS, 0, HP_VEC, 8, m);
            } else {
                xl_wl_op(out, XL_OP_LDS_ST, 0, HP_VEC, 9, m);
            }
        }
        w->step++;
        return 1;
    }
}

/* =========================================================================== spmv === */
/*
 * spmv: Parboil spmv, the JDS kernel (spmv_jds of its CUDA base version), Parboil's large
 * input Dubcova3 (146,689 rows, 3,636,643 nonzeros, 24.8 a row). Rows are sorted by length
 * (perm) and stored as jagged diagonals padded to the 32-row warp: diagonal k of the
 * padded 146,720 rows starts at jds_ptr[k] = 146,720 k. The row lengths are taken as a
 * uniform 25 (the mean; the padded arrays are then 0.9 % larger than the real ones), so
 * every wavefront runs 25 diagonals. cudaMalloc order d_data (floats), d_index (ints),
 * d_perm, x_vec, dst_vector: 2 x 3,668,000 x 4 + 3 x 146,689 x 4 = 31,104,268 B = 31.10 MB
 * (slot 28 MB: below 32 MB).
 *
 * Per thread ix (64-thread work-groups, one wavefront: 2,293 of them, the last masked to
 * the rows): for k < 25: j = jds_ptr[k] + ix (constant memory), in = d_index[j] and d =
 * d_data[j] (coalesced streams, 256 B a wavefront), t = x_vec[in] (the gather), sum += d t
 * (fma, the loop's add and test, the jds_ptr read: 4 ops per 3 loads); then dst_vector
 * [d_perm[ix]] = sum (a scatter). The permutation of a length sort scatters the rows, so
 * the original row of ix is a fixed random row (a seeded permutation, drawn once); its
 * columns lie within +-383 of it (a mesh matrix's band, sqrt(146,689)), fixed per (row,
 * k) by a stream derived from the seed. x is 143 pages: the gathers stay on a small hot
 * set while d_data and d_index stream. Parboil's driver runs the kernel 50 times.
 */
#define SP_ROWS   146689u
#define SP_PAD    146720u                       /* rows padded to 32 */
#define SP_LEN    25u
#define SP_BAND   383u
#define SP_WGS    ((SP_ROWS + XL_MAX_LANES - 1u) / XL_MAX_LANES)   /* 2,293 */
#define SP_LAUNCHES 50u

enum { SP_DATA, SP_INDEX, SP_PERM, SP_X, SP_Y, SP_NREG };

typedef struct {
    uint32_t perm[SP_ROWS];
} sp_priv_t;

static int sp_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[SP_NREG] = {"d_data", "d_index", "d_perm", "x_vec",
                                               "dst_vector"};
    const uint64_t elems[SP_NREG] = {(uint64_t)SP_LEN * SP_PAD, (uint64_t)SP_LEN * SP_PAD,
                                     SP_ROWS, SP_ROWS, SP_ROWS};
    sp_priv_t *p = malloc(sizeof *p);
    if (!p) {
        snprintf(err, errlen, "spmv: out of memory");
        return XL_EINTERNAL;
    }
    xl_rng_t r;
    xl_rng_derive(&r, wl->seed, UINT64_C(0x53504D5650524D));   /* "SPMVPRM" */
    for (uint32_t i = 0; i < SP_ROWS; i++)
        p->perm[i] = i;
    for (uint32_t i = SP_ROWS - 1u; i > 0; i--) {   /* Fisher-Yates */
        uint32_t j = (uint32_t)xl_rng_below(&r, (uint64_t)i + 1u), t = p->perm[i];
        p->perm[i] = p->perm[j];
        p->perm[j] = t;
    }
    xl_wl_regions(wl, SP_NREG, names, elems, 4u);
    wl->priv = p;
    return XL_OK;
}

static int sp_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= xl_wl_scaled(SP_LAUNCHES, wl->scale_ppm))
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, SP_WGS, 1);
    out->waves_per_wg = 1;
    out->code_id = 1;
    return 1;
}

static void sp_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k = {0, 0, 0, 0, 0};
    w->a[0] = UINT64_MAX;
    if (sp_kernel(wl, w->kernel, &k) && w->wg < k.workgroups && w->wave == 0) {
        w->a[0] = 0;
        w->a[1] = (uint64_t)w->wg * XL_MAX_LANES;
        w->a[2] = hp_lanes(SP_ROWS - w->a[1]);
    }
}

/* Column of entry k of original row r: r - 383 .. r + 383, clamped to the matrix. */
static uint64_t sp_col(uint64_t seed, uint64_t r, uint64_t k)
{
    xl_rng_t g;
    xl_rng_derive(&g, seed, (r << 8) | k);
    const int64_t c = (int64_t)r - (int64_t)SP_BAND + (int64_t)xl_rng_below(&g, 2u * SP_BAND + 1u);
    return c < 0 ? 0u : c >= (int64_t)SP_ROWS ? SP_ROWS - 1u : (uint64_t)c;
}

static int sp_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const sp_priv_t *p = wl->priv;
    const uint64_t s = w->a[0], ix0 = w->a[1], live = w->a[2];
    if (s == UINT64_MAX || s >= 4u * SP_LEN + 2u)
        return hp_end(w, out);
    w->a[0]++;
    w->step++;
    if (s < 4u * SP_LEN) {
        const uint64_t k = s / 4u, sub = s % 4u;
        if (sub == 0)
            hp_seq(out, XL_OP_LOAD, 4, 0, live, R[SP_INDEX].base, k * SP_PAD + ix0);
        else if (sub == 1)
            hp_seq(out, XL_OP_LOAD, 4, 1, live, R[SP_DATA].base, k * SP_PAD + ix0);
        else if (sub == 3)
            hp_alu(out, 4, 3, live);
        else {
            xl_wl_op(out, XL_OP_LOAD, 4, 0, 2, live);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = ((live >> l) & 1u)
                                 ? R[SP_X].base + sp_col(wl->seed, p->perm[ix0 + l], k) * 4u
                                 : 0;
        }
    } else if (s == 4u * SP_LEN) {
        hp_seq(out, XL_OP_LOAD, 4, 4, live, R[SP_PERM].base, ix0);
    } else {
        xl_wl_op(out, XL_OP_STORE, 4, 0, 5, live);
        for (unsigned l = 0; l < XL_MAX_LANES; l++)
            out->va[l] = ((live >> l) & 1u) ? R[SP_Y].base + (uint64_t)p->perm[ix0 + l] * 4u : 0;
    }
    return 1;
}

/* ============================================================================ CNS === */
/*
 * cns: a combustion finite-difference proxy after ExpCNS (the ExaCT co-design center's
 * compressible Navier-Stokes proxy, Chan et al.): conserved state cons (rho, mx, my, mz,
 * E), primitives q (rho, u, v, w, p, T), 8th-order central differences (4 points each
 * side), third-order Runge-Kutta. A 56^3 box with 4 ghost cells: 64^3 doubles a component
 * (x rows 512 B, 8 rows a page; z planes 32 KB, 8 pages apart). Arrays in allocation
 * order, the state and its Runge-Kutta copy from the driver, then the advance routine's
 * work arrays: U (5 components), Unew (5), Q (6), D (diffusive, 5), F (hyperbolic, 5):
 * 26 x 2 MiB = 54,525,952 B = 54.53 MB (slot 56 MB).
 *
 * Threads: one per point, a wavefront an x row (64 ghosted points, or the 56 interior ones
 * with lanes 56..63 masked), a work-group 4 rows in y, work-groups y fastest then z.
 * Per Runge-Kutta stage four kernels:
 *   ctoprim over all 64^3 points (1,024 work-groups): load cons 0..4; 1/rho, u, v, w,
 *     kinetic and internal energy, p, T (about 20 ops); store q 0..5;
 *   hypterm over the interior (784 work-groups): per direction and each of the 8
 *     neighbours +-1..+-4 along it, load cons mx, my, mz, E and q u_dir, p (6 loads) and
 *     the pair's share of the 5 flux sums (about 89 flops a direction for the 8 pairs of
 *     ExpCNS's x loop: 11 ops per neighbour); store flux 0..4 (144 loads, 264 ops);
 *   diffterm (784): per direction and the 9 points -4..+4, load q u, v, w, T and
 *     accumulate their first and second derivatives (8 ops); then the stress tensor,
 *     heat flux and dissipation (about 60 ops); store D 0..4 (108 loads). The real code's
 *     mixed derivatives, which read temporaries of the first derivatives, are not
 *     modelled: this undercounts its work;
 *   update (784): per component Unew = a U + b Unew + dt (D + F): 4 loads, 4 ops, a store.
 * Stage 1 reads U and writes Unew, stage 2 reads and writes Unew, stage 3 reads Unew and
 * writes U. Two timesteps (24 kernels) at scale 1, the same window as CoMD's.
 */
#define CN_N      56u
#define CN_G      4u
#define CN_P      (CN_N + 2u * CN_G)                  /* 64 */
#define CN_PTS    ((uint64_t)CN_P * CN_P * CN_P)      /* 262,144 */
#define CN_STEPS  2u
#define CN_WGS_ALL (CN_P / 4u * CN_P)                 /* 1,024 */
#define CN_WGS_INT (CN_N / 4u * CN_N)                 /* 784 */

enum { CN_U, CN_UNEW, CN_Q, CN_D, CN_F, CN_NREG };
enum { CN_K_CTOPRIM, CN_K_HYPTERM, CN_K_DIFFTERM, CN_K_UPDATE };
/* Components. */
enum { C_RHO, C_MX, C_MY, C_MZ, C_E };
enum { Q_RHO, Q_U, Q_V, Q_W, Q_P, Q_T };

static int cn_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[CN_NREG] = {"U", "Unew", "Q", "D", "F"};
    const uint64_t elems[CN_NREG] = {5u * CN_PTS, 5u * CN_PTS, 6u * CN_PTS, 5u * CN_PTS,
                                     5u * CN_PTS};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, CN_NREG, names, elems, 8u);
    wl->priv = NULL;
    return XL_OK;
}

static int cn_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= 12u * xl_wl_scaled(CN_STEPS, wl->scale_ppm))
        return 0;
    const unsigned type = k % 4u;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(
        wl, type == CN_K_CTOPRIM ? CN_WGS_ALL : CN_WGS_INT, 4);
    out->waves_per_wg = 4;
    out->code_id = type + 1u;
    return 1;
}

/* Cursor: a[0] slot, a[1] the point of lane 0, a[2] the active lanes. */
static void cn_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k = {0, 0, 0, 0, 0};
    w->a[0] = UINT64_MAX;
    if (!cn_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave >= 4u)
        return;
    uint64_t x, y, z;
    if (w->kernel % 4u == CN_K_CTOPRIM) {
        x = 0;
        y = 4u * (w->wg % (CN_P / 4u)) + w->wave;
        z = w->wg / (CN_P / 4u);
        w->a[2] = HP_ALL;
    } else {
        x = CN_G;
        y = CN_G + 4u * (w->wg % (CN_N / 4u)) + w->wave;
        z = CN_G + w->wg / (CN_N / 4u);
        w->a[2] = hp_lanes(CN_N);
    }
    w->a[0] = 0;
    w->a[1] = (z * CN_P + y) * CN_P + x;
}

/* Component c of region r at point pt (lane 0's; the lanes follow in x). */
static void cn_ld(xl_instr_t *out, uint8_t op, uint32_t pc, uint64_t mask, const xl_region_t *r,
                  unsigned c, uint64_t pt)
{
    hp_seq(out, op, 8, pc, mask, r->base, (uint64_t)c * CN_PTS + pt);
}

static int cn_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    if (w->a[0] == UINT64_MAX)
        return hp_end(w, out);
    const uint64_t s = w->a[0], pt = w->a[1], m = w->a[2];
    const unsigned type = w->kernel % 4u, stage = w->kernel / 4u % 3u;
    const xl_region_t *cons = &R[stage == 0 ? CN_U : CN_UNEW];
    const xl_region_t *dest = &R[stage == 2 ? CN_U : CN_UNEW];
    static const uint64_t stride[3] = {1u, CN_P, (uint64_t)CN_P * CN_P};
    w->a[0]++;
    w->step++;
    switch (type) {
    case CN_K_CTOPRIM:   /* 5 loads, 20 ops, 6 stores */
        if (s < 5u)
            cn_ld(out, XL_OP_LOAD, 0, m, cons, (unsigned)s, pt);
        else if (s == 5u)
            hp_alu(out, 20, 1, m);
        else if (s < 12u)
            cn_ld(out, XL_OP_STORE, 2, m, &R[CN_Q], (unsigned)s - 6u, pt);
        else
            return hp_end(w, out);
        return 1;
    case CN_K_HYPTERM: {   /* 3 directions x 8 neighbours x (6 loads, 11 ops); 5 stores */
        if (s < 3u * 8u * 7u) {
            const uint64_t d = s / 56u, n = s % 56u / 7u, sub = s % 7u;
            /* neighbours -4, -3, -2, -1, +1, +2, +3, +4 */
            const int64_t off = (n < 4u ? (int64_t)n - 4 : (int64_t)n - 3) * (int64_t)stride[d];
            const uint64_t at = (uint64_t)((int64_t)pt + off);
            static const unsigned ucomp[4] = {C_MX, C_MY, C_MZ, C_E};
            if (sub < 4u)
                cn_ld(out, XL_OP_LOAD, (uint32_t)sub, m, cons, ucomp[sub], at);
            else if (sub == 4u)
                cn_ld(out, XL_OP_LOAD, 4, m, &R[CN_Q], Q_U + (unsigned)d, at);
            else if (sub == 5u)
                cn_ld(out, XL_OP_LOAD, 5, m, &R[CN_Q], Q_P, at);
            else
                hp_alu(out, 11, 6, m);
        } else if (s < 3u * 8u * 7u + 5u) {
            cn_ld(out, XL_OP_STORE, 7, m, &R[CN_F], (unsigned)(s - 168u), pt);
        } else {
            return hp_end(w, out);
        }
        return 1;
    }
    case CN_K_DIFFTERM: {   /* 3 x 9 x (4 loads, 8 ops); 60 ops; 5 stores */
        if (s < 3u * 9u * 5u) {
            const uint64_t d = s / 45u, n = s % 45u / 5u, sub = s % 5u;
            const uint64_t at = (uint64_t)((int64_t)pt + ((int64_t)n - 4) * (int64_t)stride[d]);
            static const unsigned qcomp[4] = {Q_U, Q_V, Q_W, Q_T};
            if (sub < 4u)
                cn_ld(out, XL_OP_LOAD, (uint32_t)sub, m, &R[CN_Q], qcomp[sub], at);
            else
                hp_alu(out, 8, 4, m);
        } else if (s == 135u) {
            hp_alu(out, 60, 5, m);
        } else if (s < 141u) {
            cn_ld(out, XL_OP_STORE, 6, m, &R[CN_D], (unsigned)(s - 136u), pt);
        } else {
            return hp_end(w, out);
        }
        return 1;
    }
    default: {   /* per component: U, Unew, D, F, 4 ops, store */
        if (s >= 30u)
            return hp_end(w, out);
        const unsigned c = (unsigned)(s / 6u), sub = (unsigned)(s % 6u);
        static const unsigned src[4] = {CN_U, CN_UNEW, CN_D, CN_F};
        if (sub < 4u)
            cn_ld(out, XL_OP_LOAD, sub, m, &R[src[sub]], c, pt);
        else if (sub == 4u)
            hp_alu(out, 4, 4, m);
        else
            cn_ld(out, XL_OP_STORE, 5, m, dest, c, pt);
        return 1;
    }
    }
}

/* ======================================================================= registry === */

const xl_wl_desc_t xl_wl_sgemm = {
    "sgemm", "sge", "Parboil", "regular",
    "12.58 MB: 1024x992 A (col-major), 1056x992 B^T, 1024x1056 C float; 128x16 register "
    "tiles, A column (1 page) per load, B panel via LDS",
    sg_create, hp_nopriv_destroy, sg_kernel, sg_wave_begin, sg_wave_next,
};

const xl_wl_desc_t xl_wl_comd = {
    "comd", "", "CoMD (ExMatEx)", "regular",
    "19.39 MB: 37,044 LJ atoms in 15^3 boxes of 64 SoA double slots; 27-box force "
    "(broadcast pair loads), velocity/position streams, 2 timesteps",
    cm_create, hp_destroy, cm_kernel, cm_wave_begin, cm_wave_next,
};

const xl_wl_desc_t xl_wl_minife = {
    "minife", "mfe", "miniFE (Mantevo)", "regular",
    "68.15 MB: 57^3-row 27-point CSR + 5 double vectors; CG: SpMV (+-1, +-57, +-57^2 "
    "gathers), dot, waxpby; 2 iterations",
    mf_create, hp_destroy, mf_kernel, mf_wave_begin, mf_wave_next,
};

const xl_wl_desc_t xl_wl_pathfinder = {
    "pathfinder", "pf", "Rodinia", "regular",
    "40.40 MB: 100 x 100,000 int wall; 256-column blocks step 20 rows per launch "
    "(1 row segment/load), 5 launches",
    pf_create, hp_nopriv_destroy, pf_kernel, pf_wave_begin, pf_wave_next,
};

const xl_wl_desc_t xl_wl_spmv = {
    "spmv", "", "Parboil", "irregular",
    "31.10 MB: JDS of Dubcova3's size (146,689 rows, 25 a row); coalesced diagonals, "
    "x gathers near a random row, 50 launches",
    sp_create, hp_destroy, sp_kernel, sp_wave_begin, sp_wave_next,
};

const xl_wl_desc_t xl_wl_cns = {
    "cns", "expcns", "ExaCT (CNS proxy)", "regular",
    "54.53 MB: 26 double 64^3 fields (56^3 + 4 ghosts); 8th-order stencils (planes 32 KB "
    "apart), RK3, 2 timesteps",
    cn_create, hp_nopriv_destroy, cn_kernel, cn_wave_begin, cn_wave_next,
};
