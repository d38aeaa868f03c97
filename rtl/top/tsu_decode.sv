// tsu_decode: an accepted request and its descriptor become what the address path, the sust.p
// pack and completion need (golden model: the early checks of tsu::Unit::Execute and of each
// instruction in model/src/ops/: illegal instruction, invalid handle (tsu_desc_check, i.e.
// tsu::DecodeSurface), format mismatch; suq's value; sust.p's components with the missing ones
// defaulted). Combinational, or (RegOut) with its control registered: II = 1, Latency = RegOut.
module tsu_decode #(
  parameter bit EnableNorm = 1'b1,  // sust.p format families this configuration converts
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1,
  // comps_o carries side_o.data for every request but a sust.p (tsu_address DataViaPack).
  parameter bit CompsRaw = 1'b0,
  // desc_ok_i is the descriptor's check (tsu_desc checked it at the fill) instead of this
  // stage's own tsu_desc_check.
  parameter bit CheckedDesc = 1'b0,
  // The control derived through the format decode and the checks (early trap, access size,
  // reduction type, texel size, the address path's control) comes from registers loaded from
  // this cycle's inputs, so the format decode and the early traps leave the path into the
  // address path. The descriptor stage holds a request and its descriptor unchanged until it
  // is taken, so the registers hold that request's decode from its second cycle on: ready_o
  // says so, and a request is taken (take_i) only then. The rest (the request's own fields,
  // the data) stays combinational from the held request.
  parameter bit RegOut = 1'b0
) (
  input  logic                   clk_i,    // assertions of tsu_desc_check only
  input  logic                   rst_ni,
  input  logic                   valid_i,
  input  tsu_hw_pkg::req_t       req_i,
  input  tsu_pkg::surf_desc_t    desc_i,
  input  logic                   desc_ok_i,  // CheckedDesc: desc_i is a valid surface
  input  logic                   take_i,     // RegOut: the request leaves (valid_i and ready_o)
  output logic                   ready_o,    // the outputs are this request's (RegOut, else 1)
  output tsu_hw_pkg::fmt_info_t  fmt_o,    // the surface's format
  output tsu_hw_pkg::addr_ctl_t  addr_o,
  output tsu_hw_pkg::side_t      side_o,
  output logic [127:0]           comps_o   // sust.p: R, G, B, A (CompsRaw: else side_o.data)
);
  tsu_hw_pkg::fmt_info_t fmt;
  tsu_fmt_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_fmt (
    .order_i(desc_i.chorder),
    .type_i (desc_i.chtype),
    .info_o (fmt)
  );

  logic desc_ok, check_valid;
  if (CheckedDesc) begin : g_checked
    assign desc_ok = desc_ok_i;
    assign check_valid = valid_i;
    logic unused_checked;  // the fields only the check reads
    assign unused_checked = ^{clk_i, rst_ni, desc_i};
  end else begin : g_check
    tsu_desc_check #(.RegOut(1'b0)) u_check (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .valid_i     (valid_i),
      .desc_i      (desc_i),
      .fmt_legal_i (fmt.legal),
      .texel_log2_i(fmt.texel_log2),
      .valid_o     (check_valid),
      .ok_o        (desc_ok)
    );
    logic unused_ok;
    assign unused_ok = desc_ok_i;
  end

  logic [1:0]  vec_log2;
  logic [2:0]  type_log2, size_log2, scale_log2;
  logic        is_p, srgb, fmt_mismatch, is_int_fmt;
  logic [2:0]  early_trap;
  logic [3:0]  red_type;
  logic [31:0] suq_value;
  logic [127:0] side_data;
  always_comb begin
    unique case (req_i.vec)
      2'(tsu_pkg::Vec2): vec_log2 = 2'd1;
      2'(tsu_pkg::Vec4): vec_log2 = 2'd2;
      default: vec_log2 = 2'd0;
    endcase
    unique case (req_i.dtype)
      4'(tsu_pkg::TypeB8): type_log2 = 3'd0;
      4'(tsu_pkg::TypeB16), 4'(tsu_pkg::TypeF16): type_log2 = 3'd1;
      4'(tsu_pkg::TypeB64), 4'(tsu_pkg::TypeU64), 4'(tsu_pkg::TypeS64): type_log2 = 3'd3;
      default: type_log2 = 3'd2;
    endcase
    is_p = req_i.addressing == 1'(tsu_pkg::AddrSample);
    srgb = desc_i.chorder == 5'(tsu_pkg::OrdSRGBx) || desc_i.chorder == 5'(tsu_pkg::OrdSRGBA) ||
           desc_i.chorder == 5'(tsu_pkg::OrdSBGRA);
    is_int_fmt = fmt.kind == tsu_hw_pkg::KindUint || fmt.kind == tsu_hw_pkg::KindSint;
    size_log2 = {1'b0, vec_log2} + type_log2;
    scale_log2 = 3'd0;
    fmt_mismatch = 1'b0;
    red_type = req_i.dtype;
    unique case (req_i.opcode)
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
                         (req_i.dtype != 4'(tsu_pkg::TypeB32) &&
                          req_i.dtype != 4'(tsu_pkg::TypeB64) && req_i.dtype != red_type);
        end
      end
      default: ;
    endcase
    early_trap = req_i.illegal ? 3'(tsu_pkg::TrapIllegalInstruction)
               : !desc_ok ? 3'(tsu_pkg::TrapInvalidHandle)
               : (fmt_mismatch && req_i.opcode != 3'(tsu_pkg::OpSuq))
                   ? 3'(tsu_pkg::TrapFormatMismatch)
                   : 3'(tsu_pkg::TrapNone);
    // Extents at the widths the unit keeps (a descriptor with larger ones is invalid and traps).
    unique case (req_i.query)
      3'(tsu_pkg::QueryWidth): suq_value = 32'(desc_i.width[16:0]);
      3'(tsu_pkg::QueryHeight): suq_value = 32'(desc_i.height[tsu_pkg::COORD_Y_BITS:0]);
      3'(tsu_pkg::QueryDepth): suq_value = 32'(desc_i.depth[tsu_pkg::COORD_Z_BITS:0]);
      3'(tsu_pkg::QueryChannelDataType):
        suq_value = 32'(tsu_pkg::CHANNEL_TYPE_BASE) + 32'(desc_i.chtype);
      3'(tsu_pkg::QueryChannelOrder):
        suq_value = 32'(tsu_pkg::CHANNEL_ORDER_BASE) + 32'(desc_i.chorder);
      3'(tsu_pkg::QueryArraySize):
        suq_value = 32'(desc_i.array_size[tsu_pkg::COORD_LAYER_BITS:0]);
      default: suq_value = {31'd0, desc_i.layout};  // memory layout: 1 pitch, 0 block-linear
    endcase

    side_data = req_i.opcode == 3'(tsu_pkg::OpSuq) ? {96'd0, suq_value} : req_i.data;

    // sust.p components: R, G, B, A from the source elements; missing ones take (0, 0, 0, 1).
    // (A sust.p is no suq, so its elements are side_data's: one source for both cases.)
    for (int c = 0; c < 4; c++) begin
      if (c < (1 << vec_log2) ||
          (CompsRaw && !tsu_hw_pkg::sust_p(is_p, req_i.opcode))) begin
        comps_o[32*c +: 32] = side_data[32*c +: 32];
      end else if (c == 3) begin
        comps_o[32*c +: 32] = is_int_fmt ? 32'd1 : 32'h3f80_0000;
      end else begin
        comps_o[32*c +: 32] = 32'd0;
      end
    end
  end

  // ---- The outputs: the derived control from this cycle's inputs, or (RegOut) from registers ----
  // Requests that trap early or need no address still flow through the address path (to keep
  // order); give it legal inputs so its assertions hold.
  logic                  no_access;
  tsu_hw_pkg::addr_ctl_t addr_ctl;
  always_comb begin
    no_access = early_trap != 3'(tsu_pkg::TrapNone) || req_i.opcode == 3'(tsu_pkg::OpSuq);
    // Assigned whole, in its field order (yosys 0.23 reads no assignment patterns).
    addr_ctl = no_access ? {4'(tsu_pkg::Geom1d), 2'(tsu_pkg::ClampTrap), 3'd0, 3'd0, 1'b1}
                         : {req_i.geom, req_i.clamp, size_log2, scale_log2, 1'b0};
  end
  logic [2:0]            o_trap, o_size_log2, o_texel_log2;
  logic [3:0]            o_red_type;
  tsu_hw_pkg::addr_ctl_t o_addr;
  logic                  fresh;
  // Only what is derived through the format decode and the checks; the request's own fields
  // (opcode, geometry, ...) are read from the held request. fresh: the registers hold the
  // request still here (it was here in the cycle before and was not taken).
  tsu_pipe_reg #(
    .Width (3 + 3 + 4 + 3 + $bits(addr_ctl)),
    .Enable(RegOut)
  ) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i && !take_i),
    .data_i ({early_trap, size_log2, red_type, fmt.texel_log2, addr_ctl}),
    .valid_o(fresh),
    .data_o ({o_trap, o_size_log2, o_red_type, o_texel_log2, o_addr})
  );
  assign ready_o = !RegOut || fresh;
`ifndef SYNTHESIS
  if (RegOut) begin : g_reg_check
    /* verilator lint_off SYNCASYNCNET */
    // The registers hold the taken request's decode: its inputs did not change since the cycle
    // before (the descriptor stage's valid/ready contract).
    a_take_fresh: assert property (@(posedge clk_i) disable iff (!rst_ni)
        take_i |-> ready_o && valid_i && $past(valid_i) && $stable(req_i) && $stable(desc_i) &&
                   $stable(desc_ok_i));
    /* verilator lint_on SYNCASYNCNET */
  end
`endif

  always_comb begin
    // The structs assigned whole, in their field order (yosys 0.23 reads no assignment
    // patterns): a simulator builds each in one expression, not a read-modify-write per field.
    addr_o = o_addr;
    side_o = {req_i.opcode, is_p, vec_log2, type_log2, o_size_log2, o_red_type, req_i.redop,
              o_trap, side_data};
    fmt_o = {fmt.supported, fmt.legal, fmt.kind, fmt.assembly, fmt.nfields, fmt.comp, fmt.bits,
             o_texel_log2, fmt.srgb_pad};
  end

  logic unused;
  assign unused = ^{check_valid, req_i.coords};
endmodule
