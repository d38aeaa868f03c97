// tsu_tex_cache_banked: the texel cache as Banks independent banks, one read port each, so that a
// bilinear footprint's lines (up to four, one per bank) are looked up in the same cycle and a
// footprint that hits is answered in one. Golden function, per port: memory itself (each port
// answers its reads in order with the line as memory held it when the read was accepted).
//
// The requester chooses the bank: port b's reads go to bank b. The sampling engine maps a texel's
// line to the bank {y, x-line} parity (docs/semantics.md H14), which puts a 2x2 footprint's four
// lines in four banks on every layout; footprints that wrap onto lines of one parity, and reads
// that name one line twice, are the requester's to split or merge. A line may therefore sit in
// two banks (the same memory read through two textures' mappings): each bank is coherent on its
// own, and every invalidation goes to every bank (H13).
//
// Each bank is a tsu_tex_cache of SizeBytes / Banks with the same ways and line size; its set
// index is hashed (SetHash), because a bank's lines can share their low address bits. The banks'
// misses share the one memory port through tsu_read_arb: one line read per cycle, round robin, and
// memory's in-order answers back to the bank that asked (a fill of a longer line is several reads,
// which may interleave with other banks').
// MemDepth bounds the line reads in flight to memory. Banks = 1 is one tsu_tex_cache on the port.
//
// Latency: a bank's (3 cycles for a hit). Arbitration adds no cycle: a bank's miss goes out in the
// cycle it is chosen.
module tsu_tex_cache_banked #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned SizeBytes = 2048,  // all banks together; 0: no cache
  parameter int unsigned Ways = 4,
  parameter int unsigned LineBytes = 16,
  parameter int unsigned Banks = 4,         // 1, 2 or 4 read ports
  parameter int unsigned Depth = 32,        // reads between lookup and answer, per bank
  parameter int unsigned MemDepth = 32      // line reads in flight to memory
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   inv_valid_i,
  input  logic [AddrW-1:0]       inv_addr_i,
  input  logic                   inv_all_i,
  // Reads: port b in bit b / [AddrW*b +: AddrW] / [128*b +: 128].
  input  logic [Banks-1:0]       req_valid_i,
  output logic [Banks-1:0]       req_ready_o,
  input  logic [Banks*AddrW-1:0] req_addr_i,
  output logic [Banks-1:0]       rsp_valid_o,
  input  logic [Banks-1:0]       rsp_ready_i,
  output logic [Banks*128-1:0]   rsp_data_o,
  // Memory: 16-byte line reads, in-order responses.
  output logic                   mem_req_valid_o,
  input  logic                   mem_req_ready_i,
  output logic [AddrW-1:0]       mem_req_addr_o,
  input  logic                   mem_rsp_valid_i,
  output logic                   mem_rsp_ready_o,
  input  logic [127:0]           mem_rsp_data_i,
  // Reads looked up and reads that missed, over every bank (wrap at 2^32).
  output logic [31:0]            lookups_o,
  output logic [31:0]            misses_o
);
  localparam int unsigned BankBytes = SizeBytes / Banks;
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =  // a hit
      (SizeBytes == 0) ? 0 : tsu_hw_pkg::tex_cache_latency();
  localparam int unsigned BankCount /*verilator public*/ = Banks;
  /* verilator lint_on UNUSEDPARAM */

`ifndef SYNTHESIS
  initial begin
    assert (Banks == 1 || Banks == 2 || Banks == 4) else $fatal(1, "Banks must be 1, 2 or 4");
    assert (SizeBytes == 0 || (BankBytes % (Ways * LineBytes) == 0 && BankBytes >= Ways * LineBytes))
      else $fatal(1, "SizeBytes / Banks must be a whole number of Ways-way sets");
  end
`endif

  logic [Banks-1:0]       b_mem_valid, b_mem_ready, b_rsp_valid, b_rsp_ready;
  logic [Banks*AddrW-1:0] b_mem_addr;
  logic [Banks*32-1:0]    b_lookups, b_misses;
  logic [127:0]           b_rsp_data;  // the memory's line, to whichever bank it is for
  for (genvar b = 0; b < Banks; b++) begin : g_bank
    tsu_tex_cache #(
      .AddrW(AddrW), .SizeBytes(BankBytes), .Ways(Ways), .LineBytes(LineBytes), .Depth(Depth),
      .SetHash(Banks > 1)
    ) u_bank (
      .clk_i, .rst_ni, .inv_valid_i, .inv_addr_i, .inv_all_i,
      .req_valid_i    (req_valid_i[b]),
      .req_ready_o    (req_ready_o[b]),
      .req_addr_i     (req_addr_i[AddrW*b +: AddrW]),
      .rsp_valid_o    (rsp_valid_o[b]),
      .rsp_ready_i    (rsp_ready_i[b]),
      .rsp_data_o     (rsp_data_o[128*b +: 128]),
      .mem_req_valid_o(b_mem_valid[b]),
      .mem_req_ready_i(b_mem_ready[b]),
      .mem_req_addr_o (b_mem_addr[AddrW*b +: AddrW]),
      .mem_rsp_valid_i(b_rsp_valid[b]),
      .mem_rsp_ready_o(b_rsp_ready[b]),
      .mem_rsp_data_i (b_rsp_data),
      .lookups_o      (b_lookups[32*b +: 32]),
      .misses_o       (b_misses[32*b +: 32])
    );
  end
  always_comb begin
    lookups_o = '0;
    misses_o = '0;
    for (int b = 0; b < Banks; b++) begin
      lookups_o = lookups_o + b_lookups[32*b +: 32];
      misses_o = misses_o + b_misses[32*b +: 32];
    end
  end

  if (Banks == 1) begin : g_one
    assign mem_req_valid_o = b_mem_valid[0];
    assign b_mem_ready[0] = mem_req_ready_i;
    assign mem_req_addr_o = b_mem_addr;
    assign b_rsp_valid[0] = mem_rsp_valid_i;
    assign mem_rsp_ready_o = b_rsp_ready[0];
    assign b_rsp_data = mem_rsp_data_i;
  end else begin : g_arb
    tsu_read_arb #(.N(Banks), .AddrW(AddrW), .DataW(128), .Depth(MemDepth)) u_arb (
      .clk_i, .rst_ni,
      .req_valid_i     (b_mem_valid),
      .req_ready_o     (b_mem_ready),
      .req_addr_i      (b_mem_addr),
      .rsp_valid_o     (b_rsp_valid),
      .rsp_ready_i     (b_rsp_ready),
      .rsp_data_o      (b_rsp_data),
      .port_req_valid_o(mem_req_valid_o),
      .port_req_ready_i(mem_req_ready_i),
      .port_req_addr_o (mem_req_addr_o),
      .port_rsp_valid_i(mem_rsp_valid_i),
      .port_rsp_ready_o(mem_rsp_ready_o),
      .port_rsp_data_i (mem_rsp_data_i)
    );
  end
endmodule
