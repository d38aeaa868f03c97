// A synchronous FIFO of Depth entries, first-word fall-through: data_o is the head while
// !empty_o. Push when full or pop when empty is a caller bug (asserted).
//
// The entries are an unpacked array written per entry and read by index, so synthesis sees a
// memory: distributed RAM (LUTRAM) on xc7, a Depth:1 mux per bit on iCE40. A flat vector read
// with a variable part-select (the earlier form) made yosys build a Depth*Width-wide barrel
// shifter per FIFO, about 12x the area (docs: fpga/README.md, "Area budget").
module tsu_fifo #(
  parameter int unsigned Width = 8,
  parameter int unsigned Depth = 4,
  localparam int unsigned CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,
  output logic [Width-1:0] data_o,
  output logic             empty_o,
  output logic             full_o,
  output logic [CntW-1:0]  count_o
);
  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  rd_q, wr_q;
  logic [CntW-1:0]  cnt_q;

  function automatic logic [PtrW-1:0] next_ptr(logic [PtrW-1:0] ptr);
    next_ptr = (32'(ptr) == Depth - 1) ? '0 : ptr + 1'b1;
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q <= '0;
      wr_q <= '0;
      cnt_q <= '0;
    end else begin
      if (push_i) wr_q <= next_ptr(wr_q);
      if (pop_i) rd_q <= next_ptr(rd_q);
      cnt_q <= cnt_q + CntW'(push_i) - CntW'(pop_i);
    end
  end
  // The payload needs no reset: an entry is only read after it was written.
  always_ff @(posedge clk_i) begin
    if (push_i) mem_q[wr_q] <= data_i;
  end
  assign data_o = mem_q[rd_q];
  assign empty_o = cnt_q == '0;
  assign full_o = 32'(cnt_q) == Depth;
  assign count_o = cnt_q;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  a_no_overflow: assert property (@(posedge clk_i) disable iff (!rst_ni)
      push_i |-> (!full_o || pop_i));
  a_no_underflow: assert property (@(posedge clk_i) disable iff (!rst_ni) pop_i |-> !empty_o);
  a_ptr_in_range: assert property (@(posedge clk_i) disable iff (!rst_ni)
      32'(rd_q) < Depth && 32'(wr_q) < Depth);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
