# xlat - one entry point. `make run` needs only a C compiler and make; `make test`
# installs the Debian packages the checks need (make deps) and runs every check.

CC      ?= cc
OPT     ?= -O2
BUILD   ?= build
SAN     ?=
CSTD    := -std=c11
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
# The model (model/) sees only its own headers; the software side (sw/) sees both.
CPPFLAGS += -Imodel/include -D_POSIX_C_SOURCE=200809L
SW_CPPFLAGS := -Isw/include
CFLAGS  ?= $(OPT) -g
# Link-time optimisation of the xlat binary where the compiler has it (gcc; clang only
# with its linker plugin): the model is many modules whose hot paths call each other
# (docs/architecture.md §1), and LTO inlines across them as one file would. Objects are
# fat, so the unit tests link them without LTO. No flag changes a computed value (the
# golden and determinism checks compare builds bit for bit). `make LTO=` turns it off.
ifeq ($(origin LTO),undefined)
LTO := $(shell d=$$(mktemp -d) && printf 'int main(void){return 0;}\n' > $$d/p.c && \
         $(CC) -Werror -flto=auto -ffat-lto-objects $$d/p.c -o $$d/p >/dev/null 2>&1 && \
         echo -flto=auto; rm -rf $$d)
endif
LTO_OBJ := $(if $(LTO),$(LTO) -ffat-lto-objects)
ALLCFLAGS = $(CSTD) $(WARN) $(CFLAGS) $(SAN)

MODEL_SRC := $(sort $(wildcard model/src/*/*.c))
LIB_SRC := $(MODEL_SRC) $(sort $(wildcard sw/workloads/*.c))
LIB_SRC += $(sort $(wildcard sw/uvm/*.c))
LIB_SRC += $(sort $(wildcard sw/trace/*.c))
LIB_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC)) $(BUILD)/obj/presets.o
PRESETS := $(sort $(wildcard configs/*.ini))
XLAT    := $(BUILD)/xlat
UNIT_SRC := $(sort $(wildcard tests/unit/t*.c))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))

.PHONY: systemc fuzz all run study test deps unit clean help board fpga repro-isca18 repro-micro18 repro-mask repro-mask-oracle repro-reach repro-uvm bench bench-speed bench-rtl-speed bench-synth bench-pick-pipe bench-scan-pipe bench-foundations bench-dram lockstep fast golden
all: $(XLAT)

help:
	@echo "make run    build and run the headline study (needs only cc and make)"
	@echo "make study  the functional (untimed) motivation study"
	@echo "make repro-isca18  reproduce ISCA'18 Figs 2-14 into bench/results/"
	@echo "make repro-micro18 reproduce MICRO'18 Figs 3, 5, 6, 9-14 into bench/results/"
	@echo "make repro-mask    reproduce MASK (ASPLOS'18) Figs 3, 5-9, 11-15 and Table 3 into bench/results/"
	@echo "make repro-mask-oracle MASK with the oracle core split of its §6 (bench/results/mask-oracle.md)"
	@echo "make repro-reach   reproduce MICRO'21 (LDS and I-cache as victim TLBs) Figs 2-3, 13-15, Table 2 and §8.5 into bench/results/"
	@echo "make repro-uvm     reproduce HPCA'16 (paged GPU memory: far-faults, prefetch, oversubscription) into bench/results/uvm.md"
	@echo "make fast   build/fast/xlat: the same model built with gcc profile-guided optimisation"
	@echo "make bench-speed     the model's simulation speed (bench/results/speed.md)"
	@echo "make bench-rtl-speed the RTL's lockstep and RTL-alone speed (bench/results/rtl-speed.md)"
	@echo "make bench-synth     the walk path RTL on the iCE40: LUTs, FFs, BRAMs, Fmax (bench/results/synth.md)"
	@echo "make bench-pick-pipe the papers' headlines with the registered pick beside the one-cycle pick"
	@echo "make bench-scan-pipe MICRO'18's headline with the drained coalescing scan beside the one-cycle scan"
	@echo "make bench-foundations  the workload and DRAM fixes' effect, stage by stage (bench/results/foundations.md)"
	@echo "make bench-dram      the DRAM model on DRAMsim3-style request streams (bench/results/dram.md)"
	@echo "make test   install test dependencies (make deps) and run every check"
	@echo "make lockstep  the RTL checks with long C-vs-RTL lockstep runs"
	@echo "make systemc   the SystemC/TLM-2.0 modules of both bodies and their platform (build/sc/; docs/systemc.md)"
	@echo "make fpga   the iCE40 builds: the HX8K board's bitstream, each block alone, the UP5K (fpga/reports/)"
	@echo "make board  build/xlat-board, the host program of the FPGA prototype (fpga/README.md)"
	@echo "make fuzz   every libFuzzer target for XL_FUZZ_SECONDS each (default 600; make test: 20)"
	@echo "make golden REF=<commit>  results, event logs and IOMMU traces identical to commit REF's"
	@echo "make deps   install the Debian packages the checks use"
	@echo "make clean  remove build outputs"

$(BUILD)/obj/model/%.o: model/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Imodel/src $(ALLCFLAGS) $(LTO_OBJ) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(SW_CPPFLAGS) $(ALLCFLAGS) $(LTO_OBJ) -MMD -MP -c $< -o $@

# Presets are compiled into the binary so `xlat --preset NAME` works from any directory.
$(BUILD)/gen/presets.c: $(PRESETS) model/tools/embed-presets.sh
	@mkdir -p $(dir $@)
	sh model/tools/embed-presets.sh $(PRESETS) > $@

$(BUILD)/obj/presets.o: $(BUILD)/gen/presets.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALLCFLAGS) -c $< -o $@

$(BUILD)/libxlat.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

CLI_SRC := $(sort $(wildcard sw/cli/*.c))
CLI_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRC))

# `xlat compare` reads results files with jansson (Debian libjansson-dev, which `make deps`
# installs) where the compiler finds it: probed like LTO above, by compiling and linking a
# program that includes <jansson.h> with -ljansson. Found: JANSSON = -ljansson, sw/cli is
# built with -DXL_HAVE_JANSSON and xlat links it. Not found, or `make JANSSON=`: xlat builds
# all the same and `xlat compare` says it was built without jansson. The probe's result is
# kept in $(BUILD)/gen/jansson.flag, so a change of it rebuilds sw/cli.
ifeq ($(origin JANSSON),undefined)
JANSSON := $(shell d=$$(mktemp -d) && \
             printf '\043include <jansson.h>\nint main(void){json_decref(json_object());return 0;}\n' > $$d/p.c && \
             $(CC) $$d/p.c -o $$d/p -ljansson >/dev/null 2>&1 && echo -ljansson; rm -rf $$d)
endif
$(BUILD)/obj/sw/cli/%.o: CPPFLAGS += $(if $(JANSSON),-DXL_HAVE_JANSSON)
$(CLI_OBJ): $(BUILD)/gen/jansson.flag
$(BUILD)/gen/jansson.flag: FORCE
	@mkdir -p $(dir $@)
	@echo 'JANSSON = $(JANSSON)' | cmp -s - $@ || echo 'JANSSON = $(JANSSON)' > $@
FORCE:

# Instruction traces (sw/trace/, docs/traces.md) are compressed with zstd (Debian
# libzstd-dev) where the compiler finds it, probed as jansson is: found, ZSTD = -lzstd,
# sw/trace is built with -DXL_HAVE_ZSTD and everything linking libxlat.a links it. Not
# found, or `make ZSTD=`: traces are written uncompressed, and reading a compressed one
# says the build has no zstd. $(BUILD)/gen/zstd.flag keeps the result (scripts that link
# libxlat.a themselves read it there).
ifeq ($(origin ZSTD),undefined)
ZSTD := $(shell d=$$(mktemp -d) && \
          printf '\043include <zstd.h>\nint main(void){return ZSTD_isError(ZSTD_compressBound(1));}\n' > $$d/p.c && \
          $(CC) $$d/p.c -o $$d/p -lzstd >/dev/null 2>&1 && echo -lzstd; rm -rf $$d)
endif
$(BUILD)/obj/sw/trace/%.o: CPPFLAGS += $(if $(ZSTD),-DXL_HAVE_ZSTD)
$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard sw/trace/*.c)): $(BUILD)/gen/zstd.flag
$(BUILD)/gen/zstd.flag: FORCE
	@mkdir -p $(dir $@)
	@echo 'ZSTD = $(ZSTD)' | cmp -s - $@ || echo 'ZSTD = $(ZSTD)' > $@

$(XLAT): $(CLI_OBJ) $(BUILD)/libxlat.a
	$(CC) $(ALLCFLAGS) $(LTO) -o $@ $(CLI_OBJ) $(BUILD)/libxlat.a -lm $(JANSSON) $(ZSTD)

# xlat-board (sw/board/): the walk path on the iCE40 board in lockstep with its C twin over
# the UART protocol of fpga/README.md; linked against the model as xlat is.
BOARD_SRC := $(sort $(wildcard sw/board/*.c))
BOARD_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(BOARD_SRC))
board: $(BUILD)/xlat-board
$(BUILD)/xlat-board: $(BOARD_OBJ) $(BUILD)/libxlat.a
	$(CC) $(ALLCFLAGS) $(LTO) -o $@ $(BOARD_OBJ) $(BUILD)/libxlat.a -lm $(ZSTD)

# `make fast`: build/fast/xlat, the same sources built by gcc with profile-guided and
# link-time optimisation, trained on small runs that leave out MVT (model/tools/pgo-train.sh).
# No flag changes a computed value, so its results are bit-identical to build/xlat's
# (bench/speed.sh checks it on every measurement); only inlining and code layout differ.
FAST := $(BUILD)/fast
fast:
	@$(CC) -v 2>&1 | grep -q '^gcc version' || { echo "make fast: needs gcc; CC=$(CC) is not gcc"; exit 2; }
	rm -rf $(FAST)
	$(MAKE) --no-print-directory BUILD=$(FAST) OPT="-O2 -flto=auto -fprofile-generate" $(FAST)/xlat
	sh model/tools/pgo-train.sh $(FAST)/xlat
	find $(FAST) \( -name '*.o' -o -name '*.a' -o -name xlat \) -type f -delete
	$(MAKE) --no-print-directory BUILD=$(FAST) OPT="-O2 -flto=auto -fprofile-use -fprofile-partial-training" $(FAST)/xlat

# make run: the ISCA'18 schedulers on 11 of the 12 workloads at scale 0.1, where every
# workload's SIMT/FCFS sign is its full run's (bench/results/isca18.md, "Scale check").
# XSBench is left out: its one kernel is 12.8 rounds of resident wavefronts, so a scaled
# run keeping workload.min_rounds = 12 is 94 % of the full one (about a minute per run).
run: $(XLAT)
	@echo "make run: FCFS, random and SIMT-aware walk scheduling on 11 of the ISCA'18 workloads (all but XSBench) at scale 0.1;"
	@echo "each kernel keeps 12 rounds of resident wavefronts, and each SIMT/FCFS sign equals the full run's (bench/results/isca18.md)"
	./$(XLAT) sweep --preset isca18 --key iommu.sched --values fcfs,random,simt \
	  --workloads mvt,atax,bicg,gesummv,nw,sssp,mis,color,backprop,kmeans,hotspot \
	  --scale 0.1

study: $(XLAT)
	./$(XLAT) study --preset isca18

# ---------------------------------------------------------------- experiments
repro-isca18: $(XLAT)
	sh bench/isca18.sh

repro-micro18: $(XLAT)
	sh bench/micro18.sh

# MASK (ASPLOS'18): the 35 pairs under the eight designs, the alone runs and the 3-5
# application sets, into bench/results/mask.md (WINDOW, WARMUP, JOBS, SETS: bench/mask.sh)
repro-mask: $(XLAT)
	sh bench/mask.sh

# MASK's oracle core split (ASPLOS'18 §6): the 35 pairs at several splits, the best per pair
# and design, into bench/results/mask-oracle.md (SPLITS, ODESIGNS: bench/mask-oracle.sh)
repro-mask-oracle: $(XLAT)
	sh bench/mask-oracle.sh

repro-reach: $(XLAT)
	sh bench/reach.sh

# HPCA'16 (paged GPU memory): the named configurations of far-faults, prefetch and
# oversubscription on the uvm preset, into bench/results/uvm.md (JOBS, REUSE: bench/uvm.sh)
repro-uvm: $(XLAT)
	sh bench/uvm.sh

bench-speed: $(XLAT)
	if $(CC) -v 2>&1 | grep -q '^gcc version'; then $(MAKE) --no-print-directory fast; else rm -rf $(FAST); fi
	sh bench/speed.sh

bench-rtl-speed: deps
	sh bench/rtl-speed.sh

# What the walk-path RTL costs on an iCE40 (Yosys, nextpnr-ice40): bench/results/synth.md.
# Slow (each case minutes); CASES="ws_fcfs_16 ..." picks cases.
bench-synth: deps
	sh bench/synth.sh $(CASES)

bench-pick-pipe: $(XLAT)
	sh bench/pick-pipe.sh

bench-scan-pipe: $(XLAT)
	sh bench/scan-pipe.sh

bench-foundations: $(XLAT)
	sh bench/foundations.sh

bench-dram:
	sh bench/dram.sh

bench: repro-isca18 repro-micro18 bench-speed bench-rtl-speed

# ---------------------------------------------------------------- tests
$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libxlat.a tests/unit/xltest.h tests/unit/xltest_wl.h tests/unit/xltest_mem.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(SW_CPPFLAGS) $(ALLCFLAGS) -Itests/unit -o $@ $< $(BUILD)/libxlat.a -lcmocka $(ZSTD)

unit: $(UNIT_BIN) $(XLAT)

# make fuzz: every reader of outside input fuzzed long (make test runs each for 10 s);
# corpora grow in build/fuzz, the seeds are in tests/fuzz/corpus.
fuzz: deps
	@for f in tests/fuzz/fuzz_*.c; do XL_FUZZ_SECONDS=$${XL_FUZZ_SECONDS:-600} sh tests/fuzz/run.sh $$f || exit 1; done

deps:
	@sh tests/deps.sh

test: deps
	@sh tests/run.sh

# make golden REF=<commit>: tests/golden.sh against the xlat of commit REF, built in a
# temporary git worktree under build/: results, event logs and IOMMU traces byte-identical
# on a matrix of workloads and model paths (the safety net of a refactoring).
golden: $(XLAT)
	@[ -n "$(REF)" ] || { echo "make golden: give the reference commit, REF=<commit>"; exit 2; }
	@rm -rf $(BUILD)/golden-ref; git worktree prune
	git worktree add --detach $(BUILD)/golden-ref $(REF)
	$(MAKE) -C $(BUILD)/golden-ref --no-print-directory build/xlat
	@sh tests/golden.sh $(BUILD)/golden-ref/build/xlat $(XLAT); rc=$$?; \
	  git worktree remove --force $(BUILD)/golden-ref; exit $$rc

# The long RTL lockstep: every block's checks with long lockstep runs (default 2 M cycles
# per run; XL_LOCKSTEP_CYCLES overrides). make test runs the same checks bounded.
lockstep: deps
	@XL_LOCKSTEP_CYCLES=$${XL_LOCKSTEP_CYCLES:-2000000}; export XL_LOCKSTEP_CYCLES; \
	  for s in tests/rtl/check_*.sh; do echo "== $$s"; sh $$s || exit 1; done

# The SystemC side (docs/systemc.md): both bodies of the walk path as TLM-2.0 modules, the
# memory target, the comparison platform build/sc/xl_sc_platform and its self-test, against
# Debian's libsystemc-dev (make deps installs it); tests/systemc/check_systemc.sh runs them.
systemc: $(BUILD)/libxlat.a
	sh sc/build.sh

# The iCE40 builds of the prototype (fpga/README.md "On an FPGA"), then the HX8K board's
# check with both gate-level netlists (tests/board/check_fpga.sh); make test builds the HX8K
# board only and checks its post-route netlist.
fpga: deps
	sh fpga/build.sh all
	sh tests/board/check_fpga.sh

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
