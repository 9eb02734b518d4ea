/*
 * stats.h - the statistics registry: named counters with one-line descriptions,
 * printed as an aligned table and written as the flat "stats" object of the results
 * JSON (docs/design.md, "Names that outside tools rely on").
 *
 * Names are dotted ("l1tlb.misses"). A counter is registered by pointer and read when
 * printed, so modules keep their counters in their own structs. Derived values are
 * registered as integers or as exact fractions num/den, printed with a fixed number of
 * decimals by integer arithmetic (no floating point, so output is identical everywhere).
 * Entries print in registration order.
 */
#ifndef XLAT_STATS_H
#define XLAT_STATS_H

#include <stdio.h>
#include "xlat/types.h"

typedef struct xl_stats xl_stats_t;

xl_stats_t *xl_stats_create(void);
void xl_stats_destroy(xl_stats_t *s);

/* Live counter read through ptr at print time. Re-registering a name replaces it. */
void xl_stats_counter(xl_stats_t *s, const char *name, const char *desc, const uint64_t *ptr);
/* Fixed integer value. */
void xl_stats_value(xl_stats_t *s, const char *name, const char *desc, uint64_t value);
/* Fraction num/den shown with `decimals` digits (0..9), truncated toward zero;
 * den == 0 prints 0. */
void xl_stats_ratio(xl_stats_t *s, const char *name, const char *desc, uint64_t num,
                    uint64_t den, unsigned decimals);

/* Turn every live counter into a fixed value (read now), e.g. before the model whose
 * counters were registered is destroyed. */
void xl_stats_freeze(xl_stats_t *s);

unsigned xl_stats_count(const xl_stats_t *s);
/* Look up a value by name (ratios give the truncated integer part * 10^decimals).
 * Returns 1 if found. */
int xl_stats_get(const xl_stats_t *s, const char *name, uint64_t *value);

/* "name   value   description" lines, columns aligned. */
void xl_stats_print(const xl_stats_t *s, FILE *f);
/* {"name": value, ...} with `indent` spaces before each key; no trailing newline. */
void xl_stats_write_json(const xl_stats_t *s, FILE *f, unsigned indent);

/* Format num/den with `decimals` digits into buf (used by text tables too). */
void xl_fmt_ratio(char *buf, size_t len, uint64_t num, uint64_t den, unsigned decimals);

#endif
