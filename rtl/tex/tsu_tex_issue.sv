// tsu_tex_issue: the one-tap path's memory issue (tsu_tex_engine). A tap (Q4, tsu_tex_tap) reads
// its texel's line, then, with a residency map, its residency byte's line; a border tap or one of
// an unusable level reads nothing. At most MaxReads reads are outstanding. The tap then waits in
// Q5 and the lines, as they return in order, in QR, both read by the return stage (tsu_tex_return),
// which says how many lines it took (lines_popped_i).
module tsu_tex_issue #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned MaxReads = 32,
  parameter bit          QueueRam = 1'b1,
  parameter bit          EnableResidency = 1'b1  // 0: no residency reads (docs/semantics.md H15)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // Q4 (tsu_tex_tap).
  input  logic                tap_empty_i,
  input  tsu_tex_pkg::tap_t   tap_i,
  input  logic [AddrW-1:0]    addr_i,
  input  logic [AddrW-1:0]    res_addr_i,
  output logic                tap_pop_o,
  // The read port (16-byte lines, in-order responses).
  output logic                mem_req_valid_o,
  input  logic                mem_req_ready_i,
  output logic [AddrW-1:0]    mem_req_addr_o,
  input  logic                mem_rsp_valid_i,
  output logic                mem_rsp_ready_o,
  input  logic [127:0]        mem_rsp_data_i,
  // Q5: taps whose reads are issued; QR: the lines.
  input  logic                read_pop_i,
  output logic                read_empty_o,
  output tsu_tex_pkg::read_t  read_o,
  input  logic                line_pop_i,
  output logic                line_empty_o,
  output logic [127:0]        line_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle: a tap's read leaves as the tap reaches Q4's head; from its line's return to QR's head.
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_issue_latency();
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned ReadW = $clog2(MaxReads + 1);

  logic             k_tex_read, k_res_read, k_issued_q, q5_full, k_first, k_skip;
  logic [ReadW-1:0] reads_q;
  assign k_tex_read = !tap_i.border && !tap_i.bad;
  assign k_res_read = EnableResidency && tap_i.res_read;
  // The request (valid, address) and the pop are separate processes: valid must not depend on
  // the port's ready, or an arbiter in front of the port would close a combinational loop.
  assign k_first = k_tex_read && !k_issued_q;  // the texel line is still to be read
  always_comb begin
    mem_req_valid_o = 1'b0;
    mem_req_addr_o = {addr_i[AddrW-1:4], 4'd0};
    k_skip = 1'b0;
    if (!tap_empty_i && !q5_full) begin
      if (k_first) begin
        mem_req_valid_o = reads_q < ReadW'(MaxReads);
      end else if (k_res_read) begin
        mem_req_valid_o = reads_q < ReadW'(MaxReads);
        mem_req_addr_o = {res_addr_i[AddrW-1:4], 4'd0};
      end else begin
        k_skip = 1'b1;  // a border or bad tap: no read
      end
    end
  end
  assign tap_pop_o = k_skip || (mem_req_valid_o && mem_req_ready_i && !(k_first && k_res_read));
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      k_issued_q <= 1'b0;
      reads_q <= '0;
    end else begin
      if (tap_pop_o) k_issued_q <= 1'b0;
      else if (mem_req_valid_o && mem_req_ready_i) k_issued_q <= 1'b1;
      reads_q <= reads_q + ReadW'(mem_req_valid_o && mem_req_ready_i) - ReadW'(line_pop_i);
    end
  end
  // Q5: taps whose reads are issued, waiting for their lines.
  tsu_tex_pkg::read_t q5_in;
  always_comb begin
    q5_in.border = tap_i.border;
    q5_in.bad = tap_i.bad;
    q5_in.tex_read = k_tex_read;
    q5_in.res_read = k_res_read;
    q5_in.off = addr_i[3:0];
    q5_in.res_off = res_addr_i[3:0];
    q5_in.res_bit = tap_i.res_bit;
    q5_in.w = tap_i.w;
    q5_in.ranks = tap_i.ranks;
    q5_in.last = tap_i.last;
    q5_in.code = tap_i.code;
  end
  logic [ReadW-1:0] nc_q5_count, nc_qr_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(q5_in)), .Depth(MaxReads)) u_q5 (
    .clk_i, .rst_ni, .push_i(tap_pop_o), .data_i(q5_in), .pop_i(read_pop_i), .data_o(read_o),
    .empty_o(read_empty_o), .full_o(q5_full), .count_o(nc_q5_count)
  );
  // QR: returned lines.
  logic qr_full;
  tsu_fifo #(.Ram(QueueRam), .Width(128), .Depth(MaxReads)) u_qr (
    .clk_i, .rst_ni, .push_i(mem_rsp_valid_i && mem_rsp_ready_o), .data_i(mem_rsp_data_i),
    .pop_i(line_pop_i), .data_o(line_o), .empty_o(line_empty_o), .full_o(qr_full),
    .count_o(nc_qr_count)
  );
  assign mem_rsp_ready_o = !qr_full;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_reads_full: cover property (@(posedge clk_i) !tap_empty_i && reads_q == ReadW'(MaxReads));
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_q5_count, nc_qr_count};
endmodule
