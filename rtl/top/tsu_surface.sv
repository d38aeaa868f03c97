// tsu_surface: the surface path (suld, sust, sured, suq; a tex only as an illegal request, which
// traps) from an accepted request (tsu_accept's record) to its response, behind valid/ready
// configuration, request, descriptor-read, memory and response ports. Golden model:
// tsu::Unit::Execute, one transaction at a time, in program order. tsu_top joins it to the
// texture path or, without one, to the unit's ports.
//
// Its stages, one file each, in the order a request meets them (one request per cycle while memory
// keeps up):
//   tsu_desc     (top/tsu_desc.sv)     handle -> descriptor, through the descriptor cache
//   tsu_decode   (top/tsu_decode.sv)   descriptor check, early traps, suq value, sust.p components
//   tsu_address  (top/tsu_address.sv)  bounds, clamp, address and the sust.p texel (fixed latency)
//   tsu_issue    (top/tsu_issue.sv)    issue queue, hazards, memory requests
//   tsu_complete (top/tsu_complete.sv) completion queue, read data, sured read-modify-write
//   tsu_respond  (top/tsu_respond.sv)  response FIFO, bytes spread into elements
// Stages pass the structs of tsu_hw_pkg (req_t, addr_ctl_t, side_t, cop_t, rsp_t); the tag and
// addresses, whose widths are parameters, travel beside them.
//
// Memory contract: requests take effect in the order the memory accepts them and read data
// returns in request order. Requests are 16-byte lines (addr_o[3:0] = 0) with a byte mask; a
// surface access is at most 16 bytes and aligned to its size, so it never spans two lines.
//
// Ordering and hazards (docs/semantics.md H5-H7):
//   * every request leaves in program order through one FIFO, except a sured's write, which
//     leaves when the sured completes;
//   * a sured issues its read without waiting for earlier sureds; when it completes, the
//     results of the earlier sureds that were still unwritten when its read left (the last P
//     entries of the reduction history) are merged over the read data: forwarding, so a chain
//     of reductions to one address is exact at one sured per two memory-port cycles;
//   * a load to a line with an unwritten sured result, and any store while a sured result is
//     unwritten, wait: so loads see earlier reductions and writes leave in program order.
// Traps (invalid handle, format mismatch, out of bounds, ...) produce a response and no memory
// access; the next request proceeds.
//
// II = 1 (AddrII: one request every AddrII cycles). Latency (request to response, idle, on a
// descriptor-cache hit) = tsu_hw_pkg::surface_latency.
module tsu_surface #(
  // tsu_top's parameters of the same names, which it documents.
  parameter int unsigned AddrW = 48,
  parameter int unsigned HandleW = 20,
  parameter int unsigned DescCacheEntries = 16,
  parameter int unsigned TagW = 8,
  parameter int unsigned MaxReads = 8,
  parameter bit          QueueRam = 1'b0,
  parameter int unsigned MqDepth = 4,
  parameter int unsigned RspDepth = 2,
  parameter bit          QueueBypass = 1'b1,
  parameter bit          RegRed = 1'b0,
  parameter bit          HoldReq = 1'b0,
  parameter bit          RegBounds = 1'b1,
  parameter bit          RegAddr = 1'b1,
  parameter int unsigned AddrII = 1,
  parameter bit          EnableNorm = 1'b1,
  parameter bit          EnableHalf = 1'b1,
  parameter bit          EnableInt = 1'b1,
  parameter int unsigned PackBeats = 1,
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::surface_latency(RegBounds, RegAddr, AddrII)
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                cfg_valid_i,
  output logic                cfg_ready_o,
  input  tsu_pkg::cfg_op_e    cfg_op_i,
  input  logic [63:0]         cfg_data_i,
  // The request: tsu_accept's record, its handle and tag.
  input  logic                req_valid_i,
  output logic                req_ready_o,
  input  tsu_hw_pkg::req_t    req_i,
  input  logic [63:0]         req_handle_i,
  input  logic [TagW-1:0]     req_tag_i,
  // Descriptor reads (16-byte lines, responses in order).
  output logic                dmem_req_valid_o,
  input  logic                dmem_req_ready_i,
  output logic [AddrW-1:0]    dmem_req_addr_o,
  input  logic                dmem_rsp_valid_i,
  output logic                dmem_rsp_ready_o,
  input  logic [127:0]        dmem_rsp_rdata_i,
  // Memory.
  output logic                mem_req_valid_o,
  input  logic                mem_req_ready_i,
  output logic                mem_req_we_o,
  output logic [AddrW-1:0]    mem_req_addr_o,
  output logic [127:0]        mem_req_wdata_o,
  output logic [15:0]         mem_req_mask_o,
  input  logic                mem_rsp_valid_i,
  output logic                mem_rsp_ready_o,
  input  logic [127:0]        mem_rsp_rdata_i,
  output logic                writes_o,  // a store or reduction in flight or its write waiting
  // Response.
  output logic                rsp_valid_o,
  input  logic                rsp_ready_i,
  output logic [TagW-1:0]     rsp_tag_o,
  output logic [255:0]        rsp_data_o,
  output logic [2:0]          rsp_count_o,
  output logic [2:0]          rsp_trap_o,
  output logic [3:0]          rsp_oob_o,
  output logic                rsp_misaligned_o,
  output logic                rsp_clamped_o,
  output logic                rsp_suppressed_o
);
  // With the address path at AddrII >= 4, the sust.p pack converts one slot a cycle and holds
  // its request: every request's data then goes through it, not through a sideband delay line.
  localparam bit DataViaPack = AddrII >= 4;
  // At AddrII 1 with PackBeats 4, the pack converts one slot a cycle too, started while the sust.p
  // waits in the decode stage (tsu_hw_pkg::pack_wait cycles, tsu_address EarlyPack): a sust.p
  // every 4 cycles, every other request as before. The texel then waits in the pack's output
  // register, which RegAddr builds: without it the pack converts all four slots at once.
  localparam bit EarlyPack = AddrII == 1 && PackBeats > 1 && RegAddr;
  localparam int unsigned PackWait = EarlyPack ? tsu_hw_pkg::pack_wait(RegBounds, RegAddr) : 0;
  // With a one-entry descriptor cache, the descriptor buffer holds still while the bounds stages
  // run (tsu_desc buf_desc_o): address generation reads it there, with no delay line of its own;
  // and the descriptor is checked once, at its fetch (tsu_desc out_ok_o), not in tsu_decode.
  localparam bit DescHeld = DescCacheEntries == 1;
  // With AddrII > 1, decode's control is registered (tsu_decode RegOut): a request waits one
  // more cycle in the descriptor stage, which the address path's interval already spends (the
  // next request reaches the stage a cycle after the last one left, and is taken AddrII cycles
  // after it). It takes the format decode and the early traps off the path into bounds.
  // Likewise the issue stage's hazard verdict is registered (tsu_issue RegHazard: a request
  // issues at most every other cycle, which requests AddrII > 1 apart never need faster).
  localparam bit RegDecode = AddrII > 1;
  localparam int unsigned AddrLat = tsu_hw_pkg::address_latency(RegBounds, RegAddr, AddrII);
  // Requests inside the address path at once: one per AddrII cycles.
  localparam int unsigned AddrInFlight = (AddrLat + AddrII - 1) / AddrII;
  localparam int unsigned PW = $clog2(MaxReads + 1);  // counts of pending sureds
  localparam int unsigned LineW = AddrW - 4;

  // ---- Descriptor: handle -> descriptor, through the descriptor cache -------------------------------
  logic                d_valid, d_ready, accept, issue_ready, dec_ready;
  logic [TagW-1:0]     d_tag;
  tsu_hw_pkg::req_t    d_req;
  tsu_pkg::surf_desc_t desc, buf_desc, dec_desc;
  logic                desc_ok;
  tsu_desc #(
    .AddrW       (AddrW),
    .HandleW     (HandleW),
    .CacheEntries(DescCacheEntries),
    .PayloadW    ($bits(req_i) + TagW),
    .HoldIn      (HoldReq)
  ) u_desc (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .cfg_valid_i     (cfg_valid_i),
    .cfg_ready_o     (cfg_ready_o),
    .cfg_op_i        (cfg_op_i),
    .cfg_data_i      (cfg_data_i),
    .in_valid_i      (req_valid_i),
    .in_ready_o      (req_ready_o),
    .in_handle_i     (req_handle_i),
    .in_need_i       (!req_i.illegal),
    .in_payload_i    ({req_tag_i, req_i}),
    .out_valid_o     (d_valid),
    .out_ready_i     (d_ready),
    .out_payload_o   ({d_tag, d_req}),
    .out_desc_o      (desc),
    .buf_desc_o      (buf_desc),
    .out_ok_o        (desc_ok),
    .dmem_req_valid_o(dmem_req_valid_o),
    .dmem_req_ready_i(dmem_req_ready_i),
    .dmem_req_addr_o (dmem_req_addr_o),
    .dmem_rsp_valid_i(dmem_rsp_valid_i),
    .dmem_rsp_ready_o(dmem_rsp_ready_o),
    .dmem_rsp_rdata_i(dmem_rsp_rdata_i)
  );
  // The request enters the fixed-latency address path (the issue stage's credits allow it, and
  // with AddrII > 1 at most one request every AddrII cycles).
  assign accept = d_valid && d_ready;
  logic head_sust_p, pack_start;
  if (!EarlyPack) begin : g_no_pack_wait
    assign pack_start = 1'b0;
    logic unused_head;
    assign unused_head = head_sust_p;
  end
  if (AddrII > 1) begin : g_addr_interval
    localparam int unsigned GapW = $clog2(AddrII);
    logic [GapW-1:0] gap_q;  // cycles before the address path takes the next request
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) gap_q <= '0;
      else gap_q <= accept ? GapW'(AddrII - 1) : gap_q - GapW'(gap_q != '0);
    end
    assign d_ready = issue_ready && dec_ready && gap_q == '0;
  end else if (EarlyPack) begin : g_addr_pack_wait
    // A sust.p at the head starts the pack once and is taken PackWait cycles later.
    localparam int unsigned WaitW = $clog2(PackWait + 1);
    logic             started_q, pack_hold;
    logic [WaitW-1:0] wait_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        started_q <= 1'b0;
        wait_q <= '0;
      end else begin
        started_q <= accept ? 1'b0 : started_q || pack_start;
        wait_q <= pack_start ? WaitW'(PackWait - 1) : wait_q - WaitW'(wait_q != '0);
      end
    end
    assign pack_start = head_sust_p && !started_q;
    assign pack_hold = head_sust_p && !(started_q && wait_q == '0);
    assign d_ready = issue_ready && dec_ready && !pack_hold;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    // A sust.p starting the pack; one right behind another (the pack's interval binds).
    c_pack_start: cover property (@(posedge clk_i) disable iff (!rst_ni) pack_start);
    c_pack_back_to_back: cover property (@(posedge clk_i) disable iff (!rst_ni)
        pack_start && $past(accept && tsu_hw_pkg::sust_p(side.is_p, side.opcode)));
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_addr_every_cycle
    assign d_ready = issue_ready && dec_ready;
  end

  // ---- Decode ---------------------------------------------------------------------------------------------
  // With one entry, decode and the address path read the descriptor buffer itself: the stage's
  // output is that buffer, or all zero for a request that reads no descriptor (illegal, or a
  // handle out of range), and such a request traps before any field is used (desc_ok is 0),
  // so the zero mask is not needed.
  assign dec_desc = DescHeld ? buf_desc : desc;
  tsu_hw_pkg::fmt_info_t fmt;
  tsu_hw_pkg::addr_ctl_t addr_ctl;
  tsu_hw_pkg::side_t     side;
  logic [127:0]          comps;
  tsu_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt),
    .CompsRaw  (DataViaPack),
    .CheckedDesc(DescHeld),
    .RegOut    (RegDecode)
  ) u_decode (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(d_valid),
    .req_i  (d_req),
    .desc_i (dec_desc),
    .desc_ok_i(desc_ok),
    .take_i (accept),
    .ready_o(dec_ready),
    .fmt_o  (fmt),
    .addr_o (addr_ctl),
    .side_o (side),
    .comps_o(comps)
  );
  // A sust.p at the head of the descriptor stage (decode's outputs are its own; EarlyPack).
  assign head_sust_p = EarlyPack && d_valid && tsu_hw_pkg::sust_p(side.is_p, side.opcode);

  // ---- Address path -------------------------------------------------------------------------------------
  logic             a_valid;
  logic [TagW-1:0]  a_tag;
  logic [AddrW-1:0] a_addr;
  logic [63:0]      a_data_hi;
  tsu_hw_pkg::cop_t a_op;
  tsu_address #(
    .AddrW     (AddrW),
    .TagW      (TagW),
    .RegBounds (RegBounds),
    .RegAddr   (RegAddr),
    .AddrII    (AddrII),
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt),
    .DataViaPack(DataViaPack),
    .DescHeld  (DescHeld),
    .EarlyPack (EarlyPack)
  ) u_address (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (accept),
    .pack_start_i(pack_start),
    .tag_i    (d_tag),
    .coords_i (d_req.coords),
    .desc_i   (dec_desc),
    .adesc_i  (dec_desc),
    .fmt_i    (fmt),
    .ctl_i    (addr_ctl),
    .side_i   (side),
    .comps_i  (comps),
    .valid_o  (a_valid),
    .tag_o    (a_tag),
    .addr_o   (a_addr),
    .data_hi_o(a_data_hi),
    .op_o     (a_op)
  );

  // ---- Issue ----------------------------------------------------------------------------------------------
  logic             cq_push, cq_full, cq_needs_read, rmw_push, rd_pop, mq_full;
  logic [TagW-1:0]  cq_tag;
  logic [AddrW-1:0] cq_addr;
  tsu_hw_pkg::cop_t cq_op;
  logic [PW-1:0]    cq_fwd, reads;
  logic [LineW-1:0] rmw_line;
  logic [3:0]       rmw_off;
  logic             rmw_wide;
  logic [63:0]      rmw_data;
  tsu_issue #(
    .AddrW   (AddrW),
    .TagW    (TagW),
    .MaxReads(MaxReads),
    // In block RAM any depth costs the same (and yosys leaves a shallow queue in flip-flops).
    .Depth   (QueueRam ? AddrLat + 2 : AddrInFlight + 2),
    .QueueRam(QueueRam),
    .QueueBypass(QueueBypass),
    .MqDepth (MqDepth),
    .RegHazard(RegDecode)
  ) u_issue (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .accept_i       (accept),
    .ready_o        (issue_ready),
    .valid_i        (a_valid),
    .tag_i          (a_tag),
    .addr_i         (a_addr),
    .data_hi_i      (a_data_hi),
    .op_i           (a_op),
    .cq_push_o      (cq_push),
    .cq_full_i      (cq_full),
    .cq_tag_o       (cq_tag),
    .cq_addr_o      (cq_addr),
    .cq_op_o        (cq_op),
    .cq_needs_read_o(cq_needs_read),
    .cq_fwd_o       (cq_fwd),
    .rmw_push_i     (rmw_push),
    .rmw_line_i     (rmw_line),
    .rmw_off_i      (rmw_off),
    .rmw_wide_i     (rmw_wide),
    .rmw_data_i     (rmw_data),
    .rd_pop_i       (rd_pop),
    .mq_full_o      (mq_full),
    .reads_o        (reads),
    .writes_o       (writes_o),
    .mem_req_valid_o(mem_req_valid_o),
    .mem_req_ready_i(mem_req_ready_i),
    .mem_req_we_o   (mem_req_we_o),
    .mem_req_addr_o (mem_req_addr_o),
    .mem_req_wdata_o(mem_req_wdata_o),
    .mem_req_mask_o (mem_req_mask_o)
  );

  // ---- Complete -------------------------------------------------------------------------------------------
  logic             rsp_push, rsp_full;
  logic [TagW-1:0]  c_tag;
  tsu_hw_pkg::rsp_t c_rsp;
  tsu_complete #(
    .AddrW   (AddrW),
    .TagW    (TagW),
    .MaxReads(MaxReads),
    .QueueRam(QueueRam),
    .QueueBypass(QueueBypass),
    .RegRed  (RegRed)
  ) u_complete (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .cq_push_i      (cq_push),
    .cq_full_o      (cq_full),
    .cq_tag_i       (cq_tag),
    .cq_addr_i      (cq_addr),
    .cq_op_i        (cq_op),
    .cq_needs_read_i(cq_needs_read),
    .cq_fwd_i       (cq_fwd),
    .reads_i        (reads),
    .mem_rsp_valid_i(mem_rsp_valid_i),
    .mem_rsp_ready_o(mem_rsp_ready_o),
    .mem_rsp_rdata_i(mem_rsp_rdata_i),
    .mq_full_i      (mq_full),
    .rmw_push_o     (rmw_push),
    .rmw_line_o     (rmw_line),
    .rmw_off_o      (rmw_off),
    .rmw_wide_o     (rmw_wide),
    .rmw_data_o     (rmw_data),
    .rd_pop_o       (rd_pop),
    .rsp_push_o     (rsp_push),
    .rsp_full_i     (rsp_full),
    .rsp_tag_o      (c_tag),
    .rsp_o          (c_rsp)
  );

  // ---- Respond ------------------------------------------------------------------------------------------
  tsu_respond #(.TagW(TagW), .Depth(RspDepth)) u_respond (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .push_i          (rsp_push),
    .full_o          (rsp_full),
    .tag_i           (c_tag),
    .rsp_i           (c_rsp),
    .rsp_valid_o     (rsp_valid_o),
    .rsp_ready_i     (rsp_ready_i),
    .rsp_tag_o       (rsp_tag_o),
    .rsp_data_o      (rsp_data_o),
    .rsp_count_o     (rsp_count_o),
    .rsp_trap_o      (rsp_trap_o),
    .rsp_oob_o       (rsp_oob_o),
    .rsp_misaligned_o(rsp_misaligned_o),
    .rsp_clamped_o   (rsp_clamped_o),
    .rsp_suppressed_o(rsp_suppressed_o)
  );

endmodule
