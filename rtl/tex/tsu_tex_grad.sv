// tsu_tex_grad: the level of detail of a .grad request on a non-cube geometry, from its two
// gradient vectors (docs/semantics.md T5). Golden functions: tsu::GradRho2 (rho2_o) and
// tsu::LodFromRho2 of it (lambda_o).
//
//   (S) scale: u = dP * extent for normalized float coordinates (the base level's width, height,
//       depth, exact in f32), dP * 1.0 otherwise (exact: the product is the operand);
//   (Q) square: u * u;
//   (A) sum: (ux^2 + vx^2) + wx^2, left to right, per gradient;
//   (C) the larger sum (dPdx's when it is >= dPdy's, else dPdy's: a NaN picks dPdy's), registered;
//   (R) lambda = log2(sqrt(rho2)) in 8.8 (tsu_tex_rho).
//
// Axes past the geometry's count enter as +0: their square is +0 and adding +0 to a sum of
// squares (never -0) returns it unchanged (a NaN quieted, which it already is), so one datapath
// serves 1-D, 2-D and 3-D exactly as the model's shorter sums. Every f32 operation is one
// tsu_fp_mul / tsu_fp_add (T14). Beats 1: both gradients side by side (twelve multipliers, four
// adders), one request per cycle. Beats 2: dPdx and then dPdy through one gradient's datapath on
// consecutive cycles (six multipliers, two adders), a request every other cycle (the parent takes
// no .grad request in the cycle after one). Beats 6: one partial a cycle, dPdx's x, y, z then
// dPdy's, through one scale and one square multiplier (two multipliers, two adders: the first
// adds a gradient's x and y squares, the second that sum and the z square), a request every six
// cycles.
// Latency = 2 * tsu_fp_mul + 2 * tsu_fp_add + 2 + {0, 1, 4} = 26 / 27 / 30.
module tsu_tex_grad #(
  parameter int unsigned Beats = 1  // cycles per request (the II): 1, 2 or 6
) (
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
  // The scale per axis as given (element a in [32a +: 32]) instead of from scale_i and the
  // extents: for gradients already on a level's face, a cube's quotients scaled by N/2
  // (tsu_tex_cube_grad Tail 0, with axes_i 2).
  input  logic               sz_sel_i,
  input  logic [95:0]        sz_i,
  output logic               valid_o,
  output logic [31:0]        rho2_o,    // binary32
  output logic signed [15:0] lambda_o   // 8.8, before bias and clamp
);
  localparam int unsigned AddLat = tsu_hw_pkg::FP_ADD_LATENCY;
  localparam int unsigned MulLat = tsu_hw_pkg::FP_MUL_LATENCY;
  localparam int unsigned NG = Beats == 1 ? 2 : 1;  // gradient sums per cycle
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_grad_latency(Beats);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] One = 32'h3F80_0000;

  // ---- The operands: per gradient d its three components, and the three scales --------------------
  logic [95:0] r_g [2];  // dPdx, dPdy with the axes past the geometry's as +0
  logic [95:0] r_sz;     // the scale per axis
  always_comb begin
    for (int a = 0; a < 3; a++) begin
      r_g[0][32*a +: 32] = 2'(a) < axes_i ? dpdx_i[32*a +: 32] : 32'd0;
      r_g[1][32*a +: 32] = 2'(a) < axes_i ? dpdy_i[32*a +: 32] : 32'd0;
    end
    r_sz[31:0] = scale_i ? tsu_hw_pkg::extent_f32(width_i) : One;
    r_sz[63:32] = scale_i ? tsu_hw_pkg::extent_f32(height_i) : One;
    r_sz[95:64] = scale_i ? tsu_hw_pkg::extent_f32(depth_i) : One;
    if (sz_sel_i) r_sz = sz_i;
  end

  // ---- Beats: the gradients each beat carries -----------------------------------------------------
  logic        b_valid;
  logic [95:0] b_g [NG], b_sz;
  if (Beats == 1) begin : g_one_beat
    assign b_valid = valid_i;
    assign b_g[0] = r_g[0];
    assign b_g[1] = r_g[1];
    assign b_sz = r_sz;
  end else if (Beats == 2) begin : g_two_beats
    // dPdx's beat as the request arrives, dPdy's on the next cycle from a hold register.
    logic        second_q;
    logic [95:0] g_q, sz_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) second_q <= 1'b0;
      else second_q <= valid_i;
    end
    always_ff @(posedge clk_i) {g_q, sz_q} <= {r_g[1], r_sz};
    assign b_valid = valid_i || second_q;
    assign b_g[0] = second_q ? g_q : r_g[0];
    assign b_sz = second_q ? sz_q : r_sz;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni)
      a_interval: assert (!(valid_i && second_q))
      else $error("tsu_tex_grad: a request inside the interval (II 2)");
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_no_lanes  // Beats 6: the partials enter one a cycle below
    assign b_valid = 1'b0;
    assign b_g[0] = '0;
    assign b_sz = '0;
  end

  // ---- (S) and (Q): three products and three squares per gradient of the beat ----------------------
  localparam int unsigned NL = Beats == 6 ? 1 : 3 * NG;  // lanes k = 3d + a: gradient d, axis a
  logic [31:0]   u [NL], sq [NL];
  logic [NL-1:0] u_valid, sq_valid;
  logic [31:0]   s01 [NG], s [NG], z_d [NG];
  logic [NG-1:0] s01_valid, s_valid, z_valid;
  if (Beats <= 2) begin : g_lanes
  for (genvar k = 0; k < NL; k++) begin : g_term
    tsu_fp_mul u_scale (
      .clk_i, .rst_ni,
      .valid_i (b_valid),
      .a_i     (b_g[k / 3][32*(k % 3) +: 32]),
      .b_i     (b_sz[32*(k % 3) +: 32]),
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

  // ---- (A) the sums, left to right ------------------------------------------------------------------
  for (genvar d = 0; d < NG; d++) begin : g_dir
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
  end else begin : g_serial
    // Beats 6: partial k = 3d + a (gradient d, axis a) enters on the request's k-th cycle, the
    // first from the ports, the rest from a copy taken then; its index travels beside it.
    logic [2:0]  k_q;  // the next partial, 0 when idle
    logic [95:0] g_q [2], sz_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) k_q <= '0;
      else if (valid_i) k_q <= 3'd1;
      else if (k_q != '0) k_q <= k_q == 3'd5 ? 3'd0 : k_q + 3'd1;
    end
    always_ff @(posedge clk_i) if (valid_i) {g_q[0], g_q[1], sz_q} <= {r_g[0], r_g[1], r_sz};
    logic        e_valid;
    logic [2:0]  e_k;
    logic [1:0]  e_a;
    logic [31:0] e_g, e_sz;
    assign e_valid = valid_i || k_q != '0;
    assign e_k = valid_i ? 3'd0 : k_q;
    assign e_a = e_k >= 3'd3 ? 2'(e_k - 3'd3) : 2'(e_k);
    assign e_g = valid_i ? r_g[0][31:0] : g_q[e_k >= 3'd3 ? 1 : 0][32*e_a +: 32];
    assign e_sz = valid_i ? r_sz[31:0] : sz_q[32*e_a +: 32];
    tsu_fp_mul u_scale (
      .clk_i, .rst_ni, .valid_i(e_valid), .a_i(e_g), .b_i(e_sz),
      .valid_o(u_valid[0]), .result_o(u[0])
    );
    tsu_fp_mul u_square (
      .clk_i, .rst_ni, .valid_i(u_valid[0]), .a_i(u[0]), .b_i(u[0]),
      .valid_o(sq_valid[0]), .result_o(sq[0])
    );
    logic       k_valid;
    logic [1:0] sq_a;  // the square's axis
    tsu_delay #(.Width(2), .Depth(2 * MulLat)) u_axis (
      .clk_i, .rst_ni, .valid_i(e_valid), .data_i(e_a), .valid_o(k_valid), .data_o(sq_a)
    );
    // (A) x^2 + y^2 when y's square arrives (x's held a cycle), then + z^2 (z's delayed to meet it).
    logic [31:0] x_sq_q;
    always_ff @(posedge clk_i) if (sq_valid[0] && sq_a == 2'd0) x_sq_q <= sq[0];
    tsu_fp_add u_add01 (
      .clk_i, .rst_ni, .valid_i(sq_valid[0] && sq_a == 2'd1), .a_i(x_sq_q), .b_i(sq[0]),
      .sub_i(1'b0), .valid_o(s01_valid[0]), .result_o(s01[0])
    );
    tsu_delay #(.Width(32), .Depth(AddLat - 1)) u_z (
      .clk_i, .rst_ni, .valid_i(sq_valid[0] && sq_a == 2'd2), .data_i(sq[0]),
      .valid_o(z_valid[0]), .data_o(z_d[0])
    );
    tsu_fp_add u_add2 (
      .clk_i, .rst_ni, .valid_i(s01_valid[0]), .a_i(s01[0]), .b_i(z_d[0]), .sub_i(1'b0),
      .valid_o(s_valid[0]), .result_o(s[0])
    );
    logic unused_serial;
    assign unused_serial = ^{k_valid, b_valid, b_g[0], b_sz};
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni)
      a_interval: assert (!(valid_i && k_q != '0))
      else $error("tsu_tex_grad: a request inside the interval (II 6)");
    always @(posedge clk_i) if (rst_ni)
      a_meet: assert (s01_valid[0] == z_valid[0])
      else $error("tsu_tex_grad: a gradient's z square missed its x + y sum");
    /* verilator lint_on SYNCASYNCNET */
`endif
  end

  // ---- (C) the larger sum ----------------------------------------------------------------------------
  // dPdx's sum against dPdy's: side by side, or (Beats 2) the first beat's sum held for the
  // second's. Beats come in pairs, so a phase bit that flips with every sum tells them apart.
  logic        c_valid_q, pick_x, c_ready;
  logic [31:0] c_rho2_q, c_x, c_y;
  if (Beats == 1) begin : g_pair
    assign {c_ready, c_x, c_y} = {s_valid[0], s[0], s[NG - 1]};
  end else begin : g_held
    logic        phase_q;
    logic [31:0] x_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) phase_q <= 1'b0;
      else if (s_valid[0]) phase_q <= !phase_q;
    end
    always_ff @(posedge clk_i) if (s_valid[0] && !phase_q) x_q <= s[0];
    assign {c_ready, c_x, c_y} = {s_valid[0] && phase_q, x_q, s[0]};
  end
  assign pick_x = tsu_hw_pkg::f32_ge(c_x, c_y);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) c_valid_q <= 1'b0;
    else c_valid_q <= c_ready;
  end
  always_ff @(posedge clk_i) c_rho2_q <= pick_x ? c_x : c_y;

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
  assign unused_valid = ^{u_valid, sq_valid, s01_valid, s_valid, z_valid};

`ifndef SYNTHESIS
  if (!(Beats == 1 || Beats == 2 || Beats == 6)) begin : g_bad_beats
    $error("tsu_tex_grad: Beats 1, 2 or 6");
  end
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_axes: assert (axes_i != 2'd0);
  c_one_axis: cover property (@(posedge clk_i) valid_i && axes_i == 2'd1);
  c_three_axes: cover property (@(posedge clk_i) valid_i && axes_i == 2'd3);
  c_unscaled: cover property (@(posedge clk_i) valid_i && !scale_i);
  c_pick_dpdy: cover property (@(posedge clk_i) c_ready && !pick_x);
  c_pick_dpdx: cover property (@(posedge clk_i) c_ready && pick_x && c_x != c_y);
  c_nan_sum: cover property (@(posedge clk_i) s_valid[0] && s[0][30:23] == 8'hFF &&
                             s[0][22:0] != '0);
  c_inf_sum: cover property (@(posedge clk_i) s_valid[0] && s[0][30:0] == 31'h7F80_0000);
  c_zero_sum: cover property (@(posedge clk_i) s_valid[0] && s[0][30:0] == '0);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
