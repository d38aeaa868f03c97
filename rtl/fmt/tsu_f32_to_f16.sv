// f32 -> f16, round to nearest even (golden function tsu::F32ToF16, bit-identical to x86 F16C
// VCVTPS2PH): overflow -> +-Inf, NaN -> quiet NaN keeping the sign and the top payload bits.
// Combinational.
module tsu_f32_to_f16 (
  input  logic [31:0] f32_i,
  output logic [15:0] f16_o,
  output logic        tie_o,      // the discarded bits were exactly half an ulp (for coverage)
  output logic        overflow_o  // a finite input became Inf
);
  logic        sign;
  logic [7:0]  exp;
  logic [22:0] man;
  logic [23:0] sig;        // with the hidden bit
  logic [9:0]  e;          // rebiased exponent, signed
  logic [4:0]  shift;      // subnormal: 14 - e, 14..24
  logic [23:0] h_sub, rem_sub, half_sub;
  logic [15:0] h;
  logic        round_up;

  always_comb begin
    sign = f32_i[31];
    exp = f32_i[30:23];
    man = f32_i[22:0];
    sig = {1'b1, man};
    e = {2'b00, exp} - 10'd112;
    f16_o = {sign, 15'd0};
    tie_o = 1'b0;
    overflow_o = 1'b0;
    shift = 5'd0;
    h_sub = '0;
    rem_sub = '0;
    half_sub = '0;
    h = '0;
    round_up = 1'b0;
    if (exp == 8'hff) begin
      f16_o = (man != 23'd0) ? {sign, 6'b111111, man[21:13]} : {sign, 15'h7c00};
    end else if (!e[9] && e >= 10'd31) begin
      f16_o = {sign, 15'h7c00};
      overflow_o = 1'b1;
    end else if (e[9] || e == 10'd0) begin
      // Subnormal result (or zero below half the smallest subnormal, e < -10).
      if (!(e[9] && e < 10'h3f6)) begin
        shift = 5'(10'd14 - e);
        h_sub = sig >> shift;
        rem_sub = sig & ((24'd1 << shift) - 24'd1);
        half_sub = 24'd1 << (shift - 5'd1);
        round_up = rem_sub > half_sub || (rem_sub == half_sub && h_sub[0]);
        tie_o = rem_sub == half_sub;
        f16_o = {sign, 15'(h_sub)} + {15'd0, round_up};
      end
    end else begin
      h = {sign, e[4:0], man[22:13]};
      round_up = man[12:0] > 13'h1000 || (man[12:0] == 13'h1000 && h[0]);
      tie_o = man[12:0] == 13'h1000;
      f16_o = h + {15'd0, round_up};  // a carry may round up into Inf, as it should
    end
  end

  logic unused_bits;  // a subnormal result has at most 11 significant bits
  assign unused_bits = ^h_sub[23:15];
endmodule
