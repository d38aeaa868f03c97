// tsu_tex_engine: the texture sampling pipeline, from a tex request (its decoded fields, operands,
// texture header and sampler) to its result, for every geometry, plain tex, .base, .level and
// .grad (golden function: tsu::ExecTex on a texture bound from its slot; docs/semantics.md
// T1-T10).
//
//   setup (layer, sample, offsets, result class) -> [cube: tsu_tex_cube, the face and (s, t)]
//   -> [.grad: tsu_tex_grad, or on a cube tsu_tex_cube_grad from tsu_tex_cube's face] -> tsu_tex_lod
//   -> level-record reads (lvl_*)
//   -> per level ("pass"): tsu_tex_level, coordinate x size (tsu_fp_mul), tsu_tex_coord, offsets,
//      tsu_tex_wrap per axis
//   -> per tap: [seamless cube, off the face: tsu_tex_cube_adj] tsu_addrgen and the residency bit
//   -> texel and residency reads (mem_*) -> tsu_tex_texel -> [a seamless corner's three texels:
//   tsu_tex_corner] -> tsu_tex_filter -> tsu_tex_out -> response, in request order.
//
// A cube request's coordinates pass through face selection (CubeLat cycles); a request behind it
// follows through a delay line of the same length, so coordinates stay in order (the per-request
// queues wait for them). A .grad request's lambda takes GradLat cycles, GradLongLat on a cube
// (the quotient-rule gradients start from face selection's early outputs); a request behind one
// follows through a delay line of the same length. A seamless tap off the face reads the adjacent face's texel; a corner tap
// (off both edges) reads three texels, whose mean (tsu_tex_corner) is the tap. A tap behind a
// corner follows through the corner block's delay line, keeping the filter's order.
//
// With Quad, a second tap path beside the one above takes a pass's 2x2 footprint per cycle (four
// address generators, each behind its own tsu_tex_cube_adj, the texel cache in four banks, four
// texel stages, a seamless corner's mean from the footprint's other three lanes, tsu_tex_bilerp for
// ranks x and y) for every request without a residency map, seamless cubes included unless their
// direction is NaN, infinite or zero; the two paths merge in request order before the filter
// (docs/semantics.md H14; the g_quad block below).
//
// Each request costs one level-record read per level it samples (1, or 2 for a linear mip filter
// between levels) and one texel read per tap (1 nearest, 2/4/8 linear per level), plus one
// residency read per tap when the texture has a residency map; border taps read nothing. Taps
// issue one per cycle. Fixed-latency pipelines have no stall: every FIFO behind one is reserved
// (a credit) before an item enters it, and at most MaxInflight requests are inside the engine,
// so the filter's and the output converter's results always have room.
module tsu_tex_engine #(
  parameter int unsigned AddrW = 48,
  // Requests inside the engine. A request occupies its slot from acceptance to response, so
  // throughput is at most MaxInflight / latency (Little's law): 64 keeps point sampling at one
  // sample per clock with single-cycle memory (idle latency 53 cycles).
  parameter int unsigned MaxInflight = 64,
  parameter int unsigned MaxReads = 32,     // texel/residency reads outstanding
  parameter int unsigned Lanes = 4,         // filter channels per beat (tsu_tex_filter)
  // Corner-mean channels per cycle (tsu_tex_corner): 2 (II 2) or 4. Two corner taps are at least
  // three texel cycles apart (each is the third of three texels, the first two absorbed), so
  // II 2 never stalls; tsu_tex_corner asserts its interval (1, at II 4, would not hold).
  parameter int unsigned CornerLanes = 2,
  // Cycles per cube .grad request in tsu_tex_cube_grad: 2 (dPdx, then dPdy through one datapath:
  // half its dividers and multipliers; the engine takes no request in the cycle after a cube
  // .grad) or 1.
  parameter int unsigned CubeGradBeats = 2,
  parameter bit QueueRam = 1'b1,            // per-request and tap queues in block RAM (same timing)
  // Quad: a second tap path that takes a pass's 2x2 footprint (a quad) per cycle through four
  // address generators, a banked texel cache (QCache*, tsu_tex_cache_banked), four texel stages
  // and tsu_tex_bilerp, for every request whose texture has no residency map (and, on a seamless
  // cube, whose direction is finite, not zero, without offsets); the others keep the one-tap
  // path, whose reads then go to memory uncached. Needs Lanes 4.
  parameter bit Quad = 1'b0,
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned QCacheBytes = 2048,
  parameter int unsigned QCacheWays = 4,
  parameter int unsigned QCacheLineBytes = 16
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  // Request: a decoded tex with valid descriptors (the unit checks them before).
  input  logic               req_valid_i,
  output logic               req_ready_o,
  input  logic [3:0]         req_geom_i,     // tsu_pkg::geom_e
  input  logic [1:0]         req_mode_i,     // tsu_pkg::texmode_e
  input  logic               req_s32_i,      // .s32 coordinates
  input  logic [3:0]         req_dtype_i,    // tsu_pkg::dtype_e
  input  logic               req_compare_i,  // has a depth compare operand
  input  logic [127:0]       req_coords_i,   // operand c, element k in [32k +: 32]
  input  logic [31:0]        req_lod_i,
  input  logic [95:0]        req_dpdx_i,     // .grad: dPdx, element a in [32a +: 32]
  input  logic [95:0]        req_dpdy_i,     // .grad: dPdy
  input  logic [11:0]        req_offset_i,   // e: x, y, z offsets, 4 bits each (0 without e)
  input  logic [31:0]        req_ref_i,
  input  tsu_pkg::tex_desc_t req_tex_i,
  input  tsu_pkg::smp_desc_t req_smp_i,
  // Level-record reads (16-byte lines, in-order responses).
  output logic               lvl_req_valid_o,
  input  logic               lvl_req_ready_i,
  output logic [AddrW-1:0]   lvl_req_addr_o,
  input  logic               lvl_rsp_valid_i,
  output logic               lvl_rsp_ready_o,
  input  logic [127:0]       lvl_rsp_data_i,
  // Texel and residency reads (16-byte lines, in-order responses).
  output logic               mem_req_valid_o,
  input  logic               mem_req_ready_i,
  output logic [AddrW-1:0]   mem_req_addr_o,
  input  logic               mem_rsp_valid_i,
  output logic               mem_rsp_ready_o,
  input  logic [127:0]       mem_rsp_data_i,
  // Quad: the banked cache's invalidations (as tsu_tex_cache's) and its counters (0 without Quad).
  input  logic               inv_valid_i,
  input  logic [AddrW-1:0]   inv_addr_i,
  input  logic               inv_all_i,
  output logic [31:0]        cache_lookups_o,
  output logic [31:0]        cache_misses_o,
  // Response.
  output logic               rsp_valid_o,
  input  logic               rsp_ready_i,
  output logic [127:0]       rsp_data_o,     // element k in [32k +: 32]
  output logic [2:0]         rsp_count_o,
  output logic               rsp_pred_o,     // residency: every tap's tile resident
  output logic               rsp_trap_o      // a sampled level's record is unusable
);
  // ---- Latencies of the blocks it joins --------------------------------------------------------
  localparam int unsigned LodLat = 4;    // tsu_tex_lod
  localparam int unsigned GradLat = 26;  // tsu_tex_grad
  localparam int unsigned MulLat = 6;    // tsu_fp_mul
  localparam int unsigned CoordLat = 2;  // tsu_tex_coord
  localparam int unsigned WrapLat = 15;  // tsu_tex_wrap
  localparam int unsigned AgLat = 3;     // tsu_addrgen
  localparam int unsigned TexelLat = 7;  // tsu_tex_texel
  localparam int unsigned OutLat = 5;    // tsu_tex_out
  localparam int unsigned CubeLat = 28;  // tsu_tex_cube
  localparam int unsigned CubeAxisLat = 1;  // tsu_tex_cube's face and face-table outputs
  localparam int unsigned CubeGradLat = 48 + CubeGradBeats - 1;  // tsu_tex_cube_grad
  // A .grad request's lambda, on any geometry: the cube gradients' path, the longer one.
  localparam int unsigned GradLongLat = CubeAxisLat + CubeGradLat;
  localparam int unsigned CornerLat = 18 + 4 / CornerLanes - 1;  // tsu_tex_corner
  // A tap's layer: a cube array's layer x 6 + face (up to 6 x 2048 layers).
  localparam int unsigned LayerW = 32'(tsu_pkg::COORD_LAYER_BITS) + 3;
  localparam int unsigned PassDepth = 2 * MaxInflight;
  localparam int unsigned TapDepth = 8;
  localparam int unsigned Tap2Depth = MaxReads;  // every issued read's tap waits here
  localparam int unsigned TexelDepth = 32;  // taps in the texel stage, the corner block and Q6
  localparam int unsigned InflW = $clog2(MaxInflight + 1);
  // A filter input item (Q6, and the quad path's QQ6): {channels, last of its request, the
  // request's flags (non-resident, bad level), weights, ranks}.
  localparam int unsigned ItemSideW = 1 + 2 + 32 + 4;
  localparam int unsigned ItemW = 128 + ItemSideW;
  logic             mg_valid, mg_take, mg_last, mg_quad, qq6_empty, qm_empty;
  logic [1:0]       mg_flags;
  logic [ItemW-1:0] qq6_out;
  localparam int unsigned ReadW = $clog2(MaxReads + 1);
  /* verilator lint_off UNUSEDPARAM */
  // Cycles from a point-sampled request's acceptance to its response, idle, with memory answering
  // in one cycle: LOD, the level-record read, the level's coordinate pipeline, the tap's address
  // and read, the texel, the filter's bypass and the output conversion, with the queues between.
  // A linear filter adds the filter's 18 cycles per rank; a cube request, face selection (28); a
  // .grad request, its gradients (GradLat, 26; on a cube GradLongLat, 50 with CubeGradBeats 2).
  // Checked by
  // TexEngine.IdleLatencyIsTheDeclaredLatency.
  localparam int unsigned Latency /*verilator public*/ = 53;
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;
  /* verilator lint_on UNUSEDPARAM */

  // Outputs of the blocks that this engine does not use.
  /* verilator lint_off UNUSEDSIGNAL */
  logic nc_u_qb_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_qb_count;
  logic nc_u_qu_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_qu_count;
  logic nc_u_qc_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_qc_count;
  logic nc_u_qp_empty;
  logic nc_u_qp_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_qp_count;
  logic nc_u_qo_empty;
  logic nc_u_qo_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_qo_count;
  logic nc_u_lod_side_valid;
  logic nc_u_q1_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_q1_count;
  logic nc_u_q2_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_q2_count;
  logic [$clog2(2 * MaxInflight + 1)-1:0] nc_u_ql_count;
  logic nc_u_qlv_empty;
  logic [$clog2(PassDepth + 1)-1:0] nc_u_qlv_count;
  logic nc_u_mul_side_valid;
  logic nc_u_coord_side_valid;
  logic nc_u_wrap_side_valid;
  logic nc_u_q3_full;
  logic [$clog2(PassDepth + 1)-1:0] nc_u_q3_count;
  logic nc_u_tok_valid;
  logic nc_u_q4_full;
  logic [$clog2(TapDepth + 1)-1:0] nc_u_q4_count;
  logic [$clog2(Tap2Depth + 1)-1:0] nc_u_q5_count;
  logic [$clog2(MaxReads + 1)-1:0] nc_u_qr_count;
  logic nc_u_qf_empty;
  logic nc_u_qf_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_qf_count;
  logic nc_u_texel_side_valid;
  logic nc_u_q6_full;
  logic [$clog2(TexelDepth + 1)-1:0] nc_u_q6_count;
  logic nc_u_out_side_valid;
  logic nc_u_rq_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_u_rq_count;
  logic nc_u_level_valid;
  logic nc_u_adj_valid;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- Entry credit --------------------------------------------------------------------------------
  logic [InflW-1:0] inflight_q;
  logic             accept, rsp_pop;
  // At II 2 the cube gradients take no request in the cycle after a cube .grad (cg_gap_q).
  logic cg_gap_q;
  assign req_ready_o = inflight_q < InflW'(MaxInflight) && !cg_gap_q;
  assign accept = req_valid_i && req_ready_o;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) inflight_q <= '0;
    else inflight_q <= inflight_q + InflW'(accept) - InflW'(rsp_pop);
  end

  // ---- Setup (combinational on the request) --------------------------------------------------
  tsu_hw_pkg::fmt_info_t fmt;
  tsu_fmt_decode u_fmt (
    .order_i(req_tex_i.chorder),
    .type_i (req_tex_i.chtype),
    .info_o (fmt)
  );

  logic        s_is_ms, s_first, s_s32path, s_float, s_sint, s_linear_min, s_linear_mag;
  logic        s_cube, s_seamless;
  logic [31:0] s_dir [3];  // a cube request's direction
  logic [1:0]  s_axes;
  logic [2:0]  s_kind;
  logic [31:0] s_c [4];
  logic [31:0] s_u0, s_u1, s_u2, s_layer32, s_sample32, s_lod_int, s_last_level;
  logic [10:0] s_layer;
  logic [2:0]  s_sample;
  logic [4:0]  s_level_s32;
  logic [4:0]  s_bx, s_by, s_bz, s_lb;
  logic [16:0] s_tiles_x, s_tiles_y;
  logic [12:0] s_tiles_z;
  always_comb begin
    for (int k = 0; k < 4; k++) s_c[k] = req_coords_i[32*k +: 32];
    s_is_ms = tsu_pkg::GEOM_MS[req_geom_i];
    s_cube = tsu_pkg::GEOM_CUBE[req_geom_i];
    s_seamless = s_cube && req_smp_i.seamless_cube;
    s_first = tsu_pkg::GEOM_ARRAY[req_geom_i] && !s_is_ms;  // a1d, a2d: layer first
    s_s32path = req_s32_i || s_is_ms;
    s_axes = req_geom_i == 4'(tsu_pkg::Geom1d) || req_geom_i == 4'(tsu_pkg::GeomA1d) ? 2'd1
           : req_geom_i == 4'(tsu_pkg::Geom3d) ? 2'd3 : 2'd2;
    // Layer (u32, clamped to the last) and sample (multisample: 2dms {s, x, y}, a2dms {l, s, x, y}).
    s_layer32 = 32'd0;
    s_sample32 = 32'd0;
    s_u0 = s_first ? s_c[1] : s_c[0];
    s_u1 = s_first ? s_c[2] : s_c[1];
    s_u2 = s_c[2];
    for (int k = 0; k < 3; k++) s_dir[k] = s_first ? s_c[k + 1] : s_c[k];
    if (tsu_pkg::GEOM_ARRAY[req_geom_i]) begin
      s_layer32 = s_c[0] < req_tex_i.array_size - 32'd1 ? s_c[0] : req_tex_i.array_size - 32'd1;
    end
    if (s_is_ms) begin
      if (req_geom_i == 4'(tsu_pkg::GeomA2dms)) begin
        s_sample32 = s_c[1];
        s_u0 = s_c[2];
        s_u1 = s_c[3];
      end else begin
        s_sample32 = s_c[0];
        s_u0 = s_c[1];
        s_u1 = s_c[2];
      end
      if (s_sample32 > (32'd1 << req_tex_i.samples_log2) - 32'd1) begin
        s_sample32 = (32'd1 << req_tex_i.samples_log2) - 32'd1;
      end
    end
    s_layer = s_layer32[10:0];
    s_sample = s_sample32[2:0];
    // Integer coordinates: .level picks a level directly (clamped), else level 0.
    s_lod_int = req_lod_i;
    s_last_level = 32'(req_tex_i.levels) - 32'd1;
    s_level_s32 = 5'd0;
    if (req_mode_i == 2'(tsu_pkg::TexModeLevel) && !s_is_ms) begin
      if ($signed(s_lod_int) <= 0) s_level_s32 = 5'd0;
      else if (s_lod_int > s_last_level) s_level_s32 = s_last_level[4:0];
      else s_level_s32 = s_lod_int[4:0];
    end
    // The result class after the read mode (tsu::MakeTexelRule): 8/16-bit integers read as
    // normalized floats become UNORM/SNORM.
    s_kind = fmt.kind;
    if (req_smp_i.read_mode == 1'(tsu_pkg::ReadNormalizedFloat) && fmt.bits[5:0] <= 6'd16) begin
      if (fmt.kind == 3'(tsu_hw_pkg::KindUint)) s_kind = 3'(tsu_hw_pkg::KindUnorm);
      if (fmt.kind == 3'(tsu_hw_pkg::KindSint)) s_kind = 3'(tsu_hw_pkg::KindSnorm);
    end
    s_float = s_kind != 3'(tsu_hw_pkg::KindUint) && s_kind != 3'(tsu_hw_pkg::KindSint);
    s_sint = s_kind == 3'(tsu_hw_pkg::KindSint);
    s_linear_min = req_smp_i.min_filter == 1'(tsu_pkg::FilterLinear);
    s_linear_mag = req_smp_i.mag_filter == 1'(tsu_pkg::FilterLinear);
    // Residency index widths (tsu::MakeResidencyIndex): ceil(log2(tiles)) = bit length of
    // (tiles - 1) = bit length of ((extent - 1) >> tile_log2).
    s_tiles_x = (req_tex_i.width[16:0] - 17'd1) >> req_tex_i.tile_x_log2;
    s_tiles_y = (req_tex_i.height[16:0] - 17'd1) >> req_tex_i.tile_y_log2;
    s_tiles_z = (req_tex_i.depth[12:0] - 13'd1) >> req_tex_i.tile_z_log2;
    s_bx = 5'd0;
    s_by = 5'd0;
    s_bz = 5'd0;
    s_lb = 5'd0;
    for (int b = 0; b < 17; b++) begin
      if (s_tiles_x[b]) s_bx = 5'(b + 1);
      if (s_tiles_y[b]) s_by = 5'(b + 1);
    end
    for (int b = 0; b < 13; b++) if (s_tiles_z[b]) s_bz = 5'(b + 1);
    for (int b = 0; b < 5; b++) if (s_last_level[b]) s_lb = 5'(b + 1);
  end

  // The quad path takes what needs one line per tap: no residency map. A seamless cube goes there
  // when its face coordinates are sure to lie in [0, 1] (no NaN or infinite direction component,
  // not every component zero or subnormal, no offsets): its taps are then at most one texel off
  // the face, so a corner tap's three texels are the footprint's other three (H14).
  logic s_quad, s_seam_quad, s_dir_special, s_dir_zero;
  always_comb begin
    s_dir_special = 1'b0;
    s_dir_zero = 1'b1;
    for (int k = 0; k < 3; k++) begin
      s_dir_special = s_dir_special || s_dir[k][30:23] == 8'hFF;
      s_dir_zero = s_dir_zero && s_dir[k][30:23] == 8'h00;
    end
    s_seam_quad = !s_dir_special && !s_dir_zero && req_offset_i == 12'd0;
  end
  assign s_quad = Quad && req_tex_i.residency_map == 64'd0 && (!s_seamless || s_seam_quad);

  // ---- Per-request queues, pushed at acceptance, each popped by its consumer -----------------------
  // QB: what the pass generator needs (header for tsu_tex_level, coordinates, offsets, modes).
  localparam int unsigned QbW = 32 + 32 + 32 + 5 + 3 + 1 + 1 + 1 + 3 + 3 + 64 + 2 + 12 + 1 + 1 + 6 + 3;
  logic [QbW-1:0] qb_in, qb_out;
  logic           qb_pop, qb_empty;
  assign qb_in = {req_tex_i.width, req_tex_i.height, req_tex_i.depth, req_tex_i.levels,
                  fmt.texel_log2, s_s32path, s_cube, req_tex_i.layout, req_tex_i.block_height_log2,
                  req_tex_i.block_depth_log2, req_tex_i.base, req_tex_i.samples_log2,
                  req_offset_i, req_smp_i.normalized || s_cube, s_seamless,
                  req_smp_i.address_w,
                  s_cube ? 2'(tsu_pkg::AddrModeClamp) : req_smp_i.address_v,  // cube: the face's
                  s_cube ? 2'(tsu_pkg::AddrModeClamp) : req_smp_i.address_u,  // edge clamps
                  1'b0, s_axes};
  tsu_fifo #(.Ram(QueueRam), .Width(QbW), .Depth(MaxInflight)) u_qb (
    .clk_i, .rst_ni, .push_i(accept), .data_i(qb_in), .pop_i(qb_pop), .data_o(qb_out),
    .empty_o(qb_empty), .full_o(nc_u_qb_full), .count_o(nc_u_qb_count)
  );
  // ---- Cube faces: the coordinates of a cube request are its face's (s, t) ------------------------
  // A request takes the long path (face selection, or the delay line beside it) when it is a cube
  // request or one is still inside; otherwise its coordinates enter QU at once. The two paths never
  // push in the same cycle: the short one needs the long one empty.
  logic                          k_long, k_valid, k_side_valid, kd_cube;
  logic [$clog2(CubeLat + 2)-1:0] k_count_q;
  logic [2:0]                    k_face;
  logic [31:0]                   k_s, k_t, kd_u0, kd_u1, kd_u2;
  logic [10:0]                   kd_layer;
  // Face selection's early outputs, where the cube gradients start (CubeAxisLat after acceptance).
  logic                          k_ax_valid;
  logic [2:0]                    k_ax_face;
  logic [31:0]                   k_ax_sc, k_ax_tc, k_ax_ma;
  assign k_long = s_cube || k_count_q != '0;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) k_count_q <= '0;
    else k_count_q <= k_count_q + $bits(k_count_q)'(accept && k_long) - $bits(k_count_q)'(k_side_valid);
  end
  tsu_tex_cube u_cube (
    .clk_i, .rst_ni,
    .valid_i(accept && k_long),
    .x_i    (s_dir[0]),
    .y_i    (s_dir[1]),
    .z_i    (s_dir[2]),
    .valid_o(k_valid),
    .face_o (k_face),
    .s_o    (k_s),
    .t_o    (k_t),
    .axis_valid_o(k_ax_valid),
    .axis_face_o (k_ax_face),
    .axis_sc_o   (k_ax_sc),
    .axis_tc_o   (k_ax_tc),
    .axis_ma_o   (k_ax_ma)
  );
  tsu_delay #(.Width(1 + 11 + 96), .Depth(CubeLat)) u_cube_side (
    .clk_i, .rst_ni, .valid_i(accept && k_long), .data_i({s_cube, s_layer, s_u2, s_u1, s_u0}),
    .valid_o(k_side_valid), .data_o({kd_cube, kd_layer, kd_u2, kd_u1, kd_u0})
  );
  // QU: the coordinates, the tap layer (a cube's layer x 6 + face) and the face, kept apart from
  // QB: the pass pipeline reads them at its input.
  localparam int unsigned QuW = 3 + LayerW + 96;
  logic [QuW-1:0] qu_in, qu_out;
  logic           qu_push, qu_empty;
  logic [LayerW-1:0] k_layer6;
  assign k_layer6 = (LayerW'(kd_layer) << 2) + (LayerW'(kd_layer) << 1) + LayerW'(k_face);
  assign qu_push = k_side_valid || (accept && !k_long);
  always_comb begin
    if (!k_side_valid) qu_in = {3'd0, LayerW'(s_layer), s_u2, s_u1, s_u0};
    else if (kd_cube) qu_in = {k_face, k_layer6, 32'd0, k_t, k_s};
    else qu_in = {3'd0, LayerW'(kd_layer), kd_u2, kd_u1, kd_u0};
  end
  tsu_fifo #(.Ram(QueueRam), .Width(QuW), .Depth(MaxInflight)) u_qu (
    .clk_i, .rst_ni, .push_i(qu_push), .data_i(qu_in), .pop_i(qb_pop),
    .data_o(qu_out), .empty_o(qu_empty), .full_o(nc_u_qu_full), .count_o(nc_u_qu_count)
  );
  // QC: what the tap generator needs per request.
  localparam int unsigned QcW = 1 + 1 + 3 + 2 + 3 + 64 + 64 + 12 + 5 * 4;
  logic [QcW-1:0] qc_out;
  logic           qc_pop, qc_empty;
  tsu_fifo #(.Ram(QueueRam), .Width(QcW), .Depth(MaxInflight)) u_qc (
    .clk_i, .rst_ni, .push_i(accept),
    .data_i({s_quad, req_tex_i.layout, s_sample, req_tex_i.samples_log2, fmt.texel_log2,
             req_tex_i.layer_stride,
             req_tex_i.residency_map, req_tex_i.tile_z_log2, req_tex_i.tile_y_log2,
             req_tex_i.tile_x_log2, s_bx, s_by, s_bz, s_lb}),
    .pop_i(qc_pop), .data_o(qc_out), .empty_o(qc_empty), .full_o(nc_u_qc_full), .count_o(nc_u_qc_count)
  );
  // QP: the tap-value rule (tsu_tex_texel's per-request inputs) of the one-tap path's requests;
  // QPQ (below) the quad path's.
  localparam int unsigned QpW = 5 + 5 + 1 + 1 + 1 + 3 + 32 + 128;
  logic [QpW-1:0] qp_out, qp_in;
  logic           qp_pop;
  assign qp_in = {req_tex_i.chorder, req_tex_i.chtype, req_smp_i.read_mode, req_smp_i.srgb,
                  req_compare_i, req_smp_i.compare, req_ref_i, req_smp_i.border};
  tsu_fifo #(.Ram(QueueRam), .Width(QpW), .Depth(MaxInflight)) u_qp (
    .clk_i, .rst_ni, .push_i(accept && !s_quad),
    .data_i(qp_in),
    .pop_i(qp_pop), .data_o(qp_out), .empty_o(nc_u_qp_empty), .full_o(nc_u_qp_full), .count_o(nc_u_qp_count)
  );
  // QO: the output conversion's inputs.
  logic [5:0] qo_out;
  logic       qo_pop;
  tsu_fifo #(.Ram(QueueRam), .Width(6), .Depth(MaxInflight)) u_qo (
    .clk_i, .rst_ni, .push_i(accept), .data_i({req_dtype_i, s_float, s_sint}), .pop_i(qo_pop),
    .data_o(qo_out), .empty_o(nc_u_qo_empty), .full_o(nc_u_qo_full), .count_o(nc_u_qo_count)
  );

  // ---- Level of detail ----------------------------------------------------------------------------
  // Three paths to tsu_tex_lod, so that each request pays only for what it needs and requests
  // arrive in order:
  //   short: no .grad in flight and none here: straight to tsu_tex_lod;
  //   A (GradLat): a .grad request (or one behind a .grad in A): lambda from tsu_tex_grad;
  //   B (GradLongLat): a .grad on a cube (or one behind a request in B): lambda from
  //     tsu_tex_cube_grad, which starts from face selection's early outputs (its gradients wait
  //     CubeAxisLat cycles for them); a non-cube .grad in B takes tsu_tex_grad's lambda, delayed.
  // B's delay line continues A's: a request of B passes A's exit and goes on. A request takes
  // B while B holds one, else A while A holds one, else its own path, so no path's exit meets
  // another's in a cycle (a later entry never leaves earlier).
  typedef struct packed {
    logic [1:0]         mode;
    logic [31:0]        lod;
    logic signed [15:0] bias, min_lod, max_lod;
    logic [1:0]         mip;
    logic [4:0]         levels;
    logic [63:0]        level_table;
    logic               s32path, grad_level, float_res, lin_min, lin_mag;
    logic [4:0]         level_s32;
  } lod_in_t;
  lod_in_t x_d, x_a, x_b, x_lod;
  logic    x_grad, x_take_a, x_take_b, x_a_valid, x_a_on, x_a_exit, x_b_valid, x_lod_valid;
  logic    g_valid, g_valid_raw;
  logic [$clog2(GradLat + 2)-1:0]     a_count_q;  // requests in path A
  logic [$clog2(GradLongLat + 2)-1:0] b_count_q;  // requests in path B
  logic signed [15:0] g_lambda, g_lambda_raw, x_lambda;
  logic [31:0]        nc_g_rho2;
  always_comb begin
    x_grad = req_mode_i == 2'(tsu_pkg::TexModeGrad);
    x_d.mode = req_mode_i;
    x_d.lod = req_lod_i;
    x_d.bias = req_smp_i.lod_bias;
    x_d.min_lod = req_smp_i.min_lod;
    x_d.max_lod = req_smp_i.max_lod;
    // Integer coordinates with .grad: level (lambda + 127) >> 8, clamped (T5): the nearest mip
    // filter's rule, whatever the sampler's.
    x_d.grad_level = x_grad && req_s32_i && !s_is_ms;  // multisample: sample 0 of level 0
    x_d.mip = x_d.grad_level ? 2'(tsu_pkg::MipNearest) : req_smp_i.mip_filter;
    x_d.levels = req_tex_i.levels;
    x_d.level_table = req_tex_i.level_table;
    x_d.s32path = s_s32path;
    x_d.level_s32 = s_level_s32;
    x_d.float_res = s_float;
    x_d.lin_min = s_linear_min;
    x_d.lin_mag = s_linear_mag;
  end
  assign x_take_b = (x_grad && s_cube) || b_count_q != '0;
  assign x_take_a = !x_take_b && (x_grad || a_count_q != '0);
  assign x_a_exit = x_a_valid && !x_a_on;  // a request of A leaves at A's exit
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_count_q <= '0;
      b_count_q <= '0;
    end else begin
      a_count_q <= a_count_q + $bits(a_count_q)'(accept && x_take_a) - $bits(a_count_q)'(x_a_exit);
      b_count_q <= b_count_q + $bits(b_count_q)'(accept && x_take_b) - $bits(b_count_q)'(x_b_valid);
    end
  end
  tsu_tex_grad u_grad (
    .clk_i, .rst_ni,
    .valid_i (accept && (x_take_a || x_take_b)),
    .dpdx_i  (req_dpdx_i),
    .dpdy_i  (req_dpdy_i),
    .axes_i  (s_axes),
    .scale_i (req_smp_i.normalized && !req_s32_i),
    .width_i (req_tex_i.width[16:0] >> req_tex_i.samples_log2),
    .height_i(req_tex_i.height[16:0]),
    .depth_i ({4'd0, req_tex_i.depth[12:0]}),
    .valid_o (g_valid_raw),
    .rho2_o  (nc_g_rho2),
    .lambda_o(g_lambda_raw)
  );
  // A non-cube .grad in path B: its lambda waits for B's exit.
  tsu_delay #(.Width(16), .Depth(GradLongLat - GradLat)) u_grad_wait (
    .clk_i, .rst_ni, .valid_i(g_valid_raw && x_a_on), .data_i(g_lambda_raw),
    .valid_o(g_valid), .data_o(g_lambda)
  );
  // The cube gradients: dPdx, dPdy and the face size wait CubeAxisLat cycles for the face.
  logic        cg_in_valid, cg_valid;
  logic [95:0] cg_dpdx, cg_dpdy;
  logic [16:0] cg_width;
  logic signed [15:0] cg_lambda;
  logic [31:0]        nc_cg_rho2;
  tsu_delay #(.Width(96 + 96 + 17), .Depth(CubeAxisLat)) u_cube_grad_in (
    .clk_i, .rst_ni, .valid_i(accept && x_grad && s_cube),
    .data_i({req_dpdx_i, req_dpdy_i, req_tex_i.width[16:0] >> req_tex_i.samples_log2}),
    .valid_o(cg_in_valid), .data_o({cg_dpdx, cg_dpdy, cg_width})
  );
  if (CubeGradBeats > 1) begin : g_cg_gap
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cg_gap_q <= 1'b0;
      else cg_gap_q <= accept && x_grad && s_cube;
    end
  end else begin : g_cg_no_gap
    assign cg_gap_q = 1'b0;
  end
  tsu_tex_cube_grad #(.Beats(CubeGradBeats)) u_cube_grad (
    .clk_i, .rst_ni,
    .valid_i (cg_in_valid),
    .face_i  (k_ax_face),
    .sc_i    (k_ax_sc),
    .tc_i    (k_ax_tc),
    .ma_i    (k_ax_ma),
    .dpdx_i  (cg_dpdx),
    .dpdy_i  (cg_dpdy),
    .width_i (cg_width),
    .valid_o (cg_valid),
    .rho2_o  (nc_cg_rho2),
    .lambda_o(cg_lambda)
  );
  // Path A's delay line (every request of A and B), then B's continuation.
  tsu_delay #(.Width(1 + $bits(x_d)), .Depth(GradLat)) u_grad_side (
    .clk_i, .rst_ni, .valid_i(accept && (x_take_a || x_take_b)), .data_i({x_take_b, x_d}),
    .valid_o(x_a_valid), .data_o({x_a_on, x_a})
  );
  tsu_delay #(.Width($bits(x_d)), .Depth(GradLongLat - GradLat)) u_cube_grad_side (
    .clk_i, .rst_ni, .valid_i(x_a_valid && x_a_on), .data_i(x_a),
    .valid_o(x_b_valid), .data_o(x_b)
  );
  assign x_lambda = x_b_valid ? (cg_valid ? cg_lambda : g_lambda) : g_lambda_raw;
  // A request enters the short path only when the gradient pipeline is empty: the two never
  // deliver in the same cycle.
  assign x_lod_valid = x_b_valid || x_a_exit || (accept && !x_take_a && !x_take_b);
  assign x_lod = x_b_valid ? x_b : x_a_exit ? x_a : x_d;

  logic       lod_valid, lod_minify;
  logic [5:0] lod_level, lod_next;
  logic [7:0] lod_frac;
  tsu_tex_lod u_lod (
    .clk_i, .rst_ni,
    .valid_i      (x_lod_valid),
    .mode_i       (x_lod.mode),
    .lod_i        (x_lod.lod),
    .grad_lambda_i(x_lambda),
    .bias_i       (x_lod.bias),
    .min_lod_i    (x_lod.min_lod),
    .max_lod_i    (x_lod.max_lod),
    .mip_i        (x_lod.mip),
    .levels_i     ({1'b0, x_lod.levels}),
    .blend_i      (x_lod.float_res),
    .valid_o      (lod_valid),
    .minify_o     (lod_minify),
    .level_o      (lod_level),
    .next_o       (lod_next),
    .frac_o       (lod_frac)
  );
  localparam int unsigned LodSideW = 64 + 1 + 1 + 5 + 1 + 1 + 1;
  logic [LodSideW-1:0] lod_side;
  tsu_delay #(.Width(LodSideW), .Depth(LodLat)) u_lod_side (
    .clk_i, .rst_ni, .valid_i(x_lod_valid),
    .data_i({x_lod.level_table, x_lod.s32path, x_lod.grad_level, x_lod.level_s32, x_lod.float_res,
             x_lod.lin_min, x_lod.lin_mag}),
    .valid_o(nc_u_lod_side_valid), .data_o(lod_side)
  );
  // Q1: levels to read. {table, hi, lo, two passes, linear, frac}
  logic [63:0] l_table;
  logic        l_s32path, l_grad_level, l_float, l_lin_min, l_lin_mag, l_two, l_linear;
  logic [4:0]  l_level_s32, l_hi, l_lo;
  always_comb begin
    {l_table, l_s32path, l_grad_level, l_level_s32, l_float, l_lin_min, l_lin_mag} = lod_side;
    l_two = !l_s32path && lod_frac != 8'd0;
    l_hi = l_s32path && !l_grad_level ? l_level_s32 : lod_level[4:0];
    l_lo = lod_next[4:0];
    l_linear = !l_s32path && l_float && (lod_minify ? l_lin_min : l_lin_mag);
  end
  localparam int unsigned Q1W = 64 + 5 + 5 + 1 + 1 + 8;
  logic [Q1W-1:0] q1_out;
  logic           q1_pop, q1_empty;
  tsu_fifo #(.Ram(QueueRam), .Width(Q1W), .Depth(MaxInflight)) u_q1 (
    .clk_i, .rst_ni, .push_i(lod_valid),
    .data_i({l_table, l_hi, l_lo, l_two, l_linear, l_two ? lod_frac : 8'd0}),
    .pop_i(q1_pop), .data_o(q1_out), .empty_o(q1_empty), .full_o(nc_u_q1_full), .count_o(nc_u_q1_count)
  );

  // ---- Level-record reads ------------------------------------------------------------------------
  logic [63:0] r_table;
  logic [4:0]  r_hi, r_lo;
  logic        r_two, r_linear, r_second_q;
  logic [7:0]  r_frac;
  assign {r_table, r_hi, r_lo, r_two, r_linear, r_frac} = q1_out;
  assign lvl_req_valid_o = !q1_empty;
  assign lvl_req_addr_o = r_table[AddrW-1:0] + AddrW'({r_second_q ? r_lo : r_hi, 4'd0});
  assign q1_pop = lvl_req_valid_o && lvl_req_ready_i && (!r_two || r_second_q);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) r_second_q <= 1'b0;
    else if (lvl_req_valid_o && lvl_req_ready_i) r_second_q <= r_two && !r_second_q;
  end
  // Q2: the request's passes, waiting for their records.
  logic [19:0] q2_out;
  logic        q2_pop, q2_empty;
  tsu_fifo #(.Ram(QueueRam), .Width(20), .Depth(MaxInflight)) u_q2 (
    .clk_i, .rst_ni, .push_i(q1_pop), .data_i({r_hi, r_lo, r_two, r_linear, r_frac}),
    .pop_i(q2_pop), .data_o(q2_out), .empty_o(q2_empty), .full_o(nc_u_q2_full), .count_o(nc_u_q2_count)
  );
  // QL: the records as they return (at most two per request inside the engine).
  logic [127:0] ql_out;
  logic         ql_pop, ql_empty, ql_full;
  tsu_fifo #(.Ram(QueueRam), .Width(128), .Depth(2 * MaxInflight)) u_ql (
    .clk_i, .rst_ni, .push_i(lvl_rsp_valid_i && lvl_rsp_ready_o), .data_i(lvl_rsp_data_i),
    .pop_i(ql_pop), .data_o(ql_out), .empty_o(ql_empty), .full_o(ql_full), .count_o(nc_u_ql_count)
  );
  assign lvl_rsp_ready_o = !ql_full;

  // ---- Pass generator: one level of one request per cycle ---------------------------------------
  logic [4:0]  p_hi, p_lo, p_level;
  logic        p_two, p_linear, p_second_q, p_fire, p_last, p_s32path, p_cube, p_layout, p_norm, p_seamless, p_pad2;
  logic [2:0]  p_face;
  logic [LayerW-1:0] p_layer;
  logic [95:0] p_u;
  assign {p_face, p_layer, p_u} = qu_out;
  logic [7:0]  p_frac;
  logic [31:0] p_width, p_height, p_depth;
  logic [4:0]  p_levels;
  logic [2:0]  p_texel_log2, p_bh, p_bd;
  logic [63:0] p_base;
  logic [1:0]  p_samples_log2, p_axes, p_mode_u, p_mode_v, p_mode_w;
  logic [11:0] p_offset;
  assign {p_hi, p_lo, p_two, p_linear, p_frac} = q2_out;
  assign {p_width, p_height, p_depth, p_levels, p_texel_log2, p_s32path, p_cube, p_layout, p_bh,
          p_bd, p_base, p_samples_log2, p_offset, p_norm, p_seamless, p_mode_w, p_mode_v, p_mode_u,
          p_pad2, p_axes} = qb_out;
  assign p_level = p_second_q ? p_lo : p_hi;
  assign p_last = !p_two || p_second_q;

  tsu_pkg::tex_desc_t p_tex;
  always_comb begin
    p_tex = '0;
    p_tex.width = p_width;
    p_tex.height = p_height;
    p_tex.depth = p_depth;
    p_tex.layout = p_layout;
    p_tex.block_height_log2 = p_bh;
    p_tex.block_depth_log2 = p_bd;
    p_tex.samples_log2 = p_samples_log2;
    p_tex.base = p_base;
  end
  logic             lv_ok;
  logic [16:0]      lv_w, lv_h;
  logic [12:0]      lv_d;
  logic [AddrW-1:0] lv_base;
  logic [31:0]      lv_pitch, lv_rob;
  logic [43:0]      lv_slice;
  logic [2:0]       lv_bh, lv_bd;
  tsu_tex_level #(.AddrW(AddrW), .RegOut(1'b0)) u_level (
    .clk_i, .rst_ni,
    .valid_i            (p_fire),
    .tex_i              (p_tex),
    .rec_i              (ql_out),
    .level_i            (p_level),
    .texel_log2_i       (p_texel_log2),
    .valid_o            (nc_u_level_valid),
    .ok_o               (lv_ok),
    .width_o            (lv_w),
    .height_o           (lv_h),
    .depth_o            (lv_d),
    .base_o             (lv_base),
    .pitch_o            (lv_pitch),
    .row_of_blocks_o    (lv_rob),
    .slice_bytes_o      (lv_slice),
    .block_height_log2_o(lv_bh),
    .block_depth_log2_o (lv_bd)
  );

  // Credits for the pass pipeline's output queue (Q3) and the level queue (QLV).
  localparam int unsigned PassLat = MulLat + CoordLat + 1 + WrapLat;
  localparam int unsigned PassCntW = $clog2(PassDepth + PassLat + 2);
  logic [PassCntW-1:0] pass_used_q;  // passes in the pipeline or in Q3
  logic                q3_pop, qlv_pop, qlv_full;
  assign p_fire = !q2_empty && !qb_empty && !qu_empty && !ql_empty && !qlv_full &&
                  pass_used_q < PassCntW'(PassDepth);
  assign ql_pop = p_fire;
  assign q2_pop = p_fire && p_last;
  assign qb_pop = q2_pop;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      p_second_q <= 1'b0;
      pass_used_q <= '0;
    end else begin
      if (p_fire) p_second_q <= !p_last;
      pass_used_q <= pass_used_q + PassCntW'(p_fire) - PassCntW'(q3_pop);
    end
  end
  // QLV: the level's addressing, read by the tap generator.
  localparam int unsigned QlvW = 1 + 5 + AddrW + 32 + 32 + 44 + 3 + 3;
  logic [QlvW-1:0] qlv_out;
  tsu_fifo #(.Ram(QueueRam), .Width(QlvW), .Depth(PassDepth)) u_qlv (
    .clk_i, .rst_ni, .push_i(p_fire),
    .data_i({lv_ok, p_level, lv_base, lv_pitch, lv_rob, lv_slice, lv_bh, lv_bd}),
    .pop_i(qlv_pop), .data_o(qlv_out), .empty_o(nc_u_qlv_empty), .full_o(qlv_full), .count_o(nc_u_qlv_count)
  );

  // The level coordinates: x = u * size for normalized coordinates (size exact in f32).

  logic [31:0] m_u [3];
  logic [16:0] m_n [3];
  logic [31:0] m_x [3];
  logic [2:0]  m_valid;
  logic signed [23:0] c_near [3];
  logic signed [31:0] c_fixed [3];
  logic [2:0]  c_valid;
  always_comb begin
    m_u[0] = p_u[31:0];
    m_u[1] = p_u[63:32];
    m_u[2] = p_u[95:64];
    m_n[0] = lv_w;
    m_n[1] = lv_h;
    m_n[2] = {4'd0, lv_d};
  end
  // Beside the multiplier: the raw coordinates (unnormalized use them as they are).
  logic        p_norm_d;
  logic [31:0] m_u_d [3];
  logic [95:0] m_u_d_flat;
  tsu_delay #(.Width(97), .Depth(MulLat)) u_mul_side (
    .clk_i, .rst_ni, .valid_i(p_fire), .data_i({p_norm && !p_s32path, p_u}),
    .valid_o(nc_u_mul_side_valid), .data_o({p_norm_d, m_u_d_flat})
  );
  assign m_u_d[0] = m_u_d_flat[31:0];
  assign m_u_d[1] = m_u_d_flat[63:32];
  assign m_u_d[2] = m_u_d_flat[95:64];
  for (genvar a = 0; a < 3; a++) begin : g_axis
    tsu_fp_mul u_mul (
      .clk_i, .rst_ni,
      .valid_i (p_fire),
      .a_i     (m_u[a]),
      .b_i     (tsu_hw_pkg::extent_f32(m_n[a])),
      .valid_o (m_valid[a]),
      .result_o(m_x[a])
    );
    tsu_tex_coord u_coord (
      .clk_i, .rst_ni,
      .valid_i  (m_valid[a]),
      .x_i      (p_norm_d ? m_x[a] : m_u_d[a]),
      .valid_o  (c_valid[a]),
      .nearest_o(c_near[a]),
      .fixed_o  (c_fixed[a])
    );
  end
  // Beside multiplier and coordinate stage: everything the index stage and wrap need.
  localparam int unsigned CoordSideW = 1 + 1 + 2 + 1 + 1 + 1 + 8 + 12 + 96 + 17 + 17 + 13 + 6 + 1 +
                                      2 + 3 + LayerW;
  logic [CoordSideW-1:0] cs_out;
  logic        cs_s32path, cs_linear, cs_two, cs_second, cs_last, cs_norm;
  logic [1:0]  cs_axes;
  logic [7:0]  cs_frac;
  logic [11:0] cs_offset;
  logic [95:0] cs_u;
  logic [16:0] cs_w, cs_h;
  logic [12:0] cs_d;
  logic [5:0]  cs_modes;
  logic        cs_cube, cs_seamless;
  logic [2:0]  cs_face;
  logic [LayerW-1:0] cs_layer;
  tsu_delay #(.Width(CoordSideW), .Depth(MulLat + CoordLat)) u_coord_side (
    .clk_i, .rst_ni, .valid_i(p_fire),
    .data_i({p_s32path, p_linear, p_axes, p_two, p_second_q, p_last, p_frac, p_offset, p_u,
             lv_w, lv_h, lv_d, p_mode_w, p_mode_v, p_mode_u, p_norm && !p_s32path,
             p_cube, p_seamless, p_face, p_layer}),
    .valid_o(nc_u_coord_side_valid),
    .data_o(cs_out)
  );
  assign {cs_s32path, cs_linear, cs_axes, cs_two, cs_second, cs_last, cs_frac, cs_offset, cs_u,
          cs_w, cs_h, cs_d, cs_modes, cs_norm, cs_cube, cs_seamless, cs_face, cs_layer} = cs_out;

  // Index stage: the first tap's index per axis (tsu::NearestIndex or LinearFixed, plus the
  // offset; integer coordinates as they are plus the offset) and the linear weight.
  logic signed [33:0] i_idx [3];
  logic [7:0]         i_wt [3];
  logic signed [33:0] i_idx_q [3];
  logic [7:0]         i_wt_q [3];
  logic               i_valid_q;
  logic [CoordSideW-1:0] i_side_q;
  logic signed [33:0] i_off [3];
  logic signed [33:0] i_fx [3];
  always_comb begin
    for (int a = 0; a < 3; a++) begin
      i_off[a] = 34'($signed(cs_offset[4*a +: 4]));
      i_fx[a] = 34'(c_fixed[a]) + (i_off[a] <<< 8);
      if (cs_s32path) begin
        i_idx[a] = 34'($signed(cs_u[32*a +: 32])) + i_off[a];
        i_wt[a] = 8'd0;
      end else if (cs_linear) begin
        i_idx[a] = i_fx[a] >>> 8;
        i_wt[a] = i_fx[a][7:0];
      end else begin
        i_idx[a] = 34'(c_near[a]) + i_off[a];
        i_wt[a] = 8'd0;
      end
      if (32'(a) >= 32'(cs_axes)) begin  // an axis the geometry does not have
        i_idx[a] = '0;
        i_wt[a] = 8'd0;
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      i_valid_q <= 1'b0;
    end else begin
      i_valid_q <= c_valid[0];
    end
  end
  always_ff @(posedge clk_i) begin
    for (int a = 0; a < 3; a++) begin
      i_idx_q[a] <= i_idx[a];
      i_wt_q[a] <= i_wt[a];
    end
    i_side_q <= cs_out;
  end
  logic        is_s32path, is_linear, is_two, is_second, is_last, is_norm;
  logic [1:0]  is_axes;
  logic [7:0]  is_frac;
  logic [11:0] is_offset;
  logic [95:0] is_u;
  logic [16:0] is_w, is_h;
  logic [12:0] is_d;
  logic [5:0]  is_modes;
  logic        is_cube, is_seamless;
  logic [2:0]  is_face;
  logic [LayerW-1:0] is_layer;
  assign {is_s32path, is_linear, is_axes, is_two, is_second, is_last, is_frac, is_offset, is_u,
          is_w, is_h, is_d, is_modes, is_norm, is_cube, is_seamless, is_face, is_layer} = i_side_q;
  // A cube tap's position against its face (x, y): off the face (a seamless tap then reads the
  // adjacent face), and on which side. The first tap's index is in [-1, N] (coordinates in
  // [0, 1]), the second's one more.
  logic [1:0] is_out0, is_hi0, is_out1, is_hi1;
  logic signed [33:0] is_i1 [2];
  always_comb begin
    for (int a = 0; a < 2; a++) begin
      is_i1[a] = i_idx_q[a] + 34'sd1;
      is_out0[a] = i_idx_q[a] < 0 || i_idx_q[a] >= 34'($signed({1'b0, is_w}));
      is_hi0[a] = !i_idx_q[a][33];
      is_out1[a] = is_i1[a] < 0 || is_i1[a] >= 34'($signed({1'b0, is_w}));
      is_hi1[a] = !is_i1[a][33];
    end
  end

  logic [16:0] w_n [3];
  logic [15:0] w_idx0 [3];
  logic [15:0] w_idx1 [3];
  logic [2:0]  w_b0, w_b1, w_valid;
  assign w_n[0] = is_w;
  assign w_n[1] = is_h;
  assign w_n[2] = {4'd0, is_d};
  for (genvar a = 0; a < 3; a++) begin : g_wrap
    tsu_tex_wrap u_wrap (
      .clk_i, .rst_ni,
      .valid_i     (i_valid_q),
      .i_i         (i_idx_q[a]),
      .n_i         (32'(a) < 32'(is_axes) ? w_n[a] : 17'd1),
      .mode_i      (is_modes[2*a +: 2]),
      .normalized_i(is_norm),
      .valid_o     (w_valid[a]),
      .idx0_o      (w_idx0[a]),
      .border0_o   (w_b0[a]),
      .idx1_o      (w_idx1[a]),
      .border1_o   (w_b1[a])
    );
  end
  localparam int unsigned WrapSideW = 24 + 1 + 2 + 1 + 1 + 8 + 1 + 8 + 3 + LayerW + 17;
  logic [WrapSideW-1:0] ws_out;
  tsu_delay #(.Width(WrapSideW), .Depth(WrapLat)) u_wrap_side (
    .clk_i, .rst_ni, .valid_i(i_valid_q),
    .data_i({i_wt_q[2], i_wt_q[1], i_wt_q[0], is_linear, is_axes, is_two, is_last, is_frac,
             is_cube && is_seamless, is_out1, is_hi1, is_out0, is_hi0, is_face, is_layer, is_w}),
    .valid_o(nc_u_wrap_side_valid), .data_o(ws_out)
  );
  // Q3: one entry per pass: per-axis taps and borders, weights, shape.
  localparam int unsigned Q3W = 96 + 6 + WrapSideW;
  logic [Q3W-1:0] q3_out;
  logic           q3_empty;
  tsu_fifo #(.Ram(QueueRam), .Width(Q3W), .Depth(PassDepth)) u_q3 (
    .clk_i, .rst_ni, .push_i(w_valid[0]),
    .data_i({w_idx1[2], w_idx1[1], w_idx1[0], w_idx0[2], w_idx0[1], w_idx0[0], w_b1, w_b0, ws_out}),
    .pop_i(q3_pop), .data_o(q3_out), .empty_o(q3_empty), .full_o(nc_u_q3_full), .count_o(nc_u_q3_count)
  );

  // ---- Tap generator: one tap per cycle ------------------------------------------------------------
  logic [47:0] t_idx1, t_idx0;
  logic [2:0]  t_b1, t_b0;
  logic [23:0] t_wt;
  logic        t_linear, t_two, t_last_pass;
  logic [1:0]  t_axes;
  logic [7:0]  t_frac;
  logic        t_seamless;
  logic [1:0]  t_out1, t_hi1, t_out0, t_hi0;
  logic [2:0]  t_face;
  logic [LayerW-1:0] t_layer;
  logic [16:0] t_n;
  assign {t_idx1, t_idx0, t_b1, t_b0, t_wt, t_linear, t_axes, t_two, t_last_pass, t_frac,
          t_seamless, t_out1, t_hi1, t_out0, t_hi0, t_face, t_layer, t_n} = q3_out;
  logic             v_ok;
  logic [4:0]       v_level;
  logic [AddrW-1:0] v_base;
  logic [31:0]      v_pitch, v_rob;
  logic [43:0]      v_slice;
  logic [2:0]       v_bh, v_bd;
  assign {v_ok, v_level, v_base, v_pitch, v_rob, v_slice, v_bh, v_bd} = qlv_out;
  logic        c_quad, c_layout;
  logic [2:0]  c_sample, c_texel_log2;
  logic [1:0]  c_samples_log2;
  logic [63:0] c_layer_stride, c_map;
  logic [3:0]  c_tz, c_ty, c_tx;
  logic [4:0]  c_bx, c_by, c_bz, c_lb;
  assign {c_quad, c_layout, c_sample, c_samples_log2, c_texel_log2, c_layer_stride, c_map, c_tz, c_ty, c_tx,
          c_bx, c_by, c_bz, c_lb} = qc_out;

  logic [2:0]  t_k_q;    // tap index within the pass
  logic [1:0]  t_sub_q;  // a corner tap's texel: 0 its face's, 1 across x, 2 across y
  logic        t_ox, t_hx, t_oy, t_hy, t_seam, t_corner, t_use_adj, t_sub_last;
  logic [1:0]  t_edge, t_code;
  logic [15:0] t_k, t_xf, t_yf, a_i, a_j;
  logic [2:0]  a_face;
  logic [LayerW-1:0] t_layer_f;
  logic [2:0]  t_ntaps_m1, t_sel;
  logic        t_fire, t_last_tap, t_border, t_bad, t_res_read;
  logic [15:0] t_x, t_y, t_z;
  logic [19:0] t_xbyte;
  logic [3:0]  t_ranks;
  logic [31:0] t_w;
  logic [63:0] t_bit;
  logic [AddrW-1:0] t_res_addr;
  localparam int unsigned AgCntW = $clog2(TapDepth + AgLat + 2);
  logic [AgCntW-1:0] tap_used_q;  // taps in the address generator or in Q4
  logic              q4_pop;
  always_comb begin
    t_ntaps_m1 = t_linear ? (t_axes == 2'd1 ? 3'd1 : t_axes == 2'd2 ? 3'd3 : 3'd7) : 3'd0;
    t_sel = t_linear ? t_k_q : 3'd0;
    t_x = t_sel[0] ? t_idx1[15:0] : t_idx0[15:0];
    t_y = t_sel[1] ? t_idx1[31:16] : t_idx0[31:16];
    t_z = t_sel[2] ? t_idx1[47:32] : t_idx0[47:32];
    t_border = 1'b0;
    for (int a = 0; a < 3; a++) begin
      if (32'(a) < 32'(t_axes)) t_border = t_border || (t_sel[a] ? t_b1[a] : t_b0[a]);
    end
    // Seamless cube: a tap off one edge reads the adjacent face; off both (a corner), three
    // texels: its face's (clamped), then across x, then across y.
    t_ox = t_sel[0] ? t_out1[0] : t_out0[0];
    t_hx = t_sel[0] ? t_hi1[0] : t_hi0[0];
    t_oy = t_sel[1] ? t_out1[1] : t_out0[1];
    t_hy = t_sel[1] ? t_hi1[1] : t_hi0[1];
    t_seam = t_seamless && (t_ox || t_oy);
    t_corner = t_seamless && t_ox && t_oy;
    t_sub_last = !t_corner || t_sub_q == 2'd2;
    t_use_adj = t_seam && !(t_corner && t_sub_q == 2'd0);
    // The edge crossed: x (i = -1 or N) unless only y is off, or the corner's third texel.
    if (t_ox && !(t_corner && t_sub_q == 2'd2)) begin
      t_edge = {1'b0, t_hx};
      t_k = t_y;
    end else begin
      t_edge = {1'b1, t_hy};
      t_k = t_x;
    end
    t_code = !t_corner ? 2'd0 : t_sub_q == 2'd0 ? 2'd1 : t_sub_q == 2'd1 ? 2'd2 : 2'd3;
  end
  tsu_tex_cube_adj #(.RegOut(1'b0)) u_adj (
    .clk_i, .rst_ni,
    .valid_i(t_fire && t_use_adj),
    .face_i (t_face),
    .edge_i (t_edge),
    .k_i    (t_k),
    .n_i    (t_n),
    .valid_o(nc_u_adj_valid),
    .face_o (a_face),
    .i_o    (a_i),
    .j_o    (a_j)
  );
  always_comb begin
    t_xf = t_use_adj ? a_i : t_x;
    t_yf = t_use_adj ? a_j : t_y;
    t_layer_f = t_use_adj ? t_layer - LayerW'(t_face) + LayerW'(a_face) : t_layer;
    t_bad = !v_ok;
    t_res_read = c_map != 64'd0 && !t_border && !t_bad;
    t_xbyte = 20'((({4'd0, t_xf} << c_samples_log2) | 20'(c_sample)) << c_texel_log2);
    t_ranks = {t_two, t_linear ? t_ntaps_m1 : 3'd0};
    t_w = {t_two ? t_frac : 8'd0, t_linear ? t_wt : 24'd0};
    // The residency bit (tsu::ResidencyBit).
    t_bit = ((((64'(t_layer_f) << c_lb) | 64'(v_level)) << (c_bx + c_by + c_bz)) |
             (64'(16'(t_z >> c_tz)) << (c_bx + c_by)) | (64'(16'(t_yf >> c_ty)) << c_bx) |
             64'(16'(t_xf >> c_tx)));
    t_res_addr = c_map[AddrW-1:0] + AddrW'(t_bit >> 3);
    t_last_tap = t_k_q == t_ntaps_m1 && t_sub_last;
  end
  assign t_fire = !q3_empty && !qc_empty && !c_quad && tap_used_q < AgCntW'(TapDepth);
  logic qg_fire, qg_q3_pop;  // the quad generator (g_quad)
  assign q3_pop = (t_fire && t_last_tap) || qg_q3_pop;
  assign qlv_pop = q3_pop;
  assign qc_pop = q3_pop && t_last_pass;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      t_k_q <= 3'd0;
      t_sub_q <= 2'd0;
      tap_used_q <= '0;
    end else begin
      if (t_fire) begin
        t_sub_q <= t_sub_last ? 2'd0 : t_sub_q + 2'd1;
        if (t_sub_last) t_k_q <= t_last_tap ? 3'd0 : t_k_q + 3'd1;
      end
      tap_used_q <= tap_used_q + AgCntW'(t_fire) - AgCntW'(q4_pop);
    end
  end
  logic             ag_valid;
  logic [AddrW-1:0] ag_addr;
  tsu_addrgen #(.AddrW(AddrW), .LayerW(LayerW)) u_ag (
    .clk_i, .rst_ni,
    .valid_i            (t_fire),
    .x_byte_i           (t_xbyte),
    .y_i                (t_yf),
    .z_i                (t_z[11:0]),
    .layer_i            (t_layer_f),
    .layout_i           (c_layout),
    .base_i             (v_base),
    .pitch_i            (v_pitch),
    .slice_bytes_i      (AddrW'(v_slice)),
    .layer_stride_i     (c_layer_stride[AddrW-1:0]),
    .row_of_blocks_i    (AddrW'(v_rob)),
    .block_height_log2_i(v_bh),
    .block_depth_log2_i (v_bd),
    .valid_o            (ag_valid),
    .addr_o             (ag_addr)
  );
  localparam int unsigned TokW = 1 + 1 + 1 + AddrW + 3 + 32 + 4 + 1 + 2;
  logic [TokW-1:0] tok_d;
  tsu_delay #(.Width(TokW), .Depth(AgLat)) u_tok (
    .clk_i, .rst_ni, .valid_i(t_fire),
    .data_i({t_border, t_bad, t_res_read, t_res_addr, t_bit[2:0], t_w, t_ranks,
             t_last_tap && t_last_pass, t_code}),
    .valid_o(nc_u_tok_valid), .data_o(tok_d)
  );
  localparam int unsigned Q4W = TokW + AddrW;
  logic [Q4W-1:0] q4_out;
  logic           q4_empty;
  tsu_fifo #(.Ram(QueueRam), .Width(Q4W), .Depth(TapDepth)) u_q4 (
    .clk_i, .rst_ni, .push_i(ag_valid), .data_i({tok_d, ag_addr}),
    .pop_i(q4_pop), .data_o(q4_out), .empty_o(q4_empty), .full_o(nc_u_q4_full), .count_o(nc_u_q4_count)
  );

  // ---- Memory issue: the texel line, then the residency line ----------------------------------
  // The one-tap path's read port (s_m*): the engine's memory port, or with Quad one of two
  // requesters on it.
  logic             s_mreq_valid, s_mreq_ready, s_mrsp_valid, s_mrsp_ready;
  logic [AddrW-1:0] s_mreq_addr;
  logic [127:0]     s_mrsp_data;
  logic             k_border, k_bad, k_res_read, k_last;
  logic [AddrW-1:0] k_res_addr, k_addr;
  logic [2:0]       k_bit;
  logic [31:0]      k_w;
  logic [3:0]       k_ranks;
  logic [1:0]       k_code;
  assign {k_border, k_bad, k_res_read, k_res_addr, k_bit, k_w, k_ranks, k_last, k_code, k_addr} = q4_out;
  logic             k_tex_read, k_issued_q, q5_full, rd_pop_one;
  logic [ReadW-1:0] reads_q;
  logic [1:0]       rd_popped;
  assign k_tex_read = !k_border && !k_bad;
  // The request (valid, address) and the pop are separate processes: valid must not depend on
  // the port's ready, or an arbiter in front of the port would close a combinational loop.
  logic k_first, k_skip;
  assign k_first = k_tex_read && !k_issued_q;  // the texel line is still to be read
  always_comb begin
    s_mreq_valid = 1'b0;
    s_mreq_addr = {k_addr[AddrW-1:4], 4'd0};
    k_skip = 1'b0;
    if (!q4_empty && !q5_full) begin
      if (k_first) begin
        s_mreq_valid = reads_q < ReadW'(MaxReads);
      end else if (k_res_read) begin
        s_mreq_valid = reads_q < ReadW'(MaxReads);
        s_mreq_addr = {k_res_addr[AddrW-1:4], 4'd0};
      end else begin
        k_skip = 1'b1;  // a border or bad tap: no read
      end
    end
  end
  assign q4_pop = k_skip || (s_mreq_valid && s_mreq_ready && !(k_first && k_res_read));
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      k_issued_q <= 1'b0;
      reads_q <= '0;
    end else begin
      if (q4_pop) k_issued_q <= 1'b0;
      else if (s_mreq_valid && s_mreq_ready) k_issued_q <= 1'b1;
      reads_q <= reads_q + ReadW'(s_mreq_valid && s_mreq_ready) - ReadW'(rd_popped);
    end
  end
  // Q5: taps whose reads are issued, waiting for their lines.
  localparam int unsigned Q5W = 1 + 1 + 1 + 1 + 4 + 4 + 3 + 32 + 4 + 1 + 2;
  logic [Q5W-1:0] q5_out;
  logic           q5_pop, q5_empty;
  tsu_fifo #(.Ram(QueueRam), .Width(Q5W), .Depth(Tap2Depth)) u_q5 (
    .clk_i, .rst_ni, .push_i(q4_pop),
    .data_i({k_border, k_bad, k_tex_read, k_res_read, k_addr[3:0], k_res_addr[3:0], k_bit, k_w,
             k_ranks, k_last, k_code}),
    .pop_i(q5_pop), .data_o(q5_out), .empty_o(q5_empty), .full_o(q5_full), .count_o(nc_u_q5_count)
  );
  // QR: returned lines.
  logic [127:0] qr_out;
  logic         qr_empty, qr_full;
  tsu_fifo #(.Ram(QueueRam), .Width(128), .Depth(MaxReads)) u_qr (
    .clk_i, .rst_ni, .push_i(s_mrsp_valid && s_mrsp_ready), .data_i(s_mrsp_data),
    .pop_i(rd_pop_one), .data_o(qr_out), .empty_o(qr_empty), .full_o(qr_full), .count_o(nc_u_qr_count)
  );
  assign s_mrsp_ready = !qr_full;

  // ---- Return: a tap's lines to tsu_tex_texel ---------------------------------------------------
  logic        e_border, e_bad, e_tex_read, e_res_read, e_last, e_have_q, e_fire, e_nonres;
  logic [3:0]  e_off, e_res_off, e_ranks;
  logic [2:0]  e_bit;
  logic [31:0] e_w;
  logic [1:0]  e_code;
  logic [127:0] e_tex_line_q, e_line, e_texel;
  logic [7:0]  e_res_byte;
  assign {e_border, e_bad, e_tex_read, e_res_read, e_off, e_res_off, e_bit, e_w, e_ranks, e_last,
          e_code} = q5_out;
  localparam int unsigned TxCntW = $clog2(TexelDepth + TexelLat + 2);
  logic [TxCntW-1:0] texel_used_q;
  logic              q6_pop;
  logic              e_room, e_latch;
  assign e_room = texel_used_q < TxCntW'(TexelDepth);
  always_comb begin
    e_latch = !q5_empty && e_tex_read && e_res_read && !e_have_q && !qr_empty;
    e_fire = 1'b0;
    if (!q5_empty && e_room) begin
      if (e_tex_read && e_res_read) e_fire = e_have_q && !qr_empty;
      else if (e_tex_read || e_res_read) e_fire = !qr_empty;
      else e_fire = 1'b1;
    end
    rd_pop_one = e_latch || (e_fire && (e_tex_read || e_res_read));
    rd_popped = 2'(rd_pop_one);
    e_line = e_have_q ? e_tex_line_q : qr_out;
    e_texel = e_tex_read ? e_line >> {e_off, 3'd0} : 128'd0;
    e_res_byte = qr_out[{e_res_off, 3'd0} +: 8];
    e_nonres = e_res_read && e_res_byte[e_bit];
  end
  assign q5_pop = e_fire;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e_have_q <= 1'b0;
      texel_used_q <= '0;
    end else begin
      if (e_fire) e_have_q <= 1'b0;
      else if (e_latch) e_have_q <= 1'b1;
      // A corner's first two texels wait in the corner stage and leave no entry in Q6.
      texel_used_q <= texel_used_q + TxCntW'(e_fire) - TxCntW'(q6_pop) - TxCntW'(cn_absorb);
    end
  end
  always_ff @(posedge clk_i) if (e_latch) e_tex_line_q <= qr_out;

  // Residency and level traps accumulate over a request's taps.
  logic e_nonres_acc_q, e_bad_acc_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e_nonres_acc_q <= 1'b0;
      e_bad_acc_q <= 1'b0;
    end else if (e_fire) begin
      e_nonres_acc_q <= e_last ? 1'b0 : e_nonres_acc_q || e_nonres;
      e_bad_acc_q <= e_last ? 1'b0 : e_bad_acc_q || e_bad;
    end
  end
  assign qp_pop = e_fire && e_last;
  // QF: a request's flags, pushed as its last item enters the filter (in request order, whichever
  // path it took).
  logic [1:0] qf_out;
  logic       qf_pop;
  tsu_fifo #(.Ram(QueueRam), .Width(2), .Depth(MaxInflight)) u_qf (
    .clk_i, .rst_ni, .push_i(mg_take && mg_last), .data_i(mg_flags),
    .pop_i(qf_pop), .data_o(qf_out), .empty_o(nc_u_qf_empty), .full_o(nc_u_qf_full), .count_o(nc_u_qf_count)
  );

  logic [4:0]   x_order, x_type;
  logic         x_read_norm, x_srgb, x_compare;
  logic [2:0]   x_op;
  logic [31:0]  x_ref;
  logic [127:0] x_border;
  assign {x_order, x_type, x_read_norm, x_srgb, x_compare, x_op, x_ref, x_border} = qp_out;
  logic         tx_valid, tx_float;
  logic [127:0] tx_c;
  tsu_tex_texel u_texel (
    .clk_i, .rst_ni,
    .valid_i       (e_fire),
    .order_i       (x_order),
    .type_i        (x_type),
    .read_norm_i   (x_read_norm),
    .srgb_i        (x_srgb),
    .compare_i     (x_compare),
    .op_i          (x_op),
    .ref_i         (x_ref),
    .border_color_i(x_border),
    .border_i      (e_border),
    .texel_i       (e_texel),
    .valid_o       (tx_valid),
    .float_o       (tx_float),
    .c_o           (tx_c)
  );
  // A tap's side: {last of its request, the request's flags (non-resident, bad level), weights,
  // ranks}; the flags mean something on the last tap only.
  logic [ItemSideW-1:0] tx_side;
  logic [1:0]  tx_code;
  tsu_delay #(.Width(2 + ItemSideW), .Depth(TexelLat)) u_texel_side (
    .clk_i, .rst_ni, .valid_i(e_fire),
    .data_i({e_code, e_last, e_nonres_acc_q || e_nonres, e_bad_acc_q || e_bad, e_w, e_ranks}),
    .valid_o(nc_u_texel_side_valid), .data_o({tx_code, tx_side})
  );

  // ---- Seamless corners: three texels, one tap -----------------------------------------------------
  // The first two wait in registers; with the third they enter tsu_tex_corner. A float result's
  // corner is their mean, an integer result's its face's texel (T8). A tap that is not a corner's
  // goes straight to Q6 unless the corner block holds a tap, in which case it follows through the
  // delay line beside it, so taps reach the filter in order.
  logic         cn_absorb, cn_long, cn_short, cn_out_valid, cn_mean_valid;
  logic         cd_corner, cd_float;
  logic [$clog2(CornerLat + 2)-1:0] cn_count_q;
  logic [127:0] cn_a_q, cn_b_q, cn_mean, cd_c;
  logic [ItemSideW-1:0] cd_side;
  assign cn_absorb = tx_valid && (tx_code == 2'd1 || tx_code == 2'd2);
  assign cn_long = tx_valid && (tx_code == 2'd3 || (tx_code == 2'd0 && cn_count_q != '0));
  assign cn_short = tx_valid && tx_code == 2'd0 && cn_count_q == '0;
  always_ff @(posedge clk_i) begin
    if (tx_valid && tx_code == 2'd1) cn_a_q <= tx_c;
    if (tx_valid && tx_code == 2'd2) cn_b_q <= tx_c;
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cn_count_q <= '0;
    else cn_count_q <= cn_count_q + $bits(cn_count_q)'(cn_long) - $bits(cn_count_q)'(cn_out_valid);
  end
  // Only corners enter the block (taps that follow one take the delay line alone), so its
  // interval is between corners.
  tsu_tex_corner #(.Lanes(CornerLanes)) u_corner (
    .clk_i, .rst_ni,
    .valid_i(cn_long && tx_code == 2'd3),
    .a_i    (cn_a_q),
    .b_i    (cn_b_q),
    .c_i    (tx_c),
    .valid_o(cn_mean_valid),
    .mean_o (cn_mean)
  );
  tsu_delay #(.Width(1 + 1 + 128 + ItemSideW), .Depth(CornerLat)) u_corner_side (
    .clk_i, .rst_ni, .valid_i(cn_long),
    .data_i({tx_code == 2'd3, tx_float, tx_code == 2'd3 ? cn_a_q : tx_c, tx_side}),
    .valid_o(cn_out_valid), .data_o({cd_corner, cd_float, cd_c, cd_side})
  );
  logic [ItemW-1:0] q6_in, q6_out;
  logic             q6_empty;
  assign q6_in = cn_out_valid ? {cd_corner && cd_float ? cn_mean : cd_c, cd_side} : {tx_c, tx_side};
  tsu_fifo #(.Ram(QueueRam), .Width(ItemW), .Depth(TexelDepth)) u_q6 (
    .clk_i, .rst_ni, .push_i(cn_short || cn_out_valid), .data_i(q6_in),
    .pop_i(q6_pop), .data_o(q6_out), .empty_o(q6_empty), .full_o(nc_u_q6_full), .count_o(nc_u_q6_count)
  );


  // ---- The quad path (Quad): a pass's footprint per cycle --------------------------------------------
  // Generator: a pass is one slice (point: one tap; 1-D linear: two; 2-D linear: four) or two
  // (3-D linear: z, then z + 1), each a quad of up to four taps in lanes by their index in the
  // slice (x fastest). Four address generators; then the issue stage sends each lane's line to
  // its bank of the banked cache ({y, x-line} parity: a footprint's lines in four banks), one
  // read per bank per cycle, lanes that name one line in one bank sharing its read, a lane whose
  // bank another lane with another line took waiting a cycle. Each cycle's reads are a group
  // (QQ5); the return stage takes a group's lines from the banks' in-order answers, each lane
  // through its own tsu_tex_texel, and gathers the slice's four texels for tsu_tex_bilerp, whose
  // result (a tap with the slice's z and mip ranks still to pass) waits in QQ6 for the merge.
  // QM: each request's path, in dispatch order, read by the merge.
  logic qm_path;
  if (Quad) begin : g_quad
    localparam int unsigned QOffW = $clog2(QCacheLineBytes);
    `ifndef SYNTHESIS
    initial assert (Lanes == 4) else $fatal(1, "Quad needs Lanes 4 (one filter beat per item)");
    `endif
    // ---- QM ----
    logic qm_pushed_q, qm_push, qm_tail_quad_q;  // the path of the request pushed last
    logic [$clog2(MaxInflight + 1)-1:0] nc_qm_count;
    logic nc_qm_full;
    assign qm_push = (t_fire || qg_fire) && !qm_pushed_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        qm_pushed_q <= 1'b0;
        qm_tail_quad_q <= 1'b0;
      end else begin
        if (qc_pop) qm_pushed_q <= 1'b0;
        else if (qm_push) qm_pushed_q <= 1'b1;
        if (qm_push) qm_tail_quad_q <= qg_fire;
      end
    end
    tsu_fifo #(.Width(1), .Depth(MaxInflight)) u_qm (
      .clk_i, .rst_ni, .push_i(qm_push), .data_i(qg_fire), .pop_i(mg_take && mg_last),
      .data_o(qm_path), .empty_o(qm_empty), .full_o(nc_qm_full), .count_o(nc_qm_count)
    );

    // ---- Generator ----
    logic       qg_s_q, qg_last_slice, qg_bad;
    logic [2:0] qg_ntaps;  // taps per slice
    logic [3:0] qg_active, qg_border;
    logic [15:0] qg_x [4];
    logic [15:0] qg_y [4];
    logic [15:0] qg_z;
    logic [19:0] qg_xbyte [4];
    logic [1:0]  qg_bank [4];
    // Seamless cubes: a lane off one edge reads the adjacent face (tsu_tex_cube_adj, per lane); a
    // lane off both (a corner) reads nothing, its value being the mean of the other three lanes',
    // which are its face's texel and its two neighbours across the edges (tsu::Sampler::Tap). A
    // point tap at a corner becomes such a footprint: the corner in lane 0, lanes 1-3 its texels.
    logic        qg_pcorner;
    logic [3:0]  qg_ox, qg_oy, qg_hx, qg_hy, qg_corner, qg_adj, nc_qg_adj_valid;
    logic [1:0]  qg_edge [4];
    logic [15:0] qg_k [4];
    logic [2:0]  qg_aface [4];
    logic [15:0] qg_ai [4];
    logic [15:0] qg_aj [4];
    logic [15:0] qg_xf [4];
    logic [15:0] qg_yf [4];
    logic [LayerW-1:0] qg_layer [4];
    localparam int unsigned QTapCntW = $clog2(TapDepth + AgLat + 2);
    logic [QTapCntW-1:0] qtap_used_q;
    logic                qq4_pop;
    always_comb begin
      qg_ntaps = !t_linear ? 3'd1 : t_axes == 2'd1 ? 3'd2 : 3'd4;
      qg_last_slice = !(t_linear && t_axes == 2'd3) || qg_s_q;
      qg_bad = !v_ok;
      qg_z = (t_linear && qg_s_q) ? t_idx1[47:32] : t_idx0[47:32];
      qg_pcorner = !t_linear && t_seamless && t_out0[0] && t_out0[1];
      for (int j = 0; j < 4; j++) begin
        qg_active[j] = 3'(j) < qg_ntaps || qg_pcorner;
        qg_x[j] = (t_linear && j[0]) ? t_idx1[15:0] : t_idx0[15:0];
        qg_y[j] = (t_linear && j[1]) ? t_idx1[31:16] : t_idx0[31:16];
        // Off the face: a linear lane by its column and row; a point corner's lanes 1-3 are its
        // own texel (lane 3) and the texels across x (lane 2) and across y (lane 1).
        qg_ox[j] = qg_active[j] && t_seamless &&
                   (t_linear ? (j[0] ? t_out1[0] : t_out0[0]) : (!j[0] && t_out0[0]));
        qg_oy[j] = qg_active[j] && t_seamless &&
                   (t_linear ? (j[1] ? t_out1[1] : t_out0[1]) : (!j[1] && t_out0[1]));
        qg_hx[j] = (t_linear && j[0]) ? t_hi1[0] : t_hi0[0];
        qg_hy[j] = (t_linear && j[1]) ? t_hi1[1] : t_hi0[1];
        qg_corner[j] = qg_ox[j] && qg_oy[j];
        qg_adj[j] = (qg_ox[j] || qg_oy[j]) && !qg_corner[j];
        qg_edge[j] = qg_ox[j] ? {1'b0, qg_hx[j]} : {1'b1, qg_hy[j]};
        qg_k[j] = qg_ox[j] ? qg_y[j] : qg_x[j];
        qg_border[j] = 1'b0;
        if (t_axes >= 2'd1) qg_border[j] = qg_border[j] || ((t_linear && j[0]) ? t_b1[0] : t_b0[0]);
        if (t_axes >= 2'd2) qg_border[j] = qg_border[j] || ((t_linear && j[1]) ? t_b1[1] : t_b0[1]);
        if (t_axes >= 2'd3) qg_border[j] = qg_border[j] || ((t_linear && qg_s_q) ? t_b1[2] : t_b0[2]);
      end
    end
    for (genvar j = 0; j < 4; j++) begin : g_adj
      tsu_tex_cube_adj #(.RegOut(1'b0)) u_qadj (
        .clk_i, .rst_ni,
        .valid_i(qg_fire && qg_adj[j]),
        .face_i (t_face),
        .edge_i (qg_edge[j]),
        .k_i    (qg_k[j]),
        .n_i    (t_n),
        .valid_o(nc_qg_adj_valid[j]),
        .face_o (qg_aface[j]),
        .i_o    (qg_ai[j]),
        .j_o    (qg_aj[j])
      );
    end
    // Apart from the lanes' flags: the adjacent face's texel comes back through tsu_tex_cube_adj.
    always_comb begin
      for (int j = 0; j < 4; j++) begin
        qg_xf[j] = qg_adj[j] ? qg_ai[j] : qg_x[j];
        qg_yf[j] = qg_adj[j] ? qg_aj[j] : qg_y[j];
        qg_layer[j] = qg_adj[j] ? t_layer - LayerW'(t_face) + LayerW'(qg_aface[j]) : t_layer;
        qg_xbyte[j] = 20'((({4'd0, qg_xf[j]} << c_samples_log2) | 20'(c_sample)) << c_texel_log2);
        qg_bank[j] = {qg_yf[j][0], qg_xbyte[j][QOffW]};
      end
    end
    assign qg_fire = !q3_empty && !qc_empty && c_quad && qtap_used_q < QTapCntW'(TapDepth);
    assign qg_q3_pop = qg_fire && qg_last_slice;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        qg_s_q <= 1'b0;
        qtap_used_q <= '0;
      end else begin
        if (qg_fire) qg_s_q <= !qg_last_slice;
        qtap_used_q <= qtap_used_q + QTapCntW'(qg_fire) - QTapCntW'(qq4_pop);
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
        .layout_i           (c_layout),
        .base_i             (v_base),
        .pitch_i            (v_pitch),
        .slice_bytes_i      (AddrW'(v_slice)),
        .layer_stride_i     (c_layer_stride[AddrW-1:0]),
        .row_of_blocks_i    (AddrW'(v_rob)),
        .block_height_log2_i(v_bh),
        .block_depth_log2_i (v_bd),
        .valid_o            (qa_valid[j]),
        .addr_o             (qa_addr[AddrW*j +: AddrW])
      );
    end
    // A slice: {corner lane, active, border, bad, banks, weights, ranks, last of its request}.
    localparam int unsigned QTokW = 4 + 4 + 4 + 1 + 8 + 32 + 4 + 1;
    logic [QTokW-1:0] qtok_d;
    logic             nc_qtok_valid;
    tsu_delay #(.Width(QTokW), .Depth(AgLat)) u_qtok (
      .clk_i, .rst_ni, .valid_i(qg_fire),
      .data_i({qg_corner, qg_active, qg_border, qg_bad, qg_bank[3], qg_bank[2], qg_bank[1], qg_bank[0],
               t_two ? t_frac : 8'd0, t_linear ? t_wt : 24'd0,
               t_two, t_linear ? (t_axes == 2'd1 ? 3'd1 : t_axes == 2'd2 ? 3'd3 : 3'd7) : 3'd0,
               qg_last_slice && t_last_pass}),
      .valid_o(nc_qtok_valid), .data_o(qtok_d)
    );
    localparam int unsigned QQ4W = QTokW + 4 * AddrW;
    logic [QQ4W-1:0] qq4_out;
    logic            qq4_empty, nc_qq4_full;
    logic [$clog2(TapDepth + 1)-1:0] nc_qq4_count;
    tsu_fifo #(.Ram(QueueRam), .Width(QQ4W), .Depth(TapDepth)) u_qq4 (
      .clk_i, .rst_ni, .push_i(qa_valid[0]), .data_i({qtok_d, qa_addr}),
      .pop_i(qq4_pop), .data_o(qq4_out), .empty_o(qq4_empty), .full_o(nc_qq4_full), .count_o(nc_qq4_count)
    );

    // ---- Issue: one read per bank per cycle ----
    logic [3:0]  qk_corner, qk_active, qk_border, qk_want, qk_go, qk_took, qk_read, qk_done_q, qk_fired;
    logic        qk_bad, qk_last_req, qk_end, qk_push, qk_room, qk_admit_q;
    logic [7:0]  qk_banks;
    logic [31:0] qk_wq;
    logic [3:0]  qk_ranksq;
    logic [1:0]  qk_lead [4];  // the lane whose read a lane takes (itself when it leads)
    logic [AddrW-1:0] qk_a [4];
    logic [3:0]  b_valid, b_ready, b_fire;
    logic [4*AddrW-1:0] b_addr;
    assign {qk_corner, qk_active, qk_border, qk_bad, qk_banks, qk_wq, qk_ranksq, qk_last_req} = qq4_out[QQ4W-1 -: QTokW];
    // QQ5: a group: {end of slice, lanes that take a line, their banks, their line offsets, banks
    // read, corner lane, active, border, bad, weights, ranks, last of request}.
    localparam int unsigned QQ5W = 1 + 4 + 8 + 16 + 4 + 4 + 4 + 4 + 1 + 32 + 4 + 1;
    logic [QQ5W-1:0] qq5_out;
    logic            qq5_empty, qq5_full, qq5_pop;
    logic [$clog2(Tap2Depth + 1)-1:0] qq5_count;
    // A slice pushes at most four groups: it starts with room for them, and keeps its reads shown
    // until they are taken (valid/ready), so the room it was admitted with stays its own.
    assign qk_room = qk_admit_q || 32'(qq5_count) + 4 <= Tap2Depth;
    always_comb begin
      for (int j = 0; j < 4; j++) begin
        qk_a[j] = qq4_out[AddrW*j +: AddrW];
        qk_read[j] = qk_active[j] && !qk_border[j] && !qk_bad && !qk_corner[j];
        qk_want[j] = !qq4_empty && qk_read[j] && !qk_done_q[j];
      end
      qk_go = '0;
      for (int j = 0; j < 4; j++) begin
        qk_lead[j] = 2'(j);
        if (qk_want[j]) begin
          qk_go[j] = 1'b1;
          for (int i = 0; i < j; i++) begin
            if (qk_go[i] && qk_lead[i] == 2'(i) && qk_banks[2*i +: 2] == qk_banks[2*j +: 2]) begin
              if (qk_a[i][AddrW-1:QOffW] == qk_a[j][AddrW-1:QOffW] && qk_lead[j] == 2'(j)) begin
                qk_lead[j] = 2'(i);  // shares lane i's read
              end else if (qk_lead[j] == 2'(j)) begin
                qk_go[j] = 1'b0;     // bank taken by another line: next cycle
              end
            end
          end
        end
      end
      b_valid = '0;
      b_addr = '0;
      for (int j = 0; j < 4; j++) begin
        if (qk_go[j] && qk_lead[j] == 2'(j) && qk_room) begin
          b_valid[qk_banks[2*j +: 2]] = 1'b1;
          b_addr[AddrW*32'(qk_banks[2*j +: 2]) +: AddrW] = {qk_a[j][AddrW-1:4], 4'd0};
        end
      end
    end
    // Apart from the requests: they must not depend on the banks' ready (with no cache a bank's
    // ready is the memory port's, through the arbiters).
    always_comb begin
      b_fire = b_valid & b_ready;
      for (int j = 0; j < 4; j++) begin
        qk_fired[j] = qk_go[j] && b_fire[qk_banks[2*32'(qk_lead[j]) +: 2]];
      end
      qk_took = qk_fired;
      qk_end = !qq4_empty && ((qk_want & ~qk_took) == '0);
      qk_push = qk_room && (qk_took != '0 || qk_end);
    end
    assign qq4_pop = qk_push && qk_end;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        qk_done_q <= '0;
        qk_admit_q <= 1'b0;
      end else begin
        if (qq4_pop) qk_done_q <= '0;
        else qk_done_q <= qk_done_q | qk_took;
        if (qq4_pop) qk_admit_q <= 1'b0;
        else if (qk_push) qk_admit_q <= 1'b1;
      end
    end
    logic [7:0]  qk_src;
    logic [15:0] qk_off;
    always_comb begin
      for (int j = 0; j < 4; j++) begin
        qk_src[2*j +: 2] = qk_banks[2*32'(qk_lead[j]) +: 2];
        qk_off[4*j +: 4] = qk_a[j][3:0];
      end
    end
    tsu_fifo #(.Ram(QueueRam), .Width(QQ5W), .Depth(Tap2Depth)) u_qq5 (
      .clk_i, .rst_ni, .push_i(qk_push),
      .data_i({qk_end, qk_took, qk_src, qk_off, b_fire, qk_corner, qk_active, qk_border, qk_bad, qk_wq, qk_ranksq,
               qk_last_req}),
      .pop_i(qq5_pop), .data_o(qq5_out), .empty_o(qq5_empty), .full_o(qq5_full), .count_o(qq5_count)
    );

    // ---- The banked cache; the one-tap path's reads and the cache's misses share the memory port ----
    logic [3:0]   b_rsp_valid, b_rsp_ready;
    logic [511:0] b_rsp_data;
    logic             cm_req_valid, cm_req_ready, cm_rsp_valid, cm_rsp_ready;
    logic [AddrW-1:0] cm_req_addr;
    tsu_tex_cache_banked #(
      .AddrW(AddrW), .SizeBytes(QCacheBytes), .Ways(QCacheWays), .LineBytes(QCacheLineBytes),
      .Banks(4), .Depth(MaxReads)
    ) u_qcache (
      .clk_i, .rst_ni, .inv_valid_i, .inv_addr_i, .inv_all_i,
      .req_valid_i    (b_valid),
      .req_ready_o    (b_ready),
      .req_addr_i     (b_addr),
      .rsp_valid_o    (b_rsp_valid),
      .rsp_ready_i    (b_rsp_ready),
      .rsp_data_o     (b_rsp_data),
      .mem_req_valid_o(cm_req_valid),
      .mem_req_ready_i(cm_req_ready),
      .mem_req_addr_o (cm_req_addr),
      .mem_rsp_valid_i(cm_rsp_valid),
      .mem_rsp_ready_o(cm_rsp_ready),
      .mem_rsp_data_i (mem_rsp_data_i),
      .lookups_o      (cache_lookups_o),
      .misses_o       (cache_misses_o)
    );
    logic [1:0] arb_rsp_valid;
    logic [1:0] arb_req_ready;
    logic [127:0] nc_arb_data;
    tsu_read_arb #(.N(2), .AddrW(AddrW), .DataW(128), .Depth(2 * MaxReads)) u_marb (
      .clk_i, .rst_ni,
      .req_valid_i     ({cm_req_valid, s_mreq_valid}),
      .req_ready_o     (arb_req_ready),
      .req_addr_i      ({cm_req_addr, s_mreq_addr}),
      .rsp_valid_o     (arb_rsp_valid),
      .rsp_ready_i     ({cm_rsp_ready, s_mrsp_ready}),
      .rsp_data_o      (nc_arb_data),
      .port_req_valid_o(mem_req_valid_o),
      .port_req_ready_i(mem_req_ready_i),
      .port_req_addr_o (mem_req_addr_o),
      .port_rsp_valid_i(mem_rsp_valid_i),
      .port_rsp_ready_o(mem_rsp_ready_o),
      .port_rsp_data_i (mem_rsp_data_i)
    );
    assign {cm_req_ready, s_mreq_ready} = arb_req_ready;
    assign {cm_rsp_valid, s_mrsp_valid} = arb_rsp_valid;
    assign s_mrsp_data = mem_rsp_data_i;

    // ---- Return: a group's lines, each lane through its texel stage ----
    logic        qe_end, qe_bad, qe_last_req, qe_fire;
    logic [3:0]  qe_took, qe_pop, qe_corner, qe_active, qe_border, qe_dec, qe_read;
    logic [7:0]  qe_src;
    logic [15:0] qe_off;
    logic [31:0] qe_w;
    logic [3:0]  qe_ranks;
    logic [127:0] qe_texel [4];
    assign {qe_end, qe_took, qe_src, qe_off, qe_pop, qe_corner, qe_active, qe_border, qe_bad, qe_w, qe_ranks,
            qe_last_req} = qq5_out;
    // Slices between the return stage and QQ6's pop: the texel stage and the bilerp (43 cycles;
    // CornerLat more behind a seamless corner) plus the merge's waits, so a slice a cycle needs
    // more credits than that (Little's law; 32 held the quad path at 0.71 slices per clock).
    localparam int unsigned QuadDepth = 96;
    // Slices with a corner enter tsu_tex_corner at most one per CornerII cycles.
    localparam int unsigned CornerII = 4 / CornerLanes;
    logic [1:0] qcn_gap_q;
    localparam int unsigned QCntW = $clog2(QuadDepth + 1);
    logic [QCntW-1:0] quad_used_q;
    logic             qq6_pop;
    assign qe_fire = !qq5_empty && ((qe_pop & ~b_rsp_valid) == '0) &&
                    (!qe_end || (quad_used_q < QCntW'(QuadDepth) && (qe_corner == '0 || qcn_gap_q == '0)));
    assign qq5_pop = qe_fire;
    assign b_rsp_ready = qe_fire ? qe_pop : 4'd0;
    always_comb begin
      for (int j = 0; j < 4; j++) begin
        qe_read[j] = qe_active[j] && !qe_border[j] && !qe_bad && !qe_corner[j];
        qe_dec[j] = qe_took[j] || (qe_end && !qe_read[j]);
        qe_texel[j] = qe_took[j] ? b_rsp_data[128*32'(qe_src[2*j +: 2]) +: 128] >> {qe_off[4*j +: 4], 3'd0}
                               : 128'd0;
      end
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        quad_used_q <= '0;
        qcn_gap_q <= '0;
      end else begin
        quad_used_q <= quad_used_q + QCntW'(qe_fire && qe_end) - QCntW'(qq6_pop);
        if (qe_fire && qe_end && qe_corner != '0) qcn_gap_q <= 2'(CornerII - 1);
        else if (qcn_gap_q != '0) qcn_gap_q <= qcn_gap_q - 2'd1;
      end
    end
    // QPQ: the quad path's tap-value rule, popped with a request's last slice.
    logic [QpW-1:0] qpq_out;
    logic           nc_qpq_empty, nc_qpq_full;
    logic [$clog2(MaxInflight + 1)-1:0] nc_qpq_count;
    tsu_fifo #(.Ram(QueueRam), .Width(QpW), .Depth(MaxInflight)) u_qpq (
      .clk_i, .rst_ni, .push_i(accept && s_quad), .data_i(qp_in),
      .pop_i(qe_fire && qe_end && qe_last_req), .data_o(qpq_out), .empty_o(nc_qpq_empty),
      .full_o(nc_qpq_full), .count_o(nc_qpq_count)
    );
    logic [4:0]   y_order, y_type;
    logic         y_read_norm, y_srgb, y_compare;
    logic [2:0]   y_op;
    logic [31:0]  y_ref;
    logic [127:0] y_border;
    assign {y_order, y_type, y_read_norm, y_srgb, y_compare, y_op, y_ref, y_border} = qpq_out;
    logic [3:0]   ty_valid, ty_float;
    logic [127:0] ty_c [4];
    for (genvar j = 0; j < 4; j++) begin : g_texel
      tsu_tex_texel u_texel (
        .clk_i, .rst_ni,
        .valid_i       (qe_fire && qe_dec[j]),
        .order_i       (y_order),
        .type_i        (y_type),
        .read_norm_i   (y_read_norm),
        .srgb_i        (y_srgb),
        .compare_i     (y_compare),
        .op_i          (y_op),
        .ref_i         (y_ref),
        .border_color_i(y_border),
        .border_i      (qe_border[j]),
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
      else if (qe_fire && qe_end) qe_bad_acc_q <= qe_last_req ? 1'b0 : qe_bad_acc_q || qe_bad;
    end
    logic        ty_end, ty_last, ty_bad, nc_ty_side_valid;
    logic [3:0]  ty_corner;
    logic [31:0] ty_w;
    logic [3:0]  ty_ranks;
    tsu_delay #(.Width(1 + 4 + 1 + 1 + 32 + 4), .Depth(TexelLat)) u_ty_side (
      .clk_i, .rst_ni, .valid_i(qe_fire),
      .data_i({qe_end, qe_corner, qe_last_req, qe_bad_acc_q || qe_bad, qe_w, qe_ranks}),
      .valid_o(nc_ty_side_valid), .data_o({ty_end, ty_corner, ty_last, ty_bad, ty_w, ty_ranks})
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
    // Seamless corners: the corner lane k's value is the mean of lanes k ^ 3 (its face's texel),
    // k ^ 2 (across x) and k ^ 1 (across y) for a float result, lane k ^ 3's for an integer one
    // (T8). A corner slice takes the corner block's delay line, and so does every slice behind it
    // until the line has drained (slices stay in order); the others go straight to the bilerp.
    logic         cq_valid, cq_has, cq_float, cq_long, cq_short, qd_valid, qd_has, qd_float, qd_last, qd_bad,
                  qcm_valid;
    logic [$clog2(CornerLat + 2)-1:0] cq_count_q;
    logic [1:0]   cq_k, qd_k;
    logic [31:0]  qd_w;
    logic [3:0]   qd_ranks;
    logic [511:0] qd_c, qd_fixed;
    logic [127:0] qcm_mean;
    always_comb begin
      cq_valid = nc_ty_side_valid && ty_end;
      cq_has = ty_corner != '0;
      cq_k = ty_corner[3] ? 2'd3 : ty_corner[2] ? 2'd2 : ty_corner[1] ? 2'd1 : 2'd0;
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
    tsu_delay #(.Width(1 + 1 + 2 + 512 + 1 + 1 + 32 + 4), .Depth(CornerLat)) u_qcorner_side (
      .clk_i, .rst_ni, .valid_i(cq_long),
      .data_i({cq_has, cq_float, cq_k, g_quad_c, ty_last, ty_bad, ty_w, ty_ranks}),
      .valid_o(qd_valid), .data_o({qd_has, qd_float, qd_k, qd_c, qd_last, qd_bad, qd_w, qd_ranks})
    );
    // The bilerp's input: the delay line's slice (its corner lane filled in) or the one arriving.
    logic         bi_valid, bi_last, bi_bad;
    logic [511:0] bi_c;
    logic [31:0]  bi_w;
    logic [3:0]   bi_ranks;
    always_comb begin
      qd_fixed = qd_c;
      for (int j = 0; j < 4; j++) begin
        if (qd_has && qd_k == 2'(j)) begin
          qd_fixed[128*j +: 128] = qd_float ? qcm_mean : qd_c[128*(j ^ 3) +: 128];
        end
      end
      bi_valid = qd_valid || cq_short;
      {bi_c, bi_last, bi_bad, bi_w, bi_ranks} = qd_valid ? {qd_fixed, qd_last, qd_bad, qd_w, qd_ranks}
                                                          : {g_quad_c, ty_last, ty_bad, ty_w, ty_ranks};
    end
    logic         bl_valid;
    logic [127:0] bl_c;
    logic [31:0]  bl_w;
    logic [4:0]   bl_side;
    tsu_tex_bilerp #(.SideW(5)) u_bilerp (
      .clk_i, .rst_ni,
      .valid_i(bi_valid),
      .c_i    (bi_c),
      .w0_i   (bi_w),
      .wx2_i  (bi_w[7:0]),
      .ranks_i(bi_ranks[1:0]),
      .side_i ({bi_ranks[3:2], bi_last, bi_bad, 1'b0}),
      .valid_o(bl_valid),
      .c_o    (bl_c),
      .w_o    (bl_w),
      .side_o (bl_side)
    );
    // QQ6: what leaves the bilerp is a tap whose x and y ranks are done.
    logic nc_qq6_full;
    logic [$clog2(QuadDepth + 1)-1:0] nc_qq6_count;
    assign qq6_pop = mg_take && mg_quad;
    tsu_fifo #(.Ram(QueueRam), .Width(ItemW), .Depth(QuadDepth)) u_qq6 (
      .clk_i, .rst_ni, .push_i(bl_valid),
      .data_i({bl_c, bl_side[2], 1'b0, bl_side[1], bl_w, bl_side[4:3], 2'b00}),
      .pop_i(qq6_pop), .data_o(qq6_out), .empty_o(qq6_empty), .full_o(nc_qq6_full), .count_o(nc_qq6_count)
    );
    logic unused_quad;
    assign unused_quad = ^{nc_qm_count, nc_qm_full, nc_qtok_valid, nc_qq4_full, nc_qq4_count, qq5_full,
                           nc_arb_data, nc_qpq_empty, nc_qpq_full, nc_qpq_count, nc_qg_adj_valid,
                           nc_qq6_full, nc_qq6_count, bl_side[0], qa_valid[3:1], qg_z[15:12]};
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    // At most one lane leads each bank in a cycle.
    logic qk_lead_clash;
    always_comb begin
      qk_lead_clash = 1'b0;
      for (int j = 0; j < 4; j++) begin
        for (int i = 0; i < j; i++) begin
          if (qk_go[i] && qk_lead[i] == 2'(i) && qk_go[j] && qk_lead[j] == 2'(j) &&
              qk_banks[2*i +: 2] == qk_banks[2*j +: 2]) qk_lead_clash = 1'b1;
        end
      end
    end
    a_one_lead_per_bank: assert property (@(posedge clk_i) disable iff (!rst_ni) !qk_lead_clash);
    a_qq6_room: assert property (@(posedge clk_i) disable iff (!rst_ni) !(bl_valid && nc_qq6_full));
    // The request routing (s_seam_quad) keeps every tap within a texel of the face: one corner.
    a_one_corner: assert property (@(posedge clk_i) disable iff (!rst_ni) qg_fire |-> $onehot0(qg_corner));
    a_corner_mean_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni)
        qcm_valid == (qd_valid && qd_has && qd_float));
    c_quad_seamless_edge: cover property (@(posedge clk_i) qg_fire && qg_adj != '0);
    c_quad_corner: cover property (@(posedge clk_i) qg_fire && t_linear && qg_corner != '0);
    c_quad_point_corner: cover property (@(posedge clk_i) qg_fire && qg_pcorner);
    a_quad_one_way: assert property (@(posedge clk_i) disable iff (!rst_ni) !(qd_valid && cq_short));
    c_quad_follows_corner: cover property (@(posedge clk_i) cq_long && !cq_has);
    c_quad_corner_int: cover property (@(posedge clk_i) qd_valid && qd_has && !qd_float);
    c_quad_corner_wait: cover property (@(posedge clk_i) !qq5_empty && qe_end && qe_corner != '0 && qcn_gap_q != '0);
    c_quad_bilinear: cover property (@(posedge clk_i) qg_fire && t_linear && t_axes == 2'd2);
    c_quad_3d: cover property (@(posedge clk_i) qg_fire && t_linear && t_axes == 2'd3 && qg_s_q);
    c_quad_shared_line: cover property (@(posedge clk_i) qk_push && qk_fired != '0 &&
        (qk_lead[1] == 2'd0 || qk_lead[2] != 2'd2 || qk_lead[3] != 2'd3));
    c_quad_bank_conflict: cover property (@(posedge clk_i) qk_push && !qk_end);
    c_quad_border: cover property (@(posedge clk_i) qg_fire && qg_border != '0);
    c_quad_four_reads: cover property (@(posedge clk_i) b_fire == 4'hF);
    // A quad request dispatched behind a one-tap request still inside: the merge orders them.
    c_path_switch: cover property (@(posedge clk_i) qm_push && qg_fire && !qm_empty && !qm_tail_quad_q);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_one_path
    assign qm_path = 1'b0;
    assign qm_empty = 1'b0;
    assign qg_fire = 1'b0;
    assign qg_q3_pop = 1'b0;
    assign qq6_empty = 1'b1;
    assign qq6_out = '0;
    assign mem_req_valid_o = s_mreq_valid;
    assign s_mreq_ready = mem_req_ready_i;
    assign mem_req_addr_o = s_mreq_addr;
    assign s_mrsp_valid = mem_rsp_valid_i;
    assign mem_rsp_ready_o = s_mrsp_ready;
    assign s_mrsp_data = mem_rsp_data_i;
    assign cache_lookups_o = '0;
    assign cache_misses_o = '0;
    logic unused_inv;
    assign unused_inv = ^{inv_valid_i, inv_addr_i, inv_all_i, qg_fire};
  end
  assign mg_quad = qm_path;

  // ---- Filter: 4 / Lanes beats per tap ------------------------------------------------------------
  localparam int unsigned Beats = 4 / Lanes;
  logic [1:0]   f_grp_q;
  logic         f_ready, f_last_beat, f_valid;
  logic [127:0] f_c, f_res;
  assign f_last_beat = 32'(f_grp_q) == Beats - 1;
  // The merge: items of the request at the head of QM's order, from its path's queue (Q6 or QQ6).
  logic [ItemW-1:0] mg_item;
  assign mg_valid = !qm_empty && (mg_quad ? !qq6_empty : !q6_empty);
  assign mg_item = mg_quad ? qq6_out : q6_out;
  assign mg_last = mg_item[ItemSideW - 1];
  assign mg_flags = mg_item[ItemSideW - 2 -: 2];
  assign mg_take = mg_valid && f_ready && f_last_beat;
  assign q6_pop = mg_take && !mg_quad;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) f_grp_q <= 2'd0;
    else if (mg_valid && f_ready) f_grp_q <= f_last_beat ? 2'd0 : f_grp_q + 2'd1;
  end
  tsu_tex_filter #(.Lanes(Lanes)) u_filter (
    .clk_i, .rst_ni,
    .tap_valid_i(mg_valid),
    .tap_ready_o(f_ready),
    .tap_c_i    (mg_item[ItemSideW + 32 * Lanes * 32'(f_grp_q) +: 32 * Lanes]),
    .tap_grp_i  (f_grp_q),
    .tap_w_i    (mg_item[35:4]),
    .tap_ranks_i(mg_item[3:0]),
    .res_valid_o(f_valid),
    .res_c_o    (f_res)
  );
  assign f_c = f_res;

  // ---- Output conversion and the response ---------------------------------------------------------
  logic [3:0] o_dtype;
  logic       o_float, o_sint;
  assign {o_dtype, o_float, o_sint} = qo_out;
  assign qo_pop = f_valid;
  assign qf_pop = f_valid;
  logic         out_valid;
  logic [127:0] out_data;
  logic [2:0]   out_count;
  tsu_tex_out u_out (
    .clk_i, .rst_ni,
    .valid_i       (f_valid),
    .c_i           (f_c),
    .float_result_i(o_float),
    .sint_i        (o_sint),
    .type_i        (o_dtype),
    .valid_o       (out_valid),
    .data_o        (out_data),
    .count_o       (out_count)
  );
  logic [1:0] out_flags;
  tsu_delay #(.Width(2), .Depth(OutLat)) u_out_side (
    .clk_i, .rst_ni, .valid_i(f_valid), .data_i(qf_out), .valid_o(nc_u_out_side_valid), .data_o(out_flags)
  );
  logic [132:0] rq_out;
  logic         rq_empty;
  // Non-resident: zeros and a false predicate; a bad level: a trap with zeros and no elements.
  tsu_fifo #(.Ram(QueueRam), .Width(133), .Depth(MaxInflight)) u_rq (
    .clk_i, .rst_ni, .push_i(out_valid),
    .data_i({out_flags[0] || out_flags[1] ? 128'd0 : out_data,
             out_flags[0] ? 3'd0 : out_count, !out_flags[1] || out_flags[0], out_flags[0]}),
    .pop_i(rsp_pop), .data_o(rq_out), .empty_o(rq_empty), .full_o(nc_u_rq_full), .count_o(nc_u_rq_count)
  );
  assign rsp_valid_o = !rq_empty;
  assign rsp_pop = rsp_valid_o && rsp_ready_i;
  assign {rsp_data_o, rsp_count_o, rsp_pred_o, rsp_trap_o} = rq_out;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_two_pass: cover property (@(posedge clk_i) p_fire && p_two);
  c_bad_level: cover property (@(posedge clk_i) p_fire && !lv_ok);
  c_border_tap: cover property (@(posedge clk_i) t_fire && t_border);
  c_res_read: cover property (@(posedge clk_i) t_fire && t_res_read);
  c_nonresident: cover property (@(posedge clk_i) e_fire && e_nonres);
  c_reads_full: cover property (@(posedge clk_i) !q4_empty && reads_q == ReadW'(MaxReads));
  c_taps_full: cover property (@(posedge clk_i) !q3_empty && tap_used_q == AgCntW'(TapDepth));
  c_inflight_full: cover property (@(posedge clk_i) req_valid_i && !req_ready_o);
  // The gradient pipeline and its side delay line stay aligned; a request that is not .grad
  // follows a .grad one through it (order kept), or goes straight to the LOD block.
  a_grad_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni)
      g_valid_raw == x_a_valid && g_valid == x_b_valid);
  // The three paths never deliver in one cycle.
  a_one_exit: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(x_b_valid && x_a_exit) && !((x_b_valid || x_a_exit) && accept && !x_take_a && !x_take_b));
  // A cube .grad request's gradients meet its face, and its lambda its place in the long path.
  a_cube_grad_face: assert property (@(posedge clk_i) disable iff (!rst_ni) cg_in_valid |-> k_ax_valid);
  a_cube_grad_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni) cg_valid |-> x_b_valid);
  c_cube_grad: cover property (@(posedge clk_i) accept && x_grad && s_cube);
  c_cube_grad_gap: cover property (@(posedge clk_i) req_valid_i && cg_gap_q);
  c_cube_array_grad: cover property (@(posedge clk_i) accept && x_grad && s_cube &&
                                     tsu_pkg::GEOM_ARRAY[req_geom_i]);
  c_grad: cover property (@(posedge clk_i) accept && x_grad);
  c_follows_grad: cover property (@(posedge clk_i) accept && !x_grad && x_take_a);
  c_follows_cube_grad: cover property (@(posedge clk_i) accept && !(x_grad && s_cube) && x_take_b);
  c_grad_in_cube_path: cover property (@(posedge clk_i) accept && x_grad && !s_cube && x_take_b);
  c_grad_s32: cover property (@(posedge clk_i) accept && x_grad && x_d.grad_level);
  // Cube face selection and its side delay line stay aligned; the short paths never push in the
  // same cycle as the long ones.
  a_cube_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni) k_valid == k_side_valid);
  a_qu_one_push: assert property (@(posedge clk_i) disable iff (!rst_ni) !(k_side_valid && accept && !k_long));
  a_corner_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni) cn_mean_valid == (cn_out_valid && cd_corner));
  a_q6_one_push: assert property (@(posedge clk_i) disable iff (!rst_ni) !(cn_short && cn_out_valid));
  c_cube: cover property (@(posedge clk_i) accept && s_cube);
  c_follows_cube: cover property (@(posedge clk_i) accept && !s_cube && k_long);
  c_cube_array: cover property (@(posedge clk_i) k_side_valid && kd_cube && kd_layer != '0);
  c_seamless_edge: cover property (@(posedge clk_i) t_fire && t_seam && !t_corner);
  c_seamless_corner: cover property (@(posedge clk_i) t_fire && t_corner && t_sub_q == 2'd2);
  c_follows_corner: cover property (@(posedge clk_i) cn_long && tx_code == 2'd0);
  c_clamped_cube_tap: cover property (@(posedge clk_i) t_fire && !t_seamless && t_sel[0] && t_out1[0]);
  a_q6_room: assert property (@(posedge clk_i) disable iff (!rst_ni) tx_valid |-> !(q6_empty == 1'b0 && texel_used_q > TxCntW'(TexelDepth)));
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{req_tex_i, req_smp_i, fmt, nc_g_rho2, nc_cg_rho2, g_valid, p_levels, p_pad2, s_lod_int, k_valid,
                    cs_cube, cs_seamless, cs_face, cs_layer, is_hi0, is_hi1,
                    c_valid[2:1], m_valid[2:1], w_valid[2:1], is_s32path, is_two, is_second,
                    is_last, is_frac, is_offset, is_u, cs_second, cs_last, cs_two, cs_frac,
                    cs_w, cs_h, cs_d, cs_modes, cs_norm, s_layer32[31:11], s_sample32[31:3],
                    lv_base, e_tex_line_q, t_bit, q6_out, lod_level[5], lod_next[5], r_table,
                    c_layer_stride};
endmodule
