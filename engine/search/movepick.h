#pragma once

// Move ordering: a list of moves with scores, picked best first, filled in stages (the
// captures, then the rest) so that a node cut by an early move never generates the others;
// and the scores of captures (MVV-LVA) and promotions.

#include <algorithm>

#include "core/position.h"
#include "eval/material.h"
#include "movegen/movegen.h"

namespace tsubame {

/// True when m takes a piece (a drop never does).
inline bool is_capture(const Position& pos, Move m) {
    return !m.is_drop() && pos.piece_on(m.to()) != NO_PIECE;
}

/// Moves with ordering scores, picked best first. Moves may be added in stages (captures, then
/// the rest), each stage scored when it is added.
class OrderedMoves {
public:
    /// Starts afresh with the moves of kind T, unscored.
    template <GenType T, bool All = false>
    void generate(const Position& pos) {
        count_ = picked_ = scored_ = 0;
        append<T, All>(pos);
    }
    /// Adds the moves of kind T, unscored, to those not picked yet.
    template <GenType T, bool All = false>
    void append(const Position& pos) {
        fill([&](Move* list) { return tsubame::generate<T, All>(pos, list); });
    }
    /// The captures of the piece on s (quiescence recaptures).
    void generate_captures_on(const Position& pos, Square s) {
        count_ = picked_ = scored_ = 0;
        fill([&](Move* list) { return tsubame::generate_captures_on(pos, s, list); });
    }
    /// Scores the moves added since the last call.
    template <typename Scorer>
    void score(Scorer&& scorer) {
        for (int i = scored_; i < count_; ++i)
            moves_[i].score = scorer(moves_[i].move);
        scored_ = count_;
    }
    /// The next move in score order, or none() when all were picked. The first few are
    /// selected one by one (a cutoff usually comes early); then the rest is sorted once,
    /// since selection is quadratic in shogi's long move lists.
    Move next() {
        if (picked_ >= count_) return Move::none();
        if (selections_left_ > 0) {
            --selections_left_;
            select_best();
        } else if (!sorted_) {
            std::sort(moves_ + picked_, moves_ + count_,
                      [](const Scored& a, const Scored& b) { return a.score > b.score; });
            sorted_ = true;
        }
        return moves_[picked_++].move;
    }
    /// The next move if its score is at least `threshold`, else none() (and nothing is picked).
    Move next_scoring_at_least(int threshold) {
        if (picked_ >= count_) return Move::none();
        select_best();
        return moves_[picked_].score >= threshold ? moves_[picked_++].move : Move::none();
    }
    /// Moves added so far, picked or not.
    int size() const { return count_; }

private:
    struct Scored {
        Move move;
        int  score;
    };
    void select_best() {
        int best = picked_;
        for (int i = picked_ + 1; i < count_; ++i)
            if (moves_[i].score > moves_[best].score) best = i;
        std::swap(moves_[picked_], moves_[best]);
    }
    // Appends the moves a generator writes (generator(list) returns their end), unscored, and
    // starts the picking order afresh.
    template <typename Generator>
    void fill(Generator&& generator) {
        Move        buffer[MAX_MOVES];
        Move* const end   = generator(buffer);
        const int   added = int(end - buffer);
        for (int i = 0; i < added; ++i)
            moves_[count_ + i] = {buffer[i], 0};
        count_ += added;
        selections_left_ = SELECT_FIRST;
        sorted_          = false;
    }
    static constexpr int SELECT_FIRST = 3;
    Scored               moves_[MAX_MOVES];
    int                  count_           = 0;
    int                  picked_          = 0;
    int                  scored_          = 0;
    int                  selections_left_ = SELECT_FIRST;
    bool                 sorted_          = false;
};

/// Ordering score of a capture that does not lose material, before its MVV-LVA part; losing
/// ones get its negation and go after the quiet moves.
constexpr int GOOD_CAPTURE_SCORE = 1 << 28;

/// MVV-LVA: the most valuable victim first, the least valuable attacker first among equals.
inline int capture_score(const Position& pos, Move m) {
    const int victim   = capture_value(type_of(pos.piece_on(m.to())));
    const int attacker = piece_value(type_of(m.moved_piece_before()));
    return victim * 8 - attacker / 8;
}

/// What a promotion adds to the moved piece's value.
inline int promotion_gain(Move m) {
    const PieceType after = type_of(m.moved_piece_after());
    return piece_value(after) - piece_value(unpromoted(after));
}

/// Which moves a node generates at once when it does not stage them.
enum class NodeMoves {
    ALL_LEGAL, ///< Every legal move, never-better non-promotions too (`searchmoves`).
    EVASIONS,
    NON_EVASIONS
};

/// The moves of a main-search node in order: the table's move first, before anything is
/// generated (it often ends the node at once, and generating and ordering shogi's long move
/// lists is much of a node's cost); then, when `staged` (below the root, not in check), the
/// captures that do not lose material, before the quiet moves are generated; then the rest,
/// best first. The scorer scores each stage when it is generated, so that the quiet moves are
/// scored with the histories that the good captures' searches have just updated.
template <typename Scorer>
class MovePicker {
public:
    MovePicker(const Position& pos, Move tt_move, bool staged, NodeMoves all, Scorer& scorer) :
        pos_(pos),
        tt_move_(tt_move),
        staged_(staged),
        all_(all),
        scorer_(scorer),
        stage_(tt_move != Move::none() ? Stage::TT_MOVE : Stage::GENERATE) { }

    /// The next move, or none() when all were given.
    Move next() {
        switch (stage_) {
            case Stage::TT_MOVE:
                stage_ = Stage::GENERATE;
                return tt_move_;
            case Stage::GENERATE:
                if (!staged_) {
                    if (all_ == NodeMoves::ALL_LEGAL)
                        moves_.template generate<GenType::LEGAL, true>(pos_);
                    else if (all_ == NodeMoves::EVASIONS)
                        moves_.template generate<GenType::EVASIONS>(pos_);
                    else
                        moves_.template generate<GenType::NON_EVASIONS>(pos_);
                    moves_.score(scorer_);
                    stage_ = Stage::REST;
                    break;
                }
                moves_.template generate<GenType::CAPTURES>(pos_);
                moves_.score(scorer_);
                stage_ = Stage::GOOD_CAPTURES;
                [[fallthrough]];
            case Stage::GOOD_CAPTURES:
                while (const Move m = moves_.next_scoring_at_least(GOOD_CAPTURE_SCORE))
                    if (m != tt_move_) return m;
                // The quiet moves join the captures left (losing ones, pawn promotions).
                moves_.template append<GenType::QUIETS>(pos_);
                moves_.score(scorer_);
                stage_ = Stage::REST;
                break;
            case Stage::REST:
                break;
        }
        Move m = moves_.next();
        if (m == tt_move_ && m != Move::none()) m = moves_.next(); // already given first
        return m;
    }

private:
    enum class Stage {
        TT_MOVE,
        GENERATE,
        GOOD_CAPTURES,
        REST
    };
    const Position& pos_;
    const Move      tt_move_;
    const bool      staged_;
    const NodeMoves all_;
    Scorer&         scorer_;
    Stage           stage_;
    OrderedMoves    moves_;
};

} // namespace tsubame
