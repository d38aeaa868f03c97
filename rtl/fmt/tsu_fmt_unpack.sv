// Format unpack: a stored texel becomes components R,G,B,A (golden function tsu::UnpackTexel;
// each channel as tsu::DecodeChannel). UNORM/SNORM/HALF/FLOAT give f32 bits, UINT/SINT give
// zero/sign-extended 32-bit integers; components the format lacks take (0, 0, 0, 1) in the
// format's class. Used by suld-style formatted reads and by the texture path.
//
// Stages: [decode, extract each slot's bits] -RegMid- [convert: ConvStages registers inside the
// UNORM/SNORM -> f32 converters, the slots and format info delayed alongside] [f16 -> f32,
// integer extension, route to components] -RegOut-. ConvStages = 3 closes 50 MHz on an iCE40
// HX8K.
//
// Beats 2 or 4 (for a path that takes a texel every Beats cycles or more: the texture path's
// taps at TexLanes 2 or 1, whose filter takes a filtered tap's channels Lanes a cycle) converts
// 4 / Beats slots a cycle through as many lanes instead of four: the extracted slots are held in
// a register that shifts a beat's slots out each cycle (RegMid unused), beat b's slots enter the
// lanes in cycle b + 1, the converted slots of the earlier beats wait in a shift register and
// join the last beat's: Latency = Beats + ConvStages + RegOut, an input at most every Beats
// cycles (asserted).
module tsu_fmt_unpack #(
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1,
  parameter bit RegMid = 1'b1,
  parameter int unsigned ConvStages = 3,  // 0..3
  parameter bit RegOut = 1'b1,
  parameter int unsigned Beats = 1        // 1: four slots at once; 2: two a cycle; 4: one
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              valid_i,
  input  logic [4:0]        order_i,   // tsu_pkg::chorder_e
  input  logic [4:0]        type_i,    // tsu_pkg::chtype_e
  input  logic [127:0]      texel_i,  // little-endian texel bytes
  output logic              valid_o,
  output logic              supported_o,
  output logic [127:0]      comps_o   // component c in [32c +: 32]
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::fmt_unpack_latency(RegMid, ConvStages, RegOut, Beats);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned Lanes = 4 / Beats;  // slots converted a cycle
  localparam int unsigned LW = 32 * Lanes;

  // ---- Stage 0: decode and extract -------------------------------------------------------------
  tsu_hw_pkg::fmt_info_t info_s0;
  logic [127:0] slot_s0;
  tsu_fmt_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_decode (
    .order_i(order_i),
    .type_i (type_i),
    .info_o (info_s0)
  );

  // While idle the stage's results are don't-cares ('x): synthesis drops the mux, and a Verilated
  // model skips the routing.
  always_comb begin
    slot_s0 = 'x;
    if (valid_i) begin
      slot_s0 = '0;
      unique case (info_s0.assembly)
        tsu_hw_pkg::Asm8: begin
          for (int i = 0; i < 4; i++) slot_s0[32*i +: 8] = texel_i[8*i +: 8];
        end
        tsu_hw_pkg::Asm16: begin
          for (int i = 0; i < 4; i++) slot_s0[32*i +: 16] = texel_i[16*i +: 16];
        end
        tsu_hw_pkg::Asm32: slot_s0 = texel_i;
        tsu_hw_pkg::Asm565: begin
          slot_s0[4:0] = texel_i[15:11];
          slot_s0[37:32] = texel_i[10:5];
          slot_s0[68:64] = texel_i[4:0];
        end
        tsu_hw_pkg::Asm555: begin
          slot_s0[4:0] = texel_i[14:10];
          slot_s0[36:32] = texel_i[9:5];
          slot_s0[68:64] = texel_i[4:0];
        end
        tsu_hw_pkg::Asm101010: begin
          slot_s0[9:0] = texel_i[29:20];
          slot_s0[41:32] = texel_i[19:10];
          slot_s0[73:64] = texel_i[9:0];
        end
        tsu_hw_pkg::Asm1010102: begin
          slot_s0[9:0] = texel_i[31:22];
          slot_s0[41:32] = texel_i[21:12];
          slot_s0[73:64] = texel_i[11:2];
          slot_s0[97:96] = texel_i[1:0];
        end
        tsu_hw_pkg::Asm248: begin
          slot_s0[23:0] = texel_i[31:8];
          slot_s0[39:32] = texel_i[7:0];
        end
        default: begin  // Asm328
          slot_s0[31:0] = texel_i[31:0];
          slot_s0[39:32] = texel_i[39:32];
        end
      endcase
    end
  end

  // Slots read: sRGBx's fourth channel is padding.
  logic [2:0] nread_s0;
  assign nread_s0 = info_s0.srgb_pad ? 3'd3 : info_s0.nfields;

  // What both forms give the lanes and the routing (struct-typed signals at module level: yosys
  // 0.23 reads no struct members inside generate blocks):
  //   lane_*: the slots entering the lanes this cycle, their widths and the request's kind;
  //   cv_*: a lane output's slots, widths, kind and support, ConvStages later (cv_valid);
  //   valid_c, info_c, nread_c, val: a request's four converted slots with its format info.
  logic [LW-1:0]         lane_slot, cv_slot, lane_val;
  logic [6*Lanes-1:0]    lane_bits, cv_bits;
  logic [2:0]            lane_kind, cv_kind;
  logic                  cv_valid, cv_supported;
  logic [2:0]            nread_c;
  logic [127:0]          val;  // converted slot i in [32i +: 32]
  tsu_hw_pkg::fmt_info_t info_c, info_q;
  logic                  valid_c;

  if (Beats <= 1) begin : g_par
    // ---- Four slots side by side ---------------------------------------------------------------
    localparam int unsigned MidW = $bits(info_s0) + 3 + 128;
    logic [MidW-1:0] mid_s0, mid_s1;
    logic            valid_s1;
    logic [2:0]      nread_s1;
    logic [127:0]    slot_s1, slot_c;
    assign mid_s0 = {info_s0, nread_s0, slot_s0};
    tsu_pipe_reg #(.Width(MidW), .Enable(RegMid)) u_mid (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_i),
      .data_i (mid_s0),
      .valid_o(valid_s1),
      .data_o (mid_s1)
    );
    assign {info_q, nread_s1, slot_s1} = mid_s1;
    tsu_delay #(.Width(MidW), .Depth(ConvStages)) u_conv_side (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_s1),
      .data_i (mid_s1),
      .valid_o(valid_c),
      .data_o ({info_c, nread_c, slot_c})
    );
    assign lane_slot = slot_s1;
    assign lane_bits = info_q.bits;
    assign lane_kind = info_q.kind;
    assign cv_valid = valid_c;
    assign cv_slot = slot_c;
    assign cv_bits = info_c.bits;
    assign cv_kind = info_c.kind;
    assign cv_supported = info_c.supported;
    assign val = lane_val;
    logic unused_s1;  // the converters read only the kind, widths and low bits
    assign unused_s1 = ^{nread_s1, RegMid, lane_slot[127:120], lane_slot[95:88],
                         lane_slot[63:56], lane_slot[31:24], lane_bits[23], lane_bits[17],
                         lane_bits[11], lane_bits[5]};
  end else begin : g_beats
    // ---- Lanes slots a cycle --------------------------------------------------------------------
    localparam int unsigned BeatW = $clog2(Beats + 1);
    logic [BeatW-1:0]     beat_q;  // Beats .. 1: beat Beats - beat_q enters the lanes; 0: idle
    logic [127:0]         sh_slot_q;
    logic [23:0]          sh_bits_q;
    logic [2:0]           nread_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) beat_q <= '0;
      else if (valid_i) beat_q <= BeatW'(Beats);
      else if (beat_q != '0) beat_q <= beat_q - BeatW'(1);
    end
    // The slots and widths shift a beat's worth each cycle: the lanes read constant positions
    // (no select by beat in front of the converters).
    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        sh_slot_q <= slot_s0;
        sh_bits_q <= info_s0.bits;
        info_q <= info_s0;
        nread_q <= nread_s0;
      end else begin
        sh_slot_q <= sh_slot_q >> LW;
        sh_bits_q <= sh_bits_q >> (6 * Lanes);
      end
    end
    assign lane_slot = sh_slot_q[LW-1:0];
    assign lane_bits = sh_bits_q[6*Lanes-1:0];
    assign lane_kind = info_q.kind;
    // Beside the lanes: the beat's raw slots and widths, the request's kind (the next request may
    // be held already when the last beat comes out), and whether it is the last beat.
    logic cv_last;
    tsu_delay #(.Width(LW + 6 * Lanes + 3 + 2), .Depth(ConvStages)) u_lane_side (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(beat_q != '0),
      .data_i ({lane_slot, lane_bits, lane_kind, info_q.supported, beat_q == BeatW'(1)}),
      .valid_o(cv_valid),
      .data_o ({cv_slot, cv_bits, cv_kind, cv_supported, cv_last})
    );
    // The request's info, taken with its last beat.
    logic info_valid;
    tsu_delay #(.Width($bits(info_q) + 3), .Depth(ConvStages), .Interval(Beats)) u_info_side (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(beat_q == BeatW'(1)),
      .data_i ({info_q, nread_q}),
      .valid_o(info_valid),
      .data_o ({info_c, nread_c})
    );
    assign valid_c = cv_valid && cv_last;
    // The earlier beats' converted slots, shifted down a beat each cycle; with the last beat's
    // they are the request's four, slot 0 lowest.
    localparam int unsigned AccW = 128 - LW;
    logic [AccW-1:0] acc_q;
    logic [127:0]    acc_cat;
    assign acc_cat = {lane_val, acc_q};
    always_ff @(posedge clk_i) acc_q <= acc_cat[127 -: AccW];
    assign val = acc_cat;
    logic unused_mid;
    assign unused_mid = RegMid;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && valid_i)
      a_interval: assert (beat_q == '0 || beat_q == BeatW'(1))
      else $error("tsu_fmt_unpack: an input inside the interval (Beats %0d)", Beats);
    always @(posedge clk_i) if (rst_ni) a_info_aligned: assert (info_valid == valid_c);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end

  // ---- Convert (ConvStages deep), Lanes slots a cycle --------------------------------------------
  for (genvar i = 0; i < Lanes; i++) begin : g_slot
    logic [31:0] raw, from_norm, from_half, from_int, vi;
    logic [5:0]  w;
    assign lane_val[32*i +: 32] = vi;
    assign raw = cv_slot[32*i +: 32];
    assign w = cv_bits[6*i +: 6];

    if (EnableNorm) begin : g_norm
      tsu_norm_to_f32 #(.Stages(ConvStages)) u_norm (
        .clk_i   (clk_i),
        .chan_i  (lane_slot[32*i +: 24]),
        .bits_i  (lane_bits[6*i +: 5]),
        .signed_i(lane_kind == tsu_hw_pkg::KindSnorm),
        .f32_o   (from_norm)
      );
    end else begin : g_no_norm
      assign from_norm = '0;
    end

    if (EnableHalf) begin : g_half
      tsu_f16_to_f32 u_half (
        .f16_i(raw[15:0]),
        .f32_o(from_half)
      );
    end else begin : g_no_half
      assign from_half = '0;
    end

    // SINT sign-extends from the channel width; UINT is already zero-extended.
    always_comb begin
      from_int = raw;
      if (cv_kind == tsu_hw_pkg::KindSint && w == 6'd8) from_int = {{24{raw[7]}}, raw[7:0]};
      if (cv_kind == tsu_hw_pkg::KindSint && w == 6'd16) from_int = {{16{raw[15]}}, raw[15:0]};
      if (!EnableInt) from_int = '0;
    end

    always_comb begin
      unique case (cv_kind)
        tsu_hw_pkg::KindUnorm, tsu_hw_pkg::KindSnorm: vi = from_norm;
        tsu_hw_pkg::KindUint, tsu_hw_pkg::KindSint: vi = from_int;
        tsu_hw_pkg::KindHalf: vi = from_half;
        default: vi = raw;  // FLOAT
      endcase
    end
  end

  logic [127:0] comps_s1;
  logic         float_class;
  always_comb begin
    float_class = !(info_c.kind == tsu_hw_pkg::KindUint || info_c.kind == tsu_hw_pkg::KindSint);
    comps_s1 = 'x;
    if (valid_c) begin
      comps_s1 = {float_class ? 32'h3f80_0000 : 32'd1, 96'd0};  // (0, 0, 0, 1)
      // Component c takes the last slot read that names it (each component a small mux; an index
      // computed into the vector would be a 128-bit shifter per slot).
      for (int c = 0; c < 4; c++) begin
        for (int i = 0; i < 4; i++) begin
          if (3'(i) < nread_c && 32'(info_c.comp[2*i +: 2]) == c) comps_s1[32*c +: 32] = val[32*i +: 32];
        end
      end
      if (!info_c.supported) comps_s1 = '0;
    end
  end

  logic [128:0] out_s1, out_s2;
  assign out_s1 = {info_c.supported, comps_s1};
  tsu_pipe_reg #(.Width(129), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_c),
    .data_i (out_s1),
    .valid_o(valid_o),
    .data_o (out_s2)
  );
  assign {supported_o, comps_o} = out_s2;

  logic unused_bits;
  assign unused_bits = ^{info_s0.texel_log2, info_s0.legal, info_c.texel_log2, info_c.legal,
                        info_c.assembly, info_c.nfields, info_c.srgb_pad, info_c.kind,
                        info_c.bits, info_q, cv_slot, cv_bits};

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_known_out: assert (!$isunknown({supported_o, comps_o}));

  c_unsupported: cover property (@(posedge clk_i) valid_c && !info_c.supported);
  c_kind_unorm: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                info_c.kind == tsu_hw_pkg::KindUnorm);
  c_kind_snorm: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                info_c.kind == tsu_hw_pkg::KindSnorm);
  c_kind_uint: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                               info_c.kind == tsu_hw_pkg::KindUint);
  c_kind_sint: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                               info_c.kind == tsu_hw_pkg::KindSint);
  c_kind_half: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                               info_c.kind == tsu_hw_pkg::KindHalf);
  c_kind_float: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                info_c.kind == tsu_hw_pkg::KindFloat);
  // Lane 0's slot (Beats 1: slot 0; 2: slots 0 and 2; 4: every slot).
  c_snorm_most_negative: cover property (@(posedge clk_i) cv_valid && cv_supported &&
      cv_kind == tsu_hw_pkg::KindSnorm && cv_slot[7:0] == 8'h80 && cv_bits[5:0] == 6'd8);
  c_half_subnormal: cover property (@(posedge clk_i) cv_valid && cv_supported &&
      cv_kind == tsu_hw_pkg::KindHalf && cv_slot[14:10] == 5'd0 && cv_slot[9:0] != 10'd0);
  c_half_nan: cover property (@(posedge clk_i) cv_valid && cv_supported &&
      cv_kind == tsu_hw_pkg::KindHalf && cv_slot[14:10] == 5'h1f && cv_slot[9:0] != 10'd0);
  c_defaults_filled: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                     nread_c == 3'd1);
  c_srgbx_pad_skipped: cover property (@(posedge clk_i) valid_c && info_c.supported &&
                                       nread_c == 3'd3 && info_c.bits[5:0] == 6'd8);
  /* verilator lint_on SYNCASYNCNET */
`endif
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(Beats == 1 || Beats == 2 || Beats == 4)) begin : g_bad_beats
    $error("tsu_fmt_unpack: Beats 1, 2 or 4");
  end
  if (!(ConvStages <= 3)) begin : g_bad_conv_stages
    $error("tsu_fmt_unpack: ConvStages 0..3");
  end
`endif
endmodule
