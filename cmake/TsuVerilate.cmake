# tsu_verilate(TARGET PREFIX P TOP_MODULE TOP SOURCES ... [VERILATOR_ARGS ...] [TRACE_FST]
#              [OPT_FAST flags] [OPT_SLOW flags] [UNITS n] [DEPENDS files...]): Verilates TOP into
#              model P at build
# time and compiles its generated C++ into TARGET through n unity files of each kind.
#
# Why not Verilator's own verilate(): it runs Verilator at configure time, one model after another
# on one core (its file lists are known only after the run), and then Ninja runs every model's
# Verilator step again, because it has no record of the configure-time run; the changed file lists
# then re-run the configure. Here Verilator runs once per model, as a build step that Ninja spreads
# over every core beside the compiles, and the configure runs no Verilator at all. The step writes
# a fixed set of unity files (cmake/tsu_unity.cmake reads Verilator's own file list, P.cmake), so
# the build graph is known before any model exists.
#
# Why unity files: Verilator writes a model as many small files (a class, its slow half, its
# dependency sets, trace and coverage code), and each one parses verilated.h and the model's
# headers again: about 0.9 s of a 1 s compile on this machine. Included into a few unity files a
# small block model compiles in about 2 s; Verilator's own make flow does the same (its __ALL.cpp
# includes every generated file), so the generated code is written to allow it. Two kinds, each
# in UNITS files (a large model gives every core a share):
# - fast: the per-cycle code, at the build's optimisation or OPT_FAST;
# - slow: what runs once (constructors, initial and settle evaluation, trace and coverage
#   declarations: Verilator's "slow" classes) and the waveform dump (__Trace__N.cpp, which runs
#   only when a failure is replayed with a waveform), at OPT_SLOW (tb/rtl uses -O0: its trace
#   declarations are single functions of up to 2 MB that gcc -O1 takes minutes over). A unit of
#   its own for the dump cost about 0.8 s of compile per model, mostly headers.
#
# Verilator runs in the source root with the sources named relative to it, so that the generated
# code names rtl/... rather than an absolute path, and the unity files include the generated files
# by name: the C++ of a clone in another folder is byte-identical, and ccache (cmake/TsuCcache.cmake)
# serves its objects from an earlier build on the same machine.
find_package(verilator REQUIRED HINTS $ENV{VERILATOR_ROOT})
get_filename_component(TSU_SOURCE_ROOT ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)
set(TSU_UNITY_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/tsu_unity.cmake)
# Every model this configure Verilates, for the build's summary (tsu_verilate_count).
set_property(GLOBAL PROPERTY TSU_VERILATED_MODELS "")

# _tsu_rel(PATH OUT): PATH relative to the source root when it lies inside it, else absolute.
function(_tsu_rel path out)
  get_filename_component(abs ${path} ABSOLUTE)
  file(RELATIVE_PATH rel ${TSU_SOURCE_ROOT} ${abs})
  if(rel MATCHES "^\\.\\./")
    set(rel ${abs})
  endif()
  set(${out} ${rel} PARENT_SCOPE)
endfunction()

function(tsu_verilate target)
  cmake_parse_arguments(V "TRACE_FST" "PREFIX;TOP_MODULE;OPT_FAST;OPT_SLOW;UNITS"
                        "SOURCES;VERILATOR_ARGS;DEPENDS" ${ARGN})
  if(NOT V_PREFIX OR NOT V_TOP_MODULE OR NOT V_SOURCES)
    message(FATAL_ERROR "tsu_verilate(${target}): PREFIX, TOP_MODULE and SOURCES are required")
  endif()
  if(NOT V_UNITS)
    set(V_UNITS 1)
  endif()
  set(p ${V_PREFIX})
  set(vdir ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir/${p}.dir)
  file(MAKE_DIRECTORY ${vdir})

  set(srcs "")
  set(deps ${V_DEPENDS})
  foreach(s IN LISTS V_SOURCES)
    _tsu_rel(${s} r)
    list(APPEND srcs ${r})
    get_filename_component(abs ${s} ABSOLUTE)
    list(APPEND deps ${abs})
  endforeach()
  set(args "")
  set(coverage FALSE)
  foreach(a IN LISTS V_VERILATOR_ARGS)
    if(a MATCHES "^-I(.+)$")
      _tsu_rel(${CMAKE_MATCH_1} r)
      list(APPEND args -I${r})
      file(GLOB incs ${CMAKE_MATCH_1}/*.sv ${CMAKE_MATCH_1}/*.svh)
      list(APPEND deps ${incs})
    else()
      list(APPEND args ${a})
    endif()
    if(a MATCHES "^--coverage")
      set(coverage TRUE)
    endif()
  endforeach()
  set(trace "")
  if(V_TRACE_FST)
    set(trace --trace-fst)
  endif()

  set(units "")
  set(outs "")
  math(EXPR last "${V_UNITS} - 1")
  foreach(kind fast slow)
    foreach(i RANGE ${last})
      set(u ${vdir}/${p}__unity_${kind}_${i}.cpp)
      list(APPEND outs ${u})
      if(kind STREQUAL "slow" AND V_OPT_SLOW)
        set_property(SOURCE ${u} APPEND_STRING PROPERTY COMPILE_FLAGS " ${V_OPT_SLOW}")
      elseif(kind STREQUAL "fast" AND V_OPT_FAST)
        set_property(SOURCE ${u} APPEND_STRING PROPERTY COMPILE_FLAGS " ${V_OPT_FAST}")
      endif()
    endforeach()
  endforeach()
  # The model's headers: the benches include them, so their compiles wait for this step.
  list(APPEND outs ${vdir}/${p}.h)
  add_custom_command(OUTPUT ${outs}
    COMMAND ${VERILATOR_BIN} --cc --prefix ${p} --Mdir ${vdir} --make cmake --top-module ${V_TOP_MODULE}
            ${trace} ${args} ${srcs}
    COMMAND ${CMAKE_COMMAND} -DVDIR=${vdir} -DPREFIX=${p} -DUNITS=${V_UNITS} -P ${TSU_UNITY_SCRIPT}
    WORKING_DIRECTORY ${TSU_SOURCE_ROOT}
    DEPENDS ${VERILATOR_BIN} ${deps} ${TSU_UNITY_SCRIPT}
    COMMENT "Verilating ${p}"
    VERBATIM)
  target_sources(${target} PRIVATE ${outs})
  set_property(GLOBAL APPEND PROPERTY TSU_VERILATED_MODELS ${p})

  # Verilator's runtime, once per library (CMake lists a source of a target once).
  set(rt ${VERILATOR_ROOT}/include)
  target_sources(${target} PRIVATE ${rt}/verilated.cpp ${rt}/verilated_dpi.cpp ${rt}/verilated_threads.cpp)
  if(coverage)
    target_sources(${target} PRIVATE ${rt}/verilated_cov.cpp)
    set_property(TARGET ${target} PROPERTY VERILATOR_COVERAGE ON)
  endif()
  if(V_TRACE_FST)
    target_sources(${target} PRIVATE ${rt}/verilated_fst_c.cpp)
    set_property(TARGET ${target} PROPERTY VERILATOR_TRACE ON)
    set_property(TARGET ${target} PROPERTY VERILATOR_TRACE_FST ON)
  endif()
  target_include_directories(${target} PUBLIC ${vdir})
  target_include_directories(${target} PUBLIC ${rt} ${rt}/vltstd)
  get_target_property(done ${target} TSU_VERILATOR_RUNTIME)
  if(NOT done)
    set_property(TARGET ${target} PROPERTY TSU_VERILATOR_RUNTIME ON)
    target_compile_definitions(${target} PRIVATE
      VM_COVERAGE=$<BOOL:$<TARGET_PROPERTY:VERILATOR_COVERAGE>>
      VM_SC=0
      VM_TRACE=$<BOOL:$<TARGET_PROPERTY:VERILATOR_TRACE>>
      VM_TRACE_VCD=0
      VM_TRACE_FST=$<BOOL:$<TARGET_PROPERTY:VERILATOR_TRACE_FST>>)
    target_link_libraries(${target} PUBLIC -lz ${VERILATOR_MT_CFLAGS})
  endif()
endfunction()

# tsu_verilate_count(OUT): how many models this configure Verilates.
function(tsu_verilate_count out)
  get_property(models GLOBAL PROPERTY TSU_VERILATED_MODELS)
  list(LENGTH models n)
  set(${out} ${n} PARENT_SCOPE)
endfunction()
