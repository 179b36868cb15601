#include "usi_loop.h"

#include <charconv>
#include <chrono>

#include "core/notation.h"
#include "movegen/movegen.h"
#include "movegen/perft.h"

namespace tsubame::usi {

namespace {

// Deepest perft accepted: beyond it even the fastest generator would run for days.
constexpr int MAX_PERFT_DEPTH = 12;

bool parse_int(std::string_view text, int& value) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size();
}

std::string join(const std::vector<std::string_view>& tokens, size_t begin, size_t end) {
    std::string s;
    for (size_t i = begin; i < end; ++i) {
        if (i > begin) s += ' ';
        s += tokens[i];
    }
    return s;
}

} // namespace

std::vector<std::string_view> split_tokens(std::string_view line) {
    std::vector<std::string_view> tokens;
    size_t                        i = 0;
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i]))
            ++i;
        const size_t start = i;
        while (i < line.size() && !is_space(line[i]))
            ++i;
        if (i > start) tokens.push_back(line.substr(start, i - start));
    }
    return tokens;
}

void UsiLoop::send(std::string_view line) {
    out_ << line << '\n';
    out_.flush();
}

void UsiLoop::send_error(std::string_view message) {
    send("info string error: " + std::string(message));
}

void UsiLoop::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle_line(line)) return;
}

bool UsiLoop::handle_line(std::string_view line) {
    const auto tokens = split_tokens(line);
    if (tokens.empty()) return true;
    const std::string_view cmd = tokens[0];
    if (cmd == "quit") return false;
    if (cmd == "usi")
        cmd_usi();
    else if (cmd == "isready")
        send("readyok");
    else if (cmd == "usinewgame" || cmd == "gameover" || cmd == "stop" || cmd == "setoption")
        ; // nothing to do until the search lands
    else if (cmd == "position")
        cmd_position(tokens);
    else if (cmd == "go")
        cmd_go(tokens);
    else if (cmd == "perft") {
        // Shorthand for `go perft N`.
        std::vector<std::string_view> go{"go", "perft"};
        go.insert(go.end(), tokens.begin() + 1, tokens.end());
        cmd_go(go);
    } else if (cmd == "d")
        cmd_display();
    else
        send_error("unknown command '" + std::string(cmd) + "'");
    return true;
}

void UsiLoop::cmd_usi() {
    send("id name Tsubame 0.1");
    send("id author the Tsubame developers");
    send("usiok");
}

void UsiLoop::cmd_position(const std::vector<std::string_view>& tokens) {
    size_t moves_at = 1;
    while (moves_at < tokens.size() && tokens[moves_at] != "moves")
        ++moves_at;
    if (tokens.size() < 2) {
        send_error("position needs 'startpos' or an SFEN");
        return;
    }
    std::string sfen;
    if (tokens[1] == "startpos") {
        if (moves_at != 2) {
            send_error("unexpected '" + std::string(tokens[2]) + "' after 'position startpos'");
            return;
        }
        sfen = Position::START_SFEN;
    } else {
        // `position sfen <sfen>`, or the SFEN without the keyword as YaneuraOu accepts.
        const size_t begin = tokens[1] == "sfen" ? 2 : 1;
        sfen               = join(tokens, begin, moves_at);
    }
    // A bad SFEN keeps the previous position; a bad move keeps the moves before it.
    if (Status s = game_.set_sfen(sfen); !s.ok()) {
        send_error("bad SFEN '" + sfen + "': " + s.message() + "; position unchanged");
        return;
    }
    for (size_t i = moves_at + 1; i < tokens.size(); ++i) {
        if (Status s = game_.play(tokens[i]); !s.ok()) {
            send_error("move " + std::to_string(i - moves_at) + ": " + s.message()
                       + "; position kept after the previous move");
            return;
        }
    }
}

void UsiLoop::cmd_go(const std::vector<std::string_view>& tokens) {
    for (size_t i = 1; i < tokens.size(); ++i) {
        if (tokens[i] != "perft") continue;
        int depth = 0;
        if (i + 1 >= tokens.size() || !parse_int(tokens[i + 1], depth) || depth < 1
            || depth > MAX_PERFT_DEPTH) {
            send_error("go perft needs a depth from 1 to " + std::to_string(MAX_PERFT_DEPTH));
            return;
        }
        run_perft(depth);
        return;
    }
    // No search yet: answer every `go` with exactly one bestmove, a legal one.
    const LegalMoves moves(game_.position());
    send("info string search not implemented yet; playing the first legal move");
    send(moves.empty() ? "bestmove resign" : "bestmove " + to_usi(*moves.begin()));
}

void UsiLoop::run_perft(int depth) {
    const auto  start  = std::chrono::steady_clock::now();
    PerftDivide result = perft_divide(game_.position(), depth);
    const auto  ms     = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    for (const auto& [m, n] : result.moves)
        send(to_usi(m) + ": " + std::to_string(n));
    send("");
    send("Nodes searched: " + std::to_string(result.total));
    send("Time (ms): " + std::to_string(ms));
    send("Nodes/second: " + std::to_string(result.total * 1000 / uint64_t(ms > 0 ? ms : 1)));
}

void UsiLoop::cmd_display() {
    const Position& pos = game_.position();
    for (int r = 0; r < 9; ++r) {
        std::string row;
        for (int f = 8; f >= 0; --f) {
            const Piece pc = pos.piece_on(make_square(File(f), Rank(r)));
            if (pc == NO_PIECE) {
                row += "  . ";
                continue;
            }
            static constexpr std::string_view NAMES[] = {
                " ", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"};
            std::string name(NAMES[type_of(pc)]);
            if (color_of(pc) == WHITE)
                for (char& ch : name)
                    ch = char(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
            row += std::string(4 - name.size() - 1, ' ') + name + ' ';
        }
        send(row + " " + char('a' + r));
    }
    send("sfen " + pos.sfen());
    send("key " + std::to_string(pos.key()) + (pos.in_check() ? " (in check)" : ""));
}

} // namespace tsubame::usi
