/*
 * fuzz_compare.c - libFuzzer target for the results-file reader of `xlat compare`
 * (sw/cli/results.c, issue 18; docs/design.md "Verification stack" 6: input parsers are
 * fuzzed). The corpus starts from real results files (tests/fuzz/corpus/compare/).
 *
 * Each input is read as one results file. Any crash, sanitizer report, leak, or a broken
 * contract below aborts the run:
 *   - a refused file gives XL_EINPUT and one non-empty line, and holds nothing;
 *   - an accepted file has a workload name of printable bytes, a scale in (0, 1] and
 *     cycles in [1, 2^63); read again it gives the same; it is comparable with itself,
 *     and comparing it with a fixed baseline gives the same verdict both ways round;
 *   - an accepted file cut before its closing brace is refused.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_refused(int rc, const cli_result_t *r, const char *err)
{
    if (rc != XL_EINPUT || err[0] == '\0' || strchr(err, '\n') || r->wparams)
        abort();
}

static void check_one_line(int rc, const char *err)
{
    if (rc != XL_OK && (err[0] == '\0' || strchr(err, '\n')))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static cli_result_t base;
    static const char base_text[] =
        "{\"xlat_version\": \"" XLAT_VERSION "\", \"model\": \"cycle\", \"workload\": \"mvt\","
        " \"scale\": \"0.002\", \"seed\": 1, \"config\": {\"workload\": {\"pb_wg_items\": 256,"
        " \"nw_block\": 16, \"graph\": \"input\", \"min_rounds\": 0, \"graph_file\": \"\"}},"
        " \"stats\": {\"sim.cycles\": 769855}}";
    char err[512] = "";
    if (!base.wparams && cli_results_read(base_text, strlen(base_text), &base, err, sizeof err))
        abort();

    const char *text = (const char *)data;
    cli_result_t r, again;
    err[0] = '\0';
    int rc = cli_results_read(text, size, &r, err, sizeof err);
    if (rc != XL_OK) {
        check_refused(rc, &r, err);
        return 0;
    }
    for (const char *p = r.workload; *p; p++)
        if ((unsigned char)*p < 0x20u || *p == 0x7f)
            abort();
    if (!r.workload[0] || r.scale_ppm == 0 || r.scale_ppm > XL_SCALE_ONE || r.cycles == 0 ||
        r.cycles > (uint64_t)INT64_MAX || !r.wparams)
        abort();
    if (cli_results_read(text, size, &again, err, sizeof err) != XL_OK ||
        strcmp(again.workload, r.workload) || strcmp(again.scale, r.scale) ||
        again.scale_ppm != r.scale_ppm || again.cycles != r.cycles)
        abort();
    if (cli_results_comparable(&r, "a", &again, "b", err, sizeof err) != XL_OK)
        abort();
    cli_result_free(&again);

    err[0] = '\0';
    int ab = cli_results_comparable(&base, "base", &r, "input", err, sizeof err);
    check_one_line(ab, err);
    err[0] = '\0';
    int ba = cli_results_comparable(&r, "input", &base, "base", err, sizeof err);
    check_one_line(ba, err);
    if ((ab == XL_OK) != (ba == XL_OK))
        abort();

    /* cut before the last '}' (the top-level object's): no longer one complete object */
    size_t cut = size;
    while (cut > 0 && text[cut - 1] != '}')
        cut--;
    if (cut > 0) {
        err[0] = '\0';
        rc = cli_results_read(text, cut - 1, &again, err, sizeof err);
        if (rc == XL_OK)
            abort();
        check_refused(rc, &again, err);
    }
    cli_result_free(&r);
    return 0;
}
