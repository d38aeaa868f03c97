// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_return with its texel rule
// (tsu_tex_pkg::texel_req_t), read record (read_t) and item (item_t) as named ports, so that
// tb/rtl/tex_return_test.cc drives and reads every field by name; parameters exported to C++.
module tsu_tex_return_bench #(
  parameter int unsigned MaxInflight = 16,
  parameter int unsigned TexelDepth = 8,
  parameter int unsigned CornerLanes = 2,
  parameter int unsigned TexelBeats = 1,
  parameter bit          CornerSharedAdd = 1'b0,
  parameter bit          EnableSeamless = 1'b1,
  parameter bit          EnableResidency = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         push_i,
  input  logic [4:0]   rule_chorder_i,
  input  logic [4:0]   rule_chtype_i,
  input  logic         rule_read_norm_i,
  input  logic         rule_srgb_i,
  input  logic         rule_compare_i,
  input  logic [2:0]   rule_compare_op_i,
  input  logic [31:0]  rule_ref_value_i,
  input  logic [127:0] rule_border_color_i,
  input  logic         read_empty_i,
  input  logic         read_border_i,
  input  logic         read_bad_i,
  input  logic         read_tex_read_i,
  input  logic         read_res_read_i,
  input  logic [3:0]   read_off_i,
  input  logic [3:0]   read_res_off_i,
  input  logic [2:0]   read_res_bit_i,
  input  logic [31:0]  read_w_i,
  input  logic [3:0]   read_ranks_i,
  input  logic         read_last_i,
  input  logic [1:0]   read_code_i,
  output logic         read_pop_o,
  input  logic         line_empty_i,
  input  logic [127:0] line_i,
  output logic         line_pop_o,
  input  logic         pop_i,
  output logic         empty_o,
  output logic [127:0] item_c_o,
  output logic         item_last_o,
  output logic         item_nonres_o,
  output logic         item_bad_o,
  output logic [31:0]  item_w_o,
  output logic [3:0]   item_ranks_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchMaxInflight /*verilator public*/ = MaxInflight;
  localparam int unsigned BenchTexelDepth /*verilator public*/ = TexelDepth;
  localparam int unsigned BenchSeamless /*verilator public*/ = 32'(EnableSeamless);
  localparam int unsigned BenchResidency /*verilator public*/ = 32'(EnableResidency);
  localparam int unsigned BenchTexelBeats /*verilator public*/ = TexelBeats;
  localparam int unsigned BenchCornerSharedAdd /*verilator public*/ = 32'(CornerSharedAdd);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::texel_req_t rule;
  tsu_tex_pkg::read_t      rd;
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
    rd.border = read_border_i;
    rd.bad = read_bad_i;
    rd.tex_read = read_tex_read_i;
    rd.res_read = read_res_read_i;
    rd.off = read_off_i;
    rd.res_off = read_res_off_i;
    rd.res_bit = read_res_bit_i;
    rd.w = read_w_i;
    rd.ranks = read_ranks_i;
    rd.last = read_last_i;
    rd.code = read_code_i;
  end
  assign item_c_o = item.c;
  assign item_last_o = item.side.last;
  assign item_nonres_o = item.side.nonres;
  assign item_bad_o = item.side.bad;
  assign item_w_o = item.side.w;
  assign item_ranks_o = item.side.ranks;

  tsu_tex_return #(
    .MaxInflight(MaxInflight), .TexelDepth(TexelDepth), .CornerLanes(CornerLanes), .TexelBeats(TexelBeats),
    .CornerSharedAdd(CornerSharedAdd),
    .EnableSeamless(EnableSeamless),
    .EnableResidency(EnableResidency)
  ) u_return (
    .clk_i, .rst_ni, .push_i, .texel_req_i(rule), .read_empty_i, .read_i(rd), .read_pop_o,
    .line_empty_i, .line_i, .line_pop_o, .pop_i, .empty_o, .item_o(item)
  );
endmodule
