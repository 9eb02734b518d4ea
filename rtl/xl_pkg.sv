// xl_pkg - the widths, encodings and shared functions of xlat's RTL: every module refers to
// them as xl_pkg::NAME, so an encoding the C twins and the lockstep harnesses rely on is
// written once. Each value is the C model's (model/include/xlat/*.h names in the comments).
//
// Read this file before the modules that use it (Icarus, Verilator and Yosys need the
// package first on the command line).
//
// Tool notes (Icarus 11, Verilator 5.006, Yosys 0.23; docs/rtl.md sec. 2.3):
//   - Icarus 11 crashes (segmentation fault) on a declaration whose type is a package-scoped
//     enum (`xl_pkg::wk_state_e x;`). A module that holds such a variable names the type
//     once with a local alias (`typedef xl_pkg::wk_state_e wk_state_e;`), which all three
//     tools accept; the enum constants are still referenced as xl_pkg::NAME.
//   - Yosys 0.23 has no multi-dimensional packed arrays, and Icarus 11 no packed array of an
//     enum type: per-walker or per-slot fields are unpacked arrays or flat vectors.
//   - The functions are called only from continuous assignments and constant expressions:
//     Icarus 11 puts a called function's variables into an always_comb's sensitivity, and
//     two always_comb blocks calling one function then wake each other forever.
//   - Verilator -Wall reports every package constant that the linted module does not use;
//     a module uses only some of them, so that one warning is off for this file.
package xl_pkg;

  /* verilator lint_off UNUSEDPARAM */

  ////////////////////////////////////////////////////////////////////
  // Addresses and the x86-64 page table (docs/isca18-micro18.md 1.3) //
  ////////////////////////////////////////////////////////////////////

  localparam int VaW        = 48;              // virtual address (C XL_VA_MASK)
  localparam int PaW        = 52;              // physical address (C XL_PA_BITS)
  localparam int PageShift  = 12;              // 4 KB page: VA[11:0] is the page offset
  localparam int LargeShift = 21;              // 2 MB page (a PS entry at L2)
  localparam int ShiftW     = 5;               // a page shift (12 or 21) on a port
  localparam int VpnW       = VaW - PageShift; // VA[47:12]
  localparam int FrameW     = PaW - PageShift; // PA[51:12]: an entry's frame
  localparam int LevelIdxW  = 9;               // index bits per level: VA[12+9(L-1) +: 9]
  localparam int PtLevels   = 4;               // page-table levels: L4 (root) .. L1 (leaf)
  localparam int LevelW     = 3;               // a level 1..4 (0: none) on a port
  localparam int ReadsW     = 3;               // a count of page-table reads, 0..4
  localparam int PteW       = 64;              // one page-table entry
  localparam int LineEntries = 8;              // entries in a 64-byte line (lanes)
  localparam int LaneW      = 3;               // an entry's slot in its line: idx_L & 7
  localparam int LineW      = LineEntries * PteW;
  localparam int LineShift  = 6;               // 64-byte lines
  localparam int PteP       = 0;               // present
  localparam int PtePs      = 7;               // page size (L2: 2 MB leaf; L1: PAT, ignored)

  // Lowest VA bit of the level-L index (L = 1..4): 12 + 9(L-1).
  function automatic int level_lsb(input int level);
    level_lsb = PageShift + LevelIdxW * (level - 1);
  endfunction

  // The index of va at level lv (1..4; any other value reads L4's).
  /* verilator lint_off UNUSEDSIGNAL */   // VA[11:0] never indexes a level
  function automatic logic [LevelIdxW-1:0] pt_index(input logic [VaW-1:0] va,
                                                    input logic [LevelW-1:0] lv);
    case (lv)
      3'd1:    pt_index = va[level_lsb(1) +: LevelIdxW];
      3'd2:    pt_index = va[level_lsb(2) +: LevelIdxW];
      3'd3:    pt_index = va[level_lsb(3) +: LevelIdxW];
      default: pt_index = va[level_lsb(4) +: LevelIdxW];
    endcase
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // The base address an entry points to (next-level node or 4 KB page): its frame with
  // 12 zero bits.
  /* verilator lint_off UNUSEDSIGNAL */   // flag bits and bits 63:52
  function automatic logic [PaW-1:0] pte_base(input logic [PteW-1:0] pte);
    pte_base = {pte[PaW-1:PageShift], PageShift'(0)};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  ///////////////////////////////////////////////////////////
  // Walk buffer and scheduler (docs/isca18-micro18.md 2.2) //
  ///////////////////////////////////////////////////////////

  localparam int InstrW   = 20;                // instruction id (C XL_WS_INSTR_MASK)
  localparam int StampW   = 32;                // arrival stamp
  localparam int ScoreW   = 9;                 // SIMT score, 0..256
  localparam logic [ScoreW-1:0] ScoreMax = 9'd256;
  localparam int EstW     = 8;                 // the arrival's estimate port of xl_walk_sched
  localparam int LfsrW    = 32;
  localparam logic [LfsrW-1:0] LfsrTaps = 32'h8020_0003;   // x^32 + x^22 + x^2 + x + 1

  // Scheduling policy, the Policy parameter (C xl_ws_policy_t).
  localparam int PolicyFcfs   = 0;
  localparam int PolicyRandom = 1;
  localparam int PolicySimt   = 2;

  // The rule of a dispatch, disp_rule_o (C xl_ws_rule_t). The enum's width is a literal:
  // Icarus 11 resolves a name in it in the scope of the module that uses the type.
  localparam int RuleW = 3;
  typedef enum logic [2:0] {
    RuleNone      = 3'd0,
    RuleImmediate = 3'd1,   // an arrival sent straight to an idle walker
    RuleAging     = 3'd2,   // SIMT: bypass counter at the threshold
    RuleBatch     = 3'd3,   // SIMT: the last dispatch's instruction
    RuleMinScore  = 3'd4,   // SIMT: lowest score, oldest on ties
    RuleFcfs      = 3'd5,   // FCFS: oldest
    RuleRandom    = 3'd6    // RANDOM: the LFSR's pick
  } ws_rule_e;

  ///////////////////////////////////////////////
  // Walk coalescing (docs/isca18-micro18.md 3) //
  ///////////////////////////////////////////////

  // Coalescing mode, the Mode / Coalesce parameter (C xl_co_mode_t): bit 0 leaf lines,
  // bit 1 upper-level lines.
  localparam int CoalOff   = 0;
  localparam int CoalLeaf  = 1;
  localparam int CoalUpper = 2;
  localparam int CoalBoth  = 3;

  ////////////////////////////////////////////////////
  // Page-walk caches (docs/isca18-micro18.md 1.4, 2.6) //
  ////////////////////////////////////////////////////

  localparam int PwcLevels = 3;                // L4, L3, L2 entries
  localparam int PwcCntW   = 2;                // pending (reservation) counter
  localparam logic [PwcCntW-1:0] PwcCntMax = 2'd3;

  // Tree-PLRU of a set of up to PlruMaxWays ways (C xl_plru_touch / xl_plru_victim in
  // model/src/kernel/tlb.c), heap order: bit n is node n (root 1, children 2n and 2n+1,
  // leaves Ways..2*Ways-1 are ways 0..Ways-1); bit value 0 -> victim on the left. Bit 0 is
  // not a node.
  localparam int PlruMaxWays = 64;
  localparam int PlruWayW    = 6;

  // The touch of `way` in a tree of 2^depth ways: every node on the path from the way's leaf
  // to the root points away from it (1 if the path enters the node's left child, else 0);
  // the other bits are kept.
  function automatic logic [PlruMaxWays-1:0] plru_touch(input logic [PlruMaxWays-1:0] bits,
                                                        input int depth,
                                                        input logic [PlruWayW-1:0] way);
    logic [PlruWayW:0]      leaf;
    logic [PlruMaxWays-1:0] r;
    leaf = (PlruWayW + 1)'(1 << depth) + (PlruWayW + 1)'(way);
    r    = bits;
    for (int k = 0; k < PlruWayW; k++) begin
      if (k < depth) r[PlruWayW'(leaf >> (k + 1))] = !leaf[k];
    end
    plru_touch = r;
  endfunction

  ////////////////////////////////////////////
  // Walkers of the walk path (xl_walk_path) //
  ////////////////////////////////////////////

  // Walker state (C XL_WK_*): IDLE -> LOOKUP (PwcLatency - 1 cycles) -> REQ -> (granted)
  // WAIT -> (response) REQ one level down | IDLE.
  typedef enum logic [1:0] {
    WkIdle   = 2'd0,
    WkLookup = 2'd1,
    WkReq    = 2'd2,
    WkWait   = 2'd3
  } wk_state_e;

  ////////////////////////////////////////////////////////////////////////
  // Golden / Silver / Normal DRAM queues (xl_dram_gsn; docs/papers/mask.md) //
  ////////////////////////////////////////////////////////////////////////

  // C model/include/xlat/dram_gsn.h: XL_GSN_GQ/SQ/NQ, XL_GSN_MAX_BANKS, XL_GSN_MAX_APPS,
  // XL_GSN_THRESH_MAX; the widths of its header ("Widths").
  localparam int GsnQueues    = 3;
  localparam int GsnQueueW    = 2;
  localparam int GsnGq        = 0;             // Golden: translation requests
  localparam int GsnSq        = 1;             // Silver: the Silver application's data
  localparam int GsnNq        = 2;             // Normal: the rest
  localparam int GsnAppW      = 5;             // an application, 0..31
  localparam int GsnDepthW    = 3;             // 0: data; else the page-table level read
  localparam int GsnThreshW   = 9;             // a quota (thresh_a of Equation 1), silver_cnt
  localparam int GsnSeqW      = 32;            // arrival sequence, wrap-safe compare
  localparam int GsnMaxBanks  = 64;
  localparam int GsnMaxApps   = 32;
  localparam int GsnThreshMax = 511;

  /* verilator lint_on UNUSEDPARAM */

endpackage
