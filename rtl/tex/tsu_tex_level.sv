// tsu_tex_level: one mip level of a texture, from the header and the level's 16-byte record (read
// from the level table when a request samples the level): the level's extents, the strides and
// block shape tsu_addrgen takes, the level's base address, and whether the record is usable.
// Golden function tsu::DecodeTexLevel (docs/descriptors.md, "Level record"); extents are
// max(1, extent >> level) (the model's ResolveTexture), shifts only. Latency RegOut.
module tsu_tex_level #(
  parameter int unsigned AddrW = 48,
  parameter bit RegOut = 1'b1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  valid_i,
  input  tsu_pkg::tex_desc_t    tex_i,
  input  tsu_pkg::tex_level_t   rec_i,
  input  logic [4:0]            level_i,       // 0 .. MAX_LEVELS - 1
  input  logic [2:0]            texel_log2_i,  // tsu_fmt_decode: log2 of the texel's bytes
  output logic                  valid_o,
  output logic                  ok_o,
  output logic [16:0]           width_o,       // texels (the samples of a texel not counted)
  output logic [16:0]           height_o,
  output logic [12:0]           depth_o,
  output logic [AddrW-1:0]      base_o,        // texture base + the level's offset (layer 0)
  output logic [31:0]           pitch_o,       // pitch-linear row pitch (0 for block-linear)
  output logic [31:0]           row_of_blocks_o,  // block-linear (0 for pitch-linear)
  output logic [43:0]           slice_bytes_o,
  output logic [2:0]            block_height_log2_o,
  output logic [2:0]            block_depth_log2_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegOut);
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;  // read by the bench
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned OutW = 1 + 17 + 17 + 13 + AddrW + 32 + 32 + 44 + 3 + 3;

  logic             ok, pitch_layout;
  logic [16:0]      w, h;
  logic [12:0]      d;
  logic [39:0]      row_bytes;  // width x samples x texel bytes: < 2^(16 + 3 + 4)
  logic [AddrW-1:0] base;
  always_comb begin
    pitch_layout = tex_i.layout == 1'(tsu_pkg::LayoutPitch);
    // Extents fit their widths once the header is valid (tsu_tex_desc_check); wider garbage is
    // cut, and then only this level's addresses are wrong, which a valid header cannot reach.
    w = tex_i.width[16:0] >> level_i;
    h = tex_i.height[16:0] >> level_i;
    d = tex_i.depth[12:0] >> level_i;
    if (w == 17'd0) w = 17'd1;
    if (h == 17'd0) h = 17'd1;
    if (d == 13'd0) d = 13'd1;
    row_bytes = ((40'(w) << tex_i.samples_log2) << texel_log2_i);
    if (pitch_layout) begin
      ok = rec_i.offset[8:0] == 9'd0 && rec_i.block_height_log2 == 3'd0 &&
           rec_i.block_depth_log2 == 3'd0 && rec_i.stride[3:0] == 4'd0 &&
           40'(rec_i.stride) >= row_bytes;
    end else begin
      ok = rec_i.offset[8:0] == 9'd0 && rec_i.block_height_log2 <= tex_i.block_height_log2 &&
           rec_i.block_depth_log2 <= tex_i.block_depth_log2 && rec_i.stride[8:0] == 9'd0;
    end
    base = tex_i.base[AddrW-1:0] + AddrW'(rec_i.offset);
  end

  logic [OutW-1:0] out;
  tsu_pipe_reg #(.Width(OutW), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({ok, w, h, d, base, pitch_layout ? rec_i.stride : 32'd0,
              pitch_layout ? 32'd0 : rec_i.stride, rec_i.slice_bytes, rec_i.block_height_log2,
              rec_i.block_depth_log2}),
    .valid_o(valid_o),
    .data_o (out)
  );
  assign {ok_o, width_o, height_o, depth_o, base_o, pitch_o, row_of_blocks_o, slice_bytes_o,
          block_height_log2_o, block_depth_log2_o} = out;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_level_ok_pitch: cover property (@(posedge clk_i) valid_i && ok && pitch_layout);
  c_level_ok_block: cover property (@(posedge clk_i) valid_i && ok && !pitch_layout);
  c_level_bad_pitch: cover property (@(posedge clk_i) valid_i && !ok && pitch_layout);
  c_level_bad_block: cover property (@(posedge clk_i) valid_i && !ok && !pitch_layout);
  c_level_clamped: cover property (@(posedge clk_i) valid_i && (tex_i.width[16:0] >> level_i) == 17'd0);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{tex_i, rec_i.rsvd_122};
endmodule
