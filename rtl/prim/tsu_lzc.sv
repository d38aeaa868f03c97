// Leading-zero count of a Width-bit value (Width when it is zero): the normalizing step shared
// by the binary32 units and the int -> f32 conversion. Combinational.
module tsu_lzc #(
  parameter int unsigned Width = 32
) (
  input  logic [Width-1:0]            in_i,
  output logic [$clog2(Width+1)-1:0] count_o
);
  localparam int unsigned CountW = $clog2(Width + 1);
  logic found;
  always_comb begin
    count_o = CountW'(Width);
    found = 1'b0;
    for (int i = Width - 1; i >= 0; i--) begin
      if (in_i[i] && !found) begin
        count_o = CountW'(Width - 1 - i);
        found = 1'b1;
      end
    end
  end
endmodule
