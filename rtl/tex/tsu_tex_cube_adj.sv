// tsu_tex_cube_adj: seamless cube filtering's reprojection (docs/semantics.md T8). A tap one texel
// outside face `face` across edge `edge` (0: i = -1, 1: i = N, 2: j = -1, 3: j = N), at index k
// along that edge, is the adjacent face's texel (face2, i2, j2). Golden function:
// tsu::CubeAdjacent, whose exact integer reprojection of the tap's centre always lands on the
// adjacent face's edge row or column: each of i2 and j2 is 0, N-1, k or N-1-k, chosen by a
// 24-entry table (the edges of a cube). Checked against the model for every face, edge and index
// at several sizes (tb/rtl/tex_cube_test.cc). Latency = RegOut, one tap per cycle.
module tsu_tex_cube_adj #(
  parameter bit RegOut = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [2:0]  face_i,   // 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z
  input  logic [1:0]  edge_i,
  input  logic [15:0] k_i,      // the in-range index, < N
  input  logic [16:0] n_i,      // the face's size N, 1..65536
  output logic        valid_o,
  output logic [2:0]  face_o,
  output logic [15:0] i_o,
  output logic [15:0] j_o
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 32'(RegOut);
  /* verilator lint_on UNUSEDPARAM */

  // Index selectors.
  localparam logic [1:0] Zero = 2'd0, Last = 2'd1, Same = 2'd2, Flip = 2'd3;
  // Entry {face2, i2 selector, j2 selector}, at [7 * (4 * face + edge) +: 7].
  localparam logic [24*7-1:0] Table = {
    // face 5: edges 3, 2, 1, 0
    {3'd3, Flip, Last}, {3'd2, Flip, Zero}, {3'd1, Zero, Same}, {3'd0, Last, Same},
    // face 4
    {3'd3, Same, Zero}, {3'd2, Same, Last}, {3'd0, Zero, Same}, {3'd1, Last, Same},
    // face 3
    {3'd5, Flip, Last}, {3'd4, Same, Last}, {3'd0, Same, Last}, {3'd1, Flip, Last},
    // face 2
    {3'd4, Same, Zero}, {3'd5, Flip, Zero}, {3'd0, Flip, Zero}, {3'd1, Same, Zero},
    // face 1
    {3'd3, Zero, Flip}, {3'd2, Zero, Same}, {3'd4, Zero, Same}, {3'd5, Last, Same},
    // face 0
    {3'd3, Last, Same}, {3'd2, Last, Flip}, {3'd5, Zero, Same}, {3'd4, Last, Same}
  };

  // One index from its selector.
  function automatic logic [15:0] pick(logic [1:0] sel, logic [15:0] k, logic [15:0] last_idx,
                                       logic [15:0] flip_idx);
    unique case (sel)
      Zero: pick = 16'd0;
      Last: pick = last_idx;
      Same: pick = k;
      default: pick = flip_idx;
    endcase
  endfunction

  logic [4:0]  row;
  logic [6:0]  entry;
  logic [15:0] last, flip;
  logic [2:0]  face2;
  logic [15:0] i2, j2;
  always_comb begin
    // Faces 6 and 7 do not exist: they read face 5's row (never used).
    row = face_i > 3'd5 ? 5'(4 * 5 + 32'(edge_i)) : {face_i, edge_i};
    entry = Table[7 * row +: 7];
    last = 16'(n_i - 17'd1);
    flip = last - k_i;
    face2 = entry[6:4];
    i2 = pick(entry[3:2], k_i, last, flip);
    j2 = pick(entry[1:0], k_i, last, flip);
  end

  if (RegOut) begin : g_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_o <= 1'b0;
      else valid_o <= valid_i;
    end
    always_ff @(posedge clk_i) begin
      face_o <= face2;
      i_o <= i2;
      j_o <= j2;
    end
  end else begin : g_comb
    assign valid_o = valid_i;
    assign face_o = face2;
    assign i_o = i2;
    assign j_o = j2;
    /* verilator lint_off UNUSEDSIGNAL */
    logic nc_clk, nc_rst;
    assign nc_clk = clk_i;
    assign nc_rst = rst_ni;
    /* verilator lint_on UNUSEDSIGNAL */
  end
endmodule
