// tsu_port_arb: two requesters (a: the surface path, b: the tex unit) share one in-order memory
// port. Requests are granted round robin; a request shown to the port stays until the port
// takes it (the grant is held), so the port sees a valid/ready sender. Each read's owner goes
// into a route FIFO, and the in-order read data goes back to whoever owns the head. A read waits
// while the route FIFO is full; a write (no data back) does not. Golden model: none of its own:
// what it merges is checked through the unit's co-simulation (the memory model answers the
// merged port, and every line returns to its reader or the unit's results differ).
module tsu_port_arb #(
  parameter int unsigned PayloadW = 8,     // a request without its valid
  parameter int unsigned RouteDepth = 16,  // reads outstanding at once (tsu_top makes it the sum
                                           // of what its two requesters can have: never full)
  parameter bit RouteRam = 1'b0            // the route FIFO in block RAM
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                a_valid_i,
  output logic                a_ready_o,
  input  logic                a_read_i,     // the request expects a line back
  input  logic [PayloadW-1:0] a_payload_i,
  input  logic                b_valid_i,
  output logic                b_ready_o,
  input  logic                b_read_i,
  input  logic [PayloadW-1:0] b_payload_i,
  output logic                valid_o,
  input  logic                ready_i,
  output logic [PayloadW-1:0] payload_o,
  // Read data, in request order.
  input  logic                rsp_valid_i,
  output logic                rsp_ready_o,
  output logic                a_rsp_valid_o,
  input  logic                a_rsp_ready_i,
  output logic                b_rsp_valid_o,
  input  logic                b_rsp_ready_i
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 0;  // request to port: combinational
  /* verilator lint_on UNUSEDPARAM */

  logic route_full, route_empty, route_head, take;
  logic a_ok, b_ok, pick_b, held_q, held_b_q, prefer_b_q;
  // A read may go only while its owner can be recorded.
  assign a_ok = a_valid_i && (!a_read_i || !route_full);
  assign b_ok = b_valid_i && (!b_read_i || !route_full);
  assign pick_b = held_q ? held_b_q : (b_ok && (!a_ok || prefer_b_q));
  assign valid_o = pick_b ? b_ok : a_ok;
  assign payload_o = pick_b ? b_payload_i : a_payload_i;
  assign a_ready_o = !pick_b && a_ok && ready_i;
  assign b_ready_o = pick_b && b_ok && ready_i;
  assign take = valid_o && ready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held_q <= 1'b0;
      held_b_q <= 1'b0;
      prefer_b_q <= 1'b0;
    end else begin
      held_q <= valid_o && !ready_i;
      held_b_q <= pick_b;
      if (take) prefer_b_q <= !pick_b;  // the other one next time both ask
    end
  end

  logic [$clog2(RouteDepth + 1)-1:0] route_count;
  tsu_fifo #(.Width(1), .Depth(RouteDepth), .Ram(RouteRam)) u_route (
    .clk_i, .rst_ni,
    .push_i (take && (pick_b ? b_read_i : a_read_i)),
    .data_i (pick_b),
    .pop_i  (rsp_valid_i && rsp_ready_o),
    .data_o (route_head),
    .empty_o(route_empty),
    .full_o (route_full),
    .count_o(route_count)
  );
  assign a_rsp_valid_o = rsp_valid_i && !route_empty && !route_head;
  assign b_rsp_valid_o = rsp_valid_i && !route_empty && route_head;
  assign rsp_ready_o = !route_empty && (route_head ? b_rsp_ready_i : a_rsp_ready_i);

  logic unused;
  assign unused = ^route_count;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  a_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
      valid_o && !ready_i |=> valid_o && $stable(payload_o));
  always @(posedge clk_i) if (rst_ni && rsp_valid_i)
    a_data_has_owner: assert (!route_empty);
  c_both_ask: cover property (@(posedge clk_i) a_valid_i && b_valid_i);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
