// One tap's value for the filter (golden function tsu::TexelValue, docs/semantics.md T3, T9, T10):
// the fetched texel decoded through the format unpack path, under the sampler's read mode and
// sRGB flag, depth and replicated (INTENSITY, LUMINANCE) formats expanded, or the border colour
// in its place; then the depth compare against the reference.
//
//   read mode "normalized float": 8- and 16-bit integer types are read as UNORM/SNORM, which is
//     a change of type code before the decoder (same channel layout);
//   sRGB: the three colour codes come straight from the texel bytes (sRGBA, sRGBx: bytes 0..2
//     are R, G, B; sBGRA: B, G, R) through the generated ROM tsu_pkg::srgb_to_linear; alpha is
//     the unpack path's UNORM8 value (sRGBx: 1.0);
//   border: the sampler's colour, the components the format does not store replaced by
//     (0, 0, 0, 1) as for a texel, except for A, RA, INTENSITY, LUMINANCE and depth orders;
//   compare: ref OP texel.R as binary32 (NaN unordered: only "not equal" and "always" pass),
//     giving (1 or 0, 0, 0, 1); a UNORM format clamps the reference to [0, 1] first.
//
// Stages: [type remap, border colour, sRGB codes] [tsu_fmt_unpack, its Latency] [assemble]
// -RegA- [compare] -RegOut-. Latency = unpack (2 + ConvStages at Beats 1, Beats + 1 + ConvStages
// above) + RegA + RegOut (7 at Beats 1, 8 at Beats 2), a tap every Beats cycles: the unpack
// converts 4 / Beats channels a cycle (for a filter that lerps as many; the rest is per tap).
module tsu_tex_texel #(
  parameter int unsigned ConvStages = 3,  // the unpack path's converter registers
  parameter bit RegA = 1'b1,
  parameter bit RegOut = 1'b1,
  parameter int unsigned Beats = 1,  // cycles per tap: the unpack's channels a cycle are 4 / Beats
  // Feature knobs (docs/semantics.md H15): no depth compare; conversion families left out of the
  // unpack path (tsu_fmt_unpack's; sRGB decodes with UNORM). The texture unit traps a tex that
  // needs a left-out one, so none reaches a tap.
  parameter bit EnableCompare = 1'b1,
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         valid_i,
  input  logic [4:0]   order_i,      // tsu_pkg::chorder_e, as stored
  input  logic [4:0]   type_i,       // tsu_pkg::chtype_e, as stored
  input  logic         read_norm_i,  // sampler read mode: normalized float
  input  logic         srgb_i,       // sampler: decode sRGB formats
  input  logic         compare_i,    // tex has a depth-compare operand
  input  logic [2:0]   op_i,         // tsu_pkg::cmpop_e
  input  logic [31:0]  ref_i,        // the reference, f32 bits
  input  logic [127:0] border_color_i,
  input  logic         border_i,     // this tap is outside a border-mode axis
  input  logic [127:0] texel_i,      // little-endian texel bytes
  output logic         valid_o,
  output logic         float_o,      // the values are f32 (else 32-bit integers)
  output logic [127:0] c_o           // component k in [32k +: 32]
);
  localparam int unsigned UnpackLatency = tsu_hw_pkg::fmt_unpack_latency(1'b1, ConvStages, 1'b1,
                                                                          Beats);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::tex_texel_latency(ConvStages, RegA, RegOut, Beats);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] One = 32'h3F80_0000;

  // ---- stage 0: the type under the read mode, what the format stores -----------------------------
  logic [4:0] type_rd;
  always_comb begin
    type_rd = type_i;
    if (read_norm_i) begin
      unique case (type_i)
        tsu_pkg::ChUnsignedInt8: type_rd = tsu_pkg::ChUnormInt8;
        tsu_pkg::ChUnsignedInt16: type_rd = tsu_pkg::ChUnormInt16;
        tsu_pkg::ChSignedInt8: type_rd = tsu_pkg::ChSnormInt8;
        tsu_pkg::ChSignedInt16: type_rd = tsu_pkg::ChSnormInt16;
        default: type_rd = type_i;
      endcase
    end
  end

  tsu_hw_pkg::fmt_info_t info;
  tsu_fmt_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_decode (
    .order_i(order_i),
    .type_i (type_rd),
    .info_o (info)
  );

  typedef struct packed {
    logic         float_res;  // not UINT/SINT after the read mode
    logic         srgb;       // decode sRGB codes
    logic         srgbx;
    logic         depth_st;   // DEPTH_STENCIL
    logic         intensity;
    logic         luminance;
    logic         border;
    logic [127:0] border_c;   // the border colour after substitution
    logic [23:0]  codes;      // sRGB codes R, G, B in [8k +: 8]
    logic         compare;
    logic [2:0]   op;
    logic [31:0]  ref_v;      // clamped for UNORM
  } side_t;
  side_t side_d, side_q;
  typedef struct packed {
    logic        float_res;
    logic        compare;
    logic [2:0]  op;
    logic [31:0] ref_v;
  } cmp_t;
  cmp_t a_d, a_q;

  logic [3:0] stored;
  logic       keep_all, is_nan_ref, ref_below, ref_above;
  always_comb begin
    stored = '0;
    for (int i = 0; i < 4; i++) begin
      if (3'(i) < info.nfields) stored[info.comp[2*i +: 2]] = 1'b1;
    end
    keep_all = order_i == tsu_pkg::OrdA || order_i == tsu_pkg::OrdRA || order_i == tsu_pkg::OrdIntensity ||
               order_i == tsu_pkg::OrdLuminance || order_i == tsu_pkg::OrdDepth || order_i == tsu_pkg::OrdDepthStencil;
    side_d.float_res = info.kind != tsu_hw_pkg::KindUint && info.kind != tsu_hw_pkg::KindSint;
    side_d.srgb = EnableNorm && srgb_i && (order_i == tsu_pkg::OrdSRGBx || order_i == tsu_pkg::OrdSRGBA || order_i == tsu_pkg::OrdSBGRA);
    side_d.srgbx = order_i == tsu_pkg::OrdSRGBx;
    side_d.depth_st = order_i == tsu_pkg::OrdDepthStencil;
    side_d.intensity = order_i == tsu_pkg::OrdIntensity;
    side_d.luminance = order_i == tsu_pkg::OrdLuminance;
    side_d.border = border_i;
    side_d.border_c = border_color_i;
    if (!keep_all) begin
      for (int i = 0; i < 3; i++) begin
        if (!stored[i]) side_d.border_c[32*i +: 32] = '0;
      end
      if (!stored[3]) side_d.border_c[96 +: 32] = side_d.float_res ? One : 32'd1;
    end
    side_d.codes = order_i == tsu_pkg::OrdSBGRA ? {texel_i[7:0], texel_i[15:8], texel_i[23:16]}
                                       : {texel_i[23:16], texel_i[15:8], texel_i[7:0]};
    side_d.compare = EnableCompare && compare_i;
    side_d.op = op_i;
    // min(max(ref, 0), 1) as the model's std::min/std::max: NaN and -0 pass unchanged.
    is_nan_ref = ref_i[30:23] == 8'hFF && ref_i[22:0] != '0;
    ref_below = ref_i[31] && ref_i[30:0] != '0 && !is_nan_ref;
    ref_above = !ref_i[31] && ref_i[30:0] > One[30:0] && !is_nan_ref;
    side_d.ref_v = ref_i;
    if (EnableCompare && compare_i && info.kind == tsu_hw_pkg::KindUnorm) begin
      if (ref_below) side_d.ref_v = '0;
      if (ref_above) side_d.ref_v = One;
    end
  end

  // ---- the unpack path, the rest alongside -----------------------------------------------------------
  logic         unpack_valid, side_valid, unpack_supported;
  logic [127:0] comps;
  tsu_fmt_unpack #(
    .EnableNorm(EnableNorm), .EnableHalf(EnableHalf), .EnableInt(EnableInt), .RegMid(1'b1),
    .ConvStages(ConvStages), .RegOut(1'b1), .Beats(Beats)
  ) u_unpack (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .valid_i    (valid_i),
    .order_i    (order_i),
    .type_i     (type_rd),
    .texel_i    (texel_i),
    .valid_o    (unpack_valid),
    .supported_o(unpack_supported),
    .comps_o    (comps)
  );
  tsu_delay #(.Width($bits(side_d)), .Depth(UnpackLatency), .Interval(Beats)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (side_d),
    .valid_o(side_valid),
    .data_o (side_q)
  );

  // ---- assemble the texel -----------------------------------------------------------------------------
  logic [127:0] c_a;
  always_comb begin
    c_a = comps;
    if (side_q.srgb) begin
      for (int i = 0; i < 3; i++) c_a[32*i +: 32] = tsu_pkg::srgb_to_linear(side_q.codes[8*i +: 8]);
      if (side_q.srgbx) c_a[96 +: 32] = One;
    end
    if (side_q.depth_st) begin
      c_a[32 +: 64] = '0;
      c_a[96 +: 32] = side_q.float_res ? One : 32'd1;
    end
    if (side_q.intensity) c_a[32 +: 96] = {3{comps[31:0]}};
    if (side_q.luminance) c_a[32 +: 64] = {2{comps[31:0]}};
    if (side_q.border) c_a = side_q.border_c;
    a_d.float_res = side_q.float_res;
    a_d.compare = side_q.compare;
    a_d.op = side_q.op;
    a_d.ref_v = side_q.ref_v;
  end

  logic         a_valid;
  logic [127:0] c_aq;
  tsu_pipe_reg #(.Width(128 + $bits(a_d)), .Enable(RegA)) u_a (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(unpack_valid),
    .data_i ({c_a, a_d}),
    .valid_o(a_valid),
    .data_o ({c_aq, a_q})
  );

  // ---- the depth compare: ref OP d, binary32 ----------------------------------------------------------
  logic [31:0]  d;
  logic         unordered, eq, lt, pass;
  logic [127:0] c_out;
  always_comb begin
    d = c_aq[31:0];
    unordered = (d[30:23] == 8'hFF && d[22:0] != '0) ||
                (a_q.ref_v[30:23] == 8'hFF && a_q.ref_v[22:0] != '0);
    eq = a_q.ref_v == d || (a_q.ref_v[30:0] == '0 && d[30:0] == '0);
    // ref < d: by sign, then magnitude (reversed for negatives), zeros equal.
    if (a_q.ref_v[31] != d[31]) begin
      lt = a_q.ref_v[31] && !eq;
    end else if (!a_q.ref_v[31]) begin
      lt = a_q.ref_v[30:0] < d[30:0];
    end else begin
      lt = a_q.ref_v[30:0] > d[30:0];
    end
    unique case (a_q.op)
      tsu_pkg::CmpNever: pass = 1'b0;
      tsu_pkg::CmpLess: pass = !unordered && lt;
      tsu_pkg::CmpEqual: pass = !unordered && eq;
      tsu_pkg::CmpLessEqual: pass = !unordered && (lt || eq);
      tsu_pkg::CmpGreater: pass = !unordered && !lt && !eq;
      tsu_pkg::CmpNotEqual: pass = unordered || !eq;
      tsu_pkg::CmpGreaterEqual: pass = !unordered && !lt;
      default: pass = 1'b1;  // tsu_pkg::CmpAlways
    endcase
    c_out = c_aq;
    if (EnableCompare && a_q.compare) c_out = {One, 64'd0, pass ? One : 32'd0};
  end

  tsu_pipe_reg #(.Width(129), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid),
    .data_i ({a_q.float_res, c_out}),
    .valid_o(valid_o),
    .data_o ({float_o, c_o})
  );

  // The decoder's other fields are the unpack path's business; `supported` is checked where the
  // descriptor is (an unsupported format never reaches a tap).
  logic unused;
  assign unused = ^{info, unpack_supported, side_valid};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni) a_side_aligned: assert (unpack_valid == side_valid);
  c_srgb: cover property (@(posedge clk_i) valid_i && side_d.srgb && !border_i);
  c_srgbx_alpha: cover property (@(posedge clk_i) valid_i && side_d.srgb && side_d.srgbx);
  c_read_norm: cover property (@(posedge clk_i) valid_i && type_rd != type_i);
  c_border_substituted: cover property (@(posedge clk_i) valid_i && border_i && !keep_all &&
                                        stored != 4'hF);
  c_border_kept: cover property (@(posedge clk_i) valid_i && border_i && keep_all);
  c_depth_stencil: cover property (@(posedge clk_i) valid_i && side_d.depth_st && !border_i);
  c_intensity: cover property (@(posedge clk_i) valid_i && side_d.intensity && !border_i);
  c_ref_clamped: cover property (@(posedge clk_i) valid_i && compare_i &&
                                 info.kind == tsu_hw_pkg::KindUnorm && (ref_below || ref_above));
  c_compare_unordered: cover property (@(posedge clk_i) a_valid && a_q.compare && unordered);
  c_compare_signed_zeros: cover property (@(posedge clk_i) a_valid && a_q.compare && eq &&
                                          a_q.ref_v != d);
  /* verilator lint_on SYNCASYNCNET */
`endif
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(Beats == 1 || Beats == 2 || Beats == 4)) begin : g_bad_beats
    $error("tsu_tex_texel: Beats 1, 2 or 4");
  end
`endif
endmodule
