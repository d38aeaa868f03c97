// Lint harness for rtl/tsu_pkg.sv: uses every enum type of the package so that
// `verilator --lint-only -Wall` checks the whole generated package.
module pkg_use (
  input  tsu_pkg::opcode_e     opcode_i,
  input  tsu_pkg::addressing_e addressing_i,
  input  tsu_pkg::geom_e       geom_i,
  input  tsu_pkg::vec_e        vec_i,
  input  tsu_pkg::dtype_e      dtype_i,
  input  tsu_pkg::clamp_e      clamp_i,
  input  tsu_pkg::cop_e        cop_i,
  input  tsu_pkg::redop_e      redop_i,
  input  tsu_pkg::query_e      query_i,
  input  tsu_pkg::texmode_e    texmode_i,
  input  tsu_pkg::chtype_e     chtype_i,
  input  tsu_pkg::chorder_e    chorder_i,
  input  tsu_pkg::layout_e     layout_i,
  output tsu_pkg::trap_e       trap_o,
  output logic [15:0]          cl_type_o,
  output logic                 any_o
);
  assign cl_type_o = tsu_pkg::CHANNEL_TYPE_BASE + {11'd0, chtype_i};
  assign trap_o = (opcode_i == tsu_pkg::OpSuq) ? tsu_pkg::TrapNone : tsu_pkg::TrapOutOfBounds;
  assign any_o = ^{addressing_i, geom_i, vec_i, dtype_i, clamp_i, cop_i, redop_i, query_i,
                   texmode_i, chorder_i, layout_i};
endmodule
