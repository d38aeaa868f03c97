// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_quad_gen with its records
// (tsu_tex_pkg::pass_t, level_addr_t, tap_req_t in; slice_t out) as named ports, so that
// tb/rtl/tex_quad_gen_test.cc drives and reads every field by name; parameters exported to C++.
module tsu_tex_quad_gen_bench #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned LineBytes = 16,
  parameter bit          EnableSeamless = 1'b1
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
`include "tsu_tex_pass_ports.svh"
  output logic                           pass_pop_o,
  output logic                           fire_o,
  input  logic                           pop_i,
  output logic                           empty_o,
  // slice_t and its lanes' addresses
  output logic [3:0]                     corner_o,
  output logic [3:0]                     active_o,
  output logic [3:0]                     border_o,
  output logic                           bad_o,
  output logic [7:0]                     banks_o,
  output logic [31:0]                    w_o,
  output logic [3:0]                     ranks_o,
  output logic                           last_o,
  output logic [AddrW-1:0]               addr0_o,
  output logic [AddrW-1:0]               addr1_o,
  output logic [AddrW-1:0]               addr2_o,
  output logic [AddrW-1:0]               addr3_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchAddrW /*verilator public*/ = AddrW;
  localparam int unsigned BenchEnableSeamless /*verilator public*/ = 32'(EnableSeamless);
  localparam int unsigned BenchLineBytes /*verilator public*/ = LineBytes;
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::slice_t      slice;
  logic [4*AddrW-1:0]       addr;
`include "tsu_tex_pass_records.svh"
  assign corner_o = slice.corner;
  assign active_o = slice.active;
  assign border_o = slice.border;
  assign bad_o = slice.bad;
  assign banks_o = slice.banks;
  assign w_o = slice.w;
  assign ranks_o = slice.ranks;
  assign last_o = slice.last;
  assign addr0_o = addr[0 +: AddrW];
  assign addr1_o = addr[AddrW +: AddrW];
  assign addr2_o = addr[2*AddrW +: AddrW];
  assign addr3_o = addr[3*AddrW +: AddrW];

  tsu_tex_quad_gen #(.AddrW(AddrW), .LineBytes(LineBytes), .QueueRam(1'b1),
                     .EnableSeamless(EnableSeamless)) u_quad_gen (
    .clk_i, .rst_ni, .pass_valid_i, .pass_i(pass), .level_i(level), .level_base_i(lv_base_i),
    .tap_req_i(tap_req), .pass_pop_o, .fire_o, .pop_i, .empty_o, .slice_o(slice), .addr_o(addr)
  );
endmodule
