/*
 * fuzz_cli.c - libFuzzer target for the command line's option parser (sw/cli/opts.c:
 * cli_parse_opts, cli_build_config, cli_check_unused; the scale parser xl_parse_scale;
 * docs/design.md "Verification stack" 6: config, trace and CLI parsers are fuzzed).
 *
 * The input is split into argv words at each newline or NUL and parsed as the options of
 * `xlat run`; the configuration they build is then built (--config FILE is dropped: the
 * fuzzer does not choose files to read) and each word is also parsed as a --scale value.
 * The corpus starts from realistic command lines (tests/fuzz/corpus/cli/). Any crash,
 * sanitizer report, or a broken contract below aborts the run:
 *   - every error is XL_EINPUT with one non-empty line;
 *   - parsed options point into argv and stay within their bounds (files, --set, a
 *     scale in (0, 1], a known model);
 *   - a scale accepted by xl_parse_scale is in (0, 1] millionths.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_WORDS 128

static void check_err(int rc, const char *err)
{
    if (rc == XL_OK)
        return;
    if (rc != XL_EINPUT || err[0] == '\0' || strchr(err, '\n'))
        abort();
}

static int in_argv(const char *p, char **argv, int argc)
{
    for (int i = 2; i < argc; i++)
        if (p == argv[i])
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[MAX_WORDS + 3];
    int argc = 0;
    argv[argc++] = "xlat";
    argv[argc++] = "run";
    for (size_t i = 0, start = 0; i <= size && argc < MAX_WORDS + 2; i++) {
        if (i == size || buf[i] == '\n' || buf[i] == '\0') {
            if (i == size && start == size && size > 0)
                break;   /* the line end of the last word */
            buf[i] = '\0';
            argv[argc++] = buf + start;
            start = i + 1;
        }
    }
    argv[argc] = NULL;

    opts_t o;
    char err[1024] = "";
    int rc = cli_parse_opts(argc, argv, &o, err, sizeof err);
    check_err(rc, err);
    if (rc == XL_OK) {
        if (o.nfiles > MAX_WL || o.nsets > MAX_SETS)
            abort();
        for (unsigned i = 0; i < o.nfiles; i++)
            if (!in_argv(o.files[i], argv, argc))
                abort();
        for (unsigned i = 0; i < o.nsets; i++)
            if (!in_argv(o.sets[i], argv, argc))
                abort();
        if (o.scale_ppm == 0 || o.scale_ppm > XL_SCALE_ONE || !o.scale_str)
            abort();
        if (o.model && strcmp(o.model, "cycle") && strcmp(o.model, "functional"))
            abort();
        for (int allow = 0; allow < 2; allow++) {
            err[0] = '\0';
            check_err(cli_check_unused(&o, "run", allow, err, sizeof err), err);
        }
        o.config = NULL;
        xl_config_t c;
        err[0] = '\0';
        rc = cli_build_config(&o, &c, err, sizeof err);
        check_err(rc, err);
        if (rc == XL_OK && xl_config_validate(&c, err, sizeof err) != XL_OK)
            abort();   /* what was built validates */
    }
    for (int i = 2; i < argc; i++) {
        uint32_t ppm = 0;
        err[0] = '\0';
        rc = xl_parse_scale(argv[i], &ppm, err, sizeof err);
        check_err(rc, err);
        if (rc == XL_OK && (ppm == 0 || ppm > XL_SCALE_ONE))
            abort();
    }
    free(buf);
    return 0;
}
