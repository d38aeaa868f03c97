// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_quad_issue with its slice
// (tsu_tex_pkg::slice_t) and group (group_t) records and its four lane addresses and bank ports
// as named ports, so that tb/rtl/tex_quad_issue_test.cc drives and reads them by name.
module tsu_tex_quad_issue_bench #(
  parameter int unsigned AddrW = 40,
  parameter int unsigned Depth = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             slice_empty_i,
  input  logic [3:0]       slice_corner_i,
  input  logic [3:0]       slice_active_i,
  input  logic [3:0]       slice_border_i,
  input  logic             slice_bad_i,
  input  logic [7:0]       slice_banks_i,
  input  logic [31:0]      slice_w_i,
  input  logic [3:0]       slice_ranks_i,
  input  logic             slice_last_i,
  input  logic [AddrW-1:0] addr0_i,
  input  logic [AddrW-1:0] addr1_i,
  input  logic [AddrW-1:0] addr2_i,
  input  logic [AddrW-1:0] addr3_i,
  output logic             slice_pop_o,
  output logic [3:0]       bank_valid_o,
  input  logic [3:0]       bank_ready_i,
  output logic [AddrW-1:0] bank0_addr_o,
  output logic [AddrW-1:0] bank1_addr_o,
  output logic [AddrW-1:0] bank2_addr_o,
  output logic [AddrW-1:0] bank3_addr_o,
  input  logic             pop_i,
  output logic             empty_o,
  output logic             group_slice_end_o,
  output logic [3:0]       group_took_o,
  output logic [7:0]       group_src_o,
  output logic [15:0]      group_off_o,
  output logic [3:0]       group_banks_read_o,
  output logic [3:0]       group_corner_o,
  output logic [3:0]       group_active_o,
  output logic [3:0]       group_border_o,
  output logic             group_bad_o,
  output logic [31:0]      group_w_o,
  output logic [3:0]       group_ranks_o,
  output logic             group_last_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchDepth /*verilator public*/ = Depth;
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::slice_t s;
  tsu_tex_pkg::group_t g;
  logic [4*AddrW-1:0]  bank_addr;
  always_comb begin
    s.corner = slice_corner_i;
    s.active = slice_active_i;
    s.border = slice_border_i;
    s.bad = slice_bad_i;
    s.banks = slice_banks_i;
    s.w = slice_w_i;
    s.ranks = slice_ranks_i;
    s.last = slice_last_i;
  end
  assign bank0_addr_o = bank_addr[0*AddrW +: AddrW];
  assign bank1_addr_o = bank_addr[1*AddrW +: AddrW];
  assign bank2_addr_o = bank_addr[2*AddrW +: AddrW];
  assign bank3_addr_o = bank_addr[3*AddrW +: AddrW];
  assign group_slice_end_o = g.slice_end;
  assign group_took_o = g.took;
  assign group_src_o = g.src;
  assign group_off_o = g.off;
  assign group_banks_read_o = g.banks_read;
  assign group_corner_o = g.corner;
  assign group_active_o = g.active;
  assign group_border_o = g.border;
  assign group_bad_o = g.bad;
  assign group_w_o = g.w;
  assign group_ranks_o = g.ranks;
  assign group_last_o = g.last;

  tsu_tex_quad_issue #(.AddrW(AddrW), .Depth(Depth), .LineBytes(16), .QueueRam(1'b1)) u_quad_issue (
    .clk_i, .rst_ni, .slice_empty_i, .slice_i(s), .addr_i({addr3_i, addr2_i, addr1_i, addr0_i}),
    .slice_pop_o, .bank_valid_o, .bank_ready_i, .bank_addr_o(bank_addr), .pop_i, .empty_o,
    .group_o(g)
  );
endmodule
