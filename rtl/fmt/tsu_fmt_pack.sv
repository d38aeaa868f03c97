// Format pack for sust.p: components R,G,B,A (f32, u32 or s32 bits by the format's class)
// become the stored texel (golden function tsu::PackTexel; rounding and saturation as
// tsu::EncodeChannel). Bytes past the texel are zero; an unsupported (order, type) gives
// supported_o = 0 and a zero texel.
//
// Stages: [decode, pick each slot's component] -RegMid- [convert: ConvStages registers inside
// the f32 -> UNORM/SNORM and f32 -> f16 converters, the slots and format info delayed alongside]
// [saturate integers, assemble] -RegOut-. ConvStages = 2 closes 50 MHz on an iCE40 HX8K.
//
// Beats = 4 (for a path that takes a request every 4 cycles or more: tsu_top's AddrII >= 4)
// converts one slot a cycle through one tsu_fmt_pack_lane instead of four: the request is held
// (RegMid unused), slot k enters the lane in cycle k + 1, its channel is kept, and the texel is
// assembled the cycle after the last: Latency = 5 + ConvStages + RegOut, an input at most every
// 4 cycles (asserted).
module tsu_fmt_pack #(
  parameter bit EnableNorm = 1'b1,
  parameter bit EnableHalf = 1'b1,
  parameter bit EnableInt = 1'b1,
  parameter bit RegMid = 1'b1,
  parameter int unsigned ConvStages = 2,  // 0..2
  parameter bit RegOut = 1'b1,
  parameter int unsigned Beats = 1        // 1: four slots at once; 4: one slot a cycle
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              valid_i,
  input  logic [4:0]        order_i,   // tsu_pkg::chorder_e
  input  logic [4:0]        type_i,    // tsu_pkg::chtype_e
  input  logic [127:0]      comps_i,  // component c in [32c +: 32]
  output logic              valid_o,
  output logic              supported_o,
  output logic [2:0]        texel_log2_o,
  output logic [127:0]      texel_o   // little-endian texel bytes
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      (Beats > 1 ? 5 : 32'(RegMid)) + ConvStages + 32'(RegOut);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  // Cycles the outputs keep the last result after valid_o (0: only with valid_o).
  localparam int unsigned Hold /*verilator public*/ = (Beats > 1 && RegOut) ? Beats - 1 : 0;
  /* verilator lint_on UNUSEDPARAM */

  // ---- Stage 0: decode -------------------------------------------------------------------------------
  tsu_hw_pkg::fmt_info_t info_s0;
  tsu_fmt_decode #(
    .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf),
    .EnableInt (EnableInt)
  ) u_decode (
    .order_i(order_i),
    .type_i (type_i),
    .info_o (info_s0)
  );
  // The slots' component selects and widths, read at module level (Beats 4 shifts them).
  logic [7:0]  s0_comp;
  logic [23:0] s0_bits;
  assign s0_comp = info_s0.comp;
  assign s0_bits = info_s0.bits;

  // The texel from its channels (slot i's value in chan[32i +: 32], masked to its width and zero
  // past the format's fields).
  // (Fields, not the struct: yosys 0.23 reads no struct members of a function's argument.)
  function automatic logic [127:0] assemble(logic [127:0] chan, logic [3:0] assembly,
                                            logic srgb_pad, logic supported);
    assemble = '0;
    unique case (assembly)
      tsu_hw_pkg::Asm8:
        assemble[31:0] = {chan[103:96], chan[71:64], chan[39:32], chan[7:0]};
      tsu_hw_pkg::Asm16:
        assemble[63:0] = {chan[111:96], chan[79:64], chan[47:32], chan[15:0]};
      tsu_hw_pkg::Asm32: assemble = {chan[127:96], chan[95:64], chan[63:32], chan[31:0]};
      tsu_hw_pkg::Asm565: assemble[15:0] = {chan[4:0], chan[37:32], chan[68:64]};
      tsu_hw_pkg::Asm555: assemble[15:0] = {1'b0, chan[4:0], chan[36:32], chan[68:64]};
      tsu_hw_pkg::Asm101010:
        assemble[31:0] = {2'b00, chan[9:0], chan[41:32], chan[73:64]};
      tsu_hw_pkg::Asm1010102:
        assemble[31:0] = {chan[9:0], chan[41:32], chan[73:64], chan[97:96]};
      tsu_hw_pkg::Asm248: assemble[31:0] = {chan[23:0], chan[39:32]};
      default: assemble[63:0] = {24'd0, chan[39:32], chan[31:0]};  // Asm328
    endcase
    if (srgb_pad) assemble[31:24] = 8'hff;  // sRGBx padding channel
    if (!supported) assemble = '0;
  endfunction

  // What both forms give the assembly and the coverage points: a slot's channel coming out of
  // its lane (cv_*: valid, the request's format info, the lane's flags), and each slot entering
  // a lane (ci_*: valid, integer saturation; lane_info: the info the lanes read). Struct-typed
  // signals live here, not in the generate blocks: yosys 0.23 reads no struct members there.
  logic                  cv_valid, ci_valid;
  tsu_hw_pkg::fmt_info_t cv_info, lane_info;
  logic                  cv_norm_sat, cv_norm_tie, cv_half_tie, cv_half_ovf, ci_int_sat;
  logic                  asm_valid;
  tsu_hw_pkg::fmt_info_t asm_info;
  logic [127:0]          asm_chan;

  if (Beats <= 1) begin : g_par
    logic unused_shift;  // the slots' selects are read from the decoded info directly
    assign unused_shift = ^{s0_comp, s0_bits};
    // ---- Four slots side by side --------------------------------------------------------------------
    logic [127:0] slot_s0, slot_s1;
    always_comb begin
      for (int i = 0; i < 4; i++) begin
        slot_s0[32*i +: 32] = comps_i[32*info_s0.comp[2*i +: 2] +: 32];
      end
    end
    localparam int unsigned MidW = $bits(info_s0) + 128;
    logic valid_s1;
    tsu_pipe_reg #(.Width(MidW), .Enable(RegMid)) u_mid (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_i),
      .data_i ({info_s0, slot_s0}),
      .valid_o(valid_s1),
      .data_o ({lane_info, slot_s1})
    );
    // The format info alongside the converters.
    tsu_delay #(.Width($bits(info_s0)), .Depth(ConvStages)) u_conv_side (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_s1),
      .data_i (lane_info),
      .valid_o(cv_valid),
      .data_o (cv_info)
    );
    logic [127:0] chan;
    logic [3:0]   norm_sat, norm_tie, half_tie, half_ovf, int_sat;
    for (genvar i = 0; i < 4; i++) begin : g_slot
      logic [31:0] ch;
      // Only slot 0 holds a 24-bit channel (UNORM_INT24 depth); the others hold at most 16.
      tsu_fmt_pack_lane #(
        .EnableNorm(EnableNorm),
        .EnableHalf(EnableHalf),
        .EnableInt (EnableInt),
        .ConvStages(ConvStages),
        .NormBits  (i == 0 ? 24 : 16)
      ) u_lane (
        .clk_i     (clk_i),
        .rst_ni    (rst_ni),
        .valid_i   (valid_s1),
        .v_i       (slot_s1[32*i +: 32]),
        .bits_i    (lane_info.bits[6*i +: 6]),
        .kind_i    (lane_info.kind),
        .ch_o      (ch),
        .int_sat_o (int_sat[i]),
        .norm_sat_o(norm_sat[i]),
        .norm_tie_o(norm_tie[i]),
        .half_tie_o(half_tie[i]),
        .half_ovf_o(half_ovf[i])
      );
      assign chan[32*i +: 32] = 3'(i) >= cv_info.nfields ? '0 : ch;
`ifndef SYNTHESIS
      if (EnableNorm) begin : g_norm_width
        /* verilator lint_off SYNCASYNCNET */
        always @(posedge clk_i) if (rst_ni && valid_s1 && lane_info.supported &&
                                    (lane_info.kind == tsu_hw_pkg::KindUnorm ||
                                     lane_info.kind == tsu_hw_pkg::KindSnorm))
          a_norm_width: assert (32'(lane_info.bits[6*i +: 6]) <= (i == 0 ? 24 : 16));
        /* verilator lint_on SYNCASYNCNET */
      end
`endif
    end
    assign cv_norm_sat = norm_sat != '0;
    assign cv_norm_tie = norm_tie != '0;
    assign cv_half_tie = half_tie != '0;
    assign cv_half_ovf = half_ovf != '0;
    assign ci_valid = valid_s1;
    assign ci_int_sat = int_sat != '0;
    assign asm_valid = cv_valid;
    assign asm_info = cv_info;
    assign asm_chan = chan;
  end else begin : g_serial
    // ---- One slot a cycle -----------------------------------------------------------------------
    logic [127:0]          comps_q;
    logic [2:0]            beat_q;  // 1..4: slot beat_q - 1 enters the lane; 0: idle
    logic [1:0]            k_q;     // beat_q - 1, in its own register (no subtractor before the
                                    // slot's component select: the lane's critical path)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        beat_q <= '0;
        k_q <= '0;
      end else if (valid_i) begin
        beat_q <= 3'd1;
        k_q <= '0;
      end else if (beat_q != '0) begin
        beat_q <= beat_q == 3'd4 ? 3'd0 : beat_q + 3'd1;
        k_q <= k_q + 2'd1;
      end
    end
    // The slot's component select and width, shifted along a slot a beat: no select by k
    // in front of the component mux and the saturation (the lane's critical path).
    logic [7:0]            comp_sh_q;
    logic [23:0]           bits_sh_q;
    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        lane_info <= info_s0;
        comps_q <= comps_i;
        comp_sh_q <= s0_comp;
        bits_sh_q <= s0_bits;
      end else if (beat_q != '0) begin
        comp_sh_q <= comp_sh_q >> 2;
        bits_sh_q <= bits_sh_q >> 6;
      end
    end
    logic [1:0]  k;
    logic [31:0] v, ch;
    logic        int_sat;
    assign k = k_q;
    assign v = comps_q[32*comp_sh_q[1:0] +: 32];
    tsu_fmt_pack_lane #(
      .EnableNorm(EnableNorm),
      .EnableHalf(EnableHalf),
      .EnableInt (EnableInt),
      .ConvStages(ConvStages),
      .NormBits  (24)
    ) u_lane (
      .clk_i     (clk_i),
      .rst_ni    (rst_ni),
      .valid_i   (beat_q != '0),
      .v_i       (v),
      .bits_i    (bits_sh_q[5:0]),
      .kind_i    (lane_info.kind),
      .ch_o      (ch),
      .int_sat_o (int_sat),
      .norm_sat_o(cv_norm_sat),
      .norm_tie_o(cv_norm_tie),
      .half_tie_o(cv_half_tie),
      .half_ovf_o(cv_half_ovf)
    );
    // The slot and its request's info alongside the lane (the next request may be held already
    // when a converted channel comes out).
    logic [1:0] k_c;
    tsu_delay #(.Width(2 + $bits(info_s0)), .Depth(ConvStages)) u_conv_side (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(beat_q != '0),
      .data_i ({k, lane_info}),
      .valid_o(cv_valid),
      .data_o ({k_c, cv_info})
    );
    // The channels of the request being assembled; the last one also keeps its info.
    logic [127:0]          chan_q;
    tsu_hw_pkg::fmt_info_t asm_lane_info;
    logic                  asm_valid_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) asm_valid_q <= 1'b0;
      else asm_valid_q <= cv_valid && k_c == 2'd3;
    end
    always_ff @(posedge clk_i) begin
      if (cv_valid) chan_q[32*k_c +: 32] <= {1'b0, k_c} >= cv_info.nfields ? '0 : ch;
      if (cv_valid && k_c == 2'd3) asm_lane_info <= cv_info;
    end
    assign ci_valid = beat_q != '0;
    assign ci_int_sat = int_sat;
    assign asm_valid = asm_valid_q;
    assign asm_info = asm_lane_info;
    assign asm_chan = chan_q;
    logic unused_mid;
    assign unused_mid = RegMid;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && valid_i)
      a_interval: assert (beat_q == '0 || beat_q == 3'd4)
      else $error("tsu_fmt_pack: an input inside the interval (Beats %0d)", Beats);
    always @(posedge clk_i) if (rst_ni && beat_q != '0)
      a_slot_shift: assert (comp_sh_q[1:0] == lane_info.comp[2*k +: 2] &&
                            bits_sh_q[5:0] == lane_info.bits[6*k +: 6]);
    always @(posedge clk_i) if (rst_ni && beat_q != '0 && lane_info.supported &&
                                (lane_info.kind == tsu_hw_pkg::KindUnorm ||
                                 lane_info.kind == tsu_hw_pkg::KindSnorm))
      a_norm_width: assert (32'(lane_info.bits[6*k +: 6]) <= (k == 2'd0 ? 24 : 16));
    /* verilator lint_on SYNCASYNCNET */
`endif
  end

  // The output register loads only with a result, and the assembly is computed inside its enable:
  // a simulator then evaluates it only for a result (Verilator evaluates a continuous assignment
  // on every clock; the assembly was 4% of the unit's simulation time). The same logic in
  // hardware: a load enable on the output register.
  logic [131:0] out_s2;
  if (RegOut) begin : g_out_reg
    logic         valid_q;
    logic [131:0] data_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= 1'b0;
      else valid_q <= asm_valid;
    end
    // Beats > 1: inputs are at least Beats cycles apart, so the register holds a result until the
    // next one (Hold: at least Beats - 1 cycles after valid_o); a user that needs the texel a
    // few cycles later reads it here instead of delaying it.
    always_ff @(posedge clk_i) begin
      if (asm_valid) begin
        data_q <= {asm_info.supported, asm_info.texel_log2,
                   assemble(asm_chan, asm_info.assembly, asm_info.srgb_pad, asm_info.supported)};
      end
    end
    assign valid_o = valid_q;
    assign out_s2 = data_q;
  end else begin : g_out_wire
    assign valid_o = asm_valid;
    assign out_s2 = {asm_info.supported, asm_info.texel_log2,
                     assemble(asm_chan, asm_info.assembly, asm_info.srgb_pad, asm_info.supported)};
  end
  assign {supported_o, texel_log2_o, texel_o} = out_s2;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_known_out: assert (!$isunknown({supported_o, texel_log2_o, texel_o}));
  always @(posedge clk_i) if (rst_ni && valid_o && supported_o)
    a_texel_size: assert (texel_log2_o <= 3'd4);
  always @(posedge clk_i) if (rst_ni && cv_valid && cv_info.supported)
    a_legal_kind: assert (cv_info.kind <= 3'(tsu_hw_pkg::KindFloat));

  c_unsupported: cover property (@(posedge clk_i) cv_valid && !cv_info.supported);
  c_kind_unorm: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                cv_info.kind == tsu_hw_pkg::KindUnorm);
  c_kind_snorm: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                cv_info.kind == tsu_hw_pkg::KindSnorm);
  c_kind_uint: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                               cv_info.kind == tsu_hw_pkg::KindUint);
  c_kind_sint: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                               cv_info.kind == tsu_hw_pkg::KindSint);
  c_kind_half: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                               cv_info.kind == tsu_hw_pkg::KindHalf);
  c_kind_float: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                cv_info.kind == tsu_hw_pkg::KindFloat);
  c_asm_565: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                             cv_info.assembly == tsu_hw_pkg::Asm565);
  c_asm_555: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                             cv_info.assembly == tsu_hw_pkg::Asm555);
  c_asm_101010: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                cv_info.assembly == tsu_hw_pkg::Asm101010);
  c_asm_1010102: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                 cv_info.assembly == tsu_hw_pkg::Asm1010102);
  c_asm_248: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                             cv_info.assembly == tsu_hw_pkg::Asm248);
  c_asm_328: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                             cv_info.assembly == tsu_hw_pkg::Asm328);
  c_srgb_pad: cover property (@(posedge clk_i) cv_valid && cv_info.supported && cv_info.srgb_pad);
  c_unorm_saturate: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                    cv_info.kind == tsu_hw_pkg::KindUnorm && cv_norm_sat);
  c_snorm_saturate: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                    cv_info.kind == tsu_hw_pkg::KindSnorm && cv_norm_sat);
  c_norm_tie: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                              (cv_info.kind == tsu_hw_pkg::KindUnorm ||
                               cv_info.kind == tsu_hw_pkg::KindSnorm) && cv_norm_tie);
  c_half_tie: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                              cv_info.kind == tsu_hw_pkg::KindHalf && cv_half_tie);
  c_half_overflow: cover property (@(posedge clk_i) cv_valid && cv_info.supported &&
                                   cv_info.kind == tsu_hw_pkg::KindHalf && cv_half_ovf);
  c_uint_saturate: cover property (@(posedge clk_i) ci_valid && lane_info.supported &&
                                   lane_info.kind == tsu_hw_pkg::KindUint && ci_int_sat);
  c_sint_saturate: cover property (@(posedge clk_i) ci_valid && lane_info.supported &&
                                   lane_info.kind == tsu_hw_pkg::KindSint && ci_int_sat);
  /* verilator lint_on SYNCASYNCNET */
`endif
  logic unused_info;  // pack needs no legality, nor (after the lanes) the widths and map
  assign unused_info = ^{info_s0.legal, asm_info.legal, asm_info.comp, asm_info.bits,
                         asm_info.kind, asm_info.nfields, cv_info, lane_info, cv_norm_sat,
                         cv_norm_tie, cv_half_tie, cv_half_ovf, ci_int_sat, ci_valid};
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(Beats == 1 || Beats == 4)) begin : g_bad_beats
    $error("tsu_fmt_pack: Beats 1 or 4");
  end
  if (!(ConvStages <= 2)) begin : g_bad_conv_stages
    $error("tsu_fmt_pack: ConvStages 0..2");
  end
`endif
endmodule
