// The sured reduction ALU: new = old OP operand for add/min/max/and/or on 32- and 64-bit,
// signed and unsigned operands (golden function tsu::Reduce). 32-bit types use the low halves
// and return a zero-extended result; add wraps. Latency RegOut (0 or 1), one op per cycle.
module tsu_red_alu #(
  parameter bit RegOut = 1'b1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [2:0]       op_i,      // tsu_pkg::redop_e
  input  logic [3:0]       type_i,    // tsu_pkg::dtype_e: U32, S32, B32, U64 or S64
  input  logic [63:0]      old_i,    // the value in memory
  input  logic [63:0]      operand_i,
  output logic             valid_o,
  output logic [63:0]      result_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegOut);
  /* verilator lint_on UNUSEDPARAM */

  logic        wide, is_signed, a_less;
  logic [63:0] a, b, af, bf, sum, result, flip;

  always_comb begin
    wide = type_i == tsu_pkg::TypeU64 || type_i == tsu_pkg::TypeS64;
    is_signed = type_i == tsu_pkg::TypeS32 || type_i == tsu_pkg::TypeS64;
    a = wide ? old_i : {32'd0, old_i[31:0]};
    b = wide ? operand_i : {32'd0, operand_i[31:0]};
    // One 64-bit comparator for all four orders: a signed compare flips the sign bit of the
    // active width, then compares unsigned (a 32-bit type's upper halves are zero in both).
    flip = !is_signed ? 64'd0 : wide ? 64'h8000_0000_0000_0000 : 64'h0000_0000_8000_0000;
    // (a ^ flip) < (b ^ flip) as two 32-bit compares side by side: half the carry chain of one
    // 64-bit compare, which was the iCE40 critical path of the hx8k unit.
    af = a ^ flip;
    bf = b ^ flip;
    a_less = af[63:32] < bf[63:32] || (af[63:32] == bf[63:32] && af[31:0] < bf[31:0]);
    sum = a + b;
    unique case (op_i)
      tsu_pkg::RedAdd: result = wide ? sum : {32'd0, sum[31:0]};
      tsu_pkg::RedMin: result = a_less ? a : b;
      tsu_pkg::RedMax: result = a_less ? b : a;
      tsu_pkg::RedAnd: result = a & b;
      default: result = a | b;  // RedOr
    endcase
  end

  tsu_pipe_reg #(.Width(64), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (result),
    .valid_o(valid_o),
    .data_o (result_o)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_legal_in: assert (32'(op_i) <= 32'(tsu_pkg::RedOr) &&
                        (type_i == tsu_pkg::TypeU32 || type_i == tsu_pkg::TypeS32 ||
                        type_i == tsu_pkg::TypeB32 || type_i == tsu_pkg::TypeU64 ||
                        type_i == tsu_pkg::TypeS64));
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_known_out: assert (!$isunknown(result_o));
  c_add32_wrap: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedAdd && !wide &&
                                sum[32]);
  c_add64_wrap: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedAdd && wide &&
                                a[63] && b[63]);
  // min/max where signed and unsigned order disagree (exactly one operand negative).
  c_min_s32_mixed: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedMin &&
                                   type_i == tsu_pkg::TypeS32 && (a[31] ^ b[31]));
  c_max_s64_mixed: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedMax &&
                                   type_i == tsu_pkg::TypeS64 && (a[63] ^ b[63]));
  c_min_u64: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedMin &&
                             type_i == tsu_pkg::TypeU64 && (a[63] ^ b[63]));
  c_max_u32: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedMax &&
                             type_i == tsu_pkg::TypeU32 && (a[31] ^ b[31]));
  c_and: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedAnd);
  c_or: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedOr);
  c_equal_operands: cover property (@(posedge clk_i) valid_i && op_i == tsu_pkg::RedMin &&
                                    a == b);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
