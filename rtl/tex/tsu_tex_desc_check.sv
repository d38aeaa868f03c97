// tsu_tex_desc_check: are a texture header slot and a sampler slot valid? The hardware form of the
// field rules of tsu::DecodeTexture and tsu::DecodeSampler (docs/descriptors.md, "Validation"):
// kind, geometry, format pair, extents, arrays, samples, mip levels, alignment and block shape of
// the header; mip filter and LOD fields of the sampler. Strides, the level table's contents and
// the residency map are taken as written (a level's record is checked when the level is sampled:
// tsu_tex_level). Shifts and compares only: the level count is checked as
// ((w | h | d) >> (levels - 1)) != 0, not with a leading-zero count. Latency RegMid + RegOut:
// RegMid registers the rule groups before their AND (one stage closed 38 MHz on an HX8K).
module tsu_tex_desc_check #(
  parameter bit RegMid = 1'b1,
  parameter bit RegOut = 1'b1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               valid_i,
  input  tsu_pkg::tex_desc_t tex_i,
  input  tsu_pkg::smp_desc_t smp_i,
  input  logic               fmt_legal_i,  // tsu_fmt_decode: the (order, type) pair exists
  output logic               valid_o,
  output logic               tex_ok_o,
  output logic               smp_ok_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::tex_desc_check_latency(RegMid, RegOut);
  /* verilator lint_on UNUSEDPARAM */

  logic        tex_ok, smp_ok;
  logic        has_y, is_3d, is_array, is_cube, is_ms, pitch_layout;
  logic        kind_ok, geom_ok, fmt_ok, extents_ok, shape_ok, levels_ok, layout_ok, table_ok;
  logic        smp_kind_ok, smp_fields_ok;
  logic [16:0] extent_or;
  logic [4:0]  levels_m1;
  logic [15:0] bias, min_lod, max_lod;
  always_comb begin
    geom_ok = 32'(tex_i.dim) <= 32'(tsu_pkg::GeomA2dms);
    has_y = tsu_pkg::GEOM_HAS_Y[tex_i.dim];
    is_3d = tsu_pkg::GEOM_HAS_Z[tex_i.dim];
    is_array = tsu_pkg::GEOM_ARRAY[tex_i.dim];
    is_cube = tsu_pkg::GEOM_CUBE[tex_i.dim];
    is_ms = tsu_pkg::GEOM_MS[tex_i.dim];
    pitch_layout = tex_i.layout == 1'(tsu_pkg::LayoutPitch);
    // Textures may hold DEPTH_STENCIL (surfaces may not).
    fmt_ok = fmt_legal_i && 32'(tex_i.chorder) <= 32'(tsu_pkg::OrdABGR) &&
             32'(tex_i.chtype) <= 32'(tsu_pkg::ChUnormInt101010x2);
    extents_ok = tex_i.width != 32'd0 && tex_i.width <= tsu_pkg::MAX_WIDTH &&
                 tex_i.height != 32'd0 && tex_i.height <= tsu_pkg::MAX_HEIGHT &&
                 tex_i.depth != 32'd0 && tex_i.depth <= tsu_pkg::MAX_DEPTH;
    shape_ok = (has_y || tex_i.height == 32'd1) && (is_3d || tex_i.depth == 32'd1) &&
               (!is_cube || tex_i.width == tex_i.height) &&
               (is_array ? (tex_i.array_size != 32'd0 &&
                            tex_i.array_size <= tsu_pkg::MAX_ARRAY_SIZE)
                         : tex_i.array_size == 32'd0);
    // levels in 1 .. bit length of the largest extent (1 for multisample, whose samples_log2
    // is the only place samples may be non-zero). The bit length of the largest extent is that
    // of the extents ORed; 17 bits suffice where extents_ok holds (otherwise tex_ok is 0).
    extent_or = tex_i.width[16:0] | tex_i.height[16:0] | (is_3d ? tex_i.depth[16:0] : 17'd1);
    levels_m1 = tex_i.levels - 5'd1;
    levels_ok = tex_i.levels != 5'd0 && (extent_or >> levels_m1) != 17'd0 &&
                (is_ms ? tex_i.levels == 5'd1 : tex_i.samples_log2 == 2'd0) &&
                (35'(tex_i.width) << tex_i.samples_log2) <= 35'(tsu_pkg::MAX_WIDTH);
    if (pitch_layout) begin
      layout_ok = tex_i.base[3:0] == 4'd0 && tex_i.block_height_log2 == 3'd0 &&
                  tex_i.block_depth_log2 == 3'd0;
    end else begin
      layout_ok = tex_i.base[8:0] == 9'd0 &&
                  32'(tex_i.block_height_log2) <= 32'(tsu_pkg::MAX_BLOCK_LOG2) &&
                  32'(tex_i.block_depth_log2) <= 32'(tsu_pkg::MAX_BLOCK_LOG2);
    end
    // The level table: 16-byte aligned, not 0, and its last record below the top of memory.
    table_ok = tex_i.level_table != 64'd0 && tex_i.level_table[3:0] == 4'd0 &&
               tex_i.level_table <= ~64'd0 - 64'(32'(tsu_pkg::MAX_LEVELS) * 16) &&
               tex_i.layer_stride[8:0] == 9'd0;
    kind_ok = tex_i.kind == 4'(tsu_pkg::DescTexture);

    // Sampler: mip filter none/nearest/linear; |bias| <= 127 (8.8); min and max not -32768/256;
    // min <= max (signed).
    bias = smp_i.lod_bias;
    min_lod = smp_i.min_lod;
    max_lod = smp_i.max_lod;
    smp_kind_ok = smp_i.kind == 4'(tsu_pkg::DescSampler);
    smp_fields_ok = 32'(smp_i.mip_filter) <= 32'(tsu_pkg::MipLinear) &&
             $signed(bias) >= -16'sd32512 && $signed(bias) <= 16'sd32512 &&
             min_lod != 16'h8000 && max_lod != 16'h8000 && $signed(min_lod) <= $signed(max_lod);
  end

  logic       mid_valid;
  logic [9:0] mid;
  tsu_pipe_reg #(.Width(10), .Enable(RegMid)) u_mid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({kind_ok, geom_ok, fmt_ok, extents_ok, shape_ok, levels_ok, layout_ok, table_ok,
              smp_kind_ok, smp_fields_ok}),
    .valid_o(mid_valid),
    .data_o (mid)
  );
  assign tex_ok = &mid[9:2];
  assign smp_ok = &mid[1:0];

  tsu_pipe_reg #(.Width(2), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(mid_valid),
    .data_i ({tex_ok, smp_ok}),
    .valid_o(valid_o),
    .data_o ({tex_ok_o, smp_ok_o})
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_tex_ok: cover property (@(posedge clk_i) valid_i && kind_ok && geom_ok && fmt_ok && extents_ok && shape_ok && levels_ok && layout_ok && table_ok);
  c_tex_bad_kind: cover property (@(posedge clk_i) valid_i && tex_i.kind != 4'(tsu_pkg::DescTexture));
  c_tex_bad_format: cover property (@(posedge clk_i) valid_i && geom_ok && !fmt_ok);
  c_tex_bad_extents: cover property (@(posedge clk_i) valid_i && fmt_ok && !extents_ok);
  c_tex_bad_shape: cover property (@(posedge clk_i) valid_i && extents_ok && !shape_ok);
  c_tex_bad_levels: cover property (@(posedge clk_i) valid_i && shape_ok && !levels_ok);
  c_tex_bad_layout: cover property (@(posedge clk_i) valid_i && levels_ok && !layout_ok);
  c_tex_bad_table: cover property (@(posedge clk_i) valid_i && layout_ok && !table_ok);
  c_smp_ok: cover property (@(posedge clk_i) valid_i && smp_kind_ok && smp_fields_ok);
  c_smp_bad: cover property (@(posedge clk_i) valid_i && smp_kind_ok && !smp_fields_ok);
  /* verilator lint_on SYNCASYNCNET */
`endif

  // Taken as written or used elsewhere: strides, addresses, the residency tile shape, the sampled
  // state of the sampler.
  logic unused;
  assign unused = ^{tex_i.rsvd_448, tex_i.residency_map, tex_i.layer_stride[63:9],
                    tex_i.base[63:9], tex_i.sampler, tex_i.tile_x_log2, tex_i.tile_y_log2,
                    tex_i.tile_z_log2, smp_i.rsvd_256, smp_i.border, smp_i.rsvd_80,
                    smp_i.rsvd_21, smp_i.compare, smp_i.seamless_cube, smp_i.srgb,
                    smp_i.read_mode, smp_i.normalized, smp_i.address_w, smp_i.address_v,
                    smp_i.address_u, smp_i.min_filter, smp_i.mag_filter};
endmodule
