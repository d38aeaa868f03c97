// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_tap with its records
// (tsu_tex_pkg::pass_t, level_addr_t, tap_req_t in; tap_t out) as named ports, so that
// tb/rtl/tex_tap_test.cc drives and reads every field by name; parameters exported to C++.
module tsu_tex_tap_bench #(
  parameter int unsigned AddrW = 48,
  parameter bit          EnableSeamless = 1'b1,
  parameter bit          EnableResidency = 1'b1,
  parameter int unsigned AddrII = 1
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
`include "tsu_tex_pass_ports.svh"
  output logic                           pass_pop_o,
  output logic                           fire_o,
  input  logic                           pop_i,
  output logic                           empty_o,
  // tap_t and its addresses
  output logic                           border_o,
  output logic                           bad_o,
  output logic                           res_read_o,
  output logic [2:0]                     res_bit_o,
  output logic [31:0]                    w_o,
  output logic [3:0]                     ranks_o,
  output logic                           last_o,
  output logic [1:0]                     code_o,
  output logic [AddrW-1:0]               addr_o,
  output logic [AddrW-1:0]               res_addr_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchAddrW /*verilator public*/ = AddrW;
  localparam int unsigned BenchEnableSeamless /*verilator public*/ = 32'(EnableSeamless);
  localparam int unsigned BenchEnableResidency /*verilator public*/ = 32'(EnableResidency);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::tap_t        tap;
`include "tsu_tex_pass_records.svh"
  assign border_o = tap.border;
  assign bad_o = tap.bad;
  assign res_read_o = tap.res_read;
  assign res_bit_o = tap.res_bit;
  assign w_o = tap.w;
  assign ranks_o = tap.ranks;
  assign last_o = tap.last;
  assign code_o = tap.code;

  tsu_tex_tap #(.AddrW(AddrW), .QueueRam(1'b1), .AddrII(AddrII), .EnableSeamless(EnableSeamless),
                .EnableResidency(EnableResidency)) u_tap (
    .clk_i, .rst_ni, .pass_valid_i, .pass_i(pass), .level_i(level), .level_base_i(lv_base_i),
    .tap_req_i(tap_req), .pass_pop_o, .fire_o, .pop_i, .empty_o, .tap_o(tap), .addr_o, .res_addr_o
  );
endmodule
