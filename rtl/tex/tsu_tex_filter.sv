// The filter tree of one sample on one pipelined lerp per lane (golden function
// tsu::FilterTaps, docs/semantics.md T4).
//
// A sample's taps arrive in index order (x fastest, then y, z, the second mip level), each as
// 4 / Lanes beats of Lanes channels (group 0 first). The sample's active ranks (x, y, z, mip)
// say how its taps pair up: each active rank, in order, lerps consecutive pairs of its input by
// the first element's weight for that rank. With k active ranks a sample has 2^k taps and needs
// 2^k - 1 lerps, fewer than its beats, so one lerp per lane is enough to take a beat per cycle:
//   - a tap that opens a pair is stored (per rank position and group);
//   - a tap that closes one issues lerp(stored, tap);
//   - a lerp result that opens a pair at the next rank is stored; one that closes a pair issues
//     the next lerp at once (it has priority: the input stalls for that cycle); one from the last
//     active rank is the sample's result for its group.
// Pairing is first-in first-out at every rank, so results leave in sample order. A sample with no
// active rank (nearest filtering, integer results) passes straight to the output. Samples with
// different rank sets are not mixed in the tree: the input waits until the tree is empty when the
// set changes (a change of filter shape drains the filter, 18 cycles per rank in flight).
//
// Channels lerped per cycle: Lanes (1, 2 or 4). A tap of a sample with an active rank takes
// 4 / Lanes beats (its channel group tap_grp_i picks the lanes' channels out of tap_c_i, group 0
// first); a tap of a sample without one (nearest filtering, integer results) bypasses the lerps
// in one beat, all four channels at once, at any Lanes. Fewer lanes therefore cost filtered
// samples only: at 2 lanes a bilinear sample takes 8 beats instead of 4, a point sample still 1.
// The result of a sample is all four channels, assembled from its groups. Latency from a
// sample's last beat to its result: 1 with no active rank, else 1 + 18 * (active ranks) + stalls;
// declared Latency is the bypass latency, LerpLatency the lerp's.
module tsu_tex_filter #(
  parameter int unsigned Lanes = 4,
  parameter bit          FpRegs = 1'b1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  tap_valid_i,
  output logic                  tap_ready_o,
  input  logic [127:0]          tap_c_i,      // the tap's channels, channel k in [32k +: 32]
  input  logic [1:0]            tap_grp_i,    // channel group, 0 .. 4 / Lanes - 1 (0 to bypass)
  input  logic [31:0]           tap_w_i,      // weights of ranks x, y, z, mip: byte r is rank r
  input  logic [3:0]            tap_ranks_i,  // the sample's active ranks
  output logic                  res_valid_o,  // no backpressure: the consumer takes every result
  output logic [127:0]          res_c_o       // channels 0..3, channel k in [32k +: 32]
);
  localparam int unsigned Groups = 4 / Lanes;
  localparam int unsigned LerpLatency = tsu_hw_pkg::tex_lerp_latency(FpRegs);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::TEX_FILTER_LATENCY;
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned CW = Lanes * 32;

  // Every element in the tree (a tap, or a lerp result) carries the ranks it still has to pass,
  // `rem`; it waits for its partner at the lowest of them. The tree's rank set is ranks_q.
  // (Bit 3 needs no look: with bits 0..2 clear the lowest rank is 3.)
  function automatic logic [1:0] low_rank(logic [2:0] rem);
    low_rank = rem[0] ? 2'd0 : rem[1] ? 2'd1 : rem[2] ? 2'd2 : 2'd3;
  endfunction

  // ---- pair storage -----------------------------------------------------------------------------
  // The tree holds one rank set at a time, so a tap always waits at the set's lowest rank and a
  // lerp result at a higher one (it has passed the tap's): taps and results never share a slot.
  // Taps: one slot per group, written by the input alone (flip-flops, no write mux). Results:
  // one per rank 1..3 and group (slot (r - 1) * Groups + grp), written and read by the returning
  // lerp alone: one write and one read port, a LUT RAM where the part has one.
  localparam int unsigned GW = Groups > 1 ? $clog2(Groups) : 1;
  localparam int unsigned RetSlots = 3 * Groups;
  localparam int unsigned RetW = $clog2(RetSlots);
  logic [Groups-1:0]   tap_have_q;
  logic [CW-1:0]       tap_first_c_q [Groups];
  logic [31:0]         tap_first_w_q [Groups];
  logic [RetSlots-1:0] ret_have_q;
  logic [CW+31:0]      ret_first_q [RetSlots];  // {c, w}

  // ---- the lerp lanes and what travels beside them ------------------------------------------------
  typedef struct packed {
    logic [3:0]  rem;  // ranks still to pass (0: the sample's result for its group)
    logic [1:0]  grp;
    logic [31:0] w;    // the pair's first element's weights, kept for the next ranks
  } side_t;
  logic             issue;
  logic [CW-1:0]    issue_a, issue_b, lerp_c;
  logic [8:0]       issue_w;
  side_t            issue_side, ret_side;
  logic [Lanes-1:0] lerp_valid;
  logic             ret_valid;
  // The tap's channel group: the channels its beat lerps (a small mux per lane, constant indices).
  logic [CW-1:0]    tap_g;
  always_comb begin
    tap_g = tap_c_i[CW-1:0];
    for (int g = 1; g < Groups; g++) begin
      if (32'(tap_grp_i) == g) tap_g = tap_c_i[CW*g +: CW];
    end
  end

  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    tsu_tex_lerp #(.FpRegs(FpRegs)) u_lerp (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .valid_i (issue),
      .a_i     (issue_a[32*l +: 32]),
      .b_i     (issue_b[32*l +: 32]),
      .w_i     (issue_w),
      .valid_o (lerp_valid[l]),
      .result_o(lerp_c[32*l +: 32])
    );
  end
  tsu_delay #(.Width($bits(issue_side)), .Depth(LerpLatency)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(issue),
    .data_i (issue_side),
    .valid_o(ret_valid),
    .data_o (ret_side)
  );

  // ---- this cycle's decisions ------------------------------------------------------------------------
  logic [3:0] ranks_q;     // the rank set of the samples in the tree
  logic [7:0] inflight_q;  // lerps issued and not yet returned (at most LerpLatency + 1)
  logic       tree_empty;
  logic       ret_out, ret_store, ret_pair;
  logic       tap_fire, tap_out, tap_store, tap_pair, tap_accept_ok;
  logic [RetW-1:0] ret_slot;
  logic [GW-1:0]   tap_slot;
  logic [1:0]      ret_r, tap_r;
  logic [CW-1:0]   ret_first_c;
  logic [31:0]     ret_first_w;

  assign ret_r = low_rank(ret_side.rem[2:0]);
  // rem != 0 here: ret_r is 1..3 (a result with rem 0 is a sample's, and takes no slot).
  assign ret_slot = RetW'((32'(ret_r) - 1) * Groups + 32'(ret_side.grp));
  assign ret_out = ret_valid && ret_side.rem == '0;
  assign ret_store = ret_valid && ret_side.rem != '0 && !ret_have_q[ret_slot];
  assign ret_pair = ret_valid && ret_side.rem != '0 && ret_have_q[ret_slot];
  assign {ret_first_c, ret_first_w} = ret_first_q[ret_slot];

  assign tap_r = low_rank(tap_ranks_i[2:0]);
  assign tap_slot = GW'(tap_grp_i);
  assign tree_empty = inflight_q == '0 && tap_have_q == '0 && ret_have_q == '0;
  // A tap joins the tree when its rank set is the tree's, or the tree is empty. Without active
  // ranks it goes to the output (free: the tree then holds no lerp result that could leave in
  // the same cycle). A closing tap needs the lerp, which a returning closer takes first.
  assign tap_accept_ok = tap_ranks_i == ranks_q || tree_empty;
  assign tap_out = tap_ranks_i == '0;
  assign tap_store = !tap_out && !tap_have_q[tap_slot];
  assign tap_pair = !tap_out && tap_have_q[tap_slot];
  assign tap_ready_o = tap_accept_ok && !(tap_pair && ret_pair);
  assign tap_fire = tap_valid_i && tap_ready_o;

  always_comb begin
    issue = 1'b0;
    issue_a = '0;
    issue_b = '0;
    issue_w = '0;
    issue_side = '0;
    if (ret_pair) begin
      issue = 1'b1;
      issue_a = ret_first_c;
      issue_b = lerp_c;
      issue_w = {1'b0, ret_first_w[8*ret_r +: 8]};
      issue_side.rem = ret_side.rem & ~(4'd1 << ret_r);
      issue_side.grp = ret_side.grp;
      issue_side.w = ret_first_w;
    end else if (tap_fire && tap_pair) begin
      issue = 1'b1;
      issue_a = tap_first_c_q[tap_slot];
      issue_b = tap_g;
      issue_w = {1'b0, tap_first_w_q[tap_slot][8*tap_r +: 8]};
      issue_side.rem = tap_ranks_i & ~(4'd1 << tap_r);
      issue_side.grp = tap_grp_i;
      issue_side.w = tap_first_w_q[tap_slot];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tap_have_q <= '0;
      ret_have_q <= '0;
      ranks_q <= '0;
      inflight_q <= '0;
    end else begin
      if (tap_fire) ranks_q <= tap_ranks_i;
      inflight_q <= inflight_q + 8'(issue) - 8'(ret_valid);
      if (ret_store) ret_have_q[ret_slot] <= 1'b1;
      if (ret_pair) ret_have_q[ret_slot] <= 1'b0;
      if (tap_fire && tap_store) tap_have_q[tap_slot] <= 1'b1;
      if (tap_fire && tap_pair) tap_have_q[tap_slot] <= 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (ret_store) ret_first_q[ret_slot] <= {lerp_c, ret_side.w};
  end
  always_ff @(posedge clk_i) begin
    if (tap_fire && tap_store) begin
      tap_first_c_q[tap_slot] <= tap_g;
      tap_first_w_q[tap_slot] <= tap_w_i;
    end
  end

  // ---- output: assemble the groups of a sample (a bypassed tap is the whole sample) --------------
  logic         out_beat, res_valid_q, out_beat_q;
  logic [127:0] res_c_q;
  assign out_beat = ret_out || (tap_fire && tap_out);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      res_valid_q <= 1'b0;
      out_beat_q <= 1'b0;
    end else begin
      res_valid_q <= (ret_out && 32'(ret_side.grp) == Groups - 1) || (tap_fire && tap_out);
      out_beat_q <= out_beat;
    end
  end
  always_ff @(posedge clk_i) begin
    if (tap_fire && tap_out) res_c_q <= tap_c_i;
    for (int g = 0; g < Groups; g++) begin
      if (ret_out && 32'(ret_side.grp) == g) res_c_q[CW*g +: CW] <= lerp_c;
    end
  end
  assign res_valid_o = res_valid_q;
  assign res_c_o = res_c_q;

  logic unused_lerp_valid;
  assign unused_lerp_valid = ^lerp_valid;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // The side channel is timed by LerpLatency: it must agree with the lerp itself.
  always @(posedge clk_i) if (rst_ni) a_side_aligned: assert (lerp_valid == {Lanes{ret_valid}});
  // A result waits above the rank its taps wait at (the storage split relies on it).
  always @(posedge clk_i) if (rst_ni && ret_valid && ret_side.rem != '0)
    a_result_above_taps: assert (ret_r != 2'd0 && ret_r > low_rank(ranks_q[2:0]));
  always @(posedge clk_i) if (rst_ni)
    a_no_output_collision: assert (!(ret_out && tap_fire && tap_out));
  always @(posedge clk_i) if (rst_ni && tap_valid_i)
    a_group_in_range: assert (32'(tap_grp_i) < Groups);
  always @(posedge clk_i) if (rst_ni && tap_valid_i && tap_out)
    a_bypass_one_beat: assert (tap_grp_i == 2'd0);
  c_bypass: cover property (@(posedge clk_i) tap_fire && tap_out);
  c_trilinear_3d: cover property (@(posedge clk_i) tap_fire && tap_ranks_i == 4'hF);
  c_trilinear_1d: cover property (@(posedge clk_i) tap_fire && tap_ranks_i == 4'h9);
  c_mip_only: cover property (@(posedge clk_i) tap_fire && tap_ranks_i == 4'h8);
  c_closer_stalls_input: cover property (@(posedge clk_i) tap_valid_i && tap_pair && ret_pair &&
                                         tap_accept_ok);
  c_shape_change_waits: cover property (@(posedge clk_i) tap_valid_i && !tap_accept_ok);
  c_back_to_back_beats: cover property (@(posedge clk_i) out_beat_q && out_beat);
  /* verilator lint_on SYNCASYNCNET */
`endif
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(Lanes == 1 || Lanes == 2 || Lanes == 4)) begin : g_bad_lanes
    $error("tsu_tex_filter: Lanes 1, 2 or 4");
  end
`endif
endmodule
