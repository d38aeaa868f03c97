// tsu_top: the surface unit (suld, sust, sured, suq) behind valid/ready request, response and
// memory ports. Golden model: tsu::Unit::Execute, one transaction at a time, in program order.
//
// Pipeline (one request per cycle while memory keeps up):
//   accept -> decode + descriptor lookup -> tsu_surf_addr (bounds, clamp, address) with the
//   sideband and the sust.p texel (tsu_fmt_pack) alongside -> issue queue -> issue (memory read
//   or write, hazard checks) -> completion queue -> complete in order (load data, sured
//   read-modify-write, response).
//
// Memory contract: requests take effect in the order the memory accepts them and read data
// returns in request order. Requests are 16-byte lines (addr_o[3:0] = 0) with a byte mask; a
// surface access is at most 16 bytes and aligned to its size, so it never spans two lines.
//
// Ordering and hazards (docs/semantics.md H5-H7):
//   * every request leaves in program order through one FIFO, except a sured's write, which
//     leaves when the sured completes;
//   * a sured issues its read without waiting for earlier sureds; when it completes, the
//     results of the earlier sureds that were still unwritten when its read left (the last P
//     entries of the reduction history) are merged over the read data: forwarding, so a chain
//     of reductions to one address is exact at one sured per two memory-port cycles;
//   * a load to a line with an unwritten sured result, and any store while a sured result is
//     unwritten, wait: so loads see earlier reductions and writes leave in program order.
// Traps (invalid handle, format mismatch, out of bounds, ...) produce a response and no memory
// access; the next request proceeds.
module tsu_top #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned HandleW = 20,        // handles 0 .. 2^HandleW - 1 (pool size limit)
  parameter int unsigned DescCacheEntries = 16, // descriptor cache; 0: fetch for every request
  parameter int unsigned TagW = 8,
  parameter int unsigned MaxReads = 8,   // outstanding memory reads
  parameter bit RegBounds = 1'b1,        // pipeline registers in bounds/clamp (and pack)
  parameter bit RegAddr = 1'b1,          // pipeline registers in address generation (and pack)
  parameter bit EnableNorm = 1'b1,       // sust.p to UNORM/SNORM formats (else format_mismatch)
  parameter bit EnableHalf = 1'b1,       // sust.p to HALF_FLOAT formats
  parameter bit EnableInt = 1'b1         // sust.p to integer formats
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
  input  logic [127:0]                dmem_rsp_rdata_i
);
  localparam int unsigned XW1 = 32'(tsu_pkg::COORD_X_BYTE_BITS) + 1;
  localparam int unsigned YW1 = 32'(tsu_pkg::COORD_Y_BITS) + 1;
  localparam int unsigned ZW1 = 32'(tsu_pkg::COORD_Z_BITS) + 1;
  localparam int unsigned LW1 = 32'(tsu_pkg::COORD_LAYER_BITS) + 1;
  localparam int unsigned AddrLat = 2 * (32'(RegBounds) + 32'(RegAddr));
  localparam int unsigned PackLat = 32'(RegBounds) + 32'(RegAddr);
  localparam int unsigned IqDepth = AddrLat + 2;
  localparam int unsigned CqDepth = MaxReads + 2;
  localparam int unsigned PW = $clog2(MaxReads + 1);  // counts of pending sureds
  localparam int unsigned LineW = AddrW - 4;
  /* verilator lint_off UNUSEDPARAM */
  // Request to response, idle, on a descriptor-cache hit (or a handle that needs no descriptor).
  localparam int unsigned Latency /*verilator public*/ = AddrLat + 3;
  // Parameters the testbench reads instead of assuming them.
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;
  localparam int unsigned HandleWidth /*verilator public*/ = HandleW;
  localparam int unsigned DescCacheSize /*verilator public*/ = DescCacheEntries;
  localparam int unsigned TagWidth /*verilator public*/ = TagW;
  localparam int unsigned FmtNorm /*verilator public*/ = 32'(EnableNorm);
  localparam int unsigned FmtHalf /*verilator public*/ = 32'(EnableHalf);
  localparam int unsigned FmtInt /*verilator public*/ = 32'(EnableInt);
  /* verilator lint_on UNUSEDPARAM */

  // ---- Accept: what needs no descriptor --------------------------------------------------------
  logic [1:0]  r_vec_log2;
  logic [2:0]  r_type_log2;
  logic        r_surface_geom, r_illegal;
  logic [127:0] r_data;
  always_comb begin
    unique case (req_vec_i)
      tsu_pkg::Vec2: r_vec_log2 = 2'd1;
      tsu_pkg::Vec4: r_vec_log2 = 2'd2;
      default: r_vec_log2 = 2'd0;
    endcase
    unique case (req_type_i)
      tsu_pkg::TypeB8: r_type_log2 = 3'd0;
      tsu_pkg::TypeB16, tsu_pkg::TypeF16: r_type_log2 = 3'd1;
      tsu_pkg::TypeB64, tsu_pkg::TypeU64, tsu_pkg::TypeS64: r_type_log2 = 3'd3;
      default: r_type_log2 = 3'd2;
    endcase
    r_surface_geom = req_geom_i == tsu_pkg::Geom1d || req_geom_i == tsu_pkg::Geom2d ||
                     req_geom_i == tsu_pkg::Geom3d || req_geom_i == tsu_pkg::GeomA1d ||
                     req_geom_i == tsu_pkg::GeomA2d;
    // What tsu::Unit's well-formedness check rejects (the front end never produces these).
    r_illegal = 32'(req_opcode_i) > 32'(tsu_pkg::OpSuq) || req_opcode_i == tsu_pkg::OpTex ||
                32'(req_vec_i) > 32'(tsu_pkg::Vec4) || 32'(req_type_i) > 32'(tsu_pkg::TypeF16x2) ||
                32'(req_clamp_i) > 32'(tsu_pkg::ClampZero) ||
                32'(req_redop_i) > 32'(tsu_pkg::RedOr) ||
                32'(req_query_i) > 32'(tsu_pkg::QueryMemoryLayout) ||
                (req_opcode_i != tsu_pkg::OpSuq &&
                 (!r_surface_geom ||
                  (req_opcode_i == tsu_pkg::OpSured && r_type_log2 < 3'd2) ||
                  (req_opcode_i != tsu_pkg::OpSured && {1'b0, r_vec_log2} + r_type_log2 > 3'd4)));
    // The source operand shrinks to what the instruction uses, so the descriptor stage holds 128
    // bits of it: sust.b the bytes to store, sured element 0, otherwise each element's low word
    // (sust.p's components).
    r_data = '0;
    if (req_opcode_i == tsu_pkg::OpSust && req_addressing_i == tsu_pkg::AddrByte) begin
      for (int k = 0; k < 16; k++) begin
        if ((k >> r_type_log2) < (1 << r_vec_log2)) begin
          r_data[8*k +: 8] = req_data_i[64*(k >> r_type_log2) + 8*(k & ((1 << r_type_log2) - 1)) +: 8];
        end
      end
    end else if (req_opcode_i == tsu_pkg::OpSured) begin
      r_data[63:0] = req_data_i[63:0];
    end else begin
      for (int c = 0; c < 4; c++) r_data[32*c +: 32] = req_data_i[64*c +: 32];
    end
  end

  typedef struct packed {
    logic [2:0]      opcode;
    logic            addressing;
    logic [3:0]      geom;
    logic [1:0]      vec;
    logic [3:0]      dtype;
    logic [1:0]      clamp;
    logic [2:0]      redop;
    logic [2:0]      query;
    logic            illegal;
    logic [TagW-1:0] tag;
    logic [127:0]    coords;
    logic [127:0]    data;
  } req_t;
  req_t r_in, p;
  always_comb begin
    r_in.opcode = 3'(req_opcode_i);
    r_in.addressing = 1'(req_addressing_i);
    r_in.geom = 4'(req_geom_i);
    r_in.vec = 2'(req_vec_i);
    r_in.dtype = 4'(req_type_i);
    r_in.clamp = 2'(req_clamp_i);
    r_in.redop = 3'(req_redop_i);
    r_in.query = 3'(req_query_i);
    r_in.illegal = r_illegal;
    r_in.tag = req_tag_i;
    r_in.coords = req_coords_i;
    r_in.data = r_data;
  end

  // ---- Descriptor stage: handle -> descriptor, through the descriptor cache ---------------------
  logic                d_valid, d_ready, accept;
  tsu_pkg::surf_desc_t desc;
  tsu_desc #(
    .AddrW       (AddrW),
    .HandleW     (HandleW),
    .CacheEntries(DescCacheEntries),
    .PayloadW    ($bits(r_in))
  ) u_desc (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .cfg_valid_i     (cfg_valid_i),
    .cfg_ready_o     (cfg_ready_o),
    .cfg_op_i        (cfg_op_i),
    .cfg_data_i      (cfg_data_i),
    .in_valid_i      (req_valid_i),
    .in_ready_o      (req_ready_o),
    .in_handle_i     (req_handle_i),
    .in_need_i       (!r_illegal),
    .in_payload_i    (r_in),
    .out_valid_o     (d_valid),
    .out_ready_i     (d_ready),
    .out_payload_o   (p),
    .out_desc_o      (desc),
    .dmem_req_valid_o(dmem_req_valid_o),
    .dmem_req_ready_i(dmem_req_ready_i),
    .dmem_req_addr_o (dmem_req_addr_o),
    .dmem_rsp_valid_i(dmem_rsp_valid_i),
    .dmem_rsp_ready_o(dmem_rsp_ready_o),
    .dmem_rsp_rdata_i(dmem_rsp_rdata_i)
  );
  // The request enters the fixed-latency address path.
  assign accept = d_valid && d_ready;

  // ---- Decode (combinational, entering the address path) -----------------------------------------
  logic              desc_ok;
  logic [3:0]        d_dim;
  logic [4:0]        d_order, d_type;
  logic              d_layout;
  logic [XW1-1:0]    d_row;
  logic [YW1-1:0]    d_height;
  logic [ZW1-1:0]    d_depth;
  logic [LW1-1:0]    d_array;
  logic [AddrW-1:0]  d_base, d_slice, d_lstride, d_rob;
  logic [31:0]       d_pitch;
  logic [2:0]        d_bh, d_bd;
  logic [16:0]       d_width;
  always_comb begin
    d_dim = desc.dim;
    d_order = desc.chorder;
    d_type = desc.chtype;
    d_layout = desc.layout;
    d_width = 17'(desc.width);
    d_height = YW1'(desc.height);
    d_depth = ZW1'(desc.depth);
    d_array = LW1'(desc.array_size);
    d_base = AddrW'(desc.base);
    d_pitch = desc.pitch;
    d_slice = AddrW'(desc.slice_bytes);
    d_lstride = AddrW'(desc.layer_stride);
    d_rob = AddrW'(desc.row_of_blocks);
    d_bh = desc.block_height_log2;
    d_bd = desc.block_depth_log2;
    d_row = XW1'({4'd0, d_width} << fmt.texel_log2);
  end

  tsu_hw_pkg::fmt_info_t fmt;
  tsu_fmt_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_fmt (
    .order_i(d_order),
    .type_i (d_type),
    .info_o (fmt)
  );

  logic check_valid;
  tsu_desc_check #(.RegOut(1'b0)) u_check (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .valid_i     (d_valid),
    .desc_i      (desc),
    .fmt_legal_i (fmt.legal),
    .texel_log2_i(fmt.texel_log2),
    .valid_o     (check_valid),
    .ok_o        (desc_ok)
  );

  logic [1:0]  vec_log2;
  logic [2:0]  type_log2, size_log2, scale_log2;
  logic        is_p, srgb, fmt_mismatch, is_int_fmt;
  logic [2:0]  early_trap;
  logic [3:0]  red_type;
  logic [31:0] suq_value;
  always_comb begin
    unique case (p.vec)
      2'(tsu_pkg::Vec2): vec_log2 = 2'd1;
      2'(tsu_pkg::Vec4): vec_log2 = 2'd2;
      default: vec_log2 = 2'd0;
    endcase
    unique case (p.dtype)
      4'(tsu_pkg::TypeB8): type_log2 = 3'd0;
      4'(tsu_pkg::TypeB16), 4'(tsu_pkg::TypeF16): type_log2 = 3'd1;
      4'(tsu_pkg::TypeB64), 4'(tsu_pkg::TypeU64), 4'(tsu_pkg::TypeS64): type_log2 = 3'd3;
      default: type_log2 = 3'd2;
    endcase
    is_p = p.addressing == 1'(tsu_pkg::AddrSample);
    srgb = d_order == 5'(tsu_pkg::OrdSRGBx) || d_order == 5'(tsu_pkg::OrdSRGBA) ||
           d_order == 5'(tsu_pkg::OrdSBGRA);
    is_int_fmt = fmt.kind == tsu_hw_pkg::KindUint || fmt.kind == tsu_hw_pkg::KindSint;
    size_log2 = {1'b0, vec_log2} + type_log2;
    scale_log2 = 3'd0;
    fmt_mismatch = 1'b0;
    red_type = p.dtype;
    unique case (p.opcode)
      3'(tsu_pkg::OpSust): begin
        if (is_p) begin
          size_log2 = fmt.texel_log2;
          scale_log2 = fmt.texel_log2;
          fmt_mismatch = srgb || !fmt.supported;  // sRGB encoding is not provided (model)
        end
      end
      3'(tsu_pkg::OpSured): begin
        size_log2 = type_log2;
        if (is_p) begin
          scale_log2 = type_log2;
          red_type = (fmt.kind == tsu_hw_pkg::KindSint)
                         ? ((type_log2 == 3'd3) ? 4'(tsu_pkg::TypeS64) : 4'(tsu_pkg::TypeS32))
                         : ((type_log2 == 3'd3) ? 4'(tsu_pkg::TypeU64) : 4'(tsu_pkg::TypeU32));
          // UINT/SINT of the operand's size; an explicit signedness must match the format.
          fmt_mismatch = !is_int_fmt || fmt.texel_log2 != type_log2 ||
                         (p.dtype != 4'(tsu_pkg::TypeB32) && p.dtype != 4'(tsu_pkg::TypeB64) &&
                          p.dtype != red_type);
        end
      end
      default: ;
    endcase
    early_trap = p.illegal ? 3'(tsu_pkg::TrapIllegalInstruction)
               : !desc_ok ? 3'(tsu_pkg::TrapInvalidHandle)
               : (fmt_mismatch && p.opcode != 3'(tsu_pkg::OpSuq)) ? 3'(tsu_pkg::TrapFormatMismatch)
               : 3'(tsu_pkg::TrapNone);
    unique case (p.query)
      3'(tsu_pkg::QueryWidth): suq_value = {15'd0, d_width};
      3'(tsu_pkg::QueryHeight): suq_value = 32'(d_height);
      3'(tsu_pkg::QueryDepth): suq_value = 32'(d_depth);
      3'(tsu_pkg::QueryChannelDataType): suq_value = 32'(tsu_pkg::CHANNEL_TYPE_BASE) + 32'(d_type);
      3'(tsu_pkg::QueryChannelOrder): suq_value = 32'(tsu_pkg::CHANNEL_ORDER_BASE) + 32'(d_order);
      3'(tsu_pkg::QueryArraySize): suq_value = 32'(d_array);
      default: suq_value = {31'd0, d_layout};  // memory layout: 1 pitch, 0 block-linear
    endcase
  end

  // sust.p components: R, G, B, A from the source elements; missing ones take (0, 0, 0, 1).
  logic [127:0] comps;
  always_comb begin
    for (int c = 0; c < 4; c++) begin
      if (c < (1 << vec_log2)) begin
        comps[32*c +: 32] = p.data[32*c +: 32];
      end else if (c == 3) begin
        comps[32*c +: 32] = is_int_fmt ? 32'd1 : 32'h3f80_0000;
      end else begin
        comps[32*c +: 32] = 32'd0;
      end
    end
  end

  // ---- Address path with sideband ------------------------------------------------------------------
  // Requests that trap early or need no address still flow through the address path (to keep
  // order); give it legal inputs so its assertions hold.
  logic           addr_unused;
  logic [3:0]     addr_geom;
  logic [1:0]     addr_clamp;
  logic [2:0]     addr_size_log2, addr_scale_log2;
  always_comb begin
    addr_unused = early_trap != 3'(tsu_pkg::TrapNone) || p.opcode == 3'(tsu_pkg::OpSuq);
    addr_geom = addr_unused ? 4'(tsu_pkg::Geom1d) : p.geom;
    addr_clamp = addr_unused ? 2'(tsu_pkg::ClampTrap) : p.clamp;
    addr_size_log2 = addr_unused ? 3'd0 : size_log2;
    addr_scale_log2 = addr_unused ? 3'd0 : scale_log2;
  end

  typedef struct packed {
    logic [TagW-1:0] tag;
    logic [2:0]      opcode;
    logic            is_p;
    logic [1:0]      vec_log2;
    logic [2:0]      type_log2;
    logic [2:0]      size_log2;
    logic [3:0]      red_type;
    logic [2:0]      redop;
    logic [2:0]      early_trap;
    logic [127:0]    data;       // sust.b the bytes, sured the operand, suq the value
  } side_t;

  side_t side_in, side_out;
  always_comb begin
    side_in.tag = p.tag;
    side_in.opcode = p.opcode;
    side_in.is_p = is_p;
    side_in.vec_log2 = vec_log2;
    side_in.type_log2 = type_log2;
    side_in.size_log2 = size_log2;
    side_in.red_type = red_type;
    side_in.redop = p.redop;
    side_in.early_trap = early_trap;
    side_in.data = p.opcode == 3'(tsu_pkg::OpSuq) ? {96'd0, suq_value} : p.data;
  end

  logic side_valid;
  tsu_delay #(.Width($bits(side_in)), .Depth(AddrLat)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(accept),
    .data_i (side_in),
    .valid_o(side_valid),
    .data_o (side_out)
  );

  logic             a_valid, a_misaligned, a_clamped, a_suppressed;
  logic [2:0]       a_trap;
  logic [3:0]       a_oob;
  logic [AddrW-1:0] a_addr;
  tsu_surf_addr #(
    .AddrW (AddrW),
    .RegMid(RegBounds),
    .RegOut(RegBounds),
    .RegMul(RegAddr),
    .RegSum(RegAddr)
  ) u_addr (
    .clk_i              (clk_i),
    .rst_ni             (rst_ni),
    .valid_i            (accept),
    .geom_i             (addr_geom),
    .clamp_i            (addr_clamp),
    .coords_i           (p.coords),
    .scale_log2_i       (addr_scale_log2),
    .size_log2_i        (addr_size_log2),
    .dim_i              (d_dim),
    .row_bytes_i        (d_row),
    .height_i           (d_height),
    .depth_i            (d_depth),
    .array_size_i       (d_array),
    .layout_i           (d_layout),
    .base_i             (d_base),
    .pitch_i            (d_pitch),
    .slice_bytes_i      (d_slice),
    .layer_stride_i     (d_lstride),
    .row_of_blocks_i    (d_rob),
    .block_height_log2_i(addr_unused ? 3'd0 : d_bh),  // an invalid descriptor may hold 6, 7
    .block_depth_log2_i (addr_unused ? 3'd0 : d_bd),
    .valid_o            (a_valid),
    .trap_o             (a_trap),
    .oob_o              (a_oob),
    .misaligned_o       (a_misaligned),
    .clamped_o          (a_clamped),
    .suppressed_o       (a_suppressed),
    .addr_o             (a_addr)
  );

  logic         pack_valid, pack_supported, texel_valid;
  logic [2:0]   pack_log2;
  logic [127:0] pack_texel, texel;
  tsu_fmt_pack #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt),
    .RegMid    (RegBounds),
    .RegOut    (RegAddr)
  ) u_pack (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .valid_i     (accept),
    .order_i     (d_order),
    .type_i      (d_type),
    .comps_i     (comps),
    .valid_o     (pack_valid),
    .supported_o (pack_supported),
    .texel_log2_o(pack_log2),
    .texel_o     (pack_texel)
  );
  tsu_delay #(.Width(128), .Depth(AddrLat - PackLat)) u_texel_delay (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(pack_valid),
    .data_i (pack_texel),
    .valid_o(texel_valid),
    .data_o (texel)
  );

  // ---- Issue queue -----------------------------------------------------------------------------------
  // An operation as completion needs it (the store bytes have left by then, so 64 bits of data
  // remain: the sured operand or the suq value), and as the issue queue holds it: the same plus
  // the upper 64 bits of a store's bytes. Full data: {data_hi, c.data}.
  typedef struct packed {
    logic [TagW-1:0]  tag;
    logic [2:0]       opcode;
    logic [1:0]       vec_log2;
    logic [2:0]       type_log2;
    logic [2:0]       size_log2;
    logic [3:0]       red_type;
    logic [2:0]       redop;
    logic [2:0]       trap;
    logic [3:0]       oob;
    logic             misaligned, clamped, suppressed;
    logic             go;        // reaches memory
    logic [AddrW-1:0] addr;
    logic [63:0]      data;      // low half: sust bytes, sured operand, suq value
  } cop_t;
  typedef struct packed {
    logic [63:0] data_hi;        // sust: bytes 8..15 to store
    cop_t        c;
  } op_t;

  op_t a_op, iq_head;
  always_comb begin
    a_op.c.tag = side_out.tag;
    a_op.c.opcode = side_out.opcode;
    a_op.c.vec_log2 = side_out.vec_log2;
    a_op.c.type_log2 = side_out.type_log2;
    a_op.c.size_log2 = side_out.size_log2;
    a_op.c.red_type = side_out.red_type;
    a_op.c.redop = side_out.redop;
    a_op.c.addr = a_addr;
    {a_op.data_hi, a_op.c.data} = (side_out.is_p && side_out.opcode == 3'(tsu_pkg::OpSust)) ? texel
                                                                                      : side_out.data;
    a_op.c.trap = side_out.early_trap;
    a_op.c.oob = '0;
    a_op.c.misaligned = 1'b0;
    a_op.c.clamped = 1'b0;
    a_op.c.suppressed = 1'b0;
    if (side_out.early_trap == 3'(tsu_pkg::TrapNone) && side_out.opcode != 3'(tsu_pkg::OpSuq)) begin
      a_op.c.trap = a_trap;
      a_op.c.oob = a_oob;
      a_op.c.misaligned = a_misaligned;
      a_op.c.clamped = a_clamped;
      a_op.c.suppressed = a_suppressed;
    end
    a_op.c.go = a_op.c.trap == 3'(tsu_pkg::TrapNone) && !a_op.c.suppressed &&
              side_out.opcode != 3'(tsu_pkg::OpSuq);
  end

  logic                     iq_empty, iq_full, iq_pop;
  logic [$clog2(IqDepth+1)-1:0] iq_count;
  tsu_fifo #(.Width($bits(a_op)), .Depth(IqDepth)) u_iq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (a_valid),
    .data_i (a_op),
    .pop_i  (iq_pop),
    .data_o (iq_head),
    .empty_o(iq_empty),
    .full_o (iq_full),
    .count_o(iq_count)
  );

  // Credits: a request is accepted only if the issue queue has room for everything in flight.
  logic [$clog2(IqDepth+1)-1:0] inflight_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      inflight_q <= '0;
    end else begin
      inflight_q <= inflight_q + $bits(inflight_q)'(accept) - $bits(inflight_q)'(a_valid);
    end
  end
  assign d_ready = 32'(inflight_q) + 32'(iq_count) < IqDepth;

  // ---- Issue -------------------------------------------------------------------------------------------
  // Memory request FIFO: holds each request stable until the memory takes it.
  typedef struct packed {
    logic             we;
    logic [AddrW-1:0] addr;
    logic [127:0]     wdata;
    logic [15:0]      mask;
  } mreq_t;

  mreq_t  mq_in, mq_head, issue_req, rmw_req;
  logic   mq_push, mq_full, mq_empty;
  logic   rmw_push;  // the completing sured writes (priority over issue)
  logic [$clog2(4+1)-1:0] mq_count;

  logic [PW-1:0]        reads_q;     // reads issued whose data is not consumed yet
  logic [PW-1:0]        pending_q;   // sureds issued whose write has not been pushed
  logic [MaxReads*LineW-1:0] pend_line_q;  // their lines, oldest in slot 0
  logic [MaxReads*16-1:0]    pend_mask_q;  // and the bytes they write
  logic                 line_hazard;
  logic [15:0]          pend_cover;   // bytes of the head's line that pending sureds will write
  logic                 cq_full;

  logic is_suld_h, is_sust_h, is_sured_h, is_rmw_h, elide_h, needs_read_h, needs_write_h;
  logic [LineW-1:0] line_h;
  logic [3:0]  off_h;
  logic [15:0] mask_h;
  always_comb begin
    is_suld_h = iq_head.c.opcode == 3'(tsu_pkg::OpSuld);
    is_sust_h = iq_head.c.opcode == 3'(tsu_pkg::OpSust);
    is_sured_h = iq_head.c.opcode == 3'(tsu_pkg::OpSured);
    line_h = iq_head.c.addr[AddrW-1:4];
    off_h = iq_head.c.addr[3:0];
    mask_h = 16'(((17'd1 << (17'd1 << iq_head.c.size_log2)) - 17'd1) << off_h);
    line_hazard = 1'b0;
    pend_cover = '0;
    for (int i = 0; i < MaxReads; i++) begin
      if (i < 32'(pending_q) && pend_line_q[i*LineW +: LineW] == line_h) begin
        line_hazard = 1'b1;
        pend_cover |= pend_mask_q[i*16 +: 16];
      end
    end
    // A sured whose bytes all come from earlier unwritten sureds needs no read (H6): forwarding
    // supplies every byte, so a same-address chain runs at one sured per cycle.
    is_rmw_h = iq_head.c.go && is_sured_h;
    elide_h = is_rmw_h && (mask_h & ~pend_cover) == 16'd0;
    needs_read_h = iq_head.c.go && (is_suld_h || (is_sured_h && !elide_h));
    needs_write_h = iq_head.c.go && is_sust_h;
    issue_req.we = needs_write_h;
    issue_req.addr = {line_h, 4'd0};
    issue_req.wdata = {iq_head.data_hi, iq_head.c.data} << {off_h, 3'd0};
    issue_req.mask = needs_write_h ? mask_h : 16'd0;
  end

  logic issue_ok;
  assign issue_ok = !iq_empty && !cq_full &&
                    (!needs_read_h || 32'(reads_q) < MaxReads) &&
                    (!is_rmw_h || 32'(pending_q) < MaxReads) &&  // history holds MaxReads
                    !(needs_write_h && pending_q != '0) &&
                    !(needs_read_h && is_suld_h && line_hazard) &&
                    !((needs_read_h || needs_write_h) && (mq_full || rmw_push));
  assign iq_pop = issue_ok;

  assign mq_push = rmw_push || (issue_ok && (needs_read_h || needs_write_h));
  assign mq_in = rmw_push ? rmw_req : issue_req;
  tsu_fifo #(.Width($bits(mq_in)), .Depth(4)) u_mq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (mq_push),
    .data_i (mq_in),
    .pop_i  (mem_req_valid_o && mem_req_ready_i),
    .data_o (mq_head),
    .empty_o(mq_empty),
    .full_o (mq_full),
    .count_o(mq_count)
  );
  assign mem_req_valid_o = !mq_empty;
  assign mem_req_we_o = mq_head.we;
  assign mem_req_addr_o = mq_head.addr;
  assign mem_req_wdata_o = mq_head.wdata;
  assign mem_req_mask_o = mq_head.mask;

  // Read data FIFO: reads in flight never exceed MaxReads, so it never overflows.
  logic         rd_empty, rd_full, rd_pop;
  logic [127:0] rd_data;
  logic [$clog2(MaxReads+1)-1:0] rd_count;
  tsu_fifo #(.Width(128), .Depth(MaxReads)) u_rd (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (mem_rsp_valid_i && mem_rsp_ready_o),
    .data_i (mem_rsp_rdata_i),
    .pop_i  (rd_pop),
    .data_o (rd_data),
    .empty_o(rd_empty),
    .full_o (rd_full),
    .count_o(rd_count)
  );
  assign mem_rsp_ready_o = !rd_full;

  // ---- Completion queue ----------------------------------------------------------------------------------
  typedef struct packed {
    cop_t         op;
    logic         needs_read;
    logic [PW-1:0] fwd;  // sured: earlier sured results unwritten when its read left
  } cq_t;

  cq_t  cq_in, cq_head;
  logic cq_empty, cq_pop;
  logic [$clog2(CqDepth+1)-1:0] cq_count;
  always_comb begin
    cq_in.op = iq_head.c;
    cq_in.needs_read = needs_read_h;
    cq_in.fwd = pending_q;
  end
  tsu_fifo #(.Width($bits(cq_in)), .Depth(CqDepth)) u_cq (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (issue_ok),
    .data_i (cq_in),
    .pop_i  (cq_pop),
    .data_o (cq_head),
    .empty_o(cq_empty),
    .full_o (cq_full),
    .count_o(cq_count)
  );

  // ---- Complete ---------------------------------------------------------------------------------------------
  // Reduction history: the last MaxReads sured results (line, mask, data), newest in slot 0.
  logic [MaxReads*LineW-1:0]  hist_line_q;
  logic [MaxReads*16-1:0]     hist_mask_q;
  logic [MaxReads*128-1:0]    hist_data_q;

  logic              c_sured, c_suld, c_ready, rsp_full, rsp_empty;
  logic [LineW-1:0]  c_line;
  logic [3:0]        c_off;
  logic [15:0]       c_mask;
  logic [127:0]      c_line_data, c_shift;
  logic [63:0]       c_old, c_new;
  logic [127:0]      c_data;   // the bytes the response returns, element i at i << type_log2
  logic [2:0]        c_count;
  logic [1:0]        c_vec_log2;
  logic [2:0]        c_type_log2;

  always_comb begin
    c_sured = !cq_empty && cq_head.op.opcode == 3'(tsu_pkg::OpSured) && cq_head.op.go;
    c_suld = cq_head.op.opcode == 3'(tsu_pkg::OpSuld);
    c_line = cq_head.op.addr[AddrW-1:4];
    c_off = cq_head.op.addr[3:0];
    c_mask = 16'(((17'd1 << (17'd1 << cq_head.op.size_log2)) - 17'd1) << c_off);
    // Forwarding: apply the unwritten earlier results, oldest first.
    c_line_data = rd_data;
    for (int j = MaxReads - 1; j >= 0; j--) begin
      if (j < 32'(cq_head.fwd) && hist_line_q[j*LineW +: LineW] == c_line) begin
        for (int b = 0; b < 16; b++) begin
          if (hist_mask_q[j*16 + b]) c_line_data[8*b +: 8] = hist_data_q[j*128 + 8*b +: 8];
        end
      end
    end
    c_shift = c_line_data >> {c_off, 3'd0};
    c_old = (cq_head.op.size_log2 == 3'd3) ? c_shift[63:0] : {32'd0, c_shift[31:0]};
    // Load data: the accessed bytes (spread into elements at the response port); suq: the value.
    c_data = '0;
    c_count = 3'd0;
    c_vec_log2 = cq_head.op.vec_log2;
    c_type_log2 = cq_head.op.type_log2;
    if (c_suld && cq_head.op.trap == 3'(tsu_pkg::TrapNone)) begin
      c_count = 3'(1 << cq_head.op.vec_log2);
      if (cq_head.op.go) c_data = c_shift;
    end else if (cq_head.op.opcode == 3'(tsu_pkg::OpSuq) &&
                 cq_head.op.trap == 3'(tsu_pkg::TrapNone)) begin
      c_count = 3'd1;
      c_data[31:0] = cq_head.op.data[31:0];
      c_vec_log2 = 2'd0;
      c_type_log2 = 3'd2;
    end
  end

  logic alu_valid;
  tsu_red_alu #(.RegOut(1'b0)) u_alu (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (c_sured),
    .op_i     (cq_head.op.redop),
    .type_i   (cq_head.op.red_type),
    .old_i    (c_old),
    .operand_i(cq_head.op.data),
    .valid_o  (alu_valid),
    .result_o (c_new)
  );

  assign rmw_req.we = 1'b1;
  assign rmw_req.addr = {c_line, 4'd0};
  assign rmw_req.wdata = {64'd0, c_new} << {c_off, 3'd0};
  assign rmw_req.mask = c_mask;

  assign c_ready = !cq_empty && (!cq_head.needs_read || !rd_empty) && !rsp_full &&
                   !(c_sured && mq_full);
  assign cq_pop = c_ready;
  assign rd_pop = c_ready && cq_head.needs_read;
  assign rmw_push = c_ready && c_sured;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      reads_q <= '0;
      pending_q <= '0;
    end else begin
      reads_q <= reads_q + PW'(issue_ok && needs_read_h) - PW'(rd_pop);
      pending_q <= pending_q + PW'(issue_ok && is_rmw_h) - PW'(rmw_push);
    end
  end
  // Pending lines: a shift queue, oldest in slot 0 (sureds complete in issue order).
  logic [MaxReads*LineW-1:0] pend_shifted;
  logic [MaxReads*16-1:0]    pend_mask_shifted;
  logic [PW-1:0]             pend_slot;  // where a newly issued sured's line goes
  assign pend_slot = pending_q - PW'(rmw_push);
  always_comb begin
    pend_shifted = rmw_push ? (pend_line_q >> LineW) : pend_line_q;
    pend_mask_shifted = rmw_push ? (pend_mask_q >> 16) : pend_mask_q;
  end
  always_ff @(posedge clk_i) begin
    pend_line_q <= pend_shifted;
    pend_mask_q <= pend_mask_shifted;
    for (int i = 0; i < MaxReads; i++) begin
      if (issue_ok && is_rmw_h && 32'(pend_slot) == i) begin
        pend_line_q[i*LineW +: LineW] <= line_h;
        pend_mask_q[i*16 +: 16] <= mask_h;
      end
    end
    if (rmw_push) begin
      hist_line_q <= {hist_line_q[(MaxReads-1)*LineW-1:0], c_line};
      hist_mask_q <= {hist_mask_q[(MaxReads-1)*16-1:0], c_mask};
      hist_data_q <= {hist_data_q[(MaxReads-1)*128-1:0], rmw_req.wdata};
    end
  end

  // ---- Response ------------------------------------------------------------------------------------------------
  typedef struct packed {
    logic [TagW-1:0] tag;
    logic [127:0]    data;       // bytes; element i of (1 << type_log2) bytes at i << type_log2
    logic [1:0]      vec_log2;
    logic [2:0]      type_log2;
    logic [2:0]      count;
    logic [2:0]      trap;
    logic [3:0]      oob;
    logic            misaligned, clamped, suppressed;
  } rsp_t;

  rsp_t rsp_in, rsp_head;
  assign rsp_in.tag = cq_head.op.tag;
  assign rsp_in.data = c_data;
  assign rsp_in.count = c_count;
  assign rsp_in.vec_log2 = c_vec_log2;
  assign rsp_in.type_log2 = c_type_log2;
  assign rsp_in.trap = cq_head.op.trap;
  assign rsp_in.oob = cq_head.op.oob;
  assign rsp_in.misaligned = cq_head.op.misaligned;
  assign rsp_in.clamped = cq_head.op.clamped;
  assign rsp_in.suppressed = cq_head.op.suppressed;
  logic [$clog2(2+1)-1:0] rsp_count;
  tsu_fifo #(.Width($bits(rsp_in)), .Depth(2)) u_rsp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (c_ready),
    .data_i (rsp_in),
    .pop_i  (rsp_valid_o && rsp_ready_i),
    .data_o (rsp_head),
    .empty_o(rsp_empty),
    .full_o (rsp_full),
    .count_o(rsp_count)
  );
  assign rsp_valid_o = !rsp_empty;
  assign rsp_tag_o = rsp_head.tag;
  // Element i of (1 << type_log2) bytes, zero-extended to 64 bits (wiring and a byte mux after
  // the FIFO, which holds 128 bits instead of 256).
  always_comb begin
    rsp_data_o = '0;
    for (int i = 0; i < 4; i++) begin
      for (int b = 0; b < 8; b++) begin
        if (i < (1 << rsp_head.vec_log2) && b < (1 << rsp_head.type_log2)) begin
          rsp_data_o[64*i + 8*b +: 8] = rsp_head.data[8*((i << rsp_head.type_log2) + b) +: 8];
        end
      end
    end
  end
  assign rsp_count_o = rsp_head.count;
  assign rsp_trap_o = rsp_head.trap;
  assign rsp_oob_o = rsp_head.oob;
  assign rsp_misaligned_o = rsp_head.misaligned;
  assign rsp_clamped_o = rsp_head.clamped;
  assign rsp_suppressed_o = rsp_head.suppressed;

  logic unused;
  assign unused = ^{check_valid, fmt.srgb_pad, fmt.nfields, fmt.comp, fmt.bits, fmt.assembly, pack_supported, pack_log2,
                    texel_valid, iq_full, alu_valid, mq_count, rd_count, cq_count, rsp_count, side_valid,
                    side_out.type_log2};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // Valid/ready: what the unit drives is held, unchanged, until taken.
  a_rsp_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rsp_valid_o && !rsp_ready_i |=> rsp_valid_o && $stable(rsp_head));
  a_mem_hold: assert property (@(posedge clk_i) disable iff (!rst_ni)
      mem_req_valid_o && !mem_req_ready_i |=> mem_req_valid_o && $stable(mq_head));
  a_rsp_known: assert property (@(posedge clk_i) disable iff (!rst_ni)
      rsp_valid_o |-> !$isunknown(rsp_head));
  a_mem_known: assert property (@(posedge clk_i) disable iff (!rst_ni)
      mem_req_valid_o |-> !$isunknown(mq_head));
  a_side_aligned: assert property (@(posedge clk_i) disable iff (!rst_ni)
      side_valid == a_valid && texel_valid == a_valid);
  a_reads_bounded: assert property (@(posedge clk_i) disable iff (!rst_ni)
      32'(reads_q) <= MaxReads);
  a_no_unexpected_read_data: assert property (@(posedge clk_i) disable iff (!rst_ni)
      mem_rsp_valid_i |-> 32'(rd_count) + 32'(reads_q) > 0);

  c_read_elided: cover property (@(posedge clk_i) issue_ok && elide_h);
  c_forward: cover property (@(posedge clk_i) rmw_push && cq_head.fwd != '0 &&
                             hist_line_q[LineW-1:0] == c_line);
  c_load_waits_for_sured: cover property (@(posedge clk_i) !iq_empty && needs_read_h &&
                                          is_suld_h && line_hazard);
  c_store_waits_for_sured: cover property (@(posedge clk_i) !iq_empty && needs_write_h &&
                                           pending_q != '0);
  c_reads_full: cover property (@(posedge clk_i) 32'(reads_q) == MaxReads);
  c_backpressure_rsp: cover property (@(posedge clk_i) rsp_valid_o && !rsp_ready_i);
  c_backpressure_mem: cover property (@(posedge clk_i) mem_req_valid_o && !mem_req_ready_i);
  c_req_stalled: cover property (@(posedge clk_i) req_valid_i && !req_ready_o);
  c_trap_invalid_handle: cover property (@(posedge clk_i) c_ready &&
      cq_head.op.trap == 3'(tsu_pkg::TrapInvalidHandle));
  c_trap_format: cover property (@(posedge clk_i) c_ready &&
      cq_head.op.trap == 3'(tsu_pkg::TrapFormatMismatch));
  c_trap_oob: cover property (@(posedge clk_i) c_ready &&
      cq_head.op.trap == 3'(tsu_pkg::TrapOutOfBounds));
  c_suq: cover property (@(posedge clk_i) c_ready && cq_head.op.opcode == 3'(tsu_pkg::OpSuq));
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
