// A fixed delay line of Depth pipeline stages (Depth = 0: a wire). Used to carry sideband
// alongside a block whose latency is a parameter, so that the two stay aligned.
//
// Interval: the fewest cycles between two inputs (the II of the path it runs beside). Above 1,
// at most ceil(Depth / Interval) inputs are ever inside, so the data waits in that many slots
// and is read when the valid (still a Depth-stage line) comes out: with II 4 on an 8-cycle
// path, 2 data registers instead of 8. An input inside the interval is an error (asserted).
// The slots shift on each input (slot 0 the newest, the oldest of the n inside at slot n - 1):
// only slot 0 loads the input, so on an FPGA its flops share cells with the logic that drives
// them (a ring written by pointer fans the input out to every slot: a cell per flop).
module tsu_delay #(
  parameter int unsigned Width = 1,
  parameter int unsigned Depth = 1,
  parameter int unsigned Interval = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);
  localparam int unsigned Slots = Interval <= 1 ? Depth : (Depth + Interval - 1) / Interval;
  if (Depth == 0 || Slots == Depth) begin : g_line
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
  end else begin : g_slots
    localparam int unsigned CntW = $clog2(Slots + 1);
    localparam int unsigned Look = Interval - 1 < Depth ? Interval - 1 : Depth;  // cycles checked
    logic [Depth-1:0] valid_q;  // stage i in bit i
    logic [Width-1:0] slot_q [Slots];
    logic [CntW-1:0]  n_q;      // inputs inside, 0..Slots
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= '0;
        n_q <= '0;
      end else begin
        valid_q <= {valid_q[Depth-2:0], valid_i};
        n_q <= n_q + CntW'(valid_i) - CntW'(valid_o);
      end
    end
    // The slots need no reset: a slot is read only for an input shifted into it.
    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        slot_q[0] <= data_i;
        for (int k = 1; k < Slots; k++) slot_q[k] <= slot_q[k-1];
      end
    end
    assign valid_o = valid_q[Depth-1];
    localparam int unsigned IdxW = Slots > 1 ? $clog2(Slots) : 1;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [CntW-1:0] oldest;  // n_q - 1: below Slots, so IdxW bits hold it
    /* verilator lint_on UNUSEDSIGNAL */
    assign oldest = n_q == '0 ? '0 : n_q - CntW'(1);
    assign data_o = slot_q[IdxW'(oldest)];
`ifndef SYNTHESIS
    // disable iff reads the async reset synchronously; that is intended.
    /* verilator lint_off SYNCASYNCNET */
    a_interval: assert property (@(posedge clk_i) disable iff (!rst_ni)
        valid_i |-> valid_q[Look-1:0] == '0)
      else $error("tsu_delay: an input inside the interval (%0d)", Interval);
    a_count: assert property (@(posedge clk_i) disable iff (!rst_ni)
        32'(n_q) <= Slots && (!valid_o || n_q != '0));
    /* verilator lint_on SYNCASYNCNET */
`endif
  end
endmodule
