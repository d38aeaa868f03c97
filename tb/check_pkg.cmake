# Fails if rtl/tsu_pkg.sv differs from what tsu_gen_pkg prints from encodings.def.
execute_process(COMMAND ${GEN} OUTPUT_VARIABLE generated RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tsu_gen_pkg failed (${rc})")
endif()
file(READ ${PKG} committed)
if(NOT generated STREQUAL committed)
  message(FATAL_ERROR "rtl/tsu_pkg.sv is out of date with model/include/tsu/encodings.def: "
                      "run `cmake --build build --target regen_pkg` and commit the result")
endif()
message(STATUS "rtl/tsu_pkg.sv matches encodings.def")
