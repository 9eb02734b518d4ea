/*
 * fuzz_gsn_trace.c - libFuzzer target for the DRAM-boundary trace reader
 * (tests/lockstep/xl_gsn_trace.h), the one the DRAM queues' lockstep harness replays
 * `xlat run --gsn-trace` files with: a P line, then E lines parsed against the last P line
 * read (lines before any P line against the MASK preset's parameters). A parsed line is
 * checked against the ranges the reader promises; a crash, a sanitizer report, a refusal
 * without a reason or a broken promise is a finding.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../lockstep/xl_gsn_trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The promises of xl_gsn_trace_parse_e for a line parsed against t. */
static void check_e(const xl_gsn_trace_p_t *t, const xl_gsn_trace_e_t *e)
{
    uint64_t bmask = t->banks >= 64 ? UINT64_MAX : (UINT64_C(1) << t->banks) - 1u;
    uint32_t maxent = t->entries[0], b, a;
    if (t->entries[1] > maxent)
        maxent = t->entries[1];
    if (t->entries[2] > maxent)
        maxent = t->entries[2];
    if (e->ch >= t->channels || e->arr_bank >= t->banks || e->arr_valid > 1 ||
        e->arr_app >= XL_GSN_TRACE_APPS || e->arr_depth > 7 || e->arr_write > 1 ||
        e->iss_en > 1 || (e->bank_ready & ~bmask) != 0 || (e->open_valid & ~bmask) != 0 ||
        e->quota_valid > 1 || e->d_arr_slot >= maxent || e->d_iss_slot >= maxent ||
        e->d_arr_queue > 2 || e->d_iss_queue > 2)
        abort();
    for (b = 0; b < XL_GSN_TRACE_BANKS; b++)
        if (!(e->open_valid >> b & 1u) && e->open_row[b] != 0)
            abort();            /* a closed bank's row reads 0 */
    for (a = 0; a < XL_GSN_TRACE_APPS; a++)
        if (e->quota[a] > 511 || ((!e->quota_valid || a >= t->napps) && e->quota[a] != 0))
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), err[128];
    /* configs/mask.ini's blocks, until the input gives its own P line */
    xl_gsn_trace_p_t t = { 8, 8, { 16, 64, 192 }, 2, 500, 0, 0, 0 };
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    for (char *line = text, *nl; line; line = nl ? nl + 1 : NULL) {
        xl_gsn_trace_p_t np;
        xl_gsn_trace_e_t e;
        nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        err[0] = '\0';
        if (line[0] == 'P') {
            if (xl_gsn_trace_parse_p(line, &np, err, sizeof err)) {
                if (np.channels == 0 || np.banks == 0 || np.banks > XL_GSN_TRACE_BANKS ||
                    np.napps == 0 || np.napps > XL_GSN_TRACE_APPS || np.thresh_max > 511 ||
                    np.entries[0] == 0 || np.entries[1] == 0 || np.entries[2] == 0)
                    abort();    /* the reader promised these ranges */
                t = np;
            } else if (err[0] == '\0') {
                abort();        /* a refusal always says why */
            }
        } else if (xl_gsn_trace_parse_e(line, &t, &e, err, sizeof err)) {
            check_e(&t, &e);
        } else if (err[0] == '\0') {
            abort();
        }
    }
    free(text);
    return 0;
}
