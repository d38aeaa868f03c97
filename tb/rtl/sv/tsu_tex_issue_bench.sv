// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_issue with its tap record
// (tsu_tex_pkg::tap_t) and read record (read_t) as named ports, so that tb/rtl/tex_issue_test.cc
// drives and reads every field by name, never by bit position; MaxReads is exported to C++.
module tsu_tex_issue_bench #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned MaxReads = 8,
  parameter bit          EnableResidency = 1'b1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             tap_empty_i,
  input  logic             tap_border_i,
  input  logic             tap_bad_i,
  input  logic             tap_res_read_i,
  input  logic [2:0]       tap_res_bit_i,
  input  logic [31:0]      tap_w_i,
  input  logic [3:0]       tap_ranks_i,
  input  logic             tap_last_i,
  input  logic [1:0]       tap_code_i,
  input  logic [AddrW-1:0] addr_i,
  input  logic [AddrW-1:0] res_addr_i,
  output logic             tap_pop_o,
  output logic             mem_req_valid_o,
  input  logic             mem_req_ready_i,
  output logic [AddrW-1:0] mem_req_addr_o,
  input  logic             mem_rsp_valid_i,
  output logic             mem_rsp_ready_o,
  input  logic [127:0]     mem_rsp_data_i,
  input  logic             read_pop_i,
  output logic             read_empty_o,
  output logic             read_border_o,
  output logic             read_bad_o,
  output logic             read_tex_read_o,
  output logic             read_res_read_o,
  output logic [3:0]       read_off_o,
  output logic [3:0]       read_res_off_o,
  output logic [2:0]       read_res_bit_o,
  output logic [31:0]      read_w_o,
  output logic [3:0]       read_ranks_o,
  output logic             read_last_o,
  output logic [1:0]       read_code_o,
  input  logic             line_pop_i,
  output logic             line_empty_o,
  output logic [127:0]     line_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchMaxReads /*verilator public*/ = MaxReads;
  localparam int unsigned BenchResidency /*verilator public*/ = 32'(EnableResidency);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::tap_t  tap;
  tsu_tex_pkg::read_t rd;
  always_comb begin
    tap.border = tap_border_i;
    tap.bad = tap_bad_i;
    tap.res_read = tap_res_read_i;
    tap.res_bit = tap_res_bit_i;
    tap.w = tap_w_i;
    tap.ranks = tap_ranks_i;
    tap.last = tap_last_i;
    tap.code = tap_code_i;
  end
  assign read_border_o = rd.border;
  assign read_bad_o = rd.bad;
  assign read_tex_read_o = rd.tex_read;
  assign read_res_read_o = rd.res_read;
  assign read_off_o = rd.off;
  assign read_res_off_o = rd.res_off;
  assign read_res_bit_o = rd.res_bit;
  assign read_w_o = rd.w;
  assign read_ranks_o = rd.ranks;
  assign read_last_o = rd.last;
  assign read_code_o = rd.code;

  tsu_tex_issue #(
    .AddrW(AddrW), .MaxReads(MaxReads), .QueueRam(1'b1), .EnableResidency(EnableResidency)
  ) u_issue (
    .clk_i, .rst_ni, .tap_empty_i, .tap_i(tap), .addr_i, .res_addr_i, .tap_pop_o,
    .mem_req_valid_o, .mem_req_ready_i, .mem_req_addr_o, .mem_rsp_valid_i, .mem_rsp_ready_o,
    .mem_rsp_data_i, .read_pop_i, .read_empty_o, .read_o(rd), .line_pop_i, .line_empty_o, .line_o
  );
endmodule
