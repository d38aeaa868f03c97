// tsu_tex_corner: the seamless cube filter's corner tap (docs/semantics.md T8): per channel,
// ((a + b) + c) x 0x3EAAAAAB (1/3 to nearest), where a is the face's corner texel and b, c its
// neighbours across the two edges, each operation one binary32 rounding with the NaN rule of T14
// (tsu_fp_add twice, tsu_fp_mul). Golden function: tsu::CubeCornerMean per channel. A multiplier by
// the nearest third, not a divider: the product's one extra rounding is within Vulkan's precision
// for the average and costs a fraction of an exact division.
//
// Lanes (4, 2 or 1) channels go through the arithmetic per cycle, so a corner takes
// Beats = 4 / Lanes cycles of it: II = Beats (Interval), Latency = 18 + Beats - 1. Corners are
// rare, and in the sampling engine two corner taps are at least three texel cycles apart (each
// reads three texels), so the engine runs it at Lanes = 2 (II 2): half the adders and multipliers
// of Lanes = 4, with no stall. A corner arriving before the previous one has gone in is an
// assertion failure.
module tsu_tex_corner #(
  parameter int unsigned Lanes = 4
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         valid_i,
  input  logic [127:0] a_i,     // channel k in [32k +: 32]
  input  logic [127:0] b_i,
  input  logic [127:0] c_i,
  output logic         valid_o,
  output logic [127:0] mean_o
);
  localparam int unsigned AddLatency = tsu_hw_pkg::FP_ADD_LATENCY;
  localparam int unsigned Beats = 4 / Lanes;
  localparam int unsigned LaneW = 32 * Lanes;
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_corner_latency(Lanes);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] Third = 32'h3EAA_AAAB;

  // ---- Beats in: the first from the inputs, the others from registers holding the corner -------
  logic             in_valid;
  logic [LaneW-1:0] in_a, in_b, in_c;
  if (Beats == 1) begin : g_one_beat
    assign in_valid = valid_i;
    assign in_a = a_i;
    assign in_b = b_i;
    assign in_c = c_i;
  end else begin : g_beats
    logic [1:0]   beat_q;  // the next beat to feed; 0 when idle
    logic [127:0] a_q, b_q, c_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) beat_q <= 2'd0;
      else if (valid_i || beat_q != 2'd0) beat_q <= 32'(beat_q) == Beats - 1 ? 2'd0 : beat_q + 2'd1;
    end
    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        a_q <= a_i;
        b_q <= b_i;
        c_q <= c_i;
      end
    end
    assign in_valid = valid_i || beat_q != 2'd0;
    always_comb begin
      if (beat_q == 2'd0) begin
        in_a = a_i[LaneW-1:0];
        in_b = b_i[LaneW-1:0];
        in_c = c_i[LaneW-1:0];
      end else begin
        in_a = a_q[LaneW * 32'(beat_q) +: LaneW];
        in_b = b_q[LaneW * 32'(beat_q) +: LaneW];
        in_c = c_q[LaneW * 32'(beat_q) +: LaneW];
      end
    end
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    a_interval: assert property (@(posedge clk_i) disable iff (!rst_ni)
      valid_i |-> beat_q == 2'd0) else $error("tsu_tex_corner: a corner inside the interval (II %0d)", Beats);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end

  // ---- The lanes: (a + b) + c, times the third ---------------------------------------------------
  // c waits beside the first addition.
  logic [LaneW-1:0] c_d;
  /* verilator lint_off UNUSEDSIGNAL */
  logic             nc_c_valid;
  /* verilator lint_on UNUSEDSIGNAL */
  tsu_delay #(.Width(LaneW), .Depth(AddLatency)) u_c_side (
    .clk_i, .rst_ni, .valid_i(in_valid), .data_i(in_c), .valid_o(nc_c_valid), .data_o(c_d)
  );
  logic [Lanes-1:0] ab_valid, abc_valid, m_valid;
  logic [31:0]      ab [Lanes];
  logic [31:0]      abc [Lanes];
  logic [LaneW-1:0] m;
  for (genvar k = 0; k < Lanes; k++) begin : g_lane
    tsu_fp_add u_ab (
      .clk_i, .rst_ni, .valid_i(in_valid), .a_i(in_a[32*k +: 32]), .b_i(in_b[32*k +: 32]),
      .sub_i(1'b0), .valid_o(ab_valid[k]), .result_o(ab[k])
    );
    tsu_fp_add u_abc (
      .clk_i, .rst_ni, .valid_i(ab_valid[k]), .a_i(ab[k]), .b_i(c_d[32*k +: 32]), .sub_i(1'b0),
      .valid_o(abc_valid[k]), .result_o(abc[k])
    );
    tsu_fp_mul u_third (
      .clk_i, .rst_ni, .valid_i(abc_valid[k]), .a_i(abc[k]), .b_i(Third),
      .valid_o(m_valid[k]), .result_o(m[32*k +: 32])
    );
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Lanes-1:0] nc_m_valid;
  assign nc_m_valid = m_valid;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- Beats out: earlier channel groups wait in a register for the last ------------------------
  if (Beats == 1) begin : g_one_out
    assign valid_o = m_valid[0];
    assign mean_o = m;
  end else begin : g_out
    logic [1:0]           obeat_q;
    logic [128-LaneW-1:0] low_q;  // the channel groups before the last
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) obeat_q <= 2'd0;
      else if (m_valid[0]) obeat_q <= 32'(obeat_q) == Beats - 1 ? 2'd0 : obeat_q + 2'd1;
    end
    always_ff @(posedge clk_i) begin
      for (int g = 0; g < Beats - 1; g++) begin
        if (m_valid[0] && 32'(obeat_q) == g) low_q[LaneW*g +: LaneW] <= m;
      end
    end
    assign valid_o = m_valid[0] && 32'(obeat_q) == Beats - 1;
    assign mean_o = {m, low_q};
  end
endmodule
