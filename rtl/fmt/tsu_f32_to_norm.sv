// f32 -> UNORM/SNORM of Bits bits (golden functions tsu::F32ToUnorm / tsu::F32ToSnorm):
// NaN -> 0; clamp to [0,1] or [-1,1]; scale by 2^k - 1 (k = Bits, or Bits - 1 for SNORM);
// round the magnitude to nearest even. The scaled value m * (2^k - 1) is formed exactly as
// (m << k) - m, so there is no multiplier. Combinational; bits_i may change every cycle.
module tsu_f32_to_norm (
  input  logic [31:0] f32_i,
  input  logic [4:0]  bits_i,    // channel width, 2..24
  input  logic        signed_i,  // SNORM
  output logic [23:0] norm_o,    // the channel, two's complement for SNORM, upper bits zero
  output logic        sat_o,     // clamped at +-1 (or 0 for UNORM negatives), for coverage
  output logic        tie_o      // the discarded bits were exactly half an ulp
);
  logic        sign, nan, zero, ge_one;
  logic [7:0]  exp;
  logic [4:0]  k;
  logic [23:0] max, m, mag, q, chan_mask;
  logic [47:0] p, t, lost_mask;
  logic [7:0]  s;      // right shift of p: 150 - effective exponent
  logic [5:0]  sh;     // s - 24, when s <= 49
  logic        g, sticky, far;

  always_comb begin
    sign = f32_i[31];
    exp = f32_i[30:23];
    nan = exp == 8'hff && f32_i[22:0] != 23'd0;
    zero = exp == 8'd0 && f32_i[22:0] == 23'd0;
    ge_one = exp >= 8'd127;  // |f| >= 1, including Inf
    k = signed_i ? bits_i - 5'd1 : bits_i;
    max = (24'd1 << k) - 24'd1;
    chan_mask = (24'd1 << bits_i) - 24'd1;
    m = {exp != 8'd0, f32_i[22:0]};
    p = ({24'd0, m} << k) - {24'd0, m};
    s = 8'd150 - ((exp == 8'd0) ? 8'd1 : exp);
    far = s > 8'd49;  // below a quarter: rounds to 0
    sh = far ? 6'd0 : 6'(s - 8'd24);
    t = p >> sh;
    lost_mask = (48'd1 << sh) - 48'd1;
    q = t[47:24];
    g = t[23] && !far;
    sticky = (t[22:0] != 23'd0) || ((p & lost_mask) != 48'd0);
    tie_o = 1'b0;
    sat_o = 1'b0;
    if (ge_one) begin
      mag = max;
    end else if (far) begin
      mag = 24'd0;
    end else begin
      mag = q + {23'd0, g && (sticky || q[0])};
      tie_o = g && !sticky;
    end
    if (nan) begin
      norm_o = 24'd0;
    end else if (!signed_i) begin
      norm_o = (sign || zero) ? 24'd0 : mag;
      sat_o = (sign && !zero) || ge_one;
    end else begin
      norm_o = (sign ? 24'd0 - mag : mag) & chan_mask;
      sat_o = ge_one;
    end
  end
endmodule
