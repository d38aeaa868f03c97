// (channel order, channel type) -> how a texel is laid out: the hardware form of
// tsu::DescribeFormat, including OpenCL's pair rules (an illegal pair is unsupported).
// Slot i is the i-th stored channel in memory order; comp says which component (R,G,B,A) it
// holds. The Enable* parameters drop whole conversion families to save area: formats that need
// them decode as unsupported. Combinational.
module tsu_fmt_decode #(
  parameter bit EnableNorm = 1'b1,  // UNORM/SNORM, including the packed 565/555/1010102/24
  parameter bit EnableHalf = 1'b1,  // HALF_FLOAT
  parameter bit EnableInt = 1'b1    // SIGNED_INT*/UNSIGNED_INT*
) (
  input  logic [4:0]        order_i,       // tsu_pkg::chorder_e
  input  logic [4:0]        type_i,        // tsu_pkg::chtype_e
  output tsu_hw_pkg::fmt_info_t info_o
);
  logic        supported_d, legal_d, srgb_pad_d;
  logic [2:0]  kind_d, nfields_d, texel_log2_d;
  logic [3:0]  asm_d;
  logic [7:0]  comp_d;
  logic [23:0] bits_d;
  logic       legal, packed_rgb, is8, packed_type;
  logic [2:0] kind;
  logic [5:0] cbits;  // per-channel width of a non-packed type
  logic [2:0] n;
  logic [7:0] comps;

  always_comb begin
    // Type: kind and channel width.
    packed_type = 1'b0;
    cbits = 6'd8;
    kind = tsu_hw_pkg::KindUnorm;
    unique case (type_i)
      tsu_pkg::ChSnormInt8: kind = tsu_hw_pkg::KindSnorm;
      tsu_pkg::ChSnormInt16: begin
        kind = tsu_hw_pkg::KindSnorm;
        cbits = 6'd16;
      end
      tsu_pkg::ChUnormInt8: ;
      tsu_pkg::ChUnormInt16: cbits = 6'd16;
      tsu_pkg::ChSignedInt8: kind = tsu_hw_pkg::KindSint;
      tsu_pkg::ChSignedInt16: begin
        kind = tsu_hw_pkg::KindSint;
        cbits = 6'd16;
      end
      tsu_pkg::ChSignedInt32: begin
        kind = tsu_hw_pkg::KindSint;
        cbits = 6'd32;
      end
      tsu_pkg::ChUnsignedInt8: kind = tsu_hw_pkg::KindUint;
      tsu_pkg::ChUnsignedInt16: begin
        kind = tsu_hw_pkg::KindUint;
        cbits = 6'd16;
      end
      tsu_pkg::ChUnsignedInt32: begin
        kind = tsu_hw_pkg::KindUint;
        cbits = 6'd32;
      end
      tsu_pkg::ChHalfFloat: begin
        kind = tsu_hw_pkg::KindHalf;
        cbits = 6'd16;
      end
      tsu_pkg::ChFloat: begin
        kind = tsu_hw_pkg::KindFloat;
        cbits = 6'd32;
      end
      default: packed_type = 1'b1;  // 565, 555, 101010, 101010_2, UNORM_INT24 (all UNORM)
    endcase
    packed_rgb = type_i == tsu_pkg::ChUnormShort565 || type_i == tsu_pkg::ChUnormShort555 ||
                 type_i == tsu_pkg::ChUnormInt101010;
    is8 = type_i == tsu_pkg::ChUnormInt8 || type_i == tsu_pkg::ChSnormInt8 ||
          type_i == tsu_pkg::ChSignedInt8 || type_i == tsu_pkg::ChUnsignedInt8;

    // OpenCL's pair rules, then the general ones (as DescribeFormat orders them).
    unique case (order_i)
      tsu_pkg::OrdRGB, tsu_pkg::OrdRGBx: legal = packed_rgb;
      tsu_pkg::OrdIntensity, tsu_pkg::OrdLuminance:
        legal = type_i == tsu_pkg::ChUnormInt8 || type_i == tsu_pkg::ChUnormInt16 ||
                type_i == tsu_pkg::ChSnormInt8 || type_i == tsu_pkg::ChSnormInt16 ||
                type_i == tsu_pkg::ChHalfFloat || type_i == tsu_pkg::ChFloat;
      tsu_pkg::OrdARGB, tsu_pkg::OrdBGRA, tsu_pkg::OrdABGR: legal = is8;
      tsu_pkg::OrdSRGBx, tsu_pkg::OrdSRGBA, tsu_pkg::OrdSBGRA:
        legal = type_i == tsu_pkg::ChUnormInt8;
      tsu_pkg::OrdDepth: legal = type_i == tsu_pkg::ChUnormInt16 || type_i == tsu_pkg::ChFloat;
      tsu_pkg::OrdDepthStencil:
        legal = type_i == tsu_pkg::ChUnormInt24 || type_i == tsu_pkg::ChFloat;
      tsu_pkg::OrdRGBA: legal = !packed_type || type_i == tsu_pkg::ChUnormInt101010x2;
      tsu_pkg::OrdR, tsu_pkg::OrdA, tsu_pkg::OrdRG, tsu_pkg::OrdRA, tsu_pkg::OrdRx,
      tsu_pkg::OrdRGx: legal = !packed_type;
      default: legal = 1'b0;  // sRGB (24-bit texel) and codes beyond the table
    endcase

    // Memory order of the stored channels (2 bits each: 0 R, 1 G, 2 B, 3 A).
    n = 3'd1;
    comps = 8'b11_10_01_00;
    unique case (order_i)
      tsu_pkg::OrdA: comps = 8'b00_00_00_11;
      tsu_pkg::OrdRG, tsu_pkg::OrdRGx: n = 3'd2;
      tsu_pkg::OrdRA: begin
        n = 3'd2;
        comps = 8'b00_00_11_00;
      end
      tsu_pkg::OrdRGBA, tsu_pkg::OrdSRGBA, tsu_pkg::OrdSRGBx: n = 3'd4;
      tsu_pkg::OrdBGRA, tsu_pkg::OrdSBGRA: begin
        n = 3'd4;
        comps = 8'b11_00_01_10;
      end
      tsu_pkg::OrdARGB: begin
        n = 3'd4;
        comps = 8'b10_01_00_11;
      end
      tsu_pkg::OrdABGR: begin
        n = 3'd4;
        comps = 8'b00_01_10_11;
      end
      default: ;  // R, Rx, INTENSITY, LUMINANCE, DEPTH: one channel
    endcase

    kind_d = kind;
    nfields_d = n;
    comp_d = comps;
    bits_d = {4{cbits}};
    srgb_pad_d = order_i == tsu_pkg::OrdSRGBx;
    asm_d = (cbits == 6'd8) ? tsu_hw_pkg::Asm8 : (cbits == 6'd16) ? tsu_hw_pkg::Asm16
                                                                  : tsu_hw_pkg::Asm32;
    // n channels of cbits: bytes = n * cbits / 8.
    texel_log2_d = 3'((n == 3'd4 ? 2 : n == 3'd2 ? 1 : 0) +
                      (cbits == 6'd32 ? 2 : cbits == 6'd16 ? 1 : 0));
    unique case (type_i)
      tsu_pkg::ChUnormShort565: begin
        asm_d = tsu_hw_pkg::Asm565;
        nfields_d = 3'd3;
        comp_d = 8'b00_10_01_00;
        bits_d = {6'd0, 6'd5, 6'd6, 6'd5};
        texel_log2_d = 3'd1;
      end
      tsu_pkg::ChUnormShort555: begin
        asm_d = tsu_hw_pkg::Asm555;
        nfields_d = 3'd3;
        comp_d = 8'b00_10_01_00;
        bits_d = {6'd0, 6'd5, 6'd5, 6'd5};
        texel_log2_d = 3'd1;
      end
      tsu_pkg::ChUnormInt101010: begin
        asm_d = tsu_hw_pkg::Asm101010;
        nfields_d = 3'd3;
        comp_d = 8'b00_10_01_00;
        bits_d = {6'd0, 6'd10, 6'd10, 6'd10};
        texel_log2_d = 3'd2;
      end
      tsu_pkg::ChUnormInt101010x2: begin
        asm_d = tsu_hw_pkg::Asm1010102;
        nfields_d = 3'd4;
        comp_d = 8'b11_10_01_00;
        bits_d = {6'd2, 6'd10, 6'd10, 6'd10};
        texel_log2_d = 3'd2;
      end
      tsu_pkg::ChUnormInt24: begin  // depth 31:8 (R), stencil 7:0 (A)
        asm_d = tsu_hw_pkg::Asm248;
        nfields_d = 3'd2;
        comp_d = 8'b00_00_11_00;
        bits_d = {6'd0, 6'd0, 6'd8, 6'd24};
        texel_log2_d = 3'd2;
      end
      default: begin
        if (order_i == tsu_pkg::OrdDepthStencil) begin  // FLOAT depth, 8-bit stencil (A)
          asm_d = tsu_hw_pkg::Asm328;
          nfields_d = 3'd2;
          comp_d = 8'b00_00_11_00;
          bits_d = {6'd0, 6'd0, 6'd8, 6'd32};
          texel_log2_d = 3'd3;
        end
      end
    endcase

    legal_d = legal;
    supported_d = legal &&
                  (EnableNorm || !(kind == tsu_hw_pkg::KindUnorm ||
                                   kind == tsu_hw_pkg::KindSnorm)) &&
                  (EnableHalf || kind != tsu_hw_pkg::KindHalf) &&
                  (EnableInt || !(kind == tsu_hw_pkg::KindUint ||
                                  kind == tsu_hw_pkg::KindSint));
  end
  always_comb begin
    info_o.supported = supported_d;
    info_o.legal = legal_d;
    info_o.kind = kind_d;
    info_o.assembly = asm_d;
    info_o.nfields = nfields_d;
    info_o.comp = comp_d;
    info_o.bits = bits_d;
    info_o.texel_log2 = texel_log2_d;
    info_o.srgb_pad = srgb_pad_d;
  end
endmodule
