// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_pass with its records as named
// ports, so that tb/rtl/tex_pass_test.cc drives and reads every field by name. The texture fields
// of the request's pass record come from its texture header (tsu_pkg::tex_desc_t, the bytes the
// model encodes), as tsu_tex_setup copies them; the tap fields (tap_req_t) pass through the stage
// untouched, so they travel as one vector. Parameters exported to C++.
module tsu_tex_pass_bench #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned MaxInflight = 16,
  parameter int unsigned AxisBeats = 1
) (
  input  logic                                     clk_i,
  input  logic                                     rst_ni,
  // Per request, at acceptance.
  input  logic                                     accept_i,
  input  tsu_pkg::tex_desc_t                       tex_i,
  input  logic [2:0]                               texel_log2_i,
  input  logic                                     s32path_i,
  input  logic                                     cube_i,
  input  logic [11:0]                              offset_i,
  input  logic                                     normalized_i,
  input  logic                                     seamless_i,
  input  logic [5:0]                               modes_i,  // axis a's mode in [2a +: 2]
  input  logic [1:0]                               axes_i,
  input  logic [$bits(tsu_tex_pkg::tap_req_t)-1:0] tap_req_i,
  // QU: the request's coordinates.
  input  logic                                     coord_empty_i,
  input  logic [2:0]                               coord_face_i,
  input  logic [tsu_tex_pkg::LayerW-1:0]           coord_layer_i,
  input  logic [95:0]                              coord_u_i,
  output logic                                     coord_pop_o,
  // Q2 and QL: the request's levels and the level records.
  input  logic                                     levels_empty_i,
  input  logic [4:0]                               levels_hi_i,
  input  logic [4:0]                               levels_lo_i,
  input  logic                                     levels_two_i,
  input  logic                                     levels_linear_i,
  input  logic [7:0]                               levels_frac_i,
  output logic                                     levels_pop_o,
  input  logic                                     rec_empty_i,
  input  logic [127:0]                             rec_i,
  output logic                                     rec_pop_o,
  // A pass, its level and its request's tap fields.
  output logic                                     valid_o,
  input  logic                                     pop_i,
  output logic [47:0]                              idx1_o,
  output logic [47:0]                              idx0_o,
  output logic [2:0]                               border1_o,
  output logic [2:0]                               border0_o,
  output logic [23:0]                              wt_o,
  output logic                                     linear_o,
  output logic [1:0]                               axes_o,
  output logic                                     two_o,
  output logic                                     last_pass_o,
  output logic [7:0]                               frac_o,
  output logic                                     seamless_o,
  output logic [1:0]                               out1_o,
  output logic [1:0]                               hi1_o,
  output logic [1:0]                               out0_o,
  output logic [1:0]                               hi0_o,
  output logic [2:0]                               face_o,
  output logic [tsu_tex_pkg::LayerW-1:0]           layer_o,
  output logic [16:0]                              n_o,
  output logic                                     lv_ok_o,
  output logic [4:0]                               lv_level_o,
  output logic [31:0]                              lv_pitch_o,
  output logic [31:0]                              lv_row_of_blocks_o,
  output logic [43:0]                              lv_slice_bytes_o,
  output logic [2:0]                               lv_block_height_log2_o,
  output logic [2:0]                               lv_block_depth_log2_o,
  output logic [AddrW-1:0]                         lv_base_o,
  output logic [$bits(tsu_tex_pkg::tap_req_t)-1:0] tap_req_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchMaxInflight /*verilator public*/ = MaxInflight;
  localparam int unsigned BenchAxisBeats /*verilator public*/ = AxisBeats;
  localparam int unsigned BenchAddrW /*verilator public*/ = AddrW;
  localparam int unsigned BenchLayerW /*verilator public*/ = tsu_tex_pkg::LayerW;
  localparam int unsigned BenchTapReqBits /*verilator public*/ = $bits(tsu_tex_pkg::tap_req_t);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::pass_req_t    pass_req;
  tsu_tex_pkg::tap_req_t     tap_req_in, tap_req_out;
  tsu_tex_pkg::coord_t       coord;
  tsu_tex_pkg::levels_t      levels;
  tsu_tex_pkg::pass_t        pass;
  tsu_tex_pkg::level_addr_t  level;
  always_comb begin
    pass_req.width = tex_i.width;
    pass_req.height = tex_i.height;
    pass_req.depth = tex_i.depth;
    pass_req.texel_log2 = texel_log2_i;
    pass_req.s32path = s32path_i;
    pass_req.cube = cube_i;
    pass_req.layout = tex_i.layout;
    pass_req.block_height_log2 = tex_i.block_height_log2;
    pass_req.block_depth_log2 = tex_i.block_depth_log2;
    pass_req.base = tex_i.base;
    pass_req.samples_log2 = tex_i.samples_log2;
    pass_req.offset = offset_i;
    pass_req.normalized = normalized_i;
    pass_req.seamless = seamless_i;
    pass_req.mode_u = modes_i[1:0];
    pass_req.mode_v = modes_i[3:2];
    pass_req.mode_w = modes_i[5:4];
    pass_req.axes = axes_i;
    tap_req_in = tap_req_i;
    coord.face = coord_face_i;
    coord.layer = coord_layer_i;
    coord.u = coord_u_i;
    levels.hi = levels_hi_i;
    levels.lo = levels_lo_i;
    levels.two = levels_two_i;
    levels.linear = levels_linear_i;
    levels.frac = levels_frac_i;
  end
  assign idx1_o = pass.idx1;
  assign idx0_o = pass.idx0;
  assign border1_o = pass.border1;
  assign border0_o = pass.border0;
  assign wt_o = pass.wt;
  assign linear_o = pass.linear;
  assign axes_o = pass.axes;
  assign two_o = pass.two;
  assign last_pass_o = pass.last_pass;
  assign frac_o = pass.frac;
  assign seamless_o = pass.seamless;
  assign out1_o = pass.out1;
  assign hi1_o = pass.hi1;
  assign out0_o = pass.out0;
  assign hi0_o = pass.hi0;
  assign face_o = pass.face;
  assign layer_o = pass.layer;
  assign n_o = pass.n;
  assign lv_ok_o = level.ok;
  assign lv_level_o = level.level;
  assign lv_pitch_o = level.pitch;
  assign lv_row_of_blocks_o = level.row_of_blocks;
  assign lv_slice_bytes_o = level.slice_bytes;
  assign lv_block_height_log2_o = level.block_height_log2;
  assign lv_block_depth_log2_o = level.block_depth_log2;
  assign tap_req_o = tap_req_out;

  tsu_tex_pass #(.AddrW(AddrW), .MaxInflight(MaxInflight), .QueueRam(1'b1), .AxisBeats(AxisBeats)) u_pass (
    .clk_i, .rst_ni, .accept_i, .pass_req_i(pass_req), .tap_req_i(tap_req_in),
    .coord_empty_i, .coord_i(coord), .coord_pop_o, .levels_empty_i, .levels_i(levels), .levels_pop_o,
    .rec_empty_i, .rec_i, .rec_pop_o, .valid_o, .pop_i, .pass_o(pass), .level_o(level),
    .level_base_o(lv_base_o), .tap_req_o(tap_req_out)
  );

  // The header's other fields are the setup stage's, not the pass generator's.
  logic unused_tex;
  assign unused_tex = ^tex_i;
endmodule
