// Bench wrapper (testbench only, not synthesised): every variant of rtl/prim/tsu_delay that
// tb/rtl/delay_test.cc checks, in one Verilated model. variant_i (held for a run) picks the
// instance the ports drive and read; the others see no valid input. The chosen variant's Depth
// (its latency), Interval and Ram come out as latency_o, interval_o and ram_o, so the bench reads them from
// the model rather than repeating them. The variants: an input interval above 1 (the data in
// ceil(Depth / Interval) slots), and a ring of RAM entries at the shortest depth it takes and
// longer.
module tsu_delay_bench #(
  parameter int unsigned Width = 16,
  localparam int unsigned NumVariants = 5,
  localparam int unsigned SelW = $clog2(NumVariants)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [SelW-1:0]  variant_i,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o,
  output logic [7:0]       latency_o,
  output logic [7:0]       interval_o,
  output logic             ram_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned BenchVariants /*verilator public*/ = NumVariants;
  /* verilator lint_on UNUSEDPARAM */
  localparam int unsigned VDepth   [NumVariants] = '{8, 5, 2, 3, 26};
  localparam int unsigned VInterval[NumVariants] = '{4, 2, 4, 1, 1};
  localparam bit          VRam     [NumVariants] = '{0, 0, 0, 1, 1};

  logic             valid_v[NumVariants];
  logic [Width-1:0] data_v [NumVariants];
  for (genvar v = 0; v < NumVariants; v++) begin : g_variant
    tsu_delay #(.Width(Width), .Depth(VDepth[v]), .Interval(VInterval[v]), .Ram(VRam[v])) u_delay (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .valid_i(valid_i && 32'(variant_i) == v),
      .data_i (data_i),
      .valid_o(valid_v[v]),
      .data_o (data_v[v])
    );
  end

  always_comb begin
    valid_o = 1'b0;
    data_o = '0;
    latency_o = '0;
    interval_o = '0;
    ram_o = 1'b0;
    for (int unsigned v = 0; v < NumVariants; v++) begin
      if (32'(variant_i) == v) begin
        valid_o = valid_v[v];
        data_o = data_v[v];
        latency_o = 8'(VDepth[v]);
        interval_o = 8'(VInterval[v]);
        ram_o = VRam[v];
      end
    end
  end
endmodule
