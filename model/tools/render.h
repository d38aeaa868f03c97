// `tsu render`: pictures drawn through the golden model's tex, so a person can see that filtering
// and mipmapping are right. Every pixel is one PTX tex instruction executed by tsu::Unit.
#ifndef TSU_TOOLS_RENDER_H_
#define TSU_TOOLS_RENDER_H_

#include <string>

namespace tsu {

struct RenderOptions {
  std::string scene = "all";  // plane, cube or all
  std::string out_dir = ".";
  int width = 640, height = 360;
};

// Writes <out_dir>/tsu_plane.png and/or tsu_cube.png. Returns 0, or 2 with a message on stderr.
int Render(const RenderOptions& opt);

}  // namespace tsu

#endif  // TSU_TOOLS_RENDER_H_
