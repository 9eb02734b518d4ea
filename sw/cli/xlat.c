/*
 * xlat.c - the command-line front end (docs/design.md "What a user runs").
 *
 *   xlat run   [--preset NAME] [--config FILE] --workload NAME [--scale F] [--seed N]
 *              [--set section.key=value ...] [--json FILE] [--quiet]
 *   xlat study [--preset NAME] [--config FILE] [--workloads a,b,...] [--scale F] [--seed N]
 *              [--set ...] [--json-dir DIR]
 *   xlat list [workloads|presets|designs]
 *   xlat config [--preset NAME] [--config FILE] [--set ...]   print the effective config
 *   xlat keys                                                 every config key, documented
 *
 * Configuration is layered: built-in defaults, then the preset (isca18 when neither
 * --preset nor --config is given), then --config FILE, then --design's switches, then each
 * --set in order.
 * Every option is checked before anything runs; bad input prints one line and exits 2.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"


static void usage(FILE *f)
{
    fputs("usage: xlat <command> [options]\n"
          "commands:\n"
          "  run     run one workload through the translation system and print its statistics\n"
          "  study   run a set of workloads on the functional model: ISCA'18 motivation tables\n"
          "  sweep   run workloads under each value of one config key; speedup table (resumable:\n"
          "          --store; here, on GNU parallel's logins or as a Slurm array: --engine)\n"
          "  compare print a speedup table of results JSON files (first = baseline)\n"
          "  import  convert a trace: import accelsim DIR -o FILE [--no-compress] [--quiet]\n"
          "          (Accel-Sim/NVBit SASS traces; docs/traces-accelsim.md)\n"
          "  list    list workloads, presets and designs (list workloads | presets | designs)\n"
          "  config  print the effective configuration as INI\n"
          "  keys    list every configuration key with its default, unit and meaning\n"
          "options:\n"
          "  --preset NAME        start from a built-in preset (default isca18)\n"
          "  --config FILE        apply an INI file after the preset\n"
          "  --design NAME        one of the designs MASK compares, as switches on the mask\n"
          "                       preset (xlat list designs); applied before --set\n"
          "  --set SEC.KEY=VALUE  override one key (repeatable, applied last)\n"
          "  --workload NAME      workload to run (run); A+B runs several at once, each in its\n"
          "                       own address space on an even share of the CUs; trace:FILE\n"
          "                       replays a recorded trace (docs/traces.md)\n"
          "  --workloads A,B,...  workloads of a study (default: mvt,atax,bicg,gesummv,xsbench,nw)\n"
          "  --scale F            fraction of the paper-sized work, 0 < F <= 1 (default 1)\n"
          "  --seed N             seed of every random choice (sets sim.seed)\n"
          "  --json FILE          write results as JSON (run)\n"
          "  --json-dir DIR       write one results JSON per workload (study)\n"
          "  --record FILE        write the workload's instruction trace to FILE, then run it\n"
          "                       (run; replay with --workload trace:FILE; docs/traces.md)\n"
          "  --compress zstd|none the trace's blocks (default zstd where the build has it)\n"
          "  --quiet              print statistics only, not the configuration (run); no progress\n"
          "  --progress           redraw a progress line on stderr about once a second (default\n"
          "                       on a terminal; otherwise a line a minute)\n"
          "  --model cycle|functional  the cycle-level model (default) or the untimed one\n"
          "  --events FILE        write the IOMMU event log (run, cycle model)\n"
          "  --iommu-trace FILE   write the walk path's per-cycle inputs for RTL replay (run)\n"
          "  --gsn-trace FILE     write every edge of the DRAM channels' Golden/Silver/Normal\n"
          "                       queues for RTL replay (run, dram.sched = gsn)\n"
          "  --key SEC.KEY --values V1,V2,...  the key and values of a sweep; up to 4 pairs\n"
          "                       sweep their values' cross product (at most 64 combinations)\n"
          "  --engine local|parallel|slurm  where a sweep's points run (docs/sweeps.md): here\n"
          "                       (default), GNU parallel over --sshlogin's, a Slurm job array\n"
          "  -j, --jobs N         points at a time (local: default 1; parallel: per login;\n"
          "                       slurm: the array's limit)\n"
          "  --store DIR          keep each point's results in DIR under a key of its whole\n"
          "                       configuration, workload, scale, seed and xlat build: a sweep\n"
          "                       run again skips what is there (needed by parallel and slurm)\n"
          "  --retries N          rounds again for points that failed or were killed (default 2)\n"
          "  --sshlogin L         parallel's logins: host1,host2 (':' this machine) or a file\n"
          "  --sbatch 'OPTS'      extra sbatch options, split at blanks (--partition=P ...)\n"
          "a FILE of - is standard output; a file is replaced only when complete, a device or\n"
          "pipe is written in place, and every output is checked before the run starts\n"
          "exit status: 0 success, 2 bad input, 1 internal error (or output that could not be\n"
          "written)\n", f);
}

/* One error line: a control character of the message (a newline in an offending value,
 * say) is shown as '?', so the line stays one line. */
static void say_error(const char *msg)
{
    fputs("xlat: ", stderr);
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
        fputc(*p < 0x20u || *p == 0x7fu ? '?' : *p, stderr);
    fputc('\n', stderr);
}

static int bad(const char *msg)
{
    say_error(msg);
    return XL_EINPUT;
}

static int cmd_list(int argc, char **argv)
{
    const char *what = argc > 2 ? argv[2] : "all";
    int all = !strcmp(what, "all");
    if (argc > 3 || (!all && strcmp(what, "workloads") && strcmp(what, "presets") &&
                     strcmp(what, "designs"))) {
        char msg[128];
        snprintf(msg, sizeof msg, "list takes 'workloads', 'presets' or 'designs', not '%.40s'",
                 argc > 3 ? argv[3] : what);
        return bad(msg);
    }
    if (all || !strcmp(what, "workloads")) {
        printf("workloads:\n");
        for (unsigned i = 0; i < xl_wl_count(); i++) {
            const xl_wl_desc_t *d = xl_wl_get(i);
            printf("  %-9s %-6s %-10s %-9s %s\n", d->name, d->aliases, d->suite, d->klass,
                   d->summary);
        }
    }
    if (all || !strcmp(what, "presets")) {
        printf("presets:\n");
        char sum[256];
        for (unsigned i = 0; i < xl_config_preset_count(); i++)
            printf("  %-9s %s\n", xl_config_preset_name(i),
                   xl_config_preset_summary(i, sum, sizeof sum));
    }
    if (all || !strcmp(what, "designs")) {
        printf("designs (--design NAME, on --preset mask; ASPLOS'18 §7):\n");
        for (unsigned d = 0; d < cli_ndesigns; d++)
            printf("  %-10s %s\n", cli_designs[d].name, cli_designs[d].summary);
    }
    return XL_OK;
}

/* The command named by argv[1]; its exit status. */
static int run_command(int argc, char **argv)
{
    char err[1024] = "";
    opts_t o;
    int rc;
    if (argc < 2) {
        usage(stderr);
        return XL_EINPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return XL_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("xlat %s\n", XLAT_VERSION);
        return XL_OK;
    }
    if (!strcmp(cmd, "list"))
        return cmd_list(argc, argv);
    if (!strcmp(cmd, "keys")) {
        if (argc > 2)
            return bad("keys takes no options");
        xl_config_describe(stdout);
        return XL_OK;
    }
    if (!strcmp(cmd, "point")) {   /* a sweep's engines run it (engine.c) */
        if ((rc = cmd_point(argc, argv, err, sizeof err)) != XL_OK)
            say_error(err);
        return rc;
    }
    if (!strcmp(cmd, "import")) {   /* its own arguments: import.c */
        if ((rc = cmd_import(argc, argv, err, sizeof err)) != XL_OK)
            say_error(err);
        return rc;
    }
    if (strcmp(cmd, "run") && strcmp(cmd, "study") && strcmp(cmd, "config") &&
        strcmp(cmd, "sweep") && strcmp(cmd, "compare")) {
        snprintf(err, sizeof err, "unknown command '%s' (see xlat --help)", cmd);
        return bad(err);
    }
    if ((rc = cli_parse_opts(argc, argv, &o, err, sizeof err)) != XL_OK)
        return bad(err);
    if (!strcmp(cmd, "config")) {
        xl_config_t c;
        if (o.workload || o.workloads || o.json || o.json_dir || o.quiet || o.have_scale ||
            o.model || o.events || o.trace || o.key || o.values || o.nfiles)
            return bad("config takes only --preset, --config, --seed and --set");
        if (cli_build_config(&o, &c, err, sizeof err) != XL_OK)
            return bad(err);
        xl_config_write_ini(&c, stdout);
        return XL_OK;
    }
    if (!strcmp(cmd, "run"))
        rc = cmd_run(&o, err, sizeof err);
    else if (!strcmp(cmd, "sweep"))
        rc = cmd_sweep(&o, err, sizeof err);
    else if (!strcmp(cmd, "compare"))
        rc = cmd_compare(&o, err, sizeof err);
    else
        rc = cmd_study(&o, err, sizeof err);
    if (rc != XL_OK)
        say_error(err);
    return rc;
}

/* Every command ends here, so none can exit 0 with its output lost: standard output is
 * flushed and closed, and a failure (a full disk, a closed pipe, `> /dev/full`) is exit
 * status 1 with one line on stderr. */
int main(int argc, char **argv)
{
    return cli_stdout_finish(run_command(argc, argv));
}
