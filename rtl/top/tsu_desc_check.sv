// tsu_desc_check: is a descriptor slot a valid surface? The hardware form of the field rules of
// tsu::DecodeSurface (docs/descriptors.md, "Validation"): kind, geometry, format pair, extents,
// array size, alignment, pitch and block shape. Strides are taken as written (the driver
// resolved them). An invalid slot makes the instruction trap invalid_handle. Latency RegOut
// (the unit uses it combinationally, RegOut = 0; the bench checks the registered form too).
module tsu_desc_check #(
  parameter bit RegOut = 1'b1
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                valid_i,
  input  tsu_pkg::surf_desc_t desc_i,
  input  logic                fmt_legal_i,     // tsu_fmt_decode: the (order, type) pair exists
  input  logic [2:0]          texel_log2_i,
  output logic                valid_o,
  output logic                ok_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegOut);
  /* verilator lint_on UNUSEDPARAM */
  logic ok;
  logic        has_y, is_3d, is_array, pitch_layout, extents_ok, shape_ok, layout_ok, fmt_ok;
  logic [36:0] row_bytes;
  always_comb begin
    // Geometry attributes from geometry.def (a surface's dim is a surface geometry, checked below).
    has_y = tsu_pkg::GEOM_HAS_Y[desc_i.dim];
    is_3d = tsu_pkg::GEOM_HAS_Z[desc_i.dim];
    is_array = tsu_pkg::GEOM_ARRAY[desc_i.dim];
    pitch_layout = desc_i.layout == 1'(tsu_pkg::LayoutPitch);
    fmt_ok = fmt_legal_i && 32'(desc_i.chorder) <= 32'(tsu_pkg::OrdABGR) &&
             32'(desc_i.chtype) <= 32'(tsu_pkg::ChUnormInt101010x2) &&
             desc_i.chorder != 5'(tsu_pkg::OrdDepthStencil);
    extents_ok = desc_i.width != 32'd0 && desc_i.width <= tsu_pkg::MAX_WIDTH &&
                 desc_i.height != 32'd0 && desc_i.height <= tsu_pkg::MAX_HEIGHT &&
                 desc_i.depth != 32'd0 && desc_i.depth <= tsu_pkg::MAX_DEPTH;
    shape_ok = (has_y || desc_i.height == 32'd1) && (is_3d || desc_i.depth == 32'd1) &&
               (is_array ? (desc_i.array_size != 32'd0 &&
                            desc_i.array_size <= tsu_pkg::MAX_ARRAY_SIZE)
                         : desc_i.array_size == 32'd0);
    row_bytes = {5'd0, desc_i.width} << texel_log2_i;
    if (pitch_layout) begin
      layout_ok = desc_i.base[3:0] == 4'd0 && desc_i.block_height_log2 == 3'd0 &&
                  desc_i.block_depth_log2 == 3'd0 && desc_i.pitch[3:0] == 4'd0 &&
                  {5'd0, desc_i.pitch} >= row_bytes;
    end else begin
      layout_ok = desc_i.base[8:0] == 9'd0 && desc_i.pitch == 32'd0 &&
                  32'(desc_i.block_height_log2) <= 32'(tsu_pkg::MAX_BLOCK_LOG2) &&
                  32'(desc_i.block_depth_log2) <= 32'(tsu_pkg::MAX_BLOCK_LOG2) &&
                  (is_3d || desc_i.block_depth_log2 == 3'd0);
    end
    ok = desc_i.kind == 4'(tsu_pkg::DescSurface) && tsu_pkg::GEOM_SURFACE[desc_i.dim] &&
           fmt_ok && extents_ok && shape_ok && layout_ok;
  end
  tsu_pipe_reg #(.Width(1), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (ok),
    .valid_o(valid_o),
    .data_o (ok_o)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_ok: cover property (@(posedge clk_i) valid_i && ok);
  c_bad_kind: cover property (@(posedge clk_i) valid_i && desc_i.kind != 4'(tsu_pkg::DescSurface));
  c_bad_format: cover property (@(posedge clk_i) valid_i && desc_i.kind == 4'(tsu_pkg::DescSurface) && !fmt_ok);
  c_bad_extents: cover property (@(posedge clk_i) valid_i && fmt_ok && !extents_ok);
  c_bad_shape: cover property (@(posedge clk_i) valid_i && extents_ok && !shape_ok);
  c_bad_pitch_layout: cover property (@(posedge clk_i) valid_i && shape_ok && pitch_layout && !layout_ok);
  c_bad_block_layout: cover property (@(posedge clk_i) valid_i && shape_ok && !pitch_layout && !layout_ok);
  /* verilator lint_on SYNCASYNCNET */
`endif

  // The strides and the address are not checked (the driver resolved them).
  logic unused;
  assign unused = ^{desc_i.rsvd_448, desc_i.row_of_blocks, desc_i.layer_stride,
                    desc_i.slice_bytes, desc_i.base[63:9], desc_i.rsvd_25};
endmodule
