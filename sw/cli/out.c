/*
 * out.c - the one output module of the command line (out.h): the results JSON of run,
 * study and sweep, the event log (--events) and the IOMMU trace (--iommu-trace) are all
 * checked, opened, written and finished here, and standard output is checked at the end of
 * every command.
 *
 * The rules, and why:
 *  - A regular file, new or existing, is written to a temporary made by mkstemp in the
 *    target's own directory (".NAME.XXXXXX": the same file system, so the final rename is
 *    atomic) and renamed over the target only when complete and flushed to disk. A run that
 *    fails or is killed leaves the old file as it was. mkstemp's name is unique, so a
 *    user's own "x.json.tmp" is never touched, and it begins with '.' and is longer than the
 *    target's name, so it can never be the target.
 *  - The temporary gets the mode the finished file should have (the existing file's, or
 *    0666 less the umask for a new one): mkstemp makes 0600, and renaming that into place
 *    would silently change who can read the results.
 *  - An existing device, FIFO or socket is written where it is: renaming over /dev/null
 *    would replace the device itself, which as root breaks the machine. "-" and
 *    /dev/stdout are standard output; /dev/stderr and /dev/fd/N are their descriptors.
 *  - A symbolic link is followed to its target, which is what gets replaced; the link stays.
 *  - Everything that can be known before the run is checked before it (exit 2): an empty
 *    name, a directory, a missing or unwritable directory, a read-only file (by its mode
 *    bits as well, because root passes access() on any file), a path too long for the
 *    temporary, and two outputs naming one file.
 *  - Every write is checked at the end (the stream's error flag, the flush, fsync, close and
 *    rename): any failure is exit 1 with "NAME: cannot write: REASON".
 */
#define _XOPEN_SOURCE 700   /* realpath: X/Open in glibc, beyond the build's POSIX level */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* ---- the signal-cleanup registry
 * The temporaries open right now, for the handler of SIGINT, SIGTERM, SIGHUP and SIGPIPE to
 * remove before the process dies. This is the command line's only global state, and it has
 * to be: a signal handler is called with nothing but the signal number, so what it must
 * clean up can only be found at file scope. Entries change only with those signals blocked
 * (reg_block), so the handler never sees one half written. Three outputs are open at most
 * (run's --json, --events, --iommu-trace); the table has room to spare. */
#define REG_SLOTS 8
static char reg_path[REG_SLOTS][PATH_MAX];
static volatile sig_atomic_t reg_used[REG_SLOTS];
static int reg_installed;   /* the handlers are installed once, on the first temporary */
static const int reg_signals[] = {SIGHUP, SIGINT, SIGTERM, SIGPIPE};
#define REG_NSIG (sizeof reg_signals / sizeof reg_signals[0])

/* Only async-signal-safe calls: unlink, raise. SA_RESETHAND has already made the action the
 * default one, and the signal is blocked while the handler runs, so the raised signal is
 * delivered on return and ends the process as if the handler had never been there (the
 * shell sees "killed by SIGTERM", exit status 128 + 15). */
static void reg_on_signal(int sig)
{
    for (int i = 0; i < REG_SLOTS; i++)
        if (reg_used[i])
            unlink(reg_path[i]);
    raise(sig);
}

static void reg_block(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    for (unsigned i = 0; i < REG_NSIG; i++)
        sigaddset(&s, reg_signals[i]);
    sigprocmask(SIG_BLOCK, &s, old);
}

static void reg_unblock(const sigset_t *old)
{
    sigprocmask(SIG_SETMASK, old, NULL);
}

/* A signal the parent set to be ignored (nohup's SIGHUP, a background job's SIGINT) stays
 * ignored: the user asked for the run to survive it. */
static void reg_install(void)
{
    if (reg_installed)
        return;
    reg_installed = 1;
    struct sigaction sa, cur;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = reg_on_signal;
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < REG_NSIG; i++)   /* one handler at a time */
        sigaddset(&sa.sa_mask, reg_signals[i]);
    sa.sa_flags = SA_RESETHAND;
    for (unsigned i = 0; i < REG_NSIG; i++)
        if (sigaction(reg_signals[i], NULL, &cur) == 0 && cur.sa_handler != SIG_IGN)
            sigaction(reg_signals[i], &sa, NULL);
}

/* ---- checking an output before the run */

void cli_out_init(cli_out_t *o, const char *opt, const char *name)
{
    memset(o, 0, sizeof *o);
    o->opt = opt;
    o->name = name;
    o->fd = -1;
    o->slot = -1;
}

/* A name as messages show it: a very long one by its end, so the one line still fits the
 * caller's buffer with the reason after it. */
#define SHOWN_MAX 300
#define SHOWN(n) (strlen(n) > SHOWN_MAX ? "..." : ""), \
                 ((n) + (strlen(n) > SHOWN_MAX ? strlen(n) - SHOWN_MAX : 0))

static int refuse(const cli_out_t *o, const char *reason, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s%s: cannot write: %s", SHOWN(o->name), reason);
    return XL_EINPUT;
}

static void set_id(cli_out_t *o, const struct stat *sb)
{
    o->have_id = 1;
    o->dev = sb->st_dev;
    o->ino = sb->st_ino;
    o->is_chr = S_ISCHR(sb->st_mode);
}

/* The descriptor a name stands for: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N;
 * -1 for any other name. Such a name is a link to whatever the descriptor has open (a
 * pipe's "pipe:[123]", or the file the shell redirected to), so resolving it as a path would
 * replace the shell's file or create a file named after the pipe; writing through a
 * duplicate of the descriptor is what the user means. */
static int fd_name(const char *name)
{
    if (!strcmp(name, "/dev/stdout"))
        return 1;
    if (!strcmp(name, "/dev/stderr"))
        return 2;
    const char *n = NULL;
    if (!strncmp(name, "/dev/fd/", 8))
        n = name + 8;
    else if (!strncmp(name, "/proc/self/fd/", 14))
        n = name + 14;
    if (!n || !*n || strspn(n, "0123456789") != strlen(n) || strlen(n) > 6)
        return -1;
    return atoi(n);
}

/* Follow the symbolic links at p (in place), as the kernel would on open: to the last
 * name that is not a link, existing or not (a dangling link gives its target's path). */
static int follow_links(char *p, int *e)
{
    char link[PATH_MAX];
    struct stat sb;
    for (int hops = 0;; hops++) {
        if (lstat(p, &sb) != 0) {
            if (errno == ENOENT)
                return 0;   /* a new file (or a missing directory, found below) */
            *e = errno;
            return -1;
        }
        if (!S_ISLNK(sb.st_mode))
            return 0;
        if (hops == 40) {   /* the kernel's own limit */
            *e = ELOOP;
            return -1;
        }
        ssize_t k = readlink(p, link, sizeof link);
        if (k < 0 || (size_t)k >= sizeof link) {
            *e = k < 0 ? errno : ENAMETOOLONG;
            return -1;
        }
        link[k] = '\0';
        /* a relative target is relative to the link's own directory */
        char *slash = strrchr(p, '/');
        size_t dl = link[0] == '/' || !slash ? 0 : (size_t)(slash - p) + 1;
        if (dl + (size_t)k >= PATH_MAX) {
            *e = ENAMETOOLONG;
            return -1;
        }
        memcpy(p + dl, link, (size_t)k + 1);
    }
}

static mode_t new_file_mode(void)
{
    mode_t m = umask(0);   /* umask can only be read by setting it */
    umask(m);
    return 0666 & ~m;
}

int cli_out_check(cli_out_t *o, char *err, size_t errlen)
{
    const char *name = o->name;
    char p[PATH_MAX], dir[PATH_MAX], rdir[PATH_MAX];
    struct stat sb;
    int e = 0;
    o->kind = CLI_OUT_FILE;
    o->path[0] = o->tmp[0] = '\0';
    o->exists = o->have_id = o->is_chr = 0;
    o->fd = -1;
    if (!name[0]) {
        snprintf(err, errlen, "%s '': cannot write: no file name", o->opt);
        return XL_EINPUT;
    }
    if (strlen(name) >= PATH_MAX)
        return refuse(o, strerror(ENAMETOOLONG), err, errlen);
    int fd = fd_name(name);
    if (!strcmp(name, "-") || fd == 1) {
        o->kind = CLI_OUT_STDOUT;
        if (fstat(1, &sb) != 0)
            return refuse(o, "standard output is closed", err, errlen);
        set_id(o, &sb);
        return XL_OK;
    }
    if (fd >= 0) {
        int fl = fcntl(fd, F_GETFL);
        if (fl < 0 || fstat(fd, &sb) != 0)
            return refuse(o, strerror(errno), err, errlen);
        if ((fl & O_ACCMODE) == O_RDONLY)
            return refuse(o, "the descriptor is open for reading only", err, errlen);
        if (S_ISDIR(sb.st_mode))
            return refuse(o, strerror(EISDIR), err, errlen);
        o->kind = CLI_OUT_DIRECT;
        o->fd = fd;
        o->exists = 1;
        snprintf(o->path, sizeof o->path, "%s", name);
        set_id(o, &sb);
        return XL_OK;
    }

    snprintf(p, sizeof p, "%s", name);
    if (follow_links(p, &e) != 0)
        return refuse(o, strerror(e), err, errlen);
    char *slash = strrchr(p, '/');
    const char *base = slash ? slash + 1 : p;
    if (!*base || !strcmp(base, ".") || !strcmp(base, ".."))
        return refuse(o, strerror(EISDIR), err, errlen);
    if (!slash)
        strcpy(dir, ".");
    else if (slash == p)
        strcpy(dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - p), p);
    if (!realpath(dir, rdir))
        return refuse(o, strerror(errno), err, errlen);
    if (stat(rdir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return refuse(o, strerror(ENOTDIR), err, errlen);
    /* The target "DIR/NAME" and its temporary "DIR/.NAME.XXXXXX" must both fit, the path in
     * PATH_MAX and the name in the directory's NAME_MAX; refused now, not after the run. */
    size_t rl = strlen(rdir), bl = strlen(base);
    long nmax = pathconf(rdir, _PC_NAME_MAX);
    if (rl + 1 + 1 + bl + 7 >= PATH_MAX || (nmax > 0 && bl + 8 > (size_t)nmax))
        return refuse(o, "file name too long for its temporary", err, errlen);
    size_t at = rl == 1 ? 0 : rl;   /* "/" + NAME, or DIR + "/" + NAME: fits, checked above */
    memcpy(o->path, rdir, at);
    o->path[at] = '/';
    memcpy(o->path + at + 1, base, bl + 1);

    if (lstat(o->path, &sb) == 0) {
        o->exists = 1;
        set_id(o, &sb);
        if (S_ISDIR(sb.st_mode))
            return refuse(o, strerror(EISDIR), err, errlen);
        if (S_ISBLK(sb.st_mode))   /* a disk: results written over it would destroy it */
            return refuse(o, "a block device", err, errlen);
        if (!S_ISREG(sb.st_mode)) {
            o->kind = CLI_OUT_DIRECT;
            if (access(o->path, W_OK) != 0)
                return refuse(o, strerror(errno), err, errlen);
            return XL_OK;
        }
        /* Replacing a read-only file needs only a writable directory, so its mode is
         * checked here: a file the user made read-only is not theirs to lose to a run. */
        if (access(o->path, W_OK) != 0)
            return refuse(o, strerror(errno), err, errlen);
        if (!(sb.st_mode & 0222))
            return refuse(o, "the file is read-only (no write permission bits)", err, errlen);
        o->mode = sb.st_mode & 0777;
        o->uid = sb.st_uid;
        o->gid = sb.st_gid;
    } else if (errno != ENOENT) {
        return refuse(o, strerror(errno), err, errlen);
    } else {
        o->mode = new_file_mode();
    }
    /* the temporary is made in the directory */
    if (access(rdir, W_OK | X_OK) != 0)
        return refuse(o, strerror(errno), err, errlen);
    return XL_OK;
}

int cli_out_dir_check(const char *opt, const char *dir, char *err, size_t errlen)
{
    struct stat sb;
    const char *reason = NULL;
    if (!dir[0])
        reason = "no directory name";
    else if (stat(dir, &sb) != 0)
        reason = strerror(errno);
    else if (!S_ISDIR(sb.st_mode))
        reason = strerror(ENOTDIR);
    else if (access(dir, W_OK | X_OK) != 0)
        reason = strerror(errno);
    if (!reason)
        return XL_OK;
    snprintf(err, errlen, "%s %s%s: cannot write: %s", opt, SHOWN(dir), reason);
    return XL_EINPUT;
}

int cli_out_dir_file(cli_out_t *o, char *path, size_t len, const char *dir, const char *file,
                     char *err, size_t errlen)
{
    if ((size_t)snprintf(path, len, "%s/%s", dir, file) >= len) {
        snprintf(err, errlen, "--json-dir %s%s: cannot write %s: %s", SHOWN(dir), file,
                 strerror(ENAMETOOLONG));
        return XL_EINPUT;
    }
    cli_out_init(o, "--json-dir", path);
    return XL_OK;
}

/* Two outputs that would land in one file: both standard output, one inode (a hard link,
 * or standard output redirected to the other's file), or one resolved path (a link to the
 * other, or the same new file named twice). A character device is the exception: /dev/null
 * takes any number of writers, and the same device twice is a common way to discard both. */
static int same_file(const cli_out_t *a, const cli_out_t *b)
{
    if (a->kind == CLI_OUT_STDOUT && b->kind == CLI_OUT_STDOUT)
        return 1;
    if (a->is_chr && b->is_chr)
        return 0;
    if (a->have_id && b->have_id && a->dev == b->dev && a->ino == b->ino)
        return 1;
    return a->kind != CLI_OUT_STDOUT && b->kind != CLI_OUT_STDOUT && !strcmp(a->path, b->path);
}

/* ---- opening, finishing, abandoning */

static void drop_tmp(cli_out_t *o)
{
    sigset_t old;
    if (!o->tmp[0])
        return;
    reg_block(&old);
    unlink(o->tmp);
    if (o->slot >= 0)
        reg_used[o->slot] = 0;
    reg_unblock(&old);
    o->tmp[0] = '\0';
    o->slot = -1;
}

static void out_abort(cli_out_t *o)
{
    if (o->f && o->kind != CLI_OUT_STDOUT)
        fclose(o->f);
    o->f = NULL;
    drop_tmp(o);
}

static int out_open(cli_out_t *o, char *err, size_t errlen)
{
    if (o->kind == CLI_OUT_STDOUT) {
        o->f = stdout;
        return XL_OK;
    }
    if (o->kind == CLI_OUT_DIRECT) {
        int d = o->fd >= 0 ? dup(o->fd) : -1;
        o->f = o->fd >= 0 ? (d >= 0 ? fdopen(d, "w") : NULL) : fopen(o->path, "w");
        if (!o->f) {
            int e = errno;
            if (d >= 0)
                close(d);
            return refuse(o, strerror(e), err, errlen);
        }
        return XL_OK;
    }
    const char *slash = strrchr(o->path, '/');   /* o->path is absolute */
    snprintf(o->tmp, sizeof o->tmp, "%.*s/.%s.XXXXXX", (int)(slash - o->path), o->path,
             slash + 1);
    int slot = 0;
    while (slot < REG_SLOTS && reg_used[slot])
        slot++;
    if (slot == REG_SLOTS) {
        o->tmp[0] = '\0';
        snprintf(err, errlen, "%s%s: cannot write: more than %d outputs at once", SHOWN(o->name),
                 REG_SLOTS);
        return XL_EINTERNAL;
    }
    reg_install();
    sigset_t old;
    reg_block(&old);   /* a signal now finds the temporary either absent or registered */
    int fd = mkstemp(o->tmp);
    int e = errno;
    if (fd >= 0) {
        memcpy(reg_path[slot], o->tmp, strlen(o->tmp) + 1);
        reg_used[slot] = 1;
        o->slot = slot;
    }
    reg_unblock(&old);
    if (fd < 0) {
        o->tmp[0] = '\0';
        return refuse(o, strerror(e), err, errlen);
    }
    /* Keep the owner of a file replaced by another user (root, mostly); one who may not
     * give files away keeps the new file as their own, as cp would. */
    if (o->exists && (o->uid != geteuid() || o->gid != getegid()) &&
        fchown(fd, o->uid, o->gid) != 0) {
        /* not an error: see above */
    }
    if (fchmod(fd, o->mode) != 0 || !(o->f = fdopen(fd, "w"))) {
        e = errno;
        close(fd);
        drop_tmp(o);
        return refuse(o, strerror(e), err, errlen);
    }
    return XL_OK;
}

/* The reason of a failed stream: errno when the failing call set it, else "an earlier
 * write failed" (why(-1)). */
static const char *why(int e)
{
    return e > 0 ? strerror(e) : "an earlier write failed";
}

/* Flush f and check its error flag: 0, or the error for why(). The C library drops a
 * buffer it failed to write and keeps only the flag, so when the flush itself has nothing
 * left to fail on, errno of the lost write is gone; a write of zero bytes asks the
 * descriptor again without writing anything (a device such as /dev/full answers with its
 * error; a regular file answers 0, and the reason stays unknown). */
static int stream_error(FILE *f)
{
    errno = 0;
    if (fflush(f) != 0)
        return errno ? errno : EIO;
    if (!ferror(f))
        return 0;
    errno = 0;
    if (write(fileno(f), "", 0) < 0 && errno)
        return errno;
    return -1;
}

/* Flush, check and close an output's stream, a temporary's data forced to disk so that a
 * crash after the rename leaves the whole new file: 0, or the error for why(). The
 * temporary stays until out_place or drop_tmp. */
static int out_finish(cli_out_t *o)
{
    int e;
    if (o->kind == CLI_OUT_STDOUT) {
        o->f = NULL;
        return stream_error(stdout);
    }
    e = stream_error(o->f);
    if (!e && o->kind == CLI_OUT_FILE && fsync(fileno(o->f)) != 0)
        e = errno;
    if (fclose(o->f) != 0 && !e)
        e = errno ? errno : EIO;
    o->f = NULL;
    return e;
}

/* Rename a finished temporary over its target: 0, or errno. */
static int out_place(cli_out_t *o)
{
    int e = 0;
    sigset_t old;
    reg_block(&old);   /* the registry never names a temporary that is already the target */
    if (rename(o->tmp, o->path) != 0) {
        e = errno;
    } else {
        reg_used[o->slot] = 0;
        o->tmp[0] = '\0';
        o->slot = -1;
    }
    reg_unblock(&old);
    return e;
}

static int write_failed(const cli_out_t *o, int e, char *err, size_t errlen)
{
    if (o->kind == CLI_OUT_STDOUT)
        snprintf(err, errlen, "standard output: write error: %s", why(e));
    else
        snprintf(err, errlen, "%s%s: cannot write: %s", SHOWN(o->name), why(e));
    return XL_EINTERNAL;
}

int cli_outs_open(cli_out_t *v, unsigned n, char *err, size_t errlen)
{
    for (unsigned i = 0; i < n; i++) {
        v[i].f = NULL;
        v[i].slot = -1;
        if (cli_out_check(&v[i], err, errlen) != XL_OK)
            return XL_EINPUT;
    }
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
            if (same_file(&v[i], &v[j])) {
                if (v[i].kind == CLI_OUT_STDOUT && v[j].kind == CLI_OUT_STDOUT)
                    snprintf(err, errlen, "%s %s and %s %s: both write to standard output",
                             v[i].opt, v[i].name, v[j].opt, v[j].name);   /* "-" or short */
                else
                    snprintf(err, errlen, "%s %s%s and %s %s%s: the same file (one file cannot "
                             "hold two outputs)", v[i].opt, SHOWN(v[i].name), v[j].opt,
                             SHOWN(v[j].name));
                return XL_EINPUT;
            }
    for (unsigned i = 0; i < n; i++) {
        int rc = out_open(&v[i], err, errlen);
        if (rc != XL_OK) {
            while (i--)
                out_abort(&v[i]);
            return rc;
        }
    }
    return XL_OK;
}

/* All or nothing, as far as a file system allows: every output is finished before any is
 * renamed into place, so one that fails (a full disk under the event log) leaves the old
 * results file as it was too. Only a failing rename, after others succeeded, can leave some
 * outputs new and some old. */
int cli_outs_close(cli_out_t *v, unsigned n, int rc, char *err, size_t errlen)
{
    for (unsigned i = 0; i < n && rc == XL_OK; i++) {
        int e = out_finish(&v[i]);
        if (e)
            rc = write_failed(&v[i], e, err, errlen);
    }
    for (unsigned i = 0; i < n && rc == XL_OK; i++) {
        int e = v[i].kind == CLI_OUT_FILE ? out_place(&v[i]) : 0;
        if (e)
            rc = write_failed(&v[i], e, err, errlen);
    }
    if (rc != XL_OK)
        for (unsigned i = 0; i < n; i++)
            out_abort(&v[i]);
    return rc;
}

int cli_outs_stdout(const cli_out_t *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (v[i].kind == CLI_OUT_STDOUT)
            return 1;
    return 0;
}

int cli_stdout_finish(int rc)
{
    int e = stream_error(stdout);
    /* EBADF: standard output was closed from the start (xlat ... >&-) and nothing was
     * written; a write would have failed above */
    if (fclose(stdout) != 0 && !e && errno != EBADF)
        e = errno ? errno : EIO;
    if (!e || rc != XL_OK)
        return rc;   /* a failed command has said what failed, in one line */
    fprintf(stderr, "xlat: standard output: write error: %s\n", why(e));
    return XL_EINTERNAL;
}
