#include "match/arbiter.h"

#include "core/notation.h"
#include "core/tokens.h"
#include "movegen/movegen.h"
#include "rules/repetition.h"

namespace tsubame::usi {

const char* termination_name(Termination t) {
    switch (t) {
        case Termination::NONE:
            return "none";
        case Termination::CHECKMATE:
            return "checkmate";
        case Termination::NO_LEGAL_MOVES:
            return "no-legal-moves";
        case Termination::RESIGN:
            return "resign";
        case Termination::ILLEGAL_MOVE:
            return "illegal-move";
        case Termination::TIME_FORFEIT:
            return "time-forfeit";
        case Termination::CRASH:
            return "crash";
        case Termination::STARTUP_FAILURE:
            return "startup-failure";
        case Termination::BOTH_FAILED:
            return "both-failed";
        case Termination::REPETITION:
            return "repetition";
        case Termination::PERPETUAL_CHECK:
            return "perpetual-check";
        case Termination::MAX_MOVES:
            return "max-moves";
        case Termination::DECLARATION_WIN:
            return "declaration-win";
        case Termination::DECLARATION_DRAW:
            return "declaration-draw";
        case Termination::INVALID_DECLARATION:
            return "invalid-declaration";
        case Termination::TRY_WIN:
            return "try-win";
        case Termination::INTERRUPTED:
            return "interrupted";
    }
    return "?";
}

Arbiter::Arbiter(EnteringKingRule rule, int max_moves) :
    rule_(rule),
    max_moves_(max_moves),
    base_("startpos") { }

Status Arbiter::start(std::string_view opening) {
    auto tokens = split_tokens(opening);
    if (!tokens.empty() && tokens[0] == "position") tokens.erase(tokens.begin());
    std::string spec;
    for (std::string_view t : tokens)
        spec += (spec.empty() ? "" : " ") + std::string(t);
    if (Status s = game_.set_position(spec); !s.ok()) return s;
    base_ = !tokens.empty() && tokens[0] == "startpos" ? "startpos" : "sfen " + game_.start_sfen();
    usi_moves_.clear();
    for (Move m : game_.moves())
        usi_moves_.push_back(to_usi(m));
    return Status::success();
}

std::string Arbiter::position_command() const {
    std::string command = "position " + base_;
    if (!usi_moves_.empty()) command += " moves";
    for (const std::string& m : usi_moves_)
        command += " " + m;
    return command;
}

Outcome Arbiter::adjudicate() const {
    const Position& pos = game_.position();
    const Color     us  = pos.side_to_move();
    if (LegalMoves(pos).empty()) {
        if (pos.in_check()) return {Termination::CHECKMATE, ~us, ""};
        return {Termination::NO_LEGAL_MOVES, ~us, ""};
    }
    switch (fourfold_repetition(pos)) {
        case Repetition::DRAW:
            return {Termination::REPETITION, std::nullopt, ""};
        case Repetition::WIN:
            return {Termination::PERPETUAL_CHECK, us, "perpetual check by the side not to move"};
        case Repetition::LOSS:
            return {Termination::PERPETUAL_CHECK, ~us, "perpetual check by the side to move"};
        default:
            break;
    }
    if (rule_ == EnteringKingRule::TRY && !game_.moves().empty()) {
        const Move  last   = game_.moves().back();
        const Color mover  = ~us;
        const Piece king   = make_piece(mover, KING);
        const auto  target = make_square(FILE_5, mover == BLACK ? RANK_1 : RANK_9);
        if (!last.is_drop() && last.moved_piece_after() == king && last.to() == target)
            return {Termination::TRY_WIN, mover, "king reached " + to_usi(target)};
    }
    if (max_moves_ > 0 && plies() >= max_moves_)
        return {Termination::MAX_MOVES, std::nullopt,
                "reached " + std::to_string(max_moves_) + " plies"};
    return {};
}

Outcome Arbiter::on_bestmove(std::string_view move) {
    const Position& pos = game_.position();
    const Color     us  = pos.side_to_move();
    if (move == "resign") return {Termination::RESIGN, ~us, ""};
    if (move == "win") {
        const std::string points =
            std::to_string(declaration_points(pos, us)) + " points in sfen " + pos.sfen();
        switch (judge_declaration(pos, rule_)) {
            case Declaration::WIN:
                return {Termination::DECLARATION_WIN, us, "declared with " + points};
            case Declaration::DRAW:
                return {Termination::DECLARATION_DRAW, std::nullopt, "declared with " + points};
            case Declaration::INVALID:
                break;
        }
        return {Termination::INVALID_DECLARATION, ~us, "declared with " + points};
    }
    const std::string sfen = pos.sfen();
    if (Status s = game_.play(move); !s.ok())
        return {Termination::ILLEGAL_MOVE, ~us,
                "'" + std::string(move) + "' (" + s.message() + ") in sfen " + sfen};
    usi_moves_.emplace_back(move);
    return adjudicate();
}

Outcome Arbiter::forfeit(Termination reason, std::string detail) const {
    return {reason, ~side_to_move(), std::move(detail)};
}

} // namespace tsubame::usi
