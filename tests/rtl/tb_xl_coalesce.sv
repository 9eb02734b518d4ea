// tb_xl_coalesce.sv - self-checking Icarus testbench of rtl/xl_coalesce.sv (neighbourhood-aware
// walk coalescing, MICRO'18; docs/isca18-micro18.md §1.3, §3.2-§3.5, §8 items 7-8; C twin
// model/include/xlat/coalesce.h). Directed cases whose expected values are worked out by hand
// in the comments; cases A-D reuse the hand-computed unit tests 15.01-15.04 of
// tests/unit/t15_coalesce.c:
//   A  neighbourhood boundaries at every level through CL, per mode; arr_blocked
//   B  leaf scan: lanes, the walker's own lane, lowest slot wins, not present, PAT ignored
//   C  upper scan: PL/PA set and moved down L4 -> L3 -> L2, never up or sideways
//   D  PS entries at L2 as 2 MB leaves (page base masking, own lane), kill clears PL
//   E  departure clears PL, departure beats a same-cycle upper update, arrival resets
//   F  the timing diagram of rtl/README.md (section xl_coalesce), cycle by cycle
//   G  the scan drained one slot a cycle (ScanPipe 1): unit test 15.07 of
//      tests/unit/t15_coalesce.c, cycle by cycle
// Four instances, one per Mode (0 off, 1 leaf, 2 upper, 3 both), get the same inputs, so
// every case checks the mode rule too. NumSlots 8, NumWalkers 2, StatWidth 16. A fifth,
// u_scan (mode both, ScanPipe 1), is held in reset until case G. Prints one "ok - ..." /
// "not ok - ..." line per check and exits non-zero ($fatal) if any check failed. Run by
// tests/rtl/check_coalesce.sh.
//
// Conventions used in the hand traces (docs/isca18-micro18.md §1.3):
//   idx_L(va) = VA[20+9(L-1) : 12+9(L-1)]: L1 VA[20:12], L2 VA[29:21], L3 VA[38:30],
//   L4 VA[47:39]; the entry of va in a level-L line is slot (lane) idx_L(va) & 7.
//   nbr(a, b, L): VA[47:15] equal at L1, VA[47:24] at L2, VA[47:33] at L3, VA[47:42] at L4.
//   An entry is {frame[51:12], flags}: P = bit 0, PS = bit 7. PL reads 0 (none) or 2..4.
// Inputs change while clk_i is low; outputs are checked 1 time unit later, before the edge.
`timescale 1ns / 1ps

module tb_xl_coalesce;

  localparam int NumSlots   = 8;
  localparam int NumWalkers = 2;
  localparam int StatWidth  = 16;
  localparam int SlotW      = 3;
  localparam logic [63:0] P  = 64'h1;    // present
  localparam logic [63:0] PS = 64'h80;   // page size (PAT at L1)

  logic                    clk_i = 1'b0;
  logic                    rst_ni = 1'b1;
  logic                    arr_valid_i, disp_valid_i, line_valid_i;
  logic [SlotW-1:0]        arr_slot_i, disp_slot_i, resume_slot_i;
  logic [47:0]             arr_va_i, line_va_i;
  logic [NumWalkers-1:0]   pwst_valid_i;
  logic [3*NumWalkers-1:0] pwst_level_i;
  logic [48*NumWalkers-1:0] pwst_va_i;
  logic [2:0]              line_level_i;
  logic [8*64-1:0]         line_i;
  logic [63:0]             ent [8];   // the line's entries, packed into line_i by set_line
  logic [7:0]              lane_busy_i;
  logic                    scan_on = 1'b0;   // u_scan out of reset (case G)

  // Outputs, [m] = instance with Mode m.
  logic [NumSlots-1:0]  blocked [4];
  logic [NumSlots-1:0]  kill [4];
  logic                 arr_blocked [4];
  logic [7:0]           cpl_valid [4];
  logic [8*SlotW-1:0]   cpl_slot [4];
  logic [8*52-1:0]      cpl_frame [4];
  logic [8*5-1:0]       cpl_shift [4];
  logic [2:0]           resume_pl [4];
  logic [51:0]          resume_pa [4];
  logic [StatWidth-1:0] scans [4], leaf_done [4], up2 [4], up3 [4], up4 [4];

  for (genvar m = 0; m < 4; m++) begin : g_dut
    xl_coalesce #(
      .NumSlots  (NumSlots),
      .NumWalkers(NumWalkers),
      .Mode      (m),
      .StatWidth (StatWidth)
    ) u_dut (
      .clk_i,
      .rst_ni,
      .arr_valid_i,
      .arr_slot_i,
      .arr_va_i,
      .disp_valid_i,
      .disp_slot_i,
      .pwst_valid_i,
      .pwst_level_i,
      .pwst_va_i,
      .line_valid_i,
      .line_level_i,
      .line_va_i,
      .line_i,
      .lane_busy_i,
      .resume_slot_i,
      .resume_pl_o   (resume_pl[m]),
      .resume_pa_o   (resume_pa[m]),
      .blocked_o     (blocked[m]),
      .arr_blocked_o (arr_blocked[m]),
      .kill_o        (kill[m]),
      .cpl_valid_o   (cpl_valid[m]),
      .cpl_slot_o    (cpl_slot[m]),
      .cpl_frame_o   (cpl_frame[m]),
      .cpl_shift_o   (cpl_shift[m]),
      .scans_o       (scans[m]),
      .leaf_done_o   (leaf_done[m]),
      .upper_set_l2_o(up2[m]),
      .upper_set_l3_o(up3[m]),
      .upper_set_l4_o(up4[m]),
      .scan_drops_o  ()
    );
  end

  // Mode both with the scan drained one slot a cycle (case G).
  logic [NumSlots-1:0]  s_blocked, s_kill;
  logic [7:0]           s_cpl_valid;
  logic [8*SlotW-1:0]   s_cpl_slot;
  logic [8*52-1:0]      s_cpl_frame;
  logic [8*5-1:0]       s_cpl_shift;
  logic [2:0]           s_resume_pl;
  logic [51:0]          s_resume_pa;
  logic [StatWidth-1:0] s_scans, s_done, s_up2, s_drops;
  xl_coalesce #(
    .NumSlots  (NumSlots),
    .NumWalkers(NumWalkers),
    .Mode      (3),
    .StatWidth (StatWidth),
    .ScanPipe  (1)
  ) u_scan (
    .clk_i,
    .rst_ni        (rst_ni && scan_on),
    .arr_valid_i,
    .arr_slot_i,
    .arr_va_i,
    .disp_valid_i,
    .disp_slot_i,
    .pwst_valid_i,
    .pwst_level_i,
    .pwst_va_i,
    .line_valid_i,
    .line_level_i,
    .line_va_i,
    .line_i,
    .lane_busy_i,
    .resume_slot_i,
    .resume_pl_o   (s_resume_pl),
    .resume_pa_o   (s_resume_pa),
    .blocked_o     (s_blocked),
    .arr_blocked_o (),
    .kill_o        (s_kill),
    .cpl_valid_o   (s_cpl_valid),
    .cpl_slot_o    (s_cpl_slot),
    .cpl_frame_o   (s_cpl_frame),
    .cpl_shift_o   (s_cpl_shift),
    .scans_o       (s_scans),
    .leaf_done_o   (s_done),
    .upper_set_l2_o(s_up2),
    .upper_set_l3_o(),
    .upper_set_l4_o(),
    .scan_drops_o  (s_drops)
  );

  `include "xl_tb.svh"
  function automatic string mode_name(input int m);
    case (m)
      0: mode_name = "off";
      1: mode_name = "leaf";
      2: mode_name = "upper";
      default: mode_name = "both";
    endcase
  endfunction


  // One value of all four instances against the expected value of each mode.
  task automatic check4(input string name, input logic [63:0] g0, input logic [63:0] g1,
                        input logic [63:0] g2, input logic [63:0] g3,
                        input logic [63:0] e0, input logic [63:0] e1,
                        input logic [63:0] e2, input logic [63:0] e3);
    check({name, " [off]"}, g0, e0);
    check({name, " [leaf]"}, g1, e1);
    check({name, " [upper]"}, g2, e2);
    check({name, " [both]"}, g3, e3);
  endtask

  task automatic blocked4(input string name, input logic [7:0] e0, input logic [7:0] e1,
                          input logic [7:0] e2, input logic [7:0] e3);
    check4({"CL ", name}, 64'(blocked[0]), 64'(blocked[1]), 64'(blocked[2]), 64'(blocked[3]),
           64'(e0), 64'(e1), 64'(e2), 64'(e3));
  endtask

  task automatic arr_blocked4(input string name, input logic e0, input logic e1,
                              input logic e2, input logic e3);
    check4({"arr_blocked ", name}, 64'(arr_blocked[0]), 64'(arr_blocked[1]),
           64'(arr_blocked[2]), 64'(arr_blocked[3]), 64'(e0), 64'(e1), 64'(e2), 64'(e3));
  endtask

  task automatic kill4(input string name, input logic [7:0] e_leaf, input logic [7:0] e_upper,
                       input logic [7:0] e_both);
    check4({"kill ", name}, 64'(kill[0]), 64'(kill[1]), 64'(kill[2]), 64'(kill[3]),
           64'h0, 64'(e_leaf), 64'(e_upper), 64'(e_both));
  endtask

  task automatic cplv4(input string name, input logic [7:0] e_leaf, input logic [7:0] e_upper,
                       input logic [7:0] e_both);
    check4({"cpl_valid ", name}, 64'(cpl_valid[0]), 64'(cpl_valid[1]), 64'(cpl_valid[2]),
           64'(cpl_valid[3]), 64'h0, 64'(e_leaf), 64'(e_upper), 64'(e_both));
  endtask

  // Lane i of instance m: slot, page base, shift.
  task automatic lane(input string name, input int m, input int i, input int slot,
                      input logic [51:0] frame, input int shift);
    check({name, " [", mode_name(m), "] slot"}, 64'(cpl_slot[m][SlotW*i +: SlotW]), 64'(slot));
    check({name, " [", mode_name(m), "] frame"}, 64'(cpl_frame[m][52*i +: 52]), 64'(frame));
    check({name, " [", mode_name(m), "] shift"}, 64'(cpl_shift[m][5*i +: 5]), 64'(shift));
  endtask

  task automatic resume4(input string name, input int slot, input int pl_up,
                         input logic [51:0] pa_up, input int pl_both, input logic [51:0] pa_both);
    resume_slot_i = SlotW'(slot);
    #1;
    check4({name, " PL"}, 64'(resume_pl[0]), 64'(resume_pl[1]), 64'(resume_pl[2]),
           64'(resume_pl[3]), 64'h0, 64'h0, 64'(pl_up), 64'(pl_both));
    check4({name, " PA"}, 64'(resume_pa[0]), 64'(resume_pa[1]), 64'(resume_pa[2]),
           64'(resume_pa[3]), 64'h0, 64'h0, 64'(pa_up), 64'(pa_both));
  endtask

  task automatic valid4(input string name, input logic [7:0] e0, input logic [7:0] e1,
                        input logic [7:0] e2, input logic [7:0] e3);
    check4({"valid ", name}, 64'(g_dut[0].u_dut.valid_q), 64'(g_dut[1].u_dut.valid_q),
           64'(g_dut[2].u_dut.valid_q), 64'(g_dut[3].u_dut.valid_q), 64'(e0), 64'(e1),
           64'(e2), 64'(e3));
  endtask

  // Inputs other than the PWST go idle after every edge; the PWST stays until changed.
  task automatic idle;
    arr_valid_i   = 1'b0;
    arr_slot_i    = '0;
    arr_va_i      = '0;
    disp_valid_i  = 1'b0;
    disp_slot_i   = '0;
    line_valid_i  = 1'b0;
    line_level_i  = '0;
    line_va_i     = '0;
    line_i        = '0;
    resume_slot_i = '0;
    lane_busy_i   = '0;
  endtask

  task automatic tick;
    #5 clk_i = 1'b1;
    #5 clk_i = 1'b0;
    idle();
    #1;
  endtask

  task automatic walker(input int w, input logic v, input int level, input logic [47:0] va);
    pwst_valid_i[w]          = v;
    pwst_level_i[3*w +: 3]   = 3'(level);
    pwst_va_i[48*w +: 48]    = va;
  endtask

  // Walker 0 on A at `level` (entry valid v), then the CL of each instance (blocked4).
  task automatic walker_blocks(input string name, input logic v, input int level,
                               input logic [7:0] e0, input logic [7:0] e1,
                               input logic [7:0] e2, input logic [7:0] e3);
    walker(0, v, level, A);
    #1;
    blocked4(name, e0, e1, e2, e3);
  endtask

  task automatic reset;
    idle();
    pwst_valid_i = '0;
    pwst_level_i = '0;
    pwst_va_i    = '0;
    rst_ni = 1'b1;
    #1 rst_ni = 1'b0;
    #5 clk_i = 1'b1;
    #5 clk_i = 1'b0;
    rst_ni = 1'b1;
    #1;
  endtask

  task automatic arrive(input int slot, input logic [47:0] va);
    arr_valid_i = 1'b1;
    arr_slot_i  = SlotW'(slot);
    arr_va_i    = va;
    tick();
  endtask

  task automatic depart(input int slot);
    disp_valid_i = 1'b1;
    disp_slot_i  = SlotW'(slot);
    tick();
  endtask

  // A line of 8 present entries with frames base + i * 0x1000 and the given extra flags.
  task automatic fill_ent(input logic [51:0] base, input logic [63:0] flags);
    for (int i = 0; i < 8; i++) ent[i] = ({12'h0, base} + 64'(i) * 64'h1000) | P | flags;
  endtask

  task automatic set_line(input int level, input logic [47:0] va);
    line_valid_i = 1'b1;
    line_level_i = 3'(level);
    line_va_i    = va;
    for (int i = 0; i < 8; i++) line_i[64*i +: 64] = ent[i];
    #1;
  endtask

  localparam logic [47:0] A = 48'h0000_4000_0000;   // 1 GB

  initial begin
    reset();

    // ------------------------------------------------------------ A. neighbourhoods and CL
    // (15.01, 15.02) Walker 0 serves A; walker 1 idle. Slots:
    //   0: A+0x7FFF    same 32 KB (VA[47:15] = 0x8000)      nbr at L1, L2, L3, L4
    //   1: A+0x8000    next 32 KB, same 16 MB (VA[47:24])   nbr at L2, L3, L4
    //   2: A+0xFFFFFF  last byte of A's 16 MB               nbr at L2, L3, L4
    //   3: A+0x1000000 next 16 MB, same 8 GB (VA[47:33] 0)  nbr at L3, L4
    //   4: A+2^33      next 8 GB, same 4 TB (VA[47:42] 0)   nbr at L4
    //   5: A+2^42      next 4 TB                            never
    //   6: A-0x1000    below A: VA[47:24] = 0x3F, not 0x40  nbr at L3, L4
    //   7: A|2^47      bit 47 differs                       never
    arrive(0, A + 48'h7FFF);
    arrive(1, A + 48'h8000);
    arrive(2, A + 48'hFF_FFFF);
    arrive(3, A + 48'h100_0000);
    arrive(4, A + 48'h2_0000_0000);
    arrive(5, A + (48'h1 << 42));
    arrive(6, A - 48'h1000);
    arrive(7, A | (48'h1 << 47));
    valid4("after 8 arrivals", 8'hFF, 8'hFF, 8'hFF, 8'hFF);
    blocked4("no walker", 8'h00, 8'h00, 8'h00, 8'h00);
    // L1 blocks slot 0 only; leaf and both see it, upper and off do not.
    walker_blocks("walker at L1", 1'b1, 1, 8'h00, 8'h01, 8'h00, 8'h01);
    walker_blocks("walker at L2", 1'b1, 2, 8'h00, 8'h00, 8'h07, 8'h07);
    walker_blocks("walker at L3", 1'b1, 3, 8'h00, 8'h00, 8'h4F, 8'h4F);
    walker_blocks("walker at L4", 1'b1, 4, 8'h00, 8'h00, 8'h5F, 8'h5F);
    walker_blocks("walker entry not valid", 1'b0, 4, 8'h00, 8'h00, 8'h00, 8'h00);
    // Two walkers ORed: w0 at L1 on A (slot 0), w1 at L4 on slot 5's 4 TB (slot 5 only).
    walker(0, 1'b1, 1, A);
    walker(1, 1'b1, 4, A + (48'h1 << 42));
    #1;
    blocked4("two walkers L1 + L4", 8'h00, 8'h01, 8'h20, 8'h21);
    // arr_blocked is the CL of arr_va, also while arr_valid is low: A+0x8000 is in w0's
    // 16 MB, not its 32 KB.
    walker(1, 1'b0, 1, '0);
    walker(0, 1'b1, 2, A);
    arr_va_i = A + 48'h8000;
    #1;
    arr_blocked4("A+0x8000 vs L2 walker (arr_valid low)", 0, 0, 1, 1);
    walker(0, 1'b1, 1, A);
    #1;
    arr_blocked4("A+0x8000 vs L1 walker", 0, 0, 0, 0);
    arr_va_i = A + 48'h7000;
    #1;
    arr_blocked4("A+0x7000 vs L1 walker", 0, 1, 0, 1);
    // A departed slot is not blocked any more (CL needs a valid slot).
    depart(0);
    blocked4("slot 0 departed", 8'h00, 8'h00, 8'h00, 8'h00);
    valid4("slot 0 departed", 8'hFE, 8'hFE, 8'hFE, 8'hFE);

    // ------------------------------------------------------------ B. leaf scan (15.03)
    // Walker 0 serves 0x4000_2000 at L1: its PTE is entry 2 of the line (own lane 2).
    // Entries: frame 0x9000_0000 + i*0x1000, present, except entry 3 not present, entry 7
    // with PS (PAT at L1, ignored) and entry 5 with bits 63:52 set (not part of the frame).
    //   slot 0 0x4000_5000 lane 5 -> completes, frame 0x9000_5000
    //   slot 1 0x4000_8000 next 32 KB -> untouched
    //   slot 2 0x4000_2000 lane 2 = the walker's own -> never used here, stays
    //   slot 3 0x4000_0000 lane 0 -> completes, frame 0x9000_0000
    //   slot 4 0x4000_6000 lane 6 -> completes (lowest of slots 4 and 6)
    //   slot 5 0x4000_3000 lane 3, not present -> stays
    //   slot 6 0x4000_6000 lane 6 -> loses to slot 4, stays
    //   slot 7 0x4000_7000 lane 7, PS ignored at L1 -> completes, shift 12
    reset();
    arrive(6, 48'h4000_6000);
    arrive(0, 48'h4000_5000);
    arrive(1, 48'h4000_8000);
    arrive(2, 48'h4000_2000);
    arrive(3, 48'h4000_0000);
    arrive(4, 48'h4000_6000);
    arrive(5, 48'h4000_3000);
    arrive(7, 48'h4000_7000);
    walker(0, 1'b1, 1, 48'h4000_2000);
    fill_ent(52'h9000_0000, 64'h0);
    ent[3] = ent[3] & ~P;
    ent[7] = ent[7] | PS;
    ent[5] = ent[5] | 64'hFFF0_0000_0000_0000;
    set_line(1, 48'h4000_2000);
    // CL: the walker's 32 KB 0x4000_0000..0x4000_7FFF holds every slot but 1.
    blocked4("leaf walker", 8'h00, 8'hFD, 8'h00, 8'hFD);
    kill4("leaf line", 8'h99, 8'h00, 8'h99);
    cplv4("leaf line", 8'hE1, 8'h00, 8'hE1);
    for (int m = 1; m < 4; m += 2) begin
      lane("leaf lane 0", m, 0, 3, 52'h9000_0000, 12);
      lane("leaf lane 5", m, 5, 0, 52'h9000_5000, 12);
      lane("leaf lane 6 (lowest slot wins)", m, 6, 4, 52'h9000_6000, 12);
      lane("leaf lane 7 (PAT ignored)", m, 7, 7, 52'h9000_7000, 12);
      lane("leaf own lane 2 unused", m, 2, 0, 52'h0, 0);
      lane("leaf lane 3 not present", m, 3, 0, 52'h0, 0);
    end
    tick();
    valid4("after the leaf line", 8'hFF, 8'h66, 8'hFF, 8'h66);
    check4("leaf_done", 64'(leaf_done[0]), 64'(leaf_done[1]), 64'(leaf_done[2]),
           64'(leaf_done[3]), 0, 4, 0, 4);
    check4("scans (leaf line)", 64'(scans[0]), 64'(scans[1]), 64'(scans[2]), 64'(scans[3]),
           0, 1, 0, 1);
    // The same line again: slot 6 now has lane 6 to itself. (In off and upper mode all
    // eight slots are still there: slot 4 is the lowest for lane 6, with 0, 3, 7 too.)
    set_line(1, 48'h4000_2000);
    kill4("leaf line again", 8'h40, 8'h00, 8'h40);
    lane("leaf lane 6 second time", 3, 6, 6, 52'h9000_6000, 12);
    tick();
    valid4("after the second leaf line", 8'hFF, 8'h26, 8'hFF, 8'h26);
    check4("leaf_done after 2 lines", 64'(leaf_done[0]), 64'(leaf_done[1]), 64'(leaf_done[2]),
           64'(leaf_done[3]), 0, 5, 0, 5);

    // ------------------------------------------------------------ C. upper scan (15.04)
    // Slots: 0 = 0x4020_0000 (idx4 0, idx3 1, idx2 1), 1 = 0x2_4020_0000 (idx4 0, idx3 9:
    // another 8 GB, same 4 TB), 2 = 0x80_4000_0000 (idx4 1: same 4 TB, lane 1 at L4).
    reset();
    walker(0, 1'b1, 4, 48'h4000_0000);
    arrive(0, 48'h4020_0000);
    arrive(1, 48'h2_4020_0000);
    arrive(2, 48'h80_4000_0000);
    // C1: L4 line (walker 0x4000_0000, lane 0), frames 0x6000_0000 + i*0x1000, entry 1 not
    //     present. Slots 0 and 1 take entry 0: PL 4, PA 0x6000_0000. Slot 2's entry 1 is
    //     not present: no resume point.
    fill_ent(52'h6000_0000, 64'h0);
    ent[1] = ent[1] & ~P;
    set_line(4, 48'h4000_0000);
    kill4("upper line L4", 8'h00, 8'h00, 8'h00);
    tick();
    resume4("C1 slot 0", 0, 4, 52'h6000_0000, 4, 52'h6000_0000);
    resume4("C1 slot 1", 1, 4, 52'h6000_0000, 4, 52'h6000_0000);
    resume4("C1 slot 2 (entry not present)", 2, 0, 52'h0, 0, 52'h0);
    check4("upper_set_l4 after C1", 64'(up4[0]), 64'(up4[1]), 64'(up4[2]), 64'(up4[3]),
           0, 0, 2, 2);
    // C2: L3 line (walker 0x4000_0000, L3 idx 1), frames 0x7000_0000 + i*0x1000. Only slot
    //     0 is in the 8 GB: entry 1 -> PL 3, PA 0x7000_1000 (moves down from 4).
    fill_ent(52'h7000_0000, 64'h0);
    walker(0, 1'b1, 3, 48'h4000_0000);
    set_line(3, 48'h4000_0000);
    tick();
    resume4("C2 slot 0 moves down to L3", 0, 3, 52'h7000_1000, 3, 52'h7000_1000);
    resume4("C2 slot 1 untouched", 1, 4, 52'h6000_0000, 4, 52'h6000_0000);
    // C3: L2 line, frames 0x8000_0000 + i*0x1000: slot 0 (L2 idx 1) -> PL 2, 0x8000_1000.
    fill_ent(52'h8000_0000, 64'h0);
    walker(0, 1'b1, 2, 48'h4000_0000);
    set_line(2, 48'h4000_0000);
    tick();
    resume4("C3 slot 0 moves down to L2", 0, 2, 52'h8000_1000, 2, 52'h8000_1000);
    // C4: an L4 line again (frames 0x5000_0000 + ..., entry 1 not present so that slot 2
    //     stays without a resume point): slot 0 stays at L2 (never up), slot 1 stays at L4
    //     with its PA (same level: not moved either).
    fill_ent(52'h5000_0000, 64'h0);
    ent[1] = ent[1] & ~P;
    set_line(4, 48'h4000_0000);
    tick();
    resume4("C4 slot 0 not moved up", 0, 2, 52'h8000_1000, 2, 52'h8000_1000);
    resume4("C4 slot 1 not moved sideways", 1, 4, 52'h6000_0000, 4, 52'h6000_0000);
    // C5: L3 line in slot 1's 8 GB (walker 0x2_4000_0000, L3 idx 9 -> lane 1), frames
    //     0xA000_0000 + ...: slot 1 -> PL 3, PA 0xA000_1000.
    fill_ent(52'hA000_0000, 64'h0);
    set_line(3, 48'h2_4000_0000);
    tick();
    resume4("C5 slot 1 moves down to L3", 1, 3, 52'hA000_1000, 3, 52'hA000_1000);
    // C6: another L2 line for slot 0 (frames 0xB000_0000 + ...): PL 2 = L, unchanged.
    fill_ent(52'hB000_0000, 64'h0);
    set_line(2, 48'h4000_0000);
    tick();
    resume4("C6 slot 0 kept at L2", 0, 2, 52'h8000_1000, 2, 52'h8000_1000);
    check4("upper_set_l2", 64'(up2[0]), 64'(up2[1]), 64'(up2[2]), 64'(up2[3]), 0, 0, 1, 1);
    check4("upper_set_l3", 64'(up3[0]), 64'(up3[1]), 64'(up3[2]), 64'(up3[3]), 0, 0, 2, 2);
    check4("upper_set_l4", 64'(up4[0]), 64'(up4[1]), 64'(up4[2]), 64'(up4[3]), 0, 0, 2, 2);
    // Lines scanned: C1..C6 are six upper lines (upper, both), none in leaf or off.
    check4("scans (upper lines)", 64'(scans[0]), 64'(scans[1]), 64'(scans[2]),
           64'(scans[3]), 0, 0, 6, 6);

    // ------------------------------------------------------------ D. PS leaf at L2 (15.04)
    // New slots 3 = 0x4040_0000 (L2 idx 2) and 4 = 0x4000_1000 (L2 idx 0 = the walker's own
    // lane). An L2 line (walker 0x4000_0000) with every entry PS, frames 0x8000_0000 +
    // i*0x1000 except entry 2 = 0x8060_2000: page bases are frame & ~(2 MB - 1).
    //   slot 0 (lane 1) -> 0x8000_0000, shift 21; slot 3 (lane 2) -> 0x8060_0000;
    //   slot 4 (lane 0, own) stays. Leaf mode does not scan L2 lines.
    arrive(3, 48'h4040_0000);
    arrive(4, 48'h4000_1000);
    fill_ent(52'h8000_0000, PS);
    ent[2] = 64'h8060_2000 | P | PS;
    set_line(2, 48'h4000_0000);
    kill4("PS line", 8'h00, 8'h09, 8'h09);
    cplv4("PS line", 8'h00, 8'h06, 8'h06);
    for (int m = 2; m < 4; m++) begin
      lane("PS lane 1", m, 1, 0, 52'h8000_0000, 21);
      lane("PS lane 2", m, 2, 3, 52'h8060_0000, 21);
      lane("PS own lane 0 unused", m, 0, 0, 52'h0, 0);
    end
    tick();
    valid4("after the PS line", 8'h1F, 8'h1F, 8'h16, 8'h16);
    // The kill cleared slot 0's PL (the C keeps its PA, and so does the RTL).
    resume4("D slot 0 killed: PL cleared, PA reads 0", 0, 0, 52'h0, 0, 52'h0);

    // ------------------------------------------------------------ E. departures, arrivals
    // E1: slot 1 (PL 3) departs: PL cleared.
    depart(1);
    resume4("E1 slot 1 departed: PL cleared, PA reads 0", 1, 0, 52'h0, 0, 52'h0);
    // E2: an L4 line whose entry 1 is present now would give slot 2 (lane 1) PL 4, but
    //     slot 2 departs in the same cycle: no update, and upper_set_l4 does not count it.
    fill_ent(52'h6600_0000, 64'h0);
    set_line(4, 48'h4000_0000);
    disp_valid_i = 1'b1;
    disp_slot_i  = 3'd2;
    #1;
    tick();
    resume4("E2 departure beats the upper update", 2, 0, 52'h0, 0, 52'h0);
    // The same L4 line also reached slot 4 (0x4000_1000, lane 0): PL 4, PA 0x6600_0000.
    resume4("E2 slot 4 set by the same line", 4, 4, 52'h6600_0000, 4, 52'h6600_0000);
    check4("upper_set_l4 after E2", 64'(up4[0]), 64'(up4[1]), 64'(up4[2]), 64'(up4[3]),
           0, 0, 3, 3);
    // E3: an arrival rewrites a slot: PL none, PA 0.
    arrive(1, 48'h4000_0000);
    resume4("E3 arrival clears PL and PA", 1, 0, 52'h0, 0, 52'h0);
    // E4: a kill clears PL (slot 4 has PL 4): an L1 line for 0x4000_0000 (own lane 0),
    //     entry 1 present -> slot 4 (lane 1) completes; slot 1 (lane 0) is the walker's own.
    fill_ent(52'hC000_0000, 64'h0);
    walker(0, 1'b1, 1, 48'h4000_0000);
    set_line(1, 48'h4000_0000);
    kill4("E4 leaf line", 8'h10, 8'h00, 8'h10);
    tick();
    resume4("E4 slot 4 killed: PL cleared", 4, 4, 52'h6600_0000, 0, 52'h0);

    // ------------------------------------------------------------ F. timing walkthrough
    // The timing diagram of rtl/README.md (section xl_coalesce), cycle by cycle, in mode both (instance 3).
    // Walker 0 serves VA0 = 0x4000_2000; slot 3 = 0x4020_0000 (same 16 MB, L2 lane 1),
    // slot 5 = 0x4000_5000 (same 32 KB, L1 lane 5, L2 lane 0 = the walker's own).
    reset();
    arrive(3, 48'h4020_0000);
    arrive(5, 48'h4000_5000);
    walker(0, 1'b1, 2, 48'h4000_2000);
    #1;
    check("F cycle 0-1: walker at L2 blocks slots 3 and 5", 64'(blocked[3]), 64'h28);
    tick();
    tick();
    // Cycle 2: the L2 line (frames 0x8000_0000 + i*0x1000) is back; nothing completes.
    fill_ent(52'h8000_0000, 64'h0);
    set_line(2, 48'h4000_2000);
    check("F cycle 2: blocked", 64'(blocked[3]), 64'h28);
    check("F cycle 2: no kill", 64'(kill[3]), 64'h0);
    tick();
    walker(0, 1'b1, 1, 48'h4000_2000);   // the walker goes down at the same edge
    // Cycle 3: slot 3 is free, slot 5 still blocked; resume points set at edge 2->3.
    #1;
    check("F cycle 3: only slot 5 blocked", 64'(blocked[3]), 64'h20);
    resume_slot_i = 3'd5;
    #1;
    check("F cycle 3: slot 5 PL", 64'(resume_pl[3]), 64'd2);
    check("F cycle 3: slot 5 PA = node0", 64'(resume_pa[3]), 64'h8000_0000);
    disp_valid_i  = 1'b1;
    disp_slot_i   = 3'd3;
    resume_slot_i = 3'd3;
    #1;
    check("F cycle 3: dispatch slot 3, PL", 64'(resume_pl[3]), 64'd2);
    check("F cycle 3: dispatch slot 3, PA = node1", 64'(resume_pa[3]), 64'h8000_1000);
    tick();
    check("F cycle 4: slot 3 gone", 64'(g_dut[3].u_dut.valid_q), 64'h20);
    check("F cycle 4: slot 3 not blocked", 64'(blocked[3]), 64'h20);
    tick();
    // Cycle 5: the L1 line (frames 0x9000_0000 + i*0x1000): slot 5 completes on lane 5.
    fill_ent(52'h9000_0000, 64'h0);
    set_line(1, 48'h4000_2000);
    check("F cycle 5: kill slot 5", 64'(kill[3]), 64'h20);
    check("F cycle 5: cpl_valid lane 5", 64'(cpl_valid[3]), 64'h20);
    lane("F cycle 5: lane 5", 3, 5, 5, 52'h9000_5000, 12);
    tick();
    walker(0, 1'b0, 1, 48'h4000_2000);
    check("F cycle 6: buffer empty", 64'(g_dut[3].u_dut.valid_q), 64'h0);

    // ------------------------------------------------------------ G. drained scan
    // u_scan (ScanPipe 1). Walker 0 serves 0x4000_2000 at L1. Slots: 0 = 0x4000_5000 (lane
    // 5), 1 = 0x4000_8000 (next 32 KB), 2 = 0x4000_2000 (the walker's own lane 2), 3 =
    // 0x4000_0000 (lane 0), 4 = 0x4000_5000 (lane 5, behind slot 0).
    scan_on = 1'b1;
    reset();
    arrive(0, 48'h4000_5000);
    arrive(1, 48'h4000_8000);
    arrive(2, 48'h4000_2000);
    arrive(3, 48'h4000_0000);
    arrive(4, 48'h4000_5000);
    walker(0, 1'b1, 1, 48'h4000_2000);
    // c1: the L1 line (frames 0x9000_0000 + i*0x1000) only registers; slots 0, 3, 4 will
    //     be pending (slot 2 is on the own lane).
    fill_ent(52'h9000_0000, 64'h0);
    set_line(1, 48'h4000_2000);
    check("G c1: CL = the walker's 32 KB", 64'(s_blocked), 64'h1D);
    check("G c1: no kill", 64'(s_kill), 64'h0);
    check("G c1: no completion", 64'(s_cpl_valid), 64'h0);
    tick();
    // c2: the walker is done; CL is the pending set; slot 0 completes on lane 5; a line
    //     that comes now is not scanned (slots 3, 4 stay pending).
    walker(0, 1'b0, 1, 48'h4000_2000);
    set_line(1, 48'h4001_0000);
    check("G c2: CL = pending 0, 3, 4", 64'(s_blocked), 64'h19);
    check("G c2: kill slot 0", 64'(s_kill), 64'h01);
    check("G c2: lane 5", 64'(s_cpl_valid), 64'h20);
    check("G c2: lane 5 slot", 64'(s_cpl_slot[SlotW*5 +: SlotW]), 64'd0);
    check("G c2: lane 5 frame", 64'(s_cpl_frame[52*5 +: 52]), 64'h9000_5000);
    check("G c2: lane 5 shift", 64'(s_cpl_shift[5*5 +: 5]), 64'd12);
    tick();
    check("G c3: scans 1", 64'(s_scans), 64'd1);
    check("G c3: the c2 line dropped", 64'(s_drops), 64'd1);
    // c3: slot 3's lane 0 is busy: it waits.
    lane_busy_i = 8'h01;
    #1;
    check("G c3: lane 0 busy, no kill", 64'(s_kill), 64'h0);
    check("G c3: no completion", 64'(s_cpl_valid), 64'h0);
    tick();
    // c4: slot 3 completes on lane 0.
    check("G c4: kill slot 3", 64'(s_kill), 64'h08);
    check("G c4: lane 0 slot", 64'(s_cpl_slot[0 +: SlotW]), 64'd3);
    check("G c4: lane 0 frame", 64'(s_cpl_frame[0 +: 52]), 64'h9000_0000);
    tick();
    // c5: slot 4 wants lane 5, which this line used: it stays buffered.
    check("G c5: slot 4 not completed", 64'(s_cpl_valid), 64'h0);
    tick();
    check("G c6: nothing pending, nothing CL", 64'(s_blocked), 64'h0);
    check("G c6: leaf_done 2", 64'(s_done), 64'd2);
    // c6: an L2 line for 0x4000_0000 (pointers 0x8000_0000 + i*0x1000) is taken: slots
    //     1, 2, 4 (L2 index 0) become pending; none moves at this edge.
    fill_ent(52'h8000_0000, 64'h0);
    set_line(2, 48'h4000_0000);
    tick();
    check("G c7: CL = pending 1, 2, 4", 64'(s_blocked), 64'h16);
    resume_slot_i = 3'd1;
    #1;
    check("G c7: slot 1 PL not yet", 64'(s_resume_pl), 64'd0);
    tick();
    // c8, c9: one a cycle, lowest first.
    resume_slot_i = 3'd1;
    #1;
    check("G c8: slot 1 PL 2", 64'(s_resume_pl), 64'd2);
    check("G c8: slot 1 PA", 64'(s_resume_pa), 64'h8000_0000);
    resume_slot_i = 3'd2;
    #1;
    check("G c8: slot 2 PL not yet", 64'(s_resume_pl), 64'd0);
    tick();
    tick();
    resume_slot_i = 3'd4;
    #1;
    check("G c10: slot 4 PL 2", 64'(s_resume_pl), 64'd2);
    check("G c10: upper_set_l2 3", 64'(s_up2), 64'd3);
    check("G c10: nothing CL", 64'(s_blocked), 64'h0);

    tb_done("tb_xl_coalesce");
  end

endmodule
