// tsu_complete: in-order completion. Operations wait in the completion queue in program order;
// the head completes when its read data (if any) is there and the response queue has room: a
// load returns the accessed bytes, a suq its value, a sured reads, reduces (tsu_red_alu:
// tsu::Reduce) and pushes its write to the memory request FIFO. The reduction history holds the
// last MaxReads sured results (line, mask, bytes): the results of earlier sureds that were
// unwritten when this sured's read left are merged over the read data, oldest first
// (forwarding, docs/semantics.md H5-H6).
module tsu_complete #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned TagW = 8,
  parameter int unsigned MaxReads = 8,
  parameter bit QueueRam = 1'b0,     // the completion and read-data queues in block RAM
  parameter bit QueueBypass = 1'b1,  // QueueRam: 0 drops their bypass registers (tsu_fifo)
  // A sured's old value (with the ALU's other inputs) and its result in registers: the head
  // sured completes in its third cycle with data (else its first), and the path read data ->
  // forwarding -> ALU -> memory request is cut in three.
  parameter bit RegRed = 1'b0,
  localparam int unsigned Depth = MaxReads + 2,
  localparam int unsigned PW = $clog2(MaxReads + 1),
  localparam int unsigned LineW = AddrW - 4
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // From issue.
  input  logic                  cq_push_i,
  output logic                  cq_full_o,
  input  logic [TagW-1:0]       cq_tag_i,
  input  logic [AddrW-1:0]      cq_addr_i,
  input  tsu_hw_pkg::cop_t      cq_op_i,
  input  logic                  cq_needs_read_i,
  input  logic [PW-1:0]         cq_fwd_i,
  input  logic [PW-1:0]         reads_i,    // reads issued and not consumed (assertions only)
  // Memory read data (in request order).
  input  logic                  mem_rsp_valid_i,
  output logic                  mem_rsp_ready_o,
  input  logic [127:0]          mem_rsp_rdata_i,
  // A sured's write, to the memory request FIFO (which has priority for it), and reads consumed.
  input  logic                  mq_full_i,
  output logic                  rmw_push_o,
  output logic [LineW-1:0]      rmw_line_o,
  output logic [3:0]            rmw_off_o,    // the result's offset in the line
  output logic                  rmw_wide_o,   // 8 bytes (else 4)
  output logic [63:0]           rmw_data_o,   // the result (tsu_issue places it in the line)
  output logic                  rd_pop_o,
  // To the response stage.
  output logic                  rsp_push_o,
  input  logic                  rsp_full_i,
  output logic [TagW-1:0]       rsp_tag_o,
  output tsu_hw_pkg::rsp_t      rsp_o
);
  // ---- Completion queue ---------------------------------------------------------------------------
  // An entry: {tag, address, operation, needs a read, forwarded sureds} (flat: a package struct
  // cannot nest in a struct whose widths are parameters, in yosys 0.23).
  localparam int unsigned CqW = TagW + AddrW + $bits(cq_op_i) + 1 + PW;
  logic [CqW-1:0]   cq_in, cq_head;
  logic [TagW-1:0]  h_tag;
  logic [AddrW-1:0] h_addr;
  tsu_hw_pkg::cop_t h_op;
  logic             h_needs_read;
  logic [PW-1:0]    h_fwd;
  logic cq_empty, cq_pop;
  logic [$clog2(Depth+1)-1:0] cq_count;
  assign cq_in = {cq_tag_i, cq_addr_i, cq_op_i, cq_needs_read_i, cq_fwd_i};
  assign {h_tag, h_addr, h_op, h_needs_read, h_fwd} = cq_head;
  tsu_fifo #(.Width(CqW), .Depth(Depth), .Ram(QueueRam), .Bypass(QueueBypass)) u_cq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (cq_push_i),
    .data_i (cq_in),
    .pop_i  (cq_pop),
    .data_o (cq_head),
    .empty_o(cq_empty),
    .full_o (cq_full_o),
    .count_o(cq_count)
  );

  // ---- Read data FIFO: reads in flight never exceed MaxReads, so it never overflows ----------------------
  // (With QueueRam in block RAM: 8 EBRs on an iCE40 instead of 128 x MaxReads flops, each taking a
  // logic cell of its own since their D is the memory port.)
  logic         rd_empty, rd_full;
  logic [127:0] rd_data;
  logic [$clog2(MaxReads+1)-1:0] rd_count;
  tsu_fifo #(.Width(128), .Depth(MaxReads), .Ram(QueueRam), .Bypass(QueueBypass)) u_rd (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (mem_rsp_valid_i && mem_rsp_ready_o),
    .data_i (mem_rsp_rdata_i),
    .pop_i  (rd_pop_o),
    .data_o (rd_data),
    .empty_o(rd_empty),
    .full_o (rd_full),
    .count_o(rd_count)
  );
  assign mem_rsp_ready_o = !rd_full;

  // ---- Complete the head ------------------------------------------------------------------------------
  // Reduction history: the last MaxReads sured results, newest in slot 0. A result is 4 or 8
  // bytes at an offset aligned to its size, so a slot keeps its line, word offset, size and the 64-bit
  // result; its bytes and mask are rebuilt at the merge instead of storing 16 mask bits and 128
  // data bits a slot (half the history's flip-flops).
  logic [MaxReads*LineW-1:0]  hist_line_q;
  logic [MaxReads*2-1:0]      hist_word_q;  // offset / 4 (the offset's low bits are 0)
  logic [MaxReads-1:0]        hist_wide_q;  // 8 bytes (else 4)
  logic [MaxReads*64-1:0]     hist_data_q;
  logic [7:0]                 h_mask;
  logic [63:0]                h_bytes;

  logic              c_sured, c_suld, c_ready;
  logic [LineW-1:0]  c_line;
  logic [3:0]        c_off;
  logic [127:0]      c_shift;
  logic              r_valid;  // the ALU's inputs are the head sured's
  logic [63:0]       c_half, c_old, c_new, r_old, r_new, r_operand;
  logic [2:0]        r_redop;
  logic [3:0]        r_type;
  always_comb begin
    c_sured = !cq_empty && h_op.opcode == 3'(tsu_pkg::OpSured) && h_op.go;
    c_suld = h_op.opcode == 3'(tsu_pkg::OpSuld);
    c_line = h_addr[AddrW-1:4];
    c_off = h_addr[3:0];
    // The access's bytes (its offset is aligned to its size; the bytes past it are don't care).
    c_shift = tsu_hw_pkg::access_from_line(rd_data, c_off);
    // A sured's old value. Its 4 or 8 aligned bytes lie in one 8-byte half of the line, and so
    // does every earlier result: forwarding merges in that half, 64 bits, not the whole line.
    // The unwritten earlier results (only a sured has any: a load to their lines waits) are
    // applied oldest first.
    c_half = c_off[3] ? rd_data[127:64] : rd_data[63:0];
    h_mask = '0;
    h_bytes = '0;
    for (int j = MaxReads - 1; j >= 0; j--) begin
      if (j < 32'(h_fwd) && hist_line_q[j*LineW +: LineW] == c_line &&
          hist_word_q[j*2 + 1] == c_off[3]) begin
        h_mask = hist_wide_q[j] ? 8'hff : hist_word_q[j*2] ? 8'hf0 : 8'h0f;
        h_bytes = hist_wide_q[j] ? hist_data_q[j*64 +: 64]
                                 : {2{hist_data_q[j*64 +: 32]}};
        for (int b = 0; b < 8; b++) begin
          if (h_mask[b]) c_half[8*b +: 8] = h_bytes[8*b +: 8];
        end
      end
    end
    c_old = (h_op.size_log2 == 3'd3) ? c_half
                                     : {32'd0, c_off[2] ? c_half[63:32] : c_half[31:0]};
    // Load data: the accessed bytes (spread into elements at the response port); suq: the value.
    rsp_o.data = '0;
    rsp_o.count = 3'd0;
    rsp_o.vec_log2 = h_op.vec_log2;
    rsp_o.type_log2 = h_op.type_log2;
    if (c_suld && h_op.trap == 3'(tsu_pkg::TrapNone)) begin
      rsp_o.count = 3'(1 << h_op.vec_log2);
      if (h_op.go) rsp_o.data = c_shift;
    end else if (h_op.opcode == 3'(tsu_pkg::OpSuq) &&
                 h_op.trap == 3'(tsu_pkg::TrapNone)) begin
      rsp_o.count = 3'd1;
      rsp_o.data[31:0] = h_op.data[31:0];
      rsp_o.vec_log2 = 2'd0;
      rsp_o.type_log2 = 3'd2;
    end
    rsp_o.trap = h_op.trap;
    rsp_o.oob = h_op.oob;
    rsp_o.misaligned = h_op.misaligned;
    rsp_o.clamped = h_op.clamped;
    rsp_o.suppressed = h_op.suppressed;
  end
  assign rsp_tag_o = h_tag;

  logic alu_valid;
  tsu_red_alu #(.RegOut(1'b0)) u_alu (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (r_valid),
    .op_i     (r_redop),
    .type_i   (r_type),
    .old_i    (r_old),
    .operand_i(r_operand),
    .valid_o  (alu_valid),
    .result_o (c_new)
  );

  assign rmw_line_o = c_line;
  assign rmw_off_o = c_off;
  assign rmw_wide_o = h_op.size_log2[0];
  assign rmw_data_o = r_new;

  // The head, its read data and the history hold still until the head completes, so a value
  // registered from them in an earlier cycle is the one they give in the completing cycle.
  logic c_have, red_done;
  assign c_have = !cq_empty && (!h_needs_read || !rd_empty);
  if (RegRed) begin : g_red_reg
    // The reduction in two registered steps: the old value (read data and forwarding), then the
    // ALU's result, so neither the read data nor the memory request sees the ALU's carry chain.
    logic        old_ok_q;  // the head sured has had its data for a cycle: old_q is its old value
    logic        new_ok_q;  // ... and old_q for a cycle: new_q is its result
    logic [63:0] old_q, new_q, operand_q;
    logic [2:0]  redop_q;
    logic [3:0]  type_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        old_ok_q <= 1'b0;
        new_ok_q <= 1'b0;
      end else begin
        old_ok_q <= c_sured && c_have && !c_ready;
        new_ok_q <= old_ok_q && c_sured && c_have && !c_ready;
      end
    end
    always_ff @(posedge clk_i) begin
      if (c_sured) begin
        old_q <= c_old;
        // The ALU's other inputs in registers too, not straight from the queue's RAM.
        operand_q <= h_op.data;
        redop_q <= h_op.redop;
        type_q <= h_op.red_type;
        new_q <= c_new;
      end
    end
    assign red_done = new_ok_q;
    assign r_valid = old_ok_q && c_sured;
    assign r_old = old_q;
    assign r_operand = operand_q;
    assign r_redop = redop_q;
    assign r_type = type_q;
    assign r_new = new_q;
  end else begin : g_red_comb
    assign red_done = 1'b1;
    assign r_valid = c_sured;
    assign r_old = c_old;
    assign r_operand = h_op.data;
    assign r_redop = h_op.redop;
    assign r_type = h_op.red_type;
    assign r_new = c_new;
  end
  assign c_ready = c_have && !rsp_full_i && !(c_sured && (mq_full_i || !red_done));
  assign cq_pop = c_ready;
  assign rd_pop_o = c_ready && h_needs_read;
  assign rmw_push_o = c_ready && c_sured;
  assign rsp_push_o = c_ready;

  if (MaxReads == 1) begin : g_hist_one  // one slot: no older entries to shift along
    always_ff @(posedge clk_i) begin
      if (rmw_push_o) begin
        hist_line_q <= c_line;
        hist_word_q <= c_off[3:2];
        hist_wide_q <= h_op.size_log2[0];
        hist_data_q <= r_new;
      end
    end
  end else begin : g_hist_shift
    always_ff @(posedge clk_i) begin
      if (rmw_push_o) begin
        hist_line_q <= {hist_line_q[(MaxReads-1)*LineW-1:0], c_line};
        hist_word_q <= {hist_word_q[(MaxReads-1)*2-1:0], c_off[3:2]};
        hist_wide_q <= {hist_wide_q[MaxReads-2:0], h_op.size_log2[0]};
        hist_data_q <= {hist_data_q[(MaxReads-1)*64-1:0], r_new};
      end
    end
  end

  logic unused;
  assign unused = ^{alu_valid, cq_count, reads_i};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // Read data arrives only for a read that was issued and has not delivered yet.
  always @(posedge clk_i) if (rst_ni && mem_rsp_valid_i)
    a_no_unexpected_read_data: assert (32'(reads_i) > 32'(rd_count));
  // access_from_line and line_from_access rely on it (the address path traps the others).
  always @(posedge clk_i) if (rst_ni && c_ready && h_op.go)
    a_access_aligned: assert ((c_off & 4'((5'd1 << h_op.size_log2) - 5'd1)) == 4'd0 &&
                              h_op.size_log2 <= 3'd4);
  always @(posedge clk_i) if (rst_ni && c_ready && c_sured)
    a_sured_size: assert (h_op.size_log2 == 3'd2 || h_op.size_log2 == 3'd3);

  c_forward: cover property (@(posedge clk_i) rmw_push_o && h_fwd != '0 &&
                             hist_line_q[LineW-1:0] == c_line);
  c_trap_invalid_handle: cover property (@(posedge clk_i) c_ready &&
      h_op.trap == 3'(tsu_pkg::TrapInvalidHandle));
  c_trap_format: cover property (@(posedge clk_i) c_ready &&
      h_op.trap == 3'(tsu_pkg::TrapFormatMismatch));
  c_trap_oob: cover property (@(posedge clk_i) c_ready &&
      h_op.trap == 3'(tsu_pkg::TrapOutOfBounds));
  c_suq: cover property (@(posedge clk_i) c_ready && h_op.opcode == 3'(tsu_pkg::OpSuq));
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
