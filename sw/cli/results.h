/*
 * results.h - reading back a results JSON file (the format of cli_write_results_json in
 * run.c) for `xlat compare`. The reader uses jansson; an xlat built without it (the
 * Makefile probes for it, `make JANSSON=` leaves it out) has cli_results_available() 0
 * and every read fails with that reason.
 */
#ifndef XLAT_CLI_RESULTS_H
#define XLAT_CLI_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#define CLI_RESULTS_MAX_BYTES (16u << 20)   /* a results file is about 10 KB */

/* What compare needs of one cycle-level results file of this xlat version. */
typedef struct {
    char workload[128];   /* as written: "mvt", or "mvt+bicg" for a run of several */
    char scale[32];       /* as written ("0.002") */
    uint32_t scale_ppm;   /* the same, parsed (xl_parse_scale) */
    uint64_t cycles;      /* stats "sim.cycles", > 0 */
    void *wparams;        /* the config's [workload] section (a jansson object): the work */
} cli_result_t;

/* 1 when this xlat was built with jansson (can read results files), else 0. */
int cli_results_available(void);

/* Read one results file from text[0..len): a complete JSON object written by this xlat
 * version's cycle-level model, with a workload, a scale, a config with its [workload]
 * section and a positive integer stats "sim.cycles". XL_OK and *out filled (release it
 * with cli_result_free), or XL_EINPUT and one line in err (no file name: the caller
 * adds it). */
int cli_results_read(const char *text, size_t len, cli_result_t *out, char *err, size_t errlen);

/* The same for a file: read whole (at most CLI_RESULTS_MAX_BYTES); err names the file. */
int cli_results_load(const char *path, cli_result_t *out, char *err, size_t errlen);

void cli_result_free(cli_result_t *r);

/* XL_OK when b measures the same work as a (workload, scale and workload parameters
 * equal; seeds may differ), else XL_EINPUT and "not comparable: ..." in err naming the
 * two files an and bn. */
int cli_results_comparable(const cli_result_t *a, const char *an, const cli_result_t *b,
                           const char *bn, char *err, size_t errlen);

#endif
