// tsu_top: the surface unit (suld, sust, sured, suq) behind valid/ready request, response and
// memory ports. Golden model: tsu::Unit::Execute, one transaction at a time, in program order.
//
// The top only joins the stages, one file each, in the order a request meets them (one request
// per cycle while memory keeps up):
//   tsu_accept   (top/tsu_accept.sv)   what needs no descriptor: illegal encodings, operand shrink
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
module tsu_top #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned HandleW = 20,        // handles 0 .. 2^HandleW - 1 (pool size limit)
  parameter int unsigned DescCacheEntries = 16, // descriptor cache; 0: fetch for every request
  parameter int unsigned TagW = 8,
  parameter int unsigned MaxReads = 8,   // outstanding memory reads
  parameter bit QueueRam = 1'b0,         // the issue queue in block RAM (same timing)
  parameter bit RegBounds = 1'b1,        // pipeline registers in bounds/clamp (and pack)
  parameter bit RegAddr = 1'b1,          // pipeline registers in address generation (and pack)
  parameter bit EnableNorm = 1'b1,       // sust.p to UNORM/SNORM formats (else format_mismatch)
  parameter bit EnableHalf = 1'b1,       // sust.p to HALF_FLOAT formats
  parameter bit EnableInt = 1'b1         // sust.p to integer formats
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  // Configuration (docs/descriptors.md): descriptor pool base and size, cache invalidation.
  input  logic                        cfg_valid_i,
  output logic                        cfg_ready_o,
  input  tsu_pkg::cfg_op_e            cfg_op_i,
  input  logic [63:0]                 cfg_data_i,
  // Request.
  input  logic                        req_valid_i,
  output logic                        req_ready_o,
  input  tsu_pkg::opcode_e            req_opcode_i,
  input  tsu_pkg::addressing_e        req_addressing_i,
  input  tsu_pkg::geom_e              req_geom_i,
  input  tsu_pkg::vec_e               req_vec_i,
  input  tsu_pkg::dtype_e             req_type_i,
  input  tsu_pkg::clamp_e             req_clamp_i,
  input  tsu_pkg::redop_e             req_redop_i,
  input  tsu_pkg::query_e             req_query_i,
  input  logic [63:0]                 req_handle_i,  // .surfref handle or .u64 register value
  input  logic [TagW-1:0]             req_tag_i,
  input  logic [127:0]                req_coords_i,  // operand b, element i in [32i +: 32]
  input  logic [255:0]                req_data_i,    // source element i in [64i +: 64]
  // Response.
  output logic                        rsp_valid_o,
  input  logic                        rsp_ready_i,
  output logic [TagW-1:0]             rsp_tag_o,
  output logic [255:0]                rsp_data_o,    // element i in [64i +: 64]
  output logic [2:0]                  rsp_count_o,   // elements written (suld n, suq 1)
  output logic [2:0]                  rsp_trap_o,    // tsu_pkg::trap_e
  output logic [3:0]                  rsp_oob_o,
  output logic                        rsp_misaligned_o,
  output logic                        rsp_clamped_o,
  output logic                        rsp_suppressed_o,
  // Memory.
  output logic                        mem_req_valid_o,
  input  logic                        mem_req_ready_i,
  output logic                        mem_req_we_o,
  output logic [AddrW-1:0]            mem_req_addr_o,
  output logic [127:0]                mem_req_wdata_o,
  output logic [15:0]                 mem_req_mask_o,
  input  logic                        mem_rsp_valid_i,
  output logic                        mem_rsp_ready_o,
  input  logic [127:0]                mem_rsp_rdata_i,
  // Descriptor reads (read-only, 16-byte lines, responses in order).
  output logic                        dmem_req_valid_o,
  input  logic                        dmem_req_ready_i,
  output logic [AddrW-1:0]            dmem_req_addr_o,
  input  logic                        dmem_rsp_valid_i,
  output logic                        dmem_rsp_ready_o,
  input  logic [127:0]                dmem_rsp_rdata_i
);
  localparam int unsigned AddrLat = 2 * 32'(RegBounds) + 3 * 32'(RegAddr);
  localparam int unsigned PW = $clog2(MaxReads + 1);  // counts of pending sureds
  localparam int unsigned LineW = AddrW - 4;
  /* verilator lint_off UNUSEDPARAM */
  // Request to response, idle, on a descriptor-cache hit (or a handle that needs no descriptor).
  localparam int unsigned Latency /*verilator public*/ = AddrLat + 3;
  // Parameters the testbench reads instead of assuming them.
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;
  localparam int unsigned HandleWidth /*verilator public*/ = HandleW;
  localparam int unsigned DescCacheSize /*verilator public*/ = DescCacheEntries;
  localparam int unsigned TagWidth /*verilator public*/ = TagW;
  localparam int unsigned FmtNorm /*verilator public*/ = 32'(EnableNorm);
  localparam int unsigned FmtHalf /*verilator public*/ = 32'(EnableHalf);
  localparam int unsigned FmtInt /*verilator public*/ = 32'(EnableInt);
  /* verilator lint_on UNUSEDPARAM */

  // ---- Accept -----------------------------------------------------------------------------------------
  tsu_hw_pkg::req_t req;
  tsu_accept u_accept (
    .opcode_i    (req_opcode_i),
    .addressing_i(req_addressing_i),
    .geom_i      (req_geom_i),
    .vec_i       (req_vec_i),
    .type_i      (req_type_i),
    .clamp_i     (req_clamp_i),
    .redop_i     (req_redop_i),
    .query_i     (req_query_i),
    .coords_i    (req_coords_i),
    .data_i      (req_data_i),
    .req_o       (req)
  );

  // ---- Descriptor: handle -> descriptor, through the descriptor cache -------------------------------
  logic                d_valid, d_ready, accept;
  logic [TagW-1:0]     d_tag;
  tsu_hw_pkg::req_t    d_req;
  tsu_pkg::surf_desc_t desc;
  tsu_desc #(
    .AddrW       (AddrW),
    .HandleW     (HandleW),
    .CacheEntries(DescCacheEntries),
    .PayloadW    ($bits(req) + TagW)
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
    .in_need_i       (!req.illegal),
    .in_payload_i    ({req_tag_i, req}),
    .out_valid_o     (d_valid),
    .out_ready_i     (d_ready),
    .out_payload_o   ({d_tag, d_req}),
    .out_desc_o      (desc),
    .dmem_req_valid_o(dmem_req_valid_o),
    .dmem_req_ready_i(dmem_req_ready_i),
    .dmem_req_addr_o (dmem_req_addr_o),
    .dmem_rsp_valid_i(dmem_rsp_valid_i),
    .dmem_rsp_ready_o(dmem_rsp_ready_o),
    .dmem_rsp_rdata_i(dmem_rsp_rdata_i)
  );
  // The request enters the fixed-latency address path (the issue stage's credits allow it).
  assign accept = d_valid && d_ready;

  // ---- Decode ---------------------------------------------------------------------------------------------
  tsu_hw_pkg::fmt_info_t fmt;
  tsu_hw_pkg::addr_ctl_t addr_ctl;
  tsu_hw_pkg::side_t     side;
  logic [127:0]          comps;
  tsu_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_decode (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(d_valid),
    .req_i  (d_req),
    .desc_i (desc),
    .fmt_o  (fmt),
    .addr_o (addr_ctl),
    .side_o (side),
    .comps_o(comps)
  );

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
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_address (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (accept),
    .tag_i    (d_tag),
    .coords_i (d_req.coords),
    .desc_i   (desc),
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
  logic [127:0]     rmw_wdata;
  logic [15:0]      rmw_mask;
  tsu_issue #(
    .AddrW   (AddrW),
    .TagW    (TagW),
    .MaxReads(MaxReads),
    .Depth   (AddrLat + 2),
    .QueueRam(QueueRam)
  ) u_issue (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .accept_i       (accept),
    .ready_o        (d_ready),
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
    .rmw_wdata_i    (rmw_wdata),
    .rmw_mask_i     (rmw_mask),
    .rd_pop_i       (rd_pop),
    .mq_full_o      (mq_full),
    .reads_o        (reads),
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
    .MaxReads(MaxReads)
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
    .rmw_wdata_o    (rmw_wdata),
    .rmw_mask_o     (rmw_mask),
    .rd_pop_o       (rd_pop),
    .rsp_push_o     (rsp_push),
    .rsp_full_i     (rsp_full),
    .rsp_tag_o      (c_tag),
    .rsp_o          (c_rsp)
  );

  // ---- Respond ------------------------------------------------------------------------------------------
  tsu_respond #(.TagW(TagW)) u_respond (
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

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_req_stalled: cover property (@(posedge clk_i) req_valid_i && !req_ready_o);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
