// tsu_tex_corner: the seamless cube filter's corner tap (docs/semantics.md T8): per channel,
// ((a + b) + c) x 0x3EAAAAAB (1/3 to nearest), where a is the face's corner texel and b, c its
// neighbours across the two edges, each operation one binary32 rounding with the NaN rule of T14
// (tsu_fp_add twice, tsu_fp_mul). Golden function: tsu::CubeCornerMean per channel. A multiplier by
// the nearest third, not a divider: the product's one extra rounding is within Vulkan's precision
// for the average and costs a fraction of an exact division.
// Latency = 2 adds + 1 multiply (18), one corner (three texels) per cycle.
module tsu_tex_corner (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         valid_i,
  input  logic [127:0] a_i,     // channel k in [32k +: 32]
  input  logic [127:0] b_i,
  input  logic [127:0] c_i,
  output logic         valid_o,
  output logic [127:0] mean_o
);
  localparam int unsigned AddLatency = 6;  // tsu_fp_add with every register
  localparam int unsigned MulLatency = 6;  // tsu_fp_mul with every register
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 2 * AddLatency + MulLatency;
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] Third = 32'h3EAA_AAAB;

  // c waits beside the first addition.
  logic [127:0] c_d;
  /* verilator lint_off UNUSEDSIGNAL */
  logic         nc_c_valid;
  /* verilator lint_on UNUSEDSIGNAL */
  tsu_delay #(.Width(128), .Depth(AddLatency)) u_c_side (
    .clk_i, .rst_ni, .valid_i, .data_i(c_i), .valid_o(nc_c_valid), .data_o(c_d)
  );
  logic [3:0] ab_valid, abc_valid, m_valid;
  logic [31:0] ab [4];
  logic [31:0] abc [4];
  for (genvar k = 0; k < 4; k++) begin : g_lane
    tsu_fp_add u_ab (
      .clk_i, .rst_ni, .valid_i, .a_i(a_i[32*k +: 32]), .b_i(b_i[32*k +: 32]), .sub_i(1'b0),
      .valid_o(ab_valid[k]), .result_o(ab[k])
    );
    tsu_fp_add u_abc (
      .clk_i, .rst_ni, .valid_i(ab_valid[k]), .a_i(ab[k]), .b_i(c_d[32*k +: 32]), .sub_i(1'b0),
      .valid_o(abc_valid[k]), .result_o(abc[k])
    );
    tsu_fp_mul u_third (
      .clk_i, .rst_ni, .valid_i(abc_valid[k]), .a_i(abc[k]), .b_i(Third),
      .valid_o(m_valid[k]), .result_o(mean_o[32*k +: 32])
    );
  end
  assign valid_o = m_valid[0];
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0] nc_m_valid;
  assign nc_m_valid = m_valid[3:1];
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
