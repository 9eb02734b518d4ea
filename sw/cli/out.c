/*
 * out.c - the files the command line writes (results JSON, event log, IOMMU trace).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

/* Open the output now so a bad path is reported before the run. A regular file (or a new
 * one) is written as "path.tmp" and renamed over it when done, so an existing file is
 * never lost to a failed run. Anything else that exists at path (a device such as
 * /dev/null, a pipe, a symbolic link such as /dev/stdout) is written in place: renaming
 * over it would replace the special file itself, which as root destroys it. tmp is left
 * empty then, and finish_tmp only closes. */
FILE *open_tmp(const char *path, char *tmp, size_t tlen, char *err, size_t errlen)
{
    struct stat sb;
    FILE *f;
    if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        tmp[0] = '\0';
        f = fopen(path, "w");
    } else {
        snprintf(tmp, tlen, "%s.tmp", path);
        f = fopen(tmp, "w");
    }
    if (!f)
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    return f;
}

/* Abandon an output opened by open_tmp (f may be NULL): close it and remove its temporary
 * file, so a failed run leaves what was at the path untouched. */
void drop_tmp(FILE *f, const char *tmp)
{
    if (!f)
        return;
    fclose(f);
    if (tmp[0])
        remove(tmp);
}


int finish_tmp(FILE *f, const char *tmp, const char *path, char *err, size_t errlen)
{
    if (fclose(f) != 0 || (tmp[0] && rename(tmp, path) != 0)) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        if (tmp[0])
            remove(tmp);
        return XL_EINTERNAL;
    }
    return XL_OK;
}

