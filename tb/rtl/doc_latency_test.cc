// rtl/README.md's block table quotes each block's latency at its default parameters. The quote
// is checked here against the Latency the block itself exports (a localparam public to
// Verilator), so the table cannot drift from the code: the first number of each row's latency
// column must be the declared value of the block's default model.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include TSU_BLOCK_LATENCIES_INC

namespace {

// Block name -> Latency of its model at the block's default parameters (every block Verilated
// on its own that exports one; the build generates the list from rtl/blocks.list).
std::map<std::string, unsigned> DeclaredLatencies() {
  std::map<std::string, unsigned> out;
#define TSU_BLOCK_LATENCY(block, cls) out[#block] = static_cast<unsigned>(cls::Latency);
  TSU_BLOCK_LATENCIES
#undef TSU_BLOCK_LATENCY
  return out;
}

std::vector<std::string> SplitRow(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '|') {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += line[i];
    }
  }
  return cells;
}

// The rows of the table headed "| block | golden function | latency (default) |": block name
// (without backticks) -> the latency cell.
std::map<std::string, std::string> QuotedLatencies(const std::string& path) {
  std::ifstream in(path);
  std::map<std::string, std::string> rows;
  std::string line;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.rfind("| block | golden function | latency (default)", 0) == 0) {
      in_table = true;
      continue;
    }
    if (!in_table) continue;
    if (line.rfind("|---", 0) == 0) continue;
    if (line.empty() || line[0] != '|') break;
    const std::vector<std::string> cells = SplitRow(line);
    if (cells.size() < 3) continue;
    std::smatch m;
    static const std::regex kName("`(tsu_[a-z0-9_]+)`");
    if (std::regex_search(cells[0], m, kName)) rows[m[1]] = cells[2];
  }
  return rows;
}

TEST(RtlDocs, BlockTableQuotesEachDeclaredLatency) {
  const std::string readme = std::string(TSU_SOURCE_DIR) + "/rtl/README.md";
  const std::map<std::string, std::string> quoted = QuotedLatencies(readme);
  ASSERT_FALSE(quoted.empty()) << readme << ": no block table found";
  const std::map<std::string, unsigned> declared = DeclaredLatencies();
  int checked = 0;
  static const std::regex kFirstNumber("([0-9]+)");
  for (const auto& [block, cell] : quoted) {
    const auto it = declared.find(block);
    if (it == declared.end()) continue;  // no default model of its own (tested in a wrapper)
    std::smatch m;
    ASSERT_TRUE(std::regex_search(cell, m, kFirstNumber))
        << readme << ": " << block << "'s latency cell quotes no number: " << cell;
    EXPECT_EQ(std::stoul(m[1]), it->second)
        << readme << ": the table quotes " << m[1] << " cycles for " << block
        << ", whose default model declares Latency = " << it->second;
    ++checked;
  }
  // Every block in the table that has a default model is checked; at least most of the table.
  EXPECT_GE(checked, 20) << "only " << checked << " rows of " << quoted.size() << " checked";
  std::printf("[rtl/README.md] %d of %zu quoted latencies checked against the models\n", checked,
              quoted.size());
}

}  // namespace
