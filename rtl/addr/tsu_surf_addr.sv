// The surface address path: bounds/clamp followed by address generation (golden function:
// tsu::PlanAccess, address included). The descriptor fields that only address generation uses
// travel alongside the bounds stages; the bounds outcome travels alongside address generation.
module tsu_surf_addr #(
  parameter int unsigned AddrW = 48,
  parameter bit RegMid = 1'b1,  // tsu_surf_bounds stages
  parameter bit RegOut = 1'b1,
  parameter bit RegIn = 1'b1,   // tsu_addrgen stages
  parameter bit RegMul = 1'b1,
  parameter bit RegSum = 1'b1,
  // tsu_addrgen's II: 1, or its products over II cycles (an input at most every II cycles; the
  // delay lines beside it keep ceil(latency / II) entries).
  parameter int unsigned II = 1,
  // The address-only descriptor fields (layout, base, strides, block shape) stay unchanged for
  // the bounds stages' cycles after valid_i (tsu_desc buf_desc_o), so address generation reads
  // them when it starts instead of from a delay line beside the bounds stages.
  parameter bit DescHeld = 1'b0
) (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,
  input  logic                                  valid_i,
  input  tsu_pkg::geom_e                        geom_i,
  input  tsu_pkg::clamp_e                       clamp_i,
  input  logic [127:0]                          coords_i,
  input  logic [2:0]                            scale_log2_i,
  input  logic [2:0]                            size_log2_i,
  // Descriptor.
  input  logic [3:0]                            dim_i,   // tsu_pkg::geom_e
  input  logic [tsu_pkg::COORD_X_BYTE_BITS:0]   row_bytes_i,
  input  logic [tsu_pkg::COORD_Y_BITS:0]        height_i,
  input  logic [tsu_pkg::COORD_Z_BITS:0]        depth_i,
  input  logic [tsu_pkg::COORD_LAYER_BITS:0]    array_size_i,
  input  logic                                  layout_i,  // tsu_pkg::layout_e
  input  logic [AddrW-1:0]                      base_i,
  input  logic [31:0]                           pitch_i,
  input  logic [AddrW-1:0]                      slice_bytes_i,
  input  logic [AddrW-1:0]                      layer_stride_i,
  input  logic [AddrW-1:0]                      row_of_blocks_i,
  input  logic [2:0]                            block_height_log2_i,
  input  logic [2:0]                            block_depth_log2_i,
  // Outcome; addr_o is meaningful when trap_o is TrapNone and suppressed_o is clear.
  output logic                                  valid_o,
  output logic [2:0]                            trap_o,  // tsu_pkg::trap_e
  output logic [3:0]                            oob_o,
  output logic                                  misaligned_o,
  output logic                                  clamped_o,
  output logic                                  suppressed_o,
  output logic [AddrW-1:0]                      addr_o
);
  localparam int unsigned BoundsLatency = 32'(RegMid) + 32'(RegOut);
  localparam int unsigned AddrLatency = II > 1 ? II + 2 : 32'(RegIn) + 32'(RegMul) + 32'(RegSum);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = BoundsLatency + AddrLatency;
  localparam int unsigned AddrWidth /*verilator public*/ = AddrW;  // read by the bench
  /* verilator lint_on UNUSEDPARAM */

  // Address-only descriptor fields, delayed to meet the clamped coordinates (or, DescHeld, read
  // as they are then: the delayed copy only checks it, in simulation).
  localparam int unsigned DescW = 1 + 4 * AddrW + 32 + 6;
  logic [DescW-1:0] desc_in, desc_b, desc_d;
  logic             desc_valid_b;
  assign desc_in = {layout_i, base_i, pitch_i, slice_bytes_i, layer_stride_i, row_of_blocks_i,
                    block_height_log2_i, block_depth_log2_i};
  // With DescHeld nothing reads the delayed copy but the assertion, so synthesis drops it.
  tsu_delay #(.Width(DescW), .Depth(BoundsLatency), .Interval(II)) u_desc_delay (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_i),
    .data_i (desc_in),
    .valid_o(desc_valid_b),
    .data_o (desc_d)
  );
  assign desc_b = DescHeld ? desc_in : desc_d;
`ifndef SYNTHESIS
  if (DescHeld) begin : g_desc_held
    /* verilator lint_off SYNCASYNCNET */
    always @(posedge clk_i) if (rst_ni && desc_valid_b)
      a_desc_held: assert (desc_in == desc_d)
      else $error("tsu_surf_addr: DescHeld, but the descriptor changed under the bounds stages");
    /* verilator lint_on SYNCASYNCNET */
  end
`endif

  logic                                 valid_b, misaligned_b, clamped_b, suppressed_b;
  logic [2:0]                           trap_b;
  logic [3:0]                           oob_b;
  logic [tsu_pkg::COORD_X_BYTE_BITS-1:0] x_b;
  logic [tsu_pkg::COORD_Y_BITS-1:0]     y_b;
  logic [tsu_pkg::COORD_Z_BITS-1:0]     z_b;
  logic [tsu_pkg::COORD_LAYER_BITS-1:0] layer_b;

  tsu_surf_bounds #(.RegMid(RegMid), .RegOut(RegOut)) u_bounds (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .valid_i     (valid_i),
    .geom_i      (geom_i),
    .clamp_i     (clamp_i),
    .coords_i    (coords_i),
    .scale_log2_i(scale_log2_i),
    .size_log2_i (size_log2_i),
    .dim_i       (dim_i),
    .row_bytes_i (row_bytes_i),
    .height_i    (height_i),
    .depth_i     (depth_i),
    .array_size_i(array_size_i),
    .valid_o     (valid_b),
    .trap_o      (trap_b),
    .oob_o       (oob_b),
    .misaligned_o(misaligned_b),
    .clamped_o   (clamped_b),
    .suppressed_o(suppressed_b),
    .x_byte_o    (x_b),
    .y_o         (y_b),
    .z_o         (z_b),
    .layer_o     (layer_b)
  );

  logic             layout_b;
  logic [AddrW-1:0] base_b, slice_b, layer_stride_b, row_of_blocks_b;
  logic [31:0]      pitch_b;
  logic [2:0]       bh_b, bd_b;
  assign {layout_b, base_b, pitch_b, slice_b, layer_stride_b, row_of_blocks_b, bh_b, bd_b} =
      desc_b;

  logic valid_a;
  tsu_addrgen #(
    .AddrW (AddrW),
    .RegIn (RegIn),
    .RegMul(RegMul),
    .RegOut(RegSum),
    .II    (II)
  ) u_addrgen (
    .clk_i              (clk_i),
    .rst_ni             (rst_ni),
    .valid_i            (valid_b),
    .x_byte_i           (x_b),
    .y_i                (y_b),
    .z_i                (z_b),
    .layer_i            (layer_b),
    .layout_i           (layout_b),
    .base_i             (base_b),
    .pitch_i            (pitch_b),
    .slice_bytes_i      (slice_b),
    .layer_stride_i     (layer_stride_b),
    .row_of_blocks_i    (row_of_blocks_b),
    .block_height_log2_i(bh_b),
    .block_depth_log2_i (bd_b),
    .valid_o            (valid_a),
    .addr_o             (addr_o)
  );

  logic [9:0]  flags_b, flags_a;
  logic        unused_valid;
  assign flags_b = {trap_b, oob_b, misaligned_b, clamped_b, suppressed_b};
  tsu_delay #(.Width(10), .Depth(AddrLatency), .Interval(II)) u_flag_delay (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .valid_i(valid_b),
    .data_i (flags_b),
    .valid_o(valid_o),
    .data_o (flags_a)
  );
  assign {trap_o, oob_o, misaligned_o, clamped_o, suppressed_o} = flags_a;
  assign unused_valid = ^{valid_a, desc_valid_b, desc_d};

`ifndef SYNTHESIS
  // The assertions read the async reset synchronously; that is intended.
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk_i) if (rst_ni)
    a_aligned: assert (valid_b == desc_valid_b && valid_o == valid_a);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
