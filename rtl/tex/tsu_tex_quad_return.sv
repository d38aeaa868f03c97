// tsu_tex_quad_return: the quad path's return (tsu_tex_engine, Quad). A group (QQ5,
// tsu_tex_quad_issue) takes its lines from the banks' in-order answers, each lane's texel through
// its own tsu_tex_texel (the request's rule from QPQ, pushed at acceptance for quad requests); a
// lane's value waits for its slice's last group (the gather). Seamless corners: the corner lane
// k's value is the mean of lanes k ^ 3 (its face's texel), k ^ 2 (across x) and k ^ 1 (across y)
// for a float result, lane k ^ 3's for an integer one (T8). A corner slice takes the corner
// block's delay line, and so does every slice behind it until the line has drained (slices stay
// in order); the others go straight to tsu_tex_bilerp, whose result (a tap with the slice's z and
// mip ranks still to pass) waits in QQ6 for the merge. QQ6 is reserved before a slice's last group
// leaves QQ5 (QuadDepth entries); corner slices enter tsu_tex_corner at most one per CornerII.
module tsu_tex_quad_return #(
  parameter int unsigned MaxInflight = 64,
  parameter int unsigned CornerLanes = 2,
  parameter bit          QueueRam = 1'b1,
  // Feature knobs (docs/semantics.md H15), and tsu_tex_texel's.
  parameter bit          EnableSeamless = 1'b1,
  parameter bit          EnableCompare = 1'b1,
  parameter bit          EnableNorm = 1'b1,
  parameter bit          EnableHalf = 1'b1,
  parameter bit          EnableInt = 1'b1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // QPQ: the tap-value rule of a quad request, at acceptance.
  input  logic                    push_i,
  input  tsu_tex_pkg::texel_req_t texel_req_i,
  // QQ5 (tsu_tex_quad_issue).
  input  logic                    group_empty_i,
  input  tsu_tex_pkg::group_t     group_i,
  output logic                    group_pop_o,
  // The banks' answers (bank b in [128*b +: 128]).
  input  logic [3:0]              bank_valid_i,
  output logic [3:0]              bank_ready_o,
  input  logic [511:0]            bank_data_i,
  // QQ6: the slices' values, read by the merge.
  input  logic                    pop_i,
  output logic                    empty_o,
  output tsu_tex_pkg::item_t      item_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, from the footprint's bank responses to the item at QQ6's head.
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_quad_return_latency();
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned TexelLat = tsu_hw_pkg::tex_texel_latency(3, 1'b1, 1'b1, 1);  // its defaults
  localparam int unsigned CornerLat = tsu_hw_pkg::tex_corner_latency(CornerLanes);
  // Slices between the return stage and QQ6's pop: the texel stage and the bilerp (43 cycles;
  // CornerLat more behind a seamless corner) plus the merge's waits, so a slice a cycle needs
  // more credits than that (Little's law; 32 held the quad path at 0.71 slices per clock).
  localparam int unsigned QuadDepth = 96;
  // Slices with a corner enter tsu_tex_corner at most one per CornerII cycles.
  localparam int unsigned CornerII = 4 / CornerLanes;
  localparam int unsigned QCntW = $clog2(QuadDepth + 1);
  localparam int unsigned CntW = $clog2(MaxInflight + 1);

  tsu_tex_pkg::group_t qe;
  assign qe = group_i;
  logic        qe_fire, qe_corner;
  assign qe_corner = EnableSeamless && qe.corner != '0;
  logic [3:0]  qe_dec, qe_read;
  logic [127:0] qe_texel [4], qe_line [4];
  logic [1:0]  qcn_gap_q;
  logic [QCntW-1:0] quad_used_q;
  assign qe_fire = !group_empty_i && ((qe.banks_read & ~bank_valid_i) == '0) &&
                   (!qe.slice_end ||
                    (quad_used_q < QCntW'(QuadDepth) && (!qe_corner || qcn_gap_q == '0)));
  assign group_pop_o = qe_fire;
  assign bank_ready_o = qe_fire ? qe.banks_read : 4'd0;
  always_comb begin
    for (int j = 0; j < 4; j++) begin
      // Lane j's bank line: a mux by constant index (an index computed into the vector would be
      // a shifter over all four lines).
      qe_line[j] = bank_data_i[127:0];
      for (int b = 1; b < 4; b++) begin
        if (32'(qe.src[2*j +: 2]) == b) qe_line[j] = bank_data_i[128*b +: 128];
      end
      qe_read[j] = qe.active[j] && !qe.border[j] && !qe.bad && !qe.corner[j];
      qe_dec[j] = qe.took[j] || (qe.slice_end && !qe_read[j]);
      qe_texel[j] = qe.took[j] ? tsu_hw_pkg::access_from_line(qe_line[j], qe.off[4*j +: 4])
                               : 128'd0;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      quad_used_q <= '0;
      qcn_gap_q <= '0;
    end else begin
      quad_used_q <= quad_used_q + QCntW'(qe_fire && qe.slice_end) - QCntW'(pop_i);
      if (qe_fire && qe.slice_end && qe_corner) qcn_gap_q <= 2'(CornerII - 1);
      else if (qcn_gap_q != '0) qcn_gap_q <= qcn_gap_q - 2'd1;
    end
  end
  // QPQ: the request's tap-value rule, popped with its last slice.
  tsu_tex_pkg::texel_req_t y;
  logic                    nc_qpq_empty, nc_qpq_full;
  logic [CntW-1:0]         nc_qpq_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(texel_req_i)), .Depth(MaxInflight)) u_qpq (
    .clk_i, .rst_ni, .push_i, .data_i(texel_req_i), .pop_i(qe_fire && qe.slice_end && qe.last),
    .data_o(y), .empty_o(nc_qpq_empty), .full_o(nc_qpq_full), .count_o(nc_qpq_count)
  );
  logic [3:0]   ty_valid, ty_float;
  logic [127:0] ty_c [4];
  for (genvar j = 0; j < 4; j++) begin : g_texel
    tsu_tex_texel #(
      .EnableCompare(EnableCompare), .EnableNorm(EnableNorm), .EnableHalf(EnableHalf),
      .EnableInt(EnableInt)
    ) u_texel (
      .clk_i, .rst_ni,
      .valid_i       (qe_fire && qe_dec[j]),
      .order_i       (y.chorder),
      .type_i        (y.chtype),
      .read_norm_i   (y.read_norm),
      .srgb_i        (y.srgb),
      .compare_i     (y.compare),
      .op_i          (y.compare_op),
      .ref_i         (y.ref_value),
      .border_color_i(y.border_color),
      .border_i      (qe.border[j]),
      .texel_i       (qe_texel[j]),
      .valid_o       (ty_valid[j]),
      .float_o       (ty_float[j]),
      .c_o           (ty_c[j])
    );
  end
  // Bad levels accumulate over a request's slices (a quad request has no residency map).
  logic qe_bad_acc_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) qe_bad_acc_q <= 1'b0;
    else if (qe_fire && qe.slice_end) qe_bad_acc_q <= qe.last ? 1'b0 : qe_bad_acc_q || qe.bad;
  end
  // A slice's side: {its last group, corner lanes, last of its request, bad, weights, ranks}.
  typedef struct packed {
    logic        slice_end;
    logic [3:0]  corner;
    logic        last;
    logic        bad;
    logic [31:0] w;
    logic [3:0]  ranks;
  } side_t;
  side_t qe_side, ty;
  logic  ty_side_valid;
  always_comb begin
    qe_side.slice_end = qe.slice_end;
    qe_side.corner = qe.corner;
    qe_side.last = qe.last;
    qe_side.bad = qe_bad_acc_q || qe.bad;
    qe_side.w = qe.w;
    qe_side.ranks = qe.ranks;
  end
  tsu_delay #(.Width($bits(qe_side)), .Depth(TexelLat), .Ram(QueueRam)) u_ty_side (
    .clk_i, .rst_ni, .valid_i(qe_fire), .data_i(qe_side), .valid_o(ty_side_valid), .data_o(ty)
  );
  // Gather: a lane's texel waits for its slice's last group.
  logic [127:0] gq_c [4];
  logic [3:0]   gq_float, g_float;
  logic [511:0] g_quad_c;
  always_ff @(posedge clk_i) begin
    for (int j = 0; j < 4; j++) begin
      if (ty_valid[j]) begin
        gq_c[j] <= ty_c[j];
        gq_float[j] <= ty_float[j];
      end
    end
  end
  always_comb begin
    for (int j = 0; j < 4; j++) begin
      g_quad_c[128*j +: 128] = ty_valid[j] ? ty_c[j] : gq_c[j];
      g_float[j] = ty_valid[j] ? ty_float[j] : gq_float[j];
    end
  end
  // ---- Seamless corners ------------------------------------------------------------------------
  // A slice as the bilerp takes it.
  typedef struct packed {
    logic [511:0] c;
    logic         last;
    logic         bad;
    logic [31:0]  w;
    logic [3:0]   ranks;
  } quad_t;
  quad_t g_quad, bi, qd;  // qd: beside the corner block
  logic  cq_valid, bi_valid;
  always_comb begin
    cq_valid = ty_side_valid && ty.slice_end;
    g_quad.c = g_quad_c;
    g_quad.last = ty.last;
    g_quad.bad = ty.bad;
    g_quad.w = ty.w;
    g_quad.ranks = ty.ranks;
  end
  if (EnableSeamless) begin : g_corner
    logic         cq_has, cq_float, cq_long, cq_short, qd_valid, qd_has, qd_float, qcm_valid;
    logic [$clog2(CornerLat + 2)-1:0] cq_count_q;
    logic [1:0]   cq_k, qd_k;
    logic [127:0] qcm_mean;
    always_comb begin
      cq_has = ty.corner != '0;
      cq_k = ty.corner[3] ? 2'd3 : ty.corner[2] ? 2'd2 : ty.corner[1] ? 2'd1 : 2'd0;
      cq_float = g_float[cq_k ^ 2'd3];
      cq_long = cq_valid && (cq_has || cq_count_q != '0);
      cq_short = cq_valid && !cq_long;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cq_count_q <= '0;
      else cq_count_q <= cq_count_q + $bits(cq_count_q)'(cq_long) - $bits(cq_count_q)'(qd_valid);
    end
    tsu_tex_corner #(.Lanes(CornerLanes)) u_qcorner (
      .clk_i, .rst_ni,
      .valid_i(cq_valid && cq_has && cq_float),
      .a_i    (g_quad_c[128*32'(2'(cq_k ^ 2'd3)) +: 128]),
      .b_i    (g_quad_c[128*32'(2'(cq_k ^ 2'd2)) +: 128]),
      .c_i    (g_quad_c[128*32'(2'(cq_k ^ 2'd1)) +: 128]),
      .valid_o(qcm_valid),
      .mean_o (qcm_mean)
    );
    tsu_delay #(.Width(4 + $bits(g_quad)), .Depth(CornerLat), .Ram(QueueRam)) u_qcorner_side (
      .clk_i, .rst_ni, .valid_i(cq_long), .data_i({cq_has, cq_float, cq_k, g_quad}),
      .valid_o(qd_valid), .data_o({qd_has, qd_float, qd_k, qd})
    );
    // The bilerp's input: the delay line's slice (its corner lane filled in) or the one arriving.
    always_comb begin
      bi = g_quad;
      if (qd_valid) begin
        bi = qd;
        for (int j = 0; j < 4; j++) begin
          if (qd_has && qd_k == 2'(j)) begin
            bi.c[128*j +: 128] = qd_float ? qcm_mean : qd.c[128*(j ^ 3) +: 128];
          end
        end
      end
    end
    assign bi_valid = qd_valid || cq_short;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni)
      a_corner_mean_aligned: assert (qcm_valid == (qd_valid && qd_has && qd_float));
    always @(posedge clk_i) if (rst_ni) a_quad_one_way: assert (!(qd_valid && cq_short));
    c_quad_follows_corner: cover property (@(posedge clk_i) cq_long && !cq_has);
    c_quad_corner_int: cover property (@(posedge clk_i) qd_valid && qd_has && !qd_float);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_no_corner
    assign bi = g_quad;
    assign bi_valid = cq_valid;
    assign qd = '0;
    logic unused_corner;
    assign unused_corner = ^{g_float, ty.corner, qd};
  end
  logic         bl_valid;
  logic [127:0] bl_c;
  logic [31:0]  bl_w;
  logic [4:0]   bl_side;
  tsu_tex_bilerp #(.SideW(5)) u_bilerp (
    .clk_i, .rst_ni,
    .valid_i(bi_valid),
    .c_i    (bi.c),
    .w0_i   (bi.w),
    .wx2_i  (bi.w[7:0]),
    .ranks_i(bi.ranks[1:0]),
    .side_i ({bi.ranks[3:2], bi.last, bi.bad, 1'b0}),
    .valid_o(bl_valid),
    .c_o    (bl_c),
    .w_o    (bl_w),
    .side_o (bl_side)
  );
  // QQ6: what leaves the bilerp is a tap whose x and y ranks are done.
  tsu_tex_pkg::item_t qq6_in;
  always_comb begin
    qq6_in.c = bl_c;
    qq6_in.side.last = bl_side[2];
    qq6_in.side.nonres = 1'b0;
    qq6_in.side.bad = bl_side[1];
    qq6_in.side.w = bl_w;
    qq6_in.side.ranks = {bl_side[4:3], 2'b00};
  end
  logic                nc_qq6_full;
  logic [QCntW-1:0]    nc_qq6_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(qq6_in)), .Depth(QuadDepth)) u_qq6 (
    .clk_i, .rst_ni, .push_i(bl_valid), .data_i(qq6_in), .pop_i, .data_o(item_o), .empty_o,
    .full_o(nc_qq6_full), .count_o(nc_qq6_count)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni) a_qq6_room: assert (!(bl_valid && nc_qq6_full));
  c_quad_corner_wait: cover property (@(posedge clk_i) !group_empty_i && qe.slice_end &&
                                      qe.corner != '0 && qcn_gap_q != '0);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_qpq_empty, nc_qpq_full, nc_qpq_count, nc_qq6_count, bl_side[0]};
endmodule
