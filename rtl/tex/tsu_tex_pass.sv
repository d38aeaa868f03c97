// tsu_tex_pass: the pass generator of the sampling pipeline (tsu_tex_engine): one level of one
// request ("pass") per cycle. A pass takes its request's texture fields (QB, pushed at
// acceptance), coordinates (QU, tsu_tex_cube_path), levels (Q2) and its level's record (QL,
// tsu_tex_lvl_fetch); tsu_tex_level gives the level's size and addressing (QLV), and the
// coordinate pipeline per axis gives the taps' indices:
//   x = u * size for normalized coordinates (tsu_fp_mul, exact size) -> tsu_tex_coord (nearest
//   index, 24.8 fixed point) -> the first tap's index plus the offset, and the linear weight
//   (tsu::NearestIndex or LinearFixed; integer coordinates as they are) -> tsu_tex_wrap (the
//   address mode: both taps' indices and borders)
// into Q3, with the per-request tap fields (QC, pushed at acceptance) beside it. The tap
// generators pop a pass (pop_i) with its QLV entry, and QC with a request's last pass. Q3 and QLV
// are reserved before a pass enters (PassDepth entries), so the fixed-latency pipeline never
// stalls. AxisBeats 3 runs the three axes through one multiplier, one coordinate stage and one
// wrap on consecutive cycles (a pass every third cycle, 4 cycles more latency); AxisBeats 1 has
// one of each per axis and takes a pass every cycle.
module tsu_tex_pass #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned MaxInflight = 64,
  parameter bit          QueueRam = 1'b1,
  parameter int unsigned AxisBeats = 1  // cycles per pass (the II): 1 or 3
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // Per request, at acceptance.
  input  logic                       accept_i,
  input  tsu_tex_pkg::pass_req_t     pass_req_i,
  input  tsu_tex_pkg::tap_req_t      tap_req_i,
  // QU (tsu_tex_cube_path): the request's coordinates.
  input  logic                       coord_empty_i,
  input  tsu_tex_pkg::coord_t        coord_i,
  output logic                       coord_pop_o,
  // Q2 and QL (tsu_tex_lvl_fetch): the request's levels and the level records.
  input  logic                       levels_empty_i,
  input  tsu_tex_pkg::levels_t       levels_i,
  output logic                       levels_pop_o,
  input  logic                       rec_empty_i,
  input  logic [127:0]               rec_i,
  output logic                       rec_pop_o,
  // A pass (Q3), its level (QLV) and its request's tap fields (QC).
  output logic                       valid_o,
  input  logic                       pop_i,
  output tsu_tex_pkg::pass_t         pass_o,
  output tsu_tex_pkg::level_addr_t   level_o,
  output logic [AddrW-1:0]           level_base_o,
  output tsu_tex_pkg::tap_req_t      tap_req_o
);
  // The children at their defaults (every register; the wrap's divider 2 steps a register).
  localparam int unsigned MulLat = tsu_hw_pkg::FP_MUL_LATENCY;
  localparam int unsigned CoordLat = tsu_hw_pkg::tex_coord_latency(1'b1, 1'b1);
  localparam int unsigned WrapLat = tsu_hw_pkg::tex_wrap_latency(1'b1, 2, 1'b1, 1'b1);
  localparam int unsigned PassDepth = 2 * MaxInflight;
  localparam int unsigned Serial = AxisBeats - 1;  // the cycles the last axis trails the first
  localparam int unsigned PassLat = tsu_hw_pkg::tex_pass_pipe_latency(AxisBeats);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, from a pass's level record at QL's head to the pass at Q3's head.
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_pass_latency(AxisBeats);
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned PassCntW = $clog2(PassDepth + PassLat + 2);
  localparam int unsigned CntW = $clog2(MaxInflight + 1);
  localparam int unsigned PassW = $clog2(PassDepth + 1);
  localparam int unsigned LayerW = tsu_tex_pkg::LayerW;

  // What the coordinate pipeline carries beside its arithmetic.
  typedef struct packed {
    logic              s32path;
    logic              linear;
    logic [1:0]        axes;
    logic              two;
    logic              last;
    logic [7:0]        frac;
    logic [11:0]       offset;
    logic [95:0]       u;
    logic [16:0]       w;
    logic [16:0]       h;
    logic [12:0]       d;
    logic [5:0]        modes;      // axis a's address mode in [2a +: 2]
    logic              norm;       // normalized coordinates, not integer ones
    logic              seamless;   // a seamless cube's pass
    logic [2:0]        face;
    logic [LayerW-1:0] layer;
  } side_t;

  // ---- QB: the request's texture fields ------------------------------------------------------
  tsu_tex_pkg::pass_req_t p;
  logic                   qb_empty, nc_qb_full;
  logic [CntW-1:0]        nc_qb_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(pass_req_i)), .Depth(MaxInflight)) u_qb (
    .clk_i, .rst_ni, .push_i(accept_i), .data_i(pass_req_i), .pop_i(levels_pop_o), .data_o(p),
    .empty_o(qb_empty), .full_o(nc_qb_full), .count_o(nc_qb_count)
  );

  // ---- The pass and its level ------------------------------------------------------------------
  logic       p_second_q, p_fire, p_last;
  logic [4:0] p_level;
  assign p_level = p_second_q ? levels_i.lo : levels_i.hi;
  assign p_last = !levels_i.two || p_second_q;

  tsu_pkg::tex_desc_t p_tex;
  always_comb begin
    p_tex = '0;
    p_tex.width = p.width;
    p_tex.height = p.height;
    p_tex.depth = p.depth;
    p_tex.layout = p.layout;
    p_tex.block_height_log2 = p.block_height_log2;
    p_tex.block_depth_log2 = p.block_depth_log2;
    p_tex.samples_log2 = p.samples_log2;
    p_tex.base = p.base;
  end
  tsu_tex_pkg::level_addr_t lv;
  logic             nc_lv_valid;
  logic [16:0]      lv_w, lv_h;
  logic [12:0]      lv_d;
  logic [AddrW-1:0] lv_base;
  tsu_tex_level #(.AddrW(AddrW), .RegOut(1'b0)) u_level (
    .clk_i, .rst_ni,
    .valid_i            (p_fire),
    .tex_i              (p_tex),
    .rec_i              (rec_i),
    .level_i            (p_level),
    .texel_log2_i       (p.texel_log2),
    .valid_o            (nc_lv_valid),
    .ok_o               (lv.ok),
    .width_o            (lv_w),
    .height_o           (lv_h),
    .depth_o            (lv_d),
    .base_o             (lv_base),
    .pitch_o            (lv.pitch),
    .row_of_blocks_o    (lv.row_of_blocks),
    .slice_bytes_o      (lv.slice_bytes),
    .block_height_log2_o(lv.block_height_log2),
    .block_depth_log2_o (lv.block_depth_log2)
  );
  assign lv.level = p_level;

  // Credits for the pass pipeline's output queue (Q3) and the level queue (QLV).
  logic [PassCntW-1:0] pass_used_q;  // passes in the pipeline or in Q3
  logic                qlv_full, p_gap;
  assign p_fire = !levels_empty_i && !qb_empty && !coord_empty_i && !rec_empty_i && !qlv_full &&
                  pass_used_q < PassCntW'(PassDepth) && !p_gap;
  assign rec_pop_o = p_fire;
  assign levels_pop_o = p_fire && p_last;
  assign coord_pop_o = levels_pop_o;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      p_second_q <= 1'b0;
      pass_used_q <= '0;
    end else begin
      if (p_fire) p_second_q <= !p_last;
      pass_used_q <= pass_used_q + PassCntW'(p_fire) - PassCntW'(pop_i);
    end
  end
  // QLV: the level's addressing, read by the tap generators.
  logic             nc_qlv_empty;
  logic [PassW-1:0] nc_qlv_count;
  tsu_fifo #(.Ram(QueueRam), .Width(AddrW + $bits(lv)), .Depth(PassDepth)) u_qlv (
    .clk_i, .rst_ni, .push_i(p_fire), .data_i({lv_base, lv}), .pop_i,
    .data_o({level_base_o, level_o}), .empty_o(nc_qlv_empty), .full_o(qlv_full),
    .count_o(nc_qlv_count)
  );

  // ---- The level coordinates: x = u * size for normalized coordinates (size exact in f32) -------
  side_t       ps;
  logic [16:0] m_n [3];
  logic [31:0] m_x [3];
  logic [2:0]  m_valid;
  logic signed [23:0] c_near [3];
  logic signed [31:0] c_fixed [3];
  logic [2:0]  c_valid;
  always_comb begin
    ps.s32path = p.s32path;
    ps.linear = levels_i.linear;
    ps.axes = p.axes;
    ps.two = levels_i.two;
    ps.last = p_last;
    ps.frac = levels_i.frac;
    ps.offset = p.offset;
    ps.u = coord_i.u;
    ps.w = lv_w;
    ps.h = lv_h;
    ps.d = lv_d;
    ps.modes = {p.mode_w, p.mode_v, p.mode_u};
    ps.norm = p.normalized && !p.s32path;
    ps.seamless = p.cube && p.seamless;
    ps.face = coord_i.face;
    ps.layer = coord_i.layer;
    m_n[0] = lv_w;
    m_n[1] = lv_h;
    m_n[2] = {4'd0, lv_d};
  end
  // Beside the multiplier: the raw coordinates (unnormalized use them as they are).
  side_t cs;
  if (AxisBeats == 1) begin : g_axes
    assign p_gap = 1'b0;
    logic        m_norm;
    logic [95:0] m_u;
    logic        nc_mul_side_valid;
    tsu_delay #(.Width(97), .Depth(MulLat), .Ram(QueueRam)) u_mul_side (
      .clk_i, .rst_ni, .valid_i(p_fire), .data_i({ps.norm, ps.u}),
      .valid_o(nc_mul_side_valid), .data_o({m_norm, m_u})
    );
    for (genvar a = 0; a < 3; a++) begin : g_axis
      tsu_fp_mul u_mul (
        .clk_i, .rst_ni,
        .valid_i (p_fire),
        .a_i     (ps.u[32*a +: 32]),
        .b_i     (tsu_hw_pkg::extent_f32(m_n[a])),
        .valid_o (m_valid[a]),
        .result_o(m_x[a])
      );
      tsu_tex_coord u_coord (
        .clk_i, .rst_ni,
        .valid_i  (m_valid[a]),
        .x_i      (m_norm ? m_x[a] : m_u[32*a +: 32]),
        .valid_o  (c_valid[a]),
        .nearest_o(c_near[a]),
        .fixed_o  (c_fixed[a])
      );
    end
    logic unused_axes;
    assign unused_axes = ^{nc_mul_side_valid};
  end else begin : g_axes_serial
    // Axis a enters on the pass's a-th cycle: the first from the pass, the others from a copy.
    logic [1:0]  b_q;  // the next axis, 0 when idle
    logic [95:0] u_q;
    logic [16:0] n_q [2];
    logic        norm_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) b_q <= '0;
      else if (p_fire) b_q <= 2'd1;
      else if (b_q != '0) b_q <= b_q == 2'd2 ? 2'd0 : b_q + 2'd1;
    end
    always_ff @(posedge clk_i) if (p_fire) {u_q, n_q[0], n_q[1], norm_q} <= {ps.u, m_n[1], m_n[2], ps.norm};
    assign p_gap = b_q != '0;
    logic        e_valid, e_norm;
    logic [31:0] e_u;
    logic [16:0] e_n;
    assign e_valid = p_fire || b_q != '0;
    assign e_u = p_fire ? ps.u[31:0] : u_q[32*b_q +: 32];
    assign e_n = p_fire ? m_n[0] : n_q[b_q == 2'd2 ? 1 : 0];
    assign e_norm = p_fire ? ps.norm : norm_q;
    logic        m_norm, nc_mul_side_valid, s_mul_valid, s_valid;
    logic [31:0] m_u, s_x;
    logic signed [23:0] s_near;
    logic signed [31:0] s_fixed;
    tsu_delay #(.Width(33), .Depth(MulLat), .Ram(QueueRam)) u_mul_side (
      .clk_i, .rst_ni, .valid_i(e_valid), .data_i({e_norm, e_u}),
      .valid_o(nc_mul_side_valid), .data_o({m_norm, m_u})
    );
    tsu_fp_mul u_mul (
      .clk_i, .rst_ni, .valid_i(e_valid), .a_i(e_u), .b_i(tsu_hw_pkg::extent_f32(e_n)),
      .valid_o(s_mul_valid), .result_o(s_x)
    );
    tsu_tex_coord u_coord (
      .clk_i, .rst_ni, .valid_i(s_mul_valid), .x_i(m_norm ? s_x : m_u),
      .valid_o(s_valid), .nearest_o(s_near), .fixed_o(s_fixed)
    );
    // The first two axes wait for the third; all three leave together with it.
    logic [1:0] c_b_q;  // the axis the coordinate stage delivers next
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) c_b_q <= '0;
      else if (s_valid) c_b_q <= c_b_q == 2'd2 ? 2'd0 : c_b_q + 2'd1;
    end
    logic signed [23:0] h_near [2];
    logic signed [31:0] h_fixed [2];
    always_ff @(posedge clk_i) begin
      if (s_valid && c_b_q == 2'd0) {h_near[0], h_fixed[0]} <= {s_near, s_fixed};
      if (s_valid && c_b_q == 2'd1) {h_near[1], h_fixed[1]} <= {s_near, s_fixed};
    end
    assign {c_near[0], c_fixed[0]} = {h_near[0], h_fixed[0]};
    assign {c_near[1], c_fixed[1]} = {h_near[1], h_fixed[1]};
    assign {c_near[2], c_fixed[2]} = {s_near, s_fixed};
    assign c_valid = {2'b00, s_valid && c_b_q == 2'd2};  // bit 0: the pass's last axis
    assign m_valid = '0;
    assign m_x[0] = '0;
    assign m_x[1] = '0;
    assign m_x[2] = '0;
    logic unused_serial;
    assign unused_serial = ^{nc_mul_side_valid, m_x[0], m_x[1], m_x[2], m_valid};
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni)
      a_interval: assert (!(p_fire && b_q != '0))
      else $error("tsu_tex_pass: a pass inside the interval (II 3)");
    /* verilator lint_on SYNCASYNCNET */
`endif
  end
  // Beside multiplier and coordinate stage: everything the index stage and wrap need.
  logic  nc_coord_side_valid;
  tsu_delay #(.Width($bits(ps)), .Depth(MulLat + CoordLat + Serial), .Ram(QueueRam)) u_coord_side (
    .clk_i, .rst_ni, .valid_i(p_fire), .data_i(ps), .valid_o(nc_coord_side_valid), .data_o(cs)
  );

  // Index stage: the first tap's index per axis (tsu::NearestIndex or LinearFixed, plus the
  // offset; integer coordinates as they are plus the offset) and the linear weight.
  logic signed [33:0] i_idx [3];
  logic [7:0]         i_wt [3];
  logic signed [33:0] i_idx_q [3];
  logic [7:0]         i_wt_q [3];
  logic               i_valid_q;
  side_t              is;
  logic signed [33:0] i_off [3];
  logic signed [33:0] i_fx [3];
  always_comb begin
    for (int a = 0; a < 3; a++) begin
      i_off[a] = 34'($signed(cs.offset[4*a +: 4]));
      i_fx[a] = 34'(c_fixed[a]) + (i_off[a] <<< 8);
      if (cs.s32path) begin
        i_idx[a] = 34'($signed(cs.u[32*a +: 32])) + i_off[a];
        i_wt[a] = 8'd0;
      end else if (cs.linear) begin
        i_idx[a] = i_fx[a] >>> 8;
        i_wt[a] = i_fx[a][7:0];
      end else begin
        i_idx[a] = 34'(c_near[a]) + i_off[a];
        i_wt[a] = 8'd0;
      end
      if (32'(a) >= 32'(cs.axes)) begin  // an axis the geometry does not have
        i_idx[a] = '0;
        i_wt[a] = 8'd0;
      end
    end
  end
  logic i_in;  // the index stage's input holds a pass (c_valid[0]: its last axis at AxisBeats 3)
  assign i_in = c_valid[0];
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) i_valid_q <= 1'b0;
    else i_valid_q <= i_in;
  end
  // Loaded with a pass only: at AxisBeats 3 they hold it while the wrap takes its three axes.
  always_ff @(posedge clk_i) begin
    if (i_in) begin
      for (int a = 0; a < 3; a++) begin
        i_idx_q[a] <= i_idx[a];
        i_wt_q[a] <= i_wt[a];
      end
      is <= cs;
    end
  end
  // A cube tap's position against its face (x, y): off the face (a seamless tap then reads the
  // adjacent face), and on which side. The first tap's index is in [-1, N] (coordinates in
  // [0, 1]), the second's one more.
  logic [1:0] is_out0, is_hi0, is_out1, is_hi1;
  logic signed [33:0] is_i1 [2];
  always_comb begin
    for (int a = 0; a < 2; a++) begin
      is_i1[a] = i_idx_q[a] + 34'sd1;
      is_out0[a] = i_idx_q[a] < 0 || i_idx_q[a] >= 34'($signed({1'b0, is.w}));
      is_hi0[a] = !i_idx_q[a][33];
      is_out1[a] = is_i1[a] < 0 || is_i1[a] >= 34'($signed({1'b0, is.w}));
      is_hi1[a] = !is_i1[a][33];
    end
  end

  // ---- The address mode per axis ---------------------------------------------------------------
  logic [16:0] w_n [3];
  logic [15:0] w_idx0 [3];
  logic [15:0] w_idx1 [3];
  logic [2:0]  w_b0, w_b1, w_valid;
  assign w_n[0] = is.w;
  assign w_n[1] = is.h;
  assign w_n[2] = {4'd0, is.d};
  logic w_done;  // the wrap's last axis of a pass
  if (AxisBeats == 1) begin : g_wraps
    for (genvar a = 0; a < 3; a++) begin : g_wrap
      tsu_tex_wrap u_wrap (
        .clk_i, .rst_ni,
        .valid_i     (i_valid_q),
        .i_i         (i_idx_q[a]),
        .n_i         (32'(a) < 32'(is.axes) ? w_n[a] : 17'd1),
        .mode_i      (is.modes[2*a +: 2]),
        .normalized_i(is.norm),
        .valid_o     (w_valid[a]),
        .idx0_o      (w_idx0[a]),
        .border0_o   (w_b0[a]),
        .idx1_o      (w_idx1[a]),
        .border1_o   (w_b1[a])
      );
    end
    assign w_done = w_valid[0];
  end else begin : g_wrap_serial
    // One wrap over the three axes on consecutive cycles, from the index stage's registers
    // (which hold the pass: the next one comes three cycles later at the earliest).
    logic [1:0] wb_q;  // the axis entering next after the first
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) wb_q <= '0;
      else if (i_valid_q) wb_q <= 2'd1;
      else if (wb_q != '0) wb_q <= wb_q == 2'd2 ? 2'd0 : wb_q + 2'd1;
    end
    logic [1:0] wa;
    assign wa = i_valid_q ? 2'd0 : wb_q;
    logic        s_valid, s_b0, s_b1;
    logic [15:0] s_idx0, s_idx1;
    tsu_tex_wrap u_wrap (
      .clk_i, .rst_ni,
      .valid_i     (i_valid_q || wb_q != '0),
      .i_i         (i_idx_q[wa]),
      .n_i         (32'(wa) < 32'(is.axes) ? w_n[wa] : 17'd1),
      .mode_i      (is.modes[2*wa +: 2]),
      .normalized_i(is.norm),
      .valid_o     (s_valid),
      .idx0_o      (s_idx0),
      .border0_o   (s_b0),
      .idx1_o      (s_idx1),
      .border1_o   (s_b1)
    );
    logic [1:0] o_q;  // the axis the wrap delivers next
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) o_q <= '0;
      else if (s_valid) o_q <= o_q == 2'd2 ? 2'd0 : o_q + 2'd1;
    end
    logic [15:0] h_idx0 [2], h_idx1 [2];
    logic [1:0]  h_b0, h_b1;
    always_ff @(posedge clk_i) begin
      if (s_valid && o_q == 2'd0) {h_idx0[0], h_b0[0], h_idx1[0], h_b1[0]} <= {s_idx0, s_b0, s_idx1, s_b1};
      if (s_valid && o_q == 2'd1) {h_idx0[1], h_b0[1], h_idx1[1], h_b1[1]} <= {s_idx0, s_b0, s_idx1, s_b1};
    end
    assign w_idx0[0] = h_idx0[0];
    assign w_idx0[1] = h_idx0[1];
    assign w_idx0[2] = s_idx0;
    assign w_idx1[0] = h_idx1[0];
    assign w_idx1[1] = h_idx1[1];
    assign w_idx1[2] = s_idx1;
    assign w_b0 = {s_b0, h_b0};
    assign w_b1 = {s_b1, h_b1};
    assign w_done = s_valid && o_q == 2'd2;
    assign w_valid = {2'b00, w_done};
  end
  // The pass as Q3 holds it; the indices and borders join it as they leave the wrap.
  tsu_tex_pkg::pass_t ws_in, ws, q3_in;
  logic               nc_wrap_side_valid;
  always_comb begin
    ws_in = '0;
    ws_in.wt = {i_wt_q[2], i_wt_q[1], i_wt_q[0]};
    ws_in.linear = is.linear;
    ws_in.axes = is.axes;
    ws_in.two = is.two;
    ws_in.last_pass = is.last;
    ws_in.frac = is.frac;
    ws_in.seamless = is.seamless;
    ws_in.out1 = is_out1;
    ws_in.hi1 = is_hi1;
    ws_in.out0 = is_out0;
    ws_in.hi0 = is_hi0;
    ws_in.face = is.face;
    ws_in.layer = is.layer;
    ws_in.n = is.w;
  end
  tsu_delay #(.Width($bits(ws_in)), .Depth(WrapLat + Serial), .Ram(QueueRam)) u_wrap_side (
    .clk_i, .rst_ni, .valid_i(i_valid_q), .data_i(ws_in), .valid_o(nc_wrap_side_valid),
    .data_o(ws)
  );
  always_comb begin
    q3_in = ws;
    q3_in.idx1 = {w_idx1[2], w_idx1[1], w_idx1[0]};
    q3_in.idx0 = {w_idx0[2], w_idx0[1], w_idx0[0]};
    q3_in.border1 = w_b1;
    q3_in.border0 = w_b0;
  end
  // Q3: one entry per pass.
  logic             q3_empty, nc_q3_full;
  logic [PassW-1:0] nc_q3_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(q3_in)), .Depth(PassDepth)) u_q3 (
    .clk_i, .rst_ni, .push_i(w_done), .data_i(q3_in), .pop_i, .data_o(pass_o),
    .empty_o(q3_empty), .full_o(nc_q3_full), .count_o(nc_q3_count)
  );
  // QC: what the tap generators need per request.
  logic            qc_empty, nc_qc_full;
  logic [CntW-1:0] nc_qc_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(tap_req_i)), .Depth(MaxInflight)) u_qc (
    .clk_i, .rst_ni, .push_i(accept_i), .data_i(tap_req_i), .pop_i(pop_i && pass_o.last_pass),
    .data_o(tap_req_o), .empty_o(qc_empty), .full_o(nc_qc_full), .count_o(nc_qc_count)
  );
  assign valid_o = !q3_empty && !qc_empty;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  if (!(AxisBeats == 1 || AxisBeats == 3)) begin : g_bad_axis_beats
    $error("tsu_tex_pass: AxisBeats 1 or 3");
  end
  c_two_pass: cover property (@(posedge clk_i) p_fire && levels_i.two);
  c_bad_level: cover property (@(posedge clk_i) p_fire && !lv.ok);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_qb_full, nc_qb_count, nc_lv_valid, nc_qlv_empty, nc_qlv_count,
                    nc_coord_side_valid, nc_wrap_side_valid, nc_q3_full, w_valid,
                    nc_q3_count, nc_qc_full, nc_qc_count, c_valid[2:1], m_valid[2:1],
                    p.width, p.height, p.depth, p.base, coord_i.u[95:0], cs, is,
                    ws};
endmodule
