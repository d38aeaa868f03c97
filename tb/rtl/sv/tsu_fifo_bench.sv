// Bench wrapper (testbench only, not synthesised): rtl/prim/tsu_fifo with its parameters
// exported to C++, so that tb/rtl/fifo_test.cc reads Depth, Width and Ram from the Verilated
// model rather than repeating them (Bypass too).
module tsu_fifo_bench #(
  parameter int unsigned Width = 16,
  parameter int unsigned Depth = 4,
  parameter bit Ram = 1'b0,
  parameter bit Bypass = 1'b1,
  localparam int unsigned CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,
  output logic [Width-1:0] data_o,
  output logic             empty_o,
  output logic             full_o,
  output logic [CntW-1:0]  count_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchWidth /*verilator public*/ = Width;
  localparam int unsigned BenchDepth /*verilator public*/ = Depth;
  localparam int unsigned BenchRam /*verilator public*/ = 32'(Ram);
  localparam int unsigned BenchBypass /*verilator public*/ = 32'(Bypass);
  /* verilator lint_on UNUSEDPARAM */

  tsu_fifo #(.Width(Width), .Depth(Depth), .Ram(Ram), .Bypass(Bypass)) u_fifo (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (push_i),
    .data_i (data_i),
    .pop_i  (pop_i),
    .data_o (data_o),
    .empty_o(empty_o),
    .full_o (full_o),
    .count_o(count_o)
  );
endmodule
