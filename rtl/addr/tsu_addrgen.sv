// Address generation: the byte address of an in-bounds (x_byte, y, z, layer) in a pitch-linear
// or block-linear surface (golden functions tsu::SurfaceOffset / tsu::BlockLinearOffset;
// block-linear layout per docs/semantics.md section B, i.e. 64 B x 8 row GOBs stacked into
// blocks of 2^bh GOBs high and 2^bd GOBs deep). Coordinates come from tsu_surf_bounds, already
// clamped, so every product fits the descriptor's footprint.
//
// Stages: [multiplicands (block-linear row/slice of blocks), in-block offset] -RegIn-
// [three strided products, offset + base] -RegMul- [sum] -RegOut-.
// RegIn keeps the variable shifts that pick the multiplicands off the multipliers' path (on an
// iCE40 HX8K the shifts and a product in one stage closed 42.6 MHz).
//
// II > 1 (for parts without multipliers: the three products are most of this block on an iCE40)
// forms the products over II cycles instead: C = ceil(16 / II) multiplier bits of each of the
// three a cycle, their three C-bit partial products summed into one register, and that added
// to an accumulator the next cycle. An input may come at most every II cycles (asserted);
// Latency = II + 2 (the load, II partial products, the last one added), and the registers are
// part of the datapath (RegIn, RegMul, RegOut unused).
// Sum_i chunk_i(m) * (stride << C*i) = m * stride modulo 2^AddrW, so the address is the same.
// The strides are per-descriptor constants computed at bind time (as a driver would), so the
// unit needs no division.
module tsu_addrgen #(
  parameter int unsigned AddrW = 48,
  // Layer index bits: a surface's (COORD_LAYER_BITS); the texture path's cube arrays have six
  // layers per array element.
  parameter int unsigned LayerW = 32'(tsu_pkg::COORD_LAYER_BITS),
  parameter bit RegIn = 1'b1,
  parameter bit RegMul = 1'b1,
  parameter bit RegOut = 1'b1,
  // Cycles per address: 1 (three whole products), or 2..16 (products over II cycles).
  parameter int unsigned II = 1
) (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,
  input  logic                                  valid_i,
  input  logic [tsu_pkg::COORD_X_BYTE_BITS-1:0] x_byte_i,
  input  logic [tsu_pkg::COORD_Y_BITS-1:0]      y_i,
  input  logic [tsu_pkg::COORD_Z_BITS-1:0]      z_i,
  input  logic [LayerW-1:0]                     layer_i,
  // Descriptor fields (resolved at bind time).
  input  logic                                  layout_i,  // tsu_pkg::layout_e
  input  logic [AddrW-1:0]                      base_i,
  input  logic [31:0]                           pitch_i,          // pitch-linear row stride
  input  logic [AddrW-1:0]                      slice_bytes_i,    // one z slice (pitch) or one
                                                                  // z row of blocks (block)
  input  logic [AddrW-1:0]                      layer_stride_i,
  input  logic [AddrW-1:0]                      row_of_blocks_i,  // block-linear only
  input  logic [2:0]                            block_height_log2_i,
  input  logic [2:0]                            block_depth_log2_i,
  output logic                                  valid_o,
  output logic [AddrW-1:0]                      addr_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =
      tsu_hw_pkg::addrgen_latency(RegIn, RegMul, RegOut, II);
  localparam int unsigned Interval /*verilator public*/ = II;
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;  // read by the bench
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned XW = 32'(tsu_pkg::COORD_X_BYTE_BITS);
  localparam int unsigned YW = 32'(tsu_pkg::COORD_Y_BITS);
  localparam int unsigned ZW = 32'(tsu_pkg::COORD_Z_BITS);

  // ---- Stage 0: multiplicands and the in-block offset --------------------------------------------------------
  logic             block_s0;
  logic [YW-1:0]    ymul_s0;
  logic [ZW-1:0]    zmul_s0;
  logic [AddrW-1:0] ystride_s0, small_s0, gob_s0;
  logic [4:0]       bh, bd;
  logic [ZW-1:0]    zr_s0;
  logic [YW-1:0]    yr_s0;
  logic [XW-7:0]    xq_s0;

  always_comb begin
    block_s0 = layout_i == tsu_pkg::LayoutBlockLinear;
    bh = {2'b00, block_height_log2_i};
    bd = {2'b00, block_depth_log2_i};
    // Address bits b8..b0 inside a GOB: x5 y2 y1 x4 y0 x3 x2 x1 x0.
    zr_s0 = z_i & ((ZW'(1) << bd) - ZW'(1));
    yr_s0 = (y_i >> 3) & ((YW'(1) << bh) - YW'(1));
    xq_s0 = x_byte_i[XW-1:6];
    gob_s0 = AddrW'({x_byte_i[5], y_i[2:1], x_byte_i[4], y_i[0], x_byte_i[3:0]});
    if (block_s0) begin
      ymul_s0 = y_i >> (5'd3 + bh);                      // row of blocks
      zmul_s0 = z_i >> bd;                               // slice of blocks
      ystride_s0 = row_of_blocks_i;
      // The four fields occupy disjoint bits (zr < 2^bd, yr < 2^bh, the GOB offset < 2^9), so
      // they are ORed, not added: no carry chain before the products.
      small_s0 = (AddrW'(zr_s0) << (5'd9 + bh)) |        // GOB in z inside the block
                 (AddrW'(yr_s0) << 9) |                  // GOB in y inside the block
                 (AddrW'(xq_s0) << (5'd9 + bh + bd)) |   // block column
                 gob_s0;
    end else begin
      ymul_s0 = y_i;
      zmul_s0 = z_i;
      ystride_s0 = AddrW'(pitch_i);
      small_s0 = AddrW'(x_byte_i);
    end
  end

  // Below 32 address bits the pitch's top bits cannot reach an address (modulo 2^AddrW, H1).
  logic unused_pitch;
  assign unused_pitch = ^pitch_i;

  localparam int unsigned LW = LayerW;
  if (II <= 1) begin : g_full
    localparam int unsigned InW = YW + ZW + LW + 5 * AddrW;
    logic [InW-1:0]   in_s0, in_s1;
    logic             valid_m;
    logic [YW-1:0]    ymul_m;
    logic [ZW-1:0]    zmul_m;
    logic [LW-1:0]    layer_m;
    logic [AddrW-1:0] ystride_m, zstride_m, lstride_m, small_m, base_m, sb_m;
    assign in_s0 = {ymul_s0, zmul_s0, layer_i, ystride_s0, slice_bytes_i, layer_stride_i, small_s0,
                    base_i};
    tsu_pipe_reg #(.Width(InW), .Enable(RegIn)) u_in (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_i),
      .data_i (in_s0),
      .valid_o(valid_m),
      .data_o (in_s1)
    );
    assign {ymul_m, zmul_m, layer_m, ystride_m, zstride_m, lstride_m, small_m, base_m} = in_s1;

    // ---- Stage 1: products ------------------------------------------------------------------------
    // The base joins the in-block offset here, beside the products (off the first stage's path).
    logic [AddrW-1:0] prod_y_s0, prod_z_s0, prod_l_s0;
    assign sb_m = small_m + base_m;
    always_comb begin
      prod_y_s0 = AddrW'(ymul_m) * ystride_m;
      prod_z_s0 = AddrW'(zmul_m) * zstride_m;
      prod_l_s0 = AddrW'(layer_m) * lstride_m;
    end

    localparam int unsigned TermsW = 4 * AddrW;
    logic [TermsW-1:0] terms_s0, terms_s1;
    logic              valid_s1;
    assign terms_s0 = {prod_y_s0, prod_z_s0, prod_l_s0, sb_m};

    tsu_pipe_reg #(.Width(TermsW), .Enable(RegMul)) u_mul (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_m),
      .data_i (terms_s0),
      .valid_o(valid_s1),
      .data_o (terms_s1)
    );

    // ---- Stage 2: sum -----------------------------------------------------------------------------
    logic [AddrW-1:0] addr_s1;
    assign addr_s1 = terms_s1[4*AddrW-1 -: AddrW] + terms_s1[3*AddrW-1 -: AddrW] +
                     terms_s1[2*AddrW-1 -: AddrW] + terms_s1[AddrW-1:0];

    tsu_pipe_reg #(.Width(AddrW), .Enable(RegOut)) u_out (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_s1),
      .data_i (addr_s1),
      .valid_o(valid_o),
      .data_o (addr_o)
    );
  end else begin : g_iter
    // ---- Products over II cycles ----------------------------------------------------------------
    localparam int unsigned MW = YW > ZW ? (YW > LW ? YW : LW) : (ZW > LW ? ZW : LW);
    localparam int unsigned C = (MW + II - 1) / II;  // multiplier bits per cycle
    localparam int unsigned CW = $clog2(II + 1);
    // Loaded with an input: the multipliers (shifted right by C a cycle), the strides (shifted
    // left by C a cycle) and the two addends of the in-block offset.
    logic [C*II-1:0]  ym_q, zm_q, lm_q;
    logic [AddrW-1:0] ys_q, zs_q, ls_q, small_q, base_q, part_d, part_q, acc_q;
    logic [CW-1:0]    left_q;   // chunks still to multiply
    logic             part_valid_q, part_first_q, part_last_q, valid_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        left_q <= '0;
        part_valid_q <= 1'b0;
        valid_q <= 1'b0;
      end else begin
        left_q <= valid_i ? CW'(II) : left_q - CW'(left_q != '0);
        part_valid_q <= left_q != '0;
        valid_q <= part_valid_q && part_last_q;
      end
    end
    // The datapath registers need no reset: they are only looked at under the valids above.
    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        ym_q <= (C*II)'(ymul_s0);
        zm_q <= (C*II)'(zmul_s0);
        lm_q <= (C*II)'(layer_i);
        ys_q <= ystride_s0;
        zs_q <= slice_bytes_i;
        ls_q <= layer_stride_i;
        small_q <= small_s0;
        base_q <= base_i;
      end else begin
        ym_q <= ym_q >> C;
        zm_q <= zm_q >> C;
        lm_q <= lm_q >> C;
        ys_q <= ys_q << C;
        zs_q <= zs_q << C;
        ls_q <= ls_q << C;
      end
      part_q <= part_d;
      part_first_q <= left_q == CW'(II);
      part_last_q <= left_q == CW'(1);
      if (part_valid_q) acc_q <= (part_first_q ? small_q + base_q : acc_q) + part_q;
    end
    logic [C-1:0] yc, zc, lc;
    assign yc = ym_q[C-1:0];
    assign zc = zm_q[C-1:0];
    assign lc = lm_q[C-1:0];
    assign part_d = AddrW'(ys_q * yc) + AddrW'(zs_q * zc) + AddrW'(ls_q * lc);
    assign valid_o = valid_q;
    assign addr_o = acc_q;

    logic unused;
    assign unused = ^{RegIn, RegMul, RegOut};
`ifndef SYNTHESIS
    // The assertions read the async reset synchronously; that is intended.
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && valid_i)
      a_interval: assert (left_q <= CW'(1))
      else $error("tsu_addrgen: an input inside the interval (II %0d)", II);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end

`ifndef SYNTHESIS
  // The assertions read the async reset synchronously; that is intended.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_legal_in: assert (block_height_log2_i <= 3'(tsu_pkg::MAX_BLOCK_LOG2) &&
                        block_depth_log2_i <= 3'(tsu_pkg::MAX_BLOCK_LOG2));
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_known_out: assert (!$isunknown(addr_o));
  c_pitch: cover property (@(posedge clk_i) valid_i && !block_s0 && y_i != '0);
  c_block: cover property (@(posedge clk_i) valid_i && block_s0 && y_i != '0);
  c_block_tall: cover property (@(posedge clk_i) valid_i && block_s0 &&
                                block_height_log2_i == 3'(tsu_pkg::MAX_BLOCK_LOG2));
  c_block_deep: cover property (@(posedge clk_i) valid_i && block_s0 &&
                                block_depth_log2_i != 3'd0 && z_i != '0);
  c_block_x_beyond_gob: cover property (@(posedge clk_i) valid_i && block_s0 &&
                                        x_byte_i >= XW'(64));
  c_layer: cover property (@(posedge clk_i) valid_i && layer_i != '0);
  /* verilator lint_on SYNCASYNCNET */
`endif
`ifndef SYNTHESIS
  // A value outside the knob's legal set stops the elaboration (tb/rtl: rtl.refuses.*).
  if (!(II >= 1 && II <= 16)) begin : g_bad_ii
    $error("tsu_addrgen: II 1..16");
  end
`endif
endmodule
