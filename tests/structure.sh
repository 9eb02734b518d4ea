#!/bin/sh
# structure.sh - the model's shape, checked (docs/architecture.md §1):
#   1. no source file of the model (model/src, model/include) is over 800 lines;
#   2. the model includes nothing of the software side: no header it includes exists only
#      under sw/include (the Makefile also compiles model/ without -Isw/include);
#   3. every C file of the model opens with a comment saying what it is ("/*" then
#      " * NAME - ...");
#   4. the model keeps no state outside its structs: no file-scope or function-static
#      variable that is not const;
#   5. no component reads another's insides (docs/architecture.md §2): of the system's
#      components (the CUs g->core, dispatch g->disp, the TLB hierarchy g->tlb, the IOMMU
#      g->iommu) only the component's own files touch its fields; the others, the
#      assembly among them, pass it to its calls (&g->tlb) and nothing else. The walk
#      path twin's sub-blocks are read only by the twin (walk_path*.c), others use its
#      views (xlat/walk_path.h).
# One TAP line each; reads files only.
cd "$(dirname "$0")/.." || exit 1
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; }

big=$(find model/src model/include -name '*.[ch]' -exec wc -l {} + |
      awk '$2 != "total" && $1 > 800 { printf "%s (%d) ", $2, $1 }')
[ -z "$big" ] && ok "S.1 no model file over 800 lines" || no "S.1 model files over 800 lines: $big"

sw_only=""
for h in sw/include/xlat/*.h; do
    name=${h#sw/include/}
    [ -e "model/include/$name" ] && continue
    if grep -rl "#include \"$name\"" model > /dev/null 2>&1; then
        sw_only="$sw_only $name"
    fi
done
[ -z "$sw_only" ] && ok "S.2 the model includes no header of sw/" ||
    no "S.2 the model includes sw/ headers:$sw_only"

bare=""
for f in model/src/*/*.c model/src/*/*.h model/include/xlat/*.h; do
    base=$(basename "$f")
    case $(sed -n 2p "$f") in " * $base - "*) ;; *) bare="$bare $f" ;; esac
done
[ -z "$bare" ] && ok "S.3 every model file opens with what it is" ||
    no "S.3 files without their opening line:$bare"

# file-scope or block-scope 'static' objects that are not const (functions, inline
# functions and const tables are fine)
state=$(grep -n -E '^\s*static\s' model/src/*/*.c model/src/*/*.h model/include/xlat/*.h |
        grep -v -E 'static\s+(inline\s+)?[^=;(]*\(' | grep -v -E '\bconst\b' |
        grep -v -E 'static\s+(inline\s+)?[A-Za-z_0-9 *]+\s+\**[A-Za-z_0-9]+\s*\(' || true)
[ -z "$state" ] && ok "S.4 no mutable static state in the model" ||
    no "S.4 mutable static state: $(echo "$state" | head -n 3 | tr '\n' ';')"

# component -> the files that own it
cross=""
for f in model/src/*/*.c; do
    case $f in
    model/src/gpu/cu.c | model/src/gpu/cu_stats.c) own=core ;;
    model/src/gpu/dispatch.c) own=disp ;;
    model/src/gpu/tlbh.c | model/src/gpu/farfault.c) own=tlb ;;
    model/src/iommu/iommu.c | model/src/iommu/iommu_stats.c) own=iommu ;;
    *) own=none ;;
    esac
    for comp in core disp tlb iommu; do
        [ "$comp" = "$own" ] && continue
        hit=$(grep -n -E "(^|[^A-Za-z0-9_])g->$comp\.[a-z]" "$f" | head -n 1)
        [ -n "$hit" ] && cross="$cross $f:${hit%%:*}(g->$comp)"
    done
    case $f in model/src/iommu/walk_path*.c) continue ;; esac
    hit=$(grep -n -E "(^|[^A-Za-z0-9_])wp(\.|->)[a-z]" "$f" | head -n 1)
    [ -n "$hit" ] && cross="$cross $f:${hit%%:*}(the walk path's insides)"
done
[ -z "$cross" ] && ok "S.5 no component reads another's insides" ||
    no "S.5 reads of another component's insides:$cross"
