// Bench wrapper (testbench only, not synthesised): rtl/prim/tsu_delay with its parameters
// exported to C++, so that tb/rtl/delay_test.cc reads Depth and Interval from the Verilated
// model rather than repeating them.
module tsu_delay_bench #(
  parameter int unsigned Width = 16,
  parameter int unsigned Depth = 8,
  parameter int unsigned Interval = 4,
  parameter bit          Ram = 1'b0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = Depth;
  localparam int unsigned BenchInterval /*verilator public*/ = Interval;
  /* verilator lint_on UNUSEDPARAM */

  tsu_delay #(.Width(Width), .Depth(Depth), .Interval(Interval), .Ram(Ram)) u_delay (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (data_i),
    .valid_o(valid_o),
    .data_o (data_o)
  );
endmodule
