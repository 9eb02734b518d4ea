// xl_coalesce_fv.svh - the VA encoding and neighbourhood functions shared by the coalescing
// harnesses (xl_coalesce_fv.sv, xl_coalesce_scan_fv.sv), `included inside their modules:
// ten free VA bits (42, 33, 24, 15 at the neighbourhood boundaries, 14:12 the L1 lane, 23:21
// the L2 lane), nbr(a, b, L) and the lane idx_L(va) & 7.

  function automatic logic [47:0] va(input logic [9:0] b);
    logic [47:0] v;
    v = '0;
    v[42] = b[0];
    v[33] = b[1];
    v[24] = b[2];
    v[15] = b[3];
    v[14:12] = b[6:4];
    v[23:21] = b[9:7];
    va = v;
  endfunction

  // nbr(a, b, L): VA[47 : 15 + 9(L-1)] equal.
  function automatic logic nbr(input logic [47:0] a, input logic [47:0] b, input logic [2:0] l);
    logic [47:0] m;
    m = {48{1'b1}} << (15 + 9 * (32'(l) - 1));
    nbr = ((a ^ b) & m) == '0;
  endfunction

  // idx_L(va) & 7: VA[12 + 9(L-1) +: 3].
  function automatic logic [2:0] lane_of(input logic [47:0] a, input logic [2:0] l);
    lane_of = 3'(a >> (12 + 9 * (32'(l) - 1)));
  endfunction
