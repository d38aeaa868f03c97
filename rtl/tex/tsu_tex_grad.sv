// tsu_tex_grad: the level of detail of a .grad request on a non-cube geometry, from its two
// gradient vectors (docs/semantics.md T5). Golden functions: tsu::GradRho2 (rho2_o) and
// tsu::LodFromRho2 of it (lambda_o).
//
//   (S) scale: u = dP * extent for normalized float coordinates (the base level's width, height,
//       depth, exact in f32), dP * 1.0 otherwise (exact: the product is the operand);
//   (Q) square: u * u;
//   (A) sum: (ux^2 + vx^2) + wx^2, left to right, for dPdx and dPdy side by side;
//   (C) the larger sum (dPdx's when it is >= dPdy's, else dPdy's: a NaN picks dPdy's), registered;
//   (R) lambda = log2(sqrt(rho2)) in 8.8 (tsu_tex_rho).
//
// Axes past the geometry's count enter as +0: their square is +0 and adding +0 to a sum of
// squares (never -0) returns it unchanged (a NaN quieted, which it already is), so one datapath
// serves 1-D, 2-D and 3-D exactly as the model's shorter sums. Twelve multipliers and four
// adders, every f32 operation one tsu_fp_mul / tsu_fp_add (T14).
// Latency = 2 * tsu_fp_mul + 2 * tsu_fp_add + 2 = 26, one request per cycle.
module tsu_tex_grad (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               valid_i,
  input  logic [95:0]        dpdx_i,    // element a in [32a +: 32], f32
  input  logic [95:0]        dpdy_i,
  input  logic [1:0]         axes_i,    // 1..3
  input  logic               scale_i,   // normalized float coordinates: scale by the extents
  input  logic [16:0]        width_i,   // the base level's extents (width over samples)
  input  logic [16:0]        height_i,
  input  logic [16:0]        depth_i,
  output logic               valid_o,
  output logic [31:0]        rho2_o,    // binary32
  output logic signed [15:0] lambda_o   // 8.8, before bias and clamp
);
  localparam int unsigned MulLat = 6;  // tsu_fp_mul, every register enabled
  localparam int unsigned AddLat = 6;  // tsu_fp_add, every register enabled
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 2 * MulLat + 2 * AddLat + 2;
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] One = 32'h3F80_0000;

  // ---- (S) and (Q): six products, then six squares ----------------------------------------------
  logic [31:0] g [6];      // dPdx x, y, z, dPdy x, y, z
  logic [31:0] sz [6];
  logic [31:0] u [6], sq [6];
  logic [5:0]  u_valid, sq_valid;
  always_comb begin
    for (int a = 0; a < 3; a++) begin
      g[a] = 2'(a) < axes_i ? dpdx_i[32*a +: 32] : 32'd0;
      g[a + 3] = 2'(a) < axes_i ? dpdy_i[32*a +: 32] : 32'd0;
    end
    sz[0] = scale_i ? tsu_hw_pkg::extent_f32(width_i) : One;
    sz[1] = scale_i ? tsu_hw_pkg::extent_f32(height_i) : One;
    sz[2] = scale_i ? tsu_hw_pkg::extent_f32(depth_i) : One;
    for (int a = 0; a < 3; a++) sz[a + 3] = sz[a];
  end
  for (genvar k = 0; k < 6; k++) begin : g_term
    tsu_fp_mul u_scale (
      .clk_i, .rst_ni,
      .valid_i (valid_i),
      .a_i     (g[k]),
      .b_i     (sz[k]),
      .valid_o (u_valid[k]),
      .result_o(u[k])
    );
    tsu_fp_mul u_square (
      .clk_i, .rst_ni,
      .valid_i (u_valid[k]),
      .a_i     (u[k]),
      .b_i     (u[k]),
      .valid_o (sq_valid[k]),
      .result_o(sq[k])
    );
  end

  // ---- (A) the two sums, left to right ------------------------------------------------------------
  logic [31:0] s01 [2], s [2], z_d [2];
  logic [1:0]  s01_valid, s_valid, z_valid;
  for (genvar d = 0; d < 2; d++) begin : g_dir
    tsu_fp_add u_add01 (
      .clk_i, .rst_ni,
      .valid_i (sq_valid[3*d]),
      .a_i     (sq[3*d]),
      .b_i     (sq[3*d + 1]),
      .sub_i   (1'b0),
      .valid_o (s01_valid[d]),
      .result_o(s01[d])
    );
    // The z square waits beside the first add.
    tsu_delay #(.Width(32), .Depth(AddLat)) u_z (
      .clk_i, .rst_ni, .valid_i(sq_valid[3*d]), .data_i(sq[3*d + 2]),
      .valid_o(z_valid[d]), .data_o(z_d[d])
    );
    tsu_fp_add u_add2 (
      .clk_i, .rst_ni,
      .valid_i (s01_valid[d]),
      .a_i     (s01[d]),
      .b_i     (z_d[d]),
      .sub_i   (1'b0),
      .valid_o (s_valid[d]),
      .result_o(s[d])
    );
  end

  // ---- (C) the larger sum ----------------------------------------------------------------------------
  logic        c_valid_q, pick_x;
  logic [31:0] c_rho2_q;
  assign pick_x = tsu_hw_pkg::f32_ge(s[0], s[1]);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) c_valid_q <= 1'b0;
    else c_valid_q <= s_valid[0];
  end
  always_ff @(posedge clk_i) c_rho2_q <= pick_x ? s[0] : s[1];

  // ---- (R) lambda --------------------------------------------------------------------------------------
  logic [15:0] lambda;
  tsu_tex_rho #(.RegOut(1'b1)) u_rho (
    .clk_i, .rst_ni,
    .valid_i (c_valid_q),
    .rho2_i  (c_rho2_q),
    .valid_o (valid_o),
    .lambda_o(lambda)
  );
  assign lambda_o = $signed(lambda);
  always_ff @(posedge clk_i) rho2_o <= c_rho2_q;

  // Valids that travel in lock step with the ones used.
  logic unused_valid;
  assign unused_valid = ^{u_valid[5:1], sq_valid[5:4], sq_valid[2:1], s01_valid[1], s_valid[1],
                          z_valid};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  a_axes: assert property (@(posedge clk_i) disable iff (!rst_ni) valid_i |-> axes_i != 2'd0);
  c_one_axis: cover property (@(posedge clk_i) valid_i && axes_i == 2'd1);
  c_three_axes: cover property (@(posedge clk_i) valid_i && axes_i == 2'd3);
  c_unscaled: cover property (@(posedge clk_i) valid_i && !scale_i);
  c_pick_dpdy: cover property (@(posedge clk_i) s_valid[0] && !pick_x);
  c_pick_dpdx: cover property (@(posedge clk_i) s_valid[0] && pick_x && s[0] != s[1]);
  c_nan_sum: cover property (@(posedge clk_i) s_valid[0] && s[0][30:23] == 8'hFF &&
                             s[0][22:0] != '0);
  c_inf_sum: cover property (@(posedge clk_i) s_valid[0] && s[0][30:0] == 31'h7F80_0000);
  c_zero_sum: cover property (@(posedge clk_i) s_valid[0] && s[0][30:0] == '0);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
