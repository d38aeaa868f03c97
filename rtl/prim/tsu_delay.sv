// A fixed delay line of Depth pipeline stages (Depth = 0: a wire). Used to carry sideband
// alongside a block whose latency is a parameter, so that the two stay aligned.
//
// Interval: the fewest cycles between two inputs (the II of the path it runs beside). Above 1,
// at most ceil(Depth / Interval) inputs are ever inside, so the data waits in that many slots,
// written in turn and read in turn when the valid (still a Depth-stage line) comes out: with
// II 4 on an 8-cycle path, 2 data registers instead of 8. An input inside the interval is an
// error (asserted).
//
// Ram: with Interval 1 and Depth >= 3, the data waits in a ring of Depth entries written one a
// cycle and read through a register (block or LUT RAM, a valid bit per stage beside it) instead
// of Depth registers of Width bits: the same timing; for wide sideband on long paths (on an
// iCE40 it takes EBR, so it is a knob).
module tsu_delay #(
  parameter int unsigned Width = 1,
  parameter int unsigned Depth = 1,
  parameter int unsigned Interval = 1,
  parameter bit          Ram = 1'b0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);
  localparam int unsigned Slots = Interval <= 1 ? Depth : (Depth + Interval - 1) / Interval;
  if (Ram && Interval <= 1 && Depth >= 3) begin : g_ram
    localparam int unsigned PtrW = $clog2(Depth);
    logic [Depth-1:0] valid_q;  // stage i in bit i
    logic [PtrW-1:0]  wr_q, rd_addr;
    logic [Width-1:0] ring_q [Depth];
    logic [Width-1:0] rd_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= '0;
        wr_q <= '0;
      end else begin
        valid_q <= {valid_q[Depth-2:0], valid_i};
        wr_q <= wr_q == PtrW'(Depth - 1) ? '0 : wr_q + PtrW'(1);
      end
    end
    // Entry wr_q takes this cycle's input; the next entry, written Depth - 1 cycles ago, is read
    // into rd_q, so an input comes out Depth cycles after it went in. No reset: an entry is
    // looked at only for a valid input.
    assign rd_addr = wr_q == PtrW'(Depth - 1) ? '0 : wr_q + PtrW'(1);
    always_ff @(posedge clk_i) begin
      ring_q[wr_q] <= data_i;
      rd_q <= ring_q[rd_addr];
    end
    assign valid_o = valid_q[Depth-1];
    assign data_o  = rd_q;
  end else if (Depth == 0 || Slots == Depth) begin : g_line
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
    localparam int unsigned PtrW = Slots > 1 ? $clog2(Slots) : 1;
    localparam int unsigned Look = Interval - 1 < Depth ? Interval - 1 : Depth;  // cycles checked
    logic [Depth-1:0] valid_q;  // stage i in bit i
    logic [Width-1:0] slot_q [Slots];
    logic [PtrW-1:0]  wr_q, rd_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= '0;
        wr_q <= '0;
        rd_q <= '0;
      end else begin
        valid_q <= {valid_q[Depth-2:0], valid_i};
        if (valid_i) wr_q <= wr_q == PtrW'(Slots - 1) ? '0 : wr_q + PtrW'(1);
        if (valid_o) rd_q <= rd_q == PtrW'(Slots - 1) ? '0 : rd_q + PtrW'(1);
      end
    end
    // The slots need no reset: a slot is read only for the input written into it.
    always_ff @(posedge clk_i) begin
      if (valid_i) slot_q[wr_q] <= data_i;
    end
    assign valid_o = valid_q[Depth-1];
    assign data_o  = slot_q[rd_q];
`ifndef SYNTHESIS
    // The assertions read the async reset synchronously; that is intended.
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && valid_i)
      a_interval: assert (valid_q[Look-1:0] == '0)
      else $error("tsu_delay: an input inside the interval (%0d)", Interval);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end
endmodule
