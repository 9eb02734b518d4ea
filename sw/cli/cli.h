/*
 * cli.h - what the command-line front end's files share (docs/design.md "What a user
 * runs"): the parsed options, the configuration they build, one run of a workload and its
 * results file, and the subcommands.
 */
#ifndef XLAT_CLI_CLI_H
#define XLAT_CLI_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workloads.h"

#define XLAT_VERSION "0.1.0"
#define MAX_SETS 64
#define MAX_WL 32
#define CLI_LIST_MAX 512   /* --workloads, --values: bytes, with the terminating NUL */
#define CLI_NAME_MAX 256   /* --workload, --key, and a sweep's KEY=VALUE */
#define STUDY_DEFAULT "mvt,atax,bicg,gesummv,xsbench,nw"
#define CLI_MAX_KEYS 4     /* a sweep's --key/--values pairs: their values' cross product */

typedef struct {
    const char *preset, *config, *design, *workload, *workloads, *json, *json_dir;
    const char *model, *events, *trace, *gsn_trace, *key, *values;
    const char *engine, *jobs, *retries, *sshlogin, *sbatch, *store;   /* sweep's engine */
    const char *keys[CLI_MAX_KEYS], *vals[CLI_MAX_KEYS];   /* every --key, --values; key and */
    unsigned nkeys, nvals;                                 /* values are the first of each */
    const char *files[MAX_WL];
    unsigned nfiles;
    const char *sets[MAX_SETS];
    unsigned nsets;
    uint32_t scale_ppm;
    const char *scale_str;
    int have_seed, have_scale, quiet, progress;
    const char *record, *compress;   /* run --record FILE [--compress none|zstd] */
    uint64_t seed;
} opts_t;

/* opts.c: the options of argv[2..]; the configuration they build (defaults, preset,
 * config file, --seed, --set, then cross-key validation); positional arguments refused
 * unless the command takes files. */
int cli_parse_opts(int argc, char **argv, opts_t *o, char *err, size_t errlen);
int cli_build_config(const opts_t *o, xl_config_t *c, char *err, size_t errlen);
int cli_check_unused(const opts_t *o, const char *cmd, int allow_files, char *err, size_t errlen);

/* The designs MASK compares (ASPLOS'18 §7; docs/papers/mask.md §3), each a list of --set
 * assignments on the mask preset that --design NAME applies before the --set options. */
typedef struct {
    const char *name, *summary;
    const char *sets[4];
} cli_design_t;
extern const cli_design_t cli_designs[];
extern const unsigned cli_ndesigns;

/* progress.c: the progress line of a cycle-level run: off (--quiet), redrawn about once
 * a second (a terminal, or --progress), or a line a minute (otherwise). cli_sim_run runs
 * g, a system of the nwl workloads wls, to completion like xl_sim_run, showing it; label
 * names the run. */
typedef enum { CLI_PROG_OFF, CLI_PROG_LINES, CLI_PROG_REDRAW } cli_prog_t;
/* progress.c: a monotonic clock in seconds; a duration as "1h02m", "3m05s", "42s". */
double cli_now_s(void);
const char *cli_dur(char *buf, size_t len, double s);
cli_prog_t cli_prog_mode(const opts_t *o);
int cli_sim_run(xl_sim_t *g, cli_prog_t mode, const char *label, const xl_workload_t *const *wls,
                unsigned nwl, char *err, size_t errlen);

/* run.c: one workload under one model, its statistics into *st (created here); the
 * results JSON of a run. */
/* The name and scale a results file gives an open workload: a generator's registry name
 * and the run's scale_str; a replayed trace the name it was asked by (trace:FILE, asked)
 * and the scale it was recorded at (written into sc). */
void cli_results_label(const xl_workload_t *wl, const char *asked, const char *scale_str,
                       char sc[16], const char **name, const char **scale);
int cli_run_one(const xl_config_t *c, const char *name, uint32_t scale_ppm, const char *model,
                FILE *events, FILE *trace, FILE *gsn, cli_prog_t prog, const char *label, xl_stats_t **st,
                xl_workload_t *wl, char *err, size_t errlen);
void cli_write_results_json(FILE *f, const xl_config_t *c, const char *workload,
                            const char *scale, const char *model, const xl_stats_t *st);
/* record.c: the instruction trace of the open workload wl (named name) into path
 * (docs/traces.md); compress 1 zstd, 0 none; *ninstrs the instructions written. */
int cli_record(const xl_workload_t *wl, const char *name, const char *path, int compress,
               uint64_t *ninstrs, char *err, size_t errlen);
/* A counter of the results, 0 when absent. */
uint64_t cli_sget(const xl_stats_t *st, const char *name);

/* out.c: every file the command line writes, and standard output's final check (out.h). */
#include "out.h"

/* The subcommands (run.c, study.c, sweep.c, compare.c). */
int cmd_run(const opts_t *o, char *err, size_t errlen);
int cmd_study(const opts_t *o, char *err, size_t errlen);
int cmd_sweep(const opts_t *o, char *err, size_t errlen);
int cmd_compare(const opts_t *o, char *err, size_t errlen);
/* import.c: `xlat import accelsim DIR -o FILE` (docs/traces-accelsim.md) */
int cmd_import(int argc, char **argv, char *err, size_t errlen);
/* engine.c: `xlat point PLAN INDEX`, one point of a sweep, run by its engines */
int cmd_point(int argc, char **argv, char *err, size_t errlen);

#endif
