// binary32 divider: result = a / b, IEEE 754 round to nearest even, subnormal operands and
// results kept, NaN results as the model defines them (golden function tsu::F32Div,
// docs/semantics.md T14): a NaN operand comes back quieted (a's first), 0 / 0 and Inf / Inf give
// 0x7FC00000, x / 0 is a signed Inf. The cube face coordinates divide by the major axis with it
// (tsu_tex_cube, T8), where an approximate reciprocal would not be bit-exact to the model.
//
// Parts: (A) unpack, classify, normalize subnormal significands, the exponent difference
// (RegIn after it); (Q) a restoring division of the two 24-bit significands, 27 quotient bits
// (the integer bit, 23 fraction bits, guard and two more) plus a sticky remainder, StepsPerStage
// bits per pipeline stage, each stage registered; (D) normalize, denormalize a subnormal result
// with sticky, round to nearest even and pack (RegOut after it).
// Latency = RegIn + floor(27 / StepsPerStage) + RegOut (a last partial stage is combinational
// into the rounding), one division per cycle. A step's result is a don't-care ('x) while its
// valid is low: synthesis drops the mux, and a Verilated model skips an idle step.
module tsu_fp_div #(
  parameter bit          RegIn = 1'b1,
  parameter int unsigned StepsPerStage = 2,  // quotient bits per stage: 1 .. 27
  parameter bit          RegOut = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        valid_o,
  output logic [31:0] result_o
);
  localparam int unsigned QBits = 27;
  localparam int unsigned Regs = QBits / StepsPerStage;  // a register after every full stage
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::fp_div_latency(RegIn, StepsPerStage, RegOut);
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [31:0] DefaultNaN = 32'h7FC0_0000;

  // What travels beside the division, decided at unpack.
  typedef struct packed {
    logic        special;      // the result is decided without arithmetic
    logic [31:0] special_val;
    logic        sign;
    logic [9:0]  exp;          // biased exponent of the quotient if its integer bit is set
  } side_t;
  // The division's state: the partial remainder (25 bits, < 2 divisor) and the quotient (27),
  // flat, and beside them the divisor. Apart, the state is one machine word in simulation.
  localparam int unsigned RqW = 25 + 27;

  // ---- (A) unpack -----------------------------------------------------------------------------
  logic        a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
  logic [4:0]  a_lz, b_lz, a_lz_full, b_lz_full;  // 24 for a zero significand (then special)
  logic [23:0] a_raw, b_raw, a_sig, b_sig;
  logic signed [10:0] a_exp, b_exp;
  side_t       side_d;
  logic [RqW-1:0] rq_d;
  assign a_nan = a_i[30:23] == 8'hFF && a_i[22:0] != '0;
  assign b_nan = b_i[30:23] == 8'hFF && b_i[22:0] != '0;
  assign a_inf = a_i[30:23] == 8'hFF && a_i[22:0] == '0;
  assign b_inf = b_i[30:23] == 8'hFF && b_i[22:0] == '0;
  assign a_zero = a_i[30:0] == '0;
  assign b_zero = b_i[30:0] == '0;
  // Significands with the hidden bit; a subnormal's is shifted up until its leading 1 is there,
  // and its effective biased exponent is 1 - (that shift).
  assign a_raw = {a_i[30:23] != '0, a_i[22:0]};
  assign b_raw = {b_i[30:23] != '0, b_i[22:0]};
  tsu_lzc #(.Width(24)) u_lz_a (.in_i(a_raw), .count_o(a_lz_full));
  tsu_lzc #(.Width(24)) u_lz_b (.in_i(b_raw), .count_o(b_lz_full));
  assign a_lz = a_zero ? 5'd0 : a_lz_full;
  assign b_lz = b_zero ? 5'd0 : b_lz_full;
  assign a_sig = a_raw << a_lz;
  assign b_sig = b_raw << b_lz;
  assign a_exp = a_i[30:23] == '0 ? 11'sd1 - 11'(a_lz) : 11'(a_i[30:23]);
  assign b_exp = b_i[30:23] == '0 ? 11'sd1 - 11'(b_lz) : 11'(b_i[30:23]);
  assign rq_d = {1'b0, a_sig, 27'd0};
  always_comb begin
    side_d.sign = a_i[31] ^ b_i[31];
    side_d.exp = 10'(a_exp - b_exp + 11'sd127);
    side_d.special = 1'b1;
    if (a_nan) begin
      side_d.special_val = a_i | 32'h0040_0000;
    end else if (b_nan) begin
      side_d.special_val = b_i | 32'h0040_0000;
    end else if ((a_zero && b_zero) || (a_inf && b_inf)) begin
      side_d.special_val = DefaultNaN;
    end else if (a_inf || b_zero) begin
      side_d.special_val = {side_d.sign, 8'hFF, 23'd0};
    end else if (a_zero || b_inf) begin
      side_d.special_val = {side_d.sign, 31'd0};
    end else begin
      side_d.special = 1'b0;
      side_d.special_val = '0;
    end
  end

  logic            in_valid, side_valid;
  logic [RqW-1:0]  rq_in;
  logic [23:0]     dv_in;
  side_t           side_in, side_q;
  tsu_pipe_reg #(.Width(24 + RqW + $bits(side_d)), .Enable(RegIn)) u_in (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({b_sig, rq_d, side_d}),
    .valid_o(in_valid),
    .data_o ({dv_in, rq_in, side_in})
  );

  // ---- (Q) restoring division: one quotient bit per step, a register every StepsPerStage -------
  logic [(QBits+1)*RqW-1:0] st /*verilator split_var*/;  // after step k in [k*RqW +: RqW]
  logic [QBits*24-1:0]      dv /*verilator split_var*/;  // step k's divisor in [k*24 +: 24]
  logic [QBits:0]           st_valid;
  logic [QBits-1:0]         dv_valid;  // the same as st_valid: unused
  assign st[RqW-1:0] = rq_in;
  assign dv[23:0] = dv_in;
  assign st_valid[0] = in_valid;
  assign dv_valid[0] = in_valid;
  for (genvar k = 0; k < QBits; k++) begin : g_step
    logic [RqW-1:0] cur, nx;
    logic [23:0]    d;
    logic [25:0]    diff;
    logic           fits;
    assign cur = st[k*RqW +: RqW];
    assign d = dv[k*24 +: 24];
    // The remainder (< 2 divisor) against the divisor: the borrow of one subtraction decides
    // (one carry chain per step, not a compare beside a subtract).
    // The next remainder (< divisor < 2^24 after a subtraction) doubles into 25 bits. While the
    // step is idle its result is a don't-care: synthesis drops the mux, simulation skips the step.
    always_comb begin
      diff = 'x;
      fits = 'x;
      nx = 'x;
      if (st_valid[k]) begin
        diff = {1'b0, cur[51:27]} - {2'b00, d};
        fits = !diff[25];
        nx = {fits ? diff[23:0] : cur[50:27], 1'b0, cur[25:0], fits};
      end
    end
    tsu_pipe_reg #(
      .Width (RqW),
      .Enable((k + 1) % StepsPerStage == 0)
    ) u_step (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(st_valid[k]),
      .data_i (nx),
      .valid_o(st_valid[k+1]),
      .data_o (st[(k+1)*RqW +: RqW])
    );
    if (k + 1 < QBits) begin : g_div
      tsu_pipe_reg #(
        .Width (24),
        .Enable((k + 1) % StepsPerStage == 0)
      ) u_div (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .valid_i(dv_valid[k]),
        .data_i (d),
        .valid_o(dv_valid[k+1]),
        .data_o (dv[(k+1)*24 +: 24])
      );
    end
    logic unused_step;  // a remainder that fits leaves diff[24] zero; one that does not, cur[51]
    assign unused_step = ^{diff[24], cur[51], cur[26]};
  end
  tsu_delay #(.Width($bits(side_d)), .Depth(Regs)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(in_valid),
    .data_i (side_in),
    .valid_o(side_valid),
    .data_o (side_q)
  );

  // ---- (D) normalize, denormalize, round, pack ---------------------------------------------------
  logic [RqW-1:0]     fin;
  logic [26:0]        quo, norm, shifted;  // norm: leading 1 at bit 26
  logic signed [10:0] e;                   // norm's biased exponent
  logic               sticky_in, sticky_out, guard, round_up;
  logic [8:0]         sh;                  // right shift of a subnormal result (1 - e), <= 27
  logic [30:0]        packed_mag;
  logic [31:0]        result_d;
  assign fin = st[QBits*RqW +: RqW];
  assign quo = fin[26:0];
  assign sticky_in = fin[51:27] != '0;
  assign norm = quo[26] ? quo : {quo[25:0], 1'b0};
  assign e = quo[26] ? 11'($signed(side_q.exp)) : 11'($signed(side_q.exp)) - 11'sd1;
  always_comb begin
    sh = '0;
    if (e <= 11'sd0) sh = (11'sd1 - e) > 11'sd27 ? 9'd27 : 9'(11'sd1 - e);
  end
  always_comb begin
    shifted = norm >> sh;
    sticky_out = |(norm & ~(27'h7FF_FFFF << sh));  // the bits shifted out
  end
  assign guard = shifted[2];
  assign round_up = guard && (shifted[1] || shifted[0] || sticky_out || sticky_in || shifted[3]);
  // {exponent field, fraction} + the rounding increment: a carry moves a subnormal into the
  // normal range, or the largest normal to Inf, by itself.
  assign packed_mag = {(e <= 11'sd0) ? 8'd0 : e[7:0], shifted[25:3]} + 31'(round_up);
  always_comb begin
    if (side_q.special) begin
      result_d = side_q.special_val;
    end else if (e >= 11'sd255) begin
      result_d = {side_q.sign, 8'hFF, 23'd0};
    end else begin
      result_d = {side_q.sign, packed_mag};
    end
  end
  logic unused_fin;  // the hidden bit is done with
  assign unused_fin = ^{shifted[26], side_valid, dv_valid};

  tsu_pipe_reg #(.Width(32), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(st_valid[QBits]),
    .data_i (result_d),
    .valid_o(valid_o),
    .data_o (result_o)
  );

`ifndef SYNTHESIS
  c_div_subnormal_result: cover property (@(posedge clk_i)
      st_valid[QBits] && !side_q.special && e <= 11'sd0 && e > -11'sd24);
  c_div_overflow: cover property (@(posedge clk_i)
      st_valid[QBits] && !side_q.special && e >= 11'sd255);
  c_div_round_carry: cover property (@(posedge clk_i)
      st_valid[QBits] && !side_q.special && round_up && shifted[25:3] == '1);
  c_div_special: cover property (@(posedge clk_i) st_valid[QBits] && side_q.special);
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni) a_side_aligned: assert (st_valid[QBits] == side_valid);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
