#include "rules/game.h"

#include "movegen/movegen.h"

namespace tsubame {

Game::Game() {
    [[maybe_unused]] const Status s = set_sfen(Position::START_SFEN);
}

Status Game::set_sfen(std::string_view sfen) {
    std::deque<StateInfo> fresh(1);
    Status                s = pos_.set_sfen(sfen, &fresh.front());
    if (!s.ok()) return s;
    states_.swap(fresh); // swap keeps element addresses, which pos_ now points to
    moves_.clear();
    start_sfen_ = pos_.sfen();
    return s;
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

void Game::undo() {
    if (moves_.empty()) return;
    pos_.undo_move(moves_.back());
    moves_.pop_back();
    states_.pop_back();
}

} // namespace tsubame
