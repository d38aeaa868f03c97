// Bench wrapper (testbench only, not synthesised): rtl/fmt/tsu_f32_to_f16 with the clock,
// reset and valid pins tb/common/lockstep.h drives, so its result and both flags (tie_o,
// overflow_o, which feed the cover points of tsu_fmt_pack and tsu_tex_out) are compared cycle by
// cycle (tb/rtl/conv_test.cc).
module tsu_f32_to_f16_lockstep #(
  parameter int unsigned Stages = 2
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] f32_i,
  output logic        valid_o,
  output logic [15:0] f16_o,
  output logic        tie_o,
  output logic        overflow_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = Stages;  // read by the bench
  /* verilator lint_on UNUSEDPARAM */

  tsu_f32_to_f16 #(.Stages(Stages)) u_conv (
    .clk_i     (clk_i),
    .valid_i   (valid_i),
    .f32_i     (f32_i),
    .f16_o     (f16_o),
    .tie_o     (tie_o),
    .overflow_o(overflow_o)
  );

  logic unused_data;
  tsu_delay #(.Width(1), .Depth(Stages)) u_valid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (1'b0),
    .valid_o(valid_o),
    .data_o (unused_data)
  );
endmodule
