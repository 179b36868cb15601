#pragma once

// The command-line flags of the tools and the match runner: `--flag value` pairs, bare
// switches and positional arguments, read by one table, so that every tool reports a missing
// value, a bad number or an unknown flag in the same words.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "command.h"

namespace tsubame::usi {

/// A table of flags and where each one's value goes, then parse() over the arguments.
class FlagParser {
public:
    /// Checks and stores a flag's value: returns what is wrong with it, or "" when it is good.
    using Setter = std::function<std::string(const std::string& value)>;

    /// `flag VALUE` sets `target`.
    FlagParser& text(std::string flag, std::string& target);
    /// `flag N` sets `target` to an integer of at least `min`.
    template <typename Int>
    FlagParser& number(std::string flag, Int& target, int64_t min = 0) {
        return custom(std::move(flag), [&target, min](const std::string& value) -> std::string {
            int64_t n = 0;
            if (!parse_integer(value, n) || n < min)
                return "needs a number >= " + std::to_string(min) + ", got '" + value + "'";
            target = Int(n);
            return {};
        });
    }
    /// `flag VALUE` calls `set(VALUE)`; its error follows the flag's name in parse()'s.
    FlagParser& custom(std::string flag, Setter set);
    /// A bare `flag`, with no value, sets `target` to true.
    FlagParser& toggle(std::string flag, bool& target);
    /// Arguments that do not start with `--` go to `target` (without it they are an error).
    FlagParser& positional(std::vector<std::string>& target);

    /// Reads `args`: "" when every argument was good, else the first error, naming its flag.
    /// `--help` and `-h` give "help".
    std::string parse(const std::vector<std::string>& args) const;

private:
    struct Flag {
        std::string name;
        Setter      set; ///< Null for a toggle.
        bool*       toggle = nullptr;
    };
    const Flag*               find(const std::string& name) const;
    std::vector<Flag>         flags_;
    std::vector<std::string>* positional_ = nullptr;
};

/// argv[first..argc) as strings (a tool's arguments after its name).
std::vector<std::string> arguments(int argc, char* argv[], int first);

} // namespace tsubame::usi
