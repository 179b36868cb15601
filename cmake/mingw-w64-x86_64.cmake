# Cross-compiles for 64-bit Windows with Debian's MinGW-w64 GCC, posix thread model
# (package g++-mingw-w64-x86-64-posix; std::thread needs it, the win32 model lacks it in GCC 12).
#   cmake -S . -B build/windows -G Ninja --toolchain cmake/mingw-w64-x86_64.cmake
# scripts/build-windows.sh does this with the portable release settings.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(TSUBAME_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_CXX_COMPILER ${TSUBAME_MINGW_PREFIX}-g++-posix)
set(CMAKE_RC_COMPILER ${TSUBAME_MINGW_PREFIX}-windres)

# Headers and libraries from the MinGW sysroot only; build tools from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${TSUBAME_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# One self-contained .exe: libstdc++, libgcc and winpthread linked in, so it needs only the
# DLLs every Windows has (KERNEL32, msvcrt).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
