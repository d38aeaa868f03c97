// A fixed delay line of Depth pipeline stages (Depth = 0: a wire). Used to carry sideband
// alongside a block whose latency is a parameter, so that the two stay aligned.
module tsu_delay #(
  parameter int unsigned Width = 1,
  parameter int unsigned Depth = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);
  logic [Depth:0]             valid_d;  // stage i in bit i
  logic [(Depth+1)*Width-1:0] data_d;   // stage i in [i*Width +: Width]
  assign valid_d[0] = valid_i;
  assign data_d[Width-1:0] = data_i;
  for (genvar i = 0; i < Depth; i++) begin : g_stage
    tsu_pipe_reg #(.Width(Width), .Enable(1'b1)) u_reg (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_d[i]),
      .data_i (data_d[i*Width +: Width]),
      .valid_o(valid_d[i+1]),
      .data_o (data_d[(i+1)*Width +: Width])
    );
  end
  if (Depth == 0) begin : g_wire
    logic unused_clk;
    assign unused_clk = clk_i ^ rst_ni;
  end
  assign valid_o = valid_d[Depth];
  assign data_o  = data_d[Depth*Width +: Width];
endmodule
