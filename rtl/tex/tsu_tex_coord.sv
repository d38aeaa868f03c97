// Texel-space coordinate to texel positions (golden functions tsu::NearestIndex and
// tsu::LinearFixed, docs/semantics.md T2), from an f32 coordinate x in texels:
//   nearest = floor(x), saturated to [-2^23, 2^23 - 1] (as floor(x * 256) saturated to int32,
//             shifted right by 8);
//   fixed   = floor(x * 256 + 0.5) - 128 = floor(x * 256 - 127.5), saturated to int32: the lower
//             linear tap is fixed >> 8, the next one +1, and the upper tap's weight fixed & 255.
// Both exact (no rounding): |x| * 256 is formed as a 32.32 fixed-point number by one shift of the
// significand; below 2^-9 only a sticky bit is left. NaN gives 0; +-Inf and values beyond int32
// saturate (each result on its own: the linear position after its - 128).
//
// Latency = RegMid + RegOut, one coordinate per cycle.
module tsu_tex_coord #(
  parameter bit RegMid = 1'b1,
  parameter bit RegOut = 1'b1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               valid_i,
  input  logic        [31:0] x_i,
  output logic               valid_o,
  output logic signed [23:0] nearest_o,
  output logic signed [31:0] fixed_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_coord_latency(RegMid, RegOut);
  /* verilator lint_on UNUSEDPARAM */

  // ---- magnitude as 32.32 fixed point -----------------------------------------------------------
  logic        is_nan, over;
  logic [23:0] sig;
  logic signed [9:0] t;  // exponent of |x| * 256: |x| * 256 = sig * 2^(t - 23)
  logic [63:0] q;        // |x| * 256 in 32.32 when -9 <= t <= 31 (else 0)
  logic        tiny;     // 0 < |x| * 256 < 2^-9: only a sticky bit

  typedef struct packed {
    logic        zero_out;  // NaN
    logic        over;      // |x| * 256 >= 2^32
    logic        sign;
    logic [31:0] int_part;
    logic        frac_nz;   // the fraction is not zero
    logic        half;      // its first bit (1/2)
    logic        below_nz;  // the bits below 1/2 are not zero
  } mid_t;
  mid_t mid_d, mid_q;
  logic mid_valid;

  always_comb begin
    is_nan = x_i[30:23] == 8'hFF && x_i[22:0] != '0;
    sig = {x_i[30:23] != 8'd0, x_i[22:0]};
    t = $signed({2'b00, x_i[30:23] == 8'd0 ? 8'd1 : x_i[30:23]}) - 10'sd119;
    over = t >= 10'sd32;  // |x| * 256 >= 2^32: both results saturate
    q = '0;
    tiny = 1'b0;
    if (t >= -10'sd9 && !over) begin
      q = {40'd0, sig} << 6'(t + 10'sd9);
    end else if (!over) begin
      tiny = sig != '0;
    end
    mid_d.zero_out = is_nan;
    mid_d.over = over;
    mid_d.sign = x_i[31];
    mid_d.int_part = q[63:32];
    mid_d.frac_nz = (q[31:0] != '0) || tiny;
    mid_d.half = q[31];
    mid_d.below_nz = (q[30:0] != '0) || tiny;
  end

  tsu_pipe_reg #(.Width($bits(mid_d)), .Enable(RegMid)) u_mid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (mid_d),
    .valid_o(mid_valid),
    .data_o (mid_q)
  );

  // ---- floors, saturation -------------------------------------------------------------------------
  logic signed [33:0] floor_y, lin;
  logic signed [31:0] fx, lin_sat;
  logic signed [23:0] nearest;

  // Each result is one add of the (possibly inverted) integer part and a small constant, and
  // int32 saturation looks only at the top bits of the 34-bit sum (a value in
  // [-2^33, 2^33) is above int32 when its bits 33..31 are 001, below it when they are not 111
  // with bit 33 set).
  function automatic logic [31:0] sat32(logic [33:0] v);
    if (!v[33] && v[32:31] != 2'b00) begin
      sat32 = 32'h7FFF_FFFF;
    end else if (v[33] && v[32:31] != 2'b11) begin
      sat32 = 32'h8000_0000;
    end else begin
      sat32 = v[31:0];
    end
  endfunction

  always_comb begin
    // y = +-|x| * 256 = +-(int + frac). floor(y): int, or -int - (frac != 0) = ~int + !frac.
    // floor(y + 1/2) - 128: int + half - 128, or -(int + (half && below)) - 128
    // = ~int + 1 - (half && below) - 128.
    if (!mid_q.sign) begin
      floor_y = $signed({2'b00, mid_q.int_part});
      lin = $signed({2'b00, mid_q.int_part}) + (mid_q.half ? -34'sd127 : -34'sd128);
    end else begin
      floor_y = $signed(~{2'b00, mid_q.int_part}) + 34'(!mid_q.frac_nz);
      lin = $signed(~{2'b00, mid_q.int_part}) +
            ((mid_q.half && mid_q.below_nz) ? -34'sd128 : -34'sd127);
    end
    if (mid_q.zero_out) begin
      fx = '0;
      lin_sat = '0;
    end else if (mid_q.over) begin
      fx = mid_q.sign ? 32'sh8000_0000 : 32'sh7FFF_FFFF;
      lin_sat = fx;
    end else begin
      // |y| < 2^32 here; each saturates on its own, as the model does (the linear position
      // after its - 128, so 2^31 <= y < 2^31 + 127.5 is not saturated).
      fx = $signed(sat32(floor_y));
      lin_sat = $signed(sat32(lin));
    end
    nearest = fx[31:8];  // floor(x) = floor(x * 256) >> 8
  end

  tsu_pipe_reg #(.Width(56), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(mid_valid),
    .data_i ({nearest, lin_sat}),
    .valid_o(valid_o),
    .data_o ({nearest_o, fixed_o})
  );

  // fx's low byte (the fraction of x) is not used: nearest is floor(x).
  logic unused_fx;
  assign unused_fx = ^fx[7:0];

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_nan: cover property (@(posedge clk_i) valid_i && is_nan);
  c_huge: cover property (@(posedge clk_i) valid_i && over && !is_nan);
  c_tiny: cover property (@(posedge clk_i) valid_i && tiny);
  c_negative_fraction: cover property (@(posedge clk_i) mid_valid && mid_q.sign &&
                                       mid_q.frac_nz && !mid_q.over && !mid_q.zero_out);
  c_exact_half: cover property (@(posedge clk_i) mid_valid && mid_q.half && !mid_q.below_nz &&
                                !mid_q.over);
  c_linear_saturates_low: cover property (@(posedge clk_i) mid_valid && !mid_q.over &&
                                          !mid_q.zero_out && lin[33] && lin[32:31] != 2'b11);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
