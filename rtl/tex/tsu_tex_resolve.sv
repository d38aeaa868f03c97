// tsu_tex_resolve: the sampling pipeline's end (tsu_tex_engine). The merge takes the items of the
// request at the head of QM (each request's path, in dispatch order: with Quad, the one-tap
// path's Q6 or the quad path's QQ6; without, Q6 alone) into tsu_tex_filter, 4 / Lanes beats per
// item of a filtered sample, one beat per item of a sample without an active rank. A request's
// flags (non-resident, bad level) enter QF with its last item; its result goes through
// tsu_tex_out (the request's output class from QO, pushed at acceptance) and RQ, the response
// queue: non-resident gives zeros and a false predicate, a bad level a trap with zeros and no
// elements (tsu_tex_pkg's flagged_*, in both arrangements). RQ never overflows: at most
// MaxInflight requests are inside the engine.
//
// OutLanes 4: the result converts on its way into RQ, a texel a cycle. OutLanes 1: RQ holds the
// filtered result and its class, and a result whose type needs a conversion (an integer for .f32,
// .f16 or .f16x2; a float for .f16, .f16x2, .s32 or .u32) converts at RQ's head one component a
// cycle (tsu_tex_out at one lane, II 4) into CQ, up to CvDepth at once; the others (.f32 of a
// float, .s32/.u32 of an integer, a trap, a non-resident result) answer from RQ's head as they
// are, in request order behind any conversion.
module tsu_tex_resolve #(
  parameter int unsigned MaxInflight = 64,
  parameter int unsigned Lanes = 4,
  parameter int unsigned OutLanes = 1,  // components converted per cycle: 1 (at RQ's head) or 4
  parameter bit          Quad = 1'b0,
  parameter bit          QueueRam = 1'b1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // QO: the request's output class, at acceptance.
  input  logic                  accept_i,
  input  tsu_tex_pkg::out_req_t out_req_i,
  // QM (Quad): a request's path is that of its first tap or slice; req_done_i with its last pass.
  input  logic                  tap_fire_i,
  input  logic                  quad_fire_i,
  input  logic                  req_done_i,
  // Q6 (tsu_tex_return) and QQ6 (tsu_tex_quad_return).
  input  logic                  tap_empty_i,
  input  tsu_tex_pkg::item_t    tap_item_i,
  output logic                  tap_pop_o,
  input  logic                  quad_empty_i,
  input  tsu_tex_pkg::item_t    quad_item_i,
  output logic                  quad_pop_o,
  // The response.
  output logic                  rsp_valid_o,
  input  logic                  rsp_ready_i,
  output tsu_tex_pkg::rsp_t     rsp_o,
  output logic                  rsp_pop_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, from an item at Q6's or QQ6's head to the response (rsp_valid_o).
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_resolve_latency(OutLanes);
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned OutLat = tsu_hw_pkg::tex_out_latency(OutLanes, 1'b1, 1'b1, 1, 1'b1, 1'b1);
  localparam int unsigned Beats = 4 / Lanes;
  localparam int unsigned CntW = $clog2(MaxInflight + 1);

  // ---- The merge -----------------------------------------------------------------------------------
  logic               mg_valid, mg_take, mg_quad, qm_empty;
  tsu_tex_pkg::item_t mg_item;
  logic [1:0]         f_grp_q;
  logic               f_ready, f_last_beat;
  if (Quad) begin : g_qm
    logic qm_pushed_q, qm_push, qm_tail_quad_q;  // the path of the request pushed last
    logic [CntW-1:0] nc_qm_count;
    logic nc_qm_full;
    assign qm_push = (tap_fire_i || quad_fire_i) && !qm_pushed_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        qm_pushed_q <= 1'b0;
        qm_tail_quad_q <= 1'b0;
      end else begin
        if (req_done_i) qm_pushed_q <= 1'b0;
        else if (qm_push) qm_pushed_q <= 1'b1;
        if (qm_push) qm_tail_quad_q <= quad_fire_i;
      end
    end
    tsu_fifo #(.Width(1), .Depth(MaxInflight)) u_qm (
      .clk_i, .rst_ni, .push_i(qm_push), .data_i(quad_fire_i), .pop_i(mg_take && mg_item.side.last),
      .data_o(mg_quad), .empty_o(qm_empty), .full_o(nc_qm_full), .count_o(nc_qm_count)
    );
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    // A quad request dispatched behind a one-tap request still inside: the merge orders them.
    c_path_switch: cover property (@(posedge clk_i) qm_push && quad_fire_i && !qm_empty && !qm_tail_quad_q);
    /* verilator lint_on SYNCASYNCNET */
`endif
    logic unused_qm;
    assign unused_qm = ^{nc_qm_count, nc_qm_full};
  end else begin : g_one_path
    assign mg_quad = 1'b0;
    assign qm_empty = 1'b0;
    logic unused_qm;
    assign unused_qm = ^{tap_fire_i, quad_fire_i, req_done_i, quad_empty_i, quad_item_i};
  end
  assign mg_valid = !qm_empty && (mg_quad ? !quad_empty_i : !tap_empty_i);
  assign mg_item = mg_quad ? quad_item_i : tap_item_i;
  assign mg_take = mg_valid && f_ready && f_last_beat;
  assign tap_pop_o = mg_take && !mg_quad;
  assign quad_pop_o = mg_take && mg_quad;

  // ---- Filter: 4 / Lanes beats per item with an active rank, one beat without -------------------
  logic         f_valid;
  logic [127:0] f_res;
  assign f_last_beat = 32'(f_grp_q) == Beats - 1 || mg_item.side.ranks == '0;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) f_grp_q <= 2'd0;
    else if (mg_valid && f_ready) f_grp_q <= f_last_beat ? 2'd0 : f_grp_q + 2'd1;
  end
  tsu_tex_filter #(.Lanes(Lanes)) u_filter (
    .clk_i, .rst_ni,
    .tap_valid_i(mg_valid),
    .tap_ready_o(f_ready),
    .tap_c_i    (mg_item.c),
    .tap_grp_i  (f_grp_q),
    .tap_w_i    (mg_item.side.w),
    .tap_ranks_i(mg_item.side.ranks),
    .res_valid_o(f_valid),
    .res_c_o    (f_res)
  );
  // QF: a request's flags {non-resident, bad level}, pushed as its last item enters the filter (in
  // request order, whichever path it took).
  logic [1:0]      qf_out;
  logic            nc_qf_empty, nc_qf_full;
  logic [CntW-1:0] nc_qf_count;
  tsu_fifo #(.Ram(QueueRam), .Width(2), .Depth(MaxInflight)) u_qf (
    .clk_i, .rst_ni, .push_i(mg_take && mg_item.side.last),
    .data_i({mg_item.side.nonres, mg_item.side.bad}), .pop_i(f_valid), .data_o(qf_out),
    .empty_o(nc_qf_empty), .full_o(nc_qf_full), .count_o(nc_qf_count)
  );

  // ---- Output conversion and the response ---------------------------------------------------------
  tsu_tex_pkg::out_req_t o;
  logic                  nc_qo_empty, nc_qo_full;
  logic [CntW-1:0]       nc_qo_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(out_req_i)), .Depth(MaxInflight)) u_qo (
    .clk_i, .rst_ni, .push_i(accept_i), .data_i(out_req_i), .pop_i(f_valid), .data_o(o),
    .empty_o(nc_qo_empty), .full_o(nc_qo_full), .count_o(nc_qo_count)
  );
  logic            out_valid, out_start, out_ready, out_last;
  logic [127:0]    out_c, out_data;
  logic [2:0]      out_count;
  logic            rq_empty, nc_rq_full;
  logic [CntW-1:0] nc_rq_count;
  tsu_tex_pkg::out_req_t  out_o;
  // Records of both arrangements (yosys 0.23 reads struct members of module-scope signals only).
  tsu_tex_pkg::rsp_t      conv;        // the converted result as a response
  tsu_tex_pkg::filtered_t rq_f, rqh;   // OutLanes 1: into RQ, RQ's head
  tsu_tex_pkg::rsp_t      cq_head;     // OutLanes 1: CQ's head
  tsu_tex_out #(.Lanes(OutLanes)) u_out (
    .clk_i, .rst_ni,
    .valid_i       (out_start),
    .ready_o       (out_ready),
    .in_last_o     (out_last),
    .c_i           (out_c),
    .float_result_i(out_o.float_res),
    .sint_i        (out_o.sint),
    .type_i        (out_o.dtype),
    .valid_o       (out_valid),
    .data_o        (out_data),
    .count_o       (out_count)
  );
  if (OutLanes == 4) begin : g_out_wide
    assign out_start = f_valid;
    assign out_c = f_res;
    assign out_o = o;
    logic out_nonres, out_bad, nc_out_side_valid;
    tsu_delay #(.Width(2), .Depth(OutLat)) u_out_side (
      .clk_i, .rst_ni, .valid_i(f_valid), .data_i(qf_out), .valid_o(nc_out_side_valid),
      .data_o({out_nonres, out_bad})
    );
    always_comb begin
      conv.data = tsu_tex_pkg::flagged_data(out_nonres, out_bad, out_data);
      conv.count = tsu_tex_pkg::flagged_count(out_bad, out_count);
      conv.pred = tsu_tex_pkg::flagged_pred(out_nonres, out_bad);
      conv.trap = out_bad;
    end
    tsu_fifo #(.Ram(QueueRam), .Width($bits(conv)), .Depth(MaxInflight)) u_rq (
      .clk_i, .rst_ni, .push_i(out_valid), .data_i(conv), .pop_i(rsp_pop_o), .data_o(rsp_o),
      .empty_o(rq_empty), .full_o(nc_rq_full), .count_o(nc_rq_count)
    );
    assign rsp_valid_o = !rq_empty;
    assign rq_f = '0;
    assign rqh = '0;
    assign cq_head = '0;
    logic unused_wide;
    assign unused_wide = ^{nc_out_side_valid, out_ready, out_last};
  end else begin : g_out_serial
    // Up to CvDepth conversions between RQ and the response: one starts every fourth cycle.
    localparam int unsigned CvDepth = (OutLat + 3) / 4 + 1;
    localparam int unsigned CvW = $clog2(CvDepth + 1);
    always_comb begin
      rq_f.o = o;
      rq_f.nonres = qf_out[1];
      rq_f.bad = qf_out[0];
      rq_f.c = f_res;
    end
    logic rq_pop;
    tsu_fifo #(.Ram(QueueRam), .Width($bits(rq_f)), .Depth(MaxInflight)) u_rq (
      .clk_i, .rst_ni, .push_i(f_valid), .data_i(rq_f), .pop_i(rq_pop), .data_o(rqh),
      .empty_o(rq_empty), .full_o(nc_rq_full), .count_o(nc_rq_count)
    );
    // A result answers as it is unless its type needs the converter.
    logic as_is;
    always_comb begin
      as_is = rqh.bad || rqh.nonres;
      if (rqh.o.float_res) as_is = as_is || rqh.o.dtype == tsu_pkg::TypeF32;
      else as_is = as_is || rqh.o.dtype == tsu_pkg::TypeS32 || rqh.o.dtype == tsu_pkg::TypeU32;
    end
    // cv_q: results read out of RQ by the converter whose responses have not left; CQ holds
    // those converted. The converter reads RQ's head for four cycles and pops it on the last.
    logic [CvW-1:0] cv_q;
    logic           cq_empty, nc_cq_full, cq_pop;
    logic [$clog2(CvDepth + 1)-1:0] nc_cq_count;
    assign out_start = !rq_empty && !as_is && out_ready && 32'(cv_q) < CvDepth;
    assign out_c = rqh.c;
    assign out_o = rqh.o;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cv_q <= '0;
      else cv_q <= cv_q + CvW'(out_last) - CvW'(cq_pop);
    end
    always_comb begin
      conv.data = out_data;
      conv.count = out_count;
      conv.pred = 1'b1;
      conv.trap = 1'b0;
    end
    tsu_fifo #(.Ram(QueueRam), .Width($bits(conv)), .Depth(CvDepth)) u_cq (
      .clk_i, .rst_ni, .push_i(out_valid), .data_i(conv), .pop_i(cq_pop), .data_o(cq_head),
      .empty_o(cq_empty), .full_o(nc_cq_full), .count_o(nc_cq_count)
    );
    always_comb begin
      if (cv_q != '0) begin  // the oldest request inside is a conversion
        rsp_valid_o = !cq_empty;
        rsp_o = cq_head;
      end else begin
        rsp_valid_o = !rq_empty && as_is;
        rsp_o.data = tsu_tex_pkg::flagged_data(rqh.nonres, rqh.bad, rqh.c);
        rsp_o.count = tsu_tex_pkg::flagged_count(rqh.bad,
                                                 tsu_hw_pkg::tex_result_count(rqh.o.dtype));
        rsp_o.pred = tsu_tex_pkg::flagged_pred(rqh.nonres, rqh.bad);
        rsp_o.trap = rqh.bad;
      end
    end
    assign cq_pop = rsp_pop_o && cv_q != '0;
    assign rq_pop = out_last || (rsp_pop_o && cv_q == '0);
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && out_valid)
      a_cq_room: assert (!nc_cq_full);
    // A conversion starts while earlier ones are still inside; a result as it is waits for them.
    c_conv_overlap: cover property (@(posedge clk_i) out_start && cv_q != '0);
    c_as_is_waits: cover property (@(posedge clk_i) !rq_empty && as_is && cv_q != '0);
    /* verilator lint_on SYNCASYNCNET */
`endif
    logic unused_serial;
    assign unused_serial = ^{nc_cq_full, nc_cq_count};
  end
  assign rsp_pop_o = rsp_valid_o && rsp_ready_i;

  logic unused;
  assign unused = ^{nc_qf_empty, nc_qf_full, nc_qf_count, nc_qo_empty, nc_qo_full, nc_qo_count,
                    nc_rq_full, nc_rq_count, rq_f, rqh, cq_head};
endmodule
