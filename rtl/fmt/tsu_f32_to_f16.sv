// f32 -> f16, round to nearest even (golden function tsu::F32ToF16, bit-identical to x86 F16C
// VCVTPS2PH): overflow -> +-Inf, NaN -> quiet NaN keeping the sign and the top payload bits.
//
// Stages: [classify, truncate, guard and sticky] -A- [round decision] -B- [round increment]
// Stages = 0 is combinational, 1 registers at A (the subnormal shift and the sticky OR tree are
// the deepest part), 2 at A and B. Latency = Stages; inputs may change every cycle. Only the
// truncated result and two bits cross a register, not the discarded bits.
module tsu_f32_to_f16 #(
  parameter int unsigned Stages = 0
) (
  input  logic        clk_i,
  input  logic [31:0] f32_i,
  output logic [15:0] f16_o,
  output logic        tie_o,      // the discarded bits were exactly half an ulp (for coverage)
  output logic        overflow_o  // a finite input became Inf (|x| >= 65520, a rounding carry too)
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency = Stages;
  /* verilator lint_on UNUSEDPARAM */

  // ---- Part a: classify, truncate, guard bit and sticky bit ------------------------------------------
  logic        sign;
  logic [7:0]  exp;
  logic [22:0] man;
  logic [23:0] sig;        // with the hidden bit
  logic [9:0]  e;          // rebiased exponent, signed
  logic [4:0]  shift;      // subnormal: 14 - e, 14..24
  logic [23:0] h_sub;
  logic [15:0] h_a;        // truncated (or final) result
  logic        g_a, sticky_a, ovf_a;
  always_comb begin
    sign = f32_i[31];
    exp = f32_i[30:23];
    man = f32_i[22:0];
    sig = {1'b1, man};
    e = {2'b00, exp} - 10'd112;
    shift = 5'd0;
    h_sub = '0;
    g_a = 1'b0;
    sticky_a = 1'b0;
    ovf_a = 1'b0;
    h_a = {sign, 15'd0};
    if (exp == 8'hff) begin
      h_a = (man != 23'd0) ? {sign, 6'b111111, man[21:13]} : {sign, 15'h7c00};
    end else if (!e[9] && e >= 10'd31) begin
      h_a = {sign, 15'h7c00};
      ovf_a = 1'b1;
    end else if (e[9] || e == 10'd0) begin
      // Subnormal result (or zero below half the smallest subnormal, e < -10).
      if (!(e[9] && e < 10'h3f6)) begin
        shift = 5'(10'd14 - e);
        h_sub = sig >> shift;
        h_a = {sign, 15'(h_sub)};
        g_a = sig[shift - 5'd1];
        sticky_a = (sig & ((24'd1 << (shift - 5'd1)) - 24'd1)) != 24'd0;
      end
    end else begin
      h_a = {sign, e[4:0], man[22:13]};
      g_a = man[12];
      sticky_a = man[11:0] != 12'd0;
    end
  end

  logic [15:0] h_b;
  logic        g_b, sticky_b, ovf_b;
  tsu_stage #(.Width(19), .Enable(Stages >= 1)) u_a (
    .clk_i(clk_i),
    .d_i  ({h_a, g_a, sticky_a, ovf_a}),
    .q_o  ({h_b, g_b, sticky_b, ovf_b})
  );

  // ---- Part b: round to nearest even --------------------------------------------------------------------
  logic [15:0] h_c;
  logic        up_c, tie_c, ovf_c;
  tsu_stage #(.Width(19), .Enable(Stages >= 2)) u_b (
    .clk_i(clk_i),
    .d_i  ({h_b, g_b && (sticky_b || h_b[0]), g_b && !sticky_b, ovf_b}),
    .q_o  ({h_c, up_c, tie_c, ovf_c})
  );

  // ---- Part c: increment (a carry may round up into Inf, as it should) -----------------------------
  assign f16_o = h_c + {15'd0, up_c};
  assign tie_o = tie_c;
  // Past the largest exponent, or rounded up from 65504 (the largest finite f16) into Inf.
  assign overflow_o = ovf_c || (up_c && h_c[14:0] == 15'h7bff);

  logic unused_bits;  // a subnormal result has at most 11 significant bits
  assign unused_bits = ^h_sub[23:15];
endmodule
