#include "match/usi_client.h"

#include <charconv>
#include <sstream>
#include <stdexcept>

#include "core/notation.h"
#include "core/tokens.h"
#include "movegen/perft.h"
#include "rules/game.h"

namespace tsubame::usi {

namespace {

std::vector<std::string> split_words(const std::string& text) {
    const auto tokens = split_tokens(text);
    return {tokens.begin(), tokens.end()};
}

std::optional<uint64_t> parse_count(std::string_view text) {
    uint64_t value       = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

} // namespace

std::optional<EngineHello> usi_handshake(ChildProcess& process, Millis timeout) {
    process.send("usi");
    const auto lines = process.read_until("usiok", timeout);
    if (!lines) return std::nullopt;
    EngineHello hello;
    for (const std::string& line : *lines) {
        if (line.starts_with("id name ")) hello.name = line.substr(8);
        if (line.starts_with("id author ")) hello.author = line.substr(10);
        if (line.starts_with("option ")) hello.options.push_back(line);
    }
    return hello;
}

std::vector<std::string> split_command(const std::string& command) {
    return split_words(command);
}

UsiClient::UsiClient(const std::string&                                      command,
                     const std::vector<std::pair<std::string, std::string>>& options) {
    const auto argv = split_words(command);
    if (argv.empty()) throw std::runtime_error("no engine command");
    process_         = std::make_unique<ChildProcess>(argv);
    const auto hello = usi_handshake(*process_, Millis(10000));
    if (!hello) throw std::runtime_error("'" + command + "' did not answer usi with usiok");
    name_ = hello->name.empty() ? argv[0] : hello->name;
    for (const auto& [option, value] : options)
        process_->send("setoption name " + option + " value " + value);
    process_->send("isready");
    if (!process_->read_until("readyok", Millis(60000)))
        throw std::runtime_error("'" + command + "' did not answer isready with readyok");
}

UsiClient::~UsiClient() {
    process_->send("quit");
    (void)process_->wait_exit(Millis(1000));
}

std::optional<DivideCounts> UsiClient::divide(const std::string& spec, int depth, Millis timeout) {
    process_->send("position " + spec);
    process_->send("go perft " + std::to_string(depth));
    const auto   deadline = std::chrono::steady_clock::now() + timeout;
    DivideCounts counts;
    for (;;) {
        const auto left =
            std::chrono::duration_cast<Millis>(deadline - std::chrono::steady_clock::now());
        const auto line = process_->read_line(std::max(left, Millis(0)));
        if (!line) return std::nullopt;
        const auto words = split_words(*line);
        if (words.size() == 2 && words[0].size() > 1 && words[0].back() == ':') {
            if (const auto n = parse_count(words[1])) {
                counts.moves[words[0].substr(0, words[0].size() - 1)] = *n;
                continue;
            }
        }
        if (line->find("Nodes searched") != std::string::npos) {
            // "Nodes searched: N" (Stockfish) or "Nodes searched  : N": the last word.
            const auto n = words.empty() ? std::nullopt : parse_count(words.back());
            counts.total = n ? *n : 0;
            if (!n)
                for (const auto& [move, count] : counts.moves)
                    counts.total += count;
            return counts;
        }
    }
}

std::optional<DivideCounts> own_divide(const std::string& spec, int depth, std::string& error) {
    Game game;
    if (Status s = game.set_position(spec); !s.ok()) {
        error = s.message();
        return std::nullopt;
    }
    const PerftDivide divide = perft_divide(game.position(), depth);
    DivideCounts      counts;
    for (const auto& [move, count] : divide.moves)
        counts.moves[to_usi(move)] = count;
    counts.total = divide.total;
    return counts;
}

} // namespace tsubame::usi
