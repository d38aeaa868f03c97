// f32 -> UNORM/SNORM of Bits bits (golden functions tsu::F32ToUnorm / tsu::F32ToSnorm):
// NaN -> 0; clamp to [0,1] or [-1,1]; scale by 2^k - 1 (k = Bits, or Bits - 1 for SNORM);
// round the magnitude to nearest even. The scaled value m * (2^k - 1) is formed exactly as
// (m << k) - m, so there is no multiplier.
//
// Stages: [classify, p = (m << k) - m] -A- [align: p >> s, guard, sticky] -B- [round, sign]
// Stages = 0 is combinational, 1 registers at B, 2 at A and B (the three parts are about equal
// in depth: a variable shift and a 48-bit subtract; a 48-bit shift and an OR tree; two 24-bit
// carry chains). Latency = Stages; inputs may change every cycle.
module tsu_f32_to_norm #(
  parameter int unsigned Stages = 0,
  // The widest channel this instance converts (2..24): the scaled value needs 24 + MaxBits bits,
  // so a slot that never holds a 24-bit channel gets a narrower subtractor and stage register.
  parameter int unsigned MaxBits = 24
) (
  input  logic        clk_i,
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

  // ---- Part a: classify and scale ----------------------------------------------------------------
  cls_t        cls_a;
  logic [7:0]  exp_a, s_a;  // s: right shift of p, 150 - effective exponent
  logic [23:0] m_a;
  localparam int unsigned PW = 24 + MaxBits;
  logic [PW-1:0] p_a;
  logic [5:0]  sh_a;        // s - 24 when s <= 49
  // The flags are assigned whole, not field by field: a simulator then builds them in one
  // expression instead of a read-modify-write per field (each lane of the pack did this every
  // cycle).
  logic [4:0] k_a;
  logic       below_a;
  always_comb begin
    exp_a = f32_i[30:23];
    k_a = signed_i ? bits_i - 5'd1 : bits_i;
    m_a = {exp_a != 8'd0, f32_i[22:0]};
    p_a = ({{MaxBits{1'b0}}, m_a} << k_a) - {{MaxBits{1'b0}}, m_a};
    s_a = 8'd150 - ((exp_a == 8'd0) ? 8'd1 : exp_a);
    below_a = s_a > 8'd49;
    sh_a = below_a ? 6'd0 : 6'(s_a - 8'd24);
    // cls_t's fields in declaration order (yosys 0.23 reads no assignment patterns).
    cls_a = {f32_i[31],                                 // sign
             exp_a == 8'hff && f32_i[22:0] != 23'd0,    // nan
             exp_a == 8'd0 && f32_i[22:0] == 23'd0,     // zero
             exp_a >= 8'd127,                           // ge_one
             below_a, signed_i, bits_i, k_a};           // below, snorm, bits, k
  end

  cls_t          cls_b;
  logic [PW-1:0] p_b;
  logic [5:0]    sh_b;
  tsu_stage #(.Width($bits(cls_a) + PW + 6), .Enable(Stages >= 2)) u_a (
    .clk_i(clk_i),
    .d_i  ({cls_a, p_a, sh_a}),
    .q_o  ({cls_b, p_b, sh_b})
  );

  // ---- Part b: align, guard and sticky --------------------------------------------------------------
  logic [47:0] t_b, lost_mask_b;
  logic [23:0] q_b;
  logic        g_b, sticky_b;
  always_comb begin
    t_b = {{(48-PW){1'b0}}, p_b} >> sh_b;
    lost_mask_b = (48'd1 << sh_b) - 48'd1;
    q_b = t_b[47:24];
    g_b = t_b[23] && !cls_b.below;
    sticky_b = (t_b[22:0] != 23'd0) || (({{(48-PW){1'b0}}, p_b} & lost_mask_b) != 48'd0);
  end

  cls_t        cls_c;
  logic [23:0] q_c;
  logic        g_c, sticky_c;
  tsu_stage #(.Width($bits(cls_a) + 26), .Enable(Stages >= 1)) u_b (
    .clk_i(clk_i),
    .d_i  ({cls_b, q_b, g_b, sticky_b}),
    .q_o  ({cls_c, q_c, g_c, sticky_c})
  );

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
