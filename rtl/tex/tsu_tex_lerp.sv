// The filter's linear interpolation (golden function tsu::Lerp, docs/semantics.md T4):
// lerp(a, b, w) = a + (b - a) * (w / 256), w in 0..256 (a 1.8 weight), three binary32 operations
// with one rounding each and no FMA, on the shared units of rtl/fp. w / 256 is exact in f32.
// Bilinear and trilinear filtering are trees of these.
//
// Latency = 2 * (adder latency) + (multiplier latency): 18 with every register on (FpRegs = 1),
// 0 with none. One lerp per cycle.
module tsu_tex_lerp #(
  parameter bit FpRegs = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [8:0]  w_i,  // weight of b in 1/256, 0..256
  output logic        valid_o,
  output logic [31:0] result_o
);
  localparam int unsigned AddLatency =
      tsu_hw_pkg::fp_add_latency(FpRegs, FpRegs, FpRegs, FpRegs, FpRegs, FpRegs);
  localparam int unsigned MulLatency =
      tsu_hw_pkg::fp_mul_latency(FpRegs, FpRegs, FpRegs, FpRegs, FpRegs, FpRegs);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_lerp_latency(FpRegs);
  /* verilator lint_on UNUSEDPARAM */

  // w / 256 as f32: 0, or 2^(k - 8) * (w / 2^k) with k the position of w's leading one.
  logic [31:0] fw;
  logic [3:0]  k;
  logic [22:0] frac;
  always_comb begin
    k = 4'd0;
    for (int i = 0; i < 9; i++) begin
      if (w_i[i]) k = 4'(i);
    end
    frac = 23'({w_i, 23'd0} >> k);  // w's bits below its leading one, left-aligned
    fw = w_i == '0 ? 32'd0 : {1'b0, 8'(8'd119 + 8'(k)), frac};
  end

  // d = b - a, with a and fw carried alongside.
  logic        d_valid;
  logic [31:0] d, a_d, fw_d;
  tsu_fp_add #(.RegA(FpRegs), .RegAlign(FpRegs), .RegB(FpRegs), .RegLz(FpRegs), .RegC(FpRegs),
               .RegOut(FpRegs)) u_sub (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .a_i     (b_i),
    .b_i     (a_i),
    .sub_i   (1'b1),
    .valid_o (d_valid),
    .result_o(d)
  );
  logic unused_side_valid0, unused_side_valid1;
  tsu_delay #(.Width(64), .Depth(AddLatency)) u_side0 (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({a_i, fw}),
    .valid_o(unused_side_valid0),
    .data_o ({a_d, fw_d})
  );

  // p = d * fw: fw's significand is w / 2^k, at most 9 significant bits (BBits 9).
  logic        p_valid;
  logic [31:0] p, a_dd;
  tsu_fp_mul #(.BBits(9), .RegA(FpRegs), .RegB(FpRegs), .RegLz(FpRegs), .RegC(FpRegs),
               .RegShift(FpRegs), .RegOut(FpRegs)) u_mul (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (d_valid),
    .a_i     (d),
    .b_i     (fw_d),
    .valid_o (p_valid),
    .result_o(p)
  );
  tsu_delay #(.Width(32), .Depth(MulLatency)) u_side1 (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(d_valid),
    .data_i (a_d),
    .valid_o(unused_side_valid1),
    .data_o (a_dd)
  );

  // a + p
  tsu_fp_add #(.RegA(FpRegs), .RegAlign(FpRegs), .RegB(FpRegs), .RegLz(FpRegs), .RegC(FpRegs),
               .RegOut(FpRegs)) u_add (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (p_valid),
    .a_i     (a_dd),
    .b_i     (p),
    .sub_i   (1'b0),
    .valid_o (valid_o),
    .result_o(result_o)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_weight_range: assert (w_i <= 9'd256);
  c_weight_zero: cover property (@(posedge clk_i) valid_i && w_i == '0);
  c_weight_full: cover property (@(posedge clk_i) valid_i && w_i == 9'd256);
  c_equal_ends: cover property (@(posedge clk_i) valid_i && a_i == b_i && w_i != '0);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
