// tsu_tex_cube: cube-map face selection (docs/semantics.md T8). A direction (x, y, z) picks the
// face of its largest magnitude (z wins ties with y and x, y wins ties with x; a NaN component
// never wins; a sign bit of 0 picks the + face), and the face coordinates
//   s = (sc / |ma| + 1) * 0.5,  t = (tc / |ma| + 1) * 0.5
// with sc, tc from the face table, each operation one IEEE binary32 rounding with the NaN rule
// of T14: an exact divider (tsu_fp_div), then tsu_fp_add and tsu_fp_mul. Golden function:
// tsu::SelectCubeFace.
//
// Parts: (A) magnitudes, the major axis and the face table (RegIn after it), (Q) the two
// quotients, (S) + 1, (M) * 0.5. Latency = RegIn + the three units' latencies + (Beats - 1)
// (28 by default). Beats 1: s and t side by side (two dividers, adders and multipliers), one
// direction per cycle. Beats 2: s and then t through one divider, adder and multiplier on
// consecutive cycles, s held for t at the end, a direction every other cycle (the parent takes no
// cube request in the cycle after one). The face, sc, tc and |ma| also leave after (A),
// AxisLatency (= RegIn) cycles after the direction: the cube gradients (tsu_tex_cube_grad) start
// from them there, 27 cycles before s and t.
module tsu_tex_cube #(
  parameter bit          RegIn = 1'b1,
  parameter int unsigned DivStepsPerStage = 2,  // tsu_fp_div quotient bits per stage
  parameter int unsigned Beats = 1              // cycles per direction (the II): 1 or 2
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] x_i,
  input  logic [31:0] y_i,
  input  logic [31:0] z_i,
  output logic        valid_o,
  output logic [2:0]  face_o,   // 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z
  output logic [31:0] s_o,
  output logic [31:0] t_o,
  // After (A): the face and the face table's values (valid AxisLatency cycles after valid_i).
  output logic        axis_valid_o,
  output logic [2:0]  axis_face_o,
  output logic [31:0] axis_sc_o,
  output logic [31:0] axis_tc_o,
  output logic [31:0] axis_ma_o  // |major axis|
);
  localparam int unsigned DivLatency = tsu_hw_pkg::fp_div_latency(1'b1, DivStepsPerStage, 1'b1);
  localparam int unsigned AddLatency = tsu_hw_pkg::FP_ADD_LATENCY;
  localparam int unsigned MulLatency = tsu_hw_pkg::FP_MUL_LATENCY;
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::tex_cube_latency(RegIn, DivStepsPerStage, Beats);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  localparam int unsigned AxisLatency /*verilator public*/ = tsu_hw_pkg::tex_cube_axis_latency(RegIn);
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] One = 32'h3F80_0000;
  localparam logic [31:0] Half = 32'h3F00_0000;

  // ---- (A) the major axis and the face table -----------------------------------------------------
  logic        x_nan, y_nan, z_nan, z_wins, y_wins;
  logic [2:0]  face;
  logic [31:0] sc, tc, ma;
  assign x_nan = x_i[30:23] == 8'hFF && x_i[22:0] != '0;
  assign y_nan = y_i[30:23] == 8'hFF && y_i[22:0] != '0;
  assign z_nan = z_i[30:23] == 8'hFF && z_i[22:0] != '0;
  // Magnitudes compare as integers (bits 30:0) when neither is a NaN; a NaN compares false.
  assign z_wins = !z_nan && !y_nan && !x_nan && z_i[30:0] >= y_i[30:0] && z_i[30:0] >= x_i[30:0];
  assign y_wins = !z_wins && !y_nan && !x_nan && y_i[30:0] >= x_i[30:0];
  always_comb begin
    if (z_wins) begin
      face = z_i[31] ? 3'd5 : 3'd4;
    end else if (y_wins) begin
      face = y_i[31] ? 3'd3 : 3'd2;
    end else begin
      face = x_i[31] ? 3'd1 : 3'd0;
    end
    {sc, tc} = tsu_hw_pkg::cube_face_sc_tc(face, x_i, y_i, z_i);
    ma = {1'b0, (face[2] ? z_i[30:0] : face[1] ? y_i[30:0] : x_i[30:0])};
  end

  logic        a_valid;
  logic [2:0]  a_face;
  logic [31:0] a_sc, a_tc, a_ma;
  tsu_pipe_reg #(.Width(3 + 96), .Enable(RegIn)) u_in (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({face, sc, tc, ma}),
    .valid_o(a_valid),
    .data_o ({a_face, a_sc, a_tc, a_ma})
  );

  // ---- (Q), (S), (M): s and t side by side, or (Beats 2) s then t through one lane -----------------
  logic        q_valid, p_valid, m_valid;
  logic [31:0] q_s, p_s, m_s;
  logic        b_valid;     // a beat enters the lane
  logic [31:0] b_num, b_ma; // its numerator (sc or tc) and |ma|
  if (Beats == 1) begin : g_one_beat
    assign {b_valid, b_num, b_ma} = {a_valid, a_sc, a_ma};
  end else begin : g_two_beats
    // s's beat as the direction arrives, t's on the next cycle from a hold register.
    logic        second_q;
    logic [31:0] tc_q, ma_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) second_q <= 1'b0;
      else second_q <= a_valid;
    end
    always_ff @(posedge clk_i) {tc_q, ma_q} <= {a_tc, a_ma};
    assign b_valid = a_valid || second_q;
    assign b_num = second_q ? tc_q : a_sc;
    assign b_ma = second_q ? ma_q : a_ma;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni)
      a_interval: assert (!(a_valid && second_q))
      else $error("tsu_tex_cube: a direction inside the interval (II 2)");
    /* verilator lint_on SYNCASYNCNET */
`endif
  end
  tsu_fp_div #(.StepsPerStage(DivStepsPerStage)) u_div_s (
    .clk_i, .rst_ni, .valid_i(b_valid), .a_i(b_num), .b_i(b_ma), .valid_o(q_valid), .result_o(q_s)
  );
  tsu_fp_add u_add_s (
    .clk_i, .rst_ni, .valid_i(q_valid), .a_i(q_s), .b_i(One), .sub_i(1'b0), .valid_o(p_valid),
    .result_o(p_s)
  );
  tsu_fp_mul u_mul_s (
    .clk_i, .rst_ni, .valid_i(p_valid), .a_i(p_s), .b_i(Half), .valid_o(m_valid), .result_o(m_s)
  );
  logic m_valid_t;
  if (Beats == 1) begin : g_t_lane
    logic        q_valid_t, p_valid_t;
    logic [31:0] q_t, p_t;
    tsu_fp_div #(.StepsPerStage(DivStepsPerStage)) u_div_t (
      .clk_i, .rst_ni, .valid_i(a_valid), .a_i(a_tc), .b_i(a_ma), .valid_o(q_valid_t),
      .result_o(q_t)
    );
    tsu_fp_add u_add_t (
      .clk_i, .rst_ni, .valid_i(q_valid), .a_i(q_t), .b_i(One), .sub_i(1'b0), .valid_o(p_valid_t),
      .result_o(p_t)
    );
    tsu_fp_mul u_mul_t (
      .clk_i, .rst_ni, .valid_i(p_valid), .a_i(p_t), .b_i(Half), .valid_o(m_valid_t),
      .result_o(t_o)
    );
    assign {valid_o, s_o} = {m_valid, m_s};
    logic unused_t;  // the t lane moves with the s lane
    assign unused_t = ^{q_valid_t, p_valid_t};
  end else begin : g_t_beat
    // Results come in pairs, s then t: a phase bit that flips with each tells them apart.
    logic        phase_q;
    logic [31:0] s_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) phase_q <= 1'b0;
      else if (m_valid) phase_q <= !phase_q;
    end
    always_ff @(posedge clk_i) if (m_valid && !phase_q) s_q <= m_s;
    assign {valid_o, s_o, t_o} = {m_valid && phase_q, s_q, m_s};
    assign m_valid_t = valid_o;
  end
  assign {axis_valid_o, axis_face_o, axis_sc_o, axis_tc_o, axis_ma_o} =
      {a_valid, a_face, a_sc, a_tc, a_ma};
  // The face waits beside the arithmetic.
  logic side_valid;
  tsu_delay #(.Width(3), .Depth(DivLatency + AddLatency + MulLatency + Beats - 1)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid),
    .data_i (a_face),
    .valid_o(side_valid),
    .data_o (face_o)
  );
  logic unused_valid;  // the delay line moves with the s lane
  assign unused_valid = ^{side_valid};

`ifndef SYNTHESIS
  initial assert (Beats == 1 || Beats == 2) else $fatal(1, "tsu_tex_cube: Beats 1 or 2");
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni)
    a_lanes_aligned: assert (valid_o == side_valid && valid_o == m_valid_t);
  /* verilator lint_on SYNCASYNCNET */
  c_cube_tie_zy: cover property (@(posedge clk_i) valid_i && z_wins && z_i[30:0] == y_i[30:0]);
  c_cube_tie_yx: cover property (@(posedge clk_i) valid_i && y_wins && y_i[30:0] == x_i[30:0]);
  c_cube_nan: cover property (@(posedge clk_i) valid_i && (x_nan || y_nan || z_nan));
  for (genvar f = 0; f < 6; f++) begin : g_face_cover
    c_cube_face: cover property (@(posedge clk_i) valid_i && face == 3'(f));
  end
`endif
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(Beats == 1 || Beats == 2)) begin : g_bad_beats
    $error("tsu_tex_cube: Beats 1 or 2");
  end
`endif
endmodule
