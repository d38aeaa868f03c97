// tsu_tex_lod_path: a request's level of detail and the levels it samples (tsu_tex_engine). Three
// paths to tsu_tex_lod, so that each request pays only for what it needs and requests arrive in
// order:
//   short: no .grad in flight and none here: straight to tsu_tex_lod;
//   A (GradLat): a .grad request (or one behind a .grad in A): lambda from tsu_tex_grad;
//   B (GradLongLat): a .grad on a cube (or one behind a request in B): lambda from
//     tsu_tex_cube_grad, which starts from face selection's early outputs (its gradients wait
//     CubeAxisLat cycles for them); a non-cube .grad in B takes tsu_tex_grad's lambda, delayed.
// B's delay line continues A's: a request of B passes A's exit and goes on. A request takes
// B while B holds one, else A while A holds one, else its own path, so no path's exit meets
// another's in a cycle (a later entry never leaves earlier). The result (tsu_tex_pkg::levels_t,
// with the request's level table) leaves with levels_valid_o, one per request, in order.
// At CubeGradBeats 2 (4) the cube gradients take no request in the cycle (3 cycles) after a
// cube .grad, and at GradBeats 2 or 6 the gradients none for GradBeats - 1 cycles after another .grad: hold_o. Only a non-cube .grad enters
// tsu_tex_grad (the others' lambda is not read: a cube .grad's comes from tsu_tex_cube_grad).
//
// Shared (CubeGradBeats 2 or 4, with .grad and cube maps; any GradBeats): one gradient
// datapath for every geometry. tsu_tex_cube_grad stops at its quotients (Tail 0) and tsu_tex_grad finishes
// them as it does a non-cube .grad's operands (scaled by N/2 instead of the extents, the third
// axis +0), so every .grad takes path B (GradLongLat: face selection, the quotients, the
// gradients) and a non-cube .grad's operands wait beside the quotient pipeline in a RAM ring.
// Each .grad holds the entry for GradBeats - 1 cycles (a cube .grad for the longer of that and
// CubeGradBeats - 1), so the two kinds meet tsu_tex_grad at least GradBeats cycles apart. The cube
// gradients' scale, square, sum, compare and lambda are gone, for a non-cube .grad's latency: 57
// cycles at GradBeats 2 (60 at 6, 56 at 1), not path A's 26. At GradBeats 1 (texquad's shape,
// CubeGradBeats 2) that is 2 442 xc7 LUT, 8 DSP48 and 856 FF fewer (the block alone, flattened:
// 15 647 -> 13 205 LUT); the longer wait needs more requests in flight to keep a footprint a cycle
// (texquad: 256). Only CubeGradBeats 1 keeps paths A and B apart.
module tsu_tex_lod_path #(
  parameter int unsigned CubeGradBeats = 2,
  // Cycles per .grad request in tsu_tex_grad: 1, 2 (dPdx, then dPdy through one gradient's
  // datapath: half its multipliers and adders; the entry takes no request in the cycle after such
  // a .grad) or 6 (one partial a cycle: two multipliers, two adders; the entry holds 5 cycles).
  parameter int unsigned GradBeats = 1,
  // Feature knobs (docs/semantics.md H15): without .grad no gradient pipeline (paths A and B);
  // without cube maps no path B; without a linear mip filter one level per request.
  parameter bit          EnableGrad = 1'b1,
  parameter bit          EnableCube = 1'b1,
  parameter bit          EnableMipLinear = 1'b1,
  // The sideband beside the gradient blocks (a request's LOD fields for 26 or 50 cycles) in RAM
  // rings, not registers (tsu_delay Ram): same timing.
  parameter bit          QueueRam = 1'b1
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   accept_i,
  input  logic                   grad_i,      // a .grad request
  input  logic                   cube_i,      // a cube request
  input  tsu_tex_pkg::lod_req_t  lod_i,
  input  tsu_tex_pkg::grad_req_t grad_req_i,
  output logic                   hold_o,      // the entry takes no request this cycle
  // Face selection's early outputs (tsu_tex_cube_path), CubeAxisLat after a cube's acceptance.
  input  logic                   axis_valid_i,
  input  logic [2:0]             axis_face_i,
  input  logic [31:0]            axis_sc_i,
  input  logic [31:0]            axis_tc_i,
  input  logic [31:0]            axis_ma_i,
  output logic                   levels_valid_o,
  output logic [63:0]            table_o,     // the level table's address
  output tsu_tex_pkg::levels_t   levels_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, a request without .grad from acceptance to its levels (levels_valid_o).
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_lod_path_latency();
  /* verilator lint_on UNUSEDPARAM */
  // ---- Latencies of the blocks it joins --------------------------------------------------------
  // The children at their defaults but for the beats given here (tsu_tex_cube: tsu_tex_cube_path's).
  localparam int unsigned LodLat = tsu_hw_pkg::tex_lod_latency(1'b1, 1'b1, 1'b1, 1'b1);
  localparam int unsigned GradLat = tsu_hw_pkg::tex_grad_latency(GradBeats);
  localparam int unsigned CubeAxisLat = tsu_hw_pkg::tex_cube_axis_latency(1'b1);
  localparam int unsigned CubeGradLat = tsu_hw_pkg::tex_cube_grad_latency(1'b1, CubeGradBeats, 2);
  localparam int unsigned CubeQuotLat = tsu_hw_pkg::tex_cube_quot_latency(1'b1, CubeGradBeats, 2);
  localparam bit Shared = EnableGrad && EnableCube && CubeGradBeats >= 2;
  // Shared: the cycles the entry holds after a .grad, a non-cube's and a cube's (the gradients'
  // interval, and the quotients' if longer).
  localparam int unsigned GapGrad = GradBeats - 1;
  localparam int unsigned GapCube = (CubeGradBeats > GradBeats ? CubeGradBeats : GradBeats) - 1;
  // A .grad request's lambda, on any geometry: the cube gradients' path, the longer one (Shared:
  // face selection, the quotients and tsu_tex_grad, for every .grad).
  localparam int unsigned GradLongLat = Shared ? CubeAxisLat + CubeQuotLat + GradLat
                                               : CubeAxisLat + CubeGradLat;

  tsu_tex_pkg::lod_req_t x_a, x_b, x_lod;
  logic x_take_a, x_take_b, x_a_valid, x_a_on, x_a_exit, x_b_valid, x_lod_valid;
  logic g_valid, g_valid_raw, cg_in_valid, cg_valid, cg_gap_q, g_gap_q;
  logic signed [15:0] g_lambda, g_lambda_raw, cg_lambda, x_lambda;
  assign x_a_exit = x_a_valid && !x_a_on;  // a request of A leaves at A's exit
  // ---- Path A: tsu_tex_grad (EnableGrad) ---------------------------------------------------------
  if (EnableGrad && !Shared) begin : g_grad
    logic [$clog2(GradLat + 2)-1:0] a_count_q;  // requests in path A
    logic [31:0]                    nc_rho2;
    assign x_take_a = !x_take_b && (grad_i || a_count_q != '0);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) a_count_q <= '0;
      else a_count_q <= a_count_q + $bits(a_count_q)'(accept_i && x_take_a) - $bits(a_count_q)'(x_a_exit);
    end
    tsu_tex_grad #(.Beats(GradBeats)) u_grad (
      .clk_i, .rst_ni,
      .valid_i (accept_i && grad_i && !cube_i),
      .dpdx_i  (grad_req_i.dpdx),
      .dpdy_i  (grad_req_i.dpdy),
      .axes_i  (grad_req_i.axes),
      .scale_i (grad_req_i.scale),
      .width_i (grad_req_i.width),
      .height_i(grad_req_i.height),
      .depth_i (grad_req_i.depth),
      .sz_sel_i(1'b0),
      .sz_i    ('0),
      .valid_o (g_valid_raw),
      .rho2_o  (nc_rho2),
      .lambda_o(g_lambda_raw)
    );
    // Path A's delay line (every request of A and B).
    tsu_delay #(.Width(1 + $bits(lod_i)), .Depth(GradLat), .Ram(QueueRam)) u_grad_side (
      .clk_i, .rst_ni, .valid_i(accept_i && (x_take_a || x_take_b)), .data_i({x_take_b, lod_i}),
      .valid_o(x_a_valid), .data_o({x_a_on, x_a})
    );
    if (GradBeats > 1) begin : g_gap
      // The cycles left of the interval of the last .grad taken.
      logic [$clog2(GradBeats)-1:0] gap_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) gap_q <= '0;
        else if (accept_i && grad_i && !cube_i) gap_q <= $bits(gap_q)'(GradBeats - 1);
        else if (gap_q != '0) gap_q <= gap_q - 1'b1;
      end
      assign g_gap_q = gap_q != '0;
    end else begin : g_no_gap
      assign g_gap_q = 1'b0;
    end
    logic unused_grad;
    assign unused_grad = ^{nc_rho2};
  end else if (!Shared) begin : g_no_grad
    assign g_gap_q = 1'b0;
    assign x_take_a = 1'b0;
    assign g_valid_raw = 1'b0;
    assign g_lambda_raw = '0;
    assign x_a_valid = 1'b0;
    assign x_a_on = 1'b0;
    assign x_a = '0;
    logic unused_grad;
    assign unused_grad = ^{grad_req_i};
  end
  // ---- Path B: tsu_tex_cube_grad, continuing A's delay line (EnableGrad, EnableCube) -------------
  if (EnableGrad && EnableCube && !Shared) begin : g_cube_grad
    logic [$clog2(GradLongLat + 2)-1:0] b_count_q;  // requests in path B
    logic [31:0]                        nc_rho2, nc_hn;
    logic                               nc_quot_valid;
    logic [127:0]                       nc_quot;  // Tail 1: no quotients out
    assign x_take_b = (grad_i && cube_i) || b_count_q != '0;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) b_count_q <= '0;
      else b_count_q <= b_count_q + $bits(b_count_q)'(accept_i && x_take_b) - $bits(b_count_q)'(x_b_valid);
    end
    // A non-cube .grad in path B: its lambda waits for B's exit.
    tsu_delay #(.Width(16), .Depth(GradLongLat - GradLat), .Ram(QueueRam)) u_grad_wait (
      .clk_i, .rst_ni, .valid_i(g_valid_raw && x_a_on), .data_i(g_lambda_raw),
      .valid_o(g_valid), .data_o(g_lambda)
    );
    // The cube gradients: dPdx, dPdy and the face size wait CubeAxisLat cycles for the face.
    logic [95:0] cg_dpdx, cg_dpdy;
    logic [16:0] cg_width;
    tsu_delay #(.Width(96 + 96 + 17), .Depth(CubeAxisLat), .Ram(QueueRam)) u_cube_grad_in (
      .clk_i, .rst_ni, .valid_i(accept_i && grad_i && cube_i),
      .data_i({grad_req_i.dpdx, grad_req_i.dpdy, grad_req_i.width}),
      .valid_o(cg_in_valid), .data_o({cg_dpdx, cg_dpdy, cg_width})
    );
    if (CubeGradBeats > 1) begin : g_cg_gap
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) cg_gap_q <= 1'b0;
        else cg_gap_q <= accept_i && grad_i && cube_i;
      end
    end else begin : g_cg_no_gap
      assign cg_gap_q = 1'b0;
    end
    tsu_tex_cube_grad #(.Beats(CubeGradBeats)) u_cube_grad (
      .clk_i, .rst_ni,
      .valid_i (cg_in_valid),
      .face_i  (axis_face_i),
      .sc_i    (axis_sc_i),
      .tc_i    (axis_tc_i),
      .ma_i    (axis_ma_i),
      .dpdx_i  (cg_dpdx),
      .dpdy_i  (cg_dpdy),
      .width_i (cg_width),
      .valid_o (cg_valid),
      .rho2_o  (nc_rho2),
      .lambda_o(cg_lambda),
      .quot_valid_o(nc_quot_valid),
      .quot_o  (nc_quot),
      .hn_o    (nc_hn)
    );
    tsu_delay #(.Width($bits(lod_i)), .Depth(GradLongLat - GradLat), .Ram(QueueRam)) u_cube_grad_side (
      .clk_i, .rst_ni, .valid_i(x_a_valid && x_a_on), .data_i(x_a),
      .valid_o(x_b_valid), .data_o(x_b)
    );
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    // A cube .grad request's gradients meet its face, and its lambda its place in the long path.
    always @(posedge clk_i) if (rst_ni && cg_in_valid)
      a_cube_grad_face: assert (axis_valid_i);
    always @(posedge clk_i) if (rst_ni && cg_valid)
      a_cube_grad_aligned: assert (x_b_valid);
    always @(posedge clk_i) if (rst_ni && g_valid)
      a_grad_b_aligned: assert (x_b_valid);
    /* verilator lint_on SYNCASYNCNET */
`endif
    logic unused_cube_grad;
    assign unused_cube_grad = ^{nc_rho2, g_valid, nc_quot_valid, nc_quot, nc_hn};
  end else if (!Shared) begin : g_no_cube_grad
    assign x_take_b = 1'b0;
    assign g_valid = 1'b0;
    assign g_lambda = '0;
    assign cg_in_valid = 1'b0;
    assign cg_valid = 1'b0;
    assign cg_lambda = '0;
    assign cg_gap_q = 1'b0;
    assign x_b_valid = 1'b0;
    assign x_b = '0;
    logic unused_cube_grad;
    assign unused_cube_grad = ^{axis_valid_i, axis_face_i, axis_sc_i, axis_tc_i, axis_ma_i, cg_in_valid,
                                g_valid, cube_i};
  end
  // ---- Shared: one gradient datapath, every .grad in path B (CubeGradBeats 2, 4) ------------------
  tsu_tex_pkg::grad_req_t nq;  // a non-cube .grad's operands, waiting (here for yosys 0.23)
  if (Shared) begin : g_shared
    logic [$clog2(GradLongLat + 2)-1:0] b_count_q;  // requests in path B
    logic [2:0]                         gap_q;  // cycles the entry still holds
    logic                               nq_valid, cq_valid;
    logic [127:0]                       cq;         // a cube .grad's quotients
    logic [31:0]                        cq_hn, nc_rho2, nc_cg_rho2;
    logic                               nc_cg_valid;  // Tail 0: no lambda here
    logic signed [15:0]                 nc_cg_lambda;
    assign x_take_b = grad_i || b_count_q != '0;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        b_count_q <= '0;
        gap_q <= '0;
      end else begin
        b_count_q <= b_count_q + $bits(b_count_q)'(accept_i && x_take_b) - $bits(b_count_q)'(x_b_valid);
        // The gradients take a .grad every GradBeats cycles, the quotients a cube .grad every
        // CubeGradBeats cycles.
        if (accept_i && grad_i) gap_q <= cube_i ? $bits(gap_q)'(GapCube) : $bits(gap_q)'(GapGrad);
        else if (gap_q != '0) gap_q <= gap_q - 1'b1;
      end
    end
    tsu_delay #(.Width($bits(lod_i)), .Depth(GradLongLat), .Ram(QueueRam)) u_side (
      .clk_i, .rst_ni, .valid_i(accept_i && x_take_b), .data_i(lod_i),
      .valid_o(x_b_valid), .data_o(x_b)
    );
    // A cube .grad: dPdx, dPdy and the face size wait CubeAxisLat cycles for the face, then the
    // quotients.
    logic [95:0] cg_dpdx, cg_dpdy;
    logic [16:0] cg_width;
    tsu_delay #(.Width(96 + 96 + 17), .Depth(CubeAxisLat), .Ram(QueueRam)) u_cube_grad_in (
      .clk_i, .rst_ni, .valid_i(accept_i && grad_i && cube_i),
      .data_i({grad_req_i.dpdx, grad_req_i.dpdy, grad_req_i.width}),
      .valid_o(cg_in_valid), .data_o({cg_dpdx, cg_dpdy, cg_width})
    );
    tsu_tex_cube_grad #(.Beats(CubeGradBeats), .Tail(1'b0)) u_cube_quot (
      .clk_i, .rst_ni,
      .valid_i     (cg_in_valid),
      .face_i      (axis_face_i),
      .sc_i        (axis_sc_i),
      .tc_i        (axis_tc_i),
      .ma_i        (axis_ma_i),
      .dpdx_i      (cg_dpdx),
      .dpdy_i      (cg_dpdy),
      .width_i     (cg_width),
      .valid_o     (nc_cg_valid),
      .rho2_o      (nc_cg_rho2),
      .lambda_o    (nc_cg_lambda),
      .quot_valid_o(cq_valid),
      .quot_o      (cq),
      .hn_o        (cq_hn)
    );
    // A non-cube .grad: its operands wait as long as a cube's quotients take.
    tsu_delay #(.Width($bits(grad_req_i)), .Depth(CubeAxisLat + CubeQuotLat), .Ram(QueueRam)) u_grad_in (
      .clk_i, .rst_ni, .valid_i(accept_i && grad_i && !cube_i), .data_i(grad_req_i),
      .valid_o(nq_valid), .data_o(nq)
    );
    tsu_tex_grad #(.Beats(GradBeats)) u_grad (
      .clk_i, .rst_ni,
      .valid_i (nq_valid || cq_valid),
      .dpdx_i  (cq_valid ? {32'd0, cq[63:0]} : nq.dpdx),
      .dpdy_i  (cq_valid ? {32'd0, cq[127:64]} : nq.dpdy),
      .axes_i  (cq_valid ? 2'd2 : nq.axes),
      .scale_i (nq.scale),
      .width_i (nq.width),
      .height_i(nq.height),
      .depth_i (nq.depth),
      .sz_sel_i(cq_valid),
      .sz_i    ({3{cq_hn}}),
      .valid_o (g_valid),
      .rho2_o  (nc_rho2),
      .lambda_o(g_lambda)
    );
    assign g_gap_q = gap_q != '0;
    assign {x_take_a, cg_gap_q, g_valid_raw, g_lambda_raw} = '0;
    assign {x_a_valid, x_a_on, x_a} = '0;
    assign {cg_valid, cg_lambda} = '0;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && cg_in_valid)
      a_cube_grad_face: assert (axis_valid_i);
    always @(posedge clk_i) if (rst_ni) a_one_kind: assert (!(nq_valid && cq_valid));
    always @(posedge clk_i) if (rst_ni && g_valid)
      a_grad_aligned_b: assert (x_b_valid);
    /* verilator lint_on SYNCASYNCNET */
`endif
    logic unused_shared;
    assign unused_shared = ^{nc_rho2, nc_cg_valid, nc_cg_rho2, nc_cg_lambda};
  end else begin : g_no_shared
    assign nq = '0;
    logic unused_nq;
    assign unused_nq = ^{nq};
  end

  assign hold_o = cg_gap_q || g_gap_q;
  assign x_lambda = x_b_valid ? (cg_valid ? cg_lambda : g_lambda) : g_lambda_raw;
  // A request enters the short path only when the gradient pipeline is empty: the two never
  // deliver in the same cycle.
  assign x_lod_valid = x_b_valid || x_a_exit || (accept_i && !x_take_a && !x_take_b);
  assign x_lod = x_b_valid ? x_b : x_a_exit ? x_a : lod_i;

  logic       lod_valid, lod_minify;
  logic [5:0] lod_level, lod_next;
  logic [7:0] lod_frac;
  tsu_tex_lod u_lod (
    .clk_i, .rst_ni,
    .valid_i      (x_lod_valid),
    .mode_i       (x_lod.mode),
    .lod_i        (x_lod.lod),
    .grad_lambda_i(x_lambda),
    .bias_i       (x_lod.bias),
    .min_lod_i    (x_lod.min_lod),
    .max_lod_i    (x_lod.max_lod),
    .mip_i        (x_lod.mip),
    .levels_i     ({1'b0, x_lod.levels}),
    .blend_i      (x_lod.float_res),
    .valid_o      (lod_valid),
    .minify_o     (lod_minify),
    .level_o      (lod_level),
    .next_o       (lod_next),
    .frac_o       (lod_frac)
  );
  tsu_tex_pkg::lod_req_t ld;  // the request beside tsu_tex_lod
  logic                  nc_ld_valid;
  tsu_delay #(.Width($bits(x_lod)), .Depth(LodLat)) u_lod_side (
    .clk_i, .rst_ni, .valid_i(x_lod_valid), .data_i(x_lod), .valid_o(nc_ld_valid), .data_o(ld)
  );
  logic two;
  always_comb begin
    two = EnableMipLinear && !ld.s32path && lod_frac != 8'd0;
    levels_o.hi = ld.s32path && !ld.grad_level ? ld.level_s32 : lod_level[4:0];
    levels_o.lo = lod_next[4:0];
    levels_o.two = two;
    levels_o.linear = !ld.s32path && ld.float_res && (lod_minify ? ld.lin_min : ld.lin_mag);
    levels_o.frac = two ? lod_frac : 8'd0;
  end
  assign levels_valid_o = lod_valid;
  assign table_o = ld.level_table;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // The gradient pipeline and its side delay line stay aligned; a request that is not .grad
  // follows a .grad one through it (order kept), or goes straight to the LOD block.
  always @(posedge clk_i) if (rst_ni && g_valid_raw)
    a_grad_aligned: assert (x_a_valid);
  // The three paths never deliver in one cycle.
  always @(posedge clk_i) if (rst_ni)
    a_one_exit: assert (!(x_b_valid && x_a_exit) &&
                        !((x_b_valid || x_a_exit) && accept_i && !x_take_a && !x_take_b));
  c_cube_grad: cover property (@(posedge clk_i) accept_i && grad_i && cube_i);
  c_grad: cover property (@(posedge clk_i) accept_i && grad_i);
  if (!Shared) begin : g_path_a_cover  // Shared: every .grad and its followers take path B
    c_follows_grad: cover property (@(posedge clk_i) accept_i && !grad_i && x_take_a);
  end
  c_follows_cube_grad: cover property (@(posedge clk_i) accept_i && !(grad_i && cube_i) && x_take_b);
  c_grad_in_cube_path: cover property (@(posedge clk_i) accept_i && grad_i && !cube_i && x_take_b);
  c_grad_s32: cover property (@(posedge clk_i) accept_i && grad_i && lod_i.grad_level);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_ld_valid, ld.mode, ld.lod, ld.bias, ld.min_lod,
                    ld.max_lod, ld.mip, ld.levels, lod_level[5], lod_next[5]};
endmodule
