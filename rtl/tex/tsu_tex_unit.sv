// tsu_tex_unit: tex from handles to results. A request names its texture (and, in independent
// mode, its sampler) by handle; the texture header and the sampler slot are read from the
// descriptor pool in memory through two descriptor caches (tsu_desc: the header's cache, then the
// sampler's, whose handle is operand b or, in unified mode, the header's sampler field), checked
// (tsu_tex_desc_check, the geometry against the header's), and either sampled (tsu_tex_engine) or
// answered with the model's trap. Golden model: tsu::Unit::Execute of a tex on slots bound with
// BindTextureImage/BindSamplerImage (docs/descriptors.md).
//
//   tsu_desc (texture) -> tsu_desc (sampler) -> tsu_tex_desc_check -> QX -> tsu_tex_engine
//                                                                       \-> trap, in order (QO)
//
// Responses leave in request order: QO records, per request, whether the engine answers it or
// it trapped before the engine. Descriptor reads of both caches and the engine's level-record
// reads share the descriptor read port (in-order lines; a route FIFO says whose each line is);
// texel and residency reads use the memory port.
//
// Configuration (pool base and size, invalidation) goes to both caches at once, and only while
// no request is between the two lookups, so both descriptors of a request come from the pool as
// it was when the request was accepted.
module tsu_tex_unit #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned HandleW = 20,
  parameter int unsigned DescCacheEntries = 8,  // each of the two caches
  parameter int unsigned TagW = 8,
  parameter int unsigned MaxInflight = 64,      // tsu_tex_engine
  parameter int unsigned MaxReads = 32,         // tsu_tex_engine
  parameter int unsigned Lanes = 4,             // tsu_tex_engine
  parameter int unsigned CubeGradBeats = 4,     // tsu_tex_engine: the cube gradients' II (1, 2, 4)
  parameter int unsigned GradBeats = 6,         // tsu_tex_engine: the gradients' II (1, 2 or 6)
  parameter int unsigned CubeBeats = 2,         // tsu_tex_engine: face selection's II (1 or 2)
  parameter int unsigned AxisBeats = 3,         // tsu_tex_engine: a pass's II (1 or 3)
  parameter int unsigned OutLanes = 1,          // tsu_tex_engine: components converted a cycle (1 or 4)
  parameter int unsigned AddrII = 1,            // tsu_tex_engine: cycles per one-tap path tap (1-16)
  // Quad: the engine's quad path, which holds the texel cache itself as four banks
  // (tsu_tex_cache_banked; CacheBytes, CacheWays, CacheLineBytes are then its), else one
  // tsu_tex_cache here between the engine and the memory port.
  parameter bit Quad = 1'b0,
  parameter int unsigned CacheBytes = 2048,     // the texel cache (0: none)
  parameter int unsigned CacheWays = 4,
  parameter int unsigned CacheLineBytes = 16,
  parameter bit QueueRam = 1'b1,                // tsu_tex_engine
  // Feature knobs (tsu_tex_engine's; docs/semantics.md H15): a tex that needs a left-out feature
  // traps here, after the geometry check: a form or mode illegal_instruction, a conversion family
  // (the texel's class after the read mode) format_mismatch.
  parameter bit EnableGrad = 1'b1,
  parameter bit EnableCube = 1'b1,
  parameter bit EnableSeamless = 1'b1,
  parameter bit EnableCompare = 1'b1,
  parameter bit EnableMultisample = 1'b1,
  parameter bit EnableResidency = 1'b1,
  parameter bit EnableMipLinear = 1'b1,
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  // Configuration (tsu_pkg::cfg_op_e), as tsu_top's.
  input  logic               cfg_valid_i,
  output logic               cfg_ready_o,
  input  tsu_pkg::cfg_op_e   cfg_op_i,
  input  logic [63:0]        cfg_data_i,
  // Request: a well-formed tex (every geometry and mode).
  input  logic               req_valid_i,
  output logic               req_ready_o,
  input  logic [TagW-1:0]    req_tag_i,
  input  logic [3:0]         req_geom_i,
  input  logic [1:0]         req_mode_i,
  input  logic               req_s32_i,
  input  logic [3:0]         req_dtype_i,
  input  logic               req_compare_i,
  input  logic               req_has_sampler_i,  // independent mode: operand b names the sampler
  input  logic [63:0]        req_handle_i,       // the texture
  input  logic [63:0]        req_sampler_i,      // the sampler (independent mode)
  input  logic [127:0]       req_coords_i,
  input  logic [31:0]        req_lod_i,
  input  logic [11:0]        req_offset_i,
  input  logic [31:0]        req_ref_i,
  input  logic [95:0]        req_dpdx_i,   // .grad: dPdx, element a in [32a +: 32]
  input  logic [95:0]        req_dpdy_i,   // .grad: dPdy
  // Descriptor and level-record reads (16-byte lines, in-order responses).
  output logic               dmem_req_valid_o,
  input  logic               dmem_req_ready_i,
  output logic [AddrW-1:0]   dmem_req_addr_o,
  input  logic               dmem_rsp_valid_i,
  output logic               dmem_rsp_ready_o,
  input  logic [127:0]       dmem_rsp_rdata_i,
  // A write that left for memory at this line (the texel cache drops the line).
  input  logic               inv_valid_i,
  input  logic [AddrW-1:0]   inv_addr_i,
  // Texel and residency reads, through the texel cache (16-byte lines, in-order responses).
  output logic               mem_req_valid_o,
  input  logic               mem_req_ready_i,
  output logic [AddrW-1:0]   mem_req_addr_o,
  input  logic               mem_rsp_valid_i,
  output logic               mem_rsp_ready_o,
  input  logic [127:0]       mem_rsp_rdata_i,
  // Response.
  output logic               rsp_valid_o,
  input  logic               rsp_ready_i,
  output logic [TagW-1:0]    rsp_tag_o,
  output logic [127:0]       rsp_data_o,   // element k in [32k +: 32]
  output logic [2:0]         rsp_count_o,
  output logic               rsp_pred_o,
  output logic [2:0]         rsp_trap_o,   // tsu_pkg::trap_e
  // Texel cache counters: reads looked up, reads missed (wrap at 2^32).
  output logic [31:0]        perf_lookups_o,
  output logic [31:0]        perf_misses_o
);
  // tsu_tex_desc_check's declared latency, at its defaults (u_check below).
  localparam int unsigned CheckLat = tsu_hw_pkg::tex_desc_check_latency(1'b1, 1'b1);
  localparam int unsigned QxDepth = 4;
  localparam int unsigned QoDepth = MaxInflight + QxDepth + 4;
  localparam int unsigned RouteDepth = 16;  // descriptor-port reads outstanding
  // A request's operands with its tag ({tag, tsu_tex_pkg::tex_op_t}), through both lookups.
  tsu_tex_pkg::tex_op_t req_op;
  localparam int unsigned OpW = TagW + $bits(req_op);
  localparam int unsigned DescW = 8 * 32'(tsu_pkg::DESC_BYTES);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;
  localparam int unsigned TagWidth /*verilator public*/ = TagW;
  /* verilator lint_on UNUSEDPARAM */

  // ---- Configuration to both caches at once -----------------------------------------------------
  logic t_cfg_ready, s_cfg_ready, cfg_go;
  logic [$clog2(QxDepth + CheckLat + 8)-1:0] between_q;  // accepted by the first cache, not yet
                                                         // out of the second
  assign cfg_ready_o = t_cfg_ready && s_cfg_ready && between_q == '0;
  assign cfg_go = cfg_valid_i && cfg_ready_o;

  // ---- The texture header ---------------------------------------------------------------------------
  logic               t_in_ready, t_valid, t_ready;
  logic [OpW+65-1:0]  t_payload;
  tsu_pkg::surf_desc_t t_raw, nc_t_buf, nc_s_buf;  // nc_*: the fetch buffers and their checks
  logic                nc_t_ok, nc_s_ok;           // (surfaces only: not used here)
  logic               t_dreq_valid, t_dreq_ready, t_drsp_valid, t_drsp_ready;
  logic [AddrW-1:0]   t_dreq_addr;
  always_comb begin
    req_op.geom = req_geom_i;
    req_op.mode = req_mode_i;
    req_op.s32 = req_s32_i;
    req_op.dtype = req_dtype_i;
    req_op.compare = req_compare_i;
    req_op.coords = req_coords_i;
    req_op.lod = req_lod_i;
    req_op.offset = req_offset_i;
    req_op.ref_value = req_ref_i;
    req_op.dpdx = req_dpdx_i;
    req_op.dpdy = req_dpdy_i;
  end
  tsu_desc #(
    .AddrW(AddrW), .HandleW(HandleW), .CacheEntries(DescCacheEntries), .PayloadW(OpW + 65)
  ) u_tdesc (
    .clk_i, .rst_ni,
    .cfg_valid_i     (cfg_go),
    .cfg_ready_o     (t_cfg_ready),
    .cfg_op_i, .cfg_data_i,
    .in_valid_i      (req_valid_i && !cfg_valid_i),
    .in_ready_o      (t_in_ready),
    .in_handle_i     (req_handle_i),
    .in_need_i       (1'b1),
    .in_payload_i    ({req_tag_i, req_op, req_has_sampler_i, req_sampler_i}),
    .out_valid_o     (t_valid),
    .out_ready_i     (t_ready),
    .out_payload_o   (t_payload),
    .out_desc_o      (t_raw),
    .buf_desc_o      (nc_t_buf),
    .out_ok_o        (nc_t_ok),
    .dmem_req_valid_o(t_dreq_valid),
    .dmem_req_ready_i(t_dreq_ready),
    .dmem_req_addr_o (t_dreq_addr),
    .dmem_rsp_valid_i(t_drsp_valid),
    .dmem_rsp_ready_o(t_drsp_ready),
    .dmem_rsp_rdata_i(dmem_rsp_rdata_i)
  );
  // A configuration command offered goes first (tsu_desc's rule, kept across both caches).
  assign req_ready_o = t_in_ready && !cfg_valid_i;

  // ---- The sampler slot ---------------------------------------------------------------------------------
  tsu_pkg::tex_desc_t t_hdr;
  logic [DescW-1:0]   t_hdr_bits;
  logic [OpW-1:0]     t_op;
  logic               t_has_sampler;
  logic [63:0]        t_smp_handle;
  assign t_hdr_bits = t_raw;
  assign t_hdr = t_hdr_bits;
  assign {t_op, t_has_sampler, t_smp_handle} = t_payload;

  logic               s_in_ready, s_valid, s_ready;
  logic [OpW+DescW-1:0] s_payload;
  tsu_pkg::surf_desc_t s_raw;
  logic               s_dreq_valid, s_dreq_ready, s_drsp_valid, s_drsp_ready;
  logic [AddrW-1:0]   s_dreq_addr;
  tsu_desc #(
    .AddrW(AddrW), .HandleW(HandleW), .CacheEntries(DescCacheEntries), .PayloadW(OpW + DescW)
  ) u_sdesc (
    .clk_i, .rst_ni,
    .cfg_valid_i     (cfg_go),
    .cfg_ready_o     (s_cfg_ready),
    .cfg_op_i, .cfg_data_i,
    .in_valid_i      (t_valid),
    .in_ready_o      (s_in_ready),
    .in_handle_i     (t_has_sampler ? t_smp_handle : 64'(t_hdr.sampler)),
    .in_need_i       (1'b1),
    .in_payload_i    ({t_op, t_hdr_bits}),
    .out_valid_o     (s_valid),
    .out_ready_i     (s_ready),
    .out_payload_o   (s_payload),
    .out_desc_o      (s_raw),
    .buf_desc_o      (nc_s_buf),
    .out_ok_o        (nc_s_ok),
    .dmem_req_valid_o(s_dreq_valid),
    .dmem_req_ready_i(s_dreq_ready),
    .dmem_req_addr_o (s_dreq_addr),
    .dmem_rsp_valid_i(s_drsp_valid),
    .dmem_rsp_ready_o(s_drsp_ready),
    .dmem_rsp_rdata_i(dmem_rsp_rdata_i)
  );
  assign t_ready = s_in_ready;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) between_q <= '0;
    else between_q <= between_q + $bits(between_q)'(req_valid_i && req_ready_o) -
                      $bits(between_q)'(s_valid && s_ready);
  end

  // ---- Check: header, sampler, geometry -------------------------------------------------------------
  logic [OpW-1:0]     x_op;
  logic [DescW-1:0]   x_hdr_bits, x_smp_bits;
  tsu_pkg::tex_desc_t x_hdr;
  tsu_pkg::smp_desc_t x_smp;
  assign {x_op, x_hdr_bits} = s_payload;
  assign x_smp_bits = s_raw;
  assign x_hdr = x_hdr_bits;
  assign x_smp = x_smp_bits;
  tsu_hw_pkg::fmt_info_t x_fmt;
  tsu_fmt_decode u_fmt (
    .order_i(x_hdr.chorder),
    .type_i (x_hdr.chtype),
    .info_o (x_fmt)
  );
  // Room in QX for everything inside the check (no backpressure there).
  logic [$clog2(QxDepth + 1)-1:0] qx_count;
  logic [$clog2(CheckLat + 2)-1:0] in_check_q;
  logic c_valid, c_tex_ok, c_smp_ok, x_take;
  assign s_ready = 32'(qx_count) + 32'(in_check_q) < QxDepth;
  assign x_take = s_valid && s_ready;
  tsu_tex_desc_check u_check (
    .clk_i, .rst_ni,
    .valid_i    (x_take),
    .tex_i      (x_hdr),
    .smp_i      (x_smp),
    .fmt_legal_i(x_fmt.legal),
    .valid_o    (c_valid),
    .tex_ok_o   (c_tex_ok),
    .smp_ok_o   (c_smp_ok)
  );
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) in_check_q <= '0;
    else in_check_q <= in_check_q + $bits(in_check_q)'(x_take) - $bits(in_check_q)'(c_valid);
  end
  // A feature this configuration leaves out (H15), decided beside the check.
  localparam bit AllFeatures = EnableGrad && EnableCube && EnableSeamless && EnableCompare &&
                               EnableMultisample && EnableResidency && EnableMipLinear &&
                               EnableNorm && EnableHalf && EnableInt;
  logic                 x_left_form, x_left_family, c_left_form, c_left_family;
  logic [2:0]           x_kind;
  logic [TagW-1:0]      x_tag;
  tsu_tex_pkg::tex_op_t x_o;
  assign {x_tag, x_o} = x_op;
  always_comb begin
    // The texel's class after the read mode.
    x_kind = tsu_hw_pkg::read_kind(x_fmt.kind, x_fmt.bits[5:0],
                            x_smp.read_mode == 1'(tsu_pkg::ReadNormalizedFloat));
    x_left_form = (!EnableGrad && x_o.mode == 2'(tsu_pkg::TexModeGrad)) ||
                  (!EnableCube && tsu_pkg::GEOM_CUBE[x_o.geom]) ||
                  (!EnableSeamless && tsu_pkg::GEOM_CUBE[x_o.geom] && x_smp.seamless_cube) ||
                  (!EnableCompare && x_o.compare) ||
                  (!EnableMultisample && tsu_pkg::GEOM_MS[x_o.geom]) ||
                  (!EnableResidency && x_hdr.residency_map != 64'd0) ||
                  (!EnableMipLinear && x_smp.mip_filter == 2'(tsu_pkg::MipLinear));
    x_left_family = (!EnableNorm && (x_kind == 3'(tsu_hw_pkg::KindUnorm) ||
                                     x_kind == 3'(tsu_hw_pkg::KindSnorm))) ||
                    (!EnableHalf && x_kind == 3'(tsu_hw_pkg::KindHalf)) ||
                    (!EnableInt && (x_kind == 3'(tsu_hw_pkg::KindUint) ||
                                    x_kind == 3'(tsu_hw_pkg::KindSint)));
  end
  localparam int unsigned SideW = OpW + 2 * DescW;
  logic [SideW-1:0] c_side;
  logic             nc_side_valid;
  tsu_delay #(.Width(2 + SideW), .Depth(CheckLat)) u_check_side (
    .clk_i, .rst_ni, .valid_i(x_take),
    .data_i({x_left_form, x_left_family, x_op, x_hdr_bits, x_smp_bits}),
    .valid_o(nc_side_valid), .data_o({c_left_form, c_left_family, c_side})
  );
  // The trap a request takes before sampling (tsu::Unit::Execute, ExecTex): a texture or sampler
  // slot that is not valid -> invalid_handle; a geometry other than the header's -> mismatch.
  logic [TagW-1:0]  c_tag;
  tsu_tex_pkg::tex_op_t c_o;
  logic [DescW-1:0] c_hdr_bits, c_smp_bits;
  tsu_pkg::tex_desc_t c_hdr;
  logic [2:0]       c_trap;
  assign {c_tag, c_o, c_hdr_bits, c_smp_bits} = c_side;
  assign c_hdr = c_hdr_bits;
  always_comb begin
    c_trap = 3'(tsu_pkg::TrapNone);
    if (!c_tex_ok || !c_smp_ok) c_trap = 3'(tsu_pkg::TrapInvalidHandle);
    else if (c_o.geom != c_hdr.dim) c_trap = 3'(tsu_pkg::TrapGeometryMismatch);
    else if (c_left_form) c_trap = 3'(tsu_pkg::TrapIllegalInstruction);
    else if (c_left_family) c_trap = 3'(tsu_pkg::TrapFormatMismatch);
  end
  logic [SideW-1:0]   qx_out;
  logic [2:0]         e_trap;
  logic               qx_pop, qx_empty;
  logic               nc_qx_full, nc_qxt_empty, nc_qxt_full;
  logic [$clog2(QxDepth + 1)-1:0] nc_qxt_count;
  tsu_fifo #(.Width(SideW), .Depth(QxDepth)) u_qx (
    .clk_i, .rst_ni, .push_i(c_valid), .data_i(c_side), .pop_i(qx_pop),
    .data_o(qx_out), .empty_o(qx_empty), .full_o(nc_qx_full), .count_o(qx_count)
  );
  // The trap cause beside QX, in a FIFO of its own: the cover points below read it, and the
  // sampled copy (for SVA) of a signal as wide as QX's data fails to compile in version 5.006
  // of the simulator (an undeclared loop variable in the generated C++).
  tsu_fifo #(.Width(3), .Depth(QxDepth)) u_qxt (
    .clk_i, .rst_ni, .push_i(c_valid), .data_i(c_trap), .pop_i(qx_pop),
    .data_o(e_trap), .empty_o(nc_qxt_empty), .full_o(nc_qxt_full), .count_o(nc_qxt_count)
  );

  // ---- To the engine, or a trap; QO keeps the order ---------------------------------------------------
  logic [DescW-1:0]   e_hdr_bits, e_smp_bits;
  tsu_pkg::tex_desc_t e_hdr;
  tsu_pkg::smp_desc_t e_smp;
  logic [TagW-1:0]    e_tag;
  tsu_tex_pkg::tex_op_t e_o;
  assign {e_tag, e_o, e_hdr_bits, e_smp_bits} = qx_out;
  assign e_hdr = e_hdr_bits;
  assign e_smp = e_smp_bits;
  logic qo_full, qo_empty, qo_pop, eng_ready, eng_valid;
  logic [TagW+3-1:0] qo_out;
  logic [$clog2(QoDepth + 1)-1:0] nc_qo_count;
  assign eng_valid = !qx_empty && e_trap == 3'(tsu_pkg::TrapNone) && !qo_full;
  assign qx_pop = !qx_empty && !qo_full && (e_trap != 3'(tsu_pkg::TrapNone) || eng_ready);
  tsu_fifo #(.Width(TagW + 3), .Depth(QoDepth)) u_qo (
    .clk_i, .rst_ni, .push_i(qx_pop), .data_i({e_tag, e_trap}), .pop_i(qo_pop),
    .data_o(qo_out), .empty_o(qo_empty), .full_o(qo_full), .count_o(nc_qo_count)
  );

  logic               l_req_valid, l_req_ready, l_rsp_valid, l_rsp_ready;
  logic [AddrW-1:0]   l_req_addr;
  logic               r_valid, r_ready, r_pred, r_trap;
  logic [127:0]       r_data;
  logic [2:0]         r_count;
  logic               c_req_valid, c_req_ready, c_rsp_valid, c_rsp_ready;
  logic [AddrW-1:0]   c_req_addr;
  logic [127:0]       c_rsp_data;
  logic [31:0]        e_lookups, e_misses;
  tsu_tex_engine #(
    .AddrW(AddrW), .MaxInflight(MaxInflight), .MaxReads(MaxReads), .Lanes(Lanes),
    .CubeGradBeats(CubeGradBeats), .GradBeats(GradBeats), .CubeBeats(CubeBeats), .AxisBeats(AxisBeats),
    .OutLanes(OutLanes), .AddrII(AddrII),
    .QueueRam(QueueRam), .Quad(Quad),
    .QCacheBytes(CacheBytes),
    .QCacheWays(CacheWays), .QCacheLineBytes(CacheLineBytes), .EnableGrad(EnableGrad),
    .EnableCube(EnableCube), .EnableSeamless(EnableSeamless), .EnableCompare(EnableCompare),
    .EnableMultisample(EnableMultisample), .EnableResidency(EnableResidency),
    .EnableMipLinear(EnableMipLinear), .EnableNorm(EnableNorm), .EnableHalf(EnableHalf),
    .EnableInt(EnableInt)
  ) u_engine (
    .clk_i, .rst_ni,
    .req_valid_i    (eng_valid),
    .req_ready_o    (eng_ready),
    .req_geom_i     (e_o.geom),
    .req_mode_i     (e_o.mode),
    .req_s32_i      (e_o.s32),
    .req_dtype_i    (e_o.dtype),
    .req_compare_i  (e_o.compare),
    .req_coords_i   (e_o.coords),
    .req_lod_i      (e_o.lod),
    .req_dpdx_i     (e_o.dpdx),
    .req_dpdy_i     (e_o.dpdy),
    .req_offset_i   (e_o.offset),
    .req_ref_i      (e_o.ref_value),
    .req_tex_i      (e_hdr),
    .req_smp_i      (e_smp),
    .lvl_req_valid_o(l_req_valid),
    .lvl_req_ready_i(l_req_ready),
    .lvl_req_addr_o (l_req_addr),
    .lvl_rsp_valid_i(l_rsp_valid),
    .lvl_rsp_ready_o(l_rsp_ready),
    .lvl_rsp_data_i (dmem_rsp_rdata_i),
    .mem_req_valid_o(c_req_valid),
    .mem_req_ready_i(c_req_ready),
    .mem_req_addr_o (c_req_addr),
    .mem_rsp_valid_i(c_rsp_valid),
    .mem_rsp_ready_o(c_rsp_ready),
    .mem_rsp_data_i (c_rsp_data),
    .inv_valid_i    (inv_valid_i),
    .inv_addr_i     (inv_addr_i),
    .inv_all_i      (cfg_go && cfg_op_i == tsu_pkg::CfgInvalidateAll),
    .cache_lookups_o(e_lookups),
    .cache_misses_o (e_misses),
    .rsp_valid_o    (r_valid),
    .rsp_ready_i    (r_ready),
    .rsp_data_o     (r_data),
    .rsp_count_o    (r_count),
    .rsp_pred_o     (r_pred),
    .rsp_trap_o     (r_trap)
  );

  // ---- The texel cache: between the engine's reads and the memory port ------------------------------
  // invalidate_all on the configuration port drops every line too: the command for software that
  // writes texture memory behind the unit (docs/semantics.md H13).
  if (Quad) begin : g_quad_mem
    assign mem_req_valid_o = c_req_valid;
    assign c_req_ready = mem_req_ready_i;
    assign mem_req_addr_o = c_req_addr;
    assign c_rsp_valid = mem_rsp_valid_i;
    assign mem_rsp_ready_o = c_rsp_ready;
    assign c_rsp_data = mem_rsp_rdata_i;
    assign perf_lookups_o = e_lookups;
    assign perf_misses_o = e_misses;
  end else begin : g_cache
    tsu_tex_cache #(
      .AddrW(AddrW), .SizeBytes(CacheBytes), .Ways(CacheWays), .LineBytes(CacheLineBytes),
      .Depth(MaxReads)
    ) u_cache (
      .clk_i, .rst_ni,
      .inv_valid_i,
      .inv_addr_i,
      .inv_all_i      (cfg_go && cfg_op_i == tsu_pkg::CfgInvalidateAll),
      .req_valid_i    (c_req_valid),
      .req_ready_o    (c_req_ready),
      .req_addr_i     (c_req_addr),
      .rsp_valid_o    (c_rsp_valid),
      .rsp_ready_i    (c_rsp_ready),
      .rsp_data_o     (c_rsp_data),
      .mem_req_valid_o(mem_req_valid_o),
      .mem_req_ready_i(mem_req_ready_i),
      .mem_req_addr_o (mem_req_addr_o),
      .mem_rsp_valid_i(mem_rsp_valid_i),
      .mem_rsp_ready_o(mem_rsp_ready_o),
      .mem_rsp_data_i (mem_rsp_rdata_i),
      .lookups_o      (perf_lookups_o),
      .misses_o       (perf_misses_o)
    );
    logic unused_e;
    assign unused_e = ^{e_lookups, e_misses};
  end

  // ---- Response, in request order ------------------------------------------------------------------------
  logic [2:0] o_trap;
  assign {rsp_tag_o, o_trap} = qo_out;
  always_comb begin
    rsp_valid_o = 1'b0;
    r_ready = 1'b0;
    rsp_data_o = '0;
    rsp_count_o = 3'd0;
    rsp_pred_o = 1'b1;
    rsp_trap_o = o_trap;
    if (!qo_empty) begin
      if (o_trap != 3'(tsu_pkg::TrapNone)) begin
        rsp_valid_o = 1'b1;
      end else begin
        rsp_valid_o = r_valid;
        r_ready = rsp_ready_i;
        rsp_data_o = r_data;
        rsp_count_o = r_count;
        rsp_pred_o = r_pred;
        rsp_trap_o = r_trap ? 3'(tsu_pkg::TrapInvalidHandle) : 3'(tsu_pkg::TrapNone);
      end
    end
  end
  assign qo_pop = rsp_valid_o && rsp_ready_i;

  // ---- The descriptor read port: the engine's level records first, then the sampler cache, then
  // the texture cache (downstream first, so a stage never waits on one that waits on it) ----------
  logic [1:0]  route_out;
  logic        route_full, route_empty, d_go;
  logic [$clog2(RouteDepth + 1)-1:0] nc_route_count;
  // A request shown to the port and not taken keeps its source (the port sees a valid/ready
  // sender that holds), though a higher-priority source may ask meanwhile.
  logic [1:0] d_src, held_src_q;
  logic       held_q;
  always_comb begin
    d_src = l_req_valid ? 2'd2 : s_dreq_valid ? 2'd1 : 2'd0;
    if (held_q) d_src = held_src_q;
    dmem_req_valid_o = !route_full && (d_src == 2'd2 ? l_req_valid :
                                       d_src == 2'd1 ? s_dreq_valid : t_dreq_valid);
    dmem_req_addr_o = d_src == 2'd2 ? l_req_addr : d_src == 2'd1 ? s_dreq_addr : t_dreq_addr;
  end
  // Apart from the request: its valid must not depend on the port's ready.
  assign l_req_ready = !route_full && dmem_req_ready_i && d_src == 2'd2;
  assign s_dreq_ready = !route_full && dmem_req_ready_i && d_src == 2'd1;
  assign t_dreq_ready = !route_full && dmem_req_ready_i && d_src == 2'd0;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held_q <= 1'b0;
      held_src_q <= 2'd0;
    end else begin
      held_q <= dmem_req_valid_o && !dmem_req_ready_i;
      held_src_q <= d_src;
    end
  end
  assign d_go = dmem_req_valid_o && dmem_req_ready_i;
  tsu_fifo #(.Width(2), .Depth(RouteDepth)) u_route (
    .clk_i, .rst_ni, .push_i(d_go),
    .data_i(d_src),
    .pop_i(dmem_rsp_valid_i && dmem_rsp_ready_o), .data_o(route_out), .empty_o(route_empty),
    .full_o(route_full), .count_o(nc_route_count)
  );
  assign l_rsp_valid = dmem_rsp_valid_i && !route_empty && route_out == 2'd2;
  assign s_drsp_valid = dmem_rsp_valid_i && !route_empty && route_out == 2'd1;
  assign t_drsp_valid = dmem_rsp_valid_i && !route_empty && route_out == 2'd0;
  assign dmem_rsp_ready_o = !route_empty && (route_out == 2'd2 ? l_rsp_ready :
                                             route_out == 2'd1 ? s_drsp_ready : t_drsp_ready);

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_trap_invalid: cover property (@(posedge clk_i) qx_pop && e_trap == 3'(tsu_pkg::TrapInvalidHandle));
  c_trap_geometry: cover property (@(posedge clk_i) qx_pop && e_trap == 3'(tsu_pkg::TrapGeometryMismatch));
  c_independent: cover property (@(posedge clk_i) req_valid_i && req_ready_o && req_has_sampler_i);
  c_trap_behind_sample: cover property (@(posedge clk_i) !qo_empty && o_trap == 3'(tsu_pkg::TrapNone) && qx_pop && e_trap != 3'(tsu_pkg::TrapNone));
  c_cfg_waits: cover property (@(posedge clk_i) cfg_valid_i && !cfg_ready_o);
  /* verilator lint_on SYNCASYNCNET */
  if (!AllFeatures) begin : g_left_out
    /* verilator lint_off SYNCASYNCNET */
    c_trap_left_out_form: cover property (@(posedge clk_i) c_valid && c_trap == 3'(tsu_pkg::TrapIllegalInstruction));
    c_trap_left_out_family: cover property (@(posedge clk_i) c_valid && c_trap == 3'(tsu_pkg::TrapFormatMismatch));
    /* verilator lint_on SYNCASYNCNET */
  end
  /* verilator lint_off SYNCASYNCNET */
  c_route_full: cover property (@(posedge clk_i) route_full);
  a_dmem_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
      dmem_req_valid_o && !dmem_req_ready_i |=> dmem_req_valid_o && $stable(dmem_req_addr_o));
  always @(posedge clk_i) if (rst_ni && dmem_rsp_valid_i)
    a_no_stray_line: assert (!route_empty);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_t_buf, nc_s_buf, nc_t_ok, nc_s_ok, nc_side_valid, nc_qx_full, nc_qo_count,
                    nc_route_count, x_fmt, t_hdr, c_hdr,
                    c_smp_bits, c_hdr_bits, c_tag, c_o, nc_qxt_empty, nc_qxt_full, nc_qxt_count,
                    x_tag, x_o};
endmodule
