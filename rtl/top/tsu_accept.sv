// tsu_accept: the request as the unit accepts it, before its descriptor is known (golden model:
// tsu::Unit's well-formedness check). It flags what the unit rejects as an illegal instruction
// (the front end never produces these) and shrinks the 256-bit source operand to the 128 bits
// the instruction uses, so the descriptor stage holds half as much, and names the request's path
// (path_e: texture, or surface as a store or not). Combinational.
//
// tex is legal only in a unit with the texture path (EnableTex), which samples every geometry and
// mode (docs/semantics.md H11); .s32 coordinates on cube and acube are illegal (H12).
module tsu_accept #(
  parameter bit EnableTex = 1'b0
) (
  input  tsu_pkg::opcode_e     opcode_i,
  input  tsu_pkg::addressing_e addressing_i,
  input  tsu_pkg::geom_e       geom_i,
  input  tsu_pkg::vec_e        vec_i,
  input  tsu_pkg::dtype_e      type_i,
  input  tsu_pkg::clamp_e      clamp_i,
  input  tsu_pkg::redop_e      redop_i,
  input  tsu_pkg::query_e      query_i,
  input  logic                 s32_i,     // tex: .s32 coordinates
  input  logic [127:0]         coords_i,  // operand b, element i in [32i +: 32]
  input  logic [255:0]         data_i,    // source element i in [64i +: 64]
  output tsu_hw_pkg::req_t     req_o,
  output tsu_hw_pkg::path_e    path_o
);
  logic [1:0]   vec_log2;
  logic [2:0]   type_log2;
  logic         surface_geom, tex_ok, illegal;
  logic [127:0] data;
  always_comb begin
    unique case (vec_i)
      tsu_pkg::Vec2: vec_log2 = 2'd1;
      tsu_pkg::Vec4: vec_log2 = 2'd2;
      default: vec_log2 = 2'd0;
    endcase
    unique case (type_i)
      tsu_pkg::TypeB8: type_log2 = 3'd0;
      tsu_pkg::TypeB16, tsu_pkg::TypeF16: type_log2 = 3'd1;
      tsu_pkg::TypeB64, tsu_pkg::TypeU64, tsu_pkg::TypeS64: type_log2 = 3'd3;
      default: type_log2 = 3'd2;
    endcase
    surface_geom = tsu_pkg::GEOM_SURFACE[geom_i];  // geometry.def
    // The model's well-formed tex (tsu::Unit, WellFormed) that the texture path samples.
    tex_ok = EnableTex && 32'(geom_i) <= 32'(tsu_pkg::GeomA2dms) &&
             !(tsu_pkg::GEOM_CUBE[geom_i] && s32_i) &&  // a cube direction is three floats
             (type_i == tsu_pkg::TypeU32 || type_i == tsu_pkg::TypeS32 ||
              type_i == tsu_pkg::TypeF16 || type_i == tsu_pkg::TypeF32 ||
              type_i == tsu_pkg::TypeF16x2);

    // A reserved code in any field is illegal, even in a field the opcode does not use (a suq's
    // geometry): docs/semantics.md H12.
    illegal = 32'(opcode_i) > 32'(tsu_pkg::OpSuq) ||
                    32'(geom_i) > 32'(tsu_pkg::GeomA2dms) ||
                    (opcode_i == tsu_pkg::OpTex && !tex_ok) ||
                    32'(vec_i) > 32'(tsu_pkg::Vec4) || 32'(type_i) > 32'(tsu_pkg::TypeF16x2) ||
                    32'(clamp_i) > 32'(tsu_pkg::ClampZero) ||
                    32'(redop_i) > 32'(tsu_pkg::RedOr) ||
                    32'(query_i) > 32'(tsu_pkg::QueryMemoryLayout) ||
                    (opcode_i != tsu_pkg::OpSuq && opcode_i != tsu_pkg::OpTex &&
                     (!surface_geom ||
                      (opcode_i == tsu_pkg::OpSured && type_log2 < 3'd2) ||
                      (opcode_i != tsu_pkg::OpSured && {1'b0, vec_log2} + type_log2 > 3'd4)));
    // sust.b: the bytes to store; sured: element 0; otherwise each element's low word (sust.p's
    // components).
    data = '0;
    if (opcode_i == tsu_pkg::OpSust && addressing_i == tsu_pkg::AddrByte) begin
      data = tsu_hw_pkg::pack_elems(data_i, type_log2, vec_log2);
    end else if (opcode_i == tsu_pkg::OpSured) begin
      data[63:0] = data_i[63:0];
    end else begin
      for (int c = 0; c < 4; c++) data[32*c +: 32] = data_i[64*c +: 32];
    end
  end
  assign path_o = opcode_i == tsu_pkg::OpTex && !illegal ? tsu_hw_pkg::PathTex
                : opcode_i == tsu_pkg::OpSust || opcode_i == tsu_pkg::OpSured
                    ? tsu_hw_pkg::PathStore : tsu_hw_pkg::PathSurface;
  // Assigned whole, in req_t's field order (yosys 0.23 reads no assignment patterns): a simulator
  // builds the request in one expression instead of a read-modify-write per field.
  assign req_o = {3'(opcode_i), 1'(addressing_i), 4'(geom_i), 2'(vec_i), 4'(type_i),
                  2'(clamp_i), 3'(redop_i), 3'(query_i), illegal, coords_i, data};
endmodule
