// tsu_tex_setup: the sampling pipeline's entry (tsu_tex_engine). It admits a request while fewer
// than MaxInflight are inside (a slot is held from acceptance to response) and reads the request
// into the records that the stages' per-request queues hold (tsu_tex_pkg): layer, sample and
// direction from the coordinates, the result class after the read mode (tsu::MakeTexelRule), the
// integer-coordinate level, residency index widths, and which tap path the request takes.
// Combinational but for the slot count: Latency 0, one request per cycle.
module tsu_tex_setup #(
  parameter int unsigned MaxInflight = 64,
  parameter bit          Quad = 1'b0,
  // Feature knobs (docs/semantics.md H15): 0 removes the hardware; tsu_tex_unit traps a tex that
  // needs a removed feature, so none reaches the engine.
  parameter bit          EnableGrad = 1'b1,
  parameter bit          EnableCube = 1'b1,
  parameter bit          EnableSeamless = 1'b1,
  parameter bit          EnableCompare = 1'b1,
  parameter bit          EnableMultisample = 1'b1,
  parameter bit          EnableResidency = 1'b1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    req_valid_i,
  output logic                    req_ready_o,
  input  logic                    hold_i,        // take no request this cycle
  input  logic                    rsp_pop_i,     // a response leaves: its slot frees
  output logic                    accept_o,
  input  logic [3:0]              geom_i,        // tsu_pkg::geom_e
  input  logic [1:0]              mode_i,        // tsu_pkg::texmode_e
  input  logic                    s32_i,
  input  logic [3:0]              dtype_i,       // tsu_pkg::dtype_e
  input  logic                    compare_i,
  input  logic [127:0]            coords_i,
  input  logic [31:0]             lod_i,
  input  logic [95:0]             dpdx_i,
  input  logic [95:0]             dpdy_i,
  input  logic [11:0]             offset_i,
  input  logic [31:0]             ref_i,
  input  tsu_pkg::tex_desc_t      tex_i,
  input  tsu_pkg::smp_desc_t      smp_i,
  output logic                    cube_o,        // a cube request
  output logic                    grad_o,        // a .grad request
  output logic                    quad_o,        // takes the quad path
  output logic [95:0]             dir_o,         // a cube request's direction, x y z
  output tsu_tex_pkg::coord_t     coord_o,       // coordinates as they are (no face)
  output tsu_tex_pkg::pass_req_t  pass_o,
  output tsu_tex_pkg::tap_req_t   tap_o,
  output tsu_tex_pkg::texel_req_t texel_o,
  output tsu_tex_pkg::out_req_t   out_o,
  output tsu_tex_pkg::lod_req_t   lod_o,
  output tsu_tex_pkg::grad_req_t  grad_req_o
);
  localparam int unsigned InflW = $clog2(MaxInflight + 1);
  localparam int unsigned LayerW = tsu_tex_pkg::LayerW;

  // ---- Entry credit ------------------------------------------------------------------------------
  logic [InflW-1:0] inflight_q;
  assign req_ready_o = inflight_q < InflW'(MaxInflight) && !hold_i;
  assign accept_o = req_valid_i && req_ready_o;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) inflight_q <= '0;
    else inflight_q <= inflight_q + InflW'(accept_o) - InflW'(rsp_pop_i);
  end

  // ---- The request's fields ------------------------------------------------------------------------
  tsu_hw_pkg::fmt_info_t fmt;
  tsu_fmt_decode u_fmt (
    .order_i(tex_i.chorder),
    .type_i (tex_i.chtype),
    .info_o (fmt)
  );

  logic        s_is_ms, s_first, s_s32path, s_float, s_sint, s_cube, s_seamless;
  logic [31:0] s_dir [3];
  logic [1:0]  s_axes;
  logic [2:0]  s_kind;
  logic [31:0] s_c [4];
  logic [31:0] s_u0, s_u1, s_u2, s_layer32, s_sample32, s_last_level;
  logic [4:0]  s_level_s32;
  logic [4:0]  s_bx, s_by, s_bz, s_lb;
  logic [16:0] s_tiles_x, s_tiles_y;
  logic [12:0] s_tiles_z;
  always_comb begin
    for (int k = 0; k < 4; k++) s_c[k] = coords_i[32*k +: 32];
    s_is_ms = EnableMultisample && tsu_pkg::GEOM_MS[geom_i];
    s_cube = EnableCube && tsu_pkg::GEOM_CUBE[geom_i];
    s_seamless = EnableSeamless && s_cube && smp_i.seamless_cube;
    s_first = tsu_pkg::GEOM_ARRAY[geom_i] && !s_is_ms;  // a1d, a2d: layer first
    s_s32path = s32_i || s_is_ms;
    s_axes = geom_i == 4'(tsu_pkg::Geom1d) || geom_i == 4'(tsu_pkg::GeomA1d) ? 2'd1
           : geom_i == 4'(tsu_pkg::Geom3d) ? 2'd3 : 2'd2;
    // Layer (u32, clamped to the last) and sample (multisample: 2dms {s, x, y}, a2dms {l, s, x, y}).
    s_layer32 = 32'd0;
    s_sample32 = 32'd0;
    s_u0 = s_first ? s_c[1] : s_c[0];
    s_u1 = s_first ? s_c[2] : s_c[1];
    s_u2 = s_c[2];
    for (int k = 0; k < 3; k++) s_dir[k] = s_first ? s_c[k + 1] : s_c[k];
    if (tsu_pkg::GEOM_ARRAY[geom_i]) begin
      s_layer32 = s_c[0] < tex_i.array_size - 32'd1 ? s_c[0] : tex_i.array_size - 32'd1;
    end
    if (s_is_ms) begin
      if (geom_i == 4'(tsu_pkg::GeomA2dms)) begin
        s_sample32 = s_c[1];
        s_u0 = s_c[2];
        s_u1 = s_c[3];
      end else begin
        s_sample32 = s_c[0];
        s_u0 = s_c[1];
        s_u1 = s_c[2];
      end
      if (s_sample32 > (32'd1 << tex_i.samples_log2) - 32'd1) begin
        s_sample32 = (32'd1 << tex_i.samples_log2) - 32'd1;
      end
    end
    // Integer coordinates: .level picks a level directly (clamped), else level 0.
    s_last_level = 32'(tex_i.levels) - 32'd1;
    s_level_s32 = 5'd0;
    if (mode_i == 2'(tsu_pkg::TexModeLevel) && !s_is_ms) begin
      if ($signed(lod_i) <= 0) s_level_s32 = 5'd0;
      else if (lod_i > s_last_level) s_level_s32 = s_last_level[4:0];
      else s_level_s32 = lod_i[4:0];
    end
    // The result class after the read mode.
    s_kind = tsu_hw_pkg::read_kind(fmt.kind, fmt.bits[5:0],
                            smp_i.read_mode == 1'(tsu_pkg::ReadNormalizedFloat));
    s_float = s_kind != 3'(tsu_hw_pkg::KindUint) && s_kind != 3'(tsu_hw_pkg::KindSint);
    s_sint = s_kind == 3'(tsu_hw_pkg::KindSint);
    // Residency index widths (tsu::MakeResidencyIndex): ceil(log2(tiles)) = bit length of
    // (tiles - 1) = bit length of ((extent - 1) >> tile_log2).
    s_tiles_x = (tex_i.width[16:0] - 17'd1) >> tex_i.tile_x_log2;
    s_tiles_y = (tex_i.height[16:0] - 17'd1) >> tex_i.tile_y_log2;
    s_tiles_z = (tex_i.depth[12:0] - 13'd1) >> tex_i.tile_z_log2;
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
  logic s_seam_quad, s_dir_special, s_dir_zero;
  always_comb begin
    s_dir_special = 1'b0;
    s_dir_zero = 1'b1;
    for (int k = 0; k < 3; k++) begin
      s_dir_special = s_dir_special || s_dir[k][30:23] == 8'hFF;
      s_dir_zero = s_dir_zero && s_dir[k][30:23] == 8'h00;
    end
    s_seam_quad = !s_dir_special && !s_dir_zero && offset_i == 12'd0;
  end
  logic [63:0] s_map;
  assign s_map = EnableResidency ? tex_i.residency_map : 64'd0;
  assign quad_o = Quad && s_map == 64'd0 && (!s_seamless || s_seam_quad);
  assign cube_o = s_cube;
  assign grad_o = EnableGrad && mode_i == 2'(tsu_pkg::TexModeGrad);
  assign dir_o = {s_dir[2], s_dir[1], s_dir[0]};

  // ---- The records -------------------------------------------------------------------------------
  always_comb begin
    coord_o.face = 3'd0;
    coord_o.layer = LayerW'(s_layer32[10:0]);
    coord_o.u = {s_u2, s_u1, s_u0};

    pass_o.width = tex_i.width;
    pass_o.height = tex_i.height;
    pass_o.depth = tex_i.depth;
    pass_o.texel_log2 = fmt.texel_log2;
    pass_o.s32path = s_s32path;
    pass_o.cube = s_cube;
    pass_o.layout = tex_i.layout;
    pass_o.block_height_log2 = tex_i.block_height_log2;
    pass_o.block_depth_log2 = tex_i.block_depth_log2;
    pass_o.base = tex_i.base;
    pass_o.samples_log2 = tex_i.samples_log2;
    pass_o.offset = offset_i;
    pass_o.normalized = smp_i.normalized || s_cube;
    pass_o.seamless = s_seamless;
    pass_o.mode_w = smp_i.address_w;
    pass_o.mode_v = s_cube ? 2'(tsu_pkg::AddrModeClamp) : smp_i.address_v;  // cube: the face's
    pass_o.mode_u = s_cube ? 2'(tsu_pkg::AddrModeClamp) : smp_i.address_u;  // edge clamps
    pass_o.axes = s_axes;

    tap_o.quad = quad_o;
    tap_o.layout = tex_i.layout;
    tap_o.sample = s_sample32[2:0];
    tap_o.samples_log2 = tex_i.samples_log2;
    tap_o.texel_log2 = fmt.texel_log2;
    tap_o.layer_stride = tex_i.layer_stride;
    tap_o.residency_map = s_map;
    tap_o.tile_z_log2 = tex_i.tile_z_log2;
    tap_o.tile_y_log2 = tex_i.tile_y_log2;
    tap_o.tile_x_log2 = tex_i.tile_x_log2;
    tap_o.res_shift_y = s_bx;
    tap_o.res_shift_z = 6'(s_bx) + 6'(s_by);
    tap_o.res_shift_level = 6'(s_bx) + 6'(s_by) + 6'(s_bz);
    tap_o.res_bits_level = s_lb;

    texel_o.chorder = tex_i.chorder;
    texel_o.chtype = tex_i.chtype;
    texel_o.read_norm = smp_i.read_mode;
    texel_o.srgb = smp_i.srgb;
    texel_o.compare = EnableCompare && compare_i;
    texel_o.compare_op = smp_i.compare;
    texel_o.ref_value = ref_i;
    texel_o.border_color = smp_i.border;

    out_o.dtype = dtype_i;
    out_o.float_res = s_float;
    out_o.sint = s_sint;

    lod_o.mode = mode_i;
    lod_o.lod = lod_i;
    lod_o.bias = smp_i.lod_bias;
    lod_o.min_lod = smp_i.min_lod;
    lod_o.max_lod = smp_i.max_lod;
    // Integer coordinates with .grad: level (lambda + 127) >> 8, clamped (T5): the nearest mip
    // filter's rule, whatever the sampler's.
    lod_o.grad_level = grad_o && s32_i && !s_is_ms;  // multisample: sample 0 of level 0
    lod_o.mip = lod_o.grad_level ? 2'(tsu_pkg::MipNearest) : smp_i.mip_filter;
    lod_o.levels = tex_i.levels;
    lod_o.level_table = tex_i.level_table;
    lod_o.s32path = s_s32path;
    lod_o.level_s32 = s_level_s32;
    lod_o.float_res = s_float;
    lod_o.lin_min = smp_i.min_filter == 1'(tsu_pkg::FilterLinear);
    lod_o.lin_mag = smp_i.mag_filter == 1'(tsu_pkg::FilterLinear);

    grad_req_o.dpdx = dpdx_i;
    grad_req_o.dpdy = dpdy_i;
    grad_req_o.axes = s_axes;
    grad_req_o.scale = smp_i.normalized && !s32_i;
    grad_req_o.width = tex_i.width[16:0] >> tex_i.samples_log2;
    grad_req_o.height = tex_i.height[16:0];
    grad_req_o.depth = {4'd0, tex_i.depth[12:0]};
  end

`ifndef SYNTHESIS
  initial assert (LayerW == 32'(tsu_pkg::COORD_LAYER_BITS) + 3)
    else $fatal(1, "tsu_tex_pkg::LayerW is not tsu_pkg::COORD_LAYER_BITS + 3");
  /* verilator lint_off SYNCASYNCNET */
  c_inflight_full: cover property (@(posedge clk_i) req_valid_i && !req_ready_o);
  c_cube_grad_gap: cover property (@(posedge clk_i) req_valid_i && hold_i);
  c_cube_array_grad: cover property (@(posedge clk_i) accept_o && grad_o && s_cube &&
                                     tsu_pkg::GEOM_ARRAY[geom_i]);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{tex_i, smp_i, fmt, s_layer32[31:11], s_sample32[31:3]};
endmodule
