// f32 -> UNORM/SNORM of Bits bits (golden functions tsu::F32ToUnorm / tsu::F32ToSnorm):
// NaN -> 0; clamp to [0,1] or [-1,1]; scale by 2^k - 1 (k = Bits, or Bits - 1 for SNORM);
// round the magnitude to nearest even. The scaled value m * (2^k - 1) is formed exactly as
// (m << k) - m, so there is no multiplier.
//
// Stages: [classify, p = (m << k) - m] -A- [align: p >> s, guard, sticky] -B- [round, sign]
// Stages = 0 is combinational, 1 registers at B, 2 at A and B (the three parts are about equal
// in depth: a variable shift and a 48-bit subtract; a 48-bit shift and an OR tree; two 24-bit
// carry chains). Latency = Stages; inputs may change every cycle. The outputs mean something
// Stages cycles after a valid_i (the caller keeps the valid; between results they may change).
module tsu_f32_to_norm #(
  parameter int unsigned Stages = 0,
  // The widest channel this instance converts (2..24): the scaled value needs 24 + MaxBits bits,
  // so a slot that never holds a 24-bit channel gets a narrower subtractor and stage register.
  parameter int unsigned MaxBits = 24
) (
  input  logic        clk_i,
  input  logic        valid_i,   // f32_i means something: the stage registers load only then
  input  logic [31:0] f32_i,
  input  logic [4:0]  bits_i,    // channel width, 2..24
  input  logic        signed_i,  // SNORM
  output logic [23:0] norm_o,    // the channel, two's complement for SNORM, upper bits zero
  output logic        sat_o,     // clamped at +-1 (or 0 for UNORM negatives), for coverage
  output logic        tie_o      // the discarded bits were exactly half an ulp
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency = Stages;
  /* verilator lint_on UNUSEDPARAM */

  // Flags every part passes on.
  typedef struct packed {
    logic       sign;
    logic       nan;
    logic       zero;
    logic       ge_one;  // |f| >= 1, including Inf
    logic       below;     // below a quarter ulp of the channel: rounds to 0
    logic       snorm;
    logic [4:0] bits;
    logic [4:0] k;
  } cls_t;

  // Parts a and b are functions, evaluated where a stage register loads them: a register loads only
  // with valid_i (or the valid of the stage before), so a simulator computes a part only for an
  // input that means something (Verilator evaluates continuous logic on every clock; the pack's
  // four lanes did so every cycle). In hardware the same logic, the registers with a load enable.
  cls_t cls_b, cls_c;  // the flags where parts b and c read them
  localparam int unsigned PW = 24 + MaxBits;
  localparam int unsigned AW = $bits(cls_b) + PW + 6;  // {cls, p, sh}
  localparam int unsigned BW = $bits(cls_b) + 26;      // {cls, q, g, sticky}

  // ---- Part a: classify and scale ----------------------------------------------------------------
  // Returns {cls, p = (m << k) - m, sh = s - 24 when s <= 49}, s the right shift of p.
  // The flags are built whole, in cls_t's field order (yosys 0.23 reads neither assignment
  // patterns nor struct members of a function's argument).
  function automatic logic [AW-1:0] part_a(logic [31:0] f, logic [4:0] bits, logic snorm);
    logic [7:0]    exp, sft;
    logic [4:0]    k;
    logic [23:0]   m;
    logic [PW-1:0] p;
    logic          below;
    exp = f[30:23];
    k = snorm ? bits - 5'd1 : bits;
    m = {exp != 8'd0, f[22:0]};
    p = ({{MaxBits{1'b0}}, m} << k) - {{MaxBits{1'b0}}, m};
    sft = 8'd150 - ((exp == 8'd0) ? 8'd1 : exp);
    below = sft > 8'd49;
    part_a = {f[31],                               // sign
              exp == 8'hff && f[22:0] != 23'd0,    // nan
              exp == 8'd0 && f[22:0] == 23'd0,     // zero
              exp >= 8'd127,                       // ge_one
              below, snorm, bits, k,               // below, snorm, bits, k
              p, below ? 6'd0 : 6'(sft - 8'd24)};
  endfunction

  // ---- Part b: align, guard and sticky --------------------------------------------------------------
  // Returns {q, g, sticky}: p >> sh, its guard bit and the OR of the bits below it.
  function automatic logic [25:0] part_b(logic [PW-1:0] p, logic [5:0] sh, logic below);
    logic [47:0] t, lost_mask;
    t = {{(48-PW){1'b0}}, p} >> sh;
    lost_mask = (48'd1 << sh) - 48'd1;
    part_b = {t[47:24], t[23] && !below,
              (t[22:0] != 23'd0) || (({{(48-PW){1'b0}}, p} & lost_mask) != 48'd0)};
  endfunction

  logic [AW-1:0] a_s;   // part a's result where part b reads it
  logic          va_s;  // it means something
  if (Stages >= 2) begin : g_reg_a
    logic [AW-1:0] a_q;
    logic          va_q;  // needs no reset: it only gates payload loads
    always_ff @(posedge clk_i) begin
      va_q <= valid_i;
      if (valid_i) a_q <= part_a(f32_i, bits_i, signed_i);
    end
    assign a_s = a_q;
    assign va_s = va_q;
  end else begin : g_wire_a
    assign a_s = part_a(f32_i, bits_i, signed_i);
    assign va_s = valid_i;
  end

  logic [PW-1:0] p_b;
  logic [5:0]    sh_b;
  assign {cls_b, p_b, sh_b} = a_s;

  logic [23:0] q_c;
  logic        g_c, sticky_c;
  if (Stages >= 1) begin : g_reg_b
    logic [BW-1:0] b_q;
    always_ff @(posedge clk_i) begin
      if (va_s) b_q <= {cls_b, part_b(p_b, sh_b, cls_b.below)};
    end
    assign {cls_c, q_c, g_c, sticky_c} = b_q;
  end else begin : g_wire_b
    assign {cls_c, q_c, g_c, sticky_c} = {cls_b, part_b(p_b, sh_b, cls_b.below)};
    logic unused;
    assign unused = va_s ^ clk_i;
  end

  // ---- Part c: round, saturate, sign ------------------------------------------------------------------
  logic [23:0] max_c, chan_mask_c, mag_c;
  always_comb begin
    max_c = (24'd1 << cls_c.k) - 24'd1;
    chan_mask_c = (24'd1 << cls_c.bits) - 24'd1;
    tie_o = 1'b0;
    sat_o = 1'b0;
    if (cls_c.ge_one) begin
      mag_c = max_c;
    end else if (cls_c.below) begin
      mag_c = 24'd0;
    end else begin
      mag_c = q_c + {23'd0, g_c && (sticky_c || q_c[0])};
      tie_o = g_c && !sticky_c;
    end
    if (cls_c.nan) begin
      norm_o = 24'd0;
    end else if (!cls_c.snorm) begin
      norm_o = (cls_c.sign || cls_c.zero) ? 24'd0 : mag_c;
      sat_o = (cls_c.sign && !cls_c.zero) || cls_c.ge_one;
    end else begin
      norm_o = (cls_c.sign ? 24'd0 - mag_c : mag_c) & chan_mask_c;
      sat_o = cls_c.ge_one;
    end
  end
endmodule
