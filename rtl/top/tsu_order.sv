// tsu_order: where the unit's two paths meet (tsu_top with EnableTex). Golden model:
// tsu::Unit::Execute, which runs one request at a time in program order.
//
// - Which path a request takes (tex to the texture path, the rest to the surface path), and when
//   it may go (docs/semantics.md H11): a tex waits until no earlier sust or sured is in flight
//   and none of their writes waits for the memory (s_writes_i); a sust or sured waits until no
//   earlier tex is in flight. A configuration command offered goes first (H10).
// - Responses in program order: an order FIFO holds {tex, store} of every request in flight, and
//   the response port shows the path at its head.
// - Configuration to both paths at once: each path is offered the command while the other can
//   take it, so both take it in the same cycle.
//
// No register on any path through it: the order FIFO and the two in-flight counts are state,
// read by the next cycle's decisions. Depth bounds the requests in flight across both paths.
module tsu_order #(
  parameter int unsigned TagW = 8,
  parameter int unsigned Depth = 128
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // The request port: the request's path class, and the two paths' ports.
  input  logic            req_valid_i,
  input  tsu_hw_pkg::path_e req_path_i,    // tsu_accept's
  output logic            req_ready_o,
  output logic            s_req_valid_o,
  input  logic            s_req_ready_i,
  output logic            t_req_valid_o,
  input  logic            t_req_ready_i,
  input  logic            s_writes_i,      // a surface write waits for the memory
  // Configuration.
  input  logic            cfg_valid_i,
  output logic            cfg_ready_o,
  output logic            s_cfg_valid_o,
  input  logic            s_cfg_ready_i,
  output logic            t_cfg_valid_o,
  input  logic            t_cfg_ready_i,
  // The surface path's response.
  input  logic            s_rsp_valid_i,
  output logic            s_rsp_ready_o,
  input  logic [TagW-1:0] s_rsp_tag_i,
  input  logic [255:0]    s_rsp_data_i,
  input  logic [2:0]      s_rsp_count_i,
  input  logic [2:0]      s_rsp_trap_i,
  input  logic [3:0]      s_rsp_oob_i,
  input  logic            s_rsp_misaligned_i,
  input  logic            s_rsp_clamped_i,
  input  logic            s_rsp_suppressed_i,
  // The texture path's response (elements are 32 bits wide).
  input  logic            t_rsp_valid_i,
  output logic            t_rsp_ready_o,
  input  logic [TagW-1:0] t_rsp_tag_i,
  input  logic [127:0]    t_rsp_data_i,
  input  logic [2:0]      t_rsp_count_i,
  input  logic [2:0]      t_rsp_trap_i,
  input  logic            t_rsp_pred_i,
  // The unit's response port.
  output logic            rsp_valid_o,
  input  logic            rsp_ready_i,
  output logic [TagW-1:0] rsp_tag_o,
  output logic [255:0]    rsp_data_o,
  output logic [2:0]      rsp_count_o,
  output logic [2:0]      rsp_trap_o,
  output logic [3:0]      rsp_oob_o,
  output logic            rsp_misaligned_o,
  output logic            rsp_clamped_o,
  output logic            rsp_suppressed_o,
  output logic            rsp_pred_o
);
  localparam int unsigned OcW = $clog2(Depth + 1);

  // ---- Which path, and program order between them (H11) ----------------------------------------
  logic           req_is_tex, req_is_store;
  assign req_is_tex = req_path_i == tsu_hw_pkg::PathTex;
  assign req_is_store = req_path_i == tsu_hw_pkg::PathStore;
  logic           order_full, order_empty, path_ok, take, give;
  logic [1:0]     order_head;  // {tex, store} of the oldest request not yet answered
  logic [OcW-1:0] order_count, stores_q, texs_q;
  assign path_ok = !order_full && !cfg_valid_i &&
                   (req_is_tex ? stores_q == '0 && !s_writes_i : !req_is_store || texs_q == '0);
  assign t_req_valid_o = req_valid_i && req_is_tex && path_ok;
  assign s_req_valid_o = req_valid_i && !req_is_tex && path_ok;
  assign req_ready_o = path_ok && (req_is_tex ? t_req_ready_i : s_req_ready_i);
  assign take = req_valid_i && req_ready_o;
  assign give = rsp_valid_o && rsp_ready_i;
  tsu_fifo #(.Width(2), .Depth(Depth), .Ram(1'b1)) u_order (
    .clk_i, .rst_ni,
    .push_i (take),
    .data_i ({req_is_tex, req_is_store}),
    .pop_i  (give),
    .data_o (order_head),
    .empty_o(order_empty),
    .full_o (order_full),
    .count_o(order_count)
  );
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stores_q <= '0;
      texs_q <= '0;
    end else begin
      stores_q <= stores_q + OcW'(take && req_is_store) - OcW'(give && order_head[0]);
      texs_q <= texs_q + OcW'(take && req_is_tex) - OcW'(give && order_head[1]);
    end
  end

  // ---- Responses in program order ---------------------------------------------------------------
  always_comb begin
    rsp_valid_o = !order_empty && (order_head[1] ? t_rsp_valid_i : s_rsp_valid_i);
    rsp_tag_o = s_rsp_tag_i;
    rsp_data_o = s_rsp_data_i;
    rsp_count_o = s_rsp_count_i;
    rsp_trap_o = s_rsp_trap_i;
    rsp_oob_o = s_rsp_oob_i;
    rsp_misaligned_o = s_rsp_misaligned_i;
    rsp_clamped_o = s_rsp_clamped_i;
    rsp_suppressed_o = s_rsp_suppressed_i;
    rsp_pred_o = 1'b1;
    if (order_head[1]) begin
      rsp_tag_o = t_rsp_tag_i;
      for (int k = 0; k < 4; k++) rsp_data_o[64*k +: 64] = {32'd0, t_rsp_data_i[32*k +: 32]};
      rsp_count_o = t_rsp_count_i;
      rsp_trap_o = t_rsp_trap_i;
      rsp_oob_o = '0;
      rsp_misaligned_o = 1'b0;
      rsp_clamped_o = 1'b0;
      rsp_suppressed_o = 1'b0;
      rsp_pred_o = t_rsp_pred_i;
    end
  end
  assign s_rsp_ready_o = !order_empty && !order_head[1] && rsp_ready_i;
  assign t_rsp_ready_o = !order_empty && order_head[1] && rsp_ready_i;

  // ---- Configuration to both paths at once ------------------------------------------------------
  assign cfg_ready_o = s_cfg_ready_i && t_cfg_ready_i;
  assign s_cfg_valid_o = cfg_valid_i && t_cfg_ready_i;
  assign t_cfg_valid_o = cfg_valid_i && s_cfg_ready_i;

  logic unused;
  assign unused = ^order_count;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_tex_waits_for_store: cover property (@(posedge clk_i)
      req_valid_i && req_is_tex && !order_full && !cfg_valid_i && (stores_q != '0 || s_writes_i));
  c_store_waits_for_tex: cover property (@(posedge clk_i)
      req_valid_i && !req_is_tex && req_is_store && !order_full && !cfg_valid_i &&
      texs_q != '0);
  c_tex_after_surface: cover property (@(posedge clk_i) take && req_is_tex && !order_empty &&
                                       !order_head[1]);
  c_cfg_waits_for_tex: cover property (@(posedge clk_i) cfg_valid_i && s_cfg_ready_i &&
                                       !t_cfg_ready_i);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
