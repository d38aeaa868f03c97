// binary32 adder: result = a + b (or a - b with sub_i), IEEE 754 round to nearest even,
// subnormals kept, NaN results as the model defines them (golden function tsu::F32Add /
// tsu::F32Sub, docs/semantics.md T14): a NaN operand comes back quieted (a's first), an invalid
// Inf - Inf gives 0x7FC00000.
//
// Six parts, each optionally followed by a register: (A) unpack, order by magnitude (RegA);
// (Al) align the smaller significand with a sticky bit (RegAlign); (B) add or subtract (RegB);
// (Z) count leading zeros, limited so subnormals stay subnormal (RegLz); (C) normalize (RegC);
// (D) round to nearest even and pack (RegOut). Latency = RegA + RegAlign + RegB + RegLz + RegC
// + RegOut, one operation per cycle. A part's result is a don't-care ('x) while its valid is low:
// synthesis drops the mux, and a Verilated model skips the arithmetic of an idle unit.
module tsu_fp_add #(
  parameter bit RegA = 1'b1,
  parameter bit RegAlign = 1'b1,
  parameter bit RegB = 1'b1,
  parameter bit RegLz = 1'b1,
  parameter bit RegC = 1'b1,
  parameter bit RegOut = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        sub_i,    // a - b
  output logic        valid_o,
  output logic [31:0] result_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::fp_add_latency(RegA, RegAlign, RegB, RegLz, RegC, RegOut);
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] DefaultNaN = 32'h7FC0_0000;

  // ---- (A) unpack, order by magnitude --------------------------------------------------------
  logic [31:0] b_eff;  // b with the sign of the operation applied
  logic        a_nan, b_nan, a_inf, b_inf;
  logic [31:0] greater, lesser;  // |greater| >= |lesser|

  typedef struct packed {
    logic        special;       // the result is decided without arithmetic
    logic [31:0] special_val;
    logic        sign;
    logic        eff_sub;
    logic        zero_neg;      // -0 + -0: the only exact zero that keeps its sign
    logic [7:0]  e_big;
    logic [7:0]  shift;
    logic [23:0] m_big, m_small;  // with the hidden bit (0 for subnormals)
  } a_t;
  a_t a_d, a_q;
  logic a_valid;

  always_comb begin
    b_eff = {b_i[31] ^ sub_i, b_i[30:0]};
    a_nan = a_i[30:23] == 8'hFF && a_i[22:0] != '0;
    b_nan = b_i[30:23] == 8'hFF && b_i[22:0] != '0;
    a_inf = a_i[30:23] == 8'hFF && a_i[22:0] == '0;
    b_inf = b_i[30:23] == 8'hFF && b_i[22:0] == '0;
    a_d = 'x;  // don't-care while idle: synthesis drops the mux, simulation skips the cone
    greater = 'x;
    lesser = 'x;
    if (valid_i) begin
      a_d.special = a_nan || b_nan || a_inf || b_inf;
      if (a_nan) begin
        a_d.special_val = a_i | 32'h0040_0000;
      end else if (b_nan) begin
        a_d.special_val = b_i | 32'h0040_0000;  // the operand as given: sub_i does not flip a NaN
      end else if (a_inf && b_inf && (a_i[31] != b_eff[31])) begin
        a_d.special_val = DefaultNaN;
      end else if (a_inf) begin
        a_d.special_val = a_i;
      end else begin
        a_d.special_val = b_eff;
      end
      if (b_eff[30:0] > a_i[30:0]) begin
        greater = b_eff;
        lesser = a_i;
      end else begin
        greater = a_i;
        lesser = b_eff;
      end
      a_d.sign = greater[31];
      a_d.eff_sub = greater[31] != lesser[31];
      a_d.zero_neg = greater[31] && lesser[31] && greater[30:0] == '0 && lesser[30:0] == '0;
      a_d.e_big = greater[30:23] == 8'd0 ? 8'd1 : greater[30:23];
      a_d.shift = a_d.e_big - (lesser[30:23] == 8'd0 ? 8'd1 : lesser[30:23]);
      a_d.m_big = {greater[30:23] != 8'd0, greater[22:0]};
      a_d.m_small = {lesser[30:23] != 8'd0, lesser[22:0]};
    end
  end

  tsu_pipe_reg #(.Width($bits(a_d)), .Enable(RegA)) u_a (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (a_d),
    .valid_o(a_valid),
    .data_o (a_q)
  );

  // ---- (Al) align ------------------------------------------------------------------------------
  logic [4:0]  shift_c;  // capped at 27: beyond, only the sticky bit remains
  logic [53:0] aligned_wide;

  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic        eff_sub;
    logic        zero_neg;
    logic [7:0]  e_big;
    logic [23:0] m_big;
    logic [26:0] m_small_x;  // significand, guard, round, sticky
  } al_t;
  al_t al_d, al_q;
  logic al_valid;

  always_comb begin
    al_d = 'x;
    shift_c = 'x;
    aligned_wide = 'x;
    if (a_valid) begin
      shift_c = a_q.shift > 8'd27 ? 5'd27 : a_q.shift[4:0];
      aligned_wide = {a_q.m_small, 3'b000, 27'd0} >> shift_c;
      al_d.special = a_q.special;
      al_d.special_val = a_q.special_val;
      al_d.sign = a_q.sign;
      al_d.eff_sub = a_q.eff_sub;
      al_d.zero_neg = a_q.zero_neg;
      al_d.e_big = a_q.e_big;
      al_d.m_big = a_q.m_big;
      al_d.m_small_x = {aligned_wide[53:28], aligned_wide[27] | (|aligned_wide[26:0])};
    end
  end

  tsu_pipe_reg #(.Width($bits(al_d)), .Enable(RegAlign)) u_al (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid),
    .data_i (al_d),
    .valid_o(al_valid),
    .data_o (al_q)
  );

  // ---- (B) add ---------------------------------------------------------------------------------
  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic        zero_neg;
    logic [7:0]  exp;
    logic [27:0] sum;  // carry, hidden bit, 23 bits, guard, round, sticky
  } b_t;
  b_t b_d, b_q;
  logic b_valid;

  always_comb begin
    b_d = 'x;
    if (al_valid) begin
      b_d.special = al_q.special;
      b_d.special_val = al_q.special_val;
      b_d.sign = al_q.sign;
      b_d.zero_neg = al_q.zero_neg;
      b_d.exp = al_q.e_big;
      b_d.sum = al_q.eff_sub ? {1'b0, al_q.m_big, 3'b000} - {1'b0, al_q.m_small_x}
                             : {1'b0, al_q.m_big, 3'b000} + {1'b0, al_q.m_small_x};
    end
  end

  tsu_pipe_reg #(.Width($bits(b_d)), .Enable(RegB)) u_b (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(al_valid),
    .data_i (b_d),
    .valid_o(b_valid),
    .data_o (b_q)
  );

  // ---- (Z) leading zeros ------------------------------------------------------------------------
  logic [4:0] lz;  // leading zeros of sum[26:0]
  tsu_lzc #(.Width(27)) u_lzc (
    .in_i   (b_q.sum[26:0]),
    .count_o(lz)
  );

  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic        zero_neg;
    logic [7:0]  exp;
    logic [27:0] sum;
    logic [7:0]  lshift;  // the left shift: the leading zeros, but never below exponent 1
  } z_t;
  z_t z_d, z_q;
  logic z_valid;

  always_comb begin
    z_d = 'x;
    if (b_valid) begin
      z_d.special = b_q.special;
      z_d.special_val = b_q.special_val;
      z_d.sign = b_q.sign;
      z_d.zero_neg = b_q.zero_neg;
      z_d.exp = b_q.exp;
      z_d.sum = b_q.sum;
      z_d.lshift = ({3'd0, lz} < b_q.exp - 8'd1) ? {3'd0, lz} : b_q.exp - 8'd1;
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

  // ---- (C) normalize -----------------------------------------------------------------------------
  typedef struct packed {
    logic        special;
    logic [31:0] special_val;
    logic        sign;
    logic        zero_neg;
    logic        overflow;  // the exponent reached 255
    logic [7:0]  exp;       // 0 for a subnormal (or zero) result
    logic [26:0] norm;      // hidden bit, 23 bits, guard, round, sticky
  } c_t;
  c_t c_d, c_q;
  logic c_valid;

  always_comb begin
    c_d = 'x;
    if (z_valid) begin
      c_d.special = z_q.special;
      c_d.special_val = z_q.special_val;
      c_d.sign = z_q.sign;
      c_d.zero_neg = z_q.zero_neg;
      if (z_q.sum[27]) begin  // carry out: one right shift, the lost bit joins the sticky bit
        c_d.norm = {z_q.sum[27:2], z_q.sum[1] | z_q.sum[0]};
        c_d.exp = z_q.exp + 8'd1;
        c_d.overflow = z_q.exp == 8'd254;
      end else begin
        // Without a hidden bit after the shift the result is subnormal: exponent field 0.
        c_d.norm = z_q.sum[26:0] << z_q.lshift;
        c_d.exp = c_d.norm[26] ? z_q.exp - z_q.lshift : 8'd0;
        c_d.overflow = 1'b0;
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

  // ---- (D) round, pack ---------------------------------------------------------------------------
  logic        round_up;
  logic [31:0] result;

  always_comb begin
    // Round to nearest even on guard (bit 2) and round|sticky (bits 1:0); a carry out of the
    // significand moves into the exponent (and from the largest finite value to Inf).
    result = 'x;
    round_up = 'x;
    if (c_valid) begin
      round_up = c_q.norm[2] && (c_q.norm[1] || c_q.norm[0] || c_q.norm[3]);
      if (c_q.special) begin
        result = c_q.special_val;
      end else if (c_q.overflow) begin
        result = {c_q.sign, 8'hFF, 23'd0};
      end else if (c_q.norm == '0) begin
        result = {c_q.zero_neg, 31'd0};  // an exact zero is +0, except -0 + -0
      end else begin
        result = {c_q.sign, c_q.exp, c_q.norm[25:3]} + {31'd0, round_up};
      end
    end
  end

  tsu_pipe_reg #(.Width(32), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(c_valid),
    .data_i (result),
    .valid_o(valid_o),
    .data_o (result_o)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_known_out: assert (!$isunknown(result_o));
  c_nan_operand: cover property (@(posedge clk_i) valid_i && (a_nan || b_nan));
  c_inf_minus_inf: cover property (@(posedge clk_i) valid_i && a_inf && b_inf &&
                                   a_i[31] != b_eff[31]);
  // Massive cancellation: seven or more leading bits lost to a subtraction.
  c_cancellation: cover property (@(posedge clk_i) al_valid && !al_q.special && al_q.eff_sub &&
                                  b_d.sum[26:20] == '0 && b_d.sum != '0);
  c_far_sticky: cover property (@(posedge clk_i) a_valid && !a_q.special && a_q.shift > 8'd27 &&
                                a_q.m_small != '0);
  c_carry_out: cover property (@(posedge clk_i) b_valid && !b_q.special && b_q.sum[27]);
  c_subnormal_result: cover property (@(posedge clk_i) z_valid && !z_q.special &&
                                      c_d.exp == 8'd0 && c_d.norm != '0);
  c_overflow: cover property (@(posedge clk_i) c_valid && !c_q.special && c_q.overflow);
  c_round_tie_even: cover property (@(posedge clk_i) c_valid && !c_q.special &&
                                    c_q.norm[2] && !c_q.norm[1] && !c_q.norm[0]);
  c_exact_zero: cover property (@(posedge clk_i) c_valid && !c_q.special && c_q.norm == '0);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
