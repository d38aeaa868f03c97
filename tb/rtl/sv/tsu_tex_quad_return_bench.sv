// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_quad_return with its records
// (tsu_tex_pkg::texel_req_t, group_t in; item_t out) as named ports, so that
// tb/rtl/tex_quad_return_test.cc drives and reads every field by name; parameters exported to C++.
module tsu_tex_quad_return_bench #(
  parameter int unsigned MaxInflight = 16,
  parameter bit          EnableSeamless = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // texel_req_t, at acceptance
  input  logic         push_i,
  input  logic [4:0]   rule_chorder_i,
  input  logic [4:0]   rule_chtype_i,
  input  logic         rule_read_norm_i,
  input  logic         rule_srgb_i,
  input  logic         rule_compare_i,
  input  logic [2:0]   rule_compare_op_i,
  input  logic [31:0]  rule_ref_value_i,
  input  logic [127:0] rule_border_color_i,
  // group_t (QQ5)
  input  logic         group_empty_i,
  input  logic         g_slice_end_i,
  input  logic [3:0]   g_took_i,
  input  logic [7:0]   g_src_i,
  input  logic [15:0]  g_off_i,
  input  logic [3:0]   g_banks_read_i,
  input  logic [3:0]   g_corner_i,
  input  logic [3:0]   g_active_i,
  input  logic [3:0]   g_border_i,
  input  logic         g_bad_i,
  input  logic [31:0]  g_w_i,
  input  logic [3:0]   g_ranks_i,
  input  logic         g_last_i,
  output logic         group_pop_o,
  // the banks' answers
  input  logic [3:0]   bank_valid_i,
  output logic [3:0]   bank_ready_o,
  input  logic [511:0] bank_data_i,
  // item_t (QQ6)
  input  logic         pop_i,
  output logic         empty_o,
  output logic [127:0] c_o,
  output logic         last_o,
  output logic         nonres_o,
  output logic         bad_o,
  output logic [31:0]  w_o,
  output logic [3:0]   ranks_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchMaxInflight /*verilator public*/ = MaxInflight;
  localparam int unsigned BenchEnableSeamless /*verilator public*/ = 32'(EnableSeamless);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::texel_req_t rule;
  tsu_tex_pkg::group_t     group;
  tsu_tex_pkg::item_t      item;
  always_comb begin
    rule.chorder = rule_chorder_i;
    rule.chtype = rule_chtype_i;
    rule.read_norm = rule_read_norm_i;
    rule.srgb = rule_srgb_i;
    rule.compare = rule_compare_i;
    rule.compare_op = rule_compare_op_i;
    rule.ref_value = rule_ref_value_i;
    rule.border_color = rule_border_color_i;
    group.slice_end = g_slice_end_i;
    group.took = g_took_i;
    group.src = g_src_i;
    group.off = g_off_i;
    group.banks_read = g_banks_read_i;
    group.corner = g_corner_i;
    group.active = g_active_i;
    group.border = g_border_i;
    group.bad = g_bad_i;
    group.w = g_w_i;
    group.ranks = g_ranks_i;
    group.last = g_last_i;
  end
  assign c_o = item.c;
  assign last_o = item.side.last;
  assign nonres_o = item.side.nonres;
  assign bad_o = item.side.bad;
  assign w_o = item.side.w;
  assign ranks_o = item.side.ranks;

  tsu_tex_quad_return #(.MaxInflight(MaxInflight), .QueueRam(1'b1), .EnableSeamless(EnableSeamless)) u_quad_return (
    .clk_i, .rst_ni, .push_i, .texel_req_i(rule), .group_empty_i, .group_i(group), .group_pop_o,
    .bank_valid_i, .bank_ready_o, .bank_data_i, .pop_i, .empty_o, .item_o(item)
  );
endmodule
