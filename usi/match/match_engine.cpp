#include "match/match_engine.h"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "match/usi_client.h"

namespace tsubame::usi {

namespace {

// Slices of waiting, so that an interruption is noticed quickly.
constexpr int64_t SLICE_MS = 50;

// The value after `key` in an info line's words, if any.
std::optional<int64_t> info_number(const std::vector<std::string>& words, const char* key) {
    for (size_t i = 0; i + 1 < words.size(); ++i) {
        if (words[i] == "pv" || words[i] == "string") break; // they take the rest of the line
        if (words[i] == key) {
            try {
                return std::stoll(words[i + 1]);
            } catch (...) {
                return std::nullopt;
            }
        }
    }
    return std::nullopt;
}

std::string info_score(const std::vector<std::string>& words) {
    for (size_t i = 0; i + 2 < words.size(); ++i) {
        if (words[i] == "pv" || words[i] == "string") break;
        if (words[i] == "score") return words[i + 1] + " " + words[i + 2];
    }
    return "";
}

} // namespace

int64_t steady_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

MatchEngine::MatchEngine(std::string                                      command,
                         std::vector<std::pair<std::string, std::string>> options,
                         const std::atomic<bool>*                         interrupt) :
    command_(std::move(command)),
    options_(std::move(options)),
    interrupt_(interrupt),
    name_(command_) { }

MatchEngine::~MatchEngine() {
    kill();
}

bool MatchEngine::alive() const {
    return process_ && !process_->at_eof();
}

std::optional<std::string> MatchEngine::read_line_within(Millis timeout) {
    auto line = process_->read_line(timeout);
    if (line && !line->empty() && line->back() == '\r') line->pop_back();
    return line;
}

std::optional<std::string> MatchEngine::read_line_until(int64_t deadline_ms_abs) {
    for (;;) {
        if (!process_ || interrupted()) return std::nullopt;
        const int64_t left = deadline_ms_abs - steady_ms();
        if (left <= 0) return std::nullopt;
        if (auto line = read_line_within(Millis(std::min(left, SLICE_MS)))) return line;
        if (process_->at_eof()) return std::nullopt;
    }
}

bool MatchEngine::prepare(int64_t usi_timeout_ms, int64_t ready_timeout_ms, std::string& error) {
    if (!alive()) {
        kill();
        const auto argv = split_command(command_);
        if (argv.empty()) {
            error = "empty engine command";
            return false;
        }
        try {
            process_ = std::make_unique<ChildProcess>(argv, true);
        } catch (const std::exception& e) {
            error = e.what();
            return false;
        }
        ++starts_;
        const auto hello = usi_handshake(*process_, Millis(usi_timeout_ms));
        if (!hello) {
            error = process_->at_eof() ? "exited before usiok" : "no usiok";
            kill();
            return false;
        }
        if (!hello->name.empty()) name_ = hello->name;
        bool ponder_given = false;
        for (const auto& [name, value] : options_)
            ponder_given |= name == "USI_Ponder";
        if (!ponder_given) process_->send("setoption name USI_Ponder value false");
        for (const auto& [name, value] : options_)
            process_->send("setoption name " + name + " value " + value);
    }
    process_->send("isready");
    const int64_t deadline = steady_ms() + ready_timeout_ms;
    while (auto line = read_line_until(deadline))
        if (*line == "readyok") return true;
    error = interrupted()      ? "interrupted"
          : process_->at_eof() ? "exited before readyok"
                               : "no readyok within " + std::to_string(ready_timeout_ms) + " ms";
    kill();
    return false;
}

void MatchEngine::new_game() {
    if (process_) process_->send("usinewgame");
}

namespace {

// Takes one line of the engine's search output into `result`: the info fields, or the bestmove
// (true) with its ponder move.
bool take_line(const std::string& line, GoResult& result) {
    std::istringstream       in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;)
        words.push_back(w);
    if (words.empty()) return false;
    if (words[0] == "info") {
        if (auto d = info_number(words, "depth")) result.depth = int(*d);
        if (auto n = info_number(words, "nodes")) result.nodes = *n;
        if (auto t = info_number(words, "time")) result.engine_ms = *t;
        if (auto s = info_score(words); !s.empty()) result.score = s;
        return false;
    }
    if (words[0] != "bestmove") return false;
    result.kind   = GoResult::Kind::BESTMOVE;
    result.move   = words.size() > 1 ? words[1] : "";
    result.ponder = words.size() > 3 && words[2] == "ponder" ? words[3] : "";
    return true;
}

} // namespace

GoResult MatchEngine::await_bestmove(GoResult result, int64_t start, int64_t deadline_ms_abs) {
    while (auto line = read_line_until(deadline_ms_abs))
        if (take_line(*line, result)) {
            result.elapsed_ms = steady_ms() - start;
            return result;
        }
    result.elapsed_ms = steady_ms() - start;
    result.kind       = interrupted()      ? GoResult::Kind::INTERRUPTED
                      : process_->at_eof() ? GoResult::Kind::CRASH
                                           : GoResult::Kind::TIMEOUT;
    return result;
}

bool MatchEngine::read_pending(GoResult& result) {
    while (alive())
        if (auto line = read_line_within(Millis(0))) {
            if (take_line(*line, result)) return true;
        } else
            break;
    return false;
}

GoResult MatchEngine::go(const std::string& position, const std::string& go, int64_t deadline_ms,
                         std::optional<int64_t> stop_after_ms) {
    if (!alive()) return GoResult::of(GoResult::Kind::CRASH);
    GoResult   leftover;
    const bool stray = read_pending(leftover);
    process_->send(position);
    const int64_t start = steady_ms();
    process_->send(go);
    GoResult result;
    if (stop_after_ms && *stop_after_ms < deadline_ms) {
        result = await_bestmove(GoResult{}, start, start + *stop_after_ms);
        if (result.kind == GoResult::Kind::TIMEOUT) {
            process_->send("stop");
            result              = await_bestmove(result, start, start + deadline_ms);
            result.stop_wait_ms = result.elapsed_ms - *stop_after_ms;
        }
    } else {
        result = await_bestmove(GoResult{}, start, start + deadline_ms);
    }
    result.stray = stray;
    return result;
}

void MatchEngine::start_ponder(const std::string& position, const std::string& go) {
    if (!alive()) return;
    process_->send(position);
    process_->send(go.starts_with("go ") ? "go ponder " + go.substr(3) : "go ponder");
    pondering_ = true;
}

GoResult MatchEngine::ponderhit(int64_t deadline_ms) {
    pondering_ = false;
    if (!alive()) return GoResult::of(GoResult::Kind::CRASH);
    GoResult result;
    if (read_pending(result)) {
        result.early      = true;
        result.elapsed_ms = 0;
        return result;
    }
    const int64_t start = steady_ms();
    process_->send("ponderhit");
    return await_bestmove(result, start, start + deadline_ms);
}

bool MatchEngine::stop_ponder(int64_t wait_ms, bool& early) {
    pondering_ = false;
    early      = false;
    if (!alive()) return false;
    GoResult pending;
    early = read_pending(pending);
    return early || stop_or_kill(wait_ms);
}

bool MatchEngine::stop_or_kill(int64_t wait_ms) {
    if (!alive()) return false;
    process_->send("stop");
    const int64_t deadline = steady_ms() + wait_ms;
    while (auto line = read_line_until(deadline))
        if (line->starts_with("bestmove")) return true;
    kill();
    return false;
}

void MatchEngine::game_over(const std::string& result) {
    if (alive()) process_->send("gameover " + result);
}

void MatchEngine::quit(int64_t wait_ms) {
    if (!process_) return;
    process_->send("quit");
    (void)process_->wait_exit(Millis(wait_ms));
    kill();
}

void MatchEngine::kill() {
    pondering_ = false;
    if (process_) process_->kill_now();
    process_.reset();
}

} // namespace tsubame::usi
