// tsu_tex_quad_issue: the quad path's issue stage (tsu_tex_engine, Quad). It sends each lane's
// line of a slice (QQ4, tsu_tex_quad_gen) to the lane's bank of the banked cache, one read per
// bank per cycle: lanes that name one line in one bank share its read, and a lane whose bank
// another lane with another line took waits a cycle. Each cycle's reads are a group (QQ5), read
// by the return stage (tsu_tex_quad_return). A slice pushes at most four groups: it starts with
// room for them, and keeps its reads shown until they are taken (valid/ready), so the room it was
// admitted with stays its own.
module tsu_tex_quad_issue #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned Depth = 32,      // QQ5's groups
  parameter int unsigned LineBytes = 16,  // the banked cache's line
  parameter bit          QueueRam = 1'b1
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // QQ4 (tsu_tex_quad_gen).
  input  logic                slice_empty_i,
  input  tsu_tex_pkg::slice_t slice_i,
  input  logic [4*AddrW-1:0]  addr_i,
  output logic                slice_pop_o,
  // The banks' read ports (bank b in [AddrW*b +: AddrW]).
  output logic [3:0]          bank_valid_o,
  input  logic [3:0]          bank_ready_i,
  output logic [4*AddrW-1:0]  bank_addr_o,
  // QQ5: the groups.
  input  logic                pop_i,
  output logic                empty_o,
  output tsu_tex_pkg::group_t group_o
);
  localparam int unsigned QOffW = $clog2(LineBytes);

  logic [3:0]  qk_want, qk_go, qk_took, qk_read, qk_done_q, qk_fired, b_fire;
  logic        qk_end, qk_push, qk_room, qk_admit_q, qq5_full;
  logic [1:0]  qk_lead [4];  // the lane whose read a lane takes (itself when it leads)
  logic [AddrW-1:0] qk_a [4];
  logic [$clog2(Depth + 1)-1:0] qq5_count;
  tsu_tex_pkg::slice_t s;
  assign s = slice_i;
  assign qk_room = qk_admit_q || 32'(qq5_count) + 4 <= Depth;
  always_comb begin
    for (int j = 0; j < 4; j++) begin
      qk_a[j] = addr_i[AddrW*j +: AddrW];
      qk_read[j] = s.active[j] && !s.border[j] && !s.bad && !s.corner[j];
      qk_want[j] = !slice_empty_i && qk_read[j] && !qk_done_q[j];
    end
    qk_go = '0;
    for (int j = 0; j < 4; j++) begin
      qk_lead[j] = 2'(j);
      if (qk_want[j]) begin
        qk_go[j] = 1'b1;
        for (int i = 0; i < j; i++) begin
          if (qk_go[i] && qk_lead[i] == 2'(i) && s.banks[2*i +: 2] == s.banks[2*j +: 2]) begin
            if (qk_a[i][AddrW-1:QOffW] == qk_a[j][AddrW-1:QOffW] && qk_lead[j] == 2'(j)) begin
              qk_lead[j] = 2'(i);  // shares lane i's read
            end else if (qk_lead[j] == 2'(j)) begin
              qk_go[j] = 1'b0;     // bank taken by another line: next cycle
            end
          end
        end
      end
    end
    bank_valid_o = '0;
    bank_addr_o = '0;
    // Bank b takes the last leading lane that goes to it (constant indices: a small mux per bank).
    for (int b = 0; b < 4; b++) begin
      for (int j = 0; j < 4; j++) begin
        if (qk_go[j] && qk_lead[j] == 2'(j) && qk_room && 32'(s.banks[2*j +: 2]) == b) begin
          bank_valid_o[b] = 1'b1;
          bank_addr_o[AddrW*b +: AddrW] = {qk_a[j][AddrW-1:4], 4'd0};
        end
      end
    end
  end
  // Apart from the requests: they must not depend on the banks' ready (with no cache a bank's
  // ready is the memory port's, through the arbiters).
  always_comb begin
    b_fire = bank_valid_o & bank_ready_i;
    for (int j = 0; j < 4; j++) begin
      qk_fired[j] = qk_go[j] && b_fire[s.banks[2*32'(qk_lead[j]) +: 2]];
    end
    qk_took = qk_fired;
    qk_end = !slice_empty_i && ((qk_want & ~qk_took) == '0);
    qk_push = qk_room && (qk_took != '0 || qk_end);
  end
  assign slice_pop_o = qk_push && qk_end;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      qk_done_q <= '0;
      qk_admit_q <= 1'b0;
    end else begin
      if (slice_pop_o) qk_done_q <= '0;
      else qk_done_q <= qk_done_q | qk_took;
      if (slice_pop_o) qk_admit_q <= 1'b0;
      else if (qk_push) qk_admit_q <= 1'b1;
    end
  end
  tsu_tex_pkg::group_t g;
  always_comb begin
    g.slice_end = qk_end;
    g.took = qk_took;
    for (int j = 0; j < 4; j++) begin
      g.src[2*j +: 2] = s.banks[2*32'(qk_lead[j]) +: 2];
      g.off[4*j +: 4] = qk_a[j][3:0];
    end
    g.banks_read = b_fire;
    g.corner = s.corner;
    g.active = s.active;
    g.border = s.border;
    g.bad = s.bad;
    g.w = s.w;
    g.ranks = s.ranks;
    g.last = s.last;
  end
  tsu_fifo #(.Ram(QueueRam), .Width($bits(g)), .Depth(Depth)) u_qq5 (
    .clk_i, .rst_ni, .push_i(qk_push), .data_i(g), .pop_i, .data_o(group_o), .empty_o,
    .full_o(qq5_full), .count_o(qq5_count)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // At most one lane leads each bank in a cycle.
  logic qk_lead_clash;
  always_comb begin
    qk_lead_clash = 1'b0;
    for (int j = 0; j < 4; j++) begin
      for (int i = 0; i < j; i++) begin
        if (qk_go[i] && qk_lead[i] == 2'(i) && qk_go[j] && qk_lead[j] == 2'(j) &&
            s.banks[2*i +: 2] == s.banks[2*j +: 2]) qk_lead_clash = 1'b1;
      end
    end
  end
  always @(posedge clk_i) if (rst_ni) a_one_lead_per_bank: assert (!qk_lead_clash);
  c_quad_shared_line: cover property (@(posedge clk_i) qk_push && qk_fired != '0 &&
      (qk_lead[1] == 2'd0 || qk_lead[2] != 2'd2 || qk_lead[3] != 2'd3));
  c_quad_bank_conflict: cover property (@(posedge clk_i) qk_push && !qk_end);
  c_quad_four_reads: cover property (@(posedge clk_i) b_fire == 4'hF);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{qq5_full};
endmodule
