// UNORM/SNORM channel -> f32 (golden functions tsu::UnormToF32 / tsu::SnormToF32): the
// correctly rounded quotient c / (2^k - 1), clamped to -1 for the most negative SNORM.
// Why no divider: for 0 < c < 2^k - 1 the quotient's binary expansion is c's k bits repeated
// forever (0.ccc...), so the significand is a window of that pattern after the leading one; the
// tail never ends in zeros, so there are no ties and rounding is just the guard bit.
// Combinational; k takes the channel widths the formats use.
module tsu_norm_to_f32 (
  input  logic [23:0] chan_i,    // the stored channel in the low bits_i bits
  input  logic [4:0]  bits_i,    // 2..24
  input  logic        signed_i,  // SNORM
  output logic [31:0] f32_o
);
  logic [4:0]  k;
  logic [23:0] max, mag, aligned;
  logic        neg;
  logic [63:0] rep, norm;
  logic [4:0]  lz;
  logic [30:0] mag_bits;  // exponent and significand before the sign

  // The k-bit pattern of v repeated from bit 63 down (k constant at every call site).
  function automatic logic [63:0] repeat_bits(logic [23:0] v, int kk);
    repeat_bits = '0;
    for (int j = 0; j < 64; j++) begin
      repeat_bits[63-j] = v[kk - 1 - (j % kk)];
    end
  endfunction

  always_comb begin
    k = signed_i ? bits_i - 5'd1 : bits_i;
    max = (24'd1 << k) - 24'd1;
    neg = signed_i && chan_i[bits_i - 5'd1];
    // |c| for SNORM: sign-extend then negate.
    mag = neg ? 24'd0 - (chan_i | ~((24'd1 << bits_i) - 24'd1)) : chan_i & max;
    unique case (k)
      5'd2: rep = repeat_bits(mag, 2);
      5'd5: rep = repeat_bits(mag, 5);
      5'd6: rep = repeat_bits(mag, 6);
      5'd7: rep = repeat_bits(mag, 7);
      5'd8: rep = repeat_bits(mag, 8);
      5'd10: rep = repeat_bits(mag, 10);
      5'd15: rep = repeat_bits(mag, 15);
      5'd16: rep = repeat_bits(mag, 16);
      5'd24: rep = repeat_bits(mag, 24);
      default: rep = '0;  // no format has other widths
    endcase
    aligned = mag << (5'd24 - k);  // leading one counted from bit 23
    lz = 5'd0;
    for (int i = 0; i < 24; i++) begin
      if (aligned[i]) lz = 5'(23 - i);
    end
    norm = rep << lz;
    // 0.1xxx * 2^-lz: biased exponent 126 - lz; round on the guard bit (never a tie).
    mag_bits = {8'(8'd126 - {3'd0, lz}), norm[62:40]} + {30'd0, norm[39]};
    if (mag == 24'd0) begin
      f32_o = 32'd0;
    end else if (mag >= max) begin
      f32_o = {neg, 31'h3f800000};  // +-1.0 (SNORM's most negative code clamps to -1)
    end else begin
      f32_o = {neg, mag_bits};
    end
  end

  logic unused_bits;  // the leading one and the bits past the guard bit
  assign unused_bits = ^{norm[63], norm[38:0]};
endmodule
