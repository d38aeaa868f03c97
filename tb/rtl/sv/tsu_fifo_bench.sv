// Bench wrapper (testbench only, not synthesised): every variant of rtl/prim/tsu_fifo that
// tb/rtl/fifo_test.cc checks, in one Verilated model. variant_i (held for a run) picks the
// instance the ports drive and read; the others see no push or pop. The chosen variant's Depth,
// Ram and Bypass come out as depth_o, ram_o and bypass_o, so the bench reads them from the model
// rather than repeating them. The variants: both storages at depths 1 to 6, and block RAM
// without the push bypass at depths 1 to 8.
module tsu_fifo_bench #(
  parameter int unsigned Width = 16,
  localparam int unsigned NumVariants = 14,
  localparam int unsigned MaxDepth = 8,
  localparam int unsigned CntW = $clog2(MaxDepth + 1),
  localparam int unsigned SelW = $clog2(NumVariants)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [SelW-1:0]  variant_i,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,
  output logic [Width-1:0] data_o,
  output logic             empty_o,
  output logic             full_o,
  output logic [CntW-1:0]  count_o,
  output logic [CntW-1:0]  depth_o,
  output logic             ram_o,
  output logic             bypass_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchWidth /*verilator public*/ = Width;
  localparam int unsigned BenchVariants /*verilator public*/ = NumVariants;
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned VDepth [NumVariants] = '{1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 1, 2, 4, 8};
  localparam bit          VRam   [NumVariants] = '{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1};
  localparam bit          VBypass[NumVariants] = '{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0};

  logic [Width-1:0] data_v [NumVariants];
  logic             empty_v[NumVariants];
  logic             full_v [NumVariants];
  logic [CntW-1:0]  count_v[NumVariants];
  for (genvar v = 0; v < NumVariants; v++) begin : g_variant
    localparam int unsigned D = VDepth[v];
    logic [$clog2(D + 1)-1:0] count;
    wire sel = 32'(variant_i) == v;
    tsu_fifo #(.Width(Width), .Depth(D), .Ram(VRam[v]), .Bypass(VBypass[v])) u_fifo (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .push_i (push_i && sel),
      .data_i (data_i),
      .pop_i  (pop_i && sel),
      .data_o (data_v[v]),
      .empty_o(empty_v[v]),
      .full_o (full_v[v]),
      .count_o(count)
    );
    assign count_v[v] = CntW'(count);
  end

  always_comb begin
    data_o = '0;
    empty_o = 1'b1;
    full_o = 1'b0;
    count_o = '0;
    depth_o = '0;
    ram_o = 1'b0;
    bypass_o = 1'b0;
    for (int unsigned v = 0; v < NumVariants; v++) begin
      if (32'(variant_i) == v) begin
        data_o = data_v[v];
        empty_o = empty_v[v];
        full_o = full_v[v];
        count_o = count_v[v];
        depth_o = CntW'(VDepth[v]);
        ram_o = VRam[v];
        bypass_o = VBypass[v];
      end
    end
  end
endmodule
