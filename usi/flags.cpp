#include "flags.h"

#include <utility>

namespace tsubame::usi {

FlagParser& FlagParser::text(std::string flag, std::string& target) {
    return custom(std::move(flag), [&target](const std::string& value) {
        target = value;
        return std::string();
    });
}

FlagParser& FlagParser::custom(std::string flag, Setter set) {
    flags_.push_back({std::move(flag), std::move(set)});
    return *this;
}

FlagParser& FlagParser::toggle(std::string flag, bool& target) {
    flags_.push_back({std::move(flag), nullptr, &target});
    return *this;
}

FlagParser& FlagParser::positional(std::vector<std::string>& target) {
    positional_ = &target;
    return *this;
}

const FlagParser::Flag* FlagParser::find(const std::string& name) const {
    for (const Flag& f : flags_)
        if (f.name == name) return &f;
    return nullptr;
}

std::string FlagParser::parse(const std::vector<std::string>& args) const {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") return "help";
        if (!arg.starts_with("--")) {
            if (!positional_) return "unexpected argument '" + arg + "'";
            positional_->push_back(arg);
            continue;
        }
        const Flag* flag = find(arg);
        if (!flag) return "unknown flag '" + arg + "'";
        if (flag->toggle) {
            *flag->toggle = true;
            continue;
        }
        if (i + 1 >= args.size()) return arg + " needs a value";
        if (std::string error = flag->set(args[++i]); !error.empty()) return arg + " " + error;
    }
    return {};
}

std::vector<std::string> arguments(int argc, char* argv[], int first) {
    std::vector<std::string> out;
    for (int i = first; i < argc; ++i)
        out.emplace_back(argv[i]);
    return out;
}

} // namespace tsubame::usi
