// Address mode of one axis for a pair of taps (golden function tsu::WrapIndex, docs/semantics.md
// §5 and T3): the texel indices i and i + 1 of an axis of n texels under wrap, clamp, mirror or
// border. Nearest filtering uses the first tap; linear filtering both.
//   wrap   : i mod n (floored);  mirror: period 2n, the second half reflected;
//   clamp  : to [0, n - 1];      border: unchanged, flagged when outside [0, n).
// With unnormalized coordinates wrap and mirror act as clamp.
//
// Both modulos come from one remainder r = i mod 2n: wrap is r or r - n, mirror is r or
// 2n - 1 - r, and the second tap steps r by one (2n - 1 wraps to 0), so there is one divider per
// axis and no second one for i + 1. The remainder is a restoring division of |i| (24 bits: the
// coordinate block saturates texel positions to +-2^23, offsets add at most 8) by 2n, one
// quotient bit per step, with a register after every StepsPerStage steps (2 steps, two 18-bit
// carry chains, fit in 20 ns on an iCE40 HX). Clamp and border only
// compare i, on its full width (integer coordinates reach +-2^31).
//
// Latency = RegIn + (24 / StepsPerStage) + RegRem + RegOut (15 by default), one axis pair per
// cycle.
module tsu_tex_wrap #(
  parameter bit          RegIn = 1'b1,
  parameter int unsigned StepsPerStage = 2,  // divider steps per register; > 24: none
  parameter bit          RegRem = 1'b1,      // after the floored remainders
  parameter bit          RegOut = 1'b1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               valid_i,
  input  logic signed [33:0] i_i,           // first tap's index (before the address mode)
  input  logic        [16:0] n_i,           // texels on the axis, 1..65536
  input  logic        [1:0]  mode_i,        // tsu_pkg::addrmode_e
  input  logic               normalized_i,  // normalized f32 coordinates: wrap and mirror apply
  output logic               valid_o,
  output logic        [15:0] idx0_o,        // 0 when border0_o
  output logic               border0_o,
  output logic        [15:0] idx1_o,        // the tap at i + 1
  output logic               border1_o
);
  localparam int unsigned Steps = 24;
  localparam int unsigned Regs = Steps / StepsPerStage;
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::tex_wrap_latency(RegIn, StepsPerStage, RegRem, RegOut);
  /* verilator lint_on UNUSEDPARAM */

  typedef enum logic [1:0] {Wrap = 2'd0, Clamp = 2'd1, Mirror = 2'd2, Border = 2'd3} mode_e;

  // The divider's state: partial remainder r (< d), |i| shifted left one bit per step (the
  // next bit at the top) and the divisor d = 2n. Everything else travels beside it.
  typedef struct packed {
    logic [16:0] n;
    logic        neg;    // i < 0
    logic [1:0]  mode;   // effective mode (wrap and mirror demoted to clamp when unnormalized)
    logic [15:0] i_lo;   // i's low bits: the in-range index for clamp and border
    logic        lo0, hi0, lo1, hi1;  // i < 0, i >= n, i + 1 < 0, i + 1 >= n
  } side_t;
  localparam int unsigned DivW = 17 + 24 + 18;

  // ---- input: magnitude, divisor, range compares ----------------------------------------------
  side_t side_d, side_in, fin;
  logic [DivW-1:0] div_d, div_in;
  logic  in_valid, side_valid;
  logic [33:0] mag;
  always_comb begin
    mag = i_i[33] ? 34'(-i_i) : 34'(i_i);
    div_d = {17'd0, mag[23:0], n_i, 1'b0};
    side_d.n = n_i;
    side_d.neg = i_i[33];
    side_d.mode = (!normalized_i && (mode_i == Wrap || mode_i == Mirror)) ? Clamp : mode_i;
    side_d.i_lo = i_i[15:0];
    side_d.lo0 = i_i < 0;
    side_d.hi0 = i_i >= $signed({17'd0, n_i});
    side_d.lo1 = i_i < -34'sd1;
    side_d.hi1 = i_i >= $signed({17'd0, n_i}) - 34'sd1;
  end

  tsu_pipe_reg #(.Width(DivW + $bits(side_d)), .Enable(RegIn)) u_in (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({div_d, side_d}),
    .valid_o(in_valid),
    .data_o ({div_in, side_in})
  );

  // ---- restoring division: r = |i| mod 2n ---------------------------------------------------------
  logic [(Steps+1)*DivW-1:0] st /*verilator split_var*/;  // after step k in [k*DivW +: DivW]
  logic [Steps:0]            st_valid;
  assign st[DivW-1:0] = div_in;
  assign st_valid[0] = in_valid;
  for (genvar k = 0; k < Steps; k++) begin : g_step
    // After k steps only k bits of |i| have entered, so r < 2^k: the trial value is k + 1 bits
    // wide and it fits under d only when d's bits above those are zero. One subtraction of
    // that width decides and subtracts (its borrow is the compare).
    localparam int unsigned TW = (k + 1 < 18) ? k + 1 : 18;
    logic [DivW-1:0] cur, nx;
    logic [17:0]     trial;
    logic [TW:0]     diff;
    logic            fits;
    assign cur = st[k*DivW +: DivW];
    assign trial = cur[58:41];  // {r, next bit of |i|}
    assign diff = {1'b0, trial[TW-1:0]} - {1'b0, cur[TW-1:0]};
    if (TW < 18) begin : g_narrow
      assign fits = !diff[TW] && cur[17:TW] == '0;
      logic unused_trial;  // r < 2^k: these bits are zero
      assign unused_trial = ^trial[17:TW];
    end else begin : g_full
      assign fits = !diff[TW];
    end
    assign nx = {fits ? 17'(diff) : trial[16:0], cur[40:18], 1'b0, cur[17:0]};
    tsu_pipe_reg #(
      .Width (DivW),
      .Enable((k + 1) % StepsPerStage == 0)
    ) u_step (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(st_valid[k]),
      .data_i (nx),
      .valid_o(st_valid[k+1]),
      .data_o (st[(k+1)*DivW +: DivW])
    );
  end
  tsu_delay #(.Width($bits(side_d)), .Depth(Regs)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(in_valid),
    .data_i (side_in),
    .valid_o(side_valid),
    .data_o (fin)
  );

  // ---- the floored remainder of both taps ----------------------------------------------------------
  // rem = i mod 2n and rem1 = (i + 1) mod 2n, each one subtraction from r (in parallel):
  // i >= 0: r and r + 1 (2n wraps to 0); i < 0, r != 0: 2n - r and 2n - (r - 1) (r = 1 wraps).
  logic [16:0] fin_r;
  logic [17:0] fin_d, rem_d, rem1_d;
  assign fin_r = st[Steps*DivW + 42 +: 17];
  assign fin_d = st[Steps*DivW +: 18];
  always_comb begin
    if (fin.neg && fin_r != '0) begin
      rem_d = fin_d - {1'b0, fin_r};
      rem1_d = fin_r == 17'd1 ? '0 : fin_d - {1'b0, fin_r - 17'd1};
    end else begin
      rem_d = {1'b0, fin_r};
      rem1_d = {1'b0, fin_r} + 18'd1 == fin_d ? '0 : {1'b0, fin_r} + 18'd1;
    end
  end

  side_t       fs;
  logic [17:0] rem, rem1, fs_d;
  logic        rem_valid;
  tsu_pipe_reg #(.Width($bits(side_d) + 54), .Enable(RegRem)) u_rem (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(st_valid[Steps]),
    .data_i ({fin, fin_d, rem_d, rem1_d}),
    .valid_o(rem_valid),
    .data_o ({fs, fs_d, rem, rem1})
  );

  // ---- the mode ---------------------------------------------------------------------------------------
  logic [17:0] w0, w1;
  logic [15:0] idx0, idx1;
  logic        b0, b1;
  always_comb begin
    w0 = '0;
    w1 = '0;
    b0 = 1'b0;
    b1 = 1'b0;
    unique case (fs.mode)
      Wrap: begin
        w0 = rem >= {1'b0, fs.n} ? rem - {1'b0, fs.n} : rem;
        w1 = rem1 >= {1'b0, fs.n} ? rem1 - {1'b0, fs.n} : rem1;
      end
      Mirror: begin
        w0 = rem >= {1'b0, fs.n} ? fs_d - 18'd1 - rem : rem;
        w1 = rem1 >= {1'b0, fs.n} ? fs_d - 18'd1 - rem1 : rem1;
      end
      Clamp: begin
        w0 = fs.lo0 ? '0 : fs.hi0 ? {1'b0, fs.n} - 18'd1 : {2'b00, fs.i_lo};
        w1 = fs.lo1 ? '0 : fs.hi1 ? {1'b0, fs.n} - 18'd1 : {2'b00, fs.i_lo + 16'd1};
      end
      default: begin  // Border
        b0 = fs.lo0 || fs.hi0;
        b1 = fs.lo1 || fs.hi1;
        w0 = b0 ? '0 : {2'b00, fs.i_lo};
        w1 = b1 ? '0 : {2'b00, fs.i_lo + 16'd1};
      end
    endcase
    idx0 = w0[15:0];  // every result is < n <= 65536
    idx1 = w1[15:0];
  end

  tsu_pipe_reg #(.Width(34), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(rem_valid),
    .data_i ({idx0, b0, idx1, b1}),
    .valid_o(valid_o),
    .data_o ({idx0_o, border0_o, idx1_o, border1_o})
  );

  // The top bits of the results are zero (< n), and a has been shifted out.
  logic unused_fin;
  assign unused_fin = ^{side_valid, w0[17:16], w1[17:16], st[Steps*DivW + 18 +: 24], mag[33:24]};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // The divider's contract: wrap and mirror see |i| < 2^24 (texel positions from tsu_tex_coord).
  always @(posedge clk_i)
    if (rst_ni && valid_i && normalized_i && (mode_i == Wrap || mode_i == Mirror))
      a_wrap_range: assert (i_i < 34'sd16777216 && i_i > -34'sd16777216);
  /* verilator lint_off SYNCASYNCNET */
  c_wrap_negative: cover property (@(posedge clk_i) rem_valid && fs.mode == Wrap && fs.neg &&
                                   fs.i_lo != '0);
  c_wrap_second_tap_wraps: cover property (@(posedge clk_i) rem_valid && fs.mode == Wrap &&
                                           w1 == '0 && w0 != '0);
  c_mirror_reflected: cover property (@(posedge clk_i) rem_valid && fs.mode == Mirror &&
                                      rem >= {1'b0, fs.n});
  c_mirror_period_edge: cover property (@(posedge clk_i) rem_valid && fs.mode == Mirror &&
                                        rem1 == '0);
  c_clamp_low: cover property (@(posedge clk_i) rem_valid && fs.mode == Clamp && fs.lo0);
  c_clamp_high: cover property (@(posedge clk_i) rem_valid && fs.mode == Clamp && fs.hi0);
  c_border_one_tap: cover property (@(posedge clk_i) rem_valid && fs.mode == Border && b0 != b1);
  c_demoted: cover property (@(posedge clk_i) valid_i && !normalized_i &&
                             (mode_i == Wrap || mode_i == Mirror));
  c_single_texel: cover property (@(posedge clk_i) valid_i && n_i == 17'd1);
  c_full_axis: cover property (@(posedge clk_i) valid_i && n_i == 17'd65536);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
