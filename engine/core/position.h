#pragma once

// The board: pieces, hands, side to move, incremental do/undo, and the check information
// (checkers, pins, check squares) that move generation and the search need at every node.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/attacks.h"
#include "core/bitboard.h"
#include "core/hand.h"
#include "core/move.h"
#include "core/status.h"
#include "core/types.h"

namespace tsubame {

/// Per-ply state: what do_move computes and undo_move must restore. States form a chain
/// through `previous`; the owner keeps them alive (see Game).
struct StateInfo {
    StateInfo() { } // user-provided, so that check_squares is not initialised
    // Carried over from the previous ply and updated by do_move.
    uint64_t board_key = 0; ///< Board and side to move.
    uint64_t hand_key  = 0; ///< Both hands.
    /// Plies since colour c last made a move that did not give check (counted in steps of 2
    /// while c keeps checking), for perpetual-check detection.
    int continuous_check[COLOR_NB] = {0, 0};
    int plies_from_null            = 0;

    // Recomputed by do_move: what generating moves here needs.
    Bitboard checkers; ///< Pieces giving check to the side to move.
    /// Lone pieces (either colour) between c's king and a slider of ~c. The side to move's
    /// entry (its pins) is set by do_move; the other one on first use, with check_squares.
    Bitboard blockers_for_king[COLOR_NB];

    // Computed on first use (Position::ensure_check_info): what giving check needs. Perft's
    // leaf parents and search nodes that stand pat never pay for it.
    // Left uninitialised (a variant member): a StateInfo is made for every move searched, and
    // zeroing these 256 bytes each time showed in profiles; check_info_ready guards them.
    union {
        Bitboard check_squares[PIECE_TYPE_NB]; ///< Where a piece of the side to move gives check.
    };
    bool check_info_ready = false;

    Piece      captured = NO_PIECE; ///< Piece captured by the move that led here.
    Hand       hand_of_side_to_move; ///< Copy of the mover's hand (repetition superiority).
    StateInfo* previous = nullptr;

    /// Key of the whole position (board, hands, side to move).
    uint64_t key() const { return board_key ^ hand_key; }
};

/// A shogi position. Not copyable: it points into a chain of StateInfo owned elsewhere.
class Position {
public:
    /// The SFEN of the initial position.
    static constexpr std::string_view START_SFEN =
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    Position()                = default;
    Position(const Position&) = delete;

    /// Sets the position from an SFEN (board, side, hands, optional move number), using `root`
    /// as its first state. On error the position is left unchanged and the reason returned.
    Status set_sfen(std::string_view sfen, StateInfo* root);
    /// Becomes a copy of `other` without its history: other's current state is copied into
    /// `root`, which starts the new chain. No text is parsed.
    void copy_from(const Position& other, StateInfo* root);
    /// The position as canonical SFEN (hands in RBGSNLP order, counts > 1 only).
    std::string sfen() const;

    /// Plays a legal move; `new_state` must outlive the move (until undo_move).
    void do_move(Move m, StateInfo& new_state);
    /// Takes back the last move, which must be `m`.
    void undo_move(Move m);
    /// Passes the turn (null-move pruning); the side to move must not be in check.
    void do_null_move(StateInfo& new_state);
    /// Takes back a null move.
    void undo_null_move();

    /// Whose turn it is.
    Color side_to_move() const { return side_to_move_; }
    /// Ply number of the side to move (1 = first move of the game, as in SFEN).
    int game_ply() const { return game_ply_; }
    /// The piece on s, or NO_PIECE.
    Piece piece_on(Square s) const { return board_[s]; }
    /// Pieces in colour c's hand.
    Hand hand(Color c) const { return hands_[c]; }
    /// King square of colour c, or SQ_NONE when that side has no king (tsume attacker).
    Square king_square(Color c) const { return king_square_[c]; }

    /// Occupied squares, optionally by colour and/or type.
    Bitboard pieces() const { return by_color_[BLACK] | by_color_[WHITE]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    /// Gold and every piece that moves like one (promoted pawn, lance, knight, silver).
    Bitboard golds() const { return golds_; }
    Bitboard golds(Color c) const { return golds_ & by_color_[c]; }

    /// The current state (keys, check information, history link).
    const StateInfo* state() const { return st_; }
    uint64_t         key() const { return st_->key(); }
    uint64_t         board_key() const { return st_->board_key; }
    uint64_t         hand_key() const { return st_->hand_key; }
    /// board_key() and key() after the legal move m, without playing it (to prefetch
    /// hash-table entries early).
    uint64_t board_key_after(Move m) const;
    uint64_t key_after(Move m) const;
    /// Pieces giving check to the side to move.
    Bitboard checkers() const { return st_->checkers; }
    bool     in_check() const { return bool(st_->checkers); }
    /// Pieces of colour c that may not leave the line between their king and a pinner.
    Bitboard pinned(Color c) const { return blockers_for_king(c) & by_color_[c]; }
    /// Lone pieces of either colour between c's king and an enemy slider.
    Bitboard blockers_for_king(Color c) const {
        if (c != side_to_move_) ensure_check_info();
        return st_->blockers_for_king[c];
    }
    /// Squares from which a piece of type pt of the side to move would give check.
    Bitboard check_squares(PieceType pt) const {
        ensure_check_info();
        return st_->check_squares[pt];
    }
    /// The piece the last move captured, or NO_PIECE.
    Piece captured_piece() const { return st_->captured; }

    /// Pieces of colour c attacking square s, with the given occupancy.
    Bitboard attackers_to(Color c, Square s, const Bitboard& occ) const;
    Bitboard attackers_to(Color c, Square s) const { return attackers_to(c, s, pieces()); }
    /// Pieces of either colour attacking square s, with the given occupancy (one slider
    /// lookup serves both colours).
    Bitboard attackers_to(Square s, const Bitboard& occ) const;
    /// True when colour c attacks square s, with the given occupancy. Faster than
    /// attackers_to: stops at the first kind of attacker found, step pieces first.
    bool is_attacked(Color c, Square s, const Bitboard& occ) const {
        return is_attacked_by(c, by_color_[c], s, occ);
    }
    /// is_attacked, counting only the pieces in `mine` (a subset of colour c's), e.g. with a
    /// piece that is about to move left out.
    bool is_attacked_by(Color c, const Bitboard& mine, Square s, const Bitboard& occ) const;

    /// True when the legal move m gives check. Assumes the side not to move is not in check
    /// (as in any legal position): after an illegal start it reports only new checks.
    bool gives_check(Move m) const;
    /// True when dropping a pawn of the side to move on `to` would checkmate (uchifuzume):
    /// `to` must be the square in front of the enemy king, empty, with a pawn in hand.
    bool pawn_drop_mates(Square to) const;

    /// Recomputes everything from scratch and compares with the incremental state; for tests.
    bool is_consistent(std::string* reason = nullptr) const;

private:
    // Copies every member, st_ included; only copy_from uses it (it then sets st_ to its own).
    Position& operator=(const Position&) = default;

    void put_piece(Piece pc, Square s);
    void remove_piece(Square s);
    /// Sets the checkers and the side to move's pins of the current state. `known_checkers`,
    /// when given, are the checkers found incrementally by do_move.
    void set_check_info(const Bitboard* known_checkers = nullptr);
    /// Computes the lazily filled part of the state (check squares, the enemy king's blockers).
    void ensure_check_info() const {
        if (!st_->check_info_ready) compute_check_info();
    }
    void compute_check_info() const;
    /// Sliders of the side that just moved that see the enemy king through `from`.
    Bitboard discovered_checkers(Square from) const;
    void     update_blockers(Color c) const;
    uint64_t compute_board_key() const;
    uint64_t compute_hand_key() const;
    void     clear();

    Piece      board_[SQ_NB] = {};
    Bitboard   by_type_[PIECE_TYPE_NB];
    Bitboard   by_color_[COLOR_NB];
    Bitboard   golds_;
    Hand       hands_[COLOR_NB];
    Square     king_square_[COLOR_NB] = {SQ_NONE, SQ_NONE};
    Color      side_to_move_          = BLACK;
    int        game_ply_              = 1;
    StateInfo* st_                    = nullptr;
    /// Set when the SFEN left the side not to move in check (an illegal start a GUI may
    /// send): do_move's incremental checkers assume the mover's opponent was not in check.
    bool full_checker_scan_ = false;
};

/// The hands field of an SFEN: Black's then White's pieces in RBGSNLP order, counts > 1 only,
/// `-` when both hands are empty (what Position::sfen writes).
std::string sfen_hands(Hand black, Hand white);

} // namespace tsubame
