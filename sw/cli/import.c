/*
 * import.c - `xlat import accelsim DIR -o FILE [--no-compress] [--quiet]`: an Accel-Sim
 * SASS trace directory (kernelslist.g and its kernel-N.traceg files, as NVBit's tracer
 * and Accel-Sim's post-processing leave them) converted into one of xlat's instruction
 * traces, which `xlat run --workload trace:FILE` replays (docs/traces-accelsim.md; the
 * conversion itself is sw/trace/accelsim.c).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "xlat/accelsim.h"
#include "xlat/itrace.h"

static int import_usage(char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s (usage: xlat import accelsim DIR -o FILE [--no-compress] "
             "[--quiet])", what);
    return XL_EINPUT;
}

int cmd_import(int argc, char **argv, char *err, size_t errlen)
{
    const char *dir = NULL, *out = NULL;
    int compress = xl_itrace_have_zstd(), quiet = 0;
    if (argc < 3)
        return import_usage(err, errlen, "import needs a format");
    if (strcmp(argv[2], "accelsim")) {
        char what[96];
        snprintf(what, sizeof what, "import reads 'accelsim' traces, not '%.40s'", argv[2]);
        return import_usage(err, errlen, what);
    }
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (i + 1 >= argc)
                return import_usage(err, errlen, "-o needs a file");
            if (out)
                return import_usage(err, errlen, "-o given twice");
            out = argv[++i];
        } else if (!strcmp(a, "--no-compress")) {
            compress = 0;
        } else if (!strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            char what[96];
            snprintf(what, sizeof what, "import: unknown option '%.40s'", a);
            return import_usage(err, errlen, what);
        } else if (dir) {
            char what[96];
            snprintf(what, sizeof what, "import takes one directory, not also '%.40s'", a);
            return import_usage(err, errlen, what);
        } else {
            dir = a;
        }
    }
    if (!dir)
        return import_usage(err, errlen, "import needs the trace directory");
    if (!out)
        return import_usage(err, errlen, "import needs -o FILE");
    if (!out[0] || !strcmp(out, "-"))
        return import_usage(err, errlen, "import writes a file (-o FILE), not standard output");
    xl_accel_summary_t s;
    int rc = xl_accel_import(dir, out, compress, &s, err, errlen);
    if (rc != XL_OK || quiet)
        return rc;
    printf("imported %s into %s (%s)\n", dir, out, compress ? "zstd" : "uncompressed");
    printf("  kernels %u, memcpys %llu, wavefronts %llu (%llu empty), instruction lines %llu"
           " -> %llu instructions\n", s.kernels, (unsigned long long)s.memcpys,
           (unsigned long long)s.waves, (unsigned long long)s.empty_waves,
           (unsigned long long)s.lines, (unsigned long long)s.instrs);
    printf("  lines by kind: loads %llu, stores %llu, lds %llu, lds stores %llu, barriers %llu,"
           " compute %llu (of them local memory %llu, other memory %llu)\n",
           (unsigned long long)s.kinds[XL_ACCEL_K_LOAD],
           (unsigned long long)s.kinds[XL_ACCEL_K_STORE],
           (unsigned long long)s.kinds[XL_ACCEL_K_LDS],
           (unsigned long long)s.kinds[XL_ACCEL_K_LDS_ST],
           (unsigned long long)s.kinds[XL_ACCEL_K_BARRIER],
           (unsigned long long)(s.kinds[XL_ACCEL_K_COMPUTE] + s.kinds[XL_ACCEL_K_LOCAL] +
                                s.kinds[XL_ACCEL_K_OTHER_MEM]),
           (unsigned long long)s.kinds[XL_ACCEL_K_LOCAL],
           (unsigned long long)s.kinds[XL_ACCEL_K_OTHER_MEM]);
    for (unsigned i = 0; i < s.nregions; i++)
        printf("  region %u: device 0x%llx-0x%llx (%llu B) replayed at 0x%llx\n", i,
               (unsigned long long)s.region[i].lo, (unsigned long long)s.region[i].hi,
               (unsigned long long)(s.region[i].hi - s.region[i].lo),
               (unsigned long long)s.base[i]);
    return XL_OK;
}
