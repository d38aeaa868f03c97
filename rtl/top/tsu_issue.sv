// tsu_issue: the issue queue and the memory request port. Operations leave the address path
// into the issue queue and issue in program order, at most one memory request per cycle, with
// read credits (MaxReads outstanding) and the hazard rules of docs/semantics.md H5-H7:
//   * every request leaves in program order through one FIFO, except a sured's write, which the
//     completion stage pushes (with priority) when the sured completes;
//   * a sured issues its read without waiting for earlier sureds; the earlier sureds still
//     unwritten when its read leaves (`fwd`) are forwarded at completion; a sured all of whose
//     bytes come from them needs no read (H6);
//   * a load to a line with an unwritten sured result, and any store while a sured result is
//     unwritten, wait.
// Credits: a request is accepted by the unit only if the issue queue has room for everything in
// flight in the address path (ready_o).
module tsu_issue #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned TagW = 8,
  parameter int unsigned MaxReads = 8,
  parameter int unsigned Depth = 6,  // issue queue entries: the address path's latency + 2
  parameter bit QueueRam = 1'b0,     // the issue and memory-request queues in block RAM
                                     // (same timing)
  parameter bit QueueBypass = 1'b1,  // QueueRam: 0 drops their bypass registers (tsu_fifo:
                                     // an entry into an empty queue shows a cycle later)
  // Memory-request queue entries. 1: one register in flip-flops (never block RAM) whose ready
  // passes through: a request may enter in the cycle the memory takes the one before, so the
  // port still takes one request per cycle; it frees the queue's block RAMs for other queues.
  parameter int unsigned MqDepth = 4,
  // The head's hazard verdict (what it needs, whether a pending sured blocks it) registered: the
  // head issues no earlier than its second cycle at the head, and only if neither the queue nor
  // the pending sureds changed since the verdict (no issue, no sured write in the cycle before).
  // The line compares then leave the path into the request queue. II = 2 per request.
  parameter bit RegHazard = 1'b0,
  localparam int unsigned PW = $clog2(MaxReads + 1),
  localparam int unsigned LineW = AddrW - 4
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Credits.
  input  logic                  accept_i,   // a request enters the address path
  output logic                  ready_o,    // the issue queue has room for one more
  // From the address path.
  input  logic                  valid_i,
  input  logic [TagW-1:0]       tag_i,
  input  logic [AddrW-1:0]      addr_i,
  input  logic [63:0]           data_hi_i,
  input  tsu_hw_pkg::cop_t      op_i,
  // To completion, in program order.
  output logic                  cq_push_o,
  input  logic                  cq_full_i,
  output logic [TagW-1:0]       cq_tag_o,
  output logic [AddrW-1:0]      cq_addr_o,
  output tsu_hw_pkg::cop_t      cq_op_o,
  output logic                  cq_needs_read_o,
  output logic [PW-1:0]         cq_fwd_o,   // sured: earlier sureds unwritten when it issued
  // From completion: a sured's write (priority over issue) and read data consumed.
  input  logic                  rmw_push_i,
  input  logic [LineW-1:0]      rmw_line_i,
  input  logic [3:0]            rmw_off_i,
  input  logic                  rmw_wide_i,   // 8 bytes (else 4)
  input  logic [63:0]           rmw_data_i,
  input  logic                  rd_pop_i,
  output logic                  mq_full_o,
  output logic [PW-1:0]         reads_o,    // reads issued whose data is not consumed yet
  output logic                  writes_o,   // a write waits for the memory (tsu_top's H11 rule)
  // Memory requests.
  output logic                  mem_req_valid_o,
  input  logic                  mem_req_ready_i,
  output logic                  mem_req_we_o,
  output logic [AddrW-1:0]      mem_req_addr_o,
  output logic [127:0]          mem_req_wdata_o,
  output logic [15:0]           mem_req_mask_o
);
  // A memory request as the queue holds it: its line, not its address (the port's addr[3:0] is
  // 0), so that in block RAM the queue is 173 bits wide at AddrW 32: 11 EBRs, not 12.
  typedef struct packed {
    logic             we;
    logic [LineW-1:0] line;
    logic [127:0]     wdata;
    logic [15:0]      mask;
  } mreq_t;

  // ---- Issue queue and credits ---------------------------------------------------------------------
  // An entry: {tag, address, sust bytes 8..15, operation} (a package struct cannot nest in a
  // struct whose widths are parameters, in yosys 0.23).
  localparam int unsigned IqW = TagW + AddrW + 64 + $bits(op_i);
  logic [IqW-1:0]   iq_in, iq_head;
  logic [TagW-1:0]  h_tag;
  logic [AddrW-1:0] h_addr;
  logic [63:0]      h_data_hi;
  tsu_hw_pkg::cop_t h_op;
  logic iq_empty, iq_full, iq_pop;
  logic [$clog2(Depth+1)-1:0] iq_count, inflight_q;
  assign iq_in = {tag_i, addr_i, data_hi_i, op_i};
  assign {h_tag, h_addr, h_data_hi, h_op} = iq_head;
  tsu_fifo #(.Width(IqW), .Depth(Depth), .Ram(QueueRam), .Bypass(QueueBypass)) u_iq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (valid_i),
    .data_i (iq_in),
    .pop_i  (iq_pop),
    .data_o (iq_head),
    .empty_o(iq_empty),
    .full_o (iq_full),
    .count_o(iq_count)
  );
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      inflight_q <= '0;
    end else begin
      inflight_q <= inflight_q + $bits(inflight_q)'(accept_i) - $bits(inflight_q)'(valid_i);
    end
  end
  assign ready_o = 32'(inflight_q) + 32'(iq_count) < Depth;

  // ---- Hazards and the request ---------------------------------------------------------------------------
  logic [PW-1:0]             reads_q;      // reads issued whose data is not consumed yet
  logic [PW-1:0]             pending_q;    // sureds issued whose write has not been pushed
  logic [LineW-1:0]          pend_line_q [MaxReads];  // their lines (a ring: pend_valid_q)
  logic [15:0]               pend_mask_q [MaxReads];  // and the bytes they write
  logic [MaxReads-1:0]       pend_valid_q;            // a slot holds a pending sured
  logic                      line_hazard;
  logic [15:0]               pend_cover;   // bytes of the head's line pending sureds will write

  // The bytes of an access of 2^size bytes at off in its line (a table, not a subtraction: no
  // carry chain between the queue's RAM and the requests).
  function automatic logic [15:0] access_mask(logic [2:0] size, logic [3:0] off);
    logic [15:0] m;
    unique case (size)
      3'd0: m = 16'h0001;
      3'd1: m = 16'h0003;
      3'd2: m = 16'h000f;
      3'd3: m = 16'h00ff;
      default: m = 16'hffff;
    endcase
    access_mask = m << off;
  endfunction

  logic is_suld_h, is_sust_h, is_sured_h, is_rmw_h, elide_h, needs_read_h, needs_write_h;
  logic [LineW-1:0] line_h;
  logic [3:0]       off_h;
  logic [15:0]      mask_h;
  always_comb begin
    is_suld_h = h_op.opcode == 3'(tsu_pkg::OpSuld);
    is_sust_h = h_op.opcode == 3'(tsu_pkg::OpSust);
    is_sured_h = h_op.opcode == 3'(tsu_pkg::OpSured);
    line_h = h_addr[AddrW-1:4];
    off_h = h_addr[3:0];
    mask_h = access_mask(h_op.size_log2, off_h);
    line_hazard = 1'b0;
    pend_cover = '0;
    for (int i = 0; i < MaxReads; i++) begin
      if (pend_valid_q[i] && pend_line_q[i] == line_h) begin
        line_hazard = 1'b1;
        pend_cover |= pend_mask_q[i];
      end
    end
    // A sured whose bytes all come from earlier unwritten sureds needs no read (H6): forwarding
    // supplies every byte, so a same-address chain runs at one sured per cycle.
    is_rmw_h = h_op.go && is_sured_h;
    elide_h = is_rmw_h && (mask_h & ~pend_cover) == 16'd0;
    needs_read_h = h_op.go && (is_suld_h || (is_sured_h && !elide_h));
    needs_write_h = h_op.go && is_sust_h;
  end

  // The verdict the issue uses: this cycle's, or (RegHazard) the one registered in the cycle
  // before, valid while nothing it read has changed.
  logic mq_full, issue_ok, v_fresh, v_ok, v_needs_read, v_needs_write, v_is_rmw, v_suld_blocked;
  tsu_pipe_reg #(.Width(4), .Enable(RegHazard)) u_verdict (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(!iq_empty && !iq_pop && !rmw_push_i),  // the head and the pending sureds stay
    .data_i ({needs_read_h, needs_write_h, is_rmw_h, needs_read_h && is_suld_h && line_hazard}),
    .valid_o(v_fresh),
    .data_o ({v_needs_read, v_needs_write, v_is_rmw, v_suld_blocked})
  );
  assign v_ok = !RegHazard || v_fresh;
  assign issue_ok = v_ok && !iq_empty && !cq_full_i &&
                    (!v_needs_read || 32'(reads_q) < MaxReads) &&
                    (!v_is_rmw || 32'(pending_q) < MaxReads) &&  // history holds MaxReads
                    !(v_needs_write && pending_q != '0) &&
                    !v_suld_blocked &&
                    !((v_needs_read || v_needs_write) && (mq_full || rmw_push_i));
  assign iq_pop = issue_ok;

  assign cq_push_o = issue_ok;
  assign cq_tag_o = h_tag;
  assign cq_addr_o = h_addr;
  assign cq_op_o = h_op;
  assign cq_needs_read_o = v_needs_read;
  assign cq_fwd_o = pending_q;

  // ---- Memory request FIFO: holds each request stable until the memory takes it ----------------------
  mreq_t mq_in, mq_head;
  logic  mq_push, mq_empty, mq_full_raw;
  logic [$clog2(MqDepth+1)-1:0] mq_count;
  assign mq_push = rmw_push_i || (issue_ok && (v_needs_read || v_needs_write));
  // The request: a sured's write when completion pushes one, else the head's read or store. The
  // two share one placement of the bytes in the line (bytes outside the mask are don't care):
  // the access is chosen first, 64 bits (a sured's result is at most 8 bytes, and above them
  // line_from_access reads byte 8 on only for a 16-byte store), and placed once.
  logic [63:0] put_lo;
  logic [2:0]  put_size;
  logic [3:0]  put_off;
  always_comb begin
    put_lo = rmw_push_i ? rmw_data_i : h_op.data;
    put_size = rmw_push_i ? {2'b01, rmw_wide_i} : h_op.size_log2;
    put_off = rmw_push_i ? rmw_off_i : off_h;
    mq_in.we = rmw_push_i || v_needs_write;
    mq_in.line = rmw_push_i ? rmw_line_i : line_h;
    mq_in.wdata = tsu_hw_pkg::line_from_access({h_data_hi, put_lo}, put_size);
    mq_in.mask = (rmw_push_i || v_needs_write) ? access_mask(put_size, put_off) : 16'd0;
  end
  tsu_fifo #(.Width($bits(mq_in)), .Depth(MqDepth), .Ram(QueueRam && MqDepth > 1),
             .Bypass(QueueBypass)) u_mq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (mq_push),
    .data_i (mq_in),
    .pop_i  (mem_req_valid_o && mem_req_ready_i),
    .data_o (mq_head),
    .empty_o(mq_empty),
    .full_o (mq_full_raw),
    .count_o(mq_count)
  );
  // A full 1-entry queue takes a push in the cycle its entry leaves (tsu_fifo allows it).
  assign mq_full = (MqDepth == 1) ? mq_full_raw && !mem_req_ready_i : mq_full_raw;
  assign mq_full_o = mq_full;
  // Writes in the memory request FIFO: a tex may not read memory ahead of them (H11).
  logic [$clog2(MqDepth+1)-1:0] mq_writes_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) mq_writes_q <= '0;
    else mq_writes_q <= mq_writes_q + $bits(mq_writes_q)'(mq_push && mq_in.we) -
                        $bits(mq_writes_q)'(mem_req_valid_o && mem_req_ready_i && mq_head.we);
  end
  assign writes_o = mq_writes_q != '0;
  assign reads_o = reads_q;
  assign mem_req_valid_o = !mq_empty;
  assign mem_req_we_o = mq_head.we;
  assign mem_req_addr_o = {mq_head.line, 4'd0};
  assign mem_req_wdata_o = mq_head.wdata;
  assign mem_req_mask_o = mq_head.mask;

  // ---- Outstanding reads and pending sureds ---------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      reads_q <= '0;
      pending_q <= '0;
    end else begin
      reads_q <= reads_q + PW'(issue_ok && v_needs_read) - PW'(rd_pop_i);
      pending_q <= pending_q + PW'(issue_ok && v_is_rmw) - PW'(rmw_push_i);
    end
  end
  // Pending lines: a ring of MaxReads slots. The compares read every valid slot alike, so the
  // order is not kept in the slots: a sured's line goes to the write slot, and the oldest
  // (sureds complete in issue order) leaves from the read slot. No slot moves, so a slot's
  // flops load only their own line (a clock enable, no multiplexer per bit).
  localparam int unsigned SlotW = MaxReads > 1 ? $clog2(MaxReads) : 1;
  logic [SlotW-1:0] pend_wr_q, pend_rd_q;
  function automatic logic [SlotW-1:0] next_slot(logic [SlotW-1:0] s);
    next_slot = 32'(s) == MaxReads - 1 ? '0 : s + 1'b1;
  endfunction
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pend_wr_q <= '0;
      pend_rd_q <= '0;
      pend_valid_q <= '0;
    end else begin
      if (rmw_push_i) begin
        pend_rd_q <= next_slot(pend_rd_q);
        pend_valid_q[pend_rd_q] <= 1'b0;
      end
      if (issue_ok && v_is_rmw) begin
        pend_wr_q <= next_slot(pend_wr_q);
        pend_valid_q[pend_wr_q] <= 1'b1;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (issue_ok && v_is_rmw) begin
      pend_line_q[pend_wr_q] <= line_h;
      pend_mask_q[pend_wr_q] <= mask_h;
    end
  end

  logic unused;
  assign unused = ^{iq_full, mq_count};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  a_mem_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
      mem_req_valid_o && !mem_req_ready_i |=> mem_req_valid_o && $stable(mq_head));
  // line_from_access relies on it (the address path traps misaligned accesses).
  always @(posedge clk_i) if (rst_ni && issue_ok && v_needs_write)
    a_store_aligned: assert ((off_h & 4'((5'd1 << h_op.size_log2) - 5'd1)) == 4'd0 &&
                             h_op.size_log2 <= 3'd4);
  always @(posedge clk_i) if (rst_ni && mem_req_valid_o)
    a_mem_known: assert (!$isunknown(mq_head));
  always @(posedge clk_i) if (rst_ni)
    a_pending_slots: assert (32'($countones(pend_valid_q)) == 32'(pending_q));
  always @(posedge clk_i) if (rst_ni) a_reads_bounded: assert (32'(reads_q) <= MaxReads);

  c_read_elided: cover property (@(posedge clk_i) issue_ok && v_is_rmw && !v_needs_read);
  if (RegHazard) begin : g_verdict_check
    // The registered verdict is the one this cycle's state gives.
    always @(posedge clk_i) if (rst_ni && issue_ok)
      a_verdict_current: assert (v_needs_read == needs_read_h && v_needs_write == needs_write_h &&
                                 v_is_rmw == is_rmw_h &&
                                 v_suld_blocked == (needs_read_h && is_suld_h && line_hazard));
  end
  c_load_waits_for_sured: cover property (@(posedge clk_i) !iq_empty && needs_read_h &&
                                          is_suld_h && line_hazard);
  c_store_waits_for_sured: cover property (@(posedge clk_i) !iq_empty && needs_write_h &&
                                           pending_q != '0);
  c_reads_full: cover property (@(posedge clk_i) 32'(reads_q) == MaxReads);
  c_backpressure_mem: cover property (@(posedge clk_i) mem_req_valid_o && !mem_req_ready_i);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
