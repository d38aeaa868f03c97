// tsu_tex_cube_path: a request's coordinates on their way to the pass generator (tsu_tex_engine).
// A cube request's direction passes through face selection (tsu_tex_cube, CubeLat cycles) and
// leaves as its face's (s, t), its layer as layer x 6 + face. A request takes this long path when
// it is a cube request or one is still inside; a request behind a cube one follows through a
// delay line of the same length, so coordinates stay in order. Otherwise its coordinates enter
// QU at once: the two paths never push in the same cycle (the short one needs the long one empty).
// QU is popped by the pass generator, one entry per request. Face selection's early outputs (the
// face, sc, tc, |ma|: AxisLatency after acceptance) go to the cube gradients (tsu_tex_lod_path).
// Only cube requests enter face selection; at CubeBeats 2 (s, then t through one divider, adder
// and multiplier) the entry takes no request in the cycle after a cube request (hold_o).
module tsu_tex_cube_path #(
  parameter int unsigned MaxInflight = 64,
  parameter bit          QueueRam = 1'b1,
  parameter int unsigned CubeBeats = 1,     // tsu_tex_cube's II: 1 or 2
  parameter bit          EnableCube = 1'b1  // 0: no face selection (no cube request comes)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                accept_i,
  input  logic                cube_i,
  input  logic [95:0]         dir_i,
  input  tsu_tex_pkg::coord_t coord_i,
  output logic                hold_o,   // the entry takes no request this cycle
  // QU: the coordinates, read by the pass generator.
  input  logic                pop_i,
  output logic                empty_o,
  output tsu_tex_pkg::coord_t coord_o,
  // Face selection's early outputs.
  output logic                axis_valid_o,
  output logic [2:0]          axis_face_o,
  output logic [31:0]         axis_sc_o,
  output logic [31:0]         axis_tc_o,
  output logic [31:0]         axis_ma_o
);
  // tsu_tex_cube at its defaults (RegIn, a register every 2 quotient bits).
  localparam int unsigned CubeLat = tsu_hw_pkg::tex_cube_latency(1'b1, 2, CubeBeats);
  localparam int unsigned LayerW = tsu_tex_pkg::LayerW;

  logic                qu_push;
  tsu_tex_pkg::coord_t qu_in;
  tsu_tex_pkg::coord_t kd_coord;  // beside face selection (yosys 0.23 reads no struct member of
                                  // a signal declared in a generate block)
  if (EnableCube) begin : g_cube
    logic                           k_long, k_valid, k_side_valid, kd_cube;
    logic [$clog2(CubeLat + 2)-1:0] k_count_q;
    logic [2:0]                     k_face;
    logic [31:0]                    k_s, k_t;
    assign k_long = cube_i || k_count_q != '0;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) k_count_q <= '0;
      else k_count_q <= k_count_q + $bits(k_count_q)'(accept_i && k_long) - $bits(k_count_q)'(k_side_valid);
    end
    tsu_tex_cube #(.Beats(CubeBeats)) u_cube (
      .clk_i, .rst_ni,
      .valid_i     (accept_i && cube_i),
      .x_i         (dir_i[31:0]),
      .y_i         (dir_i[63:32]),
      .z_i         (dir_i[95:64]),
      .valid_o     (k_valid),
      .face_o      (k_face),
      .s_o         (k_s),
      .t_o         (k_t),
      .axis_valid_o,
      .axis_face_o,
      .axis_sc_o,
      .axis_tc_o,
      .axis_ma_o
    );
    tsu_delay #(.Width(1 + $bits(coord_i)), .Depth(CubeLat), .Ram(QueueRam)) u_cube_side (
      .clk_i, .rst_ni, .valid_i(accept_i && k_long), .data_i({cube_i, coord_i}),
      .valid_o(k_side_valid), .data_o({kd_cube, kd_coord})
    );
    logic [LayerW-1:0] k_layer6;
    assign k_layer6 = (kd_coord.layer << 2) + (kd_coord.layer << 1) + LayerW'(k_face);
    always_comb begin
      qu_in = coord_i;
      if (k_side_valid) begin
        qu_in = kd_coord;
        if (kd_cube) begin
          qu_in.face = k_face;
          qu_in.layer = k_layer6;
          qu_in.u = {32'd0, k_t, k_s};
        end
      end
    end
    assign qu_push = k_side_valid || (accept_i && !k_long);
    if (CubeBeats > 1) begin : g_gap
      logic gap_q;  // a cube request last cycle: face selection takes none this cycle
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) gap_q <= 1'b0;
        else gap_q <= accept_i && cube_i;
      end
      assign hold_o = gap_q;
    end else begin : g_no_gap
      assign hold_o = 1'b0;
    end
`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    // Face selection and its side delay line stay aligned; the short path never pushes in the
    // same cycle as the long one.
    always @(posedge clk_i) if (rst_ni)
      a_cube_aligned: assert (k_valid == (k_side_valid && kd_cube));
    always @(posedge clk_i) if (rst_ni)
      a_qu_one_push: assert (!(k_side_valid && accept_i && !k_long));
    c_cube: cover property (@(posedge clk_i) accept_i && cube_i);
    c_follows_cube: cover property (@(posedge clk_i) accept_i && !cube_i && k_long);
    c_cube_array: cover property (@(posedge clk_i) k_side_valid && kd_cube && kd_coord.layer != '0);
    /* verilator lint_on SYNCASYNCNET */
`endif
    logic unused_cube;
    assign unused_cube = ^{k_valid, kd_coord.face};
  end else begin : g_no_cube
    assign qu_in = coord_i;
    assign qu_push = accept_i;
    assign hold_o = 1'b0;
    assign axis_valid_o = 1'b0;
    assign axis_face_o = '0;
    assign axis_sc_o = '0;
    assign axis_tc_o = '0;
    assign axis_ma_o = '0;
    assign kd_coord = '0;
    logic unused_cube;
    assign unused_cube = ^{cube_i, dir_i, kd_coord};
  end
  logic                           nc_full;
  logic [$clog2(MaxInflight + 1)-1:0] nc_count;
  tsu_fifo #(.Ram(QueueRam), .Width($bits(qu_in)), .Depth(MaxInflight)) u_qu (
    .clk_i, .rst_ni, .push_i(qu_push), .data_i(qu_in), .pop_i,
    .data_o(coord_o), .empty_o, .full_o(nc_full), .count_o(nc_count)
  );

  logic unused;
  assign unused = ^{nc_full, nc_count};
endmodule
