// tsu_top: the texture/surface unit (tex, suld, sust, sured, suq; EnableTex 0 leaves tex out) behind
// valid/ready request, response and memory ports. Golden model: tsu::Unit::Execute, one
// transaction at a time, in program order.
//
// A tex request (EnableTex) goes to the texture path, tsu_tex_unit (rtl/tex/), everything else to
// the surface path. Responses leave in program order across both (tsu_order: an order FIFO says
// whose each response is); the two paths share the memory and descriptor ports (tsu_port_arb).
// Memory order between them (docs/semantics.md H11): a tex is accepted only when no surface
// store or reduction is in flight and none of their writes waits for the memory, and a sust or
// sured only when no tex is in flight, so every tex reads memory as program order leaves it.
//
// The surface path is tsu_surface (top/tsu_surface.sv: descriptor, decode, address, issue,
// complete and respond stages, its ordering and hazard rules, its memory contract); tsu_accept,
// which classifies a request for both paths, is in front of it.
//
// Memory contract: requests take effect in the order the memory accepts them and read data
// returns in request order. Requests are 16-byte lines (addr_o[3:0] = 0) with a byte mask.
module tsu_top #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned HandleW = 20,        // handles 0 .. 2^HandleW - 1 (pool size limit)
  parameter int unsigned DescCacheEntries = 16, // descriptor cache; 0: fetch for every request
  parameter int unsigned TagW = 8,
  parameter int unsigned MaxReads = 8,   // outstanding memory reads
  parameter bit QueueRam = 1'b0,         // the issue, memory-request, completion and read-data
                                         // queues in block RAM (same timing)
  parameter int unsigned MqDepth = 4,   // memory-request queue: 1 is a register in flip-flops
                                        // whose ready passes through (tsu_issue)
  parameter int unsigned RspDepth = 2,  // response queue: 2, or 1 with its ready passing through
  parameter bit QueueBypass = 1'b1,      // QueueRam: 0 drops the queues' bypass registers (an
                                         // entry into an empty queue shows a cycle later)
  parameter bit RegRed = 1'b0,           // a sured's old value and result registered
                                         // (tsu_complete)
  // The request port is read in place until the request leaves the descriptor stage (the
  // sender holds it: valid/ready), with no copy in the unit; req_ready_o then comes when the
  // request enters the address path (tsu_desc HoldIn). Surface path only (EnableTex 0).
  parameter bit HoldReq = 1'b0,
  parameter bit RegBounds = 1'b1,        // pipeline registers in bounds/clamp (and pack)
  parameter bit RegAddr = 1'b1,          // pipeline registers in address generation (and pack)
  // Cycles per surface request in address generation: 1 (three whole strided products), or
  // 2..16 (the products over AddrII cycles, for parts without multipliers: the surface path
  // then takes a request at most every AddrII cycles).
  parameter int unsigned AddrII = 1,
  parameter bit EnableNorm = 1'b1,       // sust.p to UNORM/SNORM formats (else format_mismatch)
  parameter bit EnableHalf = 1'b1,       // sust.p to HALF_FLOAT formats
  parameter bit EnableInt = 1'b1,        // sust.p to integer formats
  // sust.p's conversion: 4 converts one component a cycle through one converter (a quarter of
  // them): at AddrII 1 a sust.p then waits tsu_hw_pkg::pack_wait cycles (3) in the decode stage
  // while its pack starts, so sust.p issue every 4 cycles and nothing else slows; 1 converts all
  // four at once. AddrII >= 4 converts a component a cycle, AddrII 2 and 3 (and AddrII 1 without
  // RegAddr, whose register holds the texel) all four at once, whatever this says.
  parameter int unsigned PackBeats = 4,
  // The texture path (0: the surface-only unit, fpga/configs/surface.cfg, where tex traps
  // illegal_instruction)
  parameter bit EnableTex = 1'b1,
  parameter int unsigned TexDescCacheEntries = 8,  // tsu_tex_unit: each of its two caches
  parameter int unsigned TexMaxInflight = 64,      // tsu_tex_unit: requests in the engine
  parameter int unsigned TexMaxReads = 32,         // tsu_tex_unit: texel reads outstanding
  // tsu_tex_unit: channels lerped per cycle (1, 2 or 4): a filtered tap takes 4 / TexLanes cycles
  // in the filter, an unfiltered one a cycle at any setting (tsu_tex_filter); 2 halves the
  // filter's lerps for half the one-tap path's filtered rate (the quad path needs 4).
  parameter int unsigned TexLanes = 2,
  parameter int unsigned TexCubeGradBeats = 4,     // tsu_tex_unit: cube gradients' II (1, 2, 4)
  parameter int unsigned TexGradBeats = 6,         // tsu_tex_unit: the gradients' II (1, 2 or 6)
  parameter int unsigned TexCubeBeats = 2,         // tsu_tex_unit: face selection's II (1 or 2)
  parameter int unsigned TexAxisBeats = 3,         // tsu_tex_unit: a pass's II (1 or 3)
  parameter int unsigned TexOutLanes = 1,          // tsu_tex_unit: components converted a cycle
  parameter int unsigned TexAddrII = 1,            // tsu_tex_unit: cycles per tap's address (1-16)
  // tsu_tex_unit: the quad path (a bilinear footprint per cycle) with the texel cache in four banks
  parameter bit          TexQuad = 1'b0,
  parameter int unsigned TexCacheBytes = 2048,     // tsu_tex_cache: texel cache size (0: none)
  parameter int unsigned TexCacheWays = 4,         // tsu_tex_cache: ways per set
  parameter int unsigned TexCacheLineBytes = 16,   // tsu_tex_cache: line (16, 32 or 64 bytes)
  // The texture path's feature knobs (tsu_tex_engine's Enable*, docs/semantics.md H15): 0 removes
  // the feature's hardware, and a tex that needs it traps (a form or mode illegal_instruction, a
  // conversion family format_mismatch).
  parameter bit          TexGrad = 1'b1,        // .grad
  parameter bit          TexCube = 1'b1,        // cube and acube
  parameter bit          TexSeamless = 1'b1,    // seamless cube filtering
  parameter bit          TexCompare = 1'b1,     // a depth compare
  parameter bit          TexMultisample = 1'b1, // 2dms and a2dms
  parameter bit          TexResidency = 1'b1,   // residency maps
  parameter bit          TexMipLinear = 1'b1,   // a linear mip filter (trilinear)
  parameter bit          TexNorm = 1'b1,        // UNORM/SNORM texels (sRGB included)
  parameter bit          TexHalf = 1'b1,        // HALF_FLOAT texels
  parameter bit          TexInt = 1'b1,         // integer texels
  // Requests in flight across both paths (tex: tsu_order), above what the two can hold (about
  // 100). Unused with EnableTex 0.
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned OrderDepth = 128
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  // Configuration (docs/descriptors.md): descriptor pool base and size, cache invalidation.
  input  logic                        cfg_valid_i,
  output logic                        cfg_ready_o,
  input  tsu_pkg::cfg_op_e            cfg_op_i,
  input  logic [63:0]                 cfg_data_i,
  // Request.
  input  logic                        req_valid_i,
  output logic                        req_ready_o,
  input  tsu_pkg::opcode_e            req_opcode_i,
  input  tsu_pkg::addressing_e        req_addressing_i,
  input  tsu_pkg::geom_e              req_geom_i,
  input  tsu_pkg::vec_e               req_vec_i,
  input  tsu_pkg::dtype_e             req_type_i,
  input  tsu_pkg::clamp_e             req_clamp_i,
  input  tsu_pkg::redop_e             req_redop_i,
  input  tsu_pkg::query_e             req_query_i,
  input  logic [63:0]                 req_handle_i,  // .surfref handle or .u64 register value
  input  logic [TagW-1:0]             req_tag_i,
  input  logic [127:0]                req_coords_i,  // operand b, element i in [32i +: 32]
  input  logic [255:0]                req_data_i,    // source element i in [64i +: 64]
  // tex operands (ignored for surface requests).
  input  tsu_pkg::texmode_e           req_texmode_i, // plain, .base, .level, .grad
  input  logic                        req_s32_i,     // .s32 coordinates (else .f32)
  input  logic                        req_compare_i, // a depth reference is given
  input  logic                        req_has_sampler_i,  // independent mode
  input  logic [63:0]                 req_sampler_i, // the sampler's handle (independent mode)
  input  logic [31:0]                 req_lod_i,     // .level: the LOD (f32, or s32 with .s32)
  input  logic [11:0]                 req_offset_i,  // texel offsets, 4 bits per axis
  input  logic [31:0]                 req_ref_i,     // the depth reference (f32)
  input  logic [95:0]                 req_dpdx_i,    // .grad: dPdx, element a in [32a +: 32] (f32)
  input  logic [95:0]                 req_dpdy_i,    // .grad: dPdy
  // Response.
  output logic                        rsp_valid_o,
  input  logic                        rsp_ready_i,
  output logic [TagW-1:0]             rsp_tag_o,
  output logic [255:0]                rsp_data_o,    // element i in [64i +: 64]
  output logic [2:0]                  rsp_count_o,   // elements written (suld n, suq 1)
  output logic [2:0]                  rsp_trap_o,    // tsu_pkg::trap_e
  output logic [3:0]                  rsp_oob_o,
  output logic                        rsp_misaligned_o,
  output logic                        rsp_clamped_o,
  output logic                        rsp_suppressed_o,
  output logic                        rsp_pred_o,    // tex: all texels resident (else 1)
  // Memory.
  output logic                        mem_req_valid_o,
  input  logic                        mem_req_ready_i,
  output logic                        mem_req_we_o,
  output logic [AddrW-1:0]            mem_req_addr_o,
  output logic [127:0]                mem_req_wdata_o,
  output logic [15:0]                 mem_req_mask_o,
  input  logic                        mem_rsp_valid_i,
  output logic                        mem_rsp_ready_o,
  input  logic [127:0]                mem_rsp_rdata_i,
  // Descriptor reads (read-only, 16-byte lines, responses in order).
  output logic                        dmem_req_valid_o,
  input  logic                        dmem_req_ready_i,
  output logic [AddrW-1:0]            dmem_req_addr_o,
  input  logic                        dmem_rsp_valid_i,
  output logic                        dmem_rsp_ready_o,
  input  logic [127:0]                dmem_rsp_rdata_i,
  // Texel cache counters (EnableTex; else 0): reads looked up, reads missed (wrap at 2^32).
  output logic [31:0]                 perf_tex_lookups_o,
  output logic [31:0]                 perf_tex_misses_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Request to response, idle, on a descriptor-cache hit (or a handle that needs no descriptor),
  // counted from the request's entry into the descriptor stage (HoldReq: its lookup, before the
  // port's handshake) and with the queues' bypass registers (QueueBypass 0 adds their cycles).
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::surface_latency(RegBounds, RegAddr, AddrII);
  // Parameters the testbench reads instead of assuming them.
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;
  localparam int unsigned HandleWidth /*verilator public*/ = HandleW;
  localparam int unsigned DescCacheSize /*verilator public*/ = DescCacheEntries;
  localparam int unsigned TagWidth /*verilator public*/ = TagW;
  localparam int unsigned AddrInterval /*verilator public*/ = AddrII;
  localparam int unsigned FmtNorm /*verilator public*/ = 32'(EnableNorm);
  localparam int unsigned FmtHalf /*verilator public*/ = 32'(EnableHalf);
  localparam int unsigned FmtInt /*verilator public*/ = 32'(EnableInt);
  localparam int unsigned HasTex /*verilator public*/ = 32'(EnableTex);
  localparam int unsigned TexCacheSize /*verilator public*/ = EnableTex ? TexCacheBytes : 0;
  localparam int unsigned TexCacheAssoc /*verilator public*/ = TexCacheWays;
  localparam int unsigned TexCacheLine /*verilator public*/ = TexCacheLineBytes;
  localparam int unsigned TexCacheBanks /*verilator public*/ = TexQuad ? 4 : 1;
  localparam int unsigned HasTexGrad /*verilator public*/ = 32'(TexGrad);
  localparam int unsigned HasTexCube /*verilator public*/ = 32'(TexCube);
  localparam int unsigned HasTexSeamless /*verilator public*/ = 32'(TexSeamless);
  localparam int unsigned HasTexCompare /*verilator public*/ = 32'(TexCompare);
  localparam int unsigned HasTexMultisample /*verilator public*/ = 32'(TexMultisample);
  localparam int unsigned HasTexResidency /*verilator public*/ = 32'(TexResidency);
  localparam int unsigned HasTexMipLinear /*verilator public*/ = 32'(TexMipLinear);
  localparam int unsigned HasTexNorm /*verilator public*/ = 32'(TexNorm);
  localparam int unsigned HasTexHalf /*verilator public*/ = 32'(TexHalf);
  localparam int unsigned HasTexInt /*verilator public*/ = 32'(TexInt);
  /* verilator lint_on UNUSEDPARAM */

  // ---- Accept -----------------------------------------------------------------------------------------
  tsu_hw_pkg::req_t  req;
  tsu_hw_pkg::path_e path;
  tsu_accept #(.EnableTex(EnableTex)) u_accept (
    .opcode_i    (req_opcode_i),
    .addressing_i(req_addressing_i),
    .geom_i      (req_geom_i),
    .vec_i       (req_vec_i),
    .type_i      (req_type_i),
    .clamp_i     (req_clamp_i),
    .redop_i     (req_redop_i),
    .query_i     (req_query_i),
    .s32_i       (req_s32_i),
    .coords_i    (req_coords_i),
    .data_i      (req_data_i),
    .req_o       (req),
    .path_o      (path)
  );

  // ---- The surface path ------------------------------------------------------------------------------
  // Its side of the ports, joined to the unit's ports below, directly or through the arbiters of
  // the texture path.
  logic                s_cfg_valid, s_cfg_ready, s_req_valid, s_req_ready;
  logic                s_dreq_valid, s_dreq_ready, s_drsp_valid, s_drsp_ready;
  logic [AddrW-1:0]    s_dreq_addr;
  logic                s_mem_valid, s_mem_ready, s_mem_we, s_mrsp_valid, s_mrsp_ready, s_writes;
  logic [AddrW-1:0]    s_mem_addr;
  logic [127:0]        s_mem_wdata;
  logic [15:0]         s_mem_mask;
  logic                s_rsp_valid, s_rsp_ready, s_rsp_misaligned, s_rsp_clamped, s_rsp_suppressed;
  logic [TagW-1:0]     s_rsp_tag;
  logic [255:0]        s_rsp_data;
  logic [2:0]          s_rsp_count, s_rsp_trap;
  logic [3:0]          s_rsp_oob;
  tsu_surface #(
    .AddrW           (AddrW),
    .HandleW         (HandleW),
    .DescCacheEntries(DescCacheEntries),
    .TagW            (TagW),
    .MaxReads        (MaxReads),
    .QueueRam        (QueueRam),
    .MqDepth         (MqDepth),
    .RspDepth        (RspDepth),
    .QueueBypass     (QueueBypass),
    .RegRed          (RegRed),
    .HoldReq         (HoldReq),
    .RegBounds       (RegBounds),
    .RegAddr         (RegAddr),
    .AddrII          (AddrII),
    .EnableNorm      (EnableNorm),
    .EnableHalf      (EnableHalf),
    .EnableInt       (EnableInt),
    .PackBeats       (PackBeats)
  ) u_surface (
    .clk_i, .rst_ni,
    .cfg_valid_i     (s_cfg_valid),
    .cfg_ready_o     (s_cfg_ready),
    .cfg_op_i, .cfg_data_i,
    .req_valid_i     (s_req_valid),
    .req_ready_o     (s_req_ready),
    .req_i           (req),
    .req_handle_i, .req_tag_i,
    .dmem_req_valid_o(s_dreq_valid),
    .dmem_req_ready_i(s_dreq_ready),
    .dmem_req_addr_o (s_dreq_addr),
    .dmem_rsp_valid_i(s_drsp_valid),
    .dmem_rsp_ready_o(s_drsp_ready),
    .dmem_rsp_rdata_i,
    .mem_req_valid_o (s_mem_valid),
    .mem_req_ready_i (s_mem_ready),
    .mem_req_we_o    (s_mem_we),
    .mem_req_addr_o  (s_mem_addr),
    .mem_req_wdata_o (s_mem_wdata),
    .mem_req_mask_o  (s_mem_mask),
    .mem_rsp_valid_i (s_mrsp_valid),
    .mem_rsp_ready_o (s_mrsp_ready),
    .mem_rsp_rdata_i,
    .writes_o        (s_writes),
    .rsp_valid_o     (s_rsp_valid),
    .rsp_ready_i     (s_rsp_ready),
    .rsp_tag_o       (s_rsp_tag),
    .rsp_data_o      (s_rsp_data),
    .rsp_count_o     (s_rsp_count),
    .rsp_trap_o      (s_rsp_trap),
    .rsp_oob_o       (s_rsp_oob),
    .rsp_misaligned_o(s_rsp_misaligned),
    .rsp_clamped_o   (s_rsp_clamped),
    .rsp_suppressed_o(s_rsp_suppressed)
  );

  // A memory-port request: both paths' go through tsu_port_arb as this record (EnableTex).
  typedef struct packed {
    logic             we;
    logic [AddrW-1:0] addr;
    logic [127:0]     wdata;
    logic [15:0]      mask;
  } mem_req_t;
  mem_req_t mem_req, s_mem_req, t_mem_req;

  if (EnableTex) begin : g_tex
    // ---- The texture path ------------------------------------------------------------------------------
    logic             t_cfg_valid, t_cfg_ready, t_req_valid, t_req_ready;
    logic             t_dreq_valid, t_dreq_ready, t_drsp_valid, t_drsp_ready;
    logic [AddrW-1:0] t_dreq_addr;
    logic             t_mem_valid, t_mem_ready, t_mrsp_valid, t_mrsp_ready;
    logic [AddrW-1:0] t_mem_addr;
    logic             t_rsp_valid, t_rsp_ready, t_rsp_pred;
    logic [TagW-1:0]  t_rsp_tag;
    logic [127:0]     t_rsp_data;
    logic [2:0]       t_rsp_count, t_rsp_trap;
    tsu_tex_unit #(
      .AddrW           (AddrW),
      .HandleW         (HandleW),
      .DescCacheEntries(TexDescCacheEntries),
      .TagW            (TagW),
      .MaxInflight     (TexMaxInflight),
      .MaxReads        (TexMaxReads),
      .Lanes           (TexLanes),
      .CubeGradBeats   (TexCubeGradBeats),
      .GradBeats       (TexGradBeats),
      .CubeBeats       (TexCubeBeats),
      .AxisBeats       (TexAxisBeats),
      .OutLanes        (TexOutLanes),
      .AddrII          (TexAddrII),
      .Quad            (TexQuad),
      .CacheBytes      (TexCacheBytes),
      .CacheWays       (TexCacheWays),
      .CacheLineBytes  (TexCacheLineBytes),
      .QueueRam        (1'b1),
      .EnableGrad       (TexGrad),
      .EnableCube       (TexCube),
      .EnableSeamless   (TexSeamless),
      .EnableCompare    (TexCompare),
      .EnableMultisample(TexMultisample),
      .EnableResidency  (TexResidency),
      .EnableMipLinear  (TexMipLinear),
      .EnableNorm       (TexNorm),
      .EnableHalf       (TexHalf),
      .EnableInt        (TexInt)
    ) u_tex (
      .clk_i, .rst_ni,
      .cfg_valid_i      (t_cfg_valid),
      .cfg_ready_o      (t_cfg_ready),
      .cfg_op_i, .cfg_data_i,
      .req_valid_i      (t_req_valid),
      .req_ready_o      (t_req_ready),
      .req_tag_i,
      .req_geom_i       (4'(req_geom_i)),
      .req_mode_i       (2'(req_texmode_i)),
      .req_s32_i,
      .req_dtype_i      (4'(req_type_i)),
      .req_compare_i,
      .req_has_sampler_i,
      .req_handle_i,
      .req_sampler_i,
      .req_coords_i,
      .req_lod_i,
      .req_offset_i,
      .req_ref_i,
      .req_dpdx_i,
      .req_dpdy_i,
      .dmem_req_valid_o (t_dreq_valid),
      .dmem_req_ready_i (t_dreq_ready),
      .dmem_req_addr_o  (t_dreq_addr),
      .dmem_rsp_valid_i (t_drsp_valid),
      .dmem_rsp_ready_o (t_drsp_ready),
      .dmem_rsp_rdata_i,
      // Every write the unit sends to memory drops the texel cache's copy of its line.
      .inv_valid_i      (mem_req_valid_o && mem_req_ready_i && mem_req_we_o),
      .inv_addr_i       (mem_req_addr_o),
      .mem_req_valid_o  (t_mem_valid),
      .mem_req_ready_i  (t_mem_ready),
      .mem_req_addr_o   (t_mem_addr),
      .mem_rsp_valid_i  (t_mrsp_valid),
      .mem_rsp_ready_o  (t_mrsp_ready),
      .mem_rsp_rdata_i,
      .rsp_valid_o      (t_rsp_valid),
      .rsp_ready_i      (t_rsp_ready),
      .rsp_tag_o        (t_rsp_tag),
      .rsp_data_o       (t_rsp_data),
      .rsp_count_o      (t_rsp_count),
      .rsp_pred_o       (t_rsp_pred),
      .rsp_trap_o       (t_rsp_trap),
      .perf_lookups_o   (perf_tex_lookups_o),
      .perf_misses_o    (perf_tex_misses_o)
    );

    // ---- Where the paths meet: which path, program order, responses, configuration (H11) --------
    tsu_order #(.TagW(TagW), .Depth(OrderDepth)) u_order (
      .clk_i, .rst_ni,
      .req_valid_i,
      .req_path_i        (path),
      .req_ready_o,
      .s_req_valid_o     (s_req_valid),
      .s_req_ready_i     (s_req_ready),
      .t_req_valid_o     (t_req_valid),
      .t_req_ready_i     (t_req_ready),
      .s_writes_i        (s_writes),
      .cfg_valid_i,
      .cfg_ready_o,
      .s_cfg_valid_o     (s_cfg_valid),
      .s_cfg_ready_i     (s_cfg_ready),
      .t_cfg_valid_o     (t_cfg_valid),
      .t_cfg_ready_i     (t_cfg_ready),
      .s_rsp_valid_i     (s_rsp_valid),
      .s_rsp_ready_o     (s_rsp_ready),
      .s_rsp_tag_i       (s_rsp_tag),
      .s_rsp_data_i      (s_rsp_data),
      .s_rsp_count_i     (s_rsp_count),
      .s_rsp_trap_i      (s_rsp_trap),
      .s_rsp_oob_i       (s_rsp_oob),
      .s_rsp_misaligned_i(s_rsp_misaligned),
      .s_rsp_clamped_i   (s_rsp_clamped),
      .s_rsp_suppressed_i(s_rsp_suppressed),
      .t_rsp_valid_i     (t_rsp_valid),
      .t_rsp_ready_o     (t_rsp_ready),
      .t_rsp_tag_i       (t_rsp_tag),
      .t_rsp_data_i      (t_rsp_data),
      .t_rsp_count_i     (t_rsp_count),
      .t_rsp_trap_i      (t_rsp_trap),
      .t_rsp_pred_i      (t_rsp_pred),
      .rsp_valid_o,
      .rsp_ready_i,
      .rsp_tag_o,
      .rsp_data_o,
      .rsp_count_o,
      .rsp_trap_o,
      .rsp_oob_o,
      .rsp_misaligned_o,
      .rsp_clamped_o,
      .rsp_suppressed_o,
      .rsp_pred_o
    );

    // ---- The shared ports ---------------------------------------------------------------------------------------
    always_comb begin
      s_mem_req.we = s_mem_we;
      s_mem_req.addr = s_mem_addr;
      s_mem_req.wdata = s_mem_wdata;
      s_mem_req.mask = s_mem_mask;
      t_mem_req.we = 1'b0;  // the texture path only reads
      t_mem_req.addr = t_mem_addr;
      t_mem_req.wdata = '0;
      t_mem_req.mask = '0;
    end
    tsu_port_arb #(.PayloadW($bits(mem_req)), .RouteDepth(MaxReads + TexMaxReads)) u_mem_arb (
      .clk_i, .rst_ni,
      .a_valid_i    (s_mem_valid),
      .a_ready_o    (s_mem_ready),
      .a_read_i     (!s_mem_we),
      .a_payload_i  (s_mem_req),
      .b_valid_i    (t_mem_valid),
      .b_ready_o    (t_mem_ready),
      .b_read_i     (1'b1),
      .b_payload_i  (t_mem_req),
      .valid_o      (mem_req_valid_o),
      .ready_i      (mem_req_ready_i),
      .payload_o    (mem_req),
      .rsp_valid_i  (mem_rsp_valid_i),
      .rsp_ready_o  (mem_rsp_ready_o),
      .a_rsp_valid_o(s_mrsp_valid),
      .a_rsp_ready_i(s_mrsp_ready),
      .b_rsp_valid_o(t_mrsp_valid),
      .b_rsp_ready_i(t_mrsp_ready)
    );
    assign mem_req_we_o = mem_req.we;
    assign mem_req_addr_o = mem_req.addr;
    assign mem_req_wdata_o = mem_req.wdata;
    assign mem_req_mask_o = mem_req.mask;
    tsu_port_arb #(.PayloadW(AddrW), .RouteDepth(24)) u_dmem_arb (
      .clk_i, .rst_ni,
      .a_valid_i    (s_dreq_valid),
      .a_ready_o    (s_dreq_ready),
      .a_read_i     (1'b1),
      .a_payload_i  (s_dreq_addr),
      .b_valid_i    (t_dreq_valid),
      .b_ready_o    (t_dreq_ready),
      .b_read_i     (1'b1),
      .b_payload_i  (t_dreq_addr),
      .valid_o      (dmem_req_valid_o),
      .ready_i      (dmem_req_ready_i),
      .payload_o    (dmem_req_addr_o),
      .rsp_valid_i  (dmem_rsp_valid_i),
      .rsp_ready_o  (dmem_rsp_ready_o),
      .a_rsp_valid_o(s_drsp_valid),
      .a_rsp_ready_i(s_drsp_ready),
      .b_rsp_valid_o(t_drsp_valid),
      .b_rsp_ready_i(t_drsp_ready)
    );

  end else begin : g_surface_only
    // ---- The surface path alone: its ports are the unit's ----------------------------------------------
    assign cfg_ready_o = s_cfg_ready;
    assign s_cfg_valid = cfg_valid_i;
    assign s_req_valid = req_valid_i;
    assign req_ready_o = s_req_ready;
    assign dmem_req_valid_o = s_dreq_valid;
    assign s_dreq_ready = dmem_req_ready_i;
    assign dmem_req_addr_o = s_dreq_addr;
    assign s_drsp_valid = dmem_rsp_valid_i;
    assign dmem_rsp_ready_o = s_drsp_ready;
    assign mem_req_valid_o = s_mem_valid;
    assign s_mem_ready = mem_req_ready_i;
    assign mem_req_we_o = s_mem_we;
    assign mem_req_addr_o = s_mem_addr;
    assign mem_req_wdata_o = s_mem_wdata;
    assign mem_req_mask_o = s_mem_mask;
    assign s_mrsp_valid = mem_rsp_valid_i;
    assign mem_rsp_ready_o = s_mrsp_ready;
    assign rsp_valid_o = s_rsp_valid;
    assign s_rsp_ready = rsp_ready_i;
    assign rsp_tag_o = s_rsp_tag;
    assign rsp_data_o = s_rsp_data;
    assign rsp_count_o = s_rsp_count;
    assign rsp_trap_o = s_rsp_trap;
    assign rsp_oob_o = s_rsp_oob;
    assign rsp_misaligned_o = s_rsp_misaligned;
    assign rsp_clamped_o = s_rsp_clamped;
    assign rsp_suppressed_o = s_rsp_suppressed;
    assign rsp_pred_o = 1'b1;
    assign perf_tex_lookups_o = '0;
    assign perf_tex_misses_o = '0;
    assign mem_req = '0;
    assign s_mem_req = '0;
    assign t_mem_req = '0;
    logic unused_tex;
    assign unused_tex = ^{mem_req, s_mem_req, t_mem_req, s_writes, path, req_texmode_i,
                          req_compare_i, req_has_sampler_i, req_sampler_i, req_lod_i, req_offset_i, req_ref_i,
                          req_dpdx_i, req_dpdy_i};
  end

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_req_stalled: cover property (@(posedge clk_i) req_valid_i && !req_ready_o);
  /* verilator lint_on SYNCASYNCNET */
  // With the texture path the port's valid passes the order checks, which may drop it while
  // the descriptor stage holds the request.
  initial assert (!(HoldReq && EnableTex)) else $fatal(1, "tsu_top: HoldReq needs EnableTex 0");
`endif
endmodule
