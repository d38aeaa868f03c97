// tsu_read_arb: N in-order read requesters onto one in-order read port. A round-robin pick sends
// one read per cycle and notes its requester in the route queue; the port's in-order answers go
// back to the requester at the queue's head. A read shown to the port and not taken stays shown
// (same requester, same address) until it is taken, as a valid/ready sender must. Depth bounds the
// reads in flight on the port. Latency 0: a read goes out in the cycle it is picked.
module tsu_read_arb #(
  parameter int unsigned N = 2,
  parameter int unsigned AddrW = 48,
  parameter int unsigned DataW = 128,
  parameter int unsigned Depth = 32
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  // Requester k in bit k / [AddrW*k +: AddrW]; answers carry the port's data to every requester.
  input  logic [N-1:0]       req_valid_i,
  output logic [N-1:0]       req_ready_o,
  input  logic [N*AddrW-1:0] req_addr_i,
  output logic [N-1:0]       rsp_valid_o,
  input  logic [N-1:0]       rsp_ready_i,
  output logic [DataW-1:0]   rsp_data_o,
  // The port.
  output logic               port_req_valid_o,
  input  logic               port_req_ready_i,
  output logic [AddrW-1:0]   port_req_addr_o,
  input  logic               port_rsp_valid_i,
  output logic               port_rsp_ready_o,
  input  logic [DataW-1:0]   port_rsp_data_i
);
  localparam int unsigned IdW = (N > 1) ? $clog2(N) : 1;
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 0;
  /* verilator lint_on UNUSEDPARAM */

  logic [IdW-1:0] rr_q, pick, held_id_q, id, r_id;
  logic           any, fire, held_q, r_empty, r_full;
  logic [$clog2(Depth + 1)-1:0] nc_r_count;
  always_comb begin
    any = 1'b0;
    pick = '0;
    for (int k = N - 1; k >= 0; k--) begin
      if (req_valid_i[(32'(rr_q) + 32'(k)) % N]) begin
        any = 1'b1;
        pick = IdW'((32'(rr_q) + 32'(k)) % N);
      end
    end
  end
  assign id = held_q ? held_id_q : pick;
  assign port_req_valid_o = (held_q || any) && !r_full;
  assign port_req_addr_o = req_addr_i[AddrW*id +: AddrW];
  assign fire = port_req_valid_o && port_req_ready_i;
  always_comb begin
    req_ready_o = '0;
    req_ready_o[id] = port_req_ready_i && !r_full;
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rr_q <= '0;
      held_q <= 1'b0;
      held_id_q <= '0;
    end else begin
      if (fire) rr_q <= IdW'((32'(id) + 1) % N);
      held_q <= port_req_valid_o && !port_req_ready_i;
      held_id_q <= id;
    end
  end
  tsu_fifo #(.Width(IdW), .Depth(Depth)) u_route (
    .clk_i, .rst_ni, .push_i(fire), .data_i(id), .pop_i(port_rsp_valid_i && port_rsp_ready_o),
    .data_o(r_id), .empty_o(r_empty), .full_o(r_full), .count_o(nc_r_count)
  );
  always_comb begin
    rsp_valid_o = '0;
    rsp_valid_o[r_id] = port_rsp_valid_i;
  end
  assign rsp_data_o = port_rsp_data_i;
  assign port_rsp_ready_o = rsp_ready_i[r_id];
  logic unused_route;
  assign unused_route = ^nc_r_count;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // A held read is its requester's: the requester keeps it up (valid/ready).
  always @(posedge clk_i) if (rst_ni && held_q)
    a_held_kept: assert (req_valid_i[held_id_q]);
  always @(posedge clk_i) if (rst_ni && port_rsp_valid_i)
    a_rsp_routed: assert (!r_empty);
  c_two_want: cover property (@(posedge clk_i) $countones(req_valid_i) >= 2);
  c_route_full: cover property (@(posedge clk_i) any && r_full);
  c_held: cover property (@(posedge clk_i) held_q);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
