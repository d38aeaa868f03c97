// tsu_tex_tap: the one-tap path's tap generator (tsu_tex_engine): one tap of a pass per cycle
// (1 nearest; 2, 4 or 8 linear), for every request that does not take the quad path. A tap's
// index per axis is the pass's first or second (by the tap's bit for that axis); it is a border
// tap if any axis says so. A seamless cube's tap off one edge reads the adjacent face's texel
// (tsu_tex_cube_adj); one off both edges (a corner) is three texels: its face's (clamped), then
// across x, then across y, each a tap of its own here (code 1-3) whose mean the return stage
// takes. Then the texel's address (tsu_addrgen) and, with a residency map, the residency byte's
// (tsu::ResidencyBit), into Q4 for the memory issue. Q4 is reserved before a tap enters.
module tsu_tex_tap #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned TapDepth = 8,
  parameter bit          QueueRam = 1'b1,
  // Cycles per tap through tsu_addrgen: 1 (three whole products), or 2..16 (its products over
  // AddrII cycles, a tap every AddrII cycles: for parts without multipliers; at the filter's one
  // lane a filtered tap takes four cycles anyway).
  parameter int unsigned AddrII = 1,
  // Feature knobs (docs/semantics.md H15): no reprojection or corner taps without seamless cubes,
  // no residency bit without residency maps.
  parameter bit          EnableSeamless = 1'b1,
  parameter bit          EnableResidency = 1'b1
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // The pass (tsu_tex_pass); pass_pop_o with its last tap.
  input  logic                     pass_valid_i,
  input  tsu_tex_pkg::pass_t       pass_i,
  input  tsu_tex_pkg::level_addr_t level_i,
  input  logic [AddrW-1:0]         level_base_i,
  input  tsu_tex_pkg::tap_req_t    tap_req_i,
  output logic                     pass_pop_o,
  output logic                     fire_o,       // a tap leaves (the first of its request's
                                                 // taps marks the request's path)
  // Q4: a tap with its texel and residency addresses.
  input  logic                     pop_i,
  output logic                     empty_o,
  output tsu_tex_pkg::tap_t        tap_o,
  output logic [AddrW-1:0]         addr_o,
  output logic [AddrW-1:0]         res_addr_o
);
  /* verilator lint_off UNUSEDPARAM */
  // Idle, from a pass at the input to its first tap at Q4's head.
  localparam int unsigned Latency /*verilator public*/ = tsu_hw_pkg::tex_tap_latency(AddrII);
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned AgLat = tsu_hw_pkg::addrgen_latency(1'b1, 1'b1, 1'b1, AddrII);
  localparam int unsigned LayerW = tsu_tex_pkg::LayerW;
  localparam int unsigned AgCntW = $clog2(TapDepth + AgLat + 2);

  tsu_tex_pkg::pass_t t;
  assign t = pass_i;
  logic [2:0]  t_k_q;    // tap index within the pass
  logic [1:0]  t_sub_q;  // a corner tap's texel: 0 its face's, 1 across x, 2 across y
  logic        t_ox, t_hx, t_oy, t_hy, t_seam, t_corner, t_use_adj, t_sub_last;
  logic [1:0]  t_edge, t_code;
  logic [15:0] t_k, t_xf, t_yf, a_i, a_j;
  logic [2:0]  a_face;
  logic [LayerW-1:0] t_layer_f;
  logic [2:0]  t_ntaps_m1, t_sel;
  logic        t_fire, t_last_tap, t_border, t_bad, t_res_read;
  logic [15:0] t_x, t_y, t_z;
  logic [19:0] t_xbyte;
  logic [63:0] t_bit;
  logic [AddrW-1:0] t_res_addr;
  logic [AgCntW-1:0] tap_used_q;  // taps in the address generator or in Q4
  always_comb begin
    t_ntaps_m1 = t.linear ? (t.axes == 2'd1 ? 3'd1 : t.axes == 2'd2 ? 3'd3 : 3'd7) : 3'd0;
    t_sel = t.linear ? t_k_q : 3'd0;
    t_x = t_sel[0] ? t.idx1[15:0] : t.idx0[15:0];
    t_y = t_sel[1] ? t.idx1[31:16] : t.idx0[31:16];
    t_z = t_sel[2] ? t.idx1[47:32] : t.idx0[47:32];
    t_border = 1'b0;
    for (int a = 0; a < 3; a++) begin
      if (32'(a) < 32'(t.axes)) t_border = t_border || (t_sel[a] ? t.border1[a] : t.border0[a]);
    end
    // Seamless cube: a tap off one edge reads the adjacent face; off both (a corner), three
    // texels: its face's (clamped), then across x, then across y.
    t_ox = t_sel[0] ? t.out1[0] : t.out0[0];
    t_hx = t_sel[0] ? t.hi1[0] : t.hi0[0];
    t_oy = t_sel[1] ? t.out1[1] : t.out0[1];
    t_hy = t_sel[1] ? t.hi1[1] : t.hi0[1];
    t_seam = EnableSeamless && t.seamless && (t_ox || t_oy);
    t_corner = EnableSeamless && t.seamless && t_ox && t_oy;
    t_sub_last = !t_corner || t_sub_q == 2'd2;
    t_use_adj = t_seam && !(t_corner && t_sub_q == 2'd0);
    // The edge crossed: x (i = -1 or N) unless only y is off, or the corner's third texel.
    if (t_ox && !(t_corner && t_sub_q == 2'd2)) begin
      t_edge = {1'b0, t_hx};
      t_k = t_y;
    end else begin
      t_edge = {1'b1, t_hy};
      t_k = t_x;
    end
    t_code = !t_corner ? 2'd0 : t_sub_q == 2'd0 ? 2'd1 : t_sub_q == 2'd1 ? 2'd2 : 2'd3;
  end
  logic nc_adj_valid;
  if (EnableSeamless) begin : g_adj
    tsu_tex_cube_adj #(.RegOut(1'b0)) u_adj (
      .clk_i, .rst_ni,
      .valid_i(t_fire && t_use_adj),
      .face_i (t.face),
      .edge_i (t_edge),
      .k_i    (t_k),
      .n_i    (t.n),
      .valid_o(nc_adj_valid),
      .face_o (a_face),
      .i_o    (a_i),
      .j_o    (a_j)
    );
  end else begin : g_no_adj
    assign nc_adj_valid = 1'b0;
    assign a_face = '0;
    assign a_i = '0;
    assign a_j = '0;
    logic unused_adj;
    assign unused_adj = ^{t_edge, t_k, t.n};
  end
  tsu_tex_pkg::tap_t tok;
  always_comb begin
    t_xf = t_use_adj ? a_i : t_x;
    t_yf = t_use_adj ? a_j : t_y;
    t_layer_f = t_use_adj ? t.layer - LayerW'(t.face) + LayerW'(a_face) : t.layer;
    t_bad = !level_i.ok;
    t_res_read = EnableResidency && tap_req_i.residency_map != 64'd0 && !t_border && !t_bad;
    t_xbyte = 20'((({4'd0, t_xf} << tap_req_i.samples_log2) | 20'(tap_req_i.sample))
                  << tap_req_i.texel_log2);
    // The residency bit (tsu::ResidencyBit).
    t_bit = ((((64'(t_layer_f) << tap_req_i.res_bits_level) | 64'(level_i.level)) <<
              tap_req_i.res_shift_level) |
             (64'(16'(t_z >> tap_req_i.tile_z_log2)) << tap_req_i.res_shift_z) |
             (64'(16'(t_yf >> tap_req_i.tile_y_log2)) << tap_req_i.res_shift_y) |
             64'(16'(t_xf >> tap_req_i.tile_x_log2)));
    t_res_addr = tap_req_i.residency_map[AddrW-1:0] + AddrW'(t_bit >> 3);
    if (!EnableResidency) begin
      t_bit = '0;
      t_res_addr = '0;
    end
    t_last_tap = t_k_q == t_ntaps_m1 && t_sub_last;
    tok.border = t_border;
    tok.bad = t_bad;
    tok.res_read = t_res_read;
    tok.res_bit = t_bit[2:0];
    tok.w = {t.two ? t.frac : 8'd0, t.linear ? t.wt : 24'd0};
    tok.ranks = {t.two, t.linear ? t_ntaps_m1 : 3'd0};
    tok.last = t_last_tap && t.last_pass;
    tok.code = t_code;
  end
  // At AddrII > 1 the address generator takes a tap every AddrII cycles.
  logic ag_busy;
  if (AddrII > 1) begin : g_ag_interval
    logic [$clog2(AddrII)-1:0] ag_wait_q;  // cycles until the address generator takes a tap
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) ag_wait_q <= '0;
      else if (t_fire) ag_wait_q <= $clog2(AddrII)'(AddrII - 1);
      else if (ag_wait_q != '0) ag_wait_q <= ag_wait_q - $clog2(AddrII)'(1);
    end
    assign ag_busy = ag_wait_q != '0;
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    c_ag_interval: cover property (@(posedge clk_i) pass_valid_i && !tap_req_i.quad && ag_busy);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end else begin : g_ag_every_cycle
    assign ag_busy = 1'b0;
  end
  assign t_fire = pass_valid_i && !tap_req_i.quad && tap_used_q < AgCntW'(TapDepth) && !ag_busy;
  assign fire_o = t_fire;
  assign pass_pop_o = t_fire && t_last_tap;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      t_k_q <= 3'd0;
      t_sub_q <= 2'd0;
      tap_used_q <= '0;
    end else begin
      if (t_fire) begin
        t_sub_q <= t_sub_last ? 2'd0 : t_sub_q + 2'd1;
        if (t_sub_last) t_k_q <= t_last_tap ? 3'd0 : t_k_q + 3'd1;
      end
      tap_used_q <= tap_used_q + AgCntW'(t_fire) - AgCntW'(pop_i);
    end
  end
  logic             ag_valid;
  logic [AddrW-1:0] ag_addr;
  tsu_addrgen #(.AddrW(AddrW), .LayerW(LayerW), .II(AddrII)) u_ag (
    .clk_i, .rst_ni,
    .valid_i            (t_fire),
    .x_byte_i           (t_xbyte),
    .y_i                (t_yf),
    .z_i                (t_z[11:0]),
    .layer_i            (t_layer_f),
    .layout_i           (tap_req_i.layout),
    .base_i             (level_base_i),
    .pitch_i            (level_i.pitch),
    .slice_bytes_i      (AddrW'(level_i.slice_bytes)),
    .layer_stride_i     (tap_req_i.layer_stride[AddrW-1:0]),
    .row_of_blocks_i    (AddrW'(level_i.row_of_blocks)),
    .block_height_log2_i(level_i.block_height_log2),
    .block_depth_log2_i (level_i.block_depth_log2),
    .valid_o            (ag_valid),
    .addr_o             (ag_addr)
  );
  tsu_tex_pkg::tap_t tok_d;
  logic [AddrW-1:0]  res_addr_d;
  logic              nc_tok_valid;
  tsu_delay #(.Width(AddrW + $bits(tok)), .Depth(AgLat), .Ram(QueueRam)) u_tok (
    .clk_i, .rst_ni, .valid_i(t_fire), .data_i({t_res_addr, tok}),
    .valid_o(nc_tok_valid), .data_o({res_addr_d, tok_d})
  );
  logic nc_q4_full;
  logic [$clog2(TapDepth + 1)-1:0] nc_q4_count;
  tsu_fifo #(.Ram(QueueRam), .Width(2 * AddrW + $bits(tok)), .Depth(TapDepth)) u_q4 (
    .clk_i, .rst_ni, .push_i(ag_valid), .data_i({res_addr_d, ag_addr, tok_d}),
    .pop_i, .data_o({res_addr_o, addr_o, tap_o}), .empty_o, .full_o(nc_q4_full),
    .count_o(nc_q4_count)
  );

`ifndef SYNTHESIS
  // The return stage picks a texel out of its line by tsu_hw_pkg::access_from_line, which reads a
  // texel's bytes at an offset that is a multiple of the texel's size: bases, pitches and strides
  // are multiples of 16 (docs/semantics.md R6, R7), so every texel address is. The request's
  // texel size rides beside the address generator to check it.
  logic [2:0] chk_texel_log2;
  logic       chk_valid;
  tsu_delay #(.Width(3), .Depth(AgLat)) u_chk_texel_log2 (
    .clk_i, .rst_ni, .valid_i(t_fire), .data_i(tap_req_i.texel_log2),
    .valid_o(chk_valid), .data_o(chk_texel_log2)
  );
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni) a_texel_check_in_step: assert (chk_valid == ag_valid);
  always @(posedge clk_i) if (rst_ni && ag_valid && !tok_d.border && !tok_d.bad)
    a_texel_aligned: assert ((ag_addr[3:0] & 4'((5'd1 << chk_texel_log2) - 5'd1)) == 4'd0);
  c_border_tap: cover property (@(posedge clk_i) t_fire && t_border);
  c_res_read: cover property (@(posedge clk_i) t_fire && t_res_read);
  c_taps_full: cover property (@(posedge clk_i) pass_valid_i && tap_used_q == AgCntW'(TapDepth));
  c_seamless_edge: cover property (@(posedge clk_i) t_fire && t_seam && !t_corner);
  c_seamless_corner: cover property (@(posedge clk_i) t_fire && t_corner && t_sub_q == 2'd2);
  c_clamped_cube_tap: cover property (@(posedge clk_i) t_fire && !t.seamless && t_sel[0] && t.out1[0]);
  /* verilator lint_on SYNCASYNCNET */
`endif

  logic unused;
  assign unused = ^{nc_adj_valid, nc_tok_valid, nc_q4_full, nc_q4_count, t_bit, t.hi0, t.hi1,
                    tap_req_i, level_i, t_z[15:12]};
endmodule
