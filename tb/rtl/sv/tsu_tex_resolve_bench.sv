// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_resolve with its output class
// (tsu_tex_pkg::out_req_t), items (item_t) and response (rsp_t) as named ports, so that
// tb/rtl/tex_resolve_test.cc drives and reads every field by name; parameters exported to C++.
module tsu_tex_resolve_bench #(
  parameter int unsigned MaxInflight = 16,
  parameter int unsigned Lanes = 4,
  parameter int unsigned OutLanes = 1,
  parameter bit          Quad = 1'b0
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         accept_i,
  input  logic [3:0]   out_dtype_i,
  input  logic         out_float_res_i,
  input  logic         out_sint_i,
  input  logic         tap_fire_i,
  input  logic         quad_fire_i,
  input  logic         req_done_i,
  input  logic         tap_empty_i,
  input  logic [127:0] tap_c_i,
  input  logic         tap_last_i,
  input  logic         tap_nonres_i,
  input  logic         tap_bad_i,
  input  logic [31:0]  tap_w_i,
  input  logic [3:0]   tap_ranks_i,
  output logic         tap_pop_o,
  input  logic         quad_empty_i,
  input  logic [127:0] quad_c_i,
  input  logic         quad_last_i,
  input  logic         quad_nonres_i,
  input  logic         quad_bad_i,
  input  logic [31:0]  quad_w_i,
  input  logic [3:0]   quad_ranks_i,
  output logic         quad_pop_o,
  output logic         rsp_valid_o,
  input  logic         rsp_ready_i,
  output logic [127:0] rsp_data_o,
  output logic [2:0]   rsp_count_o,
  output logic         rsp_pred_o,
  output logic         rsp_trap_o,
  output logic         rsp_pop_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchMaxInflight /*verilator public*/ = MaxInflight;
  localparam int unsigned BenchLanes /*verilator public*/ = Lanes;
  localparam int unsigned BenchOutLanes /*verilator public*/ = OutLanes;
  localparam int unsigned BenchQuad /*verilator public*/ = 32'(Quad);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::out_req_t out_req;
  tsu_tex_pkg::item_t    tap_item, quad_item;
  tsu_tex_pkg::rsp_t     rsp;
  always_comb begin
    out_req.dtype = out_dtype_i;
    out_req.float_res = out_float_res_i;
    out_req.sint = out_sint_i;
    tap_item.c = tap_c_i;
    tap_item.side.last = tap_last_i;
    tap_item.side.nonres = tap_nonres_i;
    tap_item.side.bad = tap_bad_i;
    tap_item.side.w = tap_w_i;
    tap_item.side.ranks = tap_ranks_i;
    quad_item.c = quad_c_i;
    quad_item.side.last = quad_last_i;
    quad_item.side.nonres = quad_nonres_i;
    quad_item.side.bad = quad_bad_i;
    quad_item.side.w = quad_w_i;
    quad_item.side.ranks = quad_ranks_i;
  end
  assign rsp_data_o = rsp.data;
  assign rsp_count_o = rsp.count;
  assign rsp_pred_o = rsp.pred;
  assign rsp_trap_o = rsp.trap;

  tsu_tex_resolve #(.MaxInflight(MaxInflight), .Lanes(Lanes), .OutLanes(OutLanes), .Quad(Quad),
                    .QueueRam(1'b1)) u_resolve (
    .clk_i, .rst_ni, .accept_i, .out_req_i(out_req), .tap_fire_i, .quad_fire_i, .req_done_i,
    .tap_empty_i, .tap_item_i(tap_item), .tap_pop_o, .quad_empty_i, .quad_item_i(quad_item),
    .quad_pop_o, .rsp_valid_o, .rsp_ready_i, .rsp_o(rsp), .rsp_pop_o
  );
endmodule
