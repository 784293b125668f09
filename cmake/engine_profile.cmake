# The engine's profile-guided, link-time-optimised Release build (docs/performance.md): what
# scripts/pgo/build-engine.sh drives in two CMake builds, one instrumented and one optimised.
# T2P_ENGINE_PROFILE is empty for every other build (Debug, RelWithDebInfo, sanitizer, fuzzing and
# plain `cmake -DCMAKE_BUILD_TYPE=Release` builds are not touched), "generate" for the instrumented
# build, or the folder of a profile for the optimised one.
#
# Why both: with the profile alone a conversion runs 1.7% fewer instructions, with link-time
# optimisation alone 1.3% more; together 2.9% fewer and 14% fewer (simulated) instruction-cache
# misses: the rules' code is large and each call site runs through much of it. About 2.5-3% less
# time at -j1.
#
# GCC only (its profile options and file layout); with another compiler the build goes on without.
set(T2P_ENGINE_PROFILE "" CACHE STRING
    "engine profile-guided build: empty (off), generate, or the profile folder (scripts/pgo/build-engine.sh)")

set(t2p_engine_profile_mode off)
if(T2P_ENGINE_PROFILE)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR T2P_SANITIZE OR T2P_FUZZ)
    message(WARNING "T2P_ENGINE_PROFILE needs GCC and no sanitizer or fuzzing build: ignored")
  elseif(T2P_ENGINE_PROFILE STREQUAL "generate")
    set(t2p_engine_profile_mode generate)
  elseif(EXISTS ${T2P_ENGINE_PROFILE}/stamp)
    set(t2p_engine_profile_mode use)
  else()
    message(FATAL_ERROR "T2P_ENGINE_PROFILE=${T2P_ENGINE_PROFILE}: no profile there (no 'stamp'; see scripts/pgo/build-engine.sh)")
  endif()
endif()

# Before the targets: the options apply to every C++ object. The profile of an object is found by
# its path relative to the build folder (-fprofile-prefix-path), so the instrumented and the
# optimised builds, in two folders, name the same objects alike.
if(t2p_engine_profile_mode STREQUAL "generate")
  set(T2P_ENGINE_PROFILE_DATA ${CMAKE_BINARY_DIR}/engine-profile-data)
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fprofile-generate=${T2P_ENGINE_PROFILE_DATA}>
                      $<$<COMPILE_LANGUAGE:CXX>:-fprofile-prefix-path=${CMAKE_BINARY_DIR}>
                      $<$<COMPILE_LANGUAGE:CXX>:-fprofile-update=single>)
  add_link_options(-fprofile-generate)
  message(STATUS "engine: instrumented for its profile (data in ${T2P_ENGINE_PROFILE_DATA})")
elseif(t2p_engine_profile_mode STREQUAL "use")
  # -fprofile-partial-training: what the training did not run is compiled as without a profile,
  # not as cold code. -Wno-coverage-mismatch: the two builds see our headers through their own
  # stage-include/ folders, so GCC finds the functions' source locations changed (the profile is
  # still used; a function whose code changed would lose its profile, but both builds compile the
  # same sources). -Wno-missing-profile: objects the training never ran (the Python module).
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fprofile-use=${T2P_ENGINE_PROFILE}>
                      $<$<COMPILE_LANGUAGE:CXX>:-fprofile-prefix-path=${CMAKE_BINARY_DIR}>
                      $<$<COMPILE_LANGUAGE:CXX>:-fprofile-partial-training>
                      $<$<COMPILE_LANGUAGE:CXX>:-Wno-missing-profile>
                      $<$<COMPILE_LANGUAGE:CXX>:-Wno-coverage-mismatch>)
  set(CMAKE_INTERPROCEDURAL_OPTIMIZATION ON)
  message(STATUS "engine: profile-guided and link-time optimised (profile ${T2P_ENGINE_PROFILE})")
endif()

# After the targets: every C++ object is compiled again when the profile changes (the script
# touches the stamp only when it trained again).
function(t2p_engine_profile_dependencies)
  if(NOT t2p_engine_profile_mode STREQUAL "use")
    return()
  endif()
  foreach(dir ${ARGN})
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(t ${targets})
      get_target_property(type ${t} TYPE)
      if(NOT type MATCHES "^(STATIC_LIBRARY|EXECUTABLE|MODULE_LIBRARY|SHARED_LIBRARY)$")
        continue()
      endif()
      get_target_property(srcs ${t} SOURCES)
      list(FILTER srcs INCLUDE REGEX "\\.cpp$")
      if(srcs)
        set_property(SOURCE ${srcs} TARGET_DIRECTORY ${t} APPEND PROPERTY OBJECT_DEPENDS ${T2P_ENGINE_PROFILE}/stamp)
      endif()
    endforeach()
  endforeach()
endfunction()
