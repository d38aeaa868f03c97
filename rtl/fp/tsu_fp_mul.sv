// binary32 multiplier: result = a * b, IEEE 754 round to nearest even, subnormal operands and
// results kept, NaN results as the model defines them (golden function tsu::F32Mul,
// docs/semantics.md T14): a NaN operand comes back quieted (a's first), 0 * Inf gives 0x7FC00000.
//
// Four parts, each optionally followed by a register: (A) unpack and the four 12 x 12 partial
// products of the 24-bit significands (small enough to close timing on an iCE40 without
// multipliers; DSP blocks where the FPGA has them) (RegA); (B) their sum, the 48-bit product, and
// the exponent sum (RegB); (Z) the leading-zero count (subnormal operands) (RegLz); (C) normalize
// and the result exponent (RegC); (S) the right shift with sticky of a subnormal result
// (RegShift); (D) round to nearest even, pack (RegOut). Latency = RegA + RegB + RegLz + RegC +
// RegShift + RegOut, one operation per cycle.
//
// BBits (1..12, or 24): how many leading bits of b's 24-bit significand may be non-zero; the rest
// are zero by construction at every use (a_b_narrow checks it). At BBits <= 12 (A) forms two
// 12 x BBits partial products instead of four 12 x 12 ones and the low 24 - BBits bits of the
// product are constant, so the adder, the leading-zero count, the shifts and the registers behind
// them shrink too. tsu_tex_lerp's weight (w / 256, w a 9-bit integer) is such an operand.
//
// From (Z) on, a part's result is a don't-care ('x) while its valid is low: synthesis drops the
// mux, and a Verilated model skips the arithmetic of an idle unit. (A) and (B) compute always:
// their products map to DSP blocks, and a gated input there keeps the product registers out of
// them (xc7: 236 -> 332 FF).
module tsu_fp_mul #(
  parameter int unsigned BBits = 24,
  parameter bit RegA = 1'b1,
  parameter bit RegB = 1'b1,
  parameter bit RegLz = 1'b1,
  parameter bit RegC = 1'b1,
  parameter bit RegShift = 1'b1,
  parameter bit RegOut = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        valid_o,
  output logic [31:0] result_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::fp_mul_latency(RegA, RegB, RegLz, RegC, RegShift, RegOut);
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] DefaultNaN = 32'h7FC0_0000;

  // ---- (A) unpack, partial products -------------------------------------------------------------
  logic        a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
  logic [23:0] ma, mb;
  logic [BBits-1:0] mb_top;  // b's significand's leading BBits bits
  assign mb_top = mb[23-:BBits];

  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic [9:0]  exp_sum;  // e_a + e_b (each at least 1: subnormals scale as exponent 1)
    logic [23:0] ll, lh, hl, hh;  // ma_lo*mb_lo, ma_lo*mb_hi, ma_hi*mb_lo, ma_hi*mb_hi
  } a_t;
  a_t a_d, a_q;
  logic a_valid;

  always_comb begin
    a_nan = a_i[30:23] == 8'hFF && a_i[22:0] != '0;
    b_nan = b_i[30:23] == 8'hFF && b_i[22:0] != '0;
    a_inf = a_i[30:23] == 8'hFF && a_i[22:0] == '0;
    b_inf = b_i[30:23] == 8'hFF && b_i[22:0] == '0;
    a_zero = a_i[30:0] == '0;
    b_zero = b_i[30:0] == '0;
    a_d.sign = a_i[31] ^ b_i[31];
    a_d.special = a_nan || b_nan || a_inf || b_inf || a_zero || b_zero;
    if (a_nan) begin
      a_d.special_val = a_i | 32'h0040_0000;
    end else if (b_nan) begin
      a_d.special_val = b_i | 32'h0040_0000;
    end else if ((a_inf && b_zero) || (b_inf && a_zero)) begin
      a_d.special_val = DefaultNaN;
    end else if (a_inf || b_inf) begin
      a_d.special_val = {a_d.sign, 8'hFF, 23'd0};
    end else begin
      a_d.special_val = {a_d.sign, 31'd0};
    end
    ma = {a_i[30:23] != 8'd0, a_i[22:0]};
    mb = {b_i[30:23] != 8'd0, b_i[22:0]};
    if (BBits <= 12) begin
      // mb = mb_top << (24 - BBits): mb[11:0] is zero, so ll and hl are; lh and hh are
      // 12 x BBits products moved up by 12 - BBits.
      a_d.ll = '0;
      a_d.hl = '0;
      a_d.lh = 24'(ma[11:0] * mb_top) << (12 - BBits);
      a_d.hh = 24'(ma[23:12] * mb_top) << (12 - BBits);
    end else begin
      a_d.ll = ma[11:0] * mb[11:0];
      a_d.lh = ma[11:0] * mb[23:12];
      a_d.hl = ma[23:12] * mb[11:0];
      a_d.hh = ma[23:12] * mb[23:12];
    end
    a_d.exp_sum = {2'd0, a_i[30:23] == 8'd0 ? 8'd1 : a_i[30:23]} +
                  {2'd0, b_i[30:23] == 8'd0 ? 8'd1 : b_i[30:23]};
  end

  tsu_pipe_reg #(.Width($bits(a_d)), .Enable(RegA)) u_a (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (a_d),
    .valid_o(a_valid),
    .data_o (a_q)
  );

  // ---- (B) the product ------------------------------------------------------------------------
  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic [9:0]  exp_sum;
    logic [47:0] product;
  } b_t;
  b_t b_d, b_q;
  logic b_valid;

  always_comb begin
    b_d.special = a_q.special;
    b_d.special_val = a_q.special_val;
    b_d.sign = a_q.sign;
    b_d.exp_sum = a_q.exp_sum;
    b_d.product = {a_q.hh, a_q.ll} + {12'd0, a_q.lh, 12'd0} + {12'd0, a_q.hl, 12'd0};
  end

  tsu_pipe_reg #(.Width($bits(b_d)), .Enable(RegB)) u_b (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid),
    .data_i (b_d),
    .valid_o(b_valid),
    .data_o (b_q)
  );

  // ---- (Z) leading zeros ------------------------------------------------------------------------
  logic [5:0] lz;  // 48 only for a zero product, which is a special case
  tsu_lzc #(.Width(48)) u_lzc (
    .in_i   (b_q.product),
    .count_o(lz)
  );

  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic [9:0]  exp_sum;
    logic [47:0] product;
    logic [5:0]  lz;
  } z_t;
  z_t z_d, z_q;
  logic z_valid;

  always_comb begin
    z_d = 'x;  // don't-care while idle: synthesis drops the mux, simulation skips the cone
    if (b_valid) begin
      z_d.special = b_q.special;
      z_d.special_val = b_q.special_val;
      z_d.sign = b_q.sign;
      z_d.exp_sum = b_q.exp_sum;
      z_d.product = b_q.product;
      z_d.lz = lz;
    end
  end

  tsu_pipe_reg #(.Width($bits(z_d)), .Enable(RegLz)) u_z (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(b_valid),
    .data_i (z_d),
    .valid_o(z_valid),
    .data_o (z_q)
  );

  // ---- (C) normalize --------------------------------------------------------------------------
  // With the product's leading one at bit 47 after a left shift by lz, the biased exponent is
  // e = exp_sum - 126 - lz.
  logic signed [11:0] e_biased;

  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic [7:0]  e_field;  // 0 for a subnormal result, 0xFF for an overflow to Inf
    logic [5:0]  rshift;   // a subnormal result's right shift (at most 49 matters)
    logic [47:0] p_norm;
  } c_t;
  c_t c_d, c_q;
  logic c_valid;

  always_comb begin
    c_d = 'x;
    e_biased = 'x;
    if (z_valid) begin
      c_d.special = z_q.special;
      c_d.special_val = z_q.special_val;
      c_d.sign = z_q.sign;
      c_d.p_norm = z_q.product << z_q.lz;
      e_biased = $signed({2'b00, z_q.exp_sum}) - 12'sd126 - $signed({6'd0, z_q.lz});
      // Below exponent 1 the result is subnormal: shift right by 1 - e, exponent field 0.
      c_d.rshift = 6'd0;
      if (e_biased < 12'sd1) begin
        c_d.rshift = (12'sd1 - e_biased) > 12'sd49 ? 6'd49 : 6'(12'sd1 - e_biased);
        c_d.e_field = 8'd0;
      end else begin
        c_d.e_field = e_biased > 12'sd254 ? 8'hFF : e_biased[7:0];
      end
    end
  end

  tsu_pipe_reg #(.Width($bits(c_d)), .Enable(RegC)) u_c (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(z_valid),
    .data_i (c_d),
    .valid_o(c_valid),
    .data_o (c_q)
  );

  // ---- (S) subnormal shift ---------------------------------------------------------------------
  // Only what rounding needs is formed: the 25 bits from the hidden bit to the guard bit (a
  // 48-to-25 shifter), and "rest", the OR of every bit below the guard bit, as a mask of the bits
  // that end up there (bit i does when i < 23 + shift): no 96-bit shifter.
  logic [47:0]  below;
  logic [47:23] shifted;  // the part of p_norm >> rshift that rounding keeps

  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic [7:0]  e_field;
    logic [24:0] kept;  // hidden bit, 23 significand bits, guard bit
    logic        rest;  // round | sticky
  } s_t;
  s_t s_d, s_q;
  logic s_valid;

  always_comb begin
    s_d = 'x;
    shifted = 'x;
    below = 'x;
    if (c_valid) begin
      s_d.special = c_q.special;
      s_d.special_val = c_q.special_val;
      s_d.sign = c_q.sign;
      s_d.e_field = c_q.e_field;
      shifted = 25'(c_q.p_norm >> (7'd23 + 7'(c_q.rshift)));
      s_d.kept = shifted;
      below = ~(48'hFFFF_FFFF_FFFF << (7'd23 + 7'(c_q.rshift)));
      s_d.rest = |(c_q.p_norm & below);
    end
  end

  tsu_pipe_reg #(.Width($bits(s_d)), .Enable(RegShift)) u_s (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(c_valid),
    .data_i (s_d),
    .valid_o(s_valid),
    .data_o (s_q)
  );

  // ---- (D) round, pack ---------------------------------------------------------------------------
  logic [22:0] mant;  // without the hidden bit (the exponent field says it)
  logic        guard, rest, round_up;
  logic [31:0] result;

  always_comb begin
    result = 'x;
    mant = 'x;
    guard = 'x;
    rest = 'x;
    round_up = 'x;
    if (s_valid) begin
      mant = s_q.kept[23:1];
      guard = s_q.kept[0];
      rest = s_q.rest;
      round_up = guard && (rest || mant[0]);
      if (s_q.special) begin
        result = s_q.special_val;
      end else if (s_q.e_field == 8'hFF) begin
        result = {s_q.sign, 8'hFF, 23'd0};
      end else begin
        // A rounding carry out of the significand moves into the exponent: a subnormal becomes
        // the smallest normal, the largest finite value becomes Inf.
        result = {s_q.sign, s_q.e_field, mant} + {31'd0, round_up};
      end
    end
  end

  // The hidden bit is implied by the exponent field (1 for normal results, 0 after a right shift).
  logic unused_hidden;
  assign unused_hidden = s_q.kept[24];

  tsu_pipe_reg #(.Width(32), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(s_valid),
    .data_i (result),
    .valid_o(valid_o),
    .data_o (result_o)
  );

  // At BBits <= 12 the bits of b's significand below its top BBits are not used.
  if (BBits <= 12) begin : g_narrow_unused
    logic unused_mb_low;
    assign unused_mb_low = ^mb[23-BBits:0];
  end

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  if (!((BBits >= 1 && BBits <= 12) || BBits == 24)) begin : g_bad_bbits
    $error("tsu_fp_mul: BBits is 1..12 or 24");
  end
  if (BBits < 24) begin : g_narrow_check
    always @(posedge clk_i) if (rst_ni && valid_i)
      a_b_narrow: assert (mb[23-BBits:0] == '0);
  end
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_known_out: assert (!$isunknown(result_o));
  c_nan_operand: cover property (@(posedge clk_i) valid_i && (a_nan || b_nan));
  c_zero_times_inf: cover property (@(posedge clk_i) valid_i &&
                                    ((a_inf && b_zero) || (b_inf && a_zero)));
  c_subnormal_operand: cover property (@(posedge clk_i) valid_i && !a_d.special &&
                                       (a_i[30:23] == 8'd0 || b_i[30:23] == 8'd0));
  c_subnormal_result: cover property (@(posedge clk_i) c_valid && !c_q.special &&
                                      c_q.rshift != 6'd0 && c_q.rshift < 6'd25);
  c_underflow_to_zero: cover property (@(posedge clk_i) c_valid && !c_q.special &&
                                       c_q.rshift > 6'd25);
  c_overflow: cover property (@(posedge clk_i) s_valid && !s_q.special && s_q.e_field == 8'hFF);
  c_round_tie_even: cover property (@(posedge clk_i) s_valid && !s_q.special && guard && !rest);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
