#pragma once

// The engine's USI options: one table gives both the `option` lines of the `usi` reply and
// the handling of `setoption`, so a declared default or range cannot drift from the one
// applied.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tsubame::usi {

/// One USI option (usi.md §5).
struct OptionSpec {
    /// The option types of usi.md §5 (string and filename are not used).
    enum class Type {
        SPIN,
        CHECK,
        COMBO,
        BUTTON,
        STRING
    };
    std::string_view              name;
    Type                          type          = Type::SPIN;
    int64_t                       default_value = 0; ///< spin; check (0/1); combo (index)
    int64_t                       min = 0, max = 0; ///< spin only
    std::vector<std::string_view> vars = {}; ///< combo only
    /// What applies a value: the number for spin, 0/1 for check, the index for combo, 0 for
    /// button.
    using Apply = std::function<void(int64_t)>;
    Apply apply = {}; ///< Empty: the option has no effect.
    /// string only: the default, and what applies a value; it returns the messages to show.
    std::string_view                                                default_text = {};
    std::function<std::vector<std::string>(std::string_view value)> apply_text   = {};
    /// Accepted by setoption but not declared in the `usi` reply (an alias: a GUI that sends
    /// every declared option would otherwise set one name and then overwrite it by the other).
    bool hidden = false;
};

/// EvalFile's value for the net built into the executable.
inline constexpr std::string_view EMBEDDED_EVAL_FILE = "<internal>";
/// BookFile's value for no book (YaneuraOu's; a path whose file name is this counts too).
inline constexpr std::string_view NO_BOOK_FILE = "no_book";

/// The EnteringKingRule values, in the order of the EnteringKingRule enum.
inline constexpr std::string_view ENTERING_KING_RULE_NAMES[] = {
    "NoEnteringKing", "CSARule24", "CSARule24H", "CSARule27", "CSARule27H", "TryRule"};

/// The `option name ...` line that declares `spec` (exact tokens, `<empty>`-free).
std::string option_line(const OptionSpec& spec);

/// Applies `value` to the option of `table` named `name` (case-insensitive). Returns the
/// messages to show as `info string` (warnings when a value was clamped, errors when it was
/// refused); empty when all went well.
std::vector<std::string> apply_option(const std::vector<OptionSpec>& table, std::string_view name,
                                      std::string_view value);

} // namespace tsubame::usi
