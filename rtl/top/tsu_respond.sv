// tsu_respond: the response port. Completed responses wait in a Depth-entry FIFO holding 128
// bytes; the bytes are spread into four zero-extended 64-bit elements after the FIFO, which is
// wiring and a byte mux instead of 256 stored bits.
//   Depth 2: completion never waits on the consumer's ready in the same cycle.
//   Depth 1: one register whose ready passes through (full_o falls with rsp_ready_i in the same
//            cycle), still one response per cycle while the consumer takes them; half the flops
//            and no read mux (on an iCE40 each of these flops takes a logic cell of its own).
module tsu_respond #(
  parameter int unsigned TagW = 8,
  parameter int unsigned Depth = 2  // 1 or 2
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              push_i,
  output logic              full_o,
  input  logic [TagW-1:0]   tag_i,
  input  tsu_hw_pkg::rsp_t  rsp_i,
  output logic              rsp_valid_o,
  input  logic              rsp_ready_i,
  output logic [TagW-1:0]   rsp_tag_o,
  output logic [255:0]      rsp_data_o,    // element i in [64i +: 64]
  output logic [2:0]        rsp_count_o,
  output logic [2:0]        rsp_trap_o,
  output logic [3:0]        rsp_oob_o,
  output logic              rsp_misaligned_o,
  output logic              rsp_clamped_o,
  output logic              rsp_suppressed_o
);
  // An entry: {tag, response} (flat: a package struct cannot nest in a struct whose widths are
  // parameters, in yosys 0.23).
  localparam int unsigned EntryW = TagW + $bits(rsp_i);
  logic [EntryW-1:0] in, head;
  logic [TagW-1:0]   h_tag;
  tsu_hw_pkg::rsp_t  h_rsp;
  logic              empty, full;
  logic [$clog2(Depth+1)-1:0] count;
  assign in = {tag_i, rsp_i};
  assign {h_tag, h_rsp} = head;
  tsu_fifo #(.Width(EntryW), .Depth(Depth)) u_rsp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (push_i),
    .data_i (in),
    .pop_i  (rsp_valid_o && rsp_ready_i),
    .data_o (head),
    .empty_o(empty),
    .full_o (full),
    .count_o(count)
  );
  // A full 1-entry queue takes a push in the cycle its entry leaves (tsu_fifo allows it).
  assign full_o = (Depth == 1) ? full && !rsp_ready_i : full;
  assign rsp_valid_o = !empty;
  assign rsp_tag_o = h_tag;
  // Element i of (1 << type_log2) bytes, zero-extended to 64 bits.
  assign rsp_data_o = tsu_hw_pkg::spread_elems(h_rsp.data, h_rsp.type_log2, h_rsp.vec_log2);
  assign rsp_count_o = h_rsp.count;
  assign rsp_trap_o = h_rsp.trap;
  assign rsp_oob_o = h_rsp.oob;
  assign rsp_misaligned_o = h_rsp.misaligned;
  assign rsp_clamped_o = h_rsp.clamped;
  assign rsp_suppressed_o = h_rsp.suppressed;

  logic unused;
  assign unused = ^count;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  initial assert (Depth == 1 || Depth == 2) else $fatal(1, "tsu_respond: Depth 1 or 2");
  // Valid/ready: what the unit drives is held, unchanged, until taken.
  a_rsp_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rsp_valid_o && !rsp_ready_i |=> rsp_valid_o && $stable(head));
  always @(posedge clk_i) if (rst_ni && rsp_valid_o)
    a_rsp_known: assert (!$isunknown(head));
  c_backpressure_rsp: cover property (@(posedge clk_i) rsp_valid_o && !rsp_ready_i);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
