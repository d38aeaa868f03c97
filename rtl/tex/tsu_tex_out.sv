// Result conversion (golden function tsu::ConvertResult, docs/semantics.md T11): the filtered
// texel's four components to tex's destination type.
//   float results (f32 bits)      -> .f32 as is, .f16/.f16x2 by round to nearest even (the
//                                    shared tsu_f32_to_f16), .s32/.u32 by cvt.rzi.sat;
//   integer results (of a signed or unsigned format) -> .s32/.u32 as their 32 bits, .f32 (and
//                                    then .f16) by an exact-or-RNE int -> f32 conversion.
// .f16 results occupy the low 16 bits of each element; .f16x2 packs R|G<<16 and B|A<<16 into
// two elements.
//
// Four parts, each optionally followed by a register: (Z) an integer component's magnitude and
// leading zeros (RegLz); (A) int -> f32: normalize, round (RegA); (B) f32 -> f16 and the
// saturating truncations (RegB, plus the f16 converter's own F16Stages); (C) the type's selection
// and packing (RegOut).
//
// Lanes components a cycle: 4 (a texel a cycle) or 1 (one converter; a texel's components
// follow one another, II 4: the inputs must hold for the three cycles after valid_i, and in_last_o
// marks the cycle that reads them last). Latency = (4 / Lanes - 1) + RegLz + RegA + F16Stages +
// RegB + RegOut (tsu_hw_pkg::tex_out_latency).
module tsu_tex_out #(
  parameter int unsigned Lanes = 4,  // components converted per cycle: 4 or 1 (II 4)
  parameter bit RegLz = 1'b1,
  parameter bit RegA = 1'b1,
  parameter int unsigned F16Stages = 1,
  parameter bit RegB = 1'b1,
  parameter bit RegOut = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         valid_i,
  output logic         ready_o,       // a texel may enter (Lanes 4: always)
  output logic         in_last_o,     // the inputs are read for the last time this cycle
  input  logic [127:0] c_i,           // component k in [32k +: 32]
  input  logic         float_result_i,
  input  logic         sint_i,
  input  logic [3:0]   type_i,        // tsu_pkg::dtype_e: F32, F16, F16X2, S32 or U32
  output logic         valid_o,
  output logic [127:0] data_o,        // element k in [32k +: 32]
  output logic [2:0]   count_o
);
  localparam int unsigned Beats = 4 / Lanes;
  localparam int unsigned CW = 32 * Lanes;
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::tex_out_latency(Lanes, RegLz, RegA, F16Stages, RegB, RegOut);
  localparam int unsigned Interval /*verilator public*/ = Beats;
  /* verilator lint_on UNUSEDPARAM */

  // ---- The beats: Lanes components a cycle ------------------------------------------------------
  logic         beat_valid;
  logic [1:0]   beat;  // the component group converted this cycle
  logic [CW-1:0] c_beat;
  if (Beats == 1) begin : g_wide
    assign beat_valid = valid_i;
    assign beat = 2'd0;
    assign ready_o = 1'b1;
    assign in_last_o = valid_i;
  end else begin : g_serial
    logic [1:0] beat_q;  // the next group of a texel whose first went in (0: none pending)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) beat_q <= 2'd0;
      else if (valid_i || beat_q != 2'd0) beat_q <= 32'(beat_q) == Beats - 1 ? 2'd0 : beat_q + 2'd1;
    end
    assign beat_valid = valid_i || beat_q != 2'd0;
    assign beat = beat_q;
    assign ready_o = beat_q == 2'd0;
    assign in_last_o = 32'(beat_q) == Beats - 1;
  end
  always_comb begin
    c_beat = c_i[CW-1:0];
    for (int g = 1; g < Beats; g++) begin
      if (32'(beat) == g) c_beat = c_i[CW*g +: CW];
    end
  end

  // ---- (Z) magnitude and leading zeros of integer components ------------------------------------
  typedef struct packed {
    logic          float_result;
    logic [3:0]    type_;
    logic [1:0]    beat;
    logic [CW-1:0] raw;  // the components as given
    logic [CW-1:0] mag;  // integer components' magnitudes
    logic [Lanes-1:0] neg;
    logic [5*Lanes-1:0] lz;   // lane l's leading zeros in [5l +: 5]
  } z_t;
  z_t z_d, z_q;
  logic z_valid;

  for (genvar k = 0; k < Lanes; k++) begin : g_lz
    logic [31:0] v, mag;
    logic        neg;
    logic [5:0]  count;  // 32 only for a zero magnitude, which converts to +0 apart
    logic [4:0]  lz;
    always_comb begin
      v = c_beat[32*k +: 32];
      neg = sint_i && v[31];
      mag = neg ? -v : v;
    end
    tsu_lzc #(.Width(32)) u_lzc (
      .in_i   (mag),
      .count_o(count)
    );
    assign lz = count[4:0];
    logic unused_count;
    assign unused_count = count[5];
    assign z_d.mag[32*k +: 32] = mag;
    assign z_d.neg[k] = neg;
    assign z_d.lz[5*k +: 5] = lz;
  end
  assign z_d.float_result = float_result_i;
  assign z_d.type_ = type_i;
  assign z_d.beat = beat;
  assign z_d.raw = c_beat;

  tsu_pipe_reg #(.Width($bits(z_d)), .Enable(RegLz)) u_z (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(beat_valid),
    .data_i (z_d),
    .valid_o(z_valid),
    .data_o (z_q)
  );

  // ---- (A) the f32 view: integer components normalized and rounded (RNE) ---------------------------
  typedef struct packed {
    logic          float_result;
    logic [3:0]    type_;
    logic [1:0]    beat;
    logic [CW-1:0] raw;  // the components as given (integer results pass to .s32/.u32)
    logic [CW-1:0] f;    // their f32 view
  } a_t;
  a_t a_d, a_q;
  logic a_valid;

  for (genvar k = 0; k < Lanes; k++) begin : g_itof
    logic [31:0] norm, packed_f, f;
    logic [4:0]  lz;
    logic        round_up;
    always_comb begin
      lz = z_q.lz[5*k +: 5];
      norm = z_q.mag[32*k +: 32] << lz;  // leading one at bit 31
      // 24 significant bits kept; guard norm[7], sticky norm[6:0]; a carry moves into the
      // exponent. The exponent of 2^(31 - lz) is 158 - lz.
      round_up = norm[7] && (norm[6:0] != '0 || norm[8]);
      packed_f = {z_q.neg[k], 8'(8'd158 - 8'(lz)), norm[30:8]} + {31'd0, round_up};
      f = z_q.float_result ? z_q.raw[32*k +: 32]
        : (z_q.mag[32*k +: 32] == '0 ? 32'd0 : packed_f);
    end
    assign a_d.f[32*k +: 32] = f;
    logic unused_hidden;  // the leading one: implied by the exponent
    assign unused_hidden = norm[31];
  end
  assign a_d.float_result = z_q.float_result;
  assign a_d.type_ = z_q.type_;
  assign a_d.beat = z_q.beat;
  assign a_d.raw = z_q.raw;

  tsu_pipe_reg #(.Width($bits(a_d)), .Enable(RegA)) u_a (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(z_valid),
    .data_i (a_d),
    .valid_o(a_valid),
    .data_o (a_q)
  );

  // ---- (B) f32 -> f16, cvt.rzi.sat --------------------------------------------------------------------
  // The f16 converters have F16Stages registers; everything else waits beside them.
  logic [16*Lanes-1:0] half;   // f16 of lane l in [16l +: 16]
  logic [CW-1:0]       s32, u32;
  logic                a_valid_d;
  a_t                  a_qd;
  tsu_delay #(.Width($bits(a_q)), .Depth(F16Stages)) u_wait (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid),
    .data_i (a_q),
    .valid_o(a_valid_d),
    .data_o (a_qd)
  );
  for (genvar k = 0; k < Lanes; k++) begin : g_conv
    logic unused_flags;
    logic tie, ovf;
    tsu_f32_to_f16 #(.Stages(F16Stages)) u_f16 (
      .clk_i     (clk_i),
      .valid_i   (a_valid),
      .f32_i     (a_q.f[32*k +: 32]),
      .f16_o     (half[16*k +: 16]),
      .tie_o     (tie),
      .overflow_o(ovf)
    );
    assign unused_flags = tie ^ ovf;
    // cvt.rzi.sat: truncate toward zero; NaN -> 0; saturate to the type's range.
    logic [31:0] x;
    logic [7:0]  e;
    logic [23:0] sig;
    logic [31:0] mag;
    always_comb begin
      x = a_qd.f[32*k +: 32];
      e = x[30:23];
      sig = {1'b1, x[22:0]};
      mag = e < 8'd127 ? 32'd0 : e <= 8'd150 ? 32'(sig) >> (8'd150 - e) : 32'(sig) << (e - 8'd150);
      if (e == 8'hFF && x[22:0] != '0) begin  // NaN
        s32[32*k +: 32] = '0;
        u32[32*k +: 32] = '0;
      end else begin
        // s32: |x| >= 2^31 saturates (-2^31 itself is exact); u32: negative -> 0, >= 2^32 -> max.
        s32[32*k +: 32] = e >= 8'd158 ? (x[31] ? 32'h8000_0000 : 32'h7FFF_FFFF)
                        : x[31] ? -mag : mag;
        u32[32*k +: 32] = x[31] ? 32'd0 : e >= 8'd159 ? 32'hFFFF_FFFF : mag;
      end
    end
  end

  typedef struct packed {
    logic                float_result;
    logic [3:0]          type_;
    logic [1:0]          beat;
    logic [CW-1:0]       raw, f, s32, u32;
    logic [16*Lanes-1:0] half;
  } b_t;
  b_t b_d, b_q;
  logic b_valid;
  always_comb begin
    b_d.float_result = a_qd.float_result;
    b_d.type_ = a_qd.type_;
    b_d.beat = a_qd.beat;
    b_d.raw = a_qd.raw;
    b_d.f = a_qd.f;
    b_d.s32 = s32;
    b_d.u32 = u32;
    b_d.half = half;
  end

  tsu_pipe_reg #(.Width($bits(b_d)), .Enable(RegB)) u_b (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(a_valid_d),
    .data_i (b_d),
    .valid_o(b_valid),
    .data_o (b_q)
  );

  // ---- (C) select, pack -----------------------------------------------------------------------------
  // Each lane's element, placed at its component's position: .f16x2 packs component k's half at
  // bits 16k (elements 0 and 1), the other types take 32 bits per component. A texel's first beat
  // starts from zeros, so the elements past .f16x2's two are zero.
  logic [127:0] data, data_q;
  logic [2:0]   count;
  logic         last_beat;
  logic [31:0]  elem [Lanes];  // lane k's element (.f16 and .f16x2: the half in the low 16 bits)
  assign last_beat = 32'(b_q.beat) == Beats - 1;
  always_comb begin
    for (int k = 0; k < Lanes; k++) begin
      unique case (b_q.type_)
        tsu_pkg::TypeF32: elem[k] = b_q.f[32*k +: 32];
        tsu_pkg::TypeF16, tsu_pkg::TypeF16x2: elem[k] = {16'd0, b_q.half[16*k +: 16]};
        tsu_pkg::TypeS32: elem[k] = b_q.float_result ? b_q.s32[32*k +: 32] : b_q.raw[32*k +: 32];
        default: elem[k] = b_q.float_result ? b_q.u32[32*k +: 32] : b_q.raw[32*k +: 32];  // U32
      endcase
    end
  end
  always_comb begin
    data = b_q.beat == 2'd0 ? 128'd0 : data_q;
    count = tsu_hw_pkg::tex_result_count(b_q.type_);
    for (int g = 0; g < Beats; g++) begin
      if (32'(b_q.beat) == g) begin
        for (int k = 0; k < Lanes; k++) begin
          if (b_q.type_ == tsu_pkg::TypeF16x2) data[16*(Lanes*g + k) +: 16] = elem[k][15:0];
          else data[32*(Lanes*g + k) +: 32] = elem[k];
        end
      end
    end
  end

  if (Beats == 1) begin : g_out_reg
    tsu_pipe_reg #(.Width(131), .Enable(RegOut)) u_out (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(b_valid),
      .data_i ({data, count}),
      .valid_o(valid_o),
      .data_o ({data_o, count_o})
    );
    assign data_q = '0;
    logic unused_last;
    assign unused_last = last_beat;  // every beat is a texel's last
  end else begin : g_out_asm
    // The assembly register: the texel's elements beat by beat (it is RegOut's register).
    logic       valid_q;
    logic [2:0] count_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= 1'b0;
      else valid_q <= b_valid && last_beat;
    end
    always_ff @(posedge clk_i) begin
      if (b_valid) begin
        data_q <= data;
        count_q <= count;
      end
    end
    assign valid_o = valid_q;
    assign data_o = data_q;
    assign count_o = count_q;
  end

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_type: assert (type_i == tsu_pkg::TypeF32 || type_i == tsu_pkg::TypeF16 ||
                    type_i == tsu_pkg::TypeF16x2 || type_i == tsu_pkg::TypeS32 ||
                    type_i == tsu_pkg::TypeU32);
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_ready: assert (ready_o);
  c_int_to_f32_rounds: cover property (@(posedge clk_i) z_valid && !z_q.float_result &&
                                       g_itof[0].norm[7:0] != '0 && g_itof[0].lz < 5'd8);
  c_sat_s32: cover property (@(posedge clk_i) b_valid && b_q.float_result &&
                             b_q.type_ == tsu_pkg::TypeS32 && b_q.f[30:23] >= 8'd158);
  c_f16x2: cover property (@(posedge clk_i) b_valid && b_q.type_ == tsu_pkg::TypeF16x2);
  /* verilator lint_on SYNCASYNCNET */
`endif
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(Lanes == 1 || Lanes == 4)) begin : g_bad_lanes
    $error("tsu_tex_out: Lanes 1 or 4");
  end
`endif
endmodule
