// A testbench in SystemVerilog alone: tsu_top (the surface unit, EnableTex 0) driven by SV code,
// every response and memory write checked against tsu's golden model through DPI-C
// (tsu_dpi_pkg), the way a team would check its own unit. It shares no code with the C++ bench
// (tb/cosim): its own random requests, memory model with random latency, backpressure,
// protocol checks and scoreboard. Built with `verilator --binary --timing` (CTest
// dpi.sv_testbench); docs/dpi.md.
//
// Plusargs: +seed=N (default 1), +ops=N requests (default 20000), +latency=N largest memory
// latency (default 12), +stall=P percent of cycles each ready is low (default 20), +corrupt=N
// (the checker's self-test: request N's expected trap cause is changed, so the run must fail).
// Ends with "PASS", or "FAIL" (the transaction, field and cycle) and the command that repeats it.
// The bench's own state is kept with blocking assignments inside its clocked process (nothing
// else reads it); every input of the unit is assigned nonblocking.
/* verilator lint_off BLKSEQ */
module tsu_sv_tb;
  import tsu_pkg::*;
  import tsu_dpi_pkg::*;

  localparam int unsigned AddrW = 48;
  localparam int Surfaces = 12;             // slots 0..11 hold surfaces; 12..15 stay unbound
  localparam int PoolEntries = 16;
  localparam longint PoolBase = 64'hF000_0000;
  localparam longint MaxSurfaceBytes = 64'd131072;

  int unsigned seed = 1, ops = 20000, max_latency = 12, stall = 20;
  longint corrupt = -1;

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk <= ~clk;

  // ---- The unit ------------------------------------------------------------------------------
  logic             cfg_valid = 1'b0, cfg_ready;
  cfg_op_e          cfg_op = CfgInvalidateAll;
  logic [63:0]      cfg_data = '0;
  logic             req_valid = 1'b0, req_ready;
  opcode_e          req_opcode = OpSuld;
  addressing_e      req_addressing = AddrByte;
  geom_e            req_geom = Geom1d;
  vec_e             req_vec = Vec1;
  dtype_e           req_type = TypeB32;
  clamp_e           req_clamp = ClampTrap;
  redop_e           req_redop = RedAdd;
  query_e           req_query = QueryWidth;
  logic [63:0]      req_handle = '0;
  logic [7:0]       req_tag = '0;
  logic [127:0]     req_coords = '0;
  logic [255:0]     req_data = '0;
  logic             rsp_valid, rsp_ready = 1'b0;
  logic [7:0]       rsp_tag;
  logic [255:0]     rsp_data;
  logic [2:0]       rsp_count, rsp_trap;
  logic [3:0]       rsp_oob;
  logic             rsp_misaligned, rsp_clamped, rsp_suppressed, rsp_pred;
  logic             mem_req_valid, mem_req_ready = 1'b0, mem_req_we;
  logic [AddrW-1:0] mem_req_addr;
  logic [127:0]     mem_req_wdata;
  logic [15:0]      mem_req_mask;
  logic             mem_rsp_valid = 1'b0, mem_rsp_ready;
  logic [127:0]     mem_rsp_rdata = '0;
  logic             dmem_req_valid, dmem_req_ready = 1'b0;
  logic [AddrW-1:0] dmem_req_addr;
  logic             dmem_rsp_valid = 1'b0, dmem_rsp_ready;
  logic [127:0]     dmem_rsp_rdata = '0;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]      perf_lookups, perf_misses;  // the surface unit has no texel cache
  /* verilator lint_on UNUSEDSIGNAL */

  // The surface unit: this bench's stimulus has no tex (fpga/configs/surface.cfg).
  tsu_top #(.AddrW(AddrW), .EnableTex(1'b0)) u_dut (
    .clk_i(clk), .rst_ni(rst_n),
    .cfg_valid_i(cfg_valid), .cfg_ready_o(cfg_ready), .cfg_op_i(cfg_op), .cfg_data_i(cfg_data),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_opcode_i(req_opcode),
    .req_addressing_i(req_addressing), .req_geom_i(req_geom), .req_vec_i(req_vec),
    .req_type_i(req_type), .req_clamp_i(req_clamp), .req_redop_i(req_redop),
    .req_query_i(req_query), .req_handle_i(req_handle), .req_tag_i(req_tag),
    .req_coords_i(req_coords), .req_data_i(req_data),
    .req_texmode_i(TexModeNone), .req_s32_i(1'b1), .req_compare_i(1'b0),
    .req_has_sampler_i(1'b0), .req_sampler_i(64'd0), .req_lod_i(32'd0), .req_offset_i(12'd0),
    .req_ref_i(32'd0), .req_dpdx_i(96'd0), .req_dpdy_i(96'd0),
    .rsp_valid_o(rsp_valid), .rsp_ready_i(rsp_ready), .rsp_tag_o(rsp_tag), .rsp_data_o(rsp_data),
    .rsp_count_o(rsp_count), .rsp_trap_o(rsp_trap), .rsp_oob_o(rsp_oob),
    .rsp_misaligned_o(rsp_misaligned), .rsp_clamped_o(rsp_clamped),
    .rsp_suppressed_o(rsp_suppressed), .rsp_pred_o(rsp_pred),
    .mem_req_valid_o(mem_req_valid), .mem_req_ready_i(mem_req_ready), .mem_req_we_o(mem_req_we),
    .mem_req_addr_o(mem_req_addr), .mem_req_wdata_o(mem_req_wdata), .mem_req_mask_o(mem_req_mask),
    .mem_rsp_valid_i(mem_rsp_valid), .mem_rsp_ready_o(mem_rsp_ready), .mem_rsp_rdata_i(mem_rsp_rdata),
    .dmem_req_valid_o(dmem_req_valid), .dmem_req_ready_i(dmem_req_ready),
    .dmem_req_addr_o(dmem_req_addr), .dmem_rsp_valid_i(dmem_rsp_valid),
    .dmem_rsp_ready_o(dmem_rsp_ready), .dmem_rsp_rdata_i(dmem_rsp_rdata),
    .perf_tex_lookups_o(perf_lookups), .perf_tex_misses_o(perf_misses)
  );

  // ---- The bench's memory: 16-byte lines; reads answered in order after a random latency -------
  bit [127:0] mem [longint];
  typedef struct packed { longint due; bit [127:0] data; } read_t;
  read_t rd_q[$], drd_q[$];
  longint rd_last_due = 0, drd_last_due = 0;

  function automatic bit [127:0] line_at(longint addr);
    return mem.exists(addr) != 0 ? mem[addr] : '0;
  endfunction

  // ---- What the model expects ----------------------------------------------------------------
  typedef struct packed {
    longint n, cycle;
    bit [7:0] tag;
    int trap, count, oob, flags;
    bit [255:0] data;
  } expect_t;
  typedef struct packed { longint n, addr; int size; bit [127:0] bytes; } write_t;
  expect_t exp_q[$];
  write_t wr_q[$];

  chandle model;
  longint cycle = 0, accepted = 0, responses = 0, writes = 0, reads = 0, dreads = 0;
  int bins_hit[string];
  string last_bins;

  bit failed = 0;
  function automatic void fail(string what);
    if (failed) return;
    failed = 1;
    $display("FAIL: %s", what);
    $display("  seed %0d; repeat with: tsu_sv_tb +seed=%0d +ops=%0d +latency=%0d +stall=%0d",
             seed, seed, ops, max_latency, stall);
    $finish;
  endfunction

  // ---- Random requests (constrained by what the model says each slot holds) ------------------
  function automatic int pick(int lo, int hi);
    return lo + int'($urandom_range(hi - lo));
  endfunction

  function automatic int coord_near(int extent);
    // Mostly inside, often at or just past an edge, sometimes negative or far out.
    case ($urandom_range(9))
      0: return -pick(1, 4);
      1: return extent + pick(0, 3);
      2: return extent - 1;
      3: return 0;
      4: return int'($urandom());
      default: return pick(0, extent > 1 ? extent - 1 : 0);
    endcase
  endfunction

  task automatic next_request();
    int h, g, w, ht, d, layers, tb, x, y, z, l, kind;
    bit bound;
    h = $urandom_range(99) < 95 ? pick(0, Surfaces - 1) : pick(Surfaces, PoolEntries + 3);
    bound = tsu_dpi_surface_info(model, longint'(h), g, w, ht, d, layers, tb) != 0;
    if (!bound) begin
      g = pick(0, 4);
      w = 16; ht = 16; d = 4; layers = 2; tb = 4;
    end
    kind = $urandom_range(99);
    req_opcode <= kind < 32 ? OpSuld : kind < 64 ? OpSust : kind < 88 ? OpSured : OpSuq;
    req_handle <= 64'(h);
    req_geom <= $urandom_range(99) < 95 ? geom_e'(g) : geom_e'(pick(0, 4));
    req_clamp <= clamp_e'(pick(0, 2));
    req_query <= query_e'(pick(0, 6));
    req_addressing <= kind >= 32 && kind < 88 && $urandom_range(1) == 1 ? AddrSample : AddrByte;
    req_vec <= vec_e'(pick(0, 2));
    if (kind >= 64 && kind < 88) begin  // sured: its operations and types
      req_redop <= redop_e'(pick(0, 4));
      req_type <= dtype_e'(pick(4, 7) - ($urandom_range(3) == 0 ? 2 : 0));
      req_vec <= Vec1;
    end else begin
      req_type <= dtype_e'(pick(0, 3));
    end
    // .b addresses x in bytes, .p in elements; both are drawn near the extent in bytes or texels.
    x = coord_near($urandom_range(1) == 1 ? w * tb : w);
    y = coord_near(ht);
    z = coord_near(d);
    l = coord_near(layers > 0 ? layers : 1);
    case (g)
      int'(Geom1d):  req_coords <= {32'($urandom()), 32'($urandom()), 32'($urandom()), 32'(x)};
      int'(Geom2d):  req_coords <= {32'($urandom()), 32'($urandom()), 32'(y), 32'(x)};
      int'(Geom3d):  req_coords <= {32'($urandom()), 32'(z), 32'(y), 32'(x)};
      int'(GeomA1d): req_coords <= {32'($urandom()), 32'($urandom()), 32'(x), 32'(l)};
      default:       req_coords <= {32'($urandom()), 32'(y), 32'(x), 32'(l)};
    endcase
    req_data <= {$urandom(), $urandom(), $urandom(), $urandom(), $urandom(), $urandom(),
                 $urandom(), $urandom()};
  endtask

  // The model's answer to the request the unit takes this cycle.
  task automatic model_accept();
    expect_t e;
    write_t w;
    longint wr_addr;
    int wr_size;
    bit [127:0] wr_data;
    bit [255:0] rdata;
    e.trap = tsu_dpi_execute(model, int'(req_opcode), int'(req_addressing), int'(req_geom),
                             int'(req_vec), int'(req_type), int'(req_clamp), int'(req_redop),
                             int'(req_query), longint'(req_handle), req_coords, req_data,
                             e.count, rdata, e.oob, e.flags, wr_addr, wr_size, wr_data);
    e.data = rdata;
    if (accepted == corrupt) e.trap = e.trap ^ 1;
    e.n = accepted;
    e.cycle = cycle;
    e.tag = req_tag;
    exp_q.push_back(e);
    if (wr_size != 0) begin
      w.n = accepted;
      w.addr = wr_addr;
      w.size = wr_size;
      w.bytes = wr_data;
      wr_q.push_back(w);
    end
    last_bins = tsu_dpi_coverage_last(model);
    accepted++;
  endtask

  task automatic check_response();
    expect_t e;
    string d;
    if (exp_q.size() == 0) fail($sformatf("a response (tag %0d) at cycle %0d with no request outstanding", rsp_tag, cycle));
    e = exp_q.pop_front();
    d = "";
    if (rsp_tag != e.tag) d = {d, $sformatf(" tag: expected %0d, got %0d;", e.tag, rsp_tag)};
    if (int'(rsp_trap) != e.trap) d = {d, $sformatf(" trap: expected %0d, got %0d;", e.trap, rsp_trap)};
    if (int'(rsp_count) != e.count) d = {d, $sformatf(" count: expected %0d, got %0d;", e.count, rsp_count)};
    if (int'(rsp_oob) != e.oob) d = {d, $sformatf(" oob: expected %0h, got %0h;", e.oob, rsp_oob)};
    if ({rsp_pred, rsp_suppressed, rsp_clamped, rsp_misaligned} != 4'(e.flags))
      d = {d, $sformatf(" flags (pred suppressed clamped misaligned): expected %b, got %b;", 4'(e.flags),
                        {rsp_pred, rsp_suppressed, rsp_clamped, rsp_misaligned})};
    for (int i = 0; i < e.count && i < 4; i++)
      if (rsp_data[64*i +: 64] != e.data[64*i +: 64])
        d = {d, $sformatf(" data[%0d]: expected %h, got %h;", i, e.data[64*i +: 64], rsp_data[64*i +: 64])};
    if (d != "") fail($sformatf("response to request #%0d (accepted at cycle %0d) at cycle %0d:%s", e.n, e.cycle, cycle, d));
    responses++;
  endtask

  task automatic check_write();
    write_t w;
    int first, n;
    bit [127:0] line;
    first = 0;
    while (first < 16 && !mem_req_mask[first]) first++;
    n = 0;
    while (first + n < 16 && mem_req_mask[first + n]) n++;
    if (wr_q.size() == 0) fail($sformatf("a memory write to %h at cycle %0d that the model did not make", mem_req_addr, cycle));
    w = wr_q.pop_front();
    if ({16'd0, mem_req_addr} + 64'(first) != w.addr || n != w.size ||
        (mem_req_mask >> (first + n)) != 0)
      fail($sformatf("memory write of request #%0d at cycle %0d: expected %0d bytes at %h, got mask %h at line %h",
                     w.n, cycle, w.size, w.addr, mem_req_mask, mem_req_addr));
    for (int i = 0; i < n; i++)
      if (mem_req_wdata[8*(first+i) +: 8] != w.bytes[8*i +: 8])
        fail($sformatf("memory write of request #%0d at cycle %0d: byte %0d expected %h, got %h",
                       w.n, cycle, i, w.bytes[8*i +: 8], mem_req_wdata[8*(first+i) +: 8]));
    line = line_at(longint'(mem_req_addr));
    for (int i = 0; i < 16; i++) if (mem_req_mask[i]) line[8*i +: 8] = mem_req_wdata[8*i +: 8];
    mem[longint'(mem_req_addr)] = line;
    writes++;
  endtask

  // ---- Protocol: a stalled response or memory request holds its valid and payload ------------
  bit rsp_held = 0, mem_held = 0;
  logic [255+8+3+3+4+4:0] rsp_payload;
  logic [AddrW+128+16:0] mem_payload;

  // ---- The run ----------------------------------------------------------------------------------
  int cfg_step = 0;      // configuration commands taken: pool base, pool size; then requests
  bit cfg_pending = 0;   // an invalidation is on the configuration port
  longint invalidations = 0;
  bit have_req = 0;      // a request is on the pins (offered or not)
  bit [7:0] tag = 0;     // the next request's tag
  longint idle = 0;

  initial begin
    longint size;
    bit [127:0] line;
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("ops=%d", ops));
    void'($value$plusargs("latency=%d", max_latency));
    void'($value$plusargs("stall=%d", stall));
    void'($value$plusargs("corrupt=%d", corrupt));
    void'($urandom(seed));
    model = tsu_dpi_new(int'(AddrW), 1, 1, 1, 0);
    tsu_dpi_set_pool(model, PoolBase, longint'(PoolEntries));
    // Surfaces 1 MiB apart from 1 MiB, each slot and footprint copied into the bench's memory.
    for (longint h = 0; h < longint'(Surfaces); h++) begin
      size = tsu_dpi_random_surface(model, h, longint'(seed) * 1000 + h, (h + 1) << 20,
                                    MaxSurfaceBytes);
      if (size == 0) fail($sformatf("no surface for slot %0d", h));
      for (longint a = (h + 1) << 20; a < ((h + 1) << 20) + size + 64'd16; a += 64'd16) begin
        tsu_dpi_mem_read_line(model, a, line);
        mem[a] = line;
      end
    end
    for (longint a = PoolBase; a < PoolBase + 64 * PoolEntries; a += 16) begin
      tsu_dpi_mem_read_line(model, a, line);
      mem[a] = line;
    end
    repeat (4) @(posedge clk);
    rst_n = 1'b1;
  end

  // The bench's state is updated with blocking assignments (only this process reads it); the
  // unit's inputs with nonblocking ones, so the unit sees them from the next cycle on.
  always @(posedge clk) if (rst_n && !failed) begin
    idle++;
    // -- What completes at this edge (the values of the cycle now ending).
    if (rsp_held && (!rsp_valid || rsp_payload != {rsp_tag, rsp_data, rsp_count, rsp_trap, rsp_oob,
                                                   rsp_misaligned, rsp_clamped, rsp_suppressed, rsp_pred}))
      fail($sformatf("protocol: the response changed or dropped valid while stalled at cycle %0d", cycle));
    if (mem_held && (!mem_req_valid || mem_payload != {mem_req_we, mem_req_addr, mem_req_wdata, mem_req_mask}))
      fail($sformatf("protocol: the memory request changed or dropped valid while stalled at cycle %0d", cycle));
    rsp_held = rsp_valid && !rsp_ready;
    rsp_payload = {rsp_tag, rsp_data, rsp_count, rsp_trap, rsp_oob, rsp_misaligned, rsp_clamped,
                   rsp_suppressed, rsp_pred};
    mem_held = mem_req_valid && !mem_req_ready;
    mem_payload = {mem_req_we, mem_req_addr, mem_req_wdata, mem_req_mask};

    if (cfg_valid && cfg_ready) begin
      if (req_ready) fail($sformatf("request ready while a configuration command is offered at cycle %0d", cycle));
      cfg_step++;
      if (cfg_pending) invalidations++;
      cfg_pending = 0;
      idle = 0;
    end
    if (req_valid && req_ready) begin
      int start = 0;
      model_accept();
      for (int i = 0; i <= last_bins.len(); i++) begin
        if (i == last_bins.len() || last_bins[i] == " ") begin
          if (i > start) begin
            string b = last_bins.substr(start, i - 1);
            bins_hit[b] = bins_hit.exists(b) != 0 ? bins_hit[b] + 1 : 1;
          end
          start = i + 1;
        end
      end
      have_req = 0;
      tag++;
      idle = 0;
    end
    if (rsp_valid && rsp_ready) begin
      check_response();
      idle = 0;
    end
    if (mem_req_valid && mem_req_ready) begin
      idle = 0;
      if (mem_req_we) check_write();
      else begin
        read_t r;
        longint due = cycle + longint'(pick(1, max_latency));
        rd_last_due = rd_last_due > due ? rd_last_due : due;  // in order
        r.due = rd_last_due;
        r.data = line_at(longint'(mem_req_addr));
        rd_q.push_back(r);
        reads++;
      end
    end
    if (mem_rsp_valid && mem_rsp_ready) void'(rd_q.pop_front());
    if (dmem_req_valid && dmem_req_ready) begin
      read_t r;
      longint due = cycle + longint'(pick(1, max_latency));
      idle = 0;
      if (longint'(dmem_req_addr) < PoolBase || longint'(dmem_req_addr) >= PoolBase + 64 * PoolEntries)
        fail($sformatf("a descriptor read of %h outside the pool at cycle %0d", dmem_req_addr, cycle));
      drd_last_due = drd_last_due > due ? drd_last_due : due;
      r.due = drd_last_due;
      r.data = line_at(longint'(dmem_req_addr));
      drd_q.push_back(r);
      dreads++;
    end
    if (dmem_rsp_valid && dmem_rsp_ready) void'(drd_q.pop_front());
    if (idle > 20000) fail($sformatf("hang: nothing for 20000 cycles at cycle %0d", cycle));
    cycle++;

    // -- The inputs of the next cycle.
    // After the pool's base and size, an invalidation now and then (3 cycles in 1000): the unit
    // fetches descriptors again (the slots themselves never change here).
    if (cfg_step < 2) begin
      cfg_valid <= 1'b1;
      cfg_op <= cfg_step == 0 ? CfgSetPoolBase : CfgSetPoolEntries;
      cfg_data <= cfg_step == 0 ? 64'(PoolBase) : 64'(PoolEntries);
    end else if (!cfg_pending && accepted < longint'(ops) && $urandom_range(999) < 3) begin
      cfg_pending = 1;
      cfg_valid <= 1'b1;
      cfg_op <= $urandom_range(1) == 1 ? CfgInvalidateAll : CfgInvalidateHandle;
      cfg_data <= 64'(pick(0, PoolEntries - 1));
    end else begin
      cfg_valid <= cfg_pending;
    end
    if (!have_req && accepted < longint'(ops) && cfg_step >= 2) begin
      next_request();
      req_tag <= tag;
      have_req = 1;
    end
    req_valid <= have_req && $urandom_range(99) >= 10;
    rsp_ready <= $urandom_range(99) >= stall;
    mem_req_ready <= $urandom_range(99) >= stall;
    dmem_req_ready <= $urandom_range(99) >= stall;
    mem_rsp_valid <= rd_q.size() > 0 && rd_q[0].due <= cycle;
    mem_rsp_rdata <= rd_q.size() > 0 ? rd_q[0].data : '0;
    dmem_rsp_valid <= drd_q.size() > 0 && drd_q[0].due <= cycle;
    dmem_rsp_rdata <= drd_q.size() > 0 ? drd_q[0].data : '0;

    // -- The end: every request answered, every write seen; then the memory images.
    if (accepted == longint'(ops) && exp_q.size() == 0 && wr_q.size() == 0 && !mem_req_valid &&
        rd_q.size() == 0 && drd_q.size() == 0 && !cfg_pending) begin
      bit [127:0] line;
      longint diffs = 0;
      foreach (mem[a]) begin
        tsu_dpi_mem_read_line(model, a, line);
        if (line != mem[a]) begin
          if (diffs == 0) $display("memory line %h: model %h, unit %h", a, line, mem[a]);
          diffs++;
        end
      end
      if (diffs != 0) fail($sformatf("the final memory images differ in %0d lines", diffs));
      $display("tsu_sv_tb: %0d requests, %0d responses checked, %0d memory writes checked, %0d reads, %0d descriptor reads, %0d invalidations, %0d cycles",
               accepted, responses, writes, reads, dreads, invalidations, cycle);
      $display("functional coverage (the model's bins): %0d of %0d planned hit; %0d distinct bins",
               tsu_dpi_coverage_hit(model), tsu_dpi_coverage_planned(model), bins_hit.num());
      $display("PASS");
      tsu_dpi_free(model);
      $finish;
    end
  end
endmodule
