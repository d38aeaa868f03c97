// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_setup with every field of the
// records it fills (tsu_tex_pkg) as a named port, so that tb/rtl/tex_setup_test.cc reads each by
// name; the descriptor slots go in as descriptor images (tsu_pkg::tex_desc_t and smp_desc_t are
// their layouts). The knobs are exported to C++.
module tsu_tex_setup_bench #(
  parameter int unsigned MaxInflight = 16,
  parameter bit          Quad = 1'b0,
  parameter bit          EnableGrad = 1'b1,
  parameter bit          EnableCube = 1'b1,
  parameter bit          EnableSeamless = 1'b1,
  parameter bit          EnableCompare = 1'b1,
  parameter bit          EnableMultisample = 1'b1,
  parameter bit          EnableResidency = 1'b1
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            req_valid_i,
  output logic                            req_ready_o,
  input  logic                            hold_i,
  input  logic                            rsp_pop_i,
  output logic                            accept_o,
  input  logic [3:0]                      geom_i,
  input  logic [1:0]                      mode_i,
  input  logic                            s32_i,
  input  logic [3:0]                      dtype_i,
  input  logic                            compare_i,
  input  logic [127:0]                    coords_i,
  input  logic [31:0]                     lod_i,
  input  logic [95:0]                     dpdx_i,
  input  logic [95:0]                     dpdy_i,
  input  logic [11:0]                     offset_i,
  input  logic [31:0]                     ref_i,
  input  tsu_pkg::tex_desc_t              tex_i,
  input  tsu_pkg::smp_desc_t              smp_i,
  output logic                            cube_o,
  output logic                            grad_o,
  output logic                            quad_o,
  output logic [95:0]                     dir_o,
  output logic [2:0]                      coord_face_o,
  output logic [tsu_tex_pkg::LayerW-1:0]  coord_layer_o,
  output logic [95:0]                     coord_u_o,
  output logic [31:0]                     pass_width_o,
  output logic [31:0]                     pass_height_o,
  output logic [31:0]                     pass_depth_o,
  output logic [2:0]                      pass_texel_log2_o,
  output logic                            pass_s32path_o,
  output logic                            pass_cube_o,
  output logic                            pass_layout_o,
  output logic [2:0]                      pass_block_height_log2_o,
  output logic [2:0]                      pass_block_depth_log2_o,
  output logic [63:0]                     pass_base_o,
  output logic [1:0]                      pass_samples_log2_o,
  output logic [11:0]                     pass_offset_o,
  output logic                            pass_normalized_o,
  output logic                            pass_seamless_o,
  output logic [1:0]                      pass_mode_w_o,
  output logic [1:0]                      pass_mode_v_o,
  output logic [1:0]                      pass_mode_u_o,
  output logic [1:0]                      pass_axes_o,
  output logic                            tap_quad_o,
  output logic                            tap_layout_o,
  output logic [2:0]                      tap_sample_o,
  output logic [1:0]                      tap_samples_log2_o,
  output logic [2:0]                      tap_texel_log2_o,
  output logic [63:0]                     tap_layer_stride_o,
  output logic [63:0]                     tap_residency_map_o,
  output logic [3:0]                      tap_tile_z_log2_o,
  output logic [3:0]                      tap_tile_y_log2_o,
  output logic [3:0]                      tap_tile_x_log2_o,
  output logic [4:0]                      tap_res_shift_y_o,
  output logic [5:0]                      tap_res_shift_z_o,
  output logic [5:0]                      tap_res_shift_level_o,
  output logic [4:0]                      tap_res_bits_level_o,
  output logic [4:0]                      texel_chorder_o,
  output logic [4:0]                      texel_chtype_o,
  output logic                            texel_read_norm_o,
  output logic                            texel_srgb_o,
  output logic                            texel_compare_o,
  output logic [2:0]                      texel_compare_op_o,
  output logic [31:0]                     texel_ref_value_o,
  output logic [127:0]                    texel_border_color_o,
  output logic [3:0]                      out_dtype_o,
  output logic                            out_float_res_o,
  output logic                            out_sint_o,
  output logic [1:0]                      lod_mode_o,
  output logic [31:0]                     lod_lod_o,
  output logic [15:0]                     lod_bias_o,
  output logic [15:0]                     lod_min_lod_o,
  output logic [15:0]                     lod_max_lod_o,
  output logic [1:0]                      lod_mip_o,
  output logic [4:0]                      lod_levels_o,
  output logic [63:0]                     lod_level_table_o,
  output logic                            lod_s32path_o,
  output logic                            lod_grad_level_o,
  output logic                            lod_float_res_o,
  output logic                            lod_lin_min_o,
  output logic                            lod_lin_mag_o,
  output logic [4:0]                      lod_level_s32_o,
  output logic [95:0]                     grad_dpdx_o,
  output logic [95:0]                     grad_dpdy_o,
  output logic [1:0]                      grad_axes_o,
  output logic                            grad_scale_o,
  output logic [16:0]                     grad_width_o,
  output logic [16:0]                     grad_height_o,
  output logic [16:0]                     grad_depth_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchMaxInflight /*verilator public*/ = MaxInflight;
  localparam int unsigned BenchQuad /*verilator public*/ = 32'(Quad);
  localparam int unsigned BenchEnableGrad /*verilator public*/ = 32'(EnableGrad);
  localparam int unsigned BenchEnableCube /*verilator public*/ = 32'(EnableCube);
  localparam int unsigned BenchEnableSeamless /*verilator public*/ = 32'(EnableSeamless);
  localparam int unsigned BenchEnableCompare /*verilator public*/ = 32'(EnableCompare);
  localparam int unsigned BenchEnableMultisample /*verilator public*/ = 32'(EnableMultisample);
  localparam int unsigned BenchEnableResidency /*verilator public*/ = 32'(EnableResidency);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::coord_t coord_rec;
  tsu_tex_pkg::pass_req_t pass_rec;
  tsu_tex_pkg::tap_req_t tap_rec;
  tsu_tex_pkg::texel_req_t texel_rec;
  tsu_tex_pkg::out_req_t out_rec;
  tsu_tex_pkg::lod_req_t lod_rec;
  tsu_tex_pkg::grad_req_t grad_rec;
  assign coord_face_o = coord_rec.face;
  assign coord_layer_o = coord_rec.layer;
  assign coord_u_o = coord_rec.u;
  assign pass_width_o = pass_rec.width;
  assign pass_height_o = pass_rec.height;
  assign pass_depth_o = pass_rec.depth;
  assign pass_texel_log2_o = pass_rec.texel_log2;
  assign pass_s32path_o = pass_rec.s32path;
  assign pass_cube_o = pass_rec.cube;
  assign pass_layout_o = pass_rec.layout;
  assign pass_block_height_log2_o = pass_rec.block_height_log2;
  assign pass_block_depth_log2_o = pass_rec.block_depth_log2;
  assign pass_base_o = pass_rec.base;
  assign pass_samples_log2_o = pass_rec.samples_log2;
  assign pass_offset_o = pass_rec.offset;
  assign pass_normalized_o = pass_rec.normalized;
  assign pass_seamless_o = pass_rec.seamless;
  assign pass_mode_w_o = pass_rec.mode_w;
  assign pass_mode_v_o = pass_rec.mode_v;
  assign pass_mode_u_o = pass_rec.mode_u;
  assign pass_axes_o = pass_rec.axes;
  assign tap_quad_o = tap_rec.quad;
  assign tap_layout_o = tap_rec.layout;
  assign tap_sample_o = tap_rec.sample;
  assign tap_samples_log2_o = tap_rec.samples_log2;
  assign tap_texel_log2_o = tap_rec.texel_log2;
  assign tap_layer_stride_o = tap_rec.layer_stride;
  assign tap_residency_map_o = tap_rec.residency_map;
  assign tap_tile_z_log2_o = tap_rec.tile_z_log2;
  assign tap_tile_y_log2_o = tap_rec.tile_y_log2;
  assign tap_tile_x_log2_o = tap_rec.tile_x_log2;
  assign tap_res_shift_y_o = tap_rec.res_shift_y;
  assign tap_res_shift_z_o = tap_rec.res_shift_z;
  assign tap_res_shift_level_o = tap_rec.res_shift_level;
  assign tap_res_bits_level_o = tap_rec.res_bits_level;
  assign texel_chorder_o = texel_rec.chorder;
  assign texel_chtype_o = texel_rec.chtype;
  assign texel_read_norm_o = texel_rec.read_norm;
  assign texel_srgb_o = texel_rec.srgb;
  assign texel_compare_o = texel_rec.compare;
  assign texel_compare_op_o = texel_rec.compare_op;
  assign texel_ref_value_o = texel_rec.ref_value;
  assign texel_border_color_o = texel_rec.border_color;
  assign out_dtype_o = out_rec.dtype;
  assign out_float_res_o = out_rec.float_res;
  assign out_sint_o = out_rec.sint;
  assign lod_mode_o = lod_rec.mode;
  assign lod_lod_o = lod_rec.lod;
  assign lod_bias_o = lod_rec.bias;
  assign lod_min_lod_o = lod_rec.min_lod;
  assign lod_max_lod_o = lod_rec.max_lod;
  assign lod_mip_o = lod_rec.mip;
  assign lod_levels_o = lod_rec.levels;
  assign lod_level_table_o = lod_rec.level_table;
  assign lod_s32path_o = lod_rec.s32path;
  assign lod_grad_level_o = lod_rec.grad_level;
  assign lod_float_res_o = lod_rec.float_res;
  assign lod_lin_min_o = lod_rec.lin_min;
  assign lod_lin_mag_o = lod_rec.lin_mag;
  assign lod_level_s32_o = lod_rec.level_s32;
  assign grad_dpdx_o = grad_rec.dpdx;
  assign grad_dpdy_o = grad_rec.dpdy;
  assign grad_axes_o = grad_rec.axes;
  assign grad_scale_o = grad_rec.scale;
  assign grad_width_o = grad_rec.width;
  assign grad_height_o = grad_rec.height;
  assign grad_depth_o = grad_rec.depth;

  tsu_tex_setup #(
    .MaxInflight(MaxInflight), .Quad(Quad), .EnableGrad(EnableGrad), .EnableCube(EnableCube),
    .EnableSeamless(EnableSeamless), .EnableCompare(EnableCompare),
    .EnableMultisample(EnableMultisample), .EnableResidency(EnableResidency)
  ) u_setup (
    .clk_i, .rst_ni, .req_valid_i, .req_ready_o, .hold_i, .rsp_pop_i, .accept_o, .geom_i, .mode_i,
    .s32_i, .dtype_i, .compare_i, .coords_i, .lod_i, .dpdx_i, .dpdy_i, .offset_i, .ref_i, .tex_i,
    .smp_i, .cube_o, .grad_o, .quad_o, .dir_o,
    .coord_o(coord_rec), .pass_o(pass_rec), .tap_o(tap_rec), .texel_o(texel_rec), .out_o(out_rec),
    .lod_o(lod_rec), .grad_req_o(grad_rec)
  );
endmodule
