// tsu_tex_bilerp: the x and y ranks of a filter tree for a whole quad in one cycle (golden
// function: tsu::FilterTaps on the quad's taps with ranks & 3, docs/semantics.md T4).
//
// A quad is the taps of one pass that share z and the mip level: up to four, x fastest. The
// sampling engine's serial filter (tsu_tex_filter) takes one tap per beat and shares one lerp per
// lane, so a bilinear sample costs it four beats; this block lerps the quad's x pairs and then
// the y pair in a fixed two-rank tree of twelve lerps (two x pairs and one y pair, four channels
// each), one quad per clock. What leaves is one "tap" with the quad's remaining ranks (z, mip)
// still to pass, carrying tap 0's weights: exactly FilterTaps' element taps[0] after ranks x and
// y, since every rank pairs consecutive elements and keeps the first one's weights.
//
//   ranks x y  result
//     1   1    lerp(lerp(t0, t1, wx(t0)), lerp(t2, t3, wx(t2)), wy(t0))
//     1   0    lerp(t0, t1, wx(t0))
//     0   1    lerp(t0, t1, wy(t0))          (the y pair are taps 0 and 1 when x is inactive)
//     0   0    t0, bit for bit
//
// An inactive rank passes its first element through a delay line beside the lerps, never through
// a lerp with weight 0: a + (b - a) * 0 is not a (-0, infinities and NaNs).
//
// Latency 2 * tsu_tex_lerp's (36 with FpRegs), II 1, no stall: the consumer takes every result.
module tsu_tex_bilerp #(
  parameter bit          FpRegs = 1'b1,
  parameter int unsigned SideW  = 1   // travels beside the quad (the engine's per-tap fields)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              valid_i,
  input  logic [511:0]      c_i,      // tap k's channel ch (f32 bits) in [128k + 32ch +: 32]
  input  logic [31:0]       w0_i,     // tap 0's weights: byte r is rank r (x, y, z, mip)
  input  logic [7:0]        wx2_i,    // tap 2's x weight (the second x pair's)
  input  logic [1:0]        ranks_i,  // ranks x (bit 0) and y (bit 1) active
  input  logic [SideW-1:0]  side_i,
  output logic              valid_o,
  output logic [127:0]      c_o,      // channel ch in [32ch +: 32]
  output logic [31:0]       w_o,      // tap 0's weights, for the ranks still to pass
  output logic [SideW-1:0]  side_o
);
  localparam int unsigned LerpLat = tsu_hw_pkg::tex_lerp_latency(FpRegs);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 2 * LerpLat;
  /* verilator lint_on UNUSEDPARAM */

  // Pair p of rank x: taps 2p and 2p + 1 (x_a, x_b: pair p in [128p +: 128]).
  logic [255:0] x_a, x_b, x_r;
  assign x_a = {c_i[256 +: 128], c_i[0 +: 128]};
  assign x_b = {c_i[384 +: 128], c_i[128 +: 128]};

  // ---- Rank x: two pairs of four channels ---------------------------------------------------------
  logic [17:0] x_w;  // pair p's weight in [9p +: 9]
  assign x_w = {1'b0, wx2_i, 1'b0, w0_i[7:0]};
  logic [7:0] nc_x_valid;
  for (genvar p = 0; p < 2; p++) begin : g_xpair
    for (genvar ch = 0; ch < 4; ch++) begin : g_ch
      tsu_tex_lerp #(.FpRegs(FpRegs)) u_lerp (
        .clk_i   (clk_i),
        .rst_ni  (rst_ni),
        .valid_i (valid_i && ranks_i[0]),
        .a_i     (x_a[128*p + 32*ch +: 32]),
        .b_i     (x_b[128*p + 32*ch +: 32]),
        .w_i     (x_w[9*p +: 9]),
        .valid_o (nc_x_valid[4*p + ch]),
        .result_o(x_r[128*p + 32*ch +: 32])
      );
    end
  end
  // Beside rank x: the first two taps (an inactive x passes t0 and t1 on as the y pair), the
  // weights and what travels with the quad.
  typedef struct packed {
    logic [1:0]       ranks;
    logic [31:0]      w0;
    logic [SideW-1:0] side;
  } ctl_t;
  ctl_t         ctl_in, ctl_x, ctl_y;
  logic [255:0] pass_x;
  logic         x_valid, y_valid_out;
  assign ctl_in.ranks = ranks_i;
  assign ctl_in.w0 = w0_i;
  assign ctl_in.side = side_i;
  tsu_delay #(.Width(256 + $bits(ctl_in)), .Depth(LerpLat)) u_beside_x (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({c_i[255:0], ctl_in}),
    .valid_o(x_valid),
    .data_o ({pass_x, ctl_x})
  );
  logic [127:0] s0, s1;  // the y pair
  assign s0 = ctl_x.ranks[0] ? x_r[127:0] : pass_x[127:0];
  assign s1 = ctl_x.ranks[0] ? x_r[255:128] : pass_x[255:128];

  // ---- Rank y: one pair of four channels ----------------------------------------------------------
  logic [127:0] y_r, pass_y;
  logic [3:0]   nc_y_valid;
  for (genvar ch = 0; ch < 4; ch++) begin : g_ych
    tsu_tex_lerp #(.FpRegs(FpRegs)) u_lerp (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .valid_i (x_valid && ctl_x.ranks[1]),
      .a_i     (s0[32*ch +: 32]),
      .b_i     (s1[32*ch +: 32]),
      .w_i     ({1'b0, ctl_x.w0[15:8]}),
      .valid_o (nc_y_valid[ch]),
      .result_o(y_r[32*ch +: 32])
    );
  end
  tsu_delay #(.Width(128 + $bits(ctl_in)), .Depth(LerpLat)) u_beside_y (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(x_valid),
    .data_i ({s0, ctl_x}),
    .valid_o(y_valid_out),
    .data_o ({pass_y, ctl_y})
  );
  assign valid_o = y_valid_out;
  assign c_o = ctl_y.ranks[1] ? y_r : pass_y;
  assign w_o = ctl_y.w0;
  assign side_o = ctl_y.side;

  logic unused_lerp_valid;
  assign unused_lerp_valid = ^{nc_x_valid, nc_y_valid};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // The lerps' own valids are timed by LerpLat: the delay lines beside them must agree.
  always @(posedge clk_i) if (rst_ni)
    a_x_aligned: assert (nc_x_valid == {8{x_valid && ctl_x.ranks[0]}});
  always @(posedge clk_i) if (rst_ni)
    a_y_aligned: assert (nc_y_valid == {4{y_valid_out && ctl_y.ranks[1]}});
  c_bilinear: cover property (@(posedge clk_i) valid_i && ranks_i == 2'b11);
  c_x_only: cover property (@(posedge clk_i) valid_i && ranks_i == 2'b01);
  c_y_only: cover property (@(posedge clk_i) valid_i && ranks_i == 2'b10);
  c_point: cover property (@(posedge clk_i) valid_i && ranks_i == 2'b00);
  c_back_to_back: cover property (@(posedge clk_i) valid_i && x_valid && y_valid_out);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
