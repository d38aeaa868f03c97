// tsu_address: the fixed-latency address path of the unit. tsu_surf_addr (bounds, clamp,
// address: tsu::PlanAccess) runs with the sideband and the sust.p texel (tsu_fmt_pack:
// tsu::PackTexel) alongside, and what leaves is one operation for the issue queue: the access
// outcome of the address path unless the request trapped early (or is a suq), the address, and
// the data to store or operate with. II = AddrII (1 by default); Latency = 2 RegBounds + 3 RegAddr,
// or 2 RegBounds + AddrII + 2 with the address products over AddrII cycles.
module tsu_address #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned TagW = 8,
  parameter bit RegBounds = 1'b1,  // tsu_surf_bounds stages (and the pack's first)
  parameter bit RegAddr = 1'b1,    // tsu_addrgen stages (and the pack's last)
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1,
  // tsu_addrgen's II: an input at most every AddrII cycles (tsu_top spaces them).
  parameter int unsigned AddrII = 1,
  // Every request's data through the pack (AddrII >= 4 only): comps_i then holds side_i.data for
  // all but a sust.p (tsu_decode CompsRaw), which the pack passes through unchanged as an
  // RGBA FLOAT texel. The sideband then carries no data, and the pack's own registers hold it.
  parameter bit DataViaPack = 1'b0,
  // adesc_i (the address-only fields) is held for the bounds stages (tsu_surf_addr DescHeld).
  parameter bit DescHeld = 1'b0,
  // At AddrII 1: the sust.p pack one slot a cycle (one converter lane instead of four), started
  // by pack_start_i in the decode stage tsu_hw_pkg::pack_wait cycles before the sust.p enters
  // (tsu_surface holds it there), its texel read from the pack's output register as the address
  // leaves. Needs RegAddr (the pack's output register).
  parameter bit EarlyPack = 1'b0,
  localparam int unsigned Latency = tsu_hw_pkg::address_latency(RegBounds, RegAddr, AddrII)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  valid_i,
  input  logic                  pack_start_i,  // EarlyPack: a sust.p at decode starts its pack
  input  logic [TagW-1:0]       tag_i,
  input  logic [127:0]          coords_i,
  input  tsu_pkg::surf_desc_t   desc_i,
  input  tsu_pkg::surf_desc_t   adesc_i,  // layout, base, strides, block shape (DescHeld: held)
  input  tsu_hw_pkg::fmt_info_t fmt_i,
  input  tsu_hw_pkg::addr_ctl_t ctl_i,
  input  tsu_hw_pkg::side_t     side_i,
  input  logic [127:0]          comps_i,
  output logic                  valid_o,
  output logic [TagW-1:0]       tag_o,
  output logic [AddrW-1:0]      addr_o,
  output logic [63:0]           data_hi_o,  // sust: bytes 8..15 to store
  output tsu_hw_pkg::cop_t      op_o
);
  localparam int unsigned XW1 = 32'(tsu_pkg::COORD_X_BYTE_BITS) + 1;
  localparam int unsigned YW1 = 32'(tsu_pkg::COORD_Y_BITS) + 1;
  localparam int unsigned ZW1 = 32'(tsu_pkg::COORD_Z_BITS) + 1;
  localparam int unsigned LW1 = 32'(tsu_pkg::COORD_LAYER_BITS) + 1;
  // The sust.p pack runs beside the address path; its converters take as many of the path's
  // cycles as they can use (up to 2 registers inside), so the pack never sets the latency.
  // Without converters (EnableNorm = EnableHalf = 0) the texel delay takes the slack instead.
  // With the address path at AddrII >= 4 the pack converts one slot a cycle (Beats 4: one
  // converter lane instead of four), and its first registers hold the request.
  // With EarlyPack the pack starts PackWait cycles before the request enters.
  localparam int unsigned PackBeats = (AddrII >= 4 || EarlyPack) ? 4 : 1;
  localparam int unsigned PackWait = EarlyPack ? tsu_hw_pkg::pack_wait(RegBounds, RegAddr) : 0;
  localparam int unsigned PackBase = PackBeats > 1 ? 5 + 32'(RegAddr)
                                                   : 32'(RegBounds) + 32'(RegAddr);
  localparam int unsigned PackConv = !(EnableNorm || EnableHalf) ? 0
                                   : (Latency + PackWait - PackBase >= 2) ? 2
                                   : Latency + PackWait - PackBase;
  localparam int unsigned PackLat = PackBase + PackConv;

  // ---- Sideband --------------------------------------------------------------------------------------
  // side_t ends in its 128 data bits; with DataViaPack they travel through the pack instead.
  localparam int unsigned SideW = $bits(side_i) - (DataViaPack ? 128 : 0);
  tsu_hw_pkg::side_t side;
  logic [TagW-1:0]   tag;
  logic [SideW-1:0]  side_d;
  logic              side_valid;
  tsu_delay #(.Width(SideW + TagW), .Depth(Latency), .Interval(AddrII)) u_side (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i ({tag_i, side_i[$bits(side_i)-1 -: SideW]}),
    .valid_o(side_valid),
    .data_o ({tag, side_d})
  );
  if (DataViaPack) begin : g_side_nodata
    assign side = {side_d, 128'd0};
  end else begin : g_side_data
    assign side = side_d;
  end

  // ---- Bounds, clamp and address ------------------------------------------------------------------------
  logic             a_valid, a_misaligned, a_clamped, a_suppressed;
  logic [2:0]       a_trap;
  logic [3:0]       a_oob;
  tsu_surf_addr #(
    .AddrW (AddrW),
    .RegMid(RegBounds),
    .RegOut(RegBounds),
    .RegIn (RegAddr),
    .RegMul(RegAddr),
    .RegSum(RegAddr),
    .II    (AddrII),
    .DescHeld(DescHeld)
  ) u_addr (
    .clk_i              (clk_i),
    .rst_ni             (rst_ni),
    .valid_i            (valid_i),
    .geom_i             (ctl_i.geom),
    .clamp_i            (ctl_i.clamp),
    .coords_i           (coords_i),
    .scale_log2_i       (ctl_i.scale_log2),
    .size_log2_i        (ctl_i.size_log2),
    .dim_i              (desc_i.dim),
    .row_bytes_i        (XW1'({4'd0, desc_i.width[16:0]} << fmt_i.texel_log2)),
    .height_i           (YW1'(desc_i.height)),
    .depth_i            (ZW1'(desc_i.depth)),
    .array_size_i       (LW1'(desc_i.array_size)),
    .layout_i           (adesc_i.layout),
    .base_i             (AddrW'(adesc_i.base)),
    .pitch_i            (adesc_i.pitch),
    .slice_bytes_i      (AddrW'(adesc_i.slice_bytes)),
    .layer_stride_i     (AddrW'(adesc_i.layer_stride)),
    .row_of_blocks_i    (AddrW'(adesc_i.row_of_blocks)),
    // An invalid descriptor (whose request traps, so its address is not used) may hold block
    // log2 6 or 7, which the address path rejects.
    .block_height_log2_i(32'(adesc_i.block_height_log2) > 32'(tsu_pkg::MAX_BLOCK_LOG2)
                             ? 3'd0 : adesc_i.block_height_log2),
    .block_depth_log2_i (32'(adesc_i.block_depth_log2) > 32'(tsu_pkg::MAX_BLOCK_LOG2)
                             ? 3'd0 : adesc_i.block_depth_log2),
    .valid_o            (a_valid),
    .trap_o             (a_trap),
    .oob_o              (a_oob),
    .misaligned_o       (a_misaligned),
    .clamped_o          (a_clamped),
    .suppressed_o       (a_suppressed),
    .addr_o             (addr_o)
  );

  // ---- sust.p texel ----------------------------------------------------------------------------------------
  // Only a sust.p stores the packed texel, so only a sust.p enters the pack: the other
  // operations leave its converters' stage registers idle (and a simulator skips them). With
  // DataViaPack every request enters, the others as an RGBA FLOAT texel (an identity pack).
  logic         pack_go, pack_valid, pack_supported, texel_valid, is_sust_p, raw;
  logic [2:0]   pack_log2;
  logic [4:0]   pack_order, pack_type;
  logic [127:0] pack_texel, texel;
  assign is_sust_p = tsu_hw_pkg::sust_p(side_i.is_p, side_i.opcode);
  assign raw = DataViaPack && !is_sust_p;
  assign pack_go = EarlyPack ? pack_start_i : valid_i && (DataViaPack || is_sust_p);
  assign pack_order = raw ? 5'(tsu_pkg::OrdRGBA) : desc_i.chorder;
  assign pack_type = raw ? 5'(tsu_pkg::ChFloat) : desc_i.chtype;
  tsu_fmt_pack #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt),
    .RegMid    (RegBounds),
    .ConvStages(PackConv),
    .RegOut    (RegAddr),
    .Beats     (PackBeats)
  ) u_pack (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .valid_i     (pack_go),
    .order_i     (pack_order),
    .type_i      (pack_type),
    .comps_i     (comps_i),
    .valid_o     (pack_valid),
    .supported_o (pack_supported),
    .texel_log2_o(pack_log2),
    .texel_o     (pack_texel)
  );
  // The texel is needed Latency - PackLat cycles after the pack's result. When the pack holds
  // its result (Beats > 1) and the next one comes later than that (inputs AddrII apart), it is
  // read from the pack's output register; otherwise it goes through a delay line.
  localparam int unsigned TexelWait = Latency + PackWait - PackLat;
  localparam bit TexelHeld = PackBeats > 1 && RegAddr && TexelWait >= 1 && TexelWait < AddrII;
  if (EarlyPack) begin : g_texel_early
    // The pack's output register holds the texel until the next sust.p's, which starts after
    // this one has entered the address path and takes longer than the path: texel_valid says a
    // texel is there (loaded, or loading this cycle) and not yet read.
    logic have_q, read;
    assign read = a_valid && tsu_hw_pkg::sust_p(side.is_p, side.opcode);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) have_q <= 1'b0;
      else have_q <= (have_q || pack_valid) && !read;
    end
    assign texel_valid = read && (have_q || pack_valid);
    assign texel = pack_texel;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    initial assert (RegAddr && AddrII == 1)
      else $fatal(1, "tsu_address: EarlyPack needs RegAddr and AddrII 1");
    always @(posedge clk_i) if (rst_ni && pack_valid)
      a_texel_kept: assert (!have_q)
      else $error("tsu_address: a sust.p texel replaced before it was read");
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else if (TexelHeld) begin : g_texel_held
    logic [TexelWait-1:0] wait_q;  // results waiting to be read, by age
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) wait_q <= '0;
      else wait_q <= TexelWait'({wait_q, pack_valid});
    end
    assign texel_valid = wait_q[TexelWait-1];
    assign texel = pack_texel;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && pack_valid)
      a_texel_held: assert (wait_q == '0)
      else $error("tsu_address: a texel replaced before it was read");
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_texel_delay
    tsu_delay #(.Width(128), .Depth(TexelWait), .Interval(AddrII)) u_texel_delay (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(pack_valid),
      .data_i (pack_texel),
      .valid_o(texel_valid),
      .data_o (texel)
    );
  end

  // ---- The operation ------------------------------------------------------------------------------------------
  // The operation assigned whole, in cop_t's field order (yosys 0.23 reads no assignment
  // patterns): a simulator builds it in one expression, not a read-modify-write per field.
  logic         addressed;  // the address path's verdict applies
  logic [2:0]   op_trap;
  logic         op_suppressed;
  logic [127:0] op_data;
  always_comb begin
    addressed = side.early_trap == 3'(tsu_pkg::TrapNone) && side.opcode != 3'(tsu_pkg::OpSuq);
    op_trap = addressed ? a_trap : side.early_trap;
    op_suppressed = addressed && a_suppressed;
    op_data = (DataViaPack || tsu_hw_pkg::sust_p(side.is_p, side.opcode)) ? texel : side.data;
  end
  assign data_hi_o = op_data[127:64];
  assign op_o = {side.opcode, side.vec_log2, side.type_log2, side.size_log2, side.red_type,
                 side.redop, op_trap,
                 addressed ? a_oob : 4'd0, addressed && a_misaligned, addressed && a_clamped,
                 op_suppressed,
                 op_trap == 3'(tsu_pkg::TrapNone) && !op_suppressed &&
                     side.opcode != 3'(tsu_pkg::OpSuq),  // go
                 op_data[63:0]};
  assign valid_o = a_valid;
  assign tag_o = tag;

  logic unused;
  // (adesc_i: only its address fields are read; desc_i: all but those.)
  assign unused = ^{pack_supported, pack_log2, side.type_log2, side_i.data, adesc_i, desc_i.layout,
                    desc_i.base, desc_i.pitch, desc_i.slice_bytes, desc_i.layer_stride,
                    desc_i.row_of_blocks, desc_i.block_height_log2, desc_i.block_depth_log2,
                    ctl_i.no_access, desc_i.rsvd_448, desc_i.rsvd_25,
                    desc_i.kind, desc_i.width[31:17], fmt_i.supported, fmt_i.legal, fmt_i.kind,
                    fmt_i.assembly, fmt_i.nfields, fmt_i.comp, fmt_i.bits, fmt_i.srgb_pad};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni)
    a_side_aligned: assert (side_valid == a_valid &&
                            texel_valid == (a_valid && (DataViaPack ||
                                                        tsu_hw_pkg::sust_p(side.is_p, side.opcode))));
  if (DataViaPack) begin : g_via_pack_check
    initial assert (PackBeats > 1) else $fatal(1, "tsu_address: DataViaPack needs AddrII >= 4");
  end
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
