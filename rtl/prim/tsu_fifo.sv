// A synchronous FIFO of Depth entries, first-word fall-through: data_o is the head while
// !empty_o. Push when full or pop when empty is a caller bug (asserted).
//
// Two storages, one behaviour (same flags, same cycle timing):
//   Ram = 0: an unpacked array read by index, so synthesis sees a memory with an asynchronous
//            read: distributed RAM (LUTRAM) on xc7, a Depth:1 mux per bit on iCE40. A flat
//            vector read with a variable part-select (the earlier form) made yosys build a
//            Depth*Width-wide barrel shifter per FIFO, about 12x the area (fpga/README.md).
//   Ram = 1: the same array read through a register every cycle at the address the head will
//            have next cycle, so yosys maps it to block RAM (iCE40 EBR, xc7 BRAM/LUTRAM). A
//            block RAM returns the old word when a slot is written and read on one edge, so an
//            entry pushed into the slot being read is bypassed from a register beside the RAM:
//            Width flops and a 2:1 mux instead of Depth*Width flops and a Depth:1 mux.
//            With Bypass = 0 there is no bypass: an entry that is the head as it is pushed (into
//            an empty queue, or as the last entry pops: the only cases where the slot being read
//            is the one written) shows one cycle later, when the RAM has it. Other timing is the
//            same; it saves the Width flops and the Width-bit mux (on an iCE40 each bypass flop
//            takes a logic cell of its own: its D fans out).
module tsu_fifo #(
  parameter int unsigned Width = 8,
  parameter int unsigned Depth = 4,
  parameter bit Ram = 1'b0,
  parameter bit Bypass = 1'b1,  // Ram only: 0 = no bypass register, one cycle later when empty
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
  logic [PtrW-1:0]  rd_q, wr_q, rd_next;
  logic [CntW-1:0]  cnt_q;

  function automatic logic [PtrW-1:0] next_ptr(logic [PtrW-1:0] ptr);
    next_ptr = (32'(ptr) == Depth - 1) ? '0 : ptr + 1'b1;
  endfunction
  assign rd_next = pop_i ? next_ptr(rd_q) : rd_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q <= '0;
      wr_q <= '0;
      cnt_q <= '0;
    end else begin
      if (push_i) wr_q <= next_ptr(wr_q);
      rd_q <= rd_next;
      cnt_q <= cnt_q + CntW'(push_i) - CntW'(pop_i);
    end
  end
  // The payload needs no reset: an entry is only read after it was written.
  if (Ram) begin : g_ram
    // Block RAM by request: yosys's cost model keeps a shallow, wide queue in flip-flops (a
    // 4 x 177-bit queue would cost 12 EBRs), which is what Ram = 1 asks it not to do.
    (* ram_style = "block", no_rw_check *) logic [Width-1:0] mem_q [Depth];
    logic [Width-1:0] rdata_q;
    always_ff @(posedge clk_i) begin
      if (push_i) mem_q[wr_q] <= data_i;
    end
    always_ff @(posedge clk_i) begin
      rdata_q <= mem_q[rd_next];
    end
    if (Bypass) begin : g_bypass
      logic [Width-1:0] byp_data_q;
      logic             byp_q;
      always_ff @(posedge clk_i) begin
        byp_data_q <= data_i;
      end
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) byp_q <= 1'b0;
        else byp_q <= push_i && wr_q == rd_next;
      end
      assign data_o = byp_q ? byp_data_q : rdata_q;
      assign empty_o = cnt_q == '0;
    end else begin : g_late
      // The head is the entry pushed on the last edge only when it is the only one; the RAM
      // read on that edge returned the slot's old word, so it is not shown until the next.
      logic fresh_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) fresh_q <= 1'b0;
        else fresh_q <= push_i;
      end
      assign data_o = rdata_q;
      assign empty_o = cnt_q == '0 || (cnt_q == CntW'(1) && fresh_q);
    end
  end else begin : g_flops
    logic [Width-1:0] mem_q [Depth];
    always_ff @(posedge clk_i) begin
      if (push_i) mem_q[wr_q] <= data_i;
    end
    assign data_o = mem_q[rd_q];
    assign empty_o = cnt_q == '0;
  end
  assign full_o = 32'(cnt_q) == Depth;
  assign count_o = cnt_q;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && push_i)
    a_no_overflow: assert (!full_o || pop_i);
  always @(posedge clk_i) if (rst_ni && pop_i)
    a_no_underflow: assert (!empty_o);
  always @(posedge clk_i) if (rst_ni)
    a_ptr_in_range: assert (32'(rd_q) < Depth && 32'(wr_q) < Depth);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
