// Level of detail and level selection (golden functions tsu::F32ToLod, tsu::BiasAndClampLod and
// tsu::SelectLevels, docs/semantics.md T5, T6), all in signed 8.8 fixed point:
//   lambda = 0 for plain tex and .base (no bias or clamp); for .level, floor(lod * 256 + 0.5) of
//            the f32 operand (NaN -> 0, saturated to +-0x7FFF), for .grad the gradient block's
//            lambda (part II); then + bias, clamped to [min, max], saturated;
//   levels = the mag filter at lambda <= 0; else nearest: (lambda + 127) >> 8, linear: the two
//            levels around min(lambda, 256 * last) and the blend weight of the second (none for
//            integer-valued results, blend_i = 0), each clamped to the last level.
// The sampler's bias, min and max arrive in 8.8 (a hardware sampler descriptor holds them so).
//
// Four parts, each optionally followed by a register: (A) the .level operand's significand
// shifted into 16.32 fixed point (RegA); (L) rounded to 8.8 and saturated, the mode's lambda
// chosen (RegL); (B) bias, clamp, saturate (RegB); (C) level selection (RegOut).
// Latency = RegA + RegL + RegB + RegOut, one request per cycle.
module tsu_tex_lod #(
  parameter bit RegA = 1'b1,
  parameter bit RegL = 1'b1,
  parameter bit RegB = 1'b1,
  parameter bit RegOut = 1'b1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               valid_i,
  input  logic [1:0]         mode_i,         // tsu_pkg::texmode_e
  input  logic [31:0]        lod_i,          // .level: the f32 operand
  input  logic signed [15:0] grad_lambda_i,  // .grad: lambda from the gradients (8.8)
  input  logic signed [15:0] bias_i,
  input  logic signed [15:0] min_lod_i,
  input  logic signed [15:0] max_lod_i,
  input  logic [1:0]         mip_i,          // tsu_pkg::mipfilter_e
  input  logic [5:0]         levels_i,       // 1..33
  input  logic               blend_i,        // float results: a linear mip filter blends
  output logic               valid_o,
  output logic               minify_o,
  output logic [5:0]         level_o,
  output logic [5:0]         next_o,
  output logic [7:0]         frac_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::tex_lod_latency(RegA, RegL, RegB, RegOut);
  /* verilator lint_on UNUSEDPARAM */
  localparam logic signed [17:0] Sat = 18'sd32767;  // tsu::kLodSat

  // ---- (A) the .level operand in fixed point ------------------------------------------------------
  logic        is_nan;
  logic [23:0] sig;
  logic signed [9:0] t;  // lod * 256 = sig * 2^(t - 23)
  logic [47:0] q;        // |lod| * 256 in 16.32 when -9 <= t <= 15

  typedef struct packed {
    logic [1:0]         mode;
    logic               is_nan;
    logic               over;      // |lod * 256| >= 2^16: saturated
    logic               sign;
    logic [15:0]        int_part;
    logic               half;      // the fraction's 1/2 bit
    logic               below_nz;  // bits below it
    logic signed [15:0] grad_lambda, bias, min_lod, max_lod;
    logic [1:0]         mip;
    logic [5:0]         levels;
    logic               blend;
  } a_t;
  a_t a_d, a_q;
  logic a_valid;

  always_comb begin
    is_nan = lod_i[30:23] == 8'hFF && lod_i[22:0] != '0;
    sig = {lod_i[30:23] != 8'd0, lod_i[22:0]};
    t = $signed({2'b00, lod_i[30:23] == 8'd0 ? 8'd1 : lod_i[30:23]}) - 10'sd119;
    a_d.over = t >= 10'sd16;
    q = '0;
    if (t >= -10'sd9 && !a_d.over) q = {24'd0, sig} << 6'(t + 10'sd9);
    a_d.mode = mode_i;
    a_d.is_nan = is_nan;
    a_d.sign = lod_i[31];
    a_d.int_part = q[47:32];
    a_d.half = q[31];
    a_d.below_nz = q[30:0] != '0 || (t < -10'sd9 && sig != '0);
    a_d.grad_lambda = grad_lambda_i;
    a_d.bias = bias_i;
    a_d.min_lod = min_lod_i;
    a_d.max_lod = max_lod_i;
    a_d.mip = mip_i;
    a_d.levels = levels_i;
    a_d.blend = blend_i;
  end

  tsu_pipe_reg #(.Width($bits(a_d)), .Enable(RegA)) u_a (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (a_d),
    .valid_o(a_valid),
    .data_o (a_q)
  );

  // ---- (L) floor(lod * 256 + 1/2), saturated; the mode's lambda --------------------------------------
  logic signed [17:0] level_lod;

  // The clamp is prepared from the sampler state alone, beside the lod: min and max saturated
  // (so the clamped value needs no saturation of its own: it is min, max or a value between),
  // and the bounds lambda itself is compared with (lambda + bias < min iff lambda < min - bias).
  logic signed [17:0] min_s, max_s;

  typedef struct packed {
    logic               use_lambda;  // .level or .grad: bias and clamp apply
    logic signed [17:0] lambda;
    logic signed [15:0] bias;
    logic signed [17:0] min_s, max_s;  // saturated to +-0x7FFF
    logic signed [17:0] lo, hi;        // min_s - bias, max_s - bias
    logic               min_over_max;  // min_s > max_s: the clamp gives max_s
    logic [1:0]         mip;
    logic [5:0]         levels;
    logic               blend;
  } l_t;
  l_t l_d, l_q;
  logic l_valid;

  always_comb begin
    if (a_q.is_nan) begin
      level_lod = '0;
    end else if (a_q.over) begin
      level_lod = a_q.sign ? -Sat : Sat;
    end else begin
      // +: int + half; -: -(int + (half && below)) = ~int + 1 - (half && below).
      level_lod = a_q.sign ? $signed(~{2'b00, a_q.int_part}) + 18'(!(a_q.half && a_q.below_nz))
                           : $signed({2'b00, a_q.int_part}) + 18'(a_q.half);
      level_lod = level_lod > Sat ? Sat : level_lod < -Sat ? -Sat : level_lod;
    end
    min_s = 18'(a_q.min_lod) < -Sat ? -Sat : 18'(a_q.min_lod);
    max_s = 18'(a_q.max_lod) < -Sat ? -Sat : 18'(a_q.max_lod);
    l_d.use_lambda = a_q.mode == tsu_pkg::TexModeLevel || a_q.mode == tsu_pkg::TexModeGrad;
    l_d.lambda = a_q.mode == tsu_pkg::TexModeLevel ? level_lod
               : a_q.mode == tsu_pkg::TexModeGrad  ? 18'(a_q.grad_lambda) : '0;
    l_d.bias = a_q.bias;
    l_d.min_s = min_s;
    l_d.max_s = max_s;
    l_d.lo = min_s - 18'(a_q.bias);
    l_d.hi = max_s - 18'(a_q.bias);
    l_d.min_over_max = min_s > max_s;
    l_d.mip = a_q.mip;
    l_d.levels = a_q.levels;
    l_d.blend = a_q.blend;
  end

  tsu_pipe_reg #(.Width($bits(l_d)), .Enable(RegL)) u_l (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid),
    .data_i (l_d),
    .valid_o(l_valid),
    .data_o (l_q)
  );

  // ---- (B) bias, clamp, saturate --------------------------------------------------------------------
  logic signed [17:0] biased, clamped;

  typedef struct packed {
    logic signed [17:0] lambda;
    logic [1:0]         mip;
    logic [5:0]         levels;
    logic               blend;
  } b_t;
  b_t b_d, b_q;
  logic b_valid;

  always_comb begin
    biased = l_q.lambda + 18'(l_q.bias);
    if (l_q.lambda < l_q.lo) begin
      clamped = l_q.min_over_max ? l_q.max_s : l_q.min_s;
    end else if (l_q.lambda > l_q.hi) begin
      clamped = l_q.max_s;
    end else begin
      clamped = biased;
    end
    b_d.lambda = l_q.use_lambda ? clamped : '0;
    b_d.mip = l_q.mip;
    b_d.levels = l_q.levels;
    b_d.blend = l_q.blend;
  end

  tsu_pipe_reg #(.Width($bits(b_d)), .Enable(RegB)) u_b (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(l_valid),
    .data_i (b_d),
    .valid_o(b_valid),
    .data_o (b_q)
  );

  // ---- (C) select levels ------------------------------------------------------------------------------
  logic        minify;
  logic [5:0]  last, level, next;
  logic [7:0]  frac;
  logic [16:0] up, d;  // lambda > 0 here: unsigned

  always_comb begin
    minify = b_q.lambda > 18'sd0;
    last = b_q.levels - 6'd1;
    level = '0;
    next = '0;
    frac = '0;
    up = 17'(b_q.lambda) + 17'd127;
    d = 17'(b_q.lambda) < {3'd0, last, 8'd0} ? 17'(b_q.lambda) : {3'd0, last, 8'd0};
    if (minify && b_q.mip == tsu_pkg::MipNearest) begin
      level = up[16:8] > 9'(last) ? last : up[13:8];
    end else if (minify && b_q.mip == tsu_pkg::MipLinear) begin
      level = d[13:8];
      frac = b_q.blend ? d[7:0] : 8'd0;
      next = level < last ? level + 6'd1 : last;
    end
  end

  tsu_pipe_reg #(.Width(21), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(b_valid),
    .data_i ({minify, level, next, frac}),
    .valid_o(valid_o),
    .data_o ({minify_o, level_o, next_o, frac_o})
  );

  logic unused_d;
  assign unused_d = ^{d[16:14], up[7:0]};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_levels: assert (levels_i != '0 && levels_i <= 6'd33);
  c_nan_lod: cover property (@(posedge clk_i) valid_i && mode_i == tsu_pkg::TexModeLevel &&
                             is_nan);
  c_saturated_lod: cover property (@(posedge clk_i) valid_i && mode_i == tsu_pkg::TexModeLevel &&
                                   a_d.over && !is_nan);
  c_clamped_min: cover property (@(posedge clk_i) l_valid && l_q.use_lambda &&
                                 l_q.lambda < l_q.lo && !l_q.min_over_max);
  c_clamped_max: cover property (@(posedge clk_i) l_valid && l_q.use_lambda &&
                                 l_q.lambda > l_q.hi && !l_q.min_over_max);
  c_min_over_max: cover property (@(posedge clk_i) l_valid && l_q.use_lambda &&
                                  l_q.min_over_max);
  c_magnify: cover property (@(posedge clk_i) b_valid && !minify && b_q.mip != tsu_pkg::MipNone);
  c_last_level: cover property (@(posedge clk_i) b_valid && minify && level == last &&
                                b_q.mip != tsu_pkg::MipNone && last != '0);
  c_blend: cover property (@(posedge clk_i) b_valid && minify && frac != '0);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
