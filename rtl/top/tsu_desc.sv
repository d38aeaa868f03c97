// tsu_desc: the descriptor stage. Requests name their surface by handle; the descriptor lives in
// memory (a pool of tsu_pkg::DESC_BYTES slots, docs/descriptors.md) and is read through a small
// fully associative descriptor cache. Golden model: tsu::Unit::BindSurfaceImage (what a slot's
// bytes mean) with the pool addressing of docs/descriptors.md; checked inside the unit's
// co-simulation, which rebinds, invalidates and corrupts descriptors under traffic.
//
// Timing: the tag lookup uses the request's handle as it is accepted, so the cached data is read
// (a registered RAM read) on the accepting edge and a hit leaves the stage on the next cycle:
// one request per cycle while requests hit. A fill takes an invalid entry first, else the next
// in round-robin order. A miss holds the request and fetches the slot, four
// 16-byte lines, on the descriptor read port; the fill writes the data and the tag on the edge
// the last line arrives, so the next request already sees it.
//
// Ordering with the configuration port: a command is taken only while no accepted request still
// waits for its descriptor, and a command in the same cycle as a request goes first. So every
// request uses the pool as it was when the request was accepted.
module tsu_desc #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned HandleW = 20,      // handles 0 .. 2^HandleW - 1 (the pool's largest size)
  parameter int unsigned CacheEntries = 4,  // 0: no cache, every request fetches its descriptor;
                                            // 1: the fetch buffer keeps the last descriptor
  parameter int unsigned PayloadW = 8,      // what travels with the request, untouched
  // The sender holds the request on the input (valid/ready: its payload stays until taken), and
  // the stage reads the payload there instead of a copy of its own: a request is looked up when
  // it shows and the stage is empty, and the input's handshake is the output's (in_ready_o is
  // out_ready_i while the request is resolved). The request is not taken until then, so a
  // configuration command offered meanwhile goes first: the request does not leave in that
  // cycle, and a command taken drops the lookup, which is redone. Saves PayloadW flops, costs a
  // cycle between requests (the next shows only after the handshake); for an address path
  // that takes a request every few cycles anyway.
  parameter bit HoldIn = 1'b0,
  localparam int unsigned IdxW = (CacheEntries > 1) ? $clog2(CacheEntries) : 1,
  localparam int unsigned DescW = 8 * 32'(tsu_pkg::DESC_BYTES)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // Configuration: pool base and size, invalidation (tsu_pkg::cfg_op_e).
  input  logic                 cfg_valid_i,
  output logic                 cfg_ready_o,
  input  tsu_pkg::cfg_op_e     cfg_op_i,
  input  logic [63:0]          cfg_data_i,
  // Requests.
  input  logic                 in_valid_i,
  output logic                 in_ready_o,
  input  logic [63:0]          in_handle_i,
  input  logic                 in_need_i,    // the instruction reads a descriptor (not illegal)
  input  logic [PayloadW-1:0]  in_payload_i,
  output logic                 out_valid_o,
  input  logic                 out_ready_i,
  output logic [PayloadW-1:0]  out_payload_o,
  output tsu_pkg::surf_desc_t  out_desc_o,   // all zero (unbound) when the handle is out of range
  // CacheEntries 1: the fetch buffer itself (out_desc_o before the unbound case). It is unchanged
  // for at least two cycles after a request leaves: the next request's first line is written no
  // earlier than the second edge after that request is accepted (a read's data comes at least a
  // cycle after the read is taken: a_no_stray_line). tsu_surf_addr DescHeld relies on it.
  output tsu_pkg::surf_desc_t  buf_desc_o,
  // CacheEntries 1: out_desc_o is a valid surface (tsu_desc_check), checked once, when the slot
  // is fetched, instead of for every request that uses it (its carry chains then leave the
  // path from this stage into the address path). 0 with out_desc_o all zero.
  output logic                 out_ok_o,
  // Descriptor reads: 16-byte lines, responses in order.
  output logic                 dmem_req_valid_o,
  input  logic                 dmem_req_ready_i,
  output logic [AddrW-1:0]     dmem_req_addr_o,
  input  logic                 dmem_rsp_valid_i,
  output logic                 dmem_rsp_ready_o,
  input  logic [127:0]         dmem_rsp_rdata_i
);
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ = 1;  // accept to out on a hit
  localparam int unsigned CacheSize /*verilator public*/ = CacheEntries;  // read by the bench
  localparam int unsigned HandleWidth /*verilator public*/ = HandleW;
  /* verilator lint_on UNUSEDPARAM */

  // ---- Configuration registers ------------------------------------------------------------------
  logic [AddrW-1:0]  pool_base_q;
  logic [HandleW:0]  pool_entries_q;  // saturates at 2^HandleW
  logic              cfg_take;
  logic              s0_valid_q, s0_resolved;
  assign cfg_ready_o = !(s0_valid_q && !s0_resolved);
  assign cfg_take = cfg_valid_i && cfg_ready_o;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pool_base_q <= '0;
      pool_entries_q <= '0;
    end else if (cfg_take) begin
      if (cfg_op_i == tsu_pkg::CfgSetPoolBase) pool_base_q <= AddrW'(cfg_data_i);
      if (cfg_op_i == tsu_pkg::CfgSetPoolEntries) begin
        pool_entries_q <= (cfg_data_i >> HandleW) != 64'd0 ? (HandleW+1)'(1) << HandleW
                                                           : (HandleW+1)'(cfg_data_i);
      end
    end
  end

  // ---- Accept and look up ------------------------------------------------------------------------
  logic               accept, in_range;
  logic [HandleW-1:0] handle;
  logic               s0_move;
  if (HoldIn) begin : g_hold_in
    // accept: the request is looked up (it stays on the input until s0_move).
    assign in_ready_o = s0_move;
    assign accept = in_valid_i && !cfg_valid_i && !s0_valid_q;
  end else begin : g_copy_in
    assign in_ready_o = !cfg_valid_i && (!s0_valid_q || s0_move);
    assign accept = in_valid_i && in_ready_o;
  end
  assign handle = in_handle_i[HandleW-1:0];
  assign in_range = (in_handle_i >> HandleW) == 64'd0 && {1'b0, handle} < pool_entries_q;

  logic [CacheEntries > 0 ? CacheEntries-1 : 0:0] tag_valid_q;
  logic [HandleW-1:0] tag_q [CacheEntries > 0 ? CacheEntries : 1];
  // Signed bound: with CacheEntries = 0 the loop is empty rather than a constant comparison.
  localparam int NumEntries = CacheEntries;
  localparam int unsigned VecW = CacheEntries > 0 ? CacheEntries : 1;
  // The lookup is a function called where stage 0 and the cache's read register load (on
  // accept): the same compare logic in hardware, and a simulator evaluates the 16 tag compares
  // only for an accepted request, not in every evaluation of every cycle (they were the largest
  // single cost of the throughput model). A handle is in at most one valid entry (a fill only
  // follows a miss, and one request waits at a time: a_hit_unique), so the hit index is an OR of
  // the hit entries' indices, not a priority chain.
  function automatic logic [VecW-1:0] lookup(logic [HandleW-1:0] h);
    lookup = '0;
    for (int e = 0; e < NumEntries; e++) lookup[e] = tag_valid_q[e] && tag_q[e] == h;
  endfunction
  // Bit b of the index is the OR of the hits at entries whose index has bit b set: one masked
  // reduction per index bit (a per-entry OR loop cost a simulator four times as much).
  function automatic logic [VecW-1:0] index_bit_mask(int b);
    index_bit_mask = '0;
    for (int e = 0; e < NumEntries; e++) index_bit_mask[e] = ((e >> b) & 1) != 0;
  endfunction
  function automatic logic [IdxW-1:0] hit_index(logic [VecW-1:0] hits);
    for (int b = 0; b < IdxW; b++) hit_index[b] = |(hits & index_bit_mask(b));
  endfunction

  // ---- Stage 0: the accepted request, waiting for its descriptor ----------------------------------
  logic [PayloadW-1:0] s0_payload_q;
  logic [HandleW-1:0]  s0_handle_q;
  logic                s0_need_q;      // in range and needs a descriptor
  logic                s0_hit_q;       // found in the cache at accept
  logic                s0_fetched_q;   // its slot was fetched into fetch_q
  assign s0_resolved = !s0_need_q || s0_hit_q || s0_fetched_q;
  assign s0_move = out_valid_o && out_ready_i;

  // ---- Fetch: four line reads into fetch_q --------------------------------------------------------
  logic [DescW-1:0] fetch_q;
  logic [2:0]       sent_q, got_q;     // lines requested / returned, 0..4
  logic             fetching, rsp_take, fill;
  assign fetching = s0_valid_q && s0_need_q && !s0_hit_q && !s0_fetched_q;
  assign dmem_req_valid_o = fetching && sent_q != 3'd4;
  assign dmem_req_addr_o = pool_base_q + (AddrW'(s0_handle_q) << tsu_pkg::DESC_BYTES_LOG2) +
                           (AddrW'(sent_q[1:0]) << 4);
  assign dmem_rsp_ready_o = 1'b1;  // at most four lines are ever outstanding, one buffer each
  assign rsp_take = dmem_rsp_valid_i && fetching;
  assign fill = rsp_take && got_q == 3'd3;  // the last line arrives

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s0_valid_q <= 1'b0;
      s0_fetched_q <= 1'b0;
      sent_q <= '0;
      got_q <= '0;
    end else begin
      if (accept) begin
        s0_valid_q <= 1'b1;
        s0_fetched_q <= 1'b0;
        sent_q <= '0;
        got_q <= '0;
      end else begin
        if (s0_move || (HoldIn && cfg_take)) s0_valid_q <= 1'b0;
        if (dmem_req_valid_o && dmem_req_ready_i) sent_q <= sent_q + 3'd1;
        if (rsp_take) got_q <= got_q + 3'd1;
        if (fill) s0_fetched_q <= 1'b1;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (accept) begin
      if (!HoldIn) s0_payload_q <= in_payload_i;
      s0_handle_q <= handle;
      s0_need_q <= in_need_i && in_range;
      s0_hit_q <= |lookup(handle);
`ifndef SYNTHESIS
      // Checked for every accepted request, where the lookup is used.
      a_hit_unique: assert ($onehot0(lookup(handle)));
`endif
    end
    // One enable per line (a constant slice each): a variable part-select here became a shifter.
    for (int l = 0; l < 4; l++) begin
      if (rsp_take && got_q[1:0] == 2'(l)) fetch_q[128*l +: 128] <= dmem_rsp_rdata_i;
    end
  end

  // The buffer's format, for the one-entry buffer's check at the fill. Its struct members are
  // read here: yosys 0.23 reads no struct member inside a generate block (it gave x, and the
  // gate-level run caught it).
  tsu_pkg::surf_desc_t   fetch_desc;
  tsu_hw_pkg::fmt_info_t fetch_fmt;
  logic                  fetch_legal;
  logic [2:0]            fetch_texel_log2;
  assign fetch_desc = fetch_q;
  tsu_fmt_decode u_fetch_fmt (
    .order_i(fetch_desc.chorder),
    .type_i (fetch_desc.chtype),
    .info_o (fetch_fmt)
  );
  assign fetch_legal = fetch_fmt.legal;
  assign fetch_texel_log2 = fetch_fmt.texel_log2;
  // Registered: the check at the fill reads the format decoded a cycle earlier. Lines 0 and 1,
  // which hold the format, arrive at least two edges before the last line (a_fill_fmt_held).
  logic       fetch_legal_q;
  logic [2:0] fetch_texel_log2_q;
  always_ff @(posedge clk_i) begin
    fetch_legal_q <= fetch_legal;
    fetch_texel_log2_q <= fetch_texel_log2;
  end
  logic unused_fetch;  // only the one-entry buffer checks at the fill
  assign unused_fetch = ^{fetch_desc, fetch_fmt, fetch_legal, fetch_texel_log2, fetch_legal_q,
                          fetch_texel_log2_q};

  // ---- The cache: tags in flops, data in a RAM with a registered read ------------------------------
  logic [DescW-1:0] cached;
  logic             inv_all, inv_one;
  assign inv_all = cfg_take && cfg_op_i == tsu_pkg::CfgInvalidateAll;
  assign inv_one = cfg_take && cfg_op_i == tsu_pkg::CfgInvalidateHandle;
  if (CacheEntries > 1) begin : g_cache
    logic [DescW-1:0] data_q [CacheEntries];
    logic [DescW-1:0] rdata_q;
    logic [IdxW-1:0]  victim_q;   // round-robin replacement among valid entries
    logic [DescW-1:0] fill_data;
    assign fill_data = {dmem_rsp_rdata_i, fetch_q[383:0]};
    // A fill goes into an invalid entry when there is one (the lowest), so that a rebind, which
    // invalidates one entry, costs one fetch: evicting a live entry instead would make that one
    // miss next, and so on around a working set the size of the cache. Functions called where a
    // fill writes (the same logic in hardware; a simulator evaluates them only on a fill).
    function automatic logic have_free(logic [CacheEntries-1:0] valid);
      have_free = !(&valid);
    endfunction
    function automatic logic [IdxW-1:0] fill_index(logic [CacheEntries-1:0] valid,
                                                   logic [IdxW-1:0] victim);
      fill_index = victim;
      for (int e = CacheEntries - 1; e >= 0; e--) begin
        if (!valid[e]) fill_index = IdxW'(e);
      end
    endfunction
`ifndef SYNTHESIS
    // The cover points read a net: with the function called inside the property, Verilator
    // 5.006 never counted a fill into a free entry (Desc.RandomTrafficAgainstThePoolRule).
    logic free_c;
    assign free_c = have_free(tag_valid_q);
    /* verilator lint_off SYNCASYNCNET */
    c_desc_fill_free: cover property (@(posedge clk_i) disable iff (!rst_ni)
        fill && free_c && |tag_valid_q);
    c_desc_fill_evict: cover property (@(posedge clk_i) disable iff (!rst_ni) fill && !free_c);
    /* verilator lint_on SYNCASYNCNET */
`endif
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        tag_valid_q <= '0;
        victim_q <= '0;
      end else begin
        // The tags are compared only under an invalidate command (a simulator skips the
        // comparisons on every other cycle; the same logic).
        if (inv_all || inv_one) begin
          for (int e = 0; e < CacheEntries; e++) begin
            if (inv_all || (tag_q[e] == HandleW'(cfg_data_i) &&
                            (cfg_data_i >> HandleW) == 64'd0)) begin
              tag_valid_q[e] <= 1'b0;
            end
          end
        end
        if (fill) begin
          tag_valid_q[fill_index(tag_valid_q, victim_q)] <= 1'b1;
          if (!have_free(tag_valid_q)) begin
            victim_q <= (32'(victim_q) == CacheEntries - 1) ? '0 : victim_q + 1'b1;
          end
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (fill) begin
        tag_q[fill_index(tag_valid_q, victim_q)] <= s0_handle_q;
        data_q[fill_index(tag_valid_q, victim_q)] <= fill_data;
      end
      if (accept) rdata_q <= data_q[hit_index(lookup(handle))];
    end
    assign cached = rdata_q;
    assign out_ok_o = 1'b0;
  end else if (CacheEntries == 1) begin : g_fetch_buffer
    // One entry: the fetch buffer itself, tagged with the handle it holds. A fetch overwrites
    // it line by line, so the tag is invalid from the first line until the fill. The check
    // reads lines 0 and 1 only (not the strides), so at the fill edge fetch_q has what it reads,
    // and their format, decoded into a register a cycle earlier.
    logic fill_ok, ok_q, unused_check;
    tsu_desc_check #(.RegOut(1'b0)) u_fill_check (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .valid_i     (fill),
      .desc_i      (fetch_q),
      .fmt_legal_i (fetch_legal_q),
      .texel_log2_i(fetch_texel_log2_q),
      .valid_o     (unused_check),
      .ok_o        (fill_ok)
    );
    always_ff @(posedge clk_i) begin
      if (fill) ok_q <= fill_ok;
    end
    assign out_ok_o = s0_need_q && ok_q;
    logic unused_fill;
    assign unused_fill = unused_check;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        tag_valid_q <= '0;
      end else if (inv_all || (inv_one && tag_q[0] == HandleW'(cfg_data_i) &&
                               (cfg_data_i >> HandleW) == 64'd0)) begin
        tag_valid_q <= '0;
      end else if (rsp_take) begin
        tag_valid_q <= fill;
      end
    end
    always_ff @(posedge clk_i) begin
      if (fill) tag_q[0] <= s0_handle_q;
    end
    assign cached = fetch_q;
  end else begin : g_no_cache
    assign tag_valid_q = '0;
    assign tag_q[0] = '0;
    assign cached = '0;
    assign out_ok_o = 1'b0;
    logic unused_cache;
    assign unused_cache = ^{inv_all, inv_one};
  end

  assign out_valid_o = s0_valid_q && s0_resolved && !(HoldIn && cfg_valid_i);
  assign out_payload_o = HoldIn ? in_payload_i : s0_payload_q;
  assign out_desc_o = !s0_need_q ? '0 : (s0_fetched_q || CacheEntries == 1) ? fetch_q : cached;
  assign buf_desc_o = fetch_q;

`ifndef SYNTHESIS
  /* verilator lint_off SYNCASYNCNET */
  // The cover point reads a net (see free_c); a model built without cover points drops it.
  logic hit_c;
  assign hit_c = |lookup(handle);
  if (HoldIn) begin : g_hold_check
    // The sender's side of the contract this stage relies on.
    a_input_held: assert property (@(posedge clk_i) disable iff (!rst_ni)
        s0_valid_q |-> in_valid_i && $stable(in_payload_i) && $stable(in_handle_i));
  end
  always @(posedge clk_i) if (rst_ni) a_fetch_lines: assert (got_q <= sent_q && sent_q <= 3'd4);
  always @(posedge clk_i) if (rst_ni && fill)
    a_fill_fmt_held: assert (fetch_legal_q == fetch_legal &&
                             fetch_texel_log2_q == fetch_texel_log2);
  always @(posedge clk_i) if (rst_ni && dmem_rsp_valid_i)
    a_no_stray_line: assert (fetching && got_q < sent_q);
  always @(posedge clk_i) if (rst_ni && out_valid_o)
    a_out_known: assert (!$isunknown(out_desc_o));
  c_desc_hit: cover property (@(posedge clk_i) accept && in_need_i && in_range && hit_c);
  c_desc_miss: cover property (@(posedge clk_i) fill);
  c_desc_out_of_range: cover property (@(posedge clk_i) accept && in_need_i && !in_range);
  c_desc_invalidate_all: cover property (@(posedge clk_i) inv_all);
  c_desc_invalidate_one: cover property (@(posedge clk_i) inv_one);
  c_desc_cfg_waits: cover property (@(posedge clk_i) cfg_valid_i && !cfg_ready_o);
  /* verilator lint_on SYNCASYNCNET */
`endif
endmodule
