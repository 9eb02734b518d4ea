#!/bin/sh
# check_formal.sh - formal properties of the RTL (docs/design.md verification stack item 4;
# docs/rtl.md §5): bounded model checking with Yosys's built-in SAT solver
# (`sat -seq N -prove-asserts -set-assumes`), which proves these small instances in seconds
# where yosys-smtbmc with z3 took minutes. One "ok - NAME" / "not ok - NAME" line per check.
#   tests/formal/xl_walk_sched_fv.sv  no lost request, no duplicate grant, FCFS priority
#                                     order, work conservation, SIMT order (aging, batching,
#                                     min score, oldest on ties) and bounded starvation
#                                     (4 slots, aging threshold 3), each policy
#   mutants                           the same proofs must fail on broken RTL (youngest wins a
#                                     score tie, aging one bypass early, CL ignored on an
#                                     immediate dispatch): the lockstep's mutant patches
#                                     tests/lockstep/mutants/walk_sched/{TIE_YOUNGEST,
#                                     AGING_EARLY,CL_IMMEDIATE}.patch, applied to a copy of rtl/
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/rtl/check_formal.sh
. tests/lib/rtl.sh
B=build/formal
mkdir -p "$B"

# prove NAME POLICY DEPTH EXPECT [MUTANT]: EXPECT is pass or fail. SIMT needs 7 cycles to
# age an entry (reset, the entry, three younger arrivals dispatched past it, the pick).
prove() {
    name=$1 pol=$2 DEPTH=$3 expect=$4
    r=rtl
    if [ -n "$5" ]; then
        r=$(xl_mutant_rtl walk_sched "$5" "$B/$name") || { notok "formal $name: no RTL"; return; }
    fi
    ys=$B/$name.ys
    {
        echo "read_verilog -sv -formal -I$r $r/xl_pkg.sv $r/xl_walk_sched.sv" \
             "tests/formal/xl_walk_sched_fv.sv"
        echo "chparam -set Policy $pol xl_walk_sched_fv"
        echo "prep -top xl_walk_sched_fv"
        echo "async2sync"
        echo "dffunmap"
        echo "flatten"
        echo "opt -fast"
        echo "sat -seq $DEPTH -prove-asserts -set-assumes -set-init-zero -timeout 900 xl_walk_sched_fv"
    } > "$ys"
    yosys -q -l "$B/$name.log" "$ys" > /dev/null 2>&1
    if grep -q "SAT proof finished - no model found: SUCCESS" "$B/$name.log"; then got=pass
    elif grep -q "SAT proof finished - model found: FAIL" "$B/$name.log"; then got=fail
    else got=error; fi
    if [ "$got" = "$expect" ]; then
        ok "formal $name: $DEPTH-cycle BMC: $expect, as expected"
    else
        notok "formal $name: expected $expect, got $got (see $B/$name.log)"
    fi
}

prove walk_sched_fcfs 0 10 pass
prove walk_sched_random 1 10 pass
prove walk_sched_simt 2 8 pass
prove mutant_tie_youngest 2 8 fail TIE_YOUNGEST
prove mutant_aging_early 2 8 fail AGING_EARLY
prove mutant_cl_immediate 0 8 fail CL_IMMEDIATE
[ "$XL_FAIL" = 0 ]
