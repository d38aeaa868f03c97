// tsu_tex_rho: the level of detail of a .grad request from its squared scale factor,
// lambda = log2(sqrt(rho2)) in signed 8.8 (docs/semantics.md T5). Golden model:
// tsu::LodFromRho2.
//
// For rho2 = 2^e * 1.m, lambda = floor((256 e + T[m >> 15]) / 2), T the 256-entry table
// round(256 log2(1 + (k + 1/2) / 256)) (tsu_pkg::log2_table, generated from the model): a ROM,
// an add and a shift, no log unit. Zero, subnormal and negative rho2 give -0x7FFF (magnify as
// far as 8.8 goes); +Inf and NaN give +0x7FFF; -Inf gives -0x7FFF. For every other input the
// result lies in [-16128, 16384], so the model's saturation never applies there. The output
// feeds tsu_tex_lod's grad_lambda_i (bias and clamp happen there).
module tsu_tex_rho #(
  parameter bit RegOut = 1'b1  // register the result (Latency 1), else combinational (0)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] rho2_i,    // binary32
  output logic        valid_o,
  output logic [15:0] lambda_o   // signed 8.8
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegOut);
  /* verilator lint_on UNUSEDPARAM */
  localparam logic [15:0] SatHi = 16'h7FFF;   // +kLodSat
  localparam logic [15:0] SatLo = 16'h8001;   // -kLodSat

  logic        sign, nan, inf_or_nan, zero_or_sub;
  logic [7:0]  exp;
  logic [16:0] l2;  // 256 e + T, two's complement: -32255 .. 32768
  logic [15:0] lambda;
  always_comb begin
    sign = rho2_i[31];
    exp = rho2_i[30:23];
    inf_or_nan = exp == 8'hFF;
    nan = inf_or_nan && rho2_i[22:0] != '0;
    zero_or_sub = exp == 8'h00;
    l2 = {1'b0, exp, 8'd0} - 17'(127 * 256) + 17'(tsu_pkg::log2_table(rho2_i[22:15]));
    lambda = l2[16:1];  // floor(l2 / 2): an arithmetic shift
    if (nan) lambda = SatHi;
    else if (inf_or_nan) lambda = sign ? SatLo : SatHi;
    else if (sign || zero_or_sub) lambda = SatLo;
  end

  if (RegOut) begin : g_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_o <= 1'b0;
      else valid_o <= valid_i;
    end
    always_ff @(posedge clk_i) lambda_o <= lambda;
  end else begin : g_comb
    assign valid_o = valid_i;
    assign lambda_o = lambda;
    logic unused_clk;
    assign unused_clk = ^{clk_i, rst_ni};
  end

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_nan: cover property (@(posedge clk_i) valid_i && nan);
  c_pos_inf: cover property (@(posedge clk_i) valid_i && inf_or_nan && !nan && !sign);
  c_neg_inf: cover property (@(posedge clk_i) valid_i && inf_or_nan && !nan && sign);
  c_zero_or_subnormal: cover property (@(posedge clk_i) valid_i && zero_or_sub && !sign);
  c_negative: cover property (@(posedge clk_i) valid_i && sign && !inf_or_nan && !zero_or_sub);
  c_minify: cover property (@(posedge clk_i) valid_i && !sign && !inf_or_nan && !zero_or_sub &&
                            !l2[16] && l2 != '0);
  c_magnify: cover property (@(posedge clk_i) valid_i && !sign && !zero_or_sub && l2[16]);
  c_odd_l2: cover property (@(posedge clk_i) valid_i && !sign && !inf_or_nan && !zero_or_sub &&
                            l2[16] && l2[0]);  // floor, not truncation, of a negative half
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
