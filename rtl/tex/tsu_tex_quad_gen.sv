// tsu_tex_quad_gen: the quad path's generator (tsu_tex_engine, Quad). A pass is one slice (point:
// one tap; 1-D linear: two; 2-D linear: four) or two (3-D linear: z, then z + 1), each a quad of
// up to four taps in lanes by their index in the slice (x fastest), one slice per cycle. Seamless
// cubes: a lane off one edge reads the adjacent face (tsu_tex_cube_adj, per lane); a lane off both
// (a corner) reads nothing, its value being the mean of the other three lanes', which are its
// face's texel and its two neighbours across the edges (tsu::Sampler::Tap). A point tap at a
// corner becomes such a footprint: the corner in lane 0, lanes 1-3 its texels. Four address
// generators; each lane's bank is {y, x-line} parity (a footprint's lines in four banks). The
// slice waits in QQ4 for the issue stage (tsu_tex_quad_issue); QQ4 is reserved before it enters.
module tsu_tex_quad_gen #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned TapDepth = 8,
  parameter int unsigned LineBytes = 16,  // the banked cache's line: the bank's x parity bit
  parameter bit          QueueRam = 1'b1,
  parameter bit          EnableSeamless = 1'b1  // 0: no reprojection, no corner lanes (H15)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     pass_valid_i,
  input  tsu_tex_pkg::pass_t       pass_i,
  input  tsu_tex_pkg::level_addr_t level_i,
  input  logic [AddrW-1:0]         level_base_i,
  input  tsu_tex_pkg::tap_req_t    tap_req_i,
  output logic                     pass_pop_o,
  output logic                     fire_o,
  // QQ4: a slice and its lanes' addresses (lane j in [AddrW*j +: AddrW]).
  input  logic                     pop_i,
  output logic                     empty_o,
  output tsu_tex_pkg::slice_t      slice_o,
  output logic [4*AddrW-1:0]       addr_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, from a pass at the input to its footprint at QQ4's head.
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_tap_latency(1);
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned AgLat = tsu_hw_pkg::addrgen_latency(1'b1, 1'b1, 1'b1, 1);  // its defaults
  localparam int unsigned LayerW = tsu_tex_pkg::LayerW;
  localparam int unsigned QOffW = $clog2(LineBytes);
  localparam int unsigned QTapCntW = $clog2(TapDepth + AgLat + 2);

  tsu_tex_pkg::pass_t t;
  assign t = pass_i;
  logic       qg_fire, qg_s_q, qg_last_slice, qg_bad, qg_pcorner;
  logic [2:0] qg_ntaps;  // taps per slice
  logic [3:0] qg_active, qg_border, qg_ox, qg_oy, qg_hx, qg_hy, qg_corner, qg_adj, nc_adj_valid;
  logic [15:0] qg_x [4];
  logic [15:0] qg_y [4];
  logic [15:0] qg_z;
  logic [19:0] qg_xbyte [4];
  logic [1:0]  qg_bank [4];
  logic [1:0]  qg_edge [4];
  logic [15:0] qg_k [4];
  logic [2:0]  qg_aface [4];
  logic [15:0] qg_ai [4];
  logic [15:0] qg_aj [4];
  logic [15:0] qg_xf [4];
  logic [15:0] qg_yf [4];
  logic [LayerW-1:0] qg_layer [4];
  logic [QTapCntW-1:0] qtap_used_q;
  always_comb begin
    qg_ntaps = !t.linear ? 3'd1 : t.axes == 2'd1 ? 3'd2 : 3'd4;
    qg_last_slice = !(t.linear && t.axes == 2'd3) || qg_s_q;
    qg_bad = !level_i.ok;
    qg_z = (t.linear && qg_s_q) ? t.idx1[47:32] : t.idx0[47:32];
    qg_pcorner = EnableSeamless && !t.linear && t.seamless && t.out0[0] && t.out0[1];
    for (int j = 0; j < 4; j++) begin
      qg_active[j] = 3'(j) < qg_ntaps || qg_pcorner;
      qg_x[j] = (t.linear && j[0]) ? t.idx1[15:0] : t.idx0[15:0];
      qg_y[j] = (t.linear && j[1]) ? t.idx1[31:16] : t.idx0[31:16];
      // Off the face: a linear lane by its column and row; a point corner's lanes 1-3 are its
      // own texel (lane 3) and the texels across x (lane 2) and across y (lane 1).
      qg_ox[j] = EnableSeamless && qg_active[j] && t.seamless &&
                 (t.linear ? (j[0] ? t.out1[0] : t.out0[0]) : (!j[0] && t.out0[0]));
      qg_oy[j] = EnableSeamless && qg_active[j] && t.seamless &&
                 (t.linear ? (j[1] ? t.out1[1] : t.out0[1]) : (!j[1] && t.out0[1]));
      qg_hx[j] = (t.linear && j[0]) ? t.hi1[0] : t.hi0[0];
      qg_hy[j] = (t.linear && j[1]) ? t.hi1[1] : t.hi0[1];
      qg_corner[j] = qg_ox[j] && qg_oy[j];
      qg_adj[j] = (qg_ox[j] || qg_oy[j]) && !qg_corner[j];
      qg_edge[j] = qg_ox[j] ? {1'b0, qg_hx[j]} : {1'b1, qg_hy[j]};
      qg_k[j] = qg_ox[j] ? qg_y[j] : qg_x[j];
      qg_border[j] = 1'b0;
      if (t.axes >= 2'd1) qg_border[j] = qg_border[j] || ((t.linear && j[0]) ? t.border1[0] : t.border0[0]);
      if (t.axes >= 2'd2) qg_border[j] = qg_border[j] || ((t.linear && j[1]) ? t.border1[1] : t.border0[1]);
      if (t.axes >= 2'd3) qg_border[j] = qg_border[j] || ((t.linear && qg_s_q) ? t.border1[2] : t.border0[2]);
    end
  end
  for (genvar j = 0; j < 4; j++) begin : g_adj
    if (EnableSeamless) begin : g_on
      tsu_tex_cube_adj #(.RegOut(1'b0)) u_qadj (
        .clk_i, .rst_ni,
        .valid_i(qg_fire && qg_adj[j]),
        .face_i (t.face),
        .edge_i (qg_edge[j]),
        .k_i    (qg_k[j]),
        .n_i    (t.n),
        .valid_o(nc_adj_valid[j]),
        .face_o (qg_aface[j]),
        .i_o    (qg_ai[j]),
        .j_o    (qg_aj[j])
      );
    end else begin : g_off
      assign nc_adj_valid[j] = 1'b0;
      assign qg_aface[j] = '0;
      assign qg_ai[j] = '0;
      assign qg_aj[j] = '0;
      logic unused_adj;
      assign unused_adj = ^{qg_edge[j], qg_k[j]};
    end
  end
  // Apart from the lanes' flags: the adjacent face's texel comes back through tsu_tex_cube_adj.
  always_comb begin
    for (int j = 0; j < 4; j++) begin
      qg_xf[j] = qg_adj[j] ? qg_ai[j] : qg_x[j];
      qg_yf[j] = qg_adj[j] ? qg_aj[j] : qg_y[j];
      qg_layer[j] = qg_adj[j] ? t.layer - LayerW'(t.face) + LayerW'(qg_aface[j]) : t.layer;
      qg_xbyte[j] = 20'((({4'd0, qg_xf[j]} << tap_req_i.samples_log2) | 20'(tap_req_i.sample))
                        << tap_req_i.texel_log2);
      qg_bank[j] = {qg_yf[j][0], qg_xbyte[j][QOffW]};
    end
  end
  assign qg_fire = pass_valid_i && tap_req_i.quad && qtap_used_q < QTapCntW'(TapDepth);
  assign fire_o = qg_fire;
  assign pass_pop_o = qg_fire && qg_last_slice;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      qg_s_q <= 1'b0;
      qtap_used_q <= '0;
    end else begin
      if (qg_fire) qg_s_q <= !qg_last_slice;
      qtap_used_q <= qtap_used_q + QTapCntW'(qg_fire) - QTapCntW'(pop_i);
    end
  end
  logic [3:0]         qa_valid;
  logic [4*AddrW-1:0] qa_addr;
  for (genvar j = 0; j < 4; j++) begin : g_ag
    tsu_addrgen #(.AddrW(AddrW), .LayerW(LayerW)) u_ag (
      .clk_i, .rst_ni,
      .valid_i            (qg_fire),
      .x_byte_i           (qg_xbyte[j]),
      .y_i                (qg_yf[j]),
      .z_i                (qg_z[11:0]),
      .layer_i            (qg_layer[j]),
      .layout_i           (tap_req_i.layout),
      .base_i             (level_base_i),
      .pitch_i            (level_i.pitch),
      .slice_bytes_i      (AddrW'(level_i.slice_bytes)),
      .layer_stride_i     (tap_req_i.layer_stride[AddrW-1:0]),
      .row_of_blocks_i    (AddrW'(level_i.row_of_blocks)),
      .block_height_log2_i(level_i.block_height_log2),
      .block_depth_log2_i (level_i.block_depth_log2),
      .valid_o            (qa_valid[j]),
      .addr_o             (qa_addr[AddrW*j +: AddrW])
    );
  end
  tsu_tex_pkg::slice_t tok, tok_d;
  always_comb begin
    tok.corner = qg_corner;
    tok.active = qg_active;
    tok.border = qg_border;
    tok.bad = qg_bad;
    tok.banks = {qg_bank[3], qg_bank[2], qg_bank[1], qg_bank[0]};
    tok.w = {t.two ? t.frac : 8'd0, t.linear ? t.wt : 24'd0};
    tok.ranks = {t.two, t.linear ? (t.axes == 2'd1 ? 3'd1 : t.axes == 2'd2 ? 3'd3 : 3'd7) : 3'd0};
    tok.last = qg_last_slice && t.last_pass;
  end
  logic nc_tok_valid;
  tsu_delay #(.Width($bits(tok)), .Depth(AgLat), .Ram(QueueRam)) u_qtok (
    .clk_i, .rst_ni, .valid_i(qg_fire), .data_i(tok), .valid_o(nc_tok_valid), .data_o(tok_d)
  );
  logic nc_qq4_full;
  logic [$clog2(TapDepth + 1)-1:0] nc_qq4_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(tok) + 4 * AddrW), .Depth(TapDepth)) u_qq4 (
    .clk_i, .rst_ni, .push_i(qa_valid[0]), .data_i({tok_d, qa_addr}), .pop_i,
    .data_o({slice_o, addr_o}), .empty_o, .full_o(nc_qq4_full), .count_o(nc_qq4_count)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // The request routing (tsu_tex_setup) keeps every tap within a texel of the face: one corner.
  always @(posedge clk_i) if (rst_ni && qg_fire)
    a_one_corner: assert ($onehot0(qg_corner));
  c_quad_seamless_edge: cover property (@(posedge clk_i) qg_fire && qg_adj != '0);
  c_quad_corner: cover property (@(posedge clk_i) qg_fire && t.linear && qg_corner != '0);
  c_quad_point_corner: cover property (@(posedge clk_i) qg_fire && qg_pcorner);
  c_quad_bilinear: cover property (@(posedge clk_i) qg_fire && t.linear && t.axes == 2'd2);
  c_quad_3d: cover property (@(posedge clk_i) qg_fire && t.linear && t.axes == 2'd3 && qg_s_q);
  c_quad_border: cover property (@(posedge clk_i) qg_fire && qg_border != '0);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_adj_valid, nc_tok_valid, nc_qq4_full, nc_qq4_count, qa_valid[3:1],
                    qg_z[15:12], tap_req_i, level_i, t};
endmodule
