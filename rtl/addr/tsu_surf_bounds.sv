// Bounds and clamp for one surface access (docs/semantics.md "Addressing, bounds and
// clamping"; golden function tsu::PlanAccess minus the address). Order of steps, as in the
// model: split operand b by geometry, scale x to bytes, align x down to the access size, check
// every axis, then apply the clamp mode. The clamp result feeds address generation, so this
// block sits before tsu_addrgen in the pipeline.
//
// Stages: [split/scale/align/compare] -RegMid- [clamp outcome] -RegOut-. Latency = RegMid +
// RegOut cycles, one access accepted every cycle.
module tsu_surf_bounds #(
  parameter bit RegMid = 1'b1,
  parameter bit RegOut = 1'b1
) (
  input  logic                                     clk_i,
  input  logic                                     rst_ni,
  input  logic                                     valid_i,
  input  tsu_pkg::geom_e                           geom_i,        // instruction geometry
  input  tsu_pkg::clamp_e                          clamp_i,
  input  logic [127:0]                             coords_i,      // operand b, 32 bits each
  input  logic [2:0]         scale_log2_i,  // bytes per x unit (log2)
  input  logic [2:0]         size_log2_i,   // bytes accessed (log2)
  // Descriptor fields.
  input  logic [3:0]                               dim_i,         // tsu_pkg::geom_e
  input  logic [tsu_pkg::COORD_X_BYTE_BITS:0]         row_bytes_i,   // width * texel bytes
  input  logic [tsu_pkg::COORD_Y_BITS:0]           height_i,
  input  logic [tsu_pkg::COORD_Z_BITS:0]            depth_i,
  input  logic [tsu_pkg::COORD_LAYER_BITS:0]        array_size_i,
  // Outcome. Coordinates are zero unless the access goes to memory.
  output logic                                     valid_o,
  output logic [2:0]                               trap_o,        // tsu_pkg::trap_e
  output logic [3:0]                               oob_o,         // tsu_pkg::OOB_AXIS_* bits
  output logic                                     misaligned_o,
  output logic                                     clamped_o,
  output logic                                     suppressed_o,
  output logic [tsu_pkg::COORD_X_BYTE_BITS-1:0]                x_byte_o,
  output logic [tsu_pkg::COORD_Y_BITS-1:0]                y_o,
  output logic [tsu_pkg::COORD_Z_BITS-1:0]                z_o,
  output logic [tsu_pkg::COORD_LAYER_BITS-1:0]            layer_o
);
  localparam int unsigned XW = 32'(tsu_pkg::COORD_X_BYTE_BITS);
  localparam int unsigned YW = 32'(tsu_pkg::COORD_Y_BITS);
  localparam int unsigned ZW = 32'(tsu_pkg::COORD_Z_BITS);
  localparam int unsigned LW = 32'(tsu_pkg::COORD_LAYER_BITS);
  // Signed byte column: a 32-bit coordinate times up to 16, plus headroom for x + size.
  localparam int unsigned ArrW = LW + 1;
  localparam int unsigned SXW = 38;
  // The declared latency, read by the testbench (and by tops that align sideband to it).
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegMid) + 32'(RegOut);
  /* verilator lint_on UNUSEDPARAM */

  // ---- Stage 0: split, scale, align, compare ---------------------------------------------------
  logic [31:0] x_s0, y_s0, z_s0, layer_s0;
  always_comb begin
    x_s0 = coords_i[31:0];
    y_s0 = 32'd0;
    z_s0 = 32'd0;
    layer_s0 = 32'd0;
    unique case (geom_i)
      tsu_pkg::Geom2d: begin
        y_s0 = coords_i[63:32];
      end
      tsu_pkg::Geom3d: begin
        y_s0 = coords_i[63:32];
        z_s0 = coords_i[95:64];
      end
      tsu_pkg::GeomA1d: begin
        layer_s0 = coords_i[31:0];
        x_s0 = coords_i[63:32];
      end
      tsu_pkg::GeomA2d: begin
        layer_s0 = coords_i[31:0];
        x_s0 = coords_i[63:32];
        y_s0 = coords_i[95:64];
      end
      default: ;  // 1d; other geometries never match a surface and trap below
    endcase
  end

  logic signed [SXW-1:0] xb_s0, xa_s0, size_s0, mask_s0, row_s0, xmax_s0;
  logic                  mismatch_s0, misaligned_s0, is_array_s0, row_lt_size_s0;
  logic                  x_neg_s0, x_hi_s0, y_neg_s0, y_hi_s0, z_neg_s0, z_hi_s0, layer_hi_s0;
  logic [ArrW-1:0]       layers_s0;

  always_comb begin
    xb_s0 = $signed({{(SXW - 32){x_s0[31]}}, x_s0}) <<< scale_log2_i;
    size_s0 = $signed(SXW'(1)) <<< size_log2_i;
    mask_s0 = size_s0 - $signed(SXW'(1));
    misaligned_s0 = |(xb_s0 & mask_s0);
    xa_s0 = xb_s0 & ~mask_s0;  // floor to the access size; negative stays negative
    row_s0 = $signed({{(SXW - XW - 1){1'b0}}, row_bytes_i});
    row_lt_size_s0 = row_s0 < size_s0;
    xmax_s0 = (row_s0 - size_s0) & ~mask_s0;  // last aligned start in the row
    mismatch_s0 = geom_i != dim_i;
    is_array_s0 = tsu_pkg::GEOM_ARRAY[dim_i];  // geometry.def
    layers_s0 = is_array_s0 ? array_size_i : ArrW'(1);
    x_neg_s0 = xa_s0 < 0;
    // xa + size > row, with row - size (descriptor and size only) beside the x path: one
    // carry chain after the shift instead of an adder and a compare.
    x_hi_s0 = xa_s0 > row_s0 - size_s0;
    y_neg_s0 = y_s0[31];
    y_hi_s0 = !y_s0[31] && y_s0 >= 32'(height_i);
    z_neg_s0 = z_s0[31];
    z_hi_s0 = !z_s0[31] && z_s0 >= 32'(depth_i);
    layer_hi_s0 = layer_s0 >= 32'(layers_s0);
  end

  // What stage 1 needs: flags and the low bits of every value that can survive to the output.
  typedef struct packed {
    logic            mismatch;
    logic [1:0]      clamp;  // tsu_pkg::clamp_e (yosys 0.23: no package types in structs)
    logic            misaligned;
    logic            row_lt_size;
    logic            x_neg, x_hi, y_neg, y_hi, z_neg, z_hi, layer_hi;
    logic [XW-1:0]   xa, xmax;
    logic [YW-1:0]   y, ymax;
    logic [ZW-1:0]   z, zmax;
    logic [LW-1:0]   layer, layer_max;
  } mid_t;

  mid_t mid_s0, mid_s1;
  logic valid_s1;
  // Assigned whole, in mid_t's field order (yosys 0.23 reads no assignment patterns): a
  // simulator builds it in one expression instead of a read-modify-write per field.
  assign mid_s0 = {mismatch_s0, clamp_i, misaligned_s0, row_lt_size_s0,
                   x_neg_s0, x_hi_s0, y_neg_s0, y_hi_s0, z_neg_s0, z_hi_s0, layer_hi_s0,
                   xa_s0[XW-1:0], xmax_s0[XW-1:0],
                   y_s0[YW-1:0], YW'(height_i - 1'b1),
                   z_s0[ZW-1:0], ZW'(depth_i - 1'b1),
                   layer_s0[LW-1:0], LW'(layers_s0 - 1'b1)};

  tsu_pipe_reg #(.Width($bits(mid_s0)), .Enable(RegMid)) u_mid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (mid_s0),
    .valid_o(valid_s1),
    .data_o (mid_s1)
  );

  // ---- Stage 1: the clamp mode decides -----------------------------------------------------------
  typedef struct packed {
    logic [2:0]      trap;   // tsu_pkg::trap_e
    logic [3:0]      oob;
    logic            misaligned, clamped, suppressed;
    logic [XW-1:0]   x;
    logic [YW-1:0]   y;
    logic [ZW-1:0]   z;
    logic [LW-1:0]   layer;
  } out_t;

  out_t out_s1, out_s2;
  logic [3:0] oob_s1;
  logic       go_s1;  // the access reaches memory
  always_comb begin
    oob_s1 = {mid_s1.layer_hi, mid_s1.z_neg | mid_s1.z_hi, mid_s1.y_neg | mid_s1.y_hi,
              mid_s1.x_neg | mid_s1.x_hi};
    out_s1 = '0;
    go_s1 = 1'b0;
    if (mid_s1.mismatch) begin
      out_s1.trap = tsu_pkg::TrapGeometryMismatch;
    end else begin
      out_s1.oob = oob_s1;
      out_s1.misaligned = mid_s1.misaligned;
      if (oob_s1 == 4'd0) begin
        go_s1 = 1'b1;
      end else begin
        unique case (mid_s1.clamp)
          tsu_pkg::ClampZero: out_s1.suppressed = 1'b1;
          tsu_pkg::ClampClamp: begin
            // No aligned in-row location is wide enough: nothing to clamp to.
            out_s1.suppressed = mid_s1.row_lt_size;
            out_s1.clamped = !mid_s1.row_lt_size;
            go_s1 = !mid_s1.row_lt_size;
          end
          default: out_s1.trap = tsu_pkg::TrapOutOfBounds;
        endcase
      end
    end
    if (go_s1) begin
      out_s1.x = mid_s1.x_neg ? '0 : mid_s1.x_hi ? mid_s1.xmax : mid_s1.xa;
      out_s1.y = mid_s1.y_neg ? '0 : mid_s1.y_hi ? mid_s1.ymax : mid_s1.y;
      out_s1.z = mid_s1.z_neg ? '0 : mid_s1.z_hi ? mid_s1.zmax : mid_s1.z;
      out_s1.layer = mid_s1.layer_hi ? mid_s1.layer_max : mid_s1.layer;
    end
  end

  tsu_pipe_reg #(.Width($bits(out_s1)), .Enable(RegOut)) u_out (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_s1),
    .data_i (out_s1),
    .valid_o(valid_o),
    .data_o (out_s2)
  );

  assign trap_o = out_s2.trap;
  assign oob_o = out_s2.oob;
  assign misaligned_o = out_s2.misaligned;
  assign clamped_o = out_s2.clamped;
  assign suppressed_o = out_s2.suppressed;
  assign x_byte_o = out_s2.x;
  assign y_o = out_s2.y;
  assign z_o = out_s2.z;
  assign layer_o = out_s2.layer;

  // Upper bits of the extended arithmetic are consumed only through the comparisons.
  logic unused_bits;
  assign unused_bits = ^{xa_s0[SXW-1:XW], xmax_s0[SXW-1:XW], y_s0[31:YW], z_s0[31:ZW],
                         layer_s0[31:LW], coords_i[127:96]};

`ifndef SYNTHESIS
  // The assertions read the async reset synchronously; that is intended.
  /* verilator lint_off SYNCASYNCNET */
  // Legal encodings in; no unknowns out; exactly one outcome.
  always @(posedge clk_i) if (rst_ni && valid_i)
    a_legal_in: assert (clamp_i != 2'd3 && size_log2_i <= 3'd4 && scale_log2_i <= 3'd4 &&
                        32'(geom_i) <= 32'(tsu_pkg::GeomA2dms));
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_known_out: assert (!$isunknown({trap_o, oob_o, misaligned_o, clamped_o, suppressed_o,
                                      x_byte_o, y_o, z_o, layer_o}));
  always @(posedge clk_i) if (rst_ni && valid_o)
    a_one_outcome: assert ($onehot0({trap_o != tsu_pkg::TrapNone, suppressed_o, clamped_o}));
  always @(posedge clk_i) if (rst_ni && valid_o && (clamped_o || suppressed_o))
    a_clamp_only_oob: assert (oob_o != 4'd0);

  c_in_bounds: cover property (@(posedge clk_i) valid_o && trap_o == tsu_pkg::TrapNone &&
                               oob_o == 4'd0);
  c_trap_oob: cover property (@(posedge clk_i) valid_o && trap_o == tsu_pkg::TrapOutOfBounds);
  c_trap_geom: cover property (@(posedge clk_i) valid_o &&
                               trap_o == tsu_pkg::TrapGeometryMismatch);
  c_zero: cover property (@(posedge clk_i) valid_o && suppressed_o && !oob_o[0]);
  c_clamped: cover property (@(posedge clk_i) valid_o && clamped_o);
  c_clamp_too_narrow: cover property (@(posedge clk_i) valid_s1 && !mid_s1.mismatch &&
                                      mid_s1.clamp == tsu_pkg::ClampClamp && mid_s1.row_lt_size);
  c_misaligned: cover property (@(posedge clk_i) valid_o && misaligned_o);
  c_oob_x_neg: cover property (@(posedge clk_i) valid_s1 && !mid_s1.mismatch && mid_s1.x_neg);
  c_oob_x_hi: cover property (@(posedge clk_i) valid_s1 && !mid_s1.mismatch && mid_s1.x_hi);
  c_oob_y: cover property (@(posedge clk_i) valid_o && oob_o[1]);
  c_oob_z: cover property (@(posedge clk_i) valid_o && oob_o[2]);
  c_oob_layer: cover property (@(posedge clk_i) valid_o && oob_o[3]);
  c_clamp_three_axes: cover property (@(posedge clk_i) valid_o && clamped_o &&
                                      $countones(oob_o) == 3);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
