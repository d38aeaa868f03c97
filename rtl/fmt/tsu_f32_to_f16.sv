// f32 -> f16, round to nearest even (golden function tsu::F32ToF16, bit-identical to x86 F16C
// VCVTPS2PH): overflow -> +-Inf, NaN -> quiet NaN keeping the sign and the top payload bits.
//
// Stages: [classify, truncate, guard and sticky] -A- [round decision] -B- [round increment]
// Stages = 0 is combinational, 1 registers at A (the subnormal shift and the sticky OR tree are
// the deepest part), 2 at A and B. Latency = Stages; inputs may change every cycle. Only the
// truncated result and two bits cross a register, not the discarded bits. The outputs mean
// something Stages cycles after a valid_i (the caller keeps the valid).
module tsu_f32_to_f16 #(
  parameter int unsigned Stages = 0
) (
  input  logic        clk_i,
  input  logic        valid_i,    // f32_i means something: the stage registers load only then
  input  logic [31:0] f32_i,
  output logic [15:0] f16_o,
  output logic        tie_o,      // the discarded bits were exactly half an ulp (for coverage)
  output logic        overflow_o  // a finite input became Inf (|x| >= 65520, a rounding carry too)
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency = Stages;
  /* verilator lint_on UNUSEDPARAM */

  // Parts a and b are evaluated where a stage register loads them, and a register loads only with
  // valid_i (or the valid of the stage before): a simulator computes them only for an input that
  // means something (tsu_f32_to_norm says why). In hardware, registers with a load enable.

  // ---- Part a: classify, truncate, guard bit and sticky bit ------------------------------------------
  // Returns {h, g, sticky, ovf}: the truncated (or final) result, its guard and sticky bits, and
  // whether a finite input overflowed.
  function automatic logic [18:0] part_a(logic [31:0] f);
    logic        sign;
    logic [7:0]  exp;
    logic [22:0] man;
    logic [23:0] sig;    // with the hidden bit
    logic [9:0]  e;      // rebiased exponent, signed
    logic [4:0]  shift;  // subnormal: 14 - e, 14..24
    logic [14:0] h_sub;  // a subnormal result has at most 11 significant bits
    logic [15:0] h;
    logic        g, sticky, ovf;
    sign = f[31];
    exp = f[30:23];
    man = f[22:0];
    sig = {1'b1, man};
    e = {2'b00, exp} - 10'd112;
    shift = 5'd0;
    h_sub = '0;
    g = 1'b0;
    sticky = 1'b0;
    ovf = 1'b0;
    h = {sign, 15'd0};
    if (exp == 8'hff) begin
      h = (man != 23'd0) ? {sign, 6'b111111, man[21:13]} : {sign, 15'h7c00};
    end else if (!e[9] && e >= 10'd31) begin
      h = {sign, 15'h7c00};
      ovf = 1'b1;
    end else if (e[9] || e == 10'd0) begin
      // Subnormal result (or zero below half the smallest subnormal, e < -10).
      if (!(e[9] && e < 10'h3f6)) begin
        shift = 5'(10'd14 - e);
        h_sub = 15'(sig >> shift);
        h = {sign, h_sub};
        g = sig[shift - 5'd1];
        sticky = (sig & ((24'd1 << (shift - 5'd1)) - 24'd1)) != 24'd0;
      end
    end else begin
      h = {sign, e[4:0], man[22:13]};
      g = man[12];
      sticky = man[11:0] != 12'd0;
    end
    part_a = {h, g, sticky, ovf};
  endfunction

  // ---- Part b: round to nearest even --------------------------------------------------------------------
  // Returns {h, up, tie, ovf}.
  function automatic logic [18:0] part_b(logic [18:0] a);
    logic [15:0] h;
    logic        g, sticky, ovf;
    {h, g, sticky, ovf} = a;
    part_b = {h, g && (sticky || h[0]), g && !sticky, ovf};
  endfunction

  logic [18:0] a_s;   // part a's result where part b reads it
  logic        va_s;  // it means something
  if (Stages >= 1) begin : g_reg_a
    logic [18:0] a_q;
    logic        va_q;  // needs no reset: it only gates payload loads
    always_ff @(posedge clk_i) begin
      va_q <= valid_i;
      if (valid_i) a_q <= part_a(f32_i);
    end
    assign a_s = a_q;
    assign va_s = va_q;
  end else begin : g_wire_a
    assign a_s = part_a(f32_i);
    assign va_s = valid_i;
    logic unused_clk;
    assign unused_clk = clk_i;
  end

  logic [15:0] h_c;
  logic        up_c, tie_c, ovf_c;
  if (Stages >= 2) begin : g_reg_b
    logic [18:0] b_q;
    always_ff @(posedge clk_i) begin
      if (va_s) b_q <= part_b(a_s);
    end
    assign {h_c, up_c, tie_c, ovf_c} = b_q;
  end else begin : g_wire_b
    assign {h_c, up_c, tie_c, ovf_c} = part_b(a_s);
    logic unused_valid;
    assign unused_valid = va_s;
  end

  // ---- Part c: increment (a carry may round up into Inf, as it should) -----------------------------
  assign f16_o = h_c + {15'd0, up_c};
  assign tie_o = tie_c;
  // Past the largest exponent, or rounded up from 65504 (the largest finite f16) into Inf.
  assign overflow_o = ovf_c || (up_c && h_c[14:0] == 15'h7bff);

endmodule
