#include "eval/nnue/embedded.h"

#include <cstddef>
#include <cstdlib>
#include <memory>

#include "eval/nnue/network.h"

#ifndef TSUBAME_EMBEDDED_NET
    #error "TSUBAME_EMBEDDED_NET names the net file to embed (engine/CMakeLists.txt)"
#endif

// The assembler copies the file into the read-only data, between two symbols (as Stockfish's
// incbin does): no conversion step, no huge array literal for the compiler to parse.
#if defined(_WIN32)
    #define TSUBAME_RODATA ".section .rdata,\"dr\"\n"
#else
    #define TSUBAME_RODATA ".section .rodata\n"
#endif

asm(TSUBAME_RODATA ".balign 64\n"
                   ".globl tsubame_net_begin\n"
                   "tsubame_net_begin:\n"
                   ".incbin \"" TSUBAME_EMBEDDED_NET "\"\n"
                   ".globl tsubame_net_end\n"
                   "tsubame_net_end:\n"
                   ".byte 0\n"
                   ".text\n");

extern "C" const char tsubame_net_begin[];
extern "C" const char tsubame_net_end[];

namespace tsubame::nnue {

std::string_view embedded_network() {
    return {tsubame_net_begin, size_t(tsubame_net_end - tsubame_net_begin)};
}

const Network& builtin_network() {
    // On the heap: 14 MB. Read once, thread-safely (a static's initialisation).
    static const std::unique_ptr<const Network> net = [] {
        auto read = std::make_unique<Network>();
        if (!read_network(embedded_network(), *read).ok()) std::abort();
        return std::unique_ptr<const Network>(std::move(read));
    }();
    return *net;
}

} // namespace tsubame::nnue
