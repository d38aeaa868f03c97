#!/usr/bin/env bash
# Self-test of fmax.sh's harness generator (fmax_wrap.py) and of ff_pack.py on a block small
# enough to reason about by hand (CTest fpga.tools):
#   - in[7:4] is never read: the harness must tie those bits to 0 and shift only in[3:0];
#   - 5 outputs fold three to a cell: two fold flops;
#   - ff_pack.py: the block's delay flops (fed by flops) take a cell of their own, the flops
#     behind a LUT that feeds nothing else share its cell.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
command -v yosys >/dev/null || { echo "check_tools: yosys not found"; exit 77; }
d="$(mktemp -d)"
trap 'rm -rf "$d"' EXIT
cat > "$d/blk.sv" <<'EOF'
module blk (input logic clk_i, input logic rst_ni, input logic [7:0] in_i,
            output logic [4:0] out_o);
  logic [3:0] a_q, b_q;
  logic       c_q;
  always_ff @(posedge clk_i) begin
    a_q <= in_i[3:0] ^ {in_i[0], in_i[3:1]};  // one LUT each, feeding only the flop: shared
    b_q <= a_q;                               // a delay line: a cell each
    c_q <= &in_i[3:0];                        // one LUT feeding only this flop: shared
  end
  assign out_o = {c_q, b_q};
endmodule
EOF
fail() { echo "check_tools: $*" >&2; exit 1; }
yosys -q -p "read_verilog -sv $d/blk.sv; hierarchy -top blk; proc; flatten; opt_clean; opt -full; wreduce; opt_clean; write_json $d/ports.json"
python3 "$root/fpga/fmax_wrap.py" "$d/ports.json" blk > "$d/wrap.sv" 2> "$d/wrap.log"
grep -q "inputs 4 bits (4 more tied to 0" "$d/wrap.log" || fail "unused inputs not tied: $(cat "$d/wrap.log")"
grep -q "\.in_i({4'b0, in_q\[3:0\]})" "$d/wrap.sv" || fail "in_i not wired as {4'b0, in_q[3:0]}: $(grep in_i "$d/wrap.sv")"
[[ "$(grep -c 'fold_q\[[0-9]*\] <=' "$d/wrap.sv")" == 2 ]] || fail "5 outputs should fold into 2 flops"
yosys -q -p "read_verilog -sv $d/blk.sv $d/wrap.sv; synth_ice40 -top tsu_fmax_wrap -json $d/net.json"
python3 "$root/fpga/ff_pack.py" "$d/net.json" > "$d/ff.txt"
cat "$d/ff.txt"
grep -q "| u_dut.b_q | 4 / 4 | SB_DFF 4 |" "$d/ff.txt" || fail "the delay line b_q should take 4 cells of its own"
if grep -q "| u_dut.[ac]_q |" "$d/ff.txt"; then fail "a_q and c_q (a LUT of fanout 1 each) should share their LUTs' cells"; fi
echo "check_tools: ok"
