// Bench wrapper (testbench only, not synthesised): rtl/tex/tsu_tex_cube_path with its coordinate
// records (tsu_tex_pkg::coord_t) as named ports, so that tb/rtl/tex_cube_path_test.cc drives and
// reads every field by name; face selection's early latency exported to C++.
module tsu_tex_cube_path_bench #(
  parameter int unsigned MaxInflight = 16,
  parameter int unsigned CubeBeats = 1,
  parameter bit          EnableCube = 1'b1
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  input  logic                           accept_i,
  input  logic                           cube_i,
  input  logic [95:0]                    dir_i,
  input  logic [2:0]                     face_i,
  input  logic [tsu_tex_pkg::LayerW-1:0] layer_i,
  input  logic [95:0]                    u_i,
  output logic                           hold_o,
  input  logic                           pop_i,
  output logic                           empty_o,
  output logic [2:0]                     face_o,
  output logic [tsu_tex_pkg::LayerW-1:0] layer_o,
  output logic [95:0]                    u_o,
  output logic                           axis_valid_o,
  output logic [2:0]                     axis_face_o,
  output logic [31:0]                    axis_sc_o,
  output logic [31:0]                    axis_tc_o,
  output logic [31:0]                    axis_ma_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchMaxInflight /*verilator public*/ = MaxInflight;
  localparam int unsigned BenchAxisLat /*verilator public*/ = tsu_hw_pkg::tex_cube_axis_latency(1'b1);
  localparam int unsigned BenchLayerW /*verilator public*/ = tsu_tex_pkg::LayerW;
  localparam int unsigned BenchEnableCube /*verilator public*/ = 32'(EnableCube);
  localparam int unsigned BenchCubeBeats /*verilator public*/ = CubeBeats;
  /* verilator lint_on UNUSEDPARAM */

  tsu_tex_pkg::coord_t coord_in, coord_out;
  always_comb begin
    coord_in.face = face_i;
    coord_in.layer = layer_i;
    coord_in.u = u_i;
  end
  assign face_o = coord_out.face;
  assign layer_o = coord_out.layer;
  assign u_o = coord_out.u;

  tsu_tex_cube_path #(
    .MaxInflight(MaxInflight), .QueueRam(1'b1), .CubeBeats(CubeBeats), .EnableCube(EnableCube)
  ) u_cube_path (
    .clk_i, .rst_ni, .accept_i, .cube_i, .dir_i, .coord_i(coord_in), .hold_o, .pop_i, .empty_o,
    .coord_o(coord_out), .axis_valid_o, .axis_face_o, .axis_sc_o, .axis_tc_o, .axis_ma_o
  );
endmodule
