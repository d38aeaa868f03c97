// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_lod_path with its records
// (tsu_tex_pkg::lod_req_t, grad_req_t, levels_t) as named ports, so that
// tb/rtl/tex_lod_path_test.cc drives and reads every field by name; parameters and the cube
// path's early latency exported to C++.
module tsu_tex_lod_path_bench #(
  parameter int unsigned CubeGradBeats = 2,
  parameter int unsigned GradBeats = 1,
  parameter bit          EnableGrad = 1'b1,
  parameter bit          EnableCube = 1'b1,
  parameter bit          EnableMipLinear = 1'b1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               accept_i,
  input  logic               grad_i,
  input  logic               cube_i,
  // lod_req_t
  input  logic [1:0]         mode_i,
  input  logic [31:0]        lod_i,
  input  logic signed [15:0] bias_i,
  input  logic signed [15:0] min_lod_i,
  input  logic signed [15:0] max_lod_i,
  input  logic [1:0]         mip_i,
  input  logic [4:0]         levels_i,
  input  logic [63:0]        level_table_i,
  input  logic               s32path_i,
  input  logic               grad_level_i,
  input  logic               float_res_i,
  input  logic               lin_min_i,
  input  logic               lin_mag_i,
  input  logic [4:0]         level_s32_i,
  // grad_req_t
  input  logic [95:0]        dpdx_i,
  input  logic [95:0]        dpdy_i,
  input  logic [1:0]         axes_i,
  input  logic               scale_i,
  input  logic [16:0]        width_i,
  input  logic [16:0]        height_i,
  input  logic [16:0]        depth_i,
  output logic               hold_o,
  input  logic               axis_valid_i,
  input  logic [2:0]         axis_face_i,
  input  logic [31:0]        axis_sc_i,
  input  logic [31:0]        axis_tc_i,
  input  logic [31:0]        axis_ma_i,
  output logic               levels_valid_o,
  output logic [63:0]        table_o,
  output logic [4:0]         hi_o,
  output logic [4:0]         lo_o,
  output logic               two_o,
  output logic               linear_o,
  output logic [7:0]         frac_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchCubeAxisLat /*verilator public*/ = tsu_hw_pkg::tex_cube_axis_latency(1'b1);
  localparam int unsigned BenchGradBeats /*verilator public*/ = GradBeats;
  localparam int unsigned BenchCubeGradBeats /*verilator public*/ = CubeGradBeats;
  localparam int unsigned BenchEnableCube /*verilator public*/ = 32'(EnableCube);
  localparam int unsigned BenchEnableGrad /*verilator public*/ = 32'(EnableGrad);
  localparam int unsigned BenchEnableMipLinear /*verilator public*/ = 32'(EnableMipLinear);
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::lod_req_t  lod_req;
  tsu_tex_pkg::grad_req_t grad_req;
  tsu_tex_pkg::levels_t   levels;
  always_comb begin
    lod_req.mode = mode_i;
    lod_req.lod = lod_i;
    lod_req.bias = bias_i;
    lod_req.min_lod = min_lod_i;
    lod_req.max_lod = max_lod_i;
    lod_req.mip = mip_i;
    lod_req.levels = levels_i;
    lod_req.level_table = level_table_i;
    lod_req.s32path = s32path_i;
    lod_req.grad_level = grad_level_i;
    lod_req.float_res = float_res_i;
    lod_req.lin_min = lin_min_i;
    lod_req.lin_mag = lin_mag_i;
    lod_req.level_s32 = level_s32_i;
    grad_req.dpdx = dpdx_i;
    grad_req.dpdy = dpdy_i;
    grad_req.axes = axes_i;
    grad_req.scale = scale_i;
    grad_req.width = width_i;
    grad_req.height = height_i;
    grad_req.depth = depth_i;
  end
  assign hi_o = levels.hi;
  assign lo_o = levels.lo;
  assign two_o = levels.two;
  assign linear_o = levels.linear;
  assign frac_o = levels.frac;

  tsu_tex_lod_path #(.CubeGradBeats(CubeGradBeats), .GradBeats(GradBeats), .EnableGrad(EnableGrad),
                     .EnableCube(EnableCube), .EnableMipLinear(EnableMipLinear)) u_lod_path (
    .clk_i, .rst_ni, .accept_i, .grad_i, .cube_i, .lod_i(lod_req), .grad_req_i(grad_req), .hold_o,
    .axis_valid_i, .axis_face_i, .axis_sc_i, .axis_tc_i, .axis_ma_i, .levels_valid_o, .table_o,
    .levels_o(levels)
  );
endmodule
