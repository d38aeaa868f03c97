// tsu_tex_cache: the texel cache. It sits on the texture path's in-order read port (texel and
// residency lines, 16 bytes each) and answers every read, in order, with the line as memory holds
// it. Golden function: memory itself (tsu::MemoryPort::Read of the line at the time of the read);
// what it must not do is answer from a line that a later write or invalidation made stale.
//
// Organisation: SizeBytes in Ways-way sets of LineBytes lines (a fill reads LineBytes / 16 memory
// lines). SizeBytes = 0 builds no cache: requests and lines pass through.
//
// Non-blocking and in order (the texture caches of Igehy, Eldridge and Proudfoot, "Prefetching in
// a texture cache architecture", 1998): the lookup checks the tags when a read arrives, sends a
// miss to memory at once and queues the read (a fragment: the line's slot) behind the older ones;
// the fragment at the head of the queue is answered from the data array once its line has
// arrived. Hits under misses therefore cost no memory latency of their own, and the cache keeps
// the read port busy at one lookup per clock.
//
// Replacement may not take a line that a queued fragment still has to read. Each line has a busy
// bit, set when a fragment is queued for it, and the sequence number of its last such fragment;
// when the head fragment is answered and it is its line's last one, the bit clears. Numbers are
// unique inside the queue's window, so the rule is exact (an earlier form compared the number
// with the window and let stale numbers alias into it: false stalls cost the rendered cube map
// 13%). A miss takes an invalid free way first, else the first free way from a rotating pointer;
// with none free the lookup waits (the queue always drains, since fills return in order).
//
// Coherence (docs/semantics.md H13): a write that the unit sends to memory invalidates the line
// it hits (inv_valid_i); the unit's ordering rule H11 keeps texture reads out of flight while
// writes happen, so no queued fragment can be older than the write it should see. inv_all_i drops
// every line: the configuration port's invalidate_all, for software that writes texture memory
// behind the unit. Either waits one cycle in the lookup (it uses the lookup's tag read port).
//
// Timing: a hit is answered 3 cycles after its read is accepted (lookup on the accepting cycle
// while the input buffer is empty, data-array read, output buffer); a miss 3 cycles later than
// memory answers a plain read (the miss queue, then the line forwarded to the answer as it is
// written). One read per clock while the queue has room.
module tsu_tex_cache #(
  parameter int unsigned AddrW = 48,
  parameter int unsigned SizeBytes = 2048,  // 0: no cache
  parameter int unsigned Ways = 4,
  parameter int unsigned LineBytes = 16,    // 16, 32 or 64
  parameter int unsigned Depth = 32,        // reads between lookup and answer (the engine's MaxReads)
  // Set index: 0 the line address's low bits; 1 those XOR the next set-index-wide bits. A bank
  // of tsu_tex_cache_banked holds the lines its requester maps to it (a 2x2 footprint's lines,
  // one per bank), which can fix the low line-address bits of every line it sees: block-linear
  // texels by {x, y} parity fix two of them, and a plain index would use a quarter of the sets.
  parameter bit          SetHash = 1'b0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // Invalidation: one line (a write left for memory at inv_addr_i), or every line.
  input  logic             inv_valid_i,
  input  logic [AddrW-1:0] inv_addr_i,
  input  logic             inv_all_i,
  // Reads (16-byte lines, addr[3:0] ignored) and their lines, in order.
  input  logic             req_valid_i,
  output logic             req_ready_o,
  input  logic [AddrW-1:0] req_addr_i,
  output logic             rsp_valid_o,
  input  logic             rsp_ready_i,
  output logic [127:0]     rsp_data_o,
  // Memory: 16-byte line reads, in-order responses.
  output logic             mem_req_valid_o,
  input  logic             mem_req_ready_i,
  output logic [AddrW-1:0] mem_req_addr_o,
  input  logic             mem_rsp_valid_i,
  output logic             mem_rsp_ready_o,
  input  logic [127:0]     mem_rsp_data_i,
  // Performance counters: reads looked up and reads that missed (wrap at 2^32).
  output logic [31:0]      lookups_o,
  output logic [31:0]      misses_o
);
  localparam int unsigned Lines = SizeBytes / LineBytes;
  localparam int unsigned Sets = (SizeBytes == 0) ? 1 : Lines / Ways;
  localparam int unsigned Beats = LineBytes / 16;
  localparam int unsigned OffW = $clog2(LineBytes);
  localparam int unsigned SetBits = $clog2(Sets);             // 0 when fully associative
  localparam int unsigned SetW = (Sets > 1) ? SetBits : 1;
  localparam int unsigned WayW = (Ways > 1) ? $clog2(Ways) : 1;
  localparam int unsigned SlotW = (Lines > 1) ? $clog2(Lines) : 1;
  localparam int unsigned BeatW = (Beats > 1) ? $clog2(Beats) : 1;
  // With the hash the set no longer gives the low line-address bits back: the tag keeps them.
  localparam int unsigned TagBits = AddrW - OffW - (SetHash ? 0 : SetBits);
  localparam int unsigned SeqW = $clog2(Depth) + 1;  // unique among Depth queued fragments
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned Latency /*verilator public*/ =  // a hit
      (SizeBytes == 0) ? 0 : tsu_hw_pkg::tex_cache_latency();
  localparam int unsigned CacheBytes /*verilator public*/ = SizeBytes;
  /* verilator lint_on UNUSEDPARAM */

  logic [31:0] lookups_q, misses_q;
  assign lookups_o = lookups_q;
  assign misses_o = misses_q;

  if (SizeBytes == 0) begin : g_none
    assign req_ready_o = mem_req_ready_i;
    assign mem_req_valid_o = req_valid_i;
    assign mem_req_addr_o = {req_addr_i[AddrW-1:4], 4'd0};
    assign rsp_valid_o = mem_rsp_valid_i;
    assign mem_rsp_ready_o = rsp_ready_i;
    assign rsp_data_o = mem_rsp_data_i;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        lookups_q <= '0;
        misses_q <= '0;
      end else if (req_valid_i && mem_req_ready_i) begin
        lookups_q <= lookups_q + 32'd1;
        misses_q <= misses_q + 32'd1;
      end
    end
    logic unused_inv;
    assign unused_inv = ^{inv_valid_i, inv_addr_i, inv_all_i, req_addr_i[3:0]};
  end else begin : g_cache
    // ---- Input buffer: the port's ready is a register ------------------------------------------
    logic             in_full, in_empty, go;
    logic [AddrW-1:0] h_addr;
    logic [1:0]       nc_in_count;
    // The lookup takes the buffer's head, or the port itself while the buffer is empty (a read
    // looked up on the cycle it is accepted never enters the buffer).
    logic             l_valid, l_direct;
    logic [AddrW-1:0] l_req;
    assign l_direct = in_empty;
    assign l_valid = !in_empty || req_valid_i;
    assign l_req = in_empty ? req_addr_i : h_addr;
    tsu_fifo #(.Width(AddrW), .Depth(2)) u_in (
      .clk_i, .rst_ni, .push_i(req_valid_i && req_ready_o && !(l_direct && go)),
      .data_i(req_addr_i), .pop_i(go && !l_direct),
      .data_o(h_addr), .empty_o(in_empty), .full_o(in_full), .count_o(nc_in_count)
    );
    assign req_ready_o = !in_full;

    // ---- Lookup --------------------------------------------------------------------------------
    // The fragment window: fragments [head_q, tail_q) wait for their answer.
    logic [SeqW-1:0]  head_q, tail_q;
    logic             inv_any;
    logic [AddrW-1:0] l_addr;
    logic [SetW-1:0]  l_set;
    logic [TagBits-1:0] l_tag;
    logic [BeatW-1:0] l_beat;
    assign inv_any = inv_valid_i || inv_all_i;
    // An invalidation borrows the lookup's tag read port for its cycle.
    assign l_addr = inv_valid_i ? inv_addr_i : l_req;
    if (Sets > 1 && SetHash) begin : g_set_hash
      assign l_set = l_addr[OffW +: SetW] ^ l_addr[OffW + SetW +: SetW];
    end else if (Sets > 1) begin : g_set
      assign l_set = l_addr[OffW +: SetW];
    end else begin : g_one_set
      assign l_set = '0;
    end
    assign l_tag = l_addr[AddrW-1 -: TagBits];
    if (Beats > 1) begin : g_beat
      assign l_beat = l_addr[4 +: BeatW];
    end else begin : g_one_beat
      assign l_beat = '0;
    end

    logic [Lines-1:0] valid_q, pending_q, busy_q;
    logic [TagBits-1:0] way_tag [Ways];
    logic [Ways-1:0]    way_hit, way_busy, way_valid;
    logic [WayW-1:0]    hit_way, victim, rot_q, use_way;
    logic               hit, have_victim, frag_full, alloc;
    // Way w's line of the lookup's set, as a slot index (SlotW bits: the valid and busy bits'
    // decoders then have SlotW inputs, not a 32-bit product's).
    logic [SlotW-1:0]   set_slot [Ways];
    for (genvar w = 0; w < Ways; w++) begin : g_set_slot
      assign set_slot[w] = SlotW'((32'(l_set) * Ways + 32'(w)) % Lines);
    end
    always_comb begin
      hit_way = '0;
      for (int w = Ways - 1; w >= 0; w--) begin
        way_valid[w] = valid_q[set_slot[w]];
        way_hit[w] = way_valid[w] && way_tag[w] == l_tag;
        way_busy[w] = busy_q[set_slot[w]];
        if (way_hit[w]) hit_way = WayW'(w);
      end
      hit = |way_hit;
      // Victim: an invalid free way, else the first free way from the rotating pointer.
      have_victim = 1'b0;
      victim = '0;
      for (int k = Ways - 1; k >= 0; k--) begin
        if (!way_busy[(32'(rot_q) + 32'(k)) % Ways]) begin
          have_victim = 1'b1;
          victim = WayW'((32'(rot_q) + 32'(k)) % Ways);
        end
      end
      for (int w = Ways - 1; w >= 0; w--) begin
        if (!way_busy[w] && !way_valid[w]) victim = WayW'(w);
      end
    end
    assign go = l_valid && !inv_any && !frag_full && (hit || have_victim);
    assign alloc = go && !hit;
    assign use_way = hit ? hit_way : victim;
    logic [SlotW-1:0] slot;
    assign slot = SlotW'(32'(l_set) * Ways + 32'(use_way));

    for (genvar w = 0; w < Ways; w++) begin : g_way
      // Tags: one read (the lookup's set) and one write per cycle, so yosys can keep them in
      // distributed RAM. No reset: valid_q says what a tag means.
      logic [TagBits-1:0] tag_q [Sets];
      always_ff @(posedge clk_i) begin
        if (alloc && victim == WayW'(w)) tag_q[l_set] <= l_tag;
      end
      assign way_tag[w] = tag_q[l_set];
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= '0;
        rot_q <= '0;
        tail_q <= '0;
        lookups_q <= '0;
        misses_q <= '0;
      end else begin
        if (inv_all_i) begin
          valid_q <= '0;
        end else if (inv_valid_i) begin
          for (int w = 0; w < Ways; w++) begin
            if (way_hit[w]) valid_q[set_slot[w]] <= 1'b0;
          end
        end else if (alloc) begin
          valid_q[slot] <= 1'b1;
        end
        if (alloc) rot_q <= WayW'((32'(rot_q) + 1) % Ways);
        if (go) begin
          tail_q <= tail_q + 1'b1;
          lookups_q <= lookups_q + 32'd1;
          misses_q <= misses_q + 32'(alloc);
        end
      end
    end

    // ---- Queues: fragments (slot, beat), misses to issue, fills to expect -----------------------
    logic [SlotW+BeatW-1:0] f_head;
    logic                   f_empty, f_pop;
    logic [$clog2(Depth + 1)-1:0] nc_f_count, nc_m_count, nc_r_count;
    tsu_fifo #(.Width(SlotW + BeatW), .Depth(Depth)) u_frag (
      .clk_i, .rst_ni, .push_i(go), .data_i({slot, l_beat}), .pop_i(f_pop),
      .data_o(f_head), .empty_o(f_empty), .full_o(frag_full), .count_o(nc_f_count)
    );
    localparam int unsigned LineAW = AddrW - OffW;
    logic [LineAW-1:0] m_line;
    logic              m_empty, m_pop, nc_m_full;
    logic [BeatW-1:0]  m_beat_q;
    tsu_fifo #(.Width(LineAW), .Depth(Depth)) u_miss (
      .clk_i, .rst_ni, .push_i(alloc), .data_i(l_addr[AddrW-1:OffW]), .pop_i(m_pop),
      .data_o(m_line), .empty_o(m_empty), .full_o(nc_m_full), .count_o(nc_m_count)
    );
    assign mem_req_valid_o = !m_empty;
    if (Beats > 1) begin : g_addr_beats
      assign mem_req_addr_o = {m_line, m_beat_q, 4'd0};
    end else begin : g_addr_line
      assign mem_req_addr_o = {m_line, 4'd0};
    end
    assign m_pop = mem_req_valid_o && mem_req_ready_i && 32'(m_beat_q) == Beats - 1;
    logic [SlotW-1:0] r_slot;
    logic             r_empty, r_last, nc_r_full;
    logic [BeatW-1:0] r_beat_q;
    tsu_fifo #(.Width(SlotW), .Depth(Depth)) u_fill (
      .clk_i, .rst_ni, .push_i(alloc), .data_i(slot), .pop_i(mem_rsp_valid_i && r_last),
      .data_o(r_slot), .empty_o(r_empty), .full_o(nc_r_full), .count_o(nc_r_count)
    );
    assign r_last = 32'(r_beat_q) == Beats - 1;
    assign mem_rsp_ready_o = 1'b1;  // the data array takes a line every cycle
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        m_beat_q <= '0;
        r_beat_q <= '0;
        pending_q <= '0;
      end else begin
        if (mem_req_valid_o && mem_req_ready_i) m_beat_q <= m_pop ? '0 : m_beat_q + 1'b1;
        if (mem_rsp_valid_i) r_beat_q <= r_last ? '0 : r_beat_q + 1'b1;
        // An allocation sets its line's bit, the last beat of a fill clears its line's.
        pending_q <= (pending_q & ~(Lines'(mem_rsp_valid_i && r_last) << r_slot)) |
                     (Lines'(alloc) << slot);
      end
    end

    // ---- Data array and answers -------------------------------------------------------------------
    // One write port (fills) and one registered read port (the head), nothing between the array
    // and its read register, so yosys maps it to block RAM (iCE40 EBR) as well as LUT RAM. A read
    // and a write of one entry in a cycle never meet: the head reads a line only once it is in,
    // or forwarded on the cycle its last beat arrives (no_rw_check).
    (* no_rw_check *) logic [127:0] data_q [Lines * Beats];
    logic [127:0] rd_q, rd_mem_q, rd_fwd_q;
    logic         rd_valid_q, rd_from_fill_q, o_empty, nc_o_full;
    logic [2:0]   o_count;
    logic [SlotW-1:0] f_slot;
    logic [BeatW-1:0] f_beat;
    logic             fill_now;  // the head's line completes this cycle
    assign {f_slot, f_beat} = f_head;
    always_ff @(posedge clk_i) begin
      if (mem_rsp_valid_i) data_q[32'(r_slot) * Beats + 32'(r_beat_q)] <= mem_rsp_data_i;
    end
    always_ff @(posedge clk_i) begin
      rd_mem_q <= data_q[32'(f_slot) * Beats + 32'(f_beat)];
    end
    // The line the head waits for, forwarded on the cycle it arrives (earlier beats of a longer
    // line are in the array by then).
    always_ff @(posedge clk_i) begin
      rd_from_fill_q <= fill_now && f_beat == r_beat_q;
      rd_fwd_q <= mem_rsp_data_i;
    end
    assign rd_q = rd_from_fill_q ? rd_fwd_q : rd_mem_q;
    // The head reads once its line is in and the output buffer has room for what is on its way.
    assign fill_now = mem_rsp_valid_i && r_last && r_slot == f_slot;
    assign f_pop = !f_empty && (!pending_q[f_slot] || fill_now) && 32'(o_count) + 32'(rd_valid_q) < 4;

    // Busy lines: the last fragment queued for each line (its sequence number; one write at the
    // lookup, one read at the head, so distributed RAM, no reset); the head fragment frees its
    // line when it is that last one, unless a lookup queues another for it on the same edge.
    logic [SeqW-1:0] last_q [Lines];
    logic            head_frees;
    always_ff @(posedge clk_i) begin
      if (go) last_q[slot] <= tail_q;
    end
    assign head_frees = f_pop && last_q[f_slot] == head_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rd_valid_q <= 1'b0;
        head_q <= '0;
        busy_q <= '0;
      end else begin
        rd_valid_q <= f_pop;
        if (f_pop) head_q <= head_q + 1'b1;
        // A lookup makes its line busy, the head fragment frees the head's line.
        busy_q <= (busy_q & ~(Lines'(head_frees) << f_slot)) | (Lines'(go) << slot);
      end
    end
    tsu_fifo #(.Width(128), .Depth(4)) u_out (
      .clk_i, .rst_ni, .push_i(rd_valid_q), .data_i(rd_q), .pop_i(rsp_valid_o && rsp_ready_i),
      .data_o(rsp_data_o), .empty_o(o_empty), .full_o(nc_o_full), .count_o(o_count)
    );
    assign rsp_valid_o = !o_empty;
    logic unused_cache;
    assign unused_cache = ^{nc_in_count, nc_f_count, nc_m_count, nc_r_count, nc_m_full, nc_r_full,
                            nc_o_full, l_addr[3:0]};

`ifndef SYNTHESIS
    /* verilator lint_off SYNCASYNCNET */
    // A line arrives only for a miss that was sent.
    always @(posedge clk_i) if (rst_ni && mem_rsp_valid_i)
      a_fill_expected: assert (!r_empty);
    // A fill writes a line that waits for it.
    always @(posedge clk_i) if (rst_ni && mem_rsp_valid_i)
      a_fill_pending: assert (pending_q[r_slot]);
    // Replacement never takes a line a queued fragment still reads.
    always @(posedge clk_i) if (rst_ni && alloc)
      a_victim_free: assert (!way_busy[victim]);
    // The head fragment's line is busy until it is answered.
    always @(posedge clk_i) if (rst_ni && !f_empty)
      a_head_busy: assert (busy_q[f_slot]);
    c_direct: cover property (@(posedge clk_i) go && l_direct);
    c_forwarded: cover property (@(posedge clk_i) f_pop && fill_now);
    c_hit: cover property (@(posedge clk_i) go && hit);
    c_miss: cover property (@(posedge clk_i) go && !hit);
    c_hit_pending: cover property (@(posedge clk_i) go && hit && pending_q[slot]);
    c_all_busy: cover property (@(posedge clk_i) !in_empty && !inv_any && !hit && !have_victim);
    c_inv_line_hit: cover property (@(posedge clk_i) inv_valid_i && !inv_all_i && hit);
    c_inv_all: cover property (@(posedge clk_i) inv_all_i && valid_q != '0);
    /* verilator lint_on SYNCASYNCNET */
`endif
  end
endmodule
