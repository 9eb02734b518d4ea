/*
 * engine.h - the execution engine of `xlat sweep` (docs/sweeps.md): a sweep's points, each
 * a configuration, a workload, a scale and a model, kept in a results store under a key
 * derived from all of them and from the xlat build; run here (local, N at a time), through
 * GNU parallel (its --sshlogin's) or as a Slurm job array, each point by `xlat point PLAN
 * INDEX`; a round of the missing points repeated up to --retries times; counted.
 */
#ifndef XLAT_CLI_ENGINE_H
#define XLAT_CLI_ENGINE_H

#include <stdint.h>

#include "cli.h"

#define CLI_ENG_KEY_LEN 32   /* hex digits of a point's key */
#define CLI_ENG_MAX_JOBS 1024
#define CLI_ENG_MAX_RETRIES 100

typedef enum { CLI_PT_TODO, CLI_PT_SKIPPED, CLI_PT_RAN, CLI_PT_FAILED } cli_pt_state_t;

/* One point of a sweep. */
typedef struct {
    const xl_config_t *cfg;             /* the configuration, as built (all keys) */
    const char *workload;               /* the registry's name */
    char key[CLI_ENG_KEY_LEN + 1];      /* cli_eng_key */
    cli_pt_state_t state;
} cli_point_t;

/* What the counters of a finished point's results file say (as xl_stats_get has them). */
typedef struct {
    uint64_t cycles, walks, stall, gap;
} cli_pt_stats_t;

/* The engine, its store and its counts. */
typedef struct {
    enum { CLI_ENG_LOCAL, CLI_ENG_PARALLEL, CLI_ENG_SLURM } kind;
    unsigned jobs;                /* at a time; 0: the engine's own default */
    unsigned retries;             /* rounds after the first for points still missing */
    const char *sshlogin, *sbatch;
    char store[PATH_MAX - 128];   /* absolute; room left for the names in it */
    int tmp_store;                /* made here (no --store): removed by cli_eng_close */
    char exe[PATH_MAX];           /* this xlat, absolute */
    char build[17];               /* the hash of this xlat's binary, hex */
    const char *scale_str, *model;
    uint32_t scale_ppm;
    unsigned ran, skipped, failed, retried;
} cli_eng_t;

/* The engine of o's --engine, --jobs, --retries, --sshlogin, --sbatch and --store, the
 * store's folders made. XL_EINPUT with one line on bad options. */
int cli_eng_open(cli_eng_t *e, const opts_t *o, const char *model, char *err, size_t errlen);
/* The key of a point: a hash of the xlat version and build, the model, the workload, the
 * scale and the configuration's every key (its INI text). */
int cli_eng_key(const cli_eng_t *e, const xl_config_t *c, const char *workload,
                char key[CLI_ENG_KEY_LEN + 1], char *err, size_t errlen);
/* Run the points of p[0..n) not yet in the store; p[i].state says what became of each;
 * the counts in e. XL_OK even when points failed (their state says so); XL_EINPUT or
 * XL_EINTERNAL when the engine could not be started at all. */
int cli_eng_run(cli_eng_t *e, cli_point_t *p, unsigned n, char *err, size_t errlen);
/* The counters of a finished point; XL_EINPUT with one line when its file is unreadable. */
int cli_eng_read(const cli_eng_t *e, const cli_point_t *p, cli_pt_stats_t *s, char *err,
                 size_t errlen);
/* The results file of a point: STORE/KEY.json. */
int cli_eng_result_path(const cli_eng_t *e, const cli_point_t *p, char *path, size_t len);
/* The end: a temporary store removed. */
void cli_eng_close(cli_eng_t *e, const cli_point_t *p, unsigned n);

#endif
