/*
 * pairs_gen.c - writes bench/mask/pairs.txt: the 35 application pairs of the MASK
 * evaluation (ASPLOS'18 §6; the reconstructed list "MASK-35R", whose 9 pairs the paper
 * names are kept and the rest drawn at random per category) and the scalability sets of
 * 3, 4 and 5 applications (ASPLOS'18 §7.3, Table 3): for each size, 10 sets drawn with the
 * project's PRNG (xl_rng, seed 2018), each with distinct applications and at least one
 * of the 13 HH applications of Table 2, no set twice.
 *
 *   cc -O2 -Imodel/include bench/mask/pairs_gen.c model/src/kernel/rng.c -o /tmp/pairs_gen
 *   /tmp/pairs_gen > bench/mask/pairs.txt
 */
#include <stdio.h>
#include <string.h>

#include "xlat/rng.h"

/* Table 2 order: LL, LH, HL, HH. */
static const char *const apps[27] = {
    "lud", "nn",
    "bfs2", "fft", "histo", "nw", "qtc", "ray", "sad", "scp",
    "bp", "gup", "hs", "lps",
    "3ds", "blk", "cfd", "cons", "fwt", "luh", "mm", "mum", "red", "sc", "scan", "srad", "trd",
};
#define FIRST_HH 14

/* MASK-35R: the pairs and their n-HMR categories (a * marks the 9 the paper names). */
static const char *const pairs[35][2] = {
    {"bp+histo", "0-HMR"}, {"bp+gup", "0-HMR"}, {"scp+nn", "0-HMR"}, {"bp+fft", "0-HMR"},
    {"histo+scp", "0-HMR"}, {"lps+bfs2", "0-HMR"}, {"lps+scp", "0-HMR"}, {"lps+ray", "0-HMR"},
    {"gup+nw", "0-HMR"}, {"gup+fft", "0-HMR"}, {"ray+nn", "0-HMR"}, {"gup+hs", "0-HMR"},
    {"3ds+histo", "1-HMR *"}, {"red+ray", "1-HMR *"}, {"red+bp", "1-HMR *"},
    {"scan+sad", "1-HMR *"}, {"scan+histo", "1-HMR *"}, {"mum+hs", "1-HMR"},
    {"luh+scp", "1-HMR"}, {"trd+qtc", "1-HMR"}, {"blk+hs", "1-HMR"}, {"sc+bfs2", "1-HMR"},
    {"cons+qtc", "1-HMR"}, {"trd+ray", "1-HMR"},
    {"mm+cons", "2-HMR *"}, {"sc+fwt", "2-HMR *"}, {"scan+srad", "2-HMR *"},
    {"scan+cons", "2-HMR *"}, {"cfd+cons", "2-HMR"}, {"sc+srad", "2-HMR"},
    {"cfd+trd", "2-HMR"}, {"3ds+cons", "2-HMR"}, {"luh+sc", "2-HMR"}, {"blk+cons", "2-HMR"},
    {"red+sc", "2-HMR"},
};

int main(void)
{
    xl_rng_t r;
    xl_rng_seed(&r, 2018);
    printf("# MASK workloads (ASPLOS'18 §6, §7.3): one workload per line, applications joined\n"
           "# by '+', then its category. Written by bench/mask/pairs_gen.c (its comment says how\n"
           "# to rebuild); do not edit by hand.\n"
           "# Pairs: MASK-35R, the 35 pairs of the evaluation, 12 / 12 / 11 with 0 / 1 / 2\n"
           "# applications from the HH row of Table 2 (n-HMR); the 9 pairs the paper names\n"
           "# (marked *) and the others drawn at random per category (seeded).\n"
           "# Sets of 3, 4, 5: the scalability study (Table 3), 10 per size, drawn with xl_rng\n"
           "# seed 2018 over the 27 applications, distinct applications, at least one HH.\n");
    for (unsigned i = 0; i < 35; i++)
        printf("%s %s\n", pairs[i][0], pairs[i][1]);
    for (unsigned n = 3; n <= 5; n++) {
        unsigned sets[10][5], made = 0;
        while (made < 10) {
            unsigned pick[5], hh = 0;
            for (unsigned k = 0; k < n; k++) {
                unsigned a, dup;
                do {
                    a = (unsigned)xl_rng_below(&r, 27);
                    dup = 0;
                    for (unsigned j = 0; j < k; j++)
                        dup |= pick[j] == a;
                } while (dup);
                pick[k] = a;
                hh += a >= FIRST_HH;
            }
            /* sort, so that a set drawn twice in another order is seen */
            for (unsigned k = 1; k < n; k++)
                for (unsigned j = k; j > 0 && pick[j - 1] > pick[j]; j--) {
                    unsigned t = pick[j];
                    pick[j] = pick[j - 1];
                    pick[j - 1] = t;
                }
            unsigned seen = 0;
            for (unsigned s = 0; s < made; s++)
                seen |= !memcmp(sets[s], pick, n * sizeof pick[0]);
            if (!hh || seen)
                continue;
            memcpy(sets[made++], pick, n * sizeof pick[0]);
            for (unsigned k = 0; k < n; k++)
                printf("%s%s", k ? "+" : "", apps[pick[k]]);
            printf(" %u-app %u-HMR\n", n, hh);
        }
    }
    return 0;
}
