// public_var.h - a Verilated model's internal register read through the Verilated scope
// table (a public_flat_rd signal of a harness's waiver file; docs/rtl.md §1.11 "Internal
// state through verilator public signals"), for the lockstep harnesses that compare a
// block's state with its C twin's every cycle (xl_pwc_state.h, xl_dram_gsn_lockstep.cpp).
// Signals are found by name once at the start of a run: a mutant build's root class has
// another layout, and one harness object serves every mutant, so only a lookup by name
// reads the right bytes in all of them. The per-cycle compare reads through plain pointers.
#ifndef XL_PUBLIC_VAR_H
#define XL_PUBLIC_VAR_H

#include <cstdint>
#include <string>

#include "verilated.h"
#include "verilated_syms.h"

namespace xl_ls {

// One variable: an unpacked array of elements of 1, 2, 4 or 8 bytes (at), or a packed
// value of any width (bits).
struct PubVar {
    const unsigned char *p = nullptr;
    unsigned size = 0;          // bytes of one element (or of the packed value)
    unsigned pbits = 0;         // packed width (a packed value only)
    uint64_t at(uint32_t k) const
    {
        const unsigned char *x = p + (size_t)k * size;
        switch (size) {
        case 1: return *x;
        case 2: return *reinterpret_cast<const uint16_t *>(x);
        case 4: return *reinterpret_cast<const uint32_t *>(x);
        default: return *reinterpret_cast<const uint64_t *>(x);
        }
    }
    // bits [lo, lo + w) of a packed value (w <= 64)
    uint64_t bits(unsigned lo, unsigned w) const
    {
        uint64_t v;
        if (size <= 8) {
            v = at(0);
            v = lo >= 64 ? 0 : v >> lo;
        } else {
            const uint32_t *wd = reinterpret_cast<const uint32_t *>(p);
            unsigned wi = lo / 32u, got = 32u - lo % 32u, nw = size / 4u;
            v = (uint64_t)wd[wi] >> (lo % 32u);
            while (got < w && ++wi < nw) {
                v |= (uint64_t)wd[wi] << got;
                got += 32u;
            }
        }
        return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1u);
    }
};

// Signal `name` of scope s (sn: the scope's name, for the message) into a: elems > 0 an
// unpacked array of that many elements, 0 a packed value. false with one line in err when
// it is missing or has another shape than the C twin's.
inline bool pub_var(const VerilatedScope *s, const std::string &sn, const char *name,
                    uint32_t elems, PubVar &a, std::string &err)
{
    const VerilatedVar *v = s->varFind(name);
    if (v == nullptr) {
        err = "no public signal " + sn + "." + name;
        return false;
    }
    unsigned sz = v->entSize();
    a.p = static_cast<const unsigned char *>(v->datap());
    a.size = sz;
    if (elems == 0) {
        a.pbits = v->packed().elements();
        if (v->udims() != 0) {
            err = sn + "." + name + ": an array, a packed value expected";
            return false;
        }
        return true;
    }
    // An array of 1-bit elements is registered with its one range in the packed slot
    // (Verilator 5.006 writes no packed range for it), so its length is read there.
    int n = v->udims() >= 1 ? v->elements(1) : v->packed().elements();
    if ((uint32_t)n != elems || (sz != 1 && sz != 2 && sz != 4 && sz != 8)) {
        err = sn + "." + name + ": " + std::to_string(n) + " elements of " +
              std::to_string(sz) + " bytes, the C twin has " + std::to_string(elems);
        return false;
    }
    return true;
}

}  // namespace xl_ls

#endif
