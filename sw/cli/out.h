/*
 * out.h - the one way the command line writes a file: the results JSON of run, study and
 * sweep, the event log (--events) and the IOMMU trace (--iommu-trace). Every output is
 * checked before the run (bad path: exit 2), written to a temporary beside its target and
 * renamed into place only when complete, and every write is checked (failure: exit 1).
 * out.c says why each rule is what it is.
 */
#ifndef XLAT_CLI_OUT_H
#define XLAT_CLI_OUT_H

#include <limits.h>
#include <stdio.h>
#include <sys/types.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* How an output reaches its file. */
typedef enum {
    CLI_OUT_FILE,     /* a regular file, new or existing: temporary, then rename */
    CLI_OUT_DIRECT,   /* an existing device, FIFO or socket, or an open descriptor's name
                       * (/dev/stderr, /dev/fd/N): opened and written where it is */
    CLI_OUT_STDOUT    /* "-" or /dev/stdout: the process's standard output */
} cli_out_kind_t;

/* One output, from the check before the run to its commit or abort. */
typedef struct {
    const char *opt;        /* the option that named it ("--json"), for messages */
    const char *name;       /* the path as the user gave it, for messages */
    cli_out_kind_t kind;
    char path[PATH_MAX];    /* the file written: links resolved, directory made absolute */
    char tmp[PATH_MAX];     /* CLI_OUT_FILE while open: the temporary; else "" */
    int exists;             /* the path named an existing file */
    int fd;                 /* CLI_OUT_DIRECT by a descriptor's name: that descriptor; else -1 */
    mode_t mode;            /* CLI_OUT_FILE: the mode the finished file gets */
    uid_t uid;              /* CLI_OUT_FILE, existing: its owner, kept where allowed */
    gid_t gid;
    int have_id, is_chr;    /* have_id: dev/ino known (the file exists, or stdout) */
    dev_t dev;
    ino_t ino;
    FILE *f;                /* open between cli_outs_open and commit/abort */
    int slot;               /* the temporary's entry in the signal-cleanup registry, or -1 */
} cli_out_t;

/* Name an output: opt and name must outlive it. Nothing is touched on disk. */
void cli_out_init(cli_out_t *o, const char *opt, const char *name);
/* Resolve and check one output without creating anything: XL_EINPUT and one line
 * ("NAME: cannot write: REASON") when it cannot be written. */
int cli_out_check(cli_out_t *o, char *err, size_t errlen);
/* Check each of v[0..n), refuse two that name one file (or both standard output), then
 * open them all. XL_EINPUT with nothing left behind on any failure. */
int cli_outs_open(cli_out_t *v, unsigned n, char *err, size_t errlen);
/* rc == XL_OK: flush, check and move each into place, in order; the first failure makes
 * XL_EINTERNAL with one line and abandons the rest. rc != XL_OK: abandon them all (their
 * temporaries removed, the files at their paths untouched) and return rc. */
int cli_outs_close(cli_out_t *v, unsigned n, int rc, char *err, size_t errlen);
/* Whether any of v[0..n) is standard output. */
int cli_outs_stdout(const cli_out_t *v, unsigned n);
/* A --json-dir: an existing directory the user may write. XL_EINPUT with one line if not. */
int cli_out_dir_check(const char *opt, const char *dir, char *err, size_t errlen);
/* Name the output DIR/FILE of a --json-dir in path (len bytes, outliving o). XL_EINPUT
 * with one line if it does not fit. */
int cli_out_dir_file(cli_out_t *o, char *path, size_t len, const char *dir, const char *file,
                     char *err, size_t errlen);
/* The end of every command: flush and close standard output. A failure turns rc XL_OK into
 * XL_EINTERNAL with one line on stderr; a failed command keeps its own rc and its line. */
int cli_stdout_finish(int rc);

#endif
