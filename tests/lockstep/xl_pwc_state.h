// xl_pwc_state.h - the page-walk caches' internal state, RTL against the C twin, for the
// lockstep harnesses of xl_pwc (the block alone) and xl_walk_path (the block inside the top):
// per entry of every level the valid bit, the 2-bit pending counter and, for a valid entry,
// asid, tag and next; per set the tree-PLRU bits (rtl/xl_pwc.sv "State"; the C's
// xl_pwc_level_t in model/include/xlat/pwc.h, whose fields are public, so the C side needs no
// accessor).
//
// The RTL registers are public_flat_rd signals (tests/lockstep/xl_pwc_waiver.vlt,
// xl_walk_path_waiver.vlt). They are found by name through the Verilated scope table at the
// start of a run, not through the model's root class: a mutant build's root class has another
// layout, and one harness object serves every PWC mutant (build_pwc.sh), so only a lookup by
// name reads the right bytes in all of them. The look-up is done once; the per-cycle compare
// reads the arrays through plain pointers.
//
// Forms that differ (rtl/xl_pwc.sv form differences 2 and 6): the RTL stores only the tag
// bits above the set index (key_q = C tag >> log2(sets)); tag, asid and next flops have no
// reset and are compared only for valid entries; PLRU bit n of a set is the C's byte n of the
// set (byte 0 is no node and is 0 on both sides).
#ifndef XL_PWC_STATE_H
#define XL_PWC_STATE_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "public_var.h"

extern "C" {
#include "xlat/pwc.h"
}

namespace xl_ls {

class PwcState {
public:
    // The injectable items (--inject-field NAME flips bit 0 of the first compared one).
    static const char *const *inject_names()
    {
        static const char *const n[] = {"pwc_valid", "pwc_cnt", "pwc_plru", "pwc_tag",
                                        "pwc_asid", "pwc_next", nullptr};
        return n;
    }

    // Finds the registers of the xl_pwc instance whose scope is `scope` (the model's name, a
    // dot, the instance path, e.g. "xl_pwc.xl_pwc" or "xl_walk_path.xl_walk_path.u_pwc")
    // for the geometry of the C twin `c`. False, with `err` set, if a signal is missing or
    // has another size (a waiver file without the public list, or another geometry).
    bool open(const VerilatedContext &ctx, const std::string &scope, const xl_pwc_t *c,
              std::string &err)
    {
        for (unsigned i = 0; i < XL_PWC_LEVELS; i++) {
            Level &L = lv_[i];
            std::string sn = scope + ".g_lv[" + std::to_string(i) + "]";
            const VerilatedScope *s = ctx.scopeFind(sn.c_str());
            if (s == nullptr) {
                err = "no scope " + sn + " (public_flat_rd signals of xl_pwc missing?)";
                return false;
            }
            uint32_t entries = c->lv[i].sets * c->lv[i].ways;
            if (!pub_var(s, sn, "valid_q", entries, L.valid, err) ||
                !pub_var(s, sn, "cnt_q", entries, L.cnt, err) ||
                !pub_var(s, sn, "asid_q", entries, L.asid, err) ||
                !pub_var(s, sn, "key_q", entries, L.key, err) ||
                !pub_var(s, sn, "next_q", entries, L.next, err) ||
                !pub_var(s, sn, "plru_q", c->lv[i].sets, L.plru, err))
                return false;
            L.set_bits = 0;
            while ((UINT32_C(1) << L.set_bits) < c->lv[i].sets)
                L.set_bits++;
        }
        return true;
    }

    // Compares every level's state; appends a row (name, C, RTL) for each differing item to
    // `names`/`rows` (row names are set by the caller from `names`, which may reallocate).
    // `inject` >= 0 flips bit 0 of the C side of the first compared item of that kind
    // (inject_names() order); *done (when given) says whether there was one. Returns the
    // number of differing items.
    unsigned diff(const xl_pwc_t *c, int inject, std::vector<std::string> &names,
                  std::vector<Field> &rows, bool *done = nullptr) const
    {
        if (inject < 0 && same(c))
            return 0;
        unsigned bad = 0;
        bool injected = inject < 0;
        auto cmp = [&](int kind, unsigned i, uint32_t k, const char *what, uint64_t e,
                       uint64_t a) {
            if (!injected && kind == inject) {
                e ^= 1u;
                injected = true;
            }
            if (e == a)
                return;
            bad++;
            static const char *const lvn[XL_PWC_LEVELS] = {"l4", "l3", "l2"};
            names.push_back(std::string("pwc.") + lvn[i] + "[" + std::to_string(k) + "]." +
                            what);
            rows.push_back({nullptr, e, a});
        };
        for (unsigned i = 0; i < XL_PWC_LEVELS; i++) {
            const xl_pwc_level_t *l = &c->lv[i];
            const Level &L = lv_[i];
            uint32_t n = l->sets * l->ways;
            for (uint32_t k = 0; k < n; k++) {
                const xl_pwc_entry_t *e = &l->e[k];
                uint64_t v = L.valid.at(k);
                cmp(0, i, k, "valid", e->valid, v);
                cmp(1, i, k, "cnt", e->cnt, L.cnt.at(k));
                if (!e->valid || !v)
                    continue;
                cmp(3, i, k, "tag", e->tag >> L.set_bits, L.key.at(k));
                cmp(4, i, k, "asid", e->asid, L.asid.at(k));
                cmp(5, i, k, "next", e->next, L.next.at(k));
            }
            for (uint32_t s = 0; s < l->sets; s++) {
                uint64_t bits = 0;
                for (uint32_t w = 0; w < l->ways; w++)
                    bits |= (uint64_t)l->plru[(size_t)s * l->ways + w] << w;
                cmp(2, i, s, "plru", bits, L.plru.at(s));
            }
        }
        if (done != nullptr)
            *done = injected;
        return bad;
    }

private:
    // The every-cycle path: true when every item agrees (no names, no rows; diff() builds
    // them only for a mismatch or an injected fault).
    bool same(const xl_pwc_t *c) const
    {
        for (unsigned i = 0; i < XL_PWC_LEVELS; i++) {
            const xl_pwc_level_t *l = &c->lv[i];
            const Level &L = lv_[i];
            uint32_t n = l->sets * l->ways;
            for (uint32_t k = 0; k < n; k++) {
                const xl_pwc_entry_t *e = &l->e[k];
                if (e->valid != L.valid.at(k) || e->cnt != L.cnt.at(k))
                    return false;
                if (e->valid && ((e->tag >> L.set_bits) != L.key.at(k) ||
                                 e->asid != L.asid.at(k) || e->next != L.next.at(k)))
                    return false;
            }
            for (uint32_t s = 0; s < l->sets; s++) {
                uint64_t bits = 0;
                const uint8_t *b = &l->plru[(size_t)s * l->ways];
                for (uint32_t w = 0; w < l->ways; w++)
                    bits |= (uint64_t)b[w] << w;
                if (bits != L.plru.at(s))
                    return false;
            }
        }
        return true;
    }

    using Arr = PubVar;   // public_var.h
    struct Level {
        Arr valid, cnt, asid, key, next, plru;
        unsigned set_bits = 0;
    };
    Level lv_[XL_PWC_LEVELS];
};

}  // namespace xl_ls

#endif
