#include "version.h"

#include "eval/nnue/embedded.h"
#include "eval/nnue/network.h"

#include "usi_loop.h"

#ifndef TSUBAME_GIT_COMMIT
    #define TSUBAME_GIT_COMMIT "unknown"
#endif

namespace tsubame::usi {

namespace {

// __DATE__ ("Mar  5 2025") as 2025-03-05.
std::string build_date() {
    constexpr std::string_view date   = __DATE__;
    constexpr std::string_view months = "JanFebMarAprMayJunJulAugSepOctNovDec";
    const int                  month  = int(months.find(date.substr(0, 3))) / 3 + 1;
    std::string                day(date.substr(4, 2));
    if (day[0] == ' ') day[0] = '0';
    return std::string(date.substr(7, 4)) + "-" + (month < 10 ? "0" : "") + std::to_string(month)
         + "-" + day;
}

std::string compiler() {
#if defined(__clang__)
    return "clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) + "."
         + std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
    return "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "."
         + std::to_string(__GNUC_PATCHLEVEL__);
#else
    return "an unknown compiler";
#endif
}

// The evaluation the build plays with: its built-in net, named by its hash.
std::string evaluation() {
    const nnue::Network& net = nnue::builtin_network();
    return "eval net " + nnue::hash_name(net.hash) + ": " + net.description;
}

} // namespace

std::string version_text() {
    return std::string(ENGINE_NAME) + "\ncommit " TSUBAME_GIT_COMMIT "\nbuilt " + build_date()
         + " with " + compiler() + "\n" + evaluation() + "\n";
}

} // namespace tsubame::usi
