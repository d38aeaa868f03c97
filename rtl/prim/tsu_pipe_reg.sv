// One optional pipeline stage: a valid bit with reset and an unreset payload. With Enable = 0
// it is a wire, so a block's latency is the number of enabled stages (the architect's knob).
module tsu_pipe_reg #(
  parameter int unsigned Width = 1,
  parameter bit Enable = 1'b1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);
  if (Enable) begin : g_reg
    logic             valid_q;
    logic [Width-1:0] data_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
      end else begin
        valid_q <= valid_i;
      end
    end
    // The payload needs no reset: it is only looked at while valid_q is set.
    always_ff @(posedge clk_i) begin
      data_q <= data_i;
    end
    assign valid_o = valid_q;
    assign data_o  = data_q;
  end else begin : g_wire
    logic unused_clk;
    assign unused_clk = clk_i ^ rst_ni;
    assign valid_o = valid_i;
    assign data_o  = data_i;
  end
endmodule
