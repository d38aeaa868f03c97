// Leading-zero count of a Width-bit value (Width when it is zero): the normalizing step shared
// by the binary32 units and the int -> f32 conversion. Combinational.
//
// A binary search over the value padded to a power of two: at level l, if the upper 2^l bits of
// what is left are zero, bit l of the count is set and the lower half moves up. Synthesis keeps
// only the bits each level looks at (32 + 16 + ... + 1 muxes for Width 48 or 64: 65 LUT4 for 48
// bits against 93 for a priority chain), and Verilator evaluates it in log2(Width) word steps
// where a per-bit chain took Width dependent branches (tsu_fp_mul's simulation cost halves).
module tsu_lzc #(
  parameter int unsigned Width = 32
) (
  input  logic [Width-1:0]            in_i,
  output logic [$clog2(Width+1)-1:0] count_o
);
  localparam int unsigned CountW = $clog2(Width + 1);
  localparam int unsigned Levels = Width > 1 ? $clog2(Width) : 1;
  localparam int unsigned Padded = 1 << Levels;
  logic [Padded-1:0] rest;
  logic [Levels-1:0] count;
  always_comb begin
    rest = {in_i, {(Padded - Width){1'b0}}};
    for (int l = Levels - 1; l >= 0; l--) begin
      count[l] = (rest >> (Padded - (1 << l))) == '0;
      if (count[l]) rest = rest << (1 << l);
    end
    count_o = in_i == '0 ? CountW'(Width) : CountW'(count);
  end
endmodule
