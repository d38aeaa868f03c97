// Format pack for sust.p: components R,G,B,A (f32, u32 or s32 bits by the format's class)
// become the stored texel (golden function tsu::PackTexel; rounding and saturation as
// tsu::EncodeChannel). Bytes past the texel are zero; an unsupported (order, type) gives
// supported_o = 0 and a zero texel.
//
// Stages: [decode, pick each slot's component] -RegMid- [convert: ConvStages registers inside
// the f32 -> UNORM/SNORM and f32 -> f16 converters, the slots and format info delayed alongside]
// [saturate integers, assemble] -RegOut-. ConvStages = 2 closes 50 MHz on an iCE40 HX8K.
module tsu_fmt_pack #(
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1,
  parameter bit RegMid = 1'b1,
  parameter int unsigned ConvStages = 2,  // 0..2
  parameter bit RegOut = 1'b1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              valid_i,
  input  logic [4:0]        order_i,   // tsu_pkg::chorder_e
  input  logic [4:0]        type_i,    // tsu_pkg::chtype_e
  input  logic [127:0]      comps_i,  // component c in [32c +: 32]
  output logic              valid_o,
  output logic              supported_o,
  output logic [2:0]        texel_log2_o,
  output logic [127:0]      texel_o   // little-endian texel bytes
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegMid) + ConvStages + 32'(RegOut);
  /* verilator lint_on UNUSEDPARAM */

  // ---- Stage 0: decode and component selection ---------------------------------------------------
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

  always_comb begin
    for (int i = 0; i < 4; i++) begin
      slot_s0[32*i +: 32] = comps_i[32*info_s0.comp[2*i +: 2] +: 32];
    end
  end

  localparam int unsigned MidW = $bits(info_s0) + 128;
  logic [MidW-1:0] mid_s0, mid_s1;
  logic            valid_s1;
  assign mid_s0 = {info_s0, slot_s0};
  tsu_pipe_reg #(.Width(MidW), .Enable(RegMid)) u_mid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (mid_s0),
    .valid_o(valid_s1),
    .data_o (mid_s1)
  );

  // ---- Stage 1: convert every slot (ConvStages deep), then place the channels ----------------------
  // Integer saturation and the float pass-through are done here, before the converters' delay,
  // and their results (`pre`, already masked to the channel width) travel alongside; the last
  // part only selects each slot's value and assembles the texel.
  logic [127:0] slot_s1, pre_s1, pre_c;
  tsu_hw_pkg::fmt_info_t info_c;
  logic valid_c;
  assign {info_s1, slot_s1} = mid_s1;
  tsu_delay #(.Width(MidW), .Depth(ConvStages)) u_conv_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_s1),
    .data_i ({info_s1, pre_s1}),
    .valid_o(valid_c),
    .data_o ({info_c, pre_c})
  );

  logic [127:0] chan;  // converted slot values in [32i +: 32], masked to their width
  logic [3:0]  norm_sat, norm_tie, half_tie, half_ovf, int_sat;

  for (genvar i = 0; i < 4; i++) begin : g_slot
    logic [31:0] v, conv_norm, conv_half, conv_int, ch;
    logic [5:0]  w;
    assign chan[32*i +: 32] = ch;
    logic [23:0] norm;
    logic [15:0] half;
    assign v = slot_s1[32*i +: 32];
    assign w = info_s1.bits[6*i +: 6];

    if (EnableNorm) begin : g_norm
      // Only slot 0 holds a 24-bit channel (UNORM_INT24 depth); the others hold at most 16.
      tsu_f32_to_norm #(.Stages(ConvStages), .MaxBits(i == 0 ? 24 : 16)) u_norm (
        .clk_i   (clk_i),
        .f32_i   (slot_s1[32*i +: 32]),
        .bits_i  (info_s1.bits[6*i +: 5]),
        .signed_i(info_s1.kind == tsu_hw_pkg::KindSnorm),
        .norm_o  (norm),
        .sat_o   (norm_sat[i]),
        .tie_o   (norm_tie[i])
      );
`ifndef SYNTHESIS
      /* verilator lint_off SYNCASYNCNET */
      a_norm_width: assert property (@(posedge clk_i) disable iff (!rst_ni)
          valid_s1 && info_s1.supported && (info_s1.kind == tsu_hw_pkg::KindUnorm ||
                       info_s1.kind == tsu_hw_pkg::KindSnorm) |->
          32'(info_s1.bits[6*i +: 6]) <= (i == 0 ? 24 : 16));
      /* verilator lint_on SYNCASYNCNET */
`endif
    end else begin : g_no_norm
      assign norm = '0;
      assign norm_sat[i] = 1'b0;
      assign norm_tie[i] = 1'b0;
    end
    assign conv_norm = {8'd0, norm};

    if (EnableHalf) begin : g_half
      tsu_f32_to_f16 #(.Stages(ConvStages)) u_half (
        .clk_i     (clk_i),
        .f32_i     (slot_s1[32*i +: 32]),
        .f16_o     (half),
        .tie_o     (half_tie[i]),
        .overflow_o(half_ovf[i])
      );
    end else begin : g_no_half
      assign half = '0;
      assign half_tie[i] = 1'b0;
      assign half_ovf[i] = 1'b0;
    end
    assign conv_half = {16'd0, half};

    // Saturating narrowing (OpenCL): u32 to [0, 2^w - 1], s32 to [-2^(w-1), 2^(w-1) - 1]. The
    // bounds are thermometer masks and the range checks OR trees (u32: no bit at or above w;
    // s32: bits w-1 and up all equal to the sign), so no comparator sits on this path.
    logic [31:0] umax, smax, smin;
    logic        usat, ssat;
    always_comb begin
      for (int j = 0; j < 32; j++) begin
        umax[j] = 6'(j) < w;
        smax[j] = 6'(j) + 6'd1 < w;
      end
      smin = ~smax;
      usat = (v & ~umax) != 32'd0;
      ssat = ((v ^ {32{v[31]}}) & ~smax) != 32'd0;
      int_sat[i] = 1'b0;
      conv_int = v;
      if (info_s1.kind == tsu_hw_pkg::KindUint) begin
        int_sat[i] = usat;
        conv_int = usat ? umax : v;
      end else begin
        int_sat[i] = ssat;
        conv_int = !ssat ? v : v[31] ? smin : smax;
      end
      if (!EnableInt) begin
        conv_int = '0;
        int_sat[i] = 1'b0;
      end
      // Integers and floats now; UNORM/SNORM/HALF come out of the converters in range.
      pre_s1[32*i +: 32] = (info_s1.kind == tsu_hw_pkg::KindUint ||
                            info_s1.kind == tsu_hw_pkg::KindSint) ? conv_int & umax : v;
    end

    always_comb begin
      unique case (info_c.kind)
        tsu_hw_pkg::KindUnorm, tsu_hw_pkg::KindSnorm: ch = conv_norm;
        tsu_hw_pkg::KindHalf: ch = conv_half;
        default: ch = pre_c[32*i +: 32];  // UINT, SINT, FLOAT
      endcase
      if (3'(i) >= info_c.nfields) ch = '0;
    end
  end

  logic [127:0] texel_s1;
  always_comb begin
    texel_s1 = '0;
    unique case (info_c.assembly)
      tsu_hw_pkg::Asm8:
        texel_s1[31:0] = {chan[103:96], chan[71:64], chan[39:32], chan[7:0]};
      tsu_hw_pkg::Asm16:
        texel_s1[63:0] = {chan[111:96], chan[79:64], chan[47:32], chan[15:0]};
      tsu_hw_pkg::Asm32: texel_s1 = {chan[127:96], chan[95:64], chan[63:32], chan[31:0]};
      tsu_hw_pkg::Asm565: texel_s1[15:0] = {chan[4:0], chan[37:32], chan[68:64]};
      tsu_hw_pkg::Asm555: texel_s1[15:0] = {1'b0, chan[4:0], chan[36:32], chan[68:64]};
      tsu_hw_pkg::Asm101010:
        texel_s1[31:0] = {2'b00, chan[9:0], chan[41:32], chan[73:64]};
      tsu_hw_pkg::Asm1010102:
        texel_s1[31:0] = {chan[9:0], chan[41:32], chan[73:64], chan[97:96]};
      tsu_hw_pkg::Asm248: texel_s1[31:0] = {chan[23:0], chan[39:32]};
      default: texel_s1[63:0] = {24'd0, chan[39:32], chan[31:0]};  // Asm328
    endcase
    if (info_c.srgb_pad) texel_s1[31:24] = 8'hff;  // sRGBx padding channel
    if (!info_c.supported) texel_s1 = '0;
  end

  logic [131:0] out_s1, out_s2;
  assign out_s1 = {info_c.supported, info_c.texel_log2, texel_s1};
  tsu_pipe_reg #(.Width(132), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_c),
    .data_i (out_s1),
    .valid_o(valid_o),
    .data_o (out_s2)
  );
  assign {supported_o, texel_log2_o, texel_o} = out_s2;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  a_known_out: assert property (@(posedge clk_i) disable iff (!rst_ni)
      valid_o |-> !$isunknown({supported_o, texel_log2_o, texel_o}));
  a_texel_size: assert property (@(posedge clk_i) disable iff (!rst_ni)
      valid_o && supported_o |-> texel_log2_o <= 3'd4);
  a_legal_kind: assert property (@(posedge clk_i) disable iff (!rst_ni)
      valid_c && info_c.supported |-> info_c.kind <= 3'(tsu_hw_pkg::KindFloat));

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
  c_asm_565: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                             info_c.assembly == tsu_hw_pkg::Asm565);
  c_asm_555: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                             info_c.assembly == tsu_hw_pkg::Asm555);
  c_asm_101010: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                info_c.assembly == tsu_hw_pkg::Asm101010);
  c_asm_1010102: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                 info_c.assembly == tsu_hw_pkg::Asm1010102);
  c_asm_248: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                             info_c.assembly == tsu_hw_pkg::Asm248);
  c_asm_328: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                             info_c.assembly == tsu_hw_pkg::Asm328);
  c_srgb_pad: cover property (@(posedge clk_i) valid_c && info_c.supported && info_c.srgb_pad);
  c_unorm_saturate: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                    info_c.kind == tsu_hw_pkg::KindUnorm && norm_sat != 4'd0);
  c_snorm_saturate: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                    info_c.kind == tsu_hw_pkg::KindSnorm && norm_sat != 4'd0);
  c_norm_tie: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                              (info_c.kind == tsu_hw_pkg::KindUnorm ||
                               info_c.kind == tsu_hw_pkg::KindSnorm) && norm_tie != 4'd0);
  c_half_tie: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                              info_c.kind == tsu_hw_pkg::KindHalf && half_tie != 4'd0);
  c_half_overflow: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                   info_c.kind == tsu_hw_pkg::KindHalf && half_ovf != 4'd0);
  c_uint_saturate: cover property (@(posedge clk_i) valid_s1 && info_s1.supported &&
                                   info_s1.kind == tsu_hw_pkg::KindUint && int_sat != 4'd0);
  c_sint_saturate: cover property (@(posedge clk_i) valid_s1 && info_s1.supported &&
                                   info_s1.kind == tsu_hw_pkg::KindSint && int_sat != 4'd0);
  /* verilator lint_on SYNCASYNCNET */
`endif
  logic unused_info;  // pack needs no component map after stage 0, nor legality
  assign unused_info = ^{info_s0.legal, info_c.legal, info_c.comp, info_c.bits, info_s1};  // s1: the
  // converters read only the kind and the widths
endmodule
