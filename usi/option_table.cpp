#include "option_table.h"

#include <algorithm>
#include <cctype>

#include "command.h"

namespace tsubame::usi {

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x))
                   == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

std::string option_line(const OptionSpec& spec) {
    std::string line = "option name " + std::string(spec.name) + " type ";
    switch (spec.type) {
        case OptionSpec::Type::SPIN:
            line += "spin default " + std::to_string(spec.default_value) + " min "
                  + std::to_string(spec.min) + " max " + std::to_string(spec.max);
            break;
        case OptionSpec::Type::CHECK:
            line += spec.default_value ? "check default true" : "check default false";
            break;
        case OptionSpec::Type::COMBO:
            line += "combo default " + std::string(spec.vars.at(size_t(spec.default_value)));
            for (std::string_view var : spec.vars)
                line += " var " + std::string(var);
            break;
        case OptionSpec::Type::BUTTON:
            line += "button";
            break;
        case OptionSpec::Type::STRING:
            line += "string default "
                  + (spec.default_text.empty() ? "<empty>" : std::string(spec.default_text));
            break;
    }
    return line;
}

std::vector<std::string> apply_option(const std::vector<OptionSpec>& table, std::string_view name,
                                      std::string_view value) {
    const auto spec = std::find_if(table.begin(), table.end(),
                                   [&](const OptionSpec& s) { return iequals(s.name, name); });
    if (spec == table.end()) return {"warning: unknown option '" + std::string(name) + "' ignored"};
    const std::string option(spec->name);
    switch (spec->type) {
        case OptionSpec::Type::SPIN: {
            bool       clamped = false;
            const auto v       = parse_number(value, spec->min, spec->max, clamped);
            if (!v)
                return {"error: option " + option + " needs a number, not '" + std::string(value)
                        + "'"};
            if (spec->apply) spec->apply(*v);
            if (clamped)
                return {"warning: " + option + " " + std::string(value) + " is out of range; using "
                        + std::to_string(*v)};
            return {};
        }
        case OptionSpec::Type::CHECK:
            if (!iequals(value, "true") && !iequals(value, "false"))
                return {"error: option " + option + " needs true or false, not '"
                        + std::string(value) + "'"};
            if (spec->apply) spec->apply(iequals(value, "true") ? 1 : 0);
            return {};
        case OptionSpec::Type::COMBO:
            for (size_t i = 0; i < spec->vars.size(); ++i)
                if (iequals(value, spec->vars[i])) {
                    if (spec->apply) spec->apply(int64_t(i));
                    return {};
                }
            return {"error: unknown " + option + " '" + std::string(value) + "'"};
        case OptionSpec::Type::BUTTON:
            if (spec->apply) spec->apply(0);
            return {};
        case OptionSpec::Type::STRING:
            return spec->apply_text ? spec->apply_text(value) : std::vector<std::string>{};
    }
    return {};
}

} // namespace tsubame::usi
