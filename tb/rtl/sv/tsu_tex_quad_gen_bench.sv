// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_quad_gen with its records
// (tsu_tex_pkg::pass_t, level_addr_t, tap_req_t in; slice_t out) as named ports, so that
// tb/rtl/tex_quad_gen_test.cc drives and reads every field by name; parameters exported to C++.
module tsu_tex_quad_gen_bench #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned LineBytes = 16,
  parameter bit          EnableSeamless = 1'b1
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  input  logic                           pass_valid_i,
  // pass_t
  input  logic [47:0]                    idx1_i,
  input  logic [47:0]                    idx0_i,
  input  logic [2:0]                     border1_i,
  input  logic [2:0]                     border0_i,
  input  logic [23:0]                    wt_i,
  input  logic                           linear_i,
  input  logic [1:0]                     axes_i,
  input  logic                           two_i,
  input  logic                           last_pass_i,
  input  logic [7:0]                     frac_i,
  input  logic                           seamless_i,
  input  logic [1:0]                     out1_i,
  input  logic [1:0]                     hi1_i,
  input  logic [1:0]                     out0_i,
  input  logic [1:0]                     hi0_i,
  input  logic [2:0]                     face_i,
  input  logic [tsu_tex_pkg::LayerW-1:0] layer_i,
  input  logic [16:0]                    n_i,
  // level_addr_t and the level's base
  input  logic                           lv_ok_i,
  input  logic [4:0]                     lv_level_i,
  input  logic [31:0]                    lv_pitch_i,
  input  logic [31:0]                    lv_row_of_blocks_i,
  input  logic [43:0]                    lv_slice_bytes_i,
  input  logic [2:0]                     lv_block_height_log2_i,
  input  logic [2:0]                     lv_block_depth_log2_i,
  input  logic [AddrW-1:0]               lv_base_i,
  // tap_req_t
  input  logic                           quad_i,
  input  logic                           layout_i,
  input  logic [2:0]                     sample_i,
  input  logic [1:0]                     samples_log2_i,
  input  logic [2:0]                     texel_log2_i,
  input  logic [63:0]                    layer_stride_i,
  input  logic [63:0]                    residency_map_i,
  input  logic [3:0]                     tile_z_log2_i,
  input  logic [3:0]                     tile_y_log2_i,
  input  logic [3:0]                     tile_x_log2_i,
  input  logic [4:0]                     res_shift_y_i,
  input  logic [5:0]                     res_shift_z_i,
  input  logic [5:0]                     res_shift_level_i,
  input  logic [4:0]                     res_bits_level_i,
  output logic                           pass_pop_o,
  output logic                           fire_o,
  input  logic                           pop_i,
  output logic                           empty_o,
  // slice_t and its lanes' addresses
  output logic [3:0]                     corner_o,
  output logic [3:0]                     active_o,
  output logic [3:0]                     border_o,
  output logic                           bad_o,
  output logic [7:0]                     banks_o,
  output logic [31:0]                    w_o,
  output logic [3:0]                     ranks_o,
  output logic                           last_o,
  output logic [AddrW-1:0]               addr0_o,
  output logic [AddrW-1:0]               addr1_o,
  output logic [AddrW-1:0]               addr2_o,
  output logic [AddrW-1:0]               addr3_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchAddrW /*verilator public*/ = AddrW;
  localparam int unsigned BenchEnableSeamless /*verilator public*/ = 32'(EnableSeamless);
  localparam int unsigned BenchLineBytes /*verilator public*/ = LineBytes;
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::pass_t       pass;
  tsu_tex_pkg::level_addr_t level;
  tsu_tex_pkg::tap_req_t    tap_req;
  tsu_tex_pkg::slice_t      slice;
  logic [4*AddrW-1:0]       addr;
  always_comb begin
    pass.idx1 = idx1_i;
    pass.idx0 = idx0_i;
    pass.border1 = border1_i;
    pass.border0 = border0_i;
    pass.wt = wt_i;
    pass.linear = linear_i;
    pass.axes = axes_i;
    pass.two = two_i;
    pass.last_pass = last_pass_i;
    pass.frac = frac_i;
    pass.seamless = seamless_i;
    pass.out1 = out1_i;
    pass.hi1 = hi1_i;
    pass.out0 = out0_i;
    pass.hi0 = hi0_i;
    pass.face = face_i;
    pass.layer = layer_i;
    pass.n = n_i;
    level.ok = lv_ok_i;
    level.level = lv_level_i;
    level.pitch = lv_pitch_i;
    level.row_of_blocks = lv_row_of_blocks_i;
    level.slice_bytes = lv_slice_bytes_i;
    level.block_height_log2 = lv_block_height_log2_i;
    level.block_depth_log2 = lv_block_depth_log2_i;
    tap_req.quad = quad_i;
    tap_req.layout = layout_i;
    tap_req.sample = sample_i;
    tap_req.samples_log2 = samples_log2_i;
    tap_req.texel_log2 = texel_log2_i;
    tap_req.layer_stride = layer_stride_i;
    tap_req.residency_map = residency_map_i;
    tap_req.tile_z_log2 = tile_z_log2_i;
    tap_req.tile_y_log2 = tile_y_log2_i;
    tap_req.tile_x_log2 = tile_x_log2_i;
    tap_req.res_shift_y = res_shift_y_i;
    tap_req.res_shift_z = res_shift_z_i;
    tap_req.res_shift_level = res_shift_level_i;
    tap_req.res_bits_level = res_bits_level_i;
  end
  assign corner_o = slice.corner;
  assign active_o = slice.active;
  assign border_o = slice.border;
  assign bad_o = slice.bad;
  assign banks_o = slice.banks;
  assign w_o = slice.w;
  assign ranks_o = slice.ranks;
  assign last_o = slice.last;
  assign addr0_o = addr[0 +: AddrW];
  assign addr1_o = addr[AddrW +: AddrW];
  assign addr2_o = addr[2*AddrW +: AddrW];
  assign addr3_o = addr[3*AddrW +: AddrW];

  tsu_tex_quad_gen #(.AddrW(AddrW), .LineBytes(LineBytes), .QueueRam(1'b1),
                     .EnableSeamless(EnableSeamless)) u_quad_gen (
    .clk_i, .rst_ni, .pass_valid_i, .pass_i(pass), .level_i(level), .level_base_i(lv_base_i),
    .tap_req_i(tap_req), .pass_pop_o, .fire_o, .pop_i, .empty_o, .slice_o(slice), .addr_o(addr)
  );
endmodule
