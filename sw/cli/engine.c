/*
 * engine.c - the execution engine of `xlat sweep` and `xlat point` (engine.h;
 * docs/sweeps.md). The store: STORE/KEY.json a finished point's results (written by `xlat
 * point` through out.c, a temporary renamed into place, so a file there is complete),
 * STORE/cfg/KEY.ini its configuration, STORE/run/ a round's plan and Slurm script, STORE/log/
 * the Slurm tasks' output. Each engine runs `xlat point PLAN INDEX` per point: here by
 * fork and exec (no shell), through GNU parallel (argv, -q), or as a Slurm array task
 * (a two-line script whose only inputs are paths of safe characters). After each round
 * the points without results are run again, up to --retries rounds.
 */
#define _XOPEN_SOURCE 700   /* realpath, P_tmpdir: X/Open in glibc, beyond the build's POSIX level */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "engine.h"

/* ---- keys: two 64-bit hashes of the point's text (FNV-1a, and FNV-1a from another basis
 * with a final mix), 128 bits: collisions among a sweep's thousands of points are out of
 * reach, and the hashes are the project's own, the same on every host */
typedef struct {
    uint64_t a, b;
} eng_hash_t;

static void hash_init(eng_hash_t *h)
{
    h->a = UINT64_C(0xcbf29ce484222325);
    h->b = UINT64_C(0x84222325cbf29ce4);
}

static void hash_bytes(eng_hash_t *h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ c[i]) * UINT64_C(0x100000001b3);
        h->b = (h->b ^ c[i]) * UINT64_C(0x100000001b3);
        h->b ^= h->b >> 29;
    }
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Hashes the rest of an open file; nonzero on a read error. */
static int hash_file(eng_hash_t *h, FILE *f)
{
    char buf[1 << 16];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0)
        hash_bytes(h, buf, r);
    return ferror(f);
}

/* The build: a hash of this process's own binary. Another compiler, other flags or any
 * change of the model gives another build, so a store never hands one model's results to
 * another silently (a rebuild reruns; it is never wrong). */
static int build_id(char out[17], char *exe, size_t exelen, char *err, size_t errlen)
{
    ssize_t n = readlink("/proc/self/exe", exe, exelen - 1);
    if (n <= 0) {
        snprintf(err, errlen, "sweep: cannot find this xlat's binary (/proc/self/exe): %s",
                 strerror(errno));
        return XL_EINTERNAL;
    }
    exe[n] = '\0';
    FILE *f = fopen("/proc/self/exe", "rb");
    if (!f) {
        snprintf(err, errlen, "sweep: cannot read this xlat's binary: %s", strerror(errno));
        return XL_EINTERNAL;
    }
    eng_hash_t h;
    hash_init(&h);
    int bad = hash_file(&h, f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "sweep: cannot read this xlat's binary");
        return XL_EINTERNAL;
    }
    snprintf(out, 17, "%016llx", (unsigned long long)mix(h.a ^ mix(h.b)));
    return XL_OK;
}

/* The configuration's INI text (every key), malloc'd. */
static char *config_text(const xl_config_t *c, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        return NULL;
    xl_config_write_ini(c, f);
    if (fclose(f)) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int key_of(const char *build, const char *model, uint32_t scale_ppm,
                  const xl_config_t *c, const char *workload, char key[CLI_ENG_KEY_LEN + 1],
                  char *err, size_t errlen)
{
    size_t len;
    char *ini = config_text(c, &len), head[512];
    if (!ini) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    if (!strncmp(workload, "trace:", 6))
        scale_ppm = XL_SCALE_ONE;   /* a trace runs as recorded, whatever the sweep's --scale */
    int hl = snprintf(head, sizeof head, "xlat point\nversion %s\nbuild %s\nmodel %s\n"
                      "workload %s\nscale_ppm %lu\nseed %llu\n", XLAT_VERSION, build, model,
                      workload, (unsigned long)scale_ppm, (unsigned long long)c->sim.seed);
    eng_hash_t h;
    hash_init(&h);
    hash_bytes(&h, head, (size_t)hl);
    hash_bytes(&h, ini, len);
    free(ini);
    /* A recorded trace is named by its path, so its content goes into the key too: a
     * trace recorded again under the same name is a new point, never a stale result
     * (docs/sweeps.md "Keys"). Reading it costs less than the replay, which reads it all. */
    for (const char *w = workload; w; w = strchr(w, '+') ? strchr(w, '+') + 1 : NULL) {
        if (strncmp(w, "trace:", 6))
            continue;
        char path[PATH_MAX];
        size_t n = strcspn(w + 6, "+");
        if (n >= sizeof path) {
            snprintf(err, errlen, "%.60s...: path too long", w);
            return XL_EINPUT;
        }
        memcpy(path, w + 6, n);
        path[n] = '\0';
        FILE *f = fopen(path, "rb");
        if (!f) {
            snprintf(err, errlen, "trace %.200s: cannot read: %s", path, strerror(errno));
            return XL_EINPUT;
        }
        int bad = hash_file(&h, f);
        fclose(f);
        if (bad) {
            snprintf(err, errlen, "trace %.200s: read error", path);
            return XL_EINPUT;
        }
    }
    snprintf(key, CLI_ENG_KEY_LEN + 1, "%016llx%016llx", (unsigned long long)mix(h.a),
             (unsigned long long)mix(h.b ^ UINT64_C(0x9e3779b97f4a7c15)));
    return XL_OK;
}

int cli_eng_key(const cli_eng_t *e, const xl_config_t *c, const char *workload,
                char key[CLI_ENG_KEY_LEN + 1], char *err, size_t errlen)
{
    return key_of(e->build, e->model, e->scale_ppm, c, workload, key, err, errlen);
}

/* ---- the store */

/* A path the remote engines may hand to a shell (Slurm's script, parallel's ssh): only
 * letters, digits and . _ / + - , so no quoting can be got wrong. */
static int safe_path(const char *p)
{
    if (!*p)
        return 0;
    for (; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._/+-", *p))
            return 0;
    return 1;
}

static int mkdir_one(const char *dir, char *err, size_t errlen)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "--store %s: cannot make it: %s", dir, strerror(errno));
        return XL_EINPUT;
    }
    return XL_OK;
}

static int sub_path(char *out, size_t len, const char *store, const char *rel)
{
    return (size_t)snprintf(out, len, "%s/%s", store, rel) < len ? XL_OK : XL_EINPUT;
}

int cli_eng_result_path(const cli_eng_t *e, const cli_point_t *p, char *path, size_t len)
{
    return (size_t)snprintf(path, len, "%s/%s.json", e->store, p->key) < len ? XL_OK
                                                                              : XL_EINPUT;
}

static int have_result(const cli_eng_t *e, const cli_point_t *p)
{
    char path[PATH_MAX];
    struct stat sb;
    return cli_eng_result_path(e, p, path, sizeof path) == XL_OK && stat(path, &sb) == 0 &&
           S_ISREG(sb.st_mode) && sb.st_size > 0;
}

/* Write text to path through out.c: complete or not at all. */
static int write_file(const char *opt, const char *path, const char *text, char *err,
                      size_t errlen)
{
    cli_out_t o;
    cli_out_init(&o, opt, path);
    int rc = cli_outs_open(&o, 1, err, errlen);
    if (rc != XL_OK)
        return rc;
    fputs(text, o.f);
    return cli_outs_close(&o, 1, XL_OK, err, errlen);
}

static int parse_count(const char *opt, const char *v, unsigned lo, unsigned hi, unsigned *out,
                       char *err, size_t errlen)
{
    char *end;
    errno = 0;
    unsigned long n = strtoul(v, &end, 10);
    if (!isdigit((unsigned char)*v) || *end || errno || n < lo || n > hi) {
        snprintf(err, errlen, "%s '%.40s': expected a whole number from %u to %u", opt, v, lo, hi);
        return XL_EINPUT;
    }
    *out = (unsigned)n;
    return XL_OK;
}

int cli_eng_open(cli_eng_t *e, const opts_t *o, const char *model, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->retries = 2;
    e->scale_str = o->scale_str;
    e->scale_ppm = o->scale_ppm;
    e->model = model;
    e->sshlogin = o->sshlogin;
    e->sbatch = o->sbatch;
    const char *eng = o->engine ? o->engine : "local";
    if (!strcmp(eng, "local"))
        e->kind = CLI_ENG_LOCAL;
    else if (!strcmp(eng, "parallel"))
        e->kind = CLI_ENG_PARALLEL;
    else if (!strcmp(eng, "slurm"))
        e->kind = CLI_ENG_SLURM;
    else {
        snprintf(err, errlen, "--engine '%.40s': expected local, parallel or slurm", eng);
        return XL_EINPUT;
    }
    if (o->jobs && parse_count("--jobs", o->jobs, 1, CLI_ENG_MAX_JOBS, &e->jobs, err, errlen))
        return XL_EINPUT;
    if (o->retries &&
        parse_count("--retries", o->retries, 0, CLI_ENG_MAX_RETRIES, &e->retries, err, errlen))
        return XL_EINPUT;
    if (o->sshlogin && e->kind != CLI_ENG_PARALLEL) {
        snprintf(err, errlen, "--sshlogin is for --engine parallel");
        return XL_EINPUT;
    }
    if (o->sbatch && e->kind != CLI_ENG_SLURM) {
        snprintf(err, errlen, "--sbatch is for --engine slurm");
        return XL_EINPUT;
    }
    if (e->kind == CLI_ENG_PARALLEL && !o->sshlogin) {
        snprintf(err, errlen, "--engine parallel needs --sshlogin LOGINS (host1,host2; ':' is "
                 "this machine) or a file of them");
        return XL_EINPUT;
    }
    for (const char *s = o->sbatch; s && *s; s++)
        if ((unsigned char)*s < 0x20u && *s != '\t') {
            snprintf(err, errlen, "--sbatch: a control character in the options");
            return XL_EINPUT;
        }
    for (const char *s = o->sshlogin; s && *s; s++)
        if ((unsigned char)*s < 0x20u) {
            snprintf(err, errlen, "--sshlogin: a control character in the logins");
            return XL_EINPUT;
        }
    if (e->kind != CLI_ENG_LOCAL && !o->store) {
        snprintf(err, errlen, "--engine %s needs --store DIR, a folder every host sees at the "
                 "same path (a shared filesystem)", eng);
        return XL_EINPUT;
    }
    int rc = build_id(e->build, e->exe, sizeof e->exe, err, errlen);
    if (rc != XL_OK)
        return rc;
    if (o->store) {
        struct stat sb;
        if (stat(o->store, &sb) != 0 && mkdir(o->store, 0777) != 0) {
            snprintf(err, errlen, "--store %s: cannot make it: %s", o->store, strerror(errno));
            return XL_EINPUT;
        }
        char real[PATH_MAX];
        if (!realpath(o->store, real) || strlen(real) >= sizeof e->store) {
            snprintf(err, errlen, "--store %s: cannot resolve it, or longer than %zu characters",
                     o->store, sizeof e->store - 1);
            return XL_EINPUT;
        }
        memcpy(e->store, real, strlen(real) + 1);
        if (stat(e->store, &sb) != 0 || !S_ISDIR(sb.st_mode) || access(e->store, W_OK | X_OK) != 0) {
            snprintf(err, errlen, "--store %s: not a folder this user can write", o->store);
            return XL_EINPUT;
        }
    } else {
        const char *t = getenv("TMPDIR");
        if (!t || !*t)
            t = P_tmpdir;
        if ((size_t)snprintf(e->store, sizeof e->store, "%s/xlat-sweep-XXXXXX", t) >=
                sizeof e->store || !mkdtemp(e->store)) {
            snprintf(err, errlen, "sweep: cannot make a temporary store in %s: %s", t,
                     strerror(errno));
            return XL_EINTERNAL;
        }
        e->tmp_store = 1;
    }
    if (e->kind != CLI_ENG_LOCAL && (!safe_path(e->store) || !safe_path(e->exe))) {
        snprintf(err, errlen, "--engine %s: the store %s and xlat %s must be paths of letters, "
                 "digits and . _ / + - only (they reach a shell on the hosts)", eng, e->store,
                 e->exe);
        return XL_EINPUT;
    }
    char d[PATH_MAX];
    static const char *const subs[] = {"cfg", "run", "log"};
    for (unsigned i = 0; i < 3; i++)
        if (sub_path(d, sizeof d, e->store, subs[i]) != XL_OK ||
            mkdir_one(d, err, errlen) != XL_OK)
            return XL_EINPUT;
    return XL_OK;
}

/* ---- reading a finished point back: the counters the sweep's tables show, from the
 * results file's "stats" object as xl_stats_write_json writes it (a "name": value line
 * each; a ratio with its decimals, read as xl_stats_get gives it, integer part * 10^d) */
static int stat_in(const char *text, const char *name, uint64_t *v)
{
    char pat[80];
    snprintf(pat, sizeof pat, "\n    \"%s\": ", name);
    const char *p = strstr(text, pat);
    if (!p)
        return 0;
    p += strlen(pat);
    uint64_t x = 0;
    int digits = 0;
    for (; isdigit((unsigned char)*p) || *p == '.'; p++)
        if (*p != '.') {
            if (x > UINT64_MAX / 10)
                return 0;
            x = x * 10 + (uint64_t)(*p - '0');
            digits++;
        }
    if (!digits || (*p != ',' && *p != '\n'))
        return 0;
    *v = x;
    return 1;
}

int cli_eng_read(const cli_eng_t *e, const cli_point_t *p, cli_pt_stats_t *s, char *err,
                 size_t errlen)
{
    char path[PATH_MAX];
    cli_eng_result_path(e, p, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return XL_EINPUT;
    }
    char *text = malloc(1u << 20);
    size_t n = text ? fread(text, 1, (1u << 20) - 1, f) : 0;
    fclose(f);
    if (!text) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    text[n] = '\0';
    char wl[160];
    snprintf(wl, sizeof wl, "\n  \"workload\": \"%s\",\n", p->workload);
    memset(s, 0, sizeof *s);
    int ok = n > 2 && !strcmp(text + n - 2, "}\n") && strstr(text, wl) &&
             stat_in(text, "sim.cycles", &s->cycles);
    stat_in(text, "iommu.walks", &s->walks);   /* absent from some models: 0, as cli_sget */
    stat_in(text, "gpu.stall_cycles", &s->stall);
    stat_in(text, "iommu.gap_first_last_avg", &s->gap);
    free(text);
    if (!ok) {
        snprintf(err, errlen, "%s: not a complete results file of %s", path, p->workload);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* ---- the plan of a round: its first line "xlat-plan 1 STORE", then a line per point,
 * "KEY WORKLOAD SCALE MODEL"; `xlat point PLAN I` runs the line I + 1 */

/* The progress of the whole sweep, for its stderr. */
typedef struct {
    unsigned total, done_before, ran, failed;
    double t0, last;
} eng_prog_t;

static void progress(eng_prog_t *g, unsigned ran, unsigned left, int final)
{
    double t = cli_now_s();
    if (!final && t - g->last < 1.0)
        return;
    g->last = t;
    char est[64] = "estimating";
    if (ran) {
        char d[32];
        cli_dur(d, sizeof d, (t - g->t0) / ran * left);
        snprintf(est, sizeof est, "about %s left", d);
    }
    fprintf(stderr, "  sweep: %u of %u points done (%u already), %u failed, %s ...\n",
            g->done_before + ran, g->total, g->done_before, g->failed, left ? est : "0s left");
    fflush(stderr);
}

/* The child of an engine: it dies with the sweep (Linux); its stdout is not the table's
 * (out 1: /dev/null; 2: stderr, where sbatch's "Submitted batch job N" belongs). */
static pid_t spawn(char *const argv[], int out)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
    if (out == 1) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0)
            dup2(fd, 1), close(fd);
    } else if (out == 2)
        dup2(2, 1);
    execvp(argv[0], argv);
    fprintf(stderr, "xlat: sweep: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Run argv to its end with its stdout read into buf (len bytes, NUL-terminated); its exit
 * status, or -1 when it could not be run. */
static int capture(char *const argv[], char *buf, size_t len)
{
    int fd[2], status = 0;
    size_t n = 0;
    buf[0] = '\0';
    if (pipe(fd) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
        close(fd[0]);
        dup2(fd[1], 1);
        close(fd[1]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(fd[1]);
    if (pid < 0) {
        close(fd[0]);
        return -1;
    }
    for (;;) {
        ssize_t r = read(fd[0], buf + n, len - 1 - n);
        if (r > 0 && (n += (size_t)r) < len - 1)
            continue;
        if (r < 0 && errno == EINTR)
            continue;
        if (r > 0) {   /* full: the rest is read and dropped */
            char sink[256];
            while (read(fd[0], sink, sizeof sink) > 0)
                ;
        }
        break;
    }
    buf[n] = '\0';
    close(fd[0]);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The progress line from the store: the round's points whose results are there. */
static void show_store(const cli_eng_t *e, cli_point_t **todo, unsigned n, eng_prog_t *g)
{
    unsigned got = 0;
    for (unsigned i = 0; i < n; i++)
        got += have_result(e, todo[i]);
    progress(g, g->ran + got, n - got, 0);
}

/* A Slurm job's end: squeue polled every second until it lists none of the job's tasks
 * (sbatch --wait would do it with a poll that backs off to 10 s; sacct needs the
 * cluster's accounting database, which not every cluster has). squeue failing 120 times in
 * a row (two minutes: the controller down) is the end too, said in a line. */
static void wait_slurm(const cli_eng_t *e, const char *job, cli_point_t **todo, unsigned n,
                       eng_prog_t *g)
{
    char jobarg[600], out[4096];
    snprintf(jobarg, sizeof jobarg, "--jobs=%s", job);
    char *argv[] = {"squeue", "--noheader", "--format=%i", jobarg, NULL};
    unsigned fails = 0;
    for (;;) {
        int st = capture(argv, out, sizeof out);
        if (st == 0 && strspn(out, " \t\n") == strlen(out))
            return;
        if (st != 0 && ++fails == 120) {
            fprintf(stderr, "  sweep: squeue has failed for two minutes: job %s taken as ended ...\n",
                    job);
            return;
        }
        if (st == 0)
            fails = 0;
        show_store(e, todo, n, g);
        struct timespec ts = {1, 0};
        nanosleep(&ts, NULL);
    }
}

/* A round's engine other than local: one child (parallel or sbatch) run to its end, the
 * store looked at every second for the progress line. Its exit status in *status. */
static int wait_engine(const cli_eng_t *e, pid_t pid, cli_point_t **todo, unsigned n,
                       eng_prog_t *g, int *status)
{
    for (;;) {
        pid_t r = waitpid(pid, status, WNOHANG);
        if (r == pid)
            return XL_OK;
        if (r < 0 && errno != EINTR)
            return XL_EINTERNAL;
        show_store(e, todo, n, g);
        struct timespec ts = {0, 250000000};
        nanosleep(&ts, NULL);
    }
}

static void round_names(const cli_eng_t *e, unsigned round, const char *ext, char *out,
                        size_t len)
{
    snprintf(out, len, "%s/run/%ld.%u.%s", e->store, (long)getpid(), round, ext);
}

/* Count the points of todo[0..n) with results; the progress line. */
static void look(const cli_eng_t *e, cli_point_t **todo, unsigned n, eng_prog_t *g)
{
    unsigned got = 0;
    for (unsigned i = 0; i < n; i++)
        got += have_result(e, todo[i]);
    progress(g, g->ran + got, n - got, 0);
}

/* The local engine: at most jobs children at a time, each `xlat point PLAN I`, no shell. */
static int run_local(cli_eng_t *e, const char *plan, cli_point_t **todo, unsigned n,
                     eng_prog_t *g, char *err, size_t errlen)
{
    unsigned next = 0, running = 0, j = e->jobs ? e->jobs : 1;
    int status;
    char idx[24];
    while (next < n || running) {
        while (next < n && running < j) {
            snprintf(idx, sizeof idx, "%u", next);
            char *argv[] = {e->exe, "point", (char *)plan, idx, NULL};
            if (spawn(argv, 1) < 0) {
                snprintf(err, errlen, "sweep: cannot start a point: %s", strerror(errno));
                next = n;   /* the running ones are waited for */
                break;
            }
            next++, running++;
        }
        if (!running)
            break;
        if (waitpid(-1, &status, 0) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        running--;
        look(e, todo, n, g);
    }
    return *err ? XL_EINTERNAL : XL_OK;
}

/* GNU parallel over the user's logins: the indices as arguments after ':::', quoted by
 * parallel itself (-q quotes the command's words too); its stdout on our stderr. */
static int run_parallel(cli_eng_t *e, const char *plan, cli_point_t **todo, unsigned n,
                        eng_prog_t *g, char *err, size_t errlen)
{
    char **argv = malloc(((size_t)n + 16) * sizeof *argv), *nums = malloc((size_t)n * 12 + 1);
    char jobs[32];
    unsigned a = 0;
    int status = 0;
    if (!argv || !nums) {
        free(argv), free(nums);
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    argv[a++] = "parallel";
    argv[a++] = "--will-cite";
    argv[a++] = "-q";
    if (e->jobs) {
        snprintf(jobs, sizeof jobs, "%u", e->jobs);
        argv[a++] = "--jobs";
        argv[a++] = jobs;
    }
    struct stat sb;
    argv[a++] = stat(e->sshlogin, &sb) == 0 && S_ISREG(sb.st_mode) ? "--sshloginfile"
                                                                   : "--sshlogin";
    argv[a++] = (char *)e->sshlogin;
    argv[a++] = e->exe;
    argv[a++] = "point";
    argv[a++] = (char *)plan;
    argv[a++] = "{}";
    argv[a++] = ":::";
    for (unsigned i = 0; i < n; i++) {
        snprintf(nums + (size_t)i * 12, 12, "%u", i);
        argv[a++] = nums + (size_t)i * 12;
    }
    argv[a] = NULL;
    pid_t pid = spawn(argv, 2);
    free(argv);
    int rc = XL_OK;
    if (pid < 0) {
        snprintf(err, errlen, "sweep: cannot start GNU parallel: %s", strerror(errno));
        rc = XL_EINTERNAL;
    } else {
        wait_engine(e, pid, todo, n, g, &status);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
            snprintf(err, errlen, "sweep: GNU parallel is not installed here (make deps)");
            rc = XL_EINPUT;
        }
    }
    free(nums);
    return rc;
}

#define ENG_ARRAY_MAX 1000   /* tasks per array: under Slurm's default MaxArraySize, 1001 */

/* A Slurm job array per ENG_ARRAY_MAX points: task I of the array starting at point OFF
 * runs point OFF + I. The script's only inputs are two safe paths (cli_eng_open) and a
 * number. sbatch --parsable gives the job's id; squeue is polled until none is left. */
static int run_slurm(cli_eng_t *e, unsigned round, const char *plan, cli_point_t **todo,
                     unsigned n, eng_prog_t *g, char *err, size_t errlen)
{
    char *argv[48], script[PATH_MAX], body[3 * PATH_MAX], arr[64], out[PATH_MAX + 32];
    char ids[512], job[256], ext[32];   /* ids: a sweep's 2048 points are 3 arrays */
    char *sb = NULL;
    unsigned a0 = 0, a;
    int rc = XL_OK;
    ids[0] = '\0';
    snprintf(out, sizeof out, "--output=%s/log/slurm-%%A_%%a.out", e->store);
    argv[a0++] = "sbatch";
    argv[a0++] = "--parsable";
    argv[a0++] = "--job-name=xlat-sweep";
    argv[a0++] = arr;
    argv[a0++] = out;
    /* the user's options, one word each, never through a shell */
    if (e->sbatch && !(sb = strdup(e->sbatch))) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    for (char *t = sb ? strtok(sb, " \t") : NULL; t; t = strtok(NULL, " \t")) {
        if (a0 == sizeof argv / sizeof argv[0] - 2) {
            free(sb);
            snprintf(err, errlen, "--sbatch: more than %zu options", sizeof argv / sizeof argv[0] - 7);
            return XL_EINPUT;
        }
        argv[a0++] = t;
    }
    for (unsigned off = 0; off < n && rc == XL_OK; off += ENG_ARRAY_MAX) {
        unsigned m = n - off < ENG_ARRAY_MAX ? n - off : ENG_ARRAY_MAX;
        snprintf(ext, sizeof ext, "%u.sh", off);
        round_names(e, round, ext, script, sizeof script);
        snprintf(body, sizeof body, "#!/bin/sh\n# xlat sweep: one Slurm array task per point "
                 "of the plan (docs/sweeps.md)\nexec '%s' point '%s' "
                 "\"$((SLURM_ARRAY_TASK_ID + %u))\"\n", e->exe, plan, off);
        if ((rc = write_file("--store", script, body, err, errlen)) != XL_OK)
            break;
        chmod(script, 0755);
        if (e->jobs)
            snprintf(arr, sizeof arr, "--array=0-%u%%%u", m - 1, e->jobs);
        else
            snprintf(arr, sizeof arr, "--array=0-%u", m - 1);
        a = a0;
        argv[a++] = script;
        argv[a] = NULL;
        int st = capture(argv, job, sizeof job);   /* "N" or "N;cluster" */
        job[strcspn(job, ";\n")] = '\0';
        if (st != 0 || !*job || strspn(job, "0123456789") != strlen(job)) {
            if (st == 127 || st < 0)
                snprintf(err, errlen, "sweep: cannot run sbatch (is Slurm installed here?)");
            else
                snprintf(err, errlen, "sweep: sbatch refused the job array (exit status %d; "
                         "its message above)", st);
            rc = st == 127 || st < 0 ? XL_EINTERNAL : XL_EINPUT;
        } else {
            fprintf(stderr, "  sweep: Submitted batch job %s, %u array tasks ...\n", job, m);
            snprintf(ids + strlen(ids), sizeof ids - strlen(ids), "%s%s", *ids ? "," : "", job);
        }
    }
    free(sb);
    if (*ids)   /* what was submitted runs to its end, even when a later array was refused */
        wait_slurm(e, ids, todo, n, g);
    for (unsigned off = 0; off < n; off += ENG_ARRAY_MAX) {
        snprintf(ext, sizeof ext, "%u.sh", off);
        round_names(e, round, ext, script, sizeof script);
        unlink(script);
    }
    return rc;
}

/* One round over todo[0..n): its plan written, the engine run until every point has ended
 * one way or the other. XL_OK unless the engine could not start. */
static int run_round(cli_eng_t *e, unsigned round, cli_point_t **todo, unsigned n,
                     eng_prog_t *g, char *err, size_t errlen)
{
    char plan[PATH_MAX], line[1200];   /* a key, a workload (a trace's path: 1023), scale, model */
    round_names(e, round, "plan", plan, sizeof plan);
    size_t cap = 64 + strlen(e->store) + (size_t)n * sizeof line, used = 0;
    char *text = malloc(cap);
    if (!text) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    used += (size_t)snprintf(text, cap, "xlat-plan 1 %s\n", e->store);
    for (unsigned i = 0; i < n; i++) {
        int l = snprintf(line, sizeof line, "%s %s %s %s\n", todo[i]->key, todo[i]->workload,
                         e->scale_str, e->model);
        if (l < 0 || (size_t)l >= sizeof line) {
            free(text);
            snprintf(err, errlen, "sweep: workload %.60s...: name longer than 1023 characters",
                     todo[i]->workload);
            return XL_EINPUT;
        }
        memcpy(text + used, line, (size_t)l + 1);
        used += (size_t)l;
    }
    int rc = write_file("--store", plan, text, err, errlen);
    free(text);
    if (rc != XL_OK)
        return rc;
    *err = '\0';
    if (e->kind == CLI_ENG_LOCAL)
        rc = run_local(e, plan, todo, n, g, err, errlen);
    else if (e->kind == CLI_ENG_PARALLEL)
        rc = run_parallel(e, plan, todo, n, g, err, errlen);
    else
        rc = run_slurm(e, round, plan, todo, n, g, err, errlen);
    unlink(plan);
    return rc;
}

int cli_eng_run(cli_eng_t *e, cli_point_t *p, unsigned n, char *err, size_t errlen)
{
    cli_point_t **todo = malloc(((size_t)n + 1) * sizeof *todo);
    if (!todo) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    eng_prog_t g = {.total = n, .t0 = cli_now_s()};
    int rc = XL_OK;
    /* every point's configuration in the store before anything runs */
    for (unsigned i = 0; i < n && rc == XL_OK; i++) {
        char path[PATH_MAX], rel[64];
        size_t len;
        snprintf(rel, sizeof rel, "cfg/%s.ini", p[i].key);
        p[i].state = have_result(e, &p[i]) ? CLI_PT_SKIPPED : CLI_PT_TODO;
        if (p[i].state == CLI_PT_SKIPPED) {
            g.done_before++;
            continue;
        }
        char *ini = config_text(p[i].cfg, &len);
        if (!ini) {
            snprintf(err, errlen, "out of host memory");
            rc = XL_EINTERNAL;
        } else if (sub_path(path, sizeof path, e->store, rel) == XL_OK)
            rc = write_file("--store", path, ini, err, errlen);
        free(ini);
    }
    e->skipped = g.done_before;
    for (unsigned round = 0; rc == XL_OK && round <= e->retries; round++) {
        unsigned m = 0;
        for (unsigned i = 0; i < n; i++)
            if (p[i].state == CLI_PT_TODO)
                todo[m++] = &p[i];
        if (!m)
            break;
        if (round) {
            e->retried += m;
            fprintf(stderr, "  sweep: %u point%s again (retry %u of %u) ...\n", m, m > 1 ? "s" : "",
                    round, e->retries);
        }
        rc = run_round(e, round, todo, m, &g, err, errlen);
        unsigned got = 0;
        for (unsigned i = 0; i < m; i++)
            if (have_result(e, todo[i]))
                todo[i]->state = CLI_PT_RAN, got++;
        g.ran += got;
        if (!got && rc == XL_OK && e->kind != CLI_ENG_LOCAL && round < e->retries)
            fprintf(stderr, "  sweep: the round finished no point (the engine's output: %s/log) ...\n",
                    e->store);
    }
    free(todo);
    for (unsigned i = 0; i < n; i++)
        if (p[i].state == CLI_PT_TODO)
            p[i].state = CLI_PT_FAILED;
    e->ran = g.ran;
    e->failed = n - g.ran - g.done_before;
    g.failed = e->failed;
    progress(&g, g.ran, 0, 1);
    return rc;
}

void cli_eng_close(cli_eng_t *e, const cli_point_t *p, unsigned n)
{
    if (!e->tmp_store)
        return;
    char path[PATH_MAX];
    for (unsigned i = 0; i < n; i++) {
        cli_eng_result_path(e, &p[i], path, sizeof path);
        unlink(path);
        snprintf(path, sizeof path, "%s/cfg/%s.ini", e->store, p[i].key);
        unlink(path);
    }
    static const char *const subs[] = {"cfg", "run", "log"};
    for (unsigned i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", e->store, subs[i]);
        rmdir(path);
    }
    rmdir(e->store);
}

/* ---- `xlat point PLAN INDEX`: one point of a round's plan, its results into the store.
 * Its configuration is read back from STORE/cfg/KEY.ini and its key computed again here:
 * a host whose xlat is another build (or a damaged file) fails with one line instead of
 * writing another model's results under this key. */
int cmd_point(int argc, char **argv, char *err, size_t errlen)
{
    if (argc != 4) {
        snprintf(err, errlen, "point takes PLAN INDEX (run by xlat sweep's engines)");
        return XL_EINPUT;
    }
    unsigned idx;
    if (parse_count("point: INDEX", argv[3], 0, 1u << 30, &idx, err, errlen))
        return XL_EINPUT;
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        snprintf(err, errlen, "point: %s: cannot open: %s", argv[2], strerror(errno));
        return XL_EINPUT;
    }
    char line[PATH_MAX + 1200], store[PATH_MAX], key[CLI_ENG_KEY_LEN + 2], wl[1024], scale[40];
    char model[16];
    int ok = fgets(line, sizeof line, f) && sscanf(line, "xlat-plan 1 %4095s", store) == 1;
    for (unsigned i = 0; ok && i <= idx; i++)
        ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!ok || sscanf(line, "%33s %1023s %39s %15s", key, wl, scale, model) != 4 ||
        strlen(key) != CLI_ENG_KEY_LEN || strspn(key, "0123456789abcdef") != CLI_ENG_KEY_LEN ||
        (strcmp(model, "cycle") && strcmp(model, "functional")) || !xl_wl_find(wl)) {
        snprintf(err, errlen, "point: %s: no point %u, or not a sweep's plan", argv[2], idx);
        return XL_EINPUT;
    }
    uint32_t ppm;
    if (xl_parse_scale(scale, &ppm, err, errlen) != XL_OK)
        return XL_EINPUT;
    char ini[PATH_MAX + 64], json[PATH_MAX + 64], exe[PATH_MAX], build[17], again[CLI_ENG_KEY_LEN + 1];
    snprintf(ini, sizeof ini, "%s/cfg/%s.ini", store, key);
    snprintf(json, sizeof json, "%s/%s.json", store, key);
    struct stat sb;
    if (stat(json, &sb) == 0 && sb.st_size > 0)
        return XL_OK;   /* finished by another task (a retry that raced its first try) */
    xl_config_t c;
    xl_config_defaults(&c);
    if (xl_config_load_file(&c, ini, err, errlen) != XL_OK ||
        xl_config_validate(&c, err, errlen) != XL_OK)
        return XL_EINPUT;
    int rc = build_id(build, exe, sizeof exe, err, errlen);
    if (rc != XL_OK)
        return rc;
    /* the plan holds the sweep's names: the registry's, or a trace's path (sweep.c wl_name) */
    if ((rc = key_of(build, model, ppm, &c, wl, again, err, errlen)) != XL_OK)
        return rc;
    if (strcmp(again, key)) {
        snprintf(err, errlen, "point %s: this xlat (%s, build %s) is not the sweep's build, "
                 "or the point's files were changed", key, exe, build);
        return XL_EINPUT;
    }
    cli_out_t o;
    cli_out_init(&o, "--store", json);
    if ((rc = cli_outs_open(&o, 1, err, errlen)) != XL_OK)
        return rc;
    xl_workload_t w;
    xl_stats_t *st = NULL;
    /* A recorded trace is the work itself: it runs as recorded (the sweep's --scale is the
     * generators'), and its results name it and its recorded scale, as xlat run's do. */
    int tr = !strncmp(wl, "trace:", 6);
    rc = cli_run_one(&c, wl, tr ? XL_SCALE_ONE : ppm, model, NULL, NULL, NULL, CLI_PROG_OFF, wl,
                     &st, &w, err, errlen);
    if (rc == XL_OK) {
        char sc[16];
        const char *nm, *si;
        cli_results_label(&w, wl, scale, sc, &nm, &si);
        cli_write_results_json(o.f, &c, nm, si, model, st);
        xl_stats_destroy(st);
        xl_wl_close(&w);
    }
    return cli_outs_close(&o, 1, rc, err, errlen);
}
