// UNORM/SNORM channel -> f32 (golden functions tsu::UnormToF32 / tsu::SnormToF32): the
// correctly rounded quotient c / (2^k - 1), clamped to -1 for the most negative SNORM.
// Why no divider: for 0 < c < 2^k - 1 the quotient's binary expansion is c's k bits repeated
// forever (0.ccc...), so the significand is a window of that pattern after the leading one; the
// tail never ends in zeros, so there are no ties and rounding is just the guard bit.
//
// Parts: [a: |c|, flags] -A- [b: repeated pattern, leading zeros] -B- [c: normalise] -C-
// [d: round]. Stages = 0 is combinational; 1 registers at B, 2 at B and C, 3 at A, B and C
// (each part is a carry chain or about four LUT levels). Latency = Stages.
module tsu_norm_to_f32 #(
  parameter int unsigned Stages = 0
) (
  input  logic        clk_i,
  input  logic [23:0] chan_i,    // the stored channel in the low bits_i bits
  input  logic [4:0]  bits_i,    // 2..24
  input  logic        signed_i,  // SNORM
  output logic [31:0] f32_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency = Stages;
  /* verilator lint_on UNUSEDPARAM */

  typedef struct packed {
    logic neg;
    logic zero;  // c = 0
    logic one;   // |c| >= 2^k - 1: +-1.0 (SNORM's most negative code clamps to -1)
  } cls_t;

  // The k-bit pattern of v repeated from bit 63 down (k constant at every call site).
  function automatic logic [63:0] repeat_bits(logic [23:0] v, int kk);
    repeat_bits = '0;
    for (int j = 0; j < 64; j++) begin
      repeat_bits[63-j] = v[kk - 1 - (j % kk)];
    end
  endfunction

  // ---- Part a: |c| and its class ---------------------------------------------------------------------
  cls_t        cls_a;
  logic [4:0]  k_a;
  logic [23:0] max_a, mag_a;
  always_comb begin
    k_a = signed_i ? bits_i - 5'd1 : bits_i;
    max_a = (24'd1 << k_a) - 24'd1;
    cls_a.neg = signed_i && chan_i[bits_i - 5'd1];
    // |c| for SNORM: sign-extend then negate.
    mag_a = cls_a.neg ? 24'd0 - (chan_i | ~((24'd1 << bits_i) - 24'd1)) : chan_i & max_a;
    cls_a.zero = mag_a == 24'd0;
    cls_a.one = mag_a >= max_a;
  end

  cls_t        cls_b;
  logic [4:0]  k_b;
  logic [23:0] mag_b;
  tsu_stage #(.Width($bits(cls_a) + 29), .Enable(Stages >= 3)) u_a (
    .clk_i(clk_i),
    .d_i  ({cls_a, k_a, mag_a}),
    .q_o  ({cls_b, k_b, mag_b})
  );

  // ---- Part b: the repeated pattern and its leading zeros --------------------------------------------
  // The pattern starts with c's k bits, so its leading zeros are c's within k bits: the leading
  // zeros of c in 24 bits, less 24 - k (found beside the pattern, not from it).
  logic [63:0] rep_b;
  logic [4:0]  lz24_b, lz_b;
  always_comb begin
    unique case (k_b)
      5'd2: rep_b = repeat_bits(mag_b, 2);
      5'd5: rep_b = repeat_bits(mag_b, 5);
      5'd6: rep_b = repeat_bits(mag_b, 6);
      5'd7: rep_b = repeat_bits(mag_b, 7);
      5'd8: rep_b = repeat_bits(mag_b, 8);
      5'd10: rep_b = repeat_bits(mag_b, 10);
      5'd15: rep_b = repeat_bits(mag_b, 15);
      5'd16: rep_b = repeat_bits(mag_b, 16);
      5'd24: rep_b = repeat_bits(mag_b, 24);
      default: rep_b = '0;  // no format has other widths
    endcase
    lz24_b = 5'd0;
    for (int i = 0; i < 24; i++) begin
      if (mag_b[i]) lz24_b = 5'(23 - i);
    end
    lz_b = lz24_b - (5'd24 - k_b);  // c != 0 (else the result is 0 and lz is not used)
  end

  cls_t        cls_c;
  logic [63:0] rep_c;
  logic [4:0]  lz_c;
  tsu_stage #(.Width($bits(cls_a) + 69), .Enable(Stages >= 1)) u_b (
    .clk_i(clk_i),
    .d_i  ({cls_b, rep_b, lz_b}),
    .q_o  ({cls_c, rep_c, lz_c})
  );

  // ---- Part c: normalise (0.1xxx * 2^-lz) --------------------------------------------------------------
  logic [63:0] norm_c;
  assign norm_c = rep_c << lz_c;

  cls_t        cls_d;
  logic [23:0] sig_d;  // 23 significand bits and the guard bit
  logic [4:0]  lz_d;
  tsu_stage #(.Width($bits(cls_a) + 29), .Enable(Stages >= 2)) u_c (
    .clk_i(clk_i),
    .d_i  ({cls_c, norm_c[62:39], lz_c}),
    .q_o  ({cls_d, sig_d, lz_d})
  );

  // ---- Part d: biased exponent 126 - lz, round on the guard bit (never a tie) ------------------------
  logic [30:0] mag_bits;
  always_comb begin
    mag_bits = {8'(8'd126 - {3'd0, lz_d}), sig_d[23:1]} + {30'd0, sig_d[0]};
    if (cls_d.zero) begin
      f32_o = 32'd0;
    end else if (cls_d.one) begin
      f32_o = {cls_d.neg, 31'h3f800000};
    end else begin
      f32_o = {cls_d.neg, mag_bits};
    end
  end

  logic unused_bits;  // the leading one and the bits past the guard bit
  assign unused_bits = ^{norm_c[63], norm_c[38:0]};
endmodule
