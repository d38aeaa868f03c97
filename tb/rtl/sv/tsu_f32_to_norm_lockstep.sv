// Bench wrapper (testbench only, not synthesised): rtl/fmt/tsu_f32_to_norm with the clock,
// reset and valid pins tb/common/lockstep.h drives, so its channel and both flags (sat_o, tie_o,
// which feed tsu_fmt_pack's cover points) are compared cycle by cycle (tb/rtl/conv_test.cc).
module tsu_f32_to_norm_lockstep #(
  parameter int unsigned Stages = 2
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] f32_i,
  input  logic [4:0]  bits_i,
  input  logic        signed_i,
  output logic        valid_o,
  output logic [23:0] norm_o,
  output logic        sat_o,
  output logic        tie_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = Stages;  // read by the bench
  /* verilator lint_on UNUSEDPARAM */

  tsu_f32_to_norm #(.Stages(Stages)) u_conv (
    .clk_i   (clk_i),
    .valid_i (valid_i),
    .f32_i   (f32_i),
    .bits_i  (bits_i),
    .signed_i(signed_i),
    .norm_o  (norm_o),
    .sat_o   (sat_o),
    .tie_o   (tie_o)
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
