#include "rules/game.h"

#include "core/tokens.h"
#include "movegen/movegen.h"

namespace tsubame {

Status parse_position_args(std::span<const std::string_view> tokens, PositionArgs& args) {
    if (tokens.empty()) return Status::failure("position needs 'startpos' or an SFEN");
    size_t moves_at = 0;
    while (moves_at < tokens.size() && tokens[moves_at] != "moves")
        ++moves_at;
    args.sfen.clear();
    if (tokens[0] == "startpos") {
        if (moves_at != 1)
            return Status::failure("unexpected '" + std::string(tokens[1])
                                   + "' after 'position startpos'");
        args.sfen = Position::START_SFEN;
    } else {
        // `sfen <sfen>`, or the SFEN without the keyword as YaneuraOu accepts.
        for (size_t i = tokens[0] == "sfen" ? 1 : 0; i < moves_at; ++i) {
            if (!args.sfen.empty()) args.sfen += ' ';
            args.sfen += tokens[i];
        }
    }
    args.moves.clear();
    for (size_t i = moves_at + 1; i < tokens.size(); ++i)
        args.moves.emplace_back(tokens[i]);
    return Status::success();
}

Game::Game() {
    [[maybe_unused]] const Status s = set_sfen(Position::START_SFEN);
}

Status Game::set_sfen(std::string_view sfen) {
    std::deque<StateInfo> fresh(1);
    Status                s = pos_.set_sfen(sfen, &fresh.front());
    if (!s.ok()) return s;
    states_.swap(fresh); // swap keeps element addresses, which pos_ now points to
    moves_.clear();
    start_.copy_from(pos_, &start_state_);
    return s;
}

Status Game::set_position(std::string_view sfen, const std::vector<std::string>& moves) {
    if (Status s = set_sfen(sfen); !s.ok())
        return Status::failure("bad SFEN '" + std::string(sfen) + "': " + s.message()
                               + "; position unchanged");
    for (size_t i = 0; i < moves.size(); ++i)
        if (Status s = play(moves[i]); !s.ok())
            return Status::failure("move " + std::to_string(i + 1) + ": " + s.message()
                                   + "; position kept after the previous move");
    return Status::success();
}

Status Game::set_position(std::string_view spec) {
    PositionArgs args;
    if (Status s = parse_position_args(split_tokens(spec), args); !s.ok()) return s;
    return set_position(args.sfen, args.moves);
}

Status Game::play(std::string_view usi_move) {
    std::string error;
    const Move  m = parse_legal_move(pos_, usi_move, error);
    if (m == Move::none()) return Status::failure(error);
    play(m);
    return Status::success();
}

void Game::play(Move m) {
    states_.emplace_back();
    pos_.do_move(m, states_.back());
    moves_.push_back(m);
}

void Game::replay(const Game& other) {
    if (&other == this) return;
    std::deque<StateInfo> fresh(1);
    pos_.copy_from(other.start_, &fresh.front());
    states_.swap(fresh);
    start_.copy_from(other.start_, &start_state_);
    moves_.clear();
    for (Move m : other.moves())
        play(m);
}

void Game::undo() {
    if (moves_.empty()) return;
    pos_.undo_move(moves_.back());
    moves_.pop_back();
    states_.pop_back();
}

} // namespace tsubame
