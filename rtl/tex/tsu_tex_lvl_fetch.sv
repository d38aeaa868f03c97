// tsu_tex_lvl_fetch: the level-record reads of the sampling pipeline (tsu_tex_engine). A request's
// levels (tsu_tex_lod_path) wait in Q1; each level sampled costs one 16-byte read at the level
// table + 16 x level (two for a linear mip filter between levels: hi, then lo). The levels then
// wait in Q2 and the records, as they return in order, in QL (at most two per request inside
// the engine), both read by the pass generator: Q2 popped once per request, QL once per pass.
module tsu_tex_lvl_fetch #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned MaxInflight = 64,
  parameter bit          QueueRam = 1'b1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 push_i,
  input  logic [63:0]          table_i,
  input  tsu_tex_pkg::levels_t levels_i,
  // Level-record reads (16-byte lines, in-order responses).
  output logic                 lvl_req_valid_o,
  input  logic                 lvl_req_ready_i,
  output logic [AddrW-1:0]     lvl_req_addr_o,
  input  logic                 lvl_rsp_valid_i,
  output logic                 lvl_rsp_ready_o,
  input  logic [127:0]         lvl_rsp_data_i,
  // Q2: a request's levels; QL: the records.
  input  logic                 levels_pop_i,
  output logic                 levels_empty_o,
  output tsu_tex_pkg::levels_t levels_o,
  input  logic                 rec_pop_i,
  output logic                 rec_empty_o,
  output logic [127:0]         rec_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, from push_i to the level-record read, and from the record's return to QL's head.
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_lvl_fetch_latency();
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned CntW = $clog2(MaxInflight + 1);

  // Q1: levels to read, with the table's address.
  logic [63:0]          r_table;
  tsu_tex_pkg::levels_t r;
  logic                 r_second_q, q1_pop, q1_empty, nc_q1_full;
  logic [CntW-1:0]      nc_q1_count;
  tsu_fifo #(.Ram(QueueRam), .Width(64 + $bits(levels_i)), .Depth(MaxInflight)) u_q1 (
    .clk_i, .rst_ni, .push_i, .data_i({table_i, levels_i}),
    .pop_i(q1_pop), .data_o({r_table, r}), .empty_o(q1_empty), .full_o(nc_q1_full),
    .count_o(nc_q1_count)
  );
  assign lvl_req_valid_o = !q1_empty;
  assign lvl_req_addr_o = r_table[AddrW-1:0] + AddrW'({r_second_q ? r.lo : r.hi, 4'd0});
  assign q1_pop = lvl_req_valid_o && lvl_req_ready_i && (!r.two || r_second_q);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) r_second_q <= 1'b0;
    else if (lvl_req_valid_o && lvl_req_ready_i) r_second_q <= r.two && !r_second_q;
  end
  // Q2: the request's passes, waiting for their records.
  logic            nc_q2_full;
  logic [CntW-1:0] nc_q2_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(r)), .Depth(MaxInflight)) u_q2 (
    .clk_i, .rst_ni, .push_i(q1_pop), .data_i(r), .pop_i(levels_pop_i), .data_o(levels_o),
    .empty_o(levels_empty_o), .full_o(nc_q2_full), .count_o(nc_q2_count)
  );
  // QL: the records as they return.
  logic                                  ql_full;
  logic [$clog2(2 * MaxInflight + 1)-1:0] nc_ql_count;
  tsu_fifo #(.Ram(QueueRam), .Width(128), .Depth(2 * MaxInflight)) u_ql (
    .clk_i, .rst_ni, .push_i(lvl_rsp_valid_i && lvl_rsp_ready_o), .data_i(lvl_rsp_data_i),
    .pop_i(rec_pop_i), .data_o(rec_o), .empty_o(rec_empty_o), .full_o(ql_full),
    .count_o(nc_ql_count)
  );
  assign lvl_rsp_ready_o = !ql_full;

  logic unused;
  assign unused = ^{nc_q1_full, nc_q1_count, nc_q2_full, nc_q2_count, nc_ql_count, r_table};
endmodule
