# Compiles through Debian's ccache where it is installed (-DTSU_CCACHE=OFF turns it off), set up
# so that a fresh clone in another folder hits the objects of an earlier build on the same machine
# (CI's clean clone after a developer's build, a sanitizer tree after the plain one):
# - CCACHE_BASEDIR is the source root: absolute paths under it (sources, include directories, the
#   build tree inside it) enter the hash relative to the compile's directory, and the dependency
#   files come back relative;
# - CCACHE_NOHASHDIR: the compile's directory stays out of the hash even with -g (the sanitizer
#   build's line tables then name the first clone's folder);
# - CCACHE_SLOPPINESS=time_macros: pcg_extras.hpp (the benches' random source) expands __DATE__
#   and __TIME__, which nothing of ours reads; without it no file that includes it is cached;
# - Verilator's generated C++ names sources relative to the root (cmake/TsuVerilate.cmake), so a
#   model's C++ is byte-identical in every clone.
# Two files stay outside: those that compile in the root's path (TSU_SOURCE_DIR, TSU_CUDA_DIR).
# The throughput models (cmake/TsuFastModels.cmake) keep their own launcher: their compiles use a
# training profile, outside this.
# Included by every CMake project of the tree (the main build, tb/fuzz, tb/dse/point).
option(TSU_CCACHE "Compile through ccache where it is installed" ON)
if(TSU_CCACHE)
  find_program(TSU_CCACHE_BIN ccache)
  if(TSU_CCACHE_BIN)
    get_filename_component(_tsu_root ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)
    set(CMAKE_CXX_COMPILER_LAUNCHER env CCACHE_BASEDIR=${_tsu_root} CCACHE_NOHASHDIR=true
        CCACHE_SLOPPINESS=time_macros ${TSU_CCACHE_BIN})
  endif()
endif()
