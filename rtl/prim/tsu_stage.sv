// One optional payload register inside a combinational datapath (no valid bit, no reset: the
// caller's valid pipeline says when the payload means something). Used where a block cuts a
// long arithmetic path, e.g. the format converters, so that their latency is a parameter.
module tsu_stage #(
  parameter int unsigned Width = 1,
  parameter bit Enable = 1'b1
) (
  input  logic             clk_i,
  input  logic [Width-1:0] d_i,
  output logic [Width-1:0] q_o
);
  if (Enable) begin : g_reg
    always_ff @(posedge clk_i) begin
      q_o <= d_i;
    end
  end else begin : g_wire
    logic unused_clk;
    assign unused_clk = clk_i;
    assign q_o = d_i;
  end
endmodule
