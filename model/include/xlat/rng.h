/*
 * rng.h - the one pseudo-random generator of xlat (docs/design.md: "one documented
 * LFSR or xorshift with an explicit seed").
 *
 * xorshift64* (Vigna 2014): state s != 0; s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
 * output = s * 0x2545F4914F6CDD1D. Seeding runs the seed through splitmix64 so that
 * small seeds (0, 1, 2) give unrelated streams and the state is never zero.
 * Integer-only and independent of host word size: identical on every compiler.
 */
#ifndef XLAT_RNG_H
#define XLAT_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s;   /* xorshift state, never 0 */
} xl_rng_t;

void     xl_rng_seed(xl_rng_t *r, uint64_t seed);
uint64_t xl_rng_next(xl_rng_t *r);
/* Uniform integer in [0, n), n > 0, by rejection (no modulo bias). */
uint64_t xl_rng_below(xl_rng_t *r, uint64_t n);
/* Derive an independent child stream, e.g. one per wavefront, from (seed, id). */
void     xl_rng_derive(xl_rng_t *child, uint64_t seed, uint64_t id);

#endif
