// tsu_tex_cube_grad: the level of detail of a .grad request on a cube or cube-array texture
// (docs/semantics.md T5), from its face selection (tsu_tex_cube's face, sc, tc and |ma|) and the
// two gradients of its direction. Golden functions: tsu::CubeGradRho2 (rho2_o) and
// tsu::LodFromRho2 of it (lambda_o).
//
// Per gradient g (dPdx, dPdy), the quotient rule on the face projection, scaled by N/2:
//   (F) the face table applied to g (dsc, dtc: sign flips, tsu_hw_pkg::cube_face_sc_tc) and the
//       major axis's signed partial dma, N/2 from the width (RegIn after it);
//   (M) dsc * ma, sc * dma, dtc * ma, tc * dma, and ma * ma once;
//   (N) dsc * ma - sc * dma, dtc * ma - tc * dma;
//   (Q) over ma * ma (tsu_fp_div, exact);
//   (H) times N/2;   (S) squared;   (A) u * u + v * v;
//   (C) the larger sum (dPdx's when it is >= dPdy's, else dPdy's), registered;
//   (R) lambda = log2(sqrt(rho2)) in 8.8 (tsu_tex_rho).
// Every f32 operation is one tsu_fp_mul / tsu_fp_add / tsu_fp_div with the NaN rule of T14, in
// the model's order. Beats 1: both gradients side by side (17 multipliers, 6 adders, 4
// dividers), one request per cycle. Beats 2: dPdx and then dPdy through one gradient's
// datapath on consecutive cycles (9 multipliers, 3 adders, 2 dividers), a request every other
// cycle: cube gradients are one request form among many, and the dividers dominate the area.
// Beats 4 (Tail 0 only): one quotient a cycle, dPdx's s and t, then dPdy's (3 multipliers, 1
// adder, 1 divider), a request every fourth cycle.
// Latency = RegIn + 3 * tsu_fp_mul + 2 * tsu_fp_add + tsu_fp_div + 2 + (Beats - 1) = 48 / 49.
//
// Tail 0 stops after (Q): the four quotients of a request (dPdx's s and t, then dPdy's) and N/2
// leave together on quot_valid_o, for tsu_tex_grad's datapath to finish as it does a non-cube
// .grad (its scale by N/2, squares, sums, the larger and lambda: the same operations in the same
// order, the third axis +0). Latency then RegIn + tsu_fp_mul + tsu_fp_add + tsu_fp_div +
// (Beats - 1) = 28 / 29 / 31; valid_o stays low.
module tsu_tex_cube_grad #(
  parameter bit          RegIn = 1'b1,
  parameter int unsigned Beats = 1,  // cycles per request (the II): 1, 2 or (Tail 0) 4
  parameter int unsigned DivStepsPerStage = 2,  // tsu_fp_div quotient bits per stage
  parameter bit          Tail = 1'b1  // (H) to (R) here; 0: the quotients leave (quot_o)
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               valid_i,
  input  logic [2:0]         face_i,    // 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z
  input  logic [31:0]        sc_i,      // the direction's face coordinates (tsu_tex_cube)
  input  logic [31:0]        tc_i,
  input  logic [31:0]        ma_i,      // |major axis|
  input  logic [95:0]        dpdx_i,    // element a in [32a +: 32], f32
  input  logic [95:0]        dpdy_i,
  input  logic [16:0]        width_i,   // the base level's face size N (1 .. 2^17 - 1)
  output logic               valid_o,
  output logic [31:0]        rho2_o,    // binary32
  output logic signed [15:0] lambda_o,  // 8.8, before bias and clamp
  // Tail 0: a request's quotients, lane k = 2d + c (gradient d, 0 s 1 t) in [32k +: 32], and N/2.
  output logic               quot_valid_o,
  output logic [127:0]       quot_o,
  output logic [31:0]        hn_o
);
  localparam int unsigned MulLat = tsu_hw_pkg::FP_MUL_LATENCY;
  localparam int unsigned AddLat = tsu_hw_pkg::FP_ADD_LATENCY;
  localparam int unsigned DivLat = tsu_hw_pkg::fp_div_latency(1'b1, DivStepsPerStage, 1'b1);
  localparam int unsigned NL = 4 / Beats;  // quotients per beat: lanes k = 2d + c (gradient d,
                                           // coordinate c: 0 s, 1 t), lanes b*NL.. at beat b
  localparam int unsigned NG = NL / 2;     // whole gradients per beat (Tail: Beats 1 or 2)
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = Tail ?
      tsu_hw_pkg::tex_cube_grad_latency(RegIn, Beats, DivStepsPerStage) :
      tsu_hw_pkg::tex_cube_quot_latency(RegIn, Beats, DivStepsPerStage);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  /* verilator lint_on UNUSEDPARAM */

  // ---- (F) the face table on both gradients, N/2 ------------------------------------------------
  // Operands per gradient d: dsc, dtc, dma; shared: sc, tc, ma, N/2.
  logic [31:0] f_dsc [2], f_dtc [2], f_dma [2], f_hn;
  always_comb begin
    for (int d = 0; d < 2; d++) begin
      logic [95:0] g;
      logic [31:0] g_major;
      g = d == 0 ? dpdx_i : dpdy_i;
      {f_dsc[d], f_dtc[d]} = tsu_hw_pkg::cube_face_sc_tc(face_i, g[31:0], g[63:32], g[95:64]);
      g_major = face_i[2] ? g[95:64] : face_i[1] ? g[63:32] : g[31:0];
      f_dma[d] = {g_major[31] ^ face_i[0], g_major[30:0]};  // a - face: d(-m) = -dm
    end
    // N / 2: the width as binary32 (exact), its exponent one less (N >= 1: never subnormal).
    f_hn = tsu_hw_pkg::extent_f32(width_i) - 32'h0080_0000;
  end

  logic        r_valid;
  logic [31:0] r_dsc [2], r_dtc [2], r_dma [2], r_hn, r_sc, r_tc, r_ma;
  tsu_pipe_reg #(.Width(32 * 10), .Enable(RegIn)) u_in (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({f_dsc[0], f_dtc[0], f_dma[0], f_dsc[1], f_dtc[1], f_dma[1], f_hn, sc_i, tc_i, ma_i}),
    .valid_o(r_valid),
    .data_o ({r_dsc[0], r_dtc[0], r_dma[0], r_dsc[1], r_dtc[1], r_dma[1], r_hn, r_sc, r_tc, r_ma})
  );

  // ---- Beats: the quotients each beat carries ---------------------------------------------------
  // Beat b computes lanes b * NL .. b * NL + NL - 1. The request's operands, as it arrives (beat
  // 0) or held for the later beats.
  logic        b_valid;
  logic [1:0]  b_beat;
  logic [31:0] b_dsc [2], b_dtc [2], b_dma [2], b_hn, b_sc, b_tc, b_ma;
  if (Beats == 1) begin : g_one_beat
    assign b_valid = r_valid;
    assign b_beat = 2'd0;
    assign {b_dsc[0], b_dtc[0], b_dma[0], b_dsc[1], b_dtc[1], b_dma[1]} =
        {r_dsc[0], r_dtc[0], r_dma[0], r_dsc[1], r_dtc[1], r_dma[1]};
    assign {b_hn, b_sc, b_tc, b_ma} = {r_hn, r_sc, r_tc, r_ma};
  end else begin : g_beats
    logic [1:0]  beat_q;  // the next beat of a request whose first went in (0: none pending)
    logic [31:0] dsc_q [2], dtc_q [2], dma_q [2], hn_q, sc_q, tc_q, ma_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) beat_q <= 2'd0;
      else if (r_valid || beat_q != 2'd0) beat_q <= 32'(beat_q) == Beats - 1 ? 2'd0 : beat_q + 2'd1;
    end
    always_ff @(posedge clk_i) begin
      if (r_valid) begin
        {dsc_q[0], dtc_q[0], dma_q[0], dsc_q[1], dtc_q[1], dma_q[1]} <=
            {r_dsc[0], r_dtc[0], r_dma[0], r_dsc[1], r_dtc[1], r_dma[1]};
        {hn_q, sc_q, tc_q, ma_q} <= {r_hn, r_sc, r_tc, r_ma};
      end
    end
    assign b_valid = r_valid || beat_q != 2'd0;
    assign b_beat = beat_q;
    always_comb begin
      if (beat_q == 2'd0) begin
        {b_dsc[0], b_dtc[0], b_dma[0], b_dsc[1], b_dtc[1], b_dma[1]} =
            {r_dsc[0], r_dtc[0], r_dma[0], r_dsc[1], r_dtc[1], r_dma[1]};
        {b_hn, b_sc, b_tc, b_ma} = {r_hn, r_sc, r_tc, r_ma};
      end else begin
        {b_dsc[0], b_dtc[0], b_dma[0], b_dsc[1], b_dtc[1], b_dma[1]} =
            {dsc_q[0], dtc_q[0], dma_q[0], dsc_q[1], dtc_q[1], dma_q[1]};
        {b_hn, b_sc, b_tc, b_ma} = {hn_q, sc_q, tc_q, ma_q};
      end
    end
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni)
      a_interval: assert (!(r_valid && beat_q != 2'd0))
      else $error("tsu_tex_cube_grad: a request inside the interval (II %0d)", Beats);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end
  // Lane l of the beat: gradient d, coordinate c (constant per lane but at Beats 4).
  logic [31:0] l_dx [NL], l_x [NL], l_dma [NL];  // dsc or dtc, sc or tc, dma
  always_comb begin
    for (int l = 0; l < NL; l++) begin
      l_dx[l] = b_dsc[0];
      l_x[l] = b_sc;
      l_dma[l] = b_dma[0];
      for (int k = 0; k < 4; k++) begin
        if (32'(b_beat) * NL + l == k) begin
          l_dx[l] = k % 2 == 0 ? b_dsc[k / 2] : b_dtc[k / 2];
          l_x[l] = k % 2 == 0 ? b_sc : b_tc;
          l_dma[l] = b_dma[k / 2];
        end
      end
    end
  end

  // ---- (M) the products, ma * ma ------------------------------------------------------------------
  logic        m_valid;
  logic [31:0] m_den;
  tsu_fp_mul u_den (
    .clk_i, .rst_ni, .valid_i(b_valid), .a_i(b_ma), .b_i(b_ma), .valid_o(m_valid), .result_o(m_den)
  );
  logic [31:0]   m_dx [NL], m_x [NL];  // dsc * ma, sc * dma (or the t pair) per lane
  logic [NL-1:0] m_dx_valid, m_x_valid;
  for (genvar k = 0; k < NL; k++) begin : g_prod
    tsu_fp_mul u_dx (
      .clk_i, .rst_ni, .valid_i(b_valid),
      .a_i     (l_dx[k]),
      .b_i     (b_ma),
      .valid_o (m_dx_valid[k]),
      .result_o(m_dx[k])
    );
    tsu_fp_mul u_x (
      .clk_i, .rst_ni, .valid_i(b_valid),
      .a_i     (l_x[k]),
      .b_i     (l_dma[k]),
      .valid_o (m_x_valid[k]),
      .result_o(m_x[k])
    );
  end

  // ---- (N) the numerators; ma * ma and N/2 wait beside ---------------------------------------------
  logic [31:0]   n_num [NL], n_den, q_hn;
  logic [NL-1:0] n_valid;
  logic          n_den_valid, q_hn_valid;
  for (genvar k = 0; k < NL; k++) begin : g_num
    tsu_fp_add u_sub (
      .clk_i, .rst_ni, .valid_i(m_valid), .a_i(m_dx[k]), .b_i(m_x[k]), .sub_i(1'b1),
      .valid_o(n_valid[k]), .result_o(n_num[k])
    );
  end
  tsu_delay #(.Width(32), .Depth(AddLat)) u_den_wait (
    .clk_i, .rst_ni, .valid_i(m_valid), .data_i(m_den), .valid_o(n_den_valid), .data_o(n_den)
  );
  tsu_delay #(.Width(32), .Depth(MulLat + AddLat + DivLat)) u_hn_wait (
    .clk_i, .rst_ni, .valid_i(b_valid), .data_i(b_hn), .valid_o(q_hn_valid), .data_o(q_hn)
  );

  // ---- (Q) the quotient per lane ------------------------------------------------------------------
  logic [31:0]   q_quo [NL];
  logic [NL-1:0] q_valid;
  for (genvar k = 0; k < NL; k++) begin : g_lane
    tsu_fp_div #(.StepsPerStage(DivStepsPerStage)) u_div (
      .clk_i, .rst_ni, .valid_i(n_valid[k]), .a_i(n_num[k]), .b_i(n_den), .valid_o(q_valid[k]),
      .result_o(q_quo[k])
    );
  end

  if (Tail) begin : g_tail
    logic [NL-1:0] h_valid, s_valid;
    logic [NG-1:0] a_valid;
    logic [31:0]   a_sum [NG];
    logic          c_ready, pick_x;
    logic [31:0]   c_x, c_y;
    // ---- (H), (S): scale, square per lane ---------------------------------------------------------
    logic [31:0] h_u [NL], s_sq [NL];
    for (genvar k = 0; k < NL; k++) begin : g_lane_tail
      tsu_fp_mul u_scale (
        .clk_i, .rst_ni, .valid_i(q_valid[k]), .a_i(q_quo[k]), .b_i(q_hn), .valid_o(h_valid[k]),
        .result_o(h_u[k])
      );
      tsu_fp_mul u_square (
        .clk_i, .rst_ni, .valid_i(h_valid[k]), .a_i(h_u[k]), .b_i(h_u[k]), .valid_o(s_valid[k]),
        .result_o(s_sq[k])
      );
    end

    // ---- (A) u * u + v * v per gradient -------------------------------------------------------------
    for (genvar d = 0; d < NG; d++) begin : g_sum
      tsu_fp_add u_add (
        .clk_i, .rst_ni, .valid_i(s_valid[2 * d]), .a_i(s_sq[2 * d]), .b_i(s_sq[2 * d + 1]),
        .sub_i(1'b0), .valid_o(a_valid[d]), .result_o(a_sum[d])
      );
    end

    // ---- (C) the larger sum, (R) lambda ------------------------------------------------------------
    // dPdx's sum against dPdy's: side by side, or (Beats 2) the first beat's sum held for the
    // second's. Beats come in pairs, so a phase bit that flips with every sum tells them apart.
    logic        c_valid_q;
    logic [31:0] c_rho2_q;
    if (Beats == 1) begin : g_pair
      assign {c_ready, c_x, c_y} = {a_valid[0], a_sum[0], a_sum[1]};
    end else begin : g_held
      logic        phase_q;
      logic [31:0] x_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) phase_q <= 1'b0;
        else if (a_valid[0]) phase_q <= !phase_q;
      end
      always_ff @(posedge clk_i) if (a_valid[0] && !phase_q) x_q <= a_sum[0];
      assign {c_ready, c_x, c_y} = {a_valid[0] && phase_q, x_q, a_sum[0]};
    end
    assign pick_x = tsu_hw_pkg::f32_ge(c_x, c_y);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) c_valid_q <= 1'b0;
      else c_valid_q <= c_ready;
    end
    always_ff @(posedge clk_i) c_rho2_q <= pick_x ? c_x : c_y;

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
    assign {quot_valid_o, quot_o, hn_o} = '0;
    // Valids that travel in lock step with the ones used.
    logic unused_tail;
    assign unused_tail = ^{h_valid, s_valid, a_valid};
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    c_pick_dpdy: cover property (@(posedge clk_i) c_ready && !pick_x);
    c_pick_dpdx: cover property (@(posedge clk_i) c_ready && pick_x && c_x != c_y);
    c_nan_sum: cover property (@(posedge clk_i) a_valid[0] && a_sum[0][30:23] == 8'hFF &&
                               a_sum[0][22:0] != '0);
    c_inf_sum: cover property (@(posedge clk_i) a_valid[0] && a_sum[0][30:0] == 31'h7F80_0000);
    c_zero_sum: cover property (@(posedge clk_i) a_valid[0] && a_sum[0][30:0] == '0);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_quot
    // ---- The quotients out: all four side by side, or (Beats 2, 4) the earlier beats' held for
    // the last's. Beats come in groups of Beats, so a phase that counts them tells them apart.
    // (tsu_tex_grad's cover points see its sums and their compare.)
    if (Beats == 1) begin : g_pair
      assign quot_valid_o = q_valid[0];
      assign quot_o = {q_quo[3], q_quo[2], q_quo[1], q_quo[0]};
    end else begin : g_held
      logic [1:0]   phase_q;
      logic [127:0] x_q;  // lanes of the earlier beats, lane k in [32k +: 32]
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) phase_q <= 2'd0;
        else if (q_valid[0]) phase_q <= 32'(phase_q) == Beats - 1 ? 2'd0 : phase_q + 2'd1;
      end
      always_ff @(posedge clk_i) begin
        for (int p = 0; p < Beats - 1; p++) begin
          for (int l = 0; l < NL; l++) begin
            if (q_valid[0] && 32'(phase_q) == p) x_q[32 * (p * NL + l) +: 32] <= q_quo[l];
          end
        end
      end
      always_comb begin
        quot_o = x_q;
        for (int l = 0; l < NL; l++) quot_o[32 * ((Beats - 1) * NL + l) +: 32] = q_quo[l];
      end
      assign quot_valid_o = q_valid[0] && 32'(phase_q) == Beats - 1;
    end
    assign hn_o = q_hn;
    assign {valid_o, rho2_o, lambda_o} = '0;
  end

  // Valids that travel in lock step with the ones used.
  logic unused_valid;
  assign unused_valid = ^{m_dx_valid, m_x_valid, n_valid, n_den_valid, q_hn_valid, q_valid};

`ifndef SYNTHESIS
  if (!(Beats == 1 || Beats == 2 || (Beats == 4 && !Tail))) begin : g_bad_beats
    $error("tsu_tex_cube_grad: Beats 1 or 2, or 4 with Tail 0");
  end
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_face: assert (face_i <= 3'd5);
  always @(posedge clk_i) if (rst_ni)
    a_lanes_aligned: assert (n_valid[0] == n_den_valid && q_valid[0] == q_hn_valid);
  for (genvar f = 0; f < 6; f++) begin : g_face_cover
    c_face: cover property (@(posedge clk_i) valid_i && face_i == 3'(f));
  end
  c_zero_major: cover property (@(posedge clk_i) valid_i && ma_i[30:0] == '0);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
