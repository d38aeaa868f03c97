// tsu_tex_return: the one-tap path's texel return (tsu_tex_engine). A tap (Q5, tsu_tex_issue)
// takes its lines (QR): its texel from the texel line, its residency bit from the residency line
// (a tap that reads both latches the first line), and tsu_tex_texel turns the texel into the
// tap's value by its request's rule (QP, pushed at acceptance for one-tap requests). Residency
// and level traps accumulate over a request's taps. A seamless corner's three texels (codes
// 1-3): the first two wait in registers, and with the third they enter tsu_tex_corner; a float
// result's corner is their mean, an integer result's its face's texel (T8). A tap that is not a
// corner's goes straight to Q6 unless the corner block holds a tap, in which case it follows
// through the delay line beside it, so taps reach the filter in order. Q6 is reserved before a
// tap leaves Q5 (TexelDepth entries). A corner's third texel leaves Q5 at most one per
// CornerII cycles (the corner block's interval; at CornerLanes 2 a corner's three texels already
// space them three apart, at 1 a corner right behind another waits a cycle, with
// CornerSharedAdd up to seven). TexelBeats > 1: the texel stage converts 4 / TexelBeats channels
// a cycle, so a tap leaves Q5 at most one per TexelBeats cycles (as fast as the filter takes a
// filtered tap at as many lanes); a corner's three texels then take 3 * TexelBeats cycles.
module tsu_tex_return #(
  parameter int unsigned MaxInflight = 64,
  parameter int unsigned CornerLanes = 2,
  parameter bit          CornerSharedAdd = 1'b0,  // tsu_tex_corner's SharedAdd
  parameter int unsigned TexelDepth = 32,
  parameter bit          QueueRam = 1'b1,
  parameter int unsigned TexelBeats = 1,  // cycles per tap in tsu_tex_texel (1, 2 or 4)
  // Feature knobs (docs/semantics.md H15), and tsu_tex_texel's.
  parameter bit          EnableSeamless = 1'b1,
  parameter bit          EnableResidency = 1'b1,
  parameter bit          EnableCompare = 1'b1,
  parameter bit          EnableNorm = 1'b1,
  parameter bit          EnableHalf = 1'b1,
  parameter bit          EnableInt = 1'b1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // QP: the tap-value rule of a one-tap request, at acceptance.
  input  logic                    push_i,
  input  tsu_tex_pkg::texel_req_t texel_req_i,
  // Q5 and QR (tsu_tex_issue).
  input  logic                    read_empty_i,
  input  tsu_tex_pkg::read_t      read_i,
  output logic                    read_pop_o,
  input  logic                    line_empty_i,
  input  logic [127:0]            line_i,
  output logic                    line_pop_o,
  // Q6: the taps' values, read by the merge.
  input  logic                    pop_i,
  output logic                    empty_o,
  output tsu_tex_pkg::item_t      item_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, from a tap's line at QR's head to the tap at Q6's head.
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_return_latency(TexelBeats);
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned TexelLat =  // its defaults
      tsu_hw_pkg::tex_texel_latency(3, 1'b1, 1'b1, TexelBeats);
  localparam int unsigned CornerLat = tsu_hw_pkg::tex_corner_latency(CornerLanes);
  localparam int unsigned CornerII = tsu_hw_pkg::tex_corner_interval(CornerLanes, CornerSharedAdd);
  localparam int unsigned TxCntW = $clog2(TexelDepth + TexelLat + 2);
  localparam int unsigned CntW = $clog2(MaxInflight + 1);

  tsu_tex_pkg::read_t e;
  always_comb begin
    e = read_i;
    e.res_read = EnableResidency && read_i.res_read;
    if (!EnableSeamless) e.code = 2'd0;
  end
  logic         e_have_q, e_fire, e_nonres, e_room, e_latch, cn_absorb;
  logic [127:0] e_tex_line_q, e_line, e_texel;
  logic [7:0]   e_res_byte;
  logic [TxCntW-1:0] texel_used_q;
  // Cycles before another corner's third texel may leave Q5.
  logic [$clog2(CornerII + 1)-1:0] cn_gap_q;
  logic              tx_gap;    // TexelBeats > 1: the texel stage takes no tap this cycle
  assign e_room = texel_used_q < TxCntW'(TexelDepth) && !(e.code == 2'd3 && cn_gap_q != '0) &&
                  !tx_gap;
  always_comb begin
    e_latch = !read_empty_i && e.tex_read && e.res_read && !e_have_q && !line_empty_i;
    e_fire = 1'b0;
    if (!read_empty_i && e_room) begin
      if (e.tex_read && e.res_read) e_fire = e_have_q && !line_empty_i;
      else if (e.tex_read || e.res_read) e_fire = !line_empty_i;
      else e_fire = 1'b1;
    end
    line_pop_o = e_latch || (e_fire && (e.tex_read || e.res_read));
    e_line = e_have_q ? e_tex_line_q : line_i;
    // A texel is an access aligned to its size (docs/semantics.md R6, R7; tsu_tex_tap's
    // a_texel_aligned), so it is picked from its line per byte, as a surface load's bytes are.
    e_texel = e.tex_read ? tsu_hw_pkg::access_from_line(e_line, e.off) : 128'd0;
    e_res_byte = line_i[{e.res_off, 3'd0} +: 8];
    e_nonres = e.res_read && e_res_byte[e.res_bit];
  end
  assign read_pop_o = e_fire;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e_have_q <= 1'b0;
      texel_used_q <= '0;
      cn_gap_q <= '0;
    end else begin
      if (e_fire && e.code == 2'd3) cn_gap_q <= $bits(cn_gap_q)'(CornerII - 1);
      else if (cn_gap_q != '0) cn_gap_q <= cn_gap_q - 1'b1;
      if (e_fire) e_have_q <= 1'b0;
      else if (e_latch) e_have_q <= 1'b1;
      // A corner's first two texels wait in the corner stage and leave no entry in Q6.
      texel_used_q <= texel_used_q + TxCntW'(e_fire) - TxCntW'(pop_i) - TxCntW'(cn_absorb);
    end
  end
  always_ff @(posedge clk_i) if (e_latch) e_tex_line_q <= line_i;
  if (TexelBeats > 1) begin : g_tx_gap
    logic [1:0] tx_gap_q;  // cycles before the next tap may enter the texel stage
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) tx_gap_q <= '0;
      else if (e_fire) tx_gap_q <= 2'(TexelBeats - 1);
      else if (tx_gap_q != '0) tx_gap_q <= tx_gap_q - 2'd1;
    end
    assign tx_gap = tx_gap_q != '0;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    c_texel_wait: cover property (@(posedge clk_i) !read_empty_i && tx_gap);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_no_tx_gap
    assign tx_gap = 1'b0;
  end

  // Residency and level traps accumulate over a request's taps.
  logic e_nonres_acc_q, e_bad_acc_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e_nonres_acc_q <= 1'b0;
      e_bad_acc_q <= 1'b0;
    end else if (e_fire) begin
      e_nonres_acc_q <= e.last ? 1'b0 : e_nonres_acc_q || e_nonres;
      e_bad_acc_q <= e.last ? 1'b0 : e_bad_acc_q || e.bad;
    end
  end

  // ---- The tap's value -----------------------------------------------------------------------------
  tsu_tex_pkg::texel_req_t x;
  logic                    nc_qp_empty, nc_qp_full;
  logic [CntW-1:0]         nc_qp_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(texel_req_i)), .Depth(MaxInflight)) u_qp (
    .clk_i, .rst_ni, .push_i, .data_i(texel_req_i), .pop_i(e_fire && e.last), .data_o(x),
    .empty_o(nc_qp_empty), .full_o(nc_qp_full), .count_o(nc_qp_count)
  );
  logic         tx_valid, tx_float;
  logic [127:0] tx_c;
  tsu_tex_texel #(
    .Beats(TexelBeats), .EnableCompare(EnableCompare), .EnableNorm(EnableNorm),
    .EnableHalf(EnableHalf), .EnableInt(EnableInt)
  ) u_texel (
    .clk_i, .rst_ni,
    .valid_i       (e_fire),
    .order_i       (x.chorder),
    .type_i        (x.chtype),
    .read_norm_i   (x.read_norm),
    .srgb_i        (x.srgb),
    .compare_i     (x.compare),
    .op_i          (x.compare_op),
    .ref_i         (x.ref_value),
    .border_color_i(x.border_color),
    .border_i      (e.border),
    .texel_i       (e_texel),
    .valid_o       (tx_valid),
    .float_o       (tx_float),
    .c_o           (tx_c)
  );
  tsu_tex_pkg::item_side_t e_side, tx_side;
  logic [1:0]              tx_code;
  logic                    nc_texel_side_valid;
  always_comb begin
    e_side.last = e.last;
    e_side.nonres = e_nonres_acc_q || e_nonres;
    e_side.bad = e_bad_acc_q || e.bad;
    e_side.w = e.w;
    e_side.ranks = e.ranks;
  end
  tsu_delay #(.Width(2 + $bits(e_side)), .Depth(TexelLat), .Ram(QueueRam)) u_texel_side (
    .clk_i, .rst_ni, .valid_i(e_fire), .data_i({e.code, e_side}),
    .valid_o(nc_texel_side_valid), .data_o({tx_code, tx_side})
  );

  // ---- Seamless corners: three texels, one tap -----------------------------------------------------
  logic               cn_short, cn_out_valid, q6_push;
  tsu_tex_pkg::item_t q6_in, cd;  // cd: beside the corner block
  logic [1:0]         nc_tx_code;
  if (EnableSeamless) begin : g_corner
    logic         cn_long, cn_mean_valid, cd_corner, cd_float;
    logic [$clog2(CornerLat + 2)-1:0] cn_count_q;
    logic [127:0] cn_a_q, cn_b_q, cn_mean;
    assign cn_absorb = tx_valid && (tx_code == 2'd1 || tx_code == 2'd2);
    assign cn_long = tx_valid && (tx_code == 2'd3 || (tx_code == 2'd0 && cn_count_q != '0));
    assign cn_short = tx_valid && tx_code == 2'd0 && cn_count_q == '0;
    always_ff @(posedge clk_i) begin
      if (tx_valid && tx_code == 2'd1) cn_a_q <= tx_c;
      if (tx_valid && tx_code == 2'd2) cn_b_q <= tx_c;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cn_count_q <= '0;
      else cn_count_q <= cn_count_q + $bits(cn_count_q)'(cn_long) - $bits(cn_count_q)'(cn_out_valid);
    end
    // Only corners enter the block (taps that follow one take the delay line alone), so its
    // interval is between corners.
    tsu_tex_corner #(.Lanes(CornerLanes), .SharedAdd(CornerSharedAdd)) u_corner (
      .clk_i, .rst_ni,
      .valid_i(cn_long && tx_code == 2'd3),
      .a_i    (cn_a_q),
      .b_i    (cn_b_q),
      .c_i    (tx_c),
      .valid_o(cn_mean_valid),
      .mean_o (cn_mean)
    );
    tsu_delay #(.Width(2 + $bits(cd)), .Depth(CornerLat), .Ram(QueueRam)) u_corner_side (
      .clk_i, .rst_ni, .valid_i(cn_long),
      .data_i({tx_code == 2'd3, tx_float, tx_code == 2'd3 ? cn_a_q : tx_c, tx_side}),
      .valid_o(cn_out_valid), .data_o({cd_corner, cd_float, cd})
    );
    always_comb begin
      if (cn_out_valid) begin
        q6_in = cd;
        if (cd_corner && cd_float) q6_in.c = cn_mean;
      end else begin
        q6_in.c = tx_c;
        q6_in.side = tx_side;
      end
    end
    assign nc_tx_code = '0;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    c_follows_corner: cover property (@(posedge clk_i) cn_long && tx_code == 2'd0);
    // A corner's third texel waits for the corner block: only where two corners' third texels
    // (three taps apart at least) can come closer than its interval.
    if (CornerII > 3 * TexelBeats) begin : g_corner_wait
      c_corner_wait: cover property (@(posedge clk_i) !read_empty_i && e.code == 2'd3 && cn_gap_q != '0);
    end
    always @(posedge clk_i) if (rst_ni)
      a_corner_aligned: assert (cn_mean_valid == (cn_out_valid && cd_corner));
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_no_corner
    assign cn_absorb = 1'b0;
    assign cn_short = tx_valid;
    assign cn_out_valid = 1'b0;
    assign cd = '0;
    assign q6_in.c = tx_c;
    assign q6_in.side = tx_side;
    assign nc_tx_code = tx_code;
  end
  assign q6_push = cn_short || cn_out_valid;
  logic                          nc_q6_full;
  logic [$clog2(TexelDepth + 1)-1:0] nc_q6_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(q6_in)), .Depth(TexelDepth)) u_q6 (
    .clk_i, .rst_ni, .push_i(q6_push), .data_i(q6_in), .pop_i,
    .data_o(item_o), .empty_o, .full_o(nc_q6_full), .count_o(nc_q6_count)
  );

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  c_nonresident: cover property (@(posedge clk_i) e_fire && e_nonres);
  always @(posedge clk_i) if (rst_ni) a_q6_one_push: assert (!(cn_short && cn_out_valid));
  always @(posedge clk_i) if (rst_ni && tx_valid)
    a_q6_room: assert (!(empty_o == 1'b0 && texel_used_q > TxCntW'(TexelDepth)));
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_qp_empty, nc_qp_full, nc_qp_count, nc_texel_side_valid, nc_q6_full,
                    nc_q6_count, e_tex_line_q, nc_tx_code, cd, tx_float, read_i.code};
endmodule
