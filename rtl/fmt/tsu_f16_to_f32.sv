// f16 -> f32, exact (golden function tsu::F16ToF32). Subnormals are normalised; NaNs are
// quieted. Combinational.
module tsu_f16_to_f32 (
  input  logic [15:0] f16_i,
  output logic [31:0] f32_o
);
  logic        sign;
  logic [4:0]  exp;
  logic [9:0]  man;
  logic [3:0]  lz;
  logic [10:0] norm;

  always_comb begin
    sign = f16_i[15];
    exp = f16_i[14:10];
    man = f16_i[9:0];
    lz = 4'd0;
    for (int i = 0; i < 10; i++) begin  // leading zeros of the subnormal mantissa
      if (man[i]) lz = 4'(9 - i);
    end
    norm = {1'b0, man} << (lz + 4'd1);
    if (exp == 5'h1f) begin
      f32_o = {sign, 8'hff, man[9] | (|man), man[8:0], 13'd0};  // NaNs are quieted
    end else if (exp == 5'd0) begin
      f32_o = (man == 10'd0) ? {sign, 31'd0}
                             : {sign, 8'(8'd112 - {4'd0, lz}), norm[9:0], 13'd0};
    end else begin
      f32_o = {sign, 8'({3'd0, exp} + 8'd112), man, 13'd0};
    end
  end

  logic unused_bits;  // the normalised hidden bit
  assign unused_bits = norm[10];
endmodule
