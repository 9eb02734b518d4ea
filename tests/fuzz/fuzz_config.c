/*
 * fuzz_config.c - libFuzzer target for the configuration parser (docs/design.md
 * "Verification stack" 6: config, trace and CLI parsers are fuzzed).
 *
 * Each input is loaded as INI text on top of the defaults, validated and written back
 * as INI and JSON; its first line is also tried as a `--set` assignment and as a preset
 * name. Any crash, sanitizer report, or a broken contract below aborts the run:
 *   - a failed load or set leaves the config unchanged (loading is atomic);
 *   - every error message is one line;
 *   - a loaded config that validates can be written as INI and loaded back unchanged.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

static void check_one_line(int rc, const char *err)
{
    if (rc != XL_OK && (err[0] == '\0' || strchr(err, '\n')))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256];
    xl_config_t c, before;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    if (!devnull)
        abort();

    xl_config_defaults(&c);
    memcpy(&before, &c, sizeof c);
    err[0] = '\0';
    int rc = xl_config_load_string(&c, (const char *)data, size, "fuzz.ini", err, sizeof err);
    check_one_line(rc, err);
    if (rc != XL_OK && memcmp(&c, &before, sizeof c) != 0)
        abort();   /* a failed load changed the config */

    err[0] = '\0';
    int vrc = xl_config_validate(&c, err, sizeof err);
    check_one_line(vrc, err);
    xl_config_write_ini(&c, devnull);
    xl_config_write_json(&c, devnull, 2);
    xl_config_write_json(&c, devnull, 0);

    /* Round trip: what write_ini prints must load back into the same config. */
    if (rc == XL_OK && vrc == XL_OK) {
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (m) {
            xl_config_write_ini(&c, m);
            fclose(m);
            xl_config_t back;
            xl_config_defaults(&back);
            if (xl_config_load_string(&back, buf, len, "rt.ini", err, sizeof err) != XL_OK)
                abort();
            /* both configs start from xl_config_defaults (memset, then every field
             * written), so padding bytes are equal and memcmp compares the fields */
            if (memcmp(&back, &c, sizeof c) != 0)
                abort();
            free(buf);
        }
    }

    /* The first line as a --set assignment and as a preset name. */
    const uint8_t *nl = memchr(data, '\n', size);
    size_t n = nl ? (size_t)(nl - data) : size;
    char *line = malloc(n + 1);
    if (!line)
        return 0;
    memcpy(line, data, n);
    line[n] = '\0';
    xl_config_defaults(&c);
    memcpy(&before, &c, sizeof c);
    err[0] = '\0';
    rc = xl_config_set(&c, line, err, sizeof err);
    check_one_line(rc, err);
    if (rc != XL_OK && memcmp(&c, &before, sizeof c) != 0)
        abort();
    err[0] = '\0';
    rc = xl_config_load_preset(&c, line, err, sizeof err);
    check_one_line(rc, err);
    free(line);
    return 0;
}
