// Format unpack: a stored texel becomes components R,G,B,A (golden function tsu::UnpackTexel;
// each channel as tsu::DecodeChannel). UNORM/SNORM/HALF/FLOAT give f32 bits, UINT/SINT give
// zero/sign-extended 32-bit integers; components the format lacks take (0, 0, 0, 1) in the
// format's class. Used by suld-style formatted reads and by the texture path.
//
// Stages: [decode, extract each slot's bits] -RegMid- [convert: ConvStages registers inside the
// UNORM/SNORM -> f32 converters, the slots and format info delayed alongside] [f16 -> f32,
// integer extension, route to components] -RegOut-. ConvStages = 3 closes 50 MHz on an iCE40
// HX8K.
module tsu_fmt_unpack #(
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1,
  parameter bit RegMid = 1'b1,
  parameter int unsigned ConvStages = 3,  // 0..3
  parameter bit RegOut = 1'b1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              valid_i,
  input  logic [4:0]        order_i,   // tsu_pkg::chorder_e
  input  logic [4:0]        type_i,    // tsu_pkg::chtype_e
  input  logic [127:0]      texel_i,  // little-endian texel bytes
  output logic              valid_o,
  output logic              supported_o,
  output logic [127:0]      comps_o   // component c in [32c +: 32]
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegMid) + ConvStages + 32'(RegOut);
  /* verilator lint_on UNUSEDPARAM */

  // ---- Stage 0: decode and extract -------------------------------------------------------------
  tsu_hw_pkg::fmt_info_t info_s0, info_s1;
  logic [127:0] slot_s0;
  tsu_fmt_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_decode (
    .order_i(order_i),
    .type_i (type_i),
    .info_o (info_s0)
  );

  // While idle the stage's results are don't-cares ('x): synthesis drops the mux, and a Verilated
  // model skips the routing.
  always_comb begin
    slot_s0 = 'x;
    if (valid_i) begin
      slot_s0 = '0;
      unique case (info_s0.assembly)
        tsu_hw_pkg::Asm8: begin
          for (int i = 0; i < 4; i++) slot_s0[32*i +: 8] = texel_i[8*i +: 8];
        end
        tsu_hw_pkg::Asm16: begin
          for (int i = 0; i < 4; i++) slot_s0[32*i +: 16] = texel_i[16*i +: 16];
        end
        tsu_hw_pkg::Asm32: slot_s0 = texel_i;
        tsu_hw_pkg::Asm565: begin
          slot_s0[4:0] = texel_i[15:11];
          slot_s0[37:32] = texel_i[10:5];
          slot_s0[68:64] = texel_i[4:0];
        end
        tsu_hw_pkg::Asm555: begin
          slot_s0[4:0] = texel_i[14:10];
          slot_s0[36:32] = texel_i[9:5];
          slot_s0[68:64] = texel_i[4:0];
        end
        tsu_hw_pkg::Asm101010: begin
          slot_s0[9:0] = texel_i[29:20];
          slot_s0[41:32] = texel_i[19:10];
          slot_s0[73:64] = texel_i[9:0];
        end
        tsu_hw_pkg::Asm1010102: begin
          slot_s0[9:0] = texel_i[31:22];
          slot_s0[41:32] = texel_i[21:12];
          slot_s0[73:64] = texel_i[11:2];
          slot_s0[97:96] = texel_i[1:0];
        end
        tsu_hw_pkg::Asm248: begin
          slot_s0[23:0] = texel_i[31:8];
          slot_s0[39:32] = texel_i[7:0];
        end
        default: begin  // Asm328
          slot_s0[31:0] = texel_i[31:0];
          slot_s0[39:32] = texel_i[39:32];
        end
      endcase
    end
  end

  // Slots read: sRGBx's fourth channel is padding.
  logic [2:0] nread_s0;
  assign nread_s0 = info_s0.srgb_pad ? 3'd3 : info_s0.nfields;

  localparam int unsigned MidW = $bits(info_s0) + 3 + 128;
  logic [MidW-1:0] mid_s0, mid_s1;
  logic            valid_s1;
  assign mid_s0 = {info_s0, nread_s0, slot_s0};
  tsu_pipe_reg #(.Width(MidW), .Enable(RegMid)) u_mid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (mid_s0),
    .valid_o(valid_s1),
    .data_o (mid_s1)
  );

  // ---- Stage 1: convert (ConvStages deep) and route ------------------------------------------------
  logic [2:0]   nread_s1, nread_c;
  logic [127:0] slot_s1, slot_c;
  tsu_hw_pkg::fmt_info_t info_c;
  logic         valid_c;
  assign {info_s1, nread_s1, slot_s1} = mid_s1;
  tsu_delay #(.Width(MidW), .Depth(ConvStages)) u_conv_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_s1),
    .data_i (mid_s1),
    .valid_o(valid_c),
    .data_o ({info_c, nread_c, slot_c})
  );

  logic [127:0] val;  // converted slot i in [32i +: 32]
  for (genvar i = 0; i < 4; i++) begin : g_slot
    logic [31:0] raw, from_norm, from_half, from_int, vi;
    logic [5:0]  w;
    assign val[32*i +: 32] = vi;
    assign raw = slot_c[32*i +: 32];
    assign w = info_c.bits[6*i +: 6];

    if (EnableNorm) begin : g_norm
      tsu_norm_to_f32 #(.Stages(ConvStages)) u_norm (
        .clk_i   (clk_i),
        .chan_i  (slot_s1[32*i +: 24]),
        .bits_i  (info_s1.bits[6*i +: 5]),
        .signed_i(info_s1.kind == tsu_hw_pkg::KindSnorm),
        .f32_o   (from_norm)
      );
    end else begin : g_no_norm
      assign from_norm = '0;
    end

    if (EnableHalf) begin : g_half
      tsu_f16_to_f32 u_half (
        .f16_i(raw[15:0]),
        .f32_o(from_half)
      );
    end else begin : g_no_half
      assign from_half = '0;
    end

    // SINT sign-extends from the channel width; UINT is already zero-extended.
    always_comb begin
      from_int = raw;
      if (info_c.kind == tsu_hw_pkg::KindSint && w == 6'd8) from_int = {{24{raw[7]}}, raw[7:0]};
      if (info_c.kind == tsu_hw_pkg::KindSint && w == 6'd16) from_int = {{16{raw[15]}}, raw[15:0]};
      if (!EnableInt) from_int = '0;
    end

    always_comb begin
      unique case (info_c.kind)
        tsu_hw_pkg::KindUnorm, tsu_hw_pkg::KindSnorm: vi = from_norm;
        tsu_hw_pkg::KindUint, tsu_hw_pkg::KindSint: vi = from_int;
        tsu_hw_pkg::KindHalf: vi = from_half;
        default: vi = raw;  // FLOAT
      endcase
    end
  end

  logic [127:0] comps_s1;
  logic         float_class;
  always_comb begin
    float_class = !(info_c.kind == tsu_hw_pkg::KindUint || info_c.kind == tsu_hw_pkg::KindSint);
    comps_s1 = 'x;
    if (valid_c) begin
      comps_s1 = {float_class ? 32'h3f80_0000 : 32'd1, 96'd0};  // (0, 0, 0, 1)
      // Component c takes the last slot read that names it (each component a small mux; an index
      // computed into the vector would be a 128-bit shifter per slot).
      for (int c = 0; c < 4; c++) begin
        for (int i = 0; i < 4; i++) begin
          if (3'(i) < nread_c && 32'(info_c.comp[2*i +: 2]) == c) comps_s1[32*c +: 32] = val[32*i +: 32];
        end
      end
      if (!info_c.supported) comps_s1 = '0;
    end
  end

  logic [128:0] out_s1, out_s2;
  assign out_s1 = {info_c.supported, comps_s1};
  tsu_pipe_reg #(.Width(129), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_c),
    .data_i (out_s1),
    .valid_o(valid_o),
    .data_o (out_s2)
  );
  assign {supported_o, comps_o} = out_s2;

  logic unused_bits;
  assign unused_bits = ^{info_s0.texel_log2, info_s0.legal, info_c.texel_log2, info_c.legal,
                        info_c.assembly, info_c.nfields, info_c.srgb_pad, info_s1, nread_s1,
                        slot_s1};  // s1: the converters read only the kind, widths and low bits

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  a_known_out: assert property (@(posedge clk_i) disable iff (!rst_ni)
      valid_o |-> !$isunknown({supported_o, comps_o}));

  c_unsupported: cover property (@(posedge clk_i) valid_c && !info_c.supported);
  c_kind_unorm: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                info_c.kind == tsu_hw_pkg::KindUnorm);
  c_kind_snorm: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                info_c.kind == tsu_hw_pkg::KindSnorm);
  c_kind_uint: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                               info_c.kind == tsu_hw_pkg::KindUint);
  c_kind_sint: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                               info_c.kind == tsu_hw_pkg::KindSint);
  c_kind_half: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                               info_c.kind == tsu_hw_pkg::KindHalf);
  c_kind_float: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                info_c.kind == tsu_hw_pkg::KindFloat);
  c_snorm_most_negative: cover property (@(posedge clk_i) valid_c && info_c.supported &&
      info_c.kind == tsu_hw_pkg::KindSnorm && slot_c[7:0] == 8'h80 && info_c.bits[5:0] == 6'd8);
  c_half_subnormal: cover property (@(posedge clk_i) valid_c && info_c.supported &&
      info_c.kind == tsu_hw_pkg::KindHalf && slot_c[14:10] == 5'd0 && slot_c[9:0] != 10'd0);
  c_half_nan: cover property (@(posedge clk_i) valid_c && info_c.supported &&
      info_c.kind == tsu_hw_pkg::KindHalf && slot_c[14:10] == 5'h1f && slot_c[9:0] != 10'd0);
  c_defaults_filled: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                     nread_c == 3'd1);
  c_srgbx_pad_skipped: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                       nread_c == 3'd3 && info_c.bits[5:0] == 6'd8);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
