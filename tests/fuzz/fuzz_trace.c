/*
 * fuzz_trace.c - libFuzzer target for the IOMMU-boundary trace reader
 * (tests/lockstep/xl_trace.h), the one the walk path's lockstep harness replays model
 * traces with: each input line is parsed as a P or a C line. A parsed C line is checked
 * against the ranges the reader promises; a crash, a sanitizer report or a broken promise
 * is a finding.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/types.h"
#include "xlat/walk_sched.h"
#include "../lockstep/xl_trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), err[128];
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    for (char *line = text, *nl; line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        xl_trace_p_t p;
        xl_trace_c_t c;
        if (line[0] == 'P') {
            if (xl_trace_parse_p(line, &p, err, sizeof err) && strlen(p.params) >= sizeof p.params)
                abort();
        } else if (xl_trace_parse_c(line, &c, XL_VA_MASK, XL_WS_INSTR_MASK, err, sizeof err)) {
            if (c.in[0] > 1 || c.in[4] > 1 || c.in[1] > XL_VA_MASK || c.out[6] > 255)
                abort();   /* the reader promised these ranges */
        } else if (err[0] == '\0') {
            abort();   /* a refusal always says why */
        }
    }
    free(text);
    return 0;
}
