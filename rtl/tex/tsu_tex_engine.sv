// tsu_tex_engine: the texture sampling pipeline, from a tex request (its decoded fields, operands,
// texture header and sampler) to its result, for every geometry, plain tex, .base, .level and
// .grad (golden function: tsu::ExecTex on a texture bound from its slot; docs/semantics.md
// T1-T10). This top only wires its stages (one file each, joined by tsu_tex_pkg records):
//
//   tsu_tex_setup       entry credit; the request read into per-request records
//   tsu_tex_cube_path   [cube: face selection, tsu_tex_cube] the coordinates, in order (QU)
//   tsu_tex_lod_path    [.grad: tsu_tex_grad, or on a cube tsu_tex_cube_grad] tsu_tex_lod: the
//                       levels a request samples
//   tsu_tex_lvl_fetch   level-record reads (lvl_*)
//   tsu_tex_pass        per level ("pass"): tsu_tex_level, coordinate x size, tsu_tex_coord,
//                       offsets, tsu_tex_wrap per axis
//   one-tap path:
//   tsu_tex_tap         per tap: [seamless cube, off the face: tsu_tex_cube_adj] tsu_addrgen and
//                       the residency bit
//   tsu_tex_issue       texel and residency reads (mem_*)
//   tsu_tex_return      tsu_tex_texel, [a seamless corner's three texels: tsu_tex_corner]
//   quad path (Quad):
//   tsu_tex_quad_gen    a pass's 2x2 footprint per cycle: four tsu_tex_cube_adj, four tsu_addrgen
//   tsu_tex_quad_issue  a read per bank of the banked texel cache (tsu_tex_cache_banked)
//   tsu_tex_quad_return four tsu_tex_texel, a seamless corner's mean, tsu_tex_bilerp
//   tsu_tex_resolve     the two paths merged in request order, tsu_tex_filter, tsu_tex_out, the
//                       response, in request order
//
// With Quad, every request without a residency map takes the quad path, seamless cubes included
// unless their direction is NaN, infinite or zero (docs/semantics.md H14); the others take the
// one-tap path, whose reads then share the memory port with the cache's misses (tsu_read_arb).
//
// Each request costs one level-record read per level it samples (1, or 2 for a linear mip filter
// between levels) and one texel read per tap (1 nearest, 2/4/8 linear per level), plus one
// residency read per tap when the texture has a residency map; border taps read nothing. Taps
// issue one per cycle. Fixed-latency pipelines have no stall: every FIFO behind one is reserved
// (a credit) before an item enters it, and at most MaxInflight requests are inside the engine,
// so the filter's and the output converter's results always have room.
module tsu_tex_engine #(
  parameter int unsigned AddrW = 48,
  // Requests inside the engine. A request occupies its slot from acceptance to response, so
  // throughput is at most MaxInflight / latency (Little's law): 64 keeps point sampling at one
  // sample per clock with single-cycle memory (its idle latency, Latency below).
  parameter int unsigned MaxInflight = 64,
  parameter int unsigned MaxReads = 32,     // texel/residency reads outstanding
  // Channels lerped per beat (tsu_tex_filter); the one-tap path's texel stage (tsu_tex_texel)
  // converts as many a cycle, a tap every 4 / Lanes cycles: the filter takes a filtered tap no
  // faster (a point sample's tap, which bypasses the lerps, waits for it: at Lanes 2 a tap every
  // other cycle, where a pass at AxisBeats 3 comes every third).
  parameter int unsigned Lanes = 4,
  // Corner-mean channels per cycle in the one-tap path (tsu_tex_corner): 1 (II 4), 2 (II 2) or 4.
  // Two corner taps are at least three texel cycles apart (each is the third of three texels, the
  // first two absorbed), so II 2 never stalls; at II 4 a corner right behind another waits a
  // cycle in Q5 (tsu_tex_return). Seamless corners are rare: a quarter of the arithmetic for them.
  parameter int unsigned CornerLanes = 1,
  // The one-tap path's corner mean with one adder per lane for both of its additions
  // (tsu_tex_corner SharedAdd): II 10 at CornerLanes 1, so a corner right behind another waits up
  // to four cycles (six at two texel beats are already between them).
  parameter bit          CornerSharedAdd = 1'b1,
  // The quad path's corner mean (tsu_tex_quad_return), which takes a footprint a cycle.
  parameter int unsigned QuadCornerLanes = 2,
  // Cycles per cube .grad request in tsu_tex_cube_grad: 4 (one quotient a cycle: a quarter of its
  // dividers; where tsu_tex_grad finishes the quotients), 2 (dPdx, then dPdy
  // through one datapath: half its dividers and multipliers) or 1. The engine takes no request
  // for CubeGradBeats - 1 cycles after a cube .grad.
  parameter int unsigned CubeGradBeats = 4,
  // Cycles per .grad request in tsu_tex_grad: 1, 2 (half its arithmetic) or 6 (one partial a
  // cycle: a sixth of its multipliers); the engine takes no request for GradBeats - 1 cycles after
  // a .grad. With CubeGradBeats 2 or 4 and cube maps, one datapath serves every .grad
  // (tsu_tex_lod_path Shared): the cube gradients' quotients finish in tsu_tex_grad.
  // The default unit's 6: on the one-tap path a filtered sample takes 8 cycles or more (four taps
  // of two filter beats at Lanes 2), so a .grad every sixth cycle binds only a point-sampled
  // .grad (a pass every third cycle at AxisBeats 3); the quad path (a footprint a cycle) wants 1.
  parameter int unsigned GradBeats = 6,
  // Cycles per cube request in face selection (tsu_tex_cube): 2 (s, then t through one divider,
  // adder and multiplier; the engine takes no request in the cycle after a cube request) or 1 (the
  // quad path, which samples a cube's bilinear footprint a cycle).
  parameter int unsigned CubeBeats = 2,
  // Cycles per pass in tsu_tex_pass: 3 (the three axes through one coordinate multiplier,
  // coordinate stage and wrap: a third of that arithmetic) or 1 (the quad path, which takes a
  // pass's footprint a cycle). A one-tap bilinear pass is four taps, so a pass every third cycle
  // binds only point sampling.
  parameter int unsigned AxisBeats = 3,
  // Components a cycle through the output conversion (tsu_tex_resolve): 1 (results that need a
  // conversion, .f16 or an integer to float or back, convert at the response queue's head at II 4;
  // .f32 of a float texel answers as it is) or 4 (a texel a cycle on its way into the queue: the
  // quad path).
  parameter int unsigned OutLanes = 1,
  // Cycles per tap through the one-tap path's address generator (tsu_tex_tap): 1, or 2..16 (its
  // products over AddrII cycles; a tap every AddrII cycles).
  parameter int unsigned AddrII = 1,
  parameter bit QueueRam = 1'b1,            // per-request and tap queues in block RAM (same timing)
  // Quad: a second tap path that takes a pass's 2x2 footprint (a quad) per cycle through four
  // address generators, a banked texel cache (QCache*, tsu_tex_cache_banked), four texel stages
  // and tsu_tex_bilerp, for every request whose texture has no residency map (and, on a seamless
  // cube, whose direction is finite, not zero, without offsets); the others keep the one-tap
  // path, whose reads then go to memory uncached. Needs Lanes 4.
  parameter bit Quad = 1'b0,
  // Feature knobs (docs/semantics.md H15): 0 removes the hardware a feature needs; tsu_tex_unit
  // traps a tex that needs a removed feature, so none reaches the engine.
  parameter bit EnableGrad = 1'b1,         // .grad: tsu_tex_grad (and tsu_tex_cube_grad), paths A, B
  parameter bit EnableCube = 1'b1,         // cube, acube: tsu_tex_cube and the delay line beside it
  parameter bit EnableSeamless = 1'b1,     // seamless cubes: tsu_tex_cube_adj, tsu_tex_corner
  parameter bit EnableCompare = 1'b1,      // the depth compare (tsu_tex_texel)
  parameter bit EnableMultisample = 1'b1,  // 2dms, a2dms: the sample index
  parameter bit EnableResidency = 1'b1,    // residency maps: the residency bit and its reads
  parameter bit EnableMipLinear = 1'b1,    // a linear mip filter: the second level's pass
  parameter bit EnableNorm = 1'b1,         // UNORM/SNORM texels: tsu_fmt_unpack's converters, sRGB
  parameter bit EnableHalf = 1'b1,         // HALF_FLOAT texels
  parameter bit EnableInt = 1'b1,          // integer texels
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned QCacheBytes = 2048,
  parameter int unsigned QCacheWays = 4,
  parameter int unsigned QCacheLineBytes = 16
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  // Request: a decoded tex with valid descriptors (the unit checks them before).
  input  logic               req_valid_i,
  output logic               req_ready_o,
  input  logic [3:0]         req_geom_i,     // tsu_pkg::geom_e
  input  logic [1:0]         req_mode_i,     // tsu_pkg::texmode_e
  input  logic               req_s32_i,      // .s32 coordinates
  input  logic [3:0]         req_dtype_i,    // tsu_pkg::dtype_e
  input  logic               req_compare_i,  // has a depth compare operand
  input  logic [127:0]       req_coords_i,   // operand c, element k in [32k +: 32]
  input  logic [31:0]        req_lod_i,
  input  logic [95:0]        req_dpdx_i,     // .grad: dPdx, element a in [32a +: 32]
  input  logic [95:0]        req_dpdy_i,     // .grad: dPdy
  input  logic [11:0]        req_offset_i,   // e: x, y, z offsets, 4 bits each (0 without e)
  input  logic [31:0]        req_ref_i,
  input  tsu_pkg::tex_desc_t req_tex_i,
  input  tsu_pkg::smp_desc_t req_smp_i,
  // Level-record reads (16-byte lines, in-order responses).
  output logic               lvl_req_valid_o,
  input  logic               lvl_req_ready_i,
  output logic [AddrW-1:0]   lvl_req_addr_o,
  input  logic               lvl_rsp_valid_i,
  output logic               lvl_rsp_ready_o,
  input  logic [127:0]       lvl_rsp_data_i,
  // Texel and residency reads (16-byte lines, in-order responses).
  output logic               mem_req_valid_o,
  input  logic               mem_req_ready_i,
  output logic [AddrW-1:0]   mem_req_addr_o,
  input  logic               mem_rsp_valid_i,
  output logic               mem_rsp_ready_o,
  input  logic [127:0]       mem_rsp_data_i,
  // Quad: the banked cache's invalidations (as tsu_tex_cache's) and its counters (0 without Quad).
  input  logic               inv_valid_i,
  input  logic [AddrW-1:0]   inv_addr_i,
  input  logic               inv_all_i,
  output logic [31:0]        cache_lookups_o,
  output logic [31:0]        cache_misses_o,
  // Response.
  output logic               rsp_valid_o,
  input  logic               rsp_ready_i,
  output logic [127:0]       rsp_data_o,     // element k in [32k +: 32]
  output logic [2:0]         rsp_count_o,
  output logic               rsp_pred_o,     // residency: every tap's tile resident
  output logic               rsp_trap_o      // a sampled level's record is unusable
);
  localparam int unsigned TapDepth = 8;
  localparam bit Seamless = EnableCube && EnableSeamless;
  localparam int unsigned TexelDepth = 32;  // taps in the texel stage, the corner block and Q6
  /* verilator lint_off UNUSEDPARAM */
  // Cycles from a point-sampled request's acceptance to its response, idle, with memory answering
  // in one cycle: the stages' Latency along its way (tsu_hw_pkg::tex_*_latency, which each stage
  // declares as its own), and two reads (its level record's, its texel's). The one-tap path: LOD,
  // the level-record fetch, the pass, the tap's address, its read, the texel, the filter's bypass
  // and the response (at OutLanes 4 through the output conversion). The quad path (Quad, where a
  // request without a residency map goes): the footprint's addresses, the banked cache (a miss:
  // its hit latency and the read), four texels and the bilerp.
  // A linear filter adds the filter's 18 cycles per rank; a cube request, face selection (29; 28
  // at CubeBeats 1); a .grad request, its gradients (57 on any geometry with GradBeats 2 and
  // CubeGradBeats 2, 59 with 4, 62 at GradBeats 6, 56 at GradBeats 1; with CubeGradBeats 1, paths
  // A and B apart, 26 off a cube); a
  // seamless corner tap the corner mean (21 at CornerLanes 1, 19 at 2). Checked by
  // TexEngine.IdleLatencyIsTheDeclared*.
  localparam int unsigned MemLatency = 1;
  localparam int unsigned TexelBeats = 4 / Lanes;
  localparam int unsigned TapPathLatency = tsu_hw_pkg::tex_tap_latency(AddrII) + MemLatency +
      tsu_hw_pkg::tex_issue_latency() + tsu_hw_pkg::tex_return_latency(TexelBeats);
  localparam int unsigned QuadPathLatency = tsu_hw_pkg::tex_tap_latency(1) +
      tsu_hw_pkg::tex_cache_latency() + MemLatency + tsu_hw_pkg::tex_quad_return_latency();
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::tex_lod_path_latency() + tsu_hw_pkg::tex_lvl_fetch_latency() + MemLatency +
      tsu_hw_pkg::tex_pass_latency(AxisBeats) + (Quad ? QuadPathLatency : TapPathLatency) +
      tsu_hw_pkg::tex_resolve_latency(OutLanes);
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;
  /* verilator lint_on UNUSEDPARAM */

  // ---- Entry -------------------------------------------------------------------------------------
  logic                    accept, hold, lod_hold, cube_hold, rsp_pop, s_cube, s_grad, s_quad;
  assign hold = lod_hold || cube_hold;
  logic [95:0]             s_dir;
  tsu_tex_pkg::coord_t     s_coord;
  tsu_tex_pkg::pass_req_t  s_pass;
  tsu_tex_pkg::tap_req_t   s_tap;
  tsu_tex_pkg::texel_req_t s_texel;
  tsu_tex_pkg::out_req_t   s_out;
  tsu_tex_pkg::lod_req_t   s_lod;
  tsu_tex_pkg::grad_req_t  s_grad_req;
  tsu_tex_setup #(
    .MaxInflight(MaxInflight), .Quad(Quad), .EnableGrad(EnableGrad), .EnableCube(EnableCube),
    .EnableSeamless(Seamless), .EnableCompare(EnableCompare),
    .EnableMultisample(EnableMultisample), .EnableResidency(EnableResidency)
  ) u_setup (
    .clk_i, .rst_ni,
    .req_valid_i,
    .req_ready_o,
    .hold_i    (hold),
    .rsp_pop_i (rsp_pop),
    .accept_o  (accept),
    .geom_i    (req_geom_i),
    .mode_i    (req_mode_i),
    .s32_i     (req_s32_i),
    .dtype_i   (req_dtype_i),
    .compare_i (req_compare_i),
    .coords_i  (req_coords_i),
    .lod_i     (req_lod_i),
    .dpdx_i    (req_dpdx_i),
    .dpdy_i    (req_dpdy_i),
    .offset_i  (req_offset_i),
    .ref_i     (req_ref_i),
    .tex_i     (req_tex_i),
    .smp_i     (req_smp_i),
    .cube_o    (s_cube),
    .grad_o    (s_grad),
    .quad_o    (s_quad),
    .dir_o     (s_dir),
    .coord_o   (s_coord),
    .pass_o    (s_pass),
    .tap_o     (s_tap),
    .texel_o   (s_texel),
    .out_o     (s_out),
    .lod_o     (s_lod),
    .grad_req_o(s_grad_req)
  );

  // ---- Coordinates (QU) and the level of detail ----------------------------------------------------
  logic                qu_pop, qu_empty, ax_valid;
  tsu_tex_pkg::coord_t qu;
  logic [2:0]          ax_face;
  logic [31:0]         ax_sc, ax_tc, ax_ma;
  tsu_tex_cube_path #(
    .MaxInflight(MaxInflight), .QueueRam(QueueRam), .CubeBeats(CubeBeats), .EnableCube(EnableCube)
  ) u_cube_path (
    .clk_i, .rst_ni,
    .accept_i    (accept),
    .cube_i      (s_cube),
    .dir_i       (s_dir),
    .coord_i     (s_coord),
    .hold_o      (cube_hold),
    .pop_i       (qu_pop),
    .empty_o     (qu_empty),
    .coord_o     (qu),
    .axis_valid_o(ax_valid),
    .axis_face_o (ax_face),
    .axis_sc_o   (ax_sc),
    .axis_tc_o   (ax_tc),
    .axis_ma_o   (ax_ma)
  );
  logic                 lod_valid;
  logic [63:0]          lod_table;
  tsu_tex_pkg::levels_t lod_levels;
  tsu_tex_lod_path #(
    .CubeGradBeats(CubeGradBeats), .GradBeats(GradBeats), .EnableGrad(EnableGrad),
    .EnableCube(EnableCube), .EnableMipLinear(EnableMipLinear), .QueueRam(QueueRam)
  ) u_lod_path (
    .clk_i, .rst_ni,
    .accept_i      (accept),
    .grad_i        (s_grad),
    .cube_i        (s_cube),
    .lod_i         (s_lod),
    .grad_req_i    (s_grad_req),
    .hold_o        (lod_hold),
    .axis_valid_i  (ax_valid),
    .axis_face_i   (ax_face),
    .axis_sc_i     (ax_sc),
    .axis_tc_i     (ax_tc),
    .axis_ma_i     (ax_ma),
    .levels_valid_o(lod_valid),
    .table_o       (lod_table),
    .levels_o      (lod_levels)
  );

  // ---- Level records (Q2, QL) and passes (Q3, QLV, QC) ---------------------------------------------
  logic                 q2_pop, q2_empty, ql_pop, ql_empty;
  tsu_tex_pkg::levels_t q2;
  logic [127:0]         ql;
  tsu_tex_lvl_fetch #(.AddrW(AddrW), .MaxInflight(MaxInflight), .QueueRam(QueueRam)) u_lvl_fetch (
    .clk_i, .rst_ni,
    .push_i        (lod_valid),
    .table_i       (lod_table),
    .levels_i      (lod_levels),
    .lvl_req_valid_o,
    .lvl_req_ready_i,
    .lvl_req_addr_o,
    .lvl_rsp_valid_i,
    .lvl_rsp_ready_o,
    .lvl_rsp_data_i,
    .levels_pop_i  (q2_pop),
    .levels_empty_o(q2_empty),
    .levels_o      (q2),
    .rec_pop_i     (ql_pop),
    .rec_empty_o   (ql_empty),
    .rec_o         (ql)
  );
  logic                     pass_valid, pass_pop, tap_pass_pop, quad_pass_pop;
  tsu_tex_pkg::pass_t       pass;
  tsu_tex_pkg::level_addr_t pass_level;
  logic [AddrW-1:0]         pass_base;
  tsu_tex_pkg::tap_req_t    pass_tap_req;
  tsu_tex_pass #(.AddrW(AddrW), .MaxInflight(MaxInflight), .QueueRam(QueueRam),
                 .AxisBeats(AxisBeats)) u_pass (
    .clk_i, .rst_ni,
    .accept_i      (accept),
    .pass_req_i    (s_pass),
    .tap_req_i     (s_tap),
    .coord_empty_i (qu_empty),
    .coord_i       (qu),
    .coord_pop_o   (qu_pop),
    .levels_empty_i(q2_empty),
    .levels_i      (q2),
    .levels_pop_o  (q2_pop),
    .rec_empty_i   (ql_empty),
    .rec_i         (ql),
    .rec_pop_o     (ql_pop),
    .valid_o       (pass_valid),
    .pop_i         (pass_pop),
    .pass_o        (pass),
    .level_o       (pass_level),
    .level_base_o  (pass_base),
    .tap_req_o     (pass_tap_req)
  );
  assign pass_pop = tap_pass_pop || quad_pass_pop;

  // ---- The one-tap path ------------------------------------------------------------------------------
  // Its read port (s_m*): the engine's memory port, or with Quad one of two requesters on it.
  logic              tap_fire, q4_pop, q4_empty;
  tsu_tex_pkg::tap_t q4;
  logic [AddrW-1:0]  q4_addr, q4_res_addr;
  tsu_tex_tap #(
    .AddrW(AddrW), .TapDepth(TapDepth), .QueueRam(QueueRam), .AddrII(AddrII),
    .EnableSeamless(Seamless), .EnableResidency(EnableResidency)
  ) u_tap (
    .clk_i, .rst_ni,
    .pass_valid_i(pass_valid),
    .pass_i      (pass),
    .level_i     (pass_level),
    .level_base_i(pass_base),
    .tap_req_i   (pass_tap_req),
    .pass_pop_o  (tap_pass_pop),
    .fire_o      (tap_fire),
    .pop_i       (q4_pop),
    .empty_o     (q4_empty),
    .tap_o       (q4),
    .addr_o      (q4_addr),
    .res_addr_o  (q4_res_addr)
  );
  logic               s_mreq_valid, s_mreq_ready, s_mrsp_valid, s_mrsp_ready;
  logic [AddrW-1:0]   s_mreq_addr;
  logic               q5_pop, q5_empty, qr_pop, qr_empty;
  tsu_tex_pkg::read_t q5;
  logic [127:0]       qr;
  tsu_tex_issue #(
    .AddrW(AddrW), .MaxReads(MaxReads), .QueueRam(QueueRam), .EnableResidency(EnableResidency)
  ) u_issue (
    .clk_i, .rst_ni,
    .tap_empty_i    (q4_empty),
    .tap_i          (q4),
    .addr_i         (q4_addr),
    .res_addr_i     (q4_res_addr),
    .tap_pop_o      (q4_pop),
    .mem_req_valid_o(s_mreq_valid),
    .mem_req_ready_i(s_mreq_ready),
    .mem_req_addr_o (s_mreq_addr),
    .mem_rsp_valid_i(s_mrsp_valid),
    .mem_rsp_ready_o(s_mrsp_ready),
    .mem_rsp_data_i,
    .read_pop_i     (q5_pop),
    .read_empty_o   (q5_empty),
    .read_o         (q5),
    .line_pop_i     (qr_pop),
    .line_empty_o   (qr_empty),
    .line_o         (qr)
  );
  logic               q6_pop, q6_empty;
  tsu_tex_pkg::item_t q6;
  tsu_tex_return #(
    .MaxInflight(MaxInflight), .CornerLanes(CornerLanes), .CornerSharedAdd(CornerSharedAdd),
    .TexelDepth(TexelDepth), .QueueRam(QueueRam), .TexelBeats(TexelBeats),
    .EnableSeamless(Seamless), .EnableResidency(EnableResidency),
    .EnableCompare(EnableCompare), .EnableNorm(EnableNorm), .EnableHalf(EnableHalf),
    .EnableInt(EnableInt)
  ) u_return (
    .clk_i, .rst_ni,
    .push_i      (accept && !s_quad),
    .texel_req_i (s_texel),
    .read_empty_i(q5_empty),
    .read_i      (q5),
    .read_pop_o  (q5_pop),
    .line_empty_i(qr_empty),
    .line_i      (qr),
    .line_pop_o  (qr_pop),
    .pop_i       (q6_pop),
    .empty_o     (q6_empty),
    .item_o      (q6)
  );

  // ---- The quad path (Quad): a pass's footprint per cycle --------------------------------------------
  logic               quad_fire, qq6_pop, qq6_empty;
  tsu_tex_pkg::item_t qq6;
  if (Quad) begin : g_quad
    `ifndef SYNTHESIS
    initial assert (Lanes == 4) else $fatal(1, "Quad needs Lanes 4 (one filter beat per item)");
    `endif
    logic                qq4_pop, qq4_empty, qq5_pop, qq5_empty;
    tsu_tex_pkg::slice_t qq4;
    logic [4*AddrW-1:0]  qq4_addr;
    tsu_tex_quad_gen #(
      .AddrW(AddrW), .TapDepth(TapDepth), .LineBytes(QCacheLineBytes), .QueueRam(QueueRam),
      .EnableSeamless(Seamless)
    ) u_quad_gen (
      .clk_i, .rst_ni,
      .pass_valid_i(pass_valid),
      .pass_i      (pass),
      .level_i     (pass_level),
      .level_base_i(pass_base),
      .tap_req_i   (pass_tap_req),
      .pass_pop_o  (quad_pass_pop),
      .fire_o      (quad_fire),
      .pop_i       (qq4_pop),
      .empty_o     (qq4_empty),
      .slice_o     (qq4),
      .addr_o      (qq4_addr)
    );
    logic [3:0]          b_valid, b_ready, b_rsp_valid, b_rsp_ready;
    logic [4*AddrW-1:0]  b_addr;
    logic [511:0]        b_rsp_data;
    tsu_tex_pkg::group_t qq5;
    tsu_tex_quad_issue #(
      .AddrW(AddrW), .Depth(MaxReads), .LineBytes(QCacheLineBytes), .QueueRam(QueueRam)
    ) u_quad_issue (
      .clk_i, .rst_ni,
      .slice_empty_i(qq4_empty),
      .slice_i      (qq4),
      .addr_i       (qq4_addr),
      .slice_pop_o  (qq4_pop),
      .bank_valid_o (b_valid),
      .bank_ready_i (b_ready),
      .bank_addr_o  (b_addr),
      .pop_i        (qq5_pop),
      .empty_o      (qq5_empty),
      .group_o      (qq5)
    );
    // The banked cache; the one-tap path's reads and the cache's misses share the memory port.
    logic             cm_req_valid, cm_req_ready, cm_rsp_valid, cm_rsp_ready;
    logic [AddrW-1:0] cm_req_addr;
    tsu_tex_cache_banked #(
      .AddrW(AddrW), .SizeBytes(QCacheBytes), .Ways(QCacheWays), .LineBytes(QCacheLineBytes),
      .Banks(4), .Depth(MaxReads)
    ) u_qcache (
      .clk_i, .rst_ni, .inv_valid_i, .inv_addr_i, .inv_all_i,
      .req_valid_i    (b_valid),
      .req_ready_o    (b_ready),
      .req_addr_i     (b_addr),
      .rsp_valid_o    (b_rsp_valid),
      .rsp_ready_i    (b_rsp_ready),
      .rsp_data_o     (b_rsp_data),
      .mem_req_valid_o(cm_req_valid),
      .mem_req_ready_i(cm_req_ready),
      .mem_req_addr_o (cm_req_addr),
      .mem_rsp_valid_i(cm_rsp_valid),
      .mem_rsp_ready_o(cm_rsp_ready),
      .mem_rsp_data_i (mem_rsp_data_i),
      .lookups_o      (cache_lookups_o),
      .misses_o       (cache_misses_o)
    );
    logic [127:0] nc_arb_data;
    tsu_read_arb #(.N(2), .AddrW(AddrW), .DataW(128), .Depth(2 * MaxReads)) u_marb (
      .clk_i, .rst_ni,
      .req_valid_i     ({cm_req_valid, s_mreq_valid}),
      .req_ready_o     ({cm_req_ready, s_mreq_ready}),
      .req_addr_i      ({cm_req_addr, s_mreq_addr}),
      .rsp_valid_o     ({cm_rsp_valid, s_mrsp_valid}),
      .rsp_ready_i     ({cm_rsp_ready, s_mrsp_ready}),
      .rsp_data_o      (nc_arb_data),
      .port_req_valid_o(mem_req_valid_o),
      .port_req_ready_i(mem_req_ready_i),
      .port_req_addr_o (mem_req_addr_o),
      .port_rsp_valid_i(mem_rsp_valid_i),
      .port_rsp_ready_o(mem_rsp_ready_o),
      .port_rsp_data_i (mem_rsp_data_i)
    );
    tsu_tex_quad_return #(
      .MaxInflight(MaxInflight), .CornerLanes(QuadCornerLanes), .QueueRam(QueueRam),
      .EnableSeamless(Seamless), .EnableCompare(EnableCompare), .EnableNorm(EnableNorm),
      .EnableHalf(EnableHalf), .EnableInt(EnableInt)
    ) u_quad_return (
      .clk_i, .rst_ni,
      .push_i       (accept && s_quad),
      .texel_req_i  (s_texel),
      .group_empty_i(qq5_empty),
      .group_i      (qq5),
      .group_pop_o  (qq5_pop),
      .bank_valid_i (b_rsp_valid),
      .bank_ready_o (b_rsp_ready),
      .bank_data_i  (b_rsp_data),
      .pop_i        (qq6_pop),
      .empty_o      (qq6_empty),
      .item_o       (qq6)
    );
    logic unused_quad;
    assign unused_quad = ^{nc_arb_data};
  end else begin : g_one_path
    assign quad_fire = 1'b0;
    assign quad_pass_pop = 1'b0;
    assign qq6_empty = 1'b1;
    assign qq6 = '0;
    assign mem_req_valid_o = s_mreq_valid;
    assign s_mreq_ready = mem_req_ready_i;
    assign mem_req_addr_o = s_mreq_addr;
    assign s_mrsp_valid = mem_rsp_valid_i;
    assign mem_rsp_ready_o = s_mrsp_ready;
    assign cache_lookups_o = '0;
    assign cache_misses_o = '0;
    logic unused_inv;
    assign unused_inv = ^{inv_valid_i, inv_addr_i, inv_all_i, qq6_pop};
  end

  // ---- Merge, filter, output ---------------------------------------------------------------------------
  tsu_tex_pkg::rsp_t rsp;
  tsu_tex_resolve #(
    .MaxInflight(MaxInflight), .Lanes(Lanes), .OutLanes(OutLanes), .Quad(Quad), .QueueRam(QueueRam)
  ) u_resolve (
    .clk_i, .rst_ni,
    .accept_i    (accept),
    .out_req_i   (s_out),
    .tap_fire_i  (tap_fire),
    .quad_fire_i (quad_fire),
    .req_done_i  (pass_pop && pass.last_pass),
    .tap_empty_i (q6_empty),
    .tap_item_i  (q6),
    .tap_pop_o   (q6_pop),
    .quad_empty_i(qq6_empty),
    .quad_item_i (qq6),
    .quad_pop_o  (qq6_pop),
    .rsp_valid_o,
    .rsp_ready_i,
    .rsp_o       (rsp),
    .rsp_pop_o   (rsp_pop)
  );
  assign rsp_data_o = rsp.data;
  assign rsp_count_o = rsp.count;
  assign rsp_pred_o = rsp.pred;
  assign rsp_trap_o = rsp.trap;
endmodule
