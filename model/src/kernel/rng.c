/*
 * rng.c - xorshift64* with splitmix64 seeding; see rng.h for the exact recurrence.
 */
#include "xlat/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void xl_rng_seed(xl_rng_t *r, uint64_t seed)
{
    uint64_t x = seed;
    r->s = splitmix64(&x);
    if (r->s == 0)   /* xorshift must never hold 0; splitmix64 maps exactly one input there */
        r->s = UINT64_C(0x9E3779B97F4A7C15);
}

uint64_t xl_rng_next(xl_rng_t *r)
{
    uint64_t s = r->s;
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    r->s = s;
    return s * UINT64_C(0x2545F4914F6CDD1D);
}

uint64_t xl_rng_below(xl_rng_t *r, uint64_t n)
{
    /* Reject the top partial bucket so every residue is equally likely. */
    uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
    uint64_t v;
    do {
        v = xl_rng_next(r);
    } while (v >= limit);
    return v % n;
}

void xl_rng_derive(xl_rng_t *child, uint64_t seed, uint64_t id)
{
    uint64_t x = seed ^ (id * UINT64_C(0xD1B54A32D192ED03));
    xl_rng_seed(child, splitmix64(&x));
}
