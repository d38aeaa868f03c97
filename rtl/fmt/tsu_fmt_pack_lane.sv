// One channel of the sust.p pack (golden function: tsu::EncodeChannel of one component): a
// component (f32, u32 or s32 bits) to its stored channel value of `bits_i` bits, by the
// format's kind. tsu_fmt_pack runs four side by side (Beats 1) or one a cycle (Beats 4).
//
// Integer saturation and the float pass-through are done on entry and travel alongside the
// converters (ConvStages registers inside tsu_f32_to_norm and tsu_f32_to_f16); the output is
// the kind's value, masked to the channel width, ConvStages cycles after the input. valid_i only
// enables the converters' stage registers: the caller keeps its own valid. The coverage flags come out with the value,
// except int_sat_o, which is combinational on the input.
module tsu_fmt_pack_lane #(
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1,
  parameter int unsigned ConvStages = 2,  // 0..2
  parameter int unsigned NormBits = 24    // the widest UNORM/SNORM channel this lane converts
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,  // v_i means something: the converters' stage registers load then
  input  logic [31:0] v_i,      // the component's bits
  input  logic [5:0]  bits_i,   // the channel's width
  input  logic [2:0]  kind_i,   // tsu_hw_pkg::kind_e
  output logic [31:0] ch_o,     // the channel value, ConvStages cycles later
  output logic        int_sat_o,
  output logic        norm_sat_o,
  output logic        norm_tie_o,
  output logic        half_tie_o,
  output logic        half_ovf_o
);
  // Saturating narrowing (OpenCL): u32 to [0, 2^w - 1], s32 to [-2^(w-1), 2^(w-1) - 1]. The
  // bounds are thermometer masks and the range checks OR trees (u32: no bit at or above w;
  // s32: bits w-1 and up all equal to the sign), so no comparator sits on this path.
  // umax[j] = j < w and smax[j] = j + 1 < w, written as a shifted constant (a decoder in
  // hardware, one shift in Verilator: a per-bit loop was most of the pack's simulation time).
  logic [31:0] umax, smax, smin, conv_int, pre, pre_c;
  logic        usat, ssat;
  always_comb begin
    umax = bits_i[5] ? '1 : ~(32'hFFFF_FFFF << bits_i[4:0]);
    smax = bits_i > 6'd32 ? '1 : umax >> 1;
    smin = ~smax;
    usat = (v_i & ~umax) != 32'd0;
    ssat = ((v_i ^ {32{v_i[31]}}) & ~smax) != 32'd0;
    int_sat_o = 1'b0;
    conv_int = v_i;
    if (kind_i == tsu_hw_pkg::KindUint) begin
      int_sat_o = usat;
      conv_int = usat ? umax : v_i;
    end else begin
      int_sat_o = ssat;
      conv_int = !ssat ? v_i : v_i[31] ? smin : smax;
    end
    if (!EnableInt) begin
      conv_int = '0;
      int_sat_o = 1'b0;
    end
    // Integers and floats now; UNORM/SNORM/HALF come out of the converters in range.
    pre = (kind_i == tsu_hw_pkg::KindUint || kind_i == tsu_hw_pkg::KindSint) ? conv_int & umax
                                                                              : v_i;
  end

  logic [2:0] kind_c;
  logic       unused_valid;
  tsu_delay #(.Width(35), .Depth(ConvStages)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(1'b0),
    .data_i ({kind_i, pre}),
    .valid_o(unused_valid),
    .data_o ({kind_c, pre_c})
  );

  logic [23:0] norm;
  logic [15:0] half;
  if (EnableNorm) begin : g_norm
    tsu_f32_to_norm #(.Stages(ConvStages), .MaxBits(NormBits)) u_norm (
      .clk_i   (clk_i),
      .valid_i (valid_i),
      .f32_i   (v_i),
      .bits_i  (bits_i[4:0]),
      .signed_i(kind_i == tsu_hw_pkg::KindSnorm),
      .norm_o  (norm),
      .sat_o   (norm_sat_o),
      .tie_o   (norm_tie_o)
    );
  end else begin : g_no_norm
    assign norm = '0;
    assign norm_sat_o = 1'b0;
    assign norm_tie_o = 1'b0;
  end
  if (EnableHalf) begin : g_half
    tsu_f32_to_f16 #(.Stages(ConvStages)) u_half (
      .clk_i     (clk_i),
      .valid_i   (valid_i),
      .f32_i     (v_i),
      .f16_o     (half),
      .tie_o     (half_tie_o),
      .overflow_o(half_ovf_o)
    );
  end else begin : g_no_half
    assign half = '0;
    assign half_tie_o = 1'b0;
    assign half_ovf_o = 1'b0;
  end

  always_comb begin
    unique case (kind_c)
      tsu_hw_pkg::KindUnorm, tsu_hw_pkg::KindSnorm: ch_o = {8'd0, norm};
      tsu_hw_pkg::KindHalf: ch_o = {16'd0, half};
      default: ch_o = pre_c;  // UINT, SINT, FLOAT
    endcase
  end

  logic unused;
  assign unused = unused_valid ^ valid_i;  // valid_i: read only by the converters built
endmodule
