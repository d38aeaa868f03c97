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
//
// SharedAdd: both additions through one adder per lane: a + b of each beat goes in, and as each
// sum comes out (the adder's latency later) it goes straight back in with c, taking the adder
// that cycle. The same latency; II = Beats + the adder's latency (10 at Lanes 1), since a
// corner's sums hold the adder for its second Beats cycles. The one-tap engine's choice: its
// corners are three texel taps apart at least (six cycles at two texel beats), and seamless
// corners are a handful of taps per frame.
module tsu_tex_corner #(
  parameter int unsigned Lanes = 4,
  parameter bit          SharedAdd = 1'b0
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
  localparam int unsigned Interval /*verilator public*/ =
      tsu_hw_pkg::tex_corner_interval(Lanes, SharedAdd);
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
    always @(posedge clk_i) if (rst_ni && valid_i)
      a_interval: assert (beat_q == 2'd0)
        else $error("tsu_tex_corner: a corner inside the interval (II %0d)", Beats);
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
  logic             add_second;   // SharedAdd: the adders' outputs are second sums (abc)
  logic             feed_second;  // SharedAdd: first sums come out and go back in with c
  if (SharedAdd) begin : g_shared_pass
    /* verilator lint_off UNUSEDSIGNAL */
    logic nc_pass_valid, nc_ab_valid;  // the lanes' first sums come out together: lane 0 says
    assign nc_ab_valid = ^ab_valid;
    /* verilator lint_on UNUSEDSIGNAL */
    // A first sum coming out takes the adder this cycle (never a beat of a new corner as well:
    // Interval).
    assign feed_second = ab_valid[0];
    tsu_delay #(.Width(1), .Depth(AddLatency)) u_pass (
      .clk_i, .rst_ni, .valid_i(in_valid || feed_second), .data_i(feed_second),
      .valid_o(nc_pass_valid), .data_o(add_second)
    );
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni)
      a_adder_free: assert (!(in_valid && feed_second))
        else $error("tsu_tex_corner: a beat met a returning sum");
    c_second_sum: cover property (@(posedge clk_i) feed_second);
    /* verilator lint_on SYNCASYNCNET */
    // The interval, counted: an input at most every Interval cycles.
    logic [$clog2(Interval)-1:0] gap_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) gap_q <= '0;
      else if (valid_i) gap_q <= $bits(gap_q)'(Interval - 1);
      else if (gap_q != '0) gap_q <= gap_q - 1'b1;
    end
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && valid_i)
      a_shared_interval: assert (gap_q == '0)
        else $error("tsu_tex_corner: a corner inside the interval (II %0d)", Interval);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_two_adds
    assign add_second = 1'b0;
    assign feed_second = 1'b0;
    logic unused_shared;
    assign unused_shared = ^{add_second, feed_second};
  end
  for (genvar k = 0; k < Lanes; k++) begin : g_lane
    if (SharedAdd) begin : g_shared
      logic        add_valid;
      logic [31:0] add_res;
      tsu_fp_add u_add (
        .clk_i, .rst_ni, .valid_i(in_valid || feed_second),
        .a_i(feed_second ? ab[k] : in_a[32*k +: 32]),
        .b_i(feed_second ? c_d[32*k +: 32] : in_b[32*k +: 32]), .sub_i(1'b0),
        .valid_o(add_valid), .result_o(add_res)
      );
      assign ab_valid[k] = add_valid && !add_second;
      assign abc_valid[k] = add_valid && add_second;
      assign ab[k] = add_res;
      assign abc[k] = add_res;
    end else begin : g_two
      tsu_fp_add u_ab (
        .clk_i, .rst_ni, .valid_i(in_valid), .a_i(in_a[32*k +: 32]), .b_i(in_b[32*k +: 32]),
        .sub_i(1'b0), .valid_o(ab_valid[k]), .result_o(ab[k])
      );
      tsu_fp_add u_abc (
        .clk_i, .rst_ni, .valid_i(ab_valid[k]), .a_i(ab[k]), .b_i(c_d[32*k +: 32]), .sub_i(1'b0),
        .valid_o(abc_valid[k]), .result_o(abc[k])
      );
    end
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
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(Lanes == 1 || Lanes == 2 || Lanes == 4)) begin : g_bad_lanes
    $error("tsu_tex_corner: Lanes 1, 2 or 4");
  end
`endif
endmodule
