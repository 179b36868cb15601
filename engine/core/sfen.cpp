// SFEN reading and writing for Position (rules.md §1; HGM §3).

#include <array>
#include <charconv>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/tokens.h"

namespace tsubame {

namespace {

// Largest move number accepted: far beyond any game, and far from overflowing the ply count.
constexpr int MAX_MOVE_NUMBER = 1'000'000;

constexpr std::string_view PIECE_LETTERS = " PLNSBRGK"; // indexed by unpromoted PieceType

// Piece type of an SFEN letter (either case), or NO_PIECE_TYPE.
PieceType type_of_letter(char ch) {
    const char   upper = (ch >= 'a' && ch <= 'z') ? char(ch - 'a' + 'A') : ch;
    const size_t i     = PIECE_LETTERS.find(upper);
    return (i == std::string_view::npos || i == 0) ? NO_PIECE_TYPE : PieceType(i);
}

// The board field: ranks a..i separated by '/', each from file 9 down to file 1. Counts each
// side's kings.
Status parse_board(std::string_view b, std::array<Piece, SQ_NB>& board, int (&kings)[COLOR_NB]) {
    int rank = 0, file = 8;
    for (size_t i = 0; i < b.size(); ++i) {
        const char ch = b[i];
        auto where    = [&] { return " (board, rank " + std::string(1, char('a' + rank)) + ")"; };
        if (ch == '/') {
            if (file != -1)
                return Status::failure("rank has " + std::to_string(8 - file) + " squares, not 9"
                                       + where());
            if (++rank > 8) return Status::failure("board has more than 9 ranks");
            file = 8;
        } else if (ch >= '1' && ch <= '9') {
            file -= ch - '0';
            if (file < -1) return Status::failure("rank has more than 9 squares" + where());
        } else {
            bool promote = false;
            char letter  = ch;
            if (ch == '+') {
                if (i + 1 >= b.size())
                    return Status::failure("'+' at the end of the board" + where());
                promote = true;
                letter  = b[++i];
            }
            const PieceType base = type_of_letter(letter);
            if (base == NO_PIECE_TYPE)
                return Status::failure(std::string("unknown piece letter '") + letter + "'"
                                       + where());
            if (promote && !can_promote(base))
                return Status::failure(std::string("'+") + letter + "' cannot be promoted"
                                       + where());
            if (file < 0) return Status::failure("rank has more than 9 squares" + where());
            const Color  c = (letter >= 'a' && letter <= 'z') ? WHITE : BLACK;
            const Square s = make_square(File(file), Rank(rank));
            board[s]       = make_piece(c, promote ? promoted(base) : base);
            if (base == KING) ++kings[c];
            --file;
        }
    }
    if (rank != 8)
        return Status::failure("board has " + std::to_string(rank + 1) + " rank(s), not 9");
    if (file != -1)
        return Status::failure("rank i has " + std::to_string(8 - file)
                               + " squares, not 9 (board)");
    return Status::success();
}

// The hands field: '-' or [count]letter items in any order; counts may have two digits.
Status parse_hands(std::string_view h, Hand (&hands)[COLOR_NB]) {
    if (h != "-") {
        int count = -1; // -1: no digits before this letter, meaning one piece
        for (char ch : h) {
            if (ch >= '0' && ch <= '9') {
                count = (count < 0 ? 0 : count * 10) + (ch - '0');
                if (count > Hand::capacity(PAWN))
                    return Status::failure("hand count over " + std::to_string(Hand::capacity(PAWN))
                                           + " in '" + std::string(h) + "'");
                continue;
            }
            if (count == 0) return Status::failure("hand count 0 in '" + std::string(h) + "'");
            const PieceType pt = type_of_letter(ch);
            if (pt == NO_PIECE_TYPE || pt == KING)
                return Status::failure(std::string("unknown hand piece '") + ch + "' in '"
                                       + std::string(h) + "'");
            const Color c = (ch >= 'a' && ch <= 'z') ? WHITE : BLACK;
            const int   n = count < 0 ? 1 : count;
            // Up to what the hand field holds: captures with non-standard material (accepted
            // below) can fill a hand beyond the standard count, and sfen() must read back.
            if (hands[c].count(pt) + n > Hand::capacity(pt))
                return Status::failure(std::string("too many '") + ch + "' in hand: '"
                                       + std::string(h) + "'");
            hands[c].set(pt, hands[c].count(pt) + n);
            count = -1;
        }
        if (count >= 0)
            return Status::failure("hand '" + std::string(h) + "' ends with a count and no piece");
    }
    return Status::success();
}

// The optional move number field.
Status parse_move_number(std::string_view n, int& ply) {
    const auto [ptr, ec] = std::from_chars(n.data(), n.data() + n.size(), ply);
    if (ec != std::errc() || ptr != n.data() + n.size() || ply < 1 || ply > MAX_MOVE_NUMBER)
        return Status::failure("move number must be an integer from 1 to "
                               + std::to_string(MAX_MOVE_NUMBER) + ", not '" + std::string(n)
                               + "'");
    return Status::success();
}

// Validity: at most one king a side, no piece that could never move, no two unpromoted pawns
// of one side on a file, and no more pieces of a kind than a hand could hold if one side
// captured them all. Non-standard totals within that are accepted: published perft positions
// use them.
Status check_material(const std::array<Piece, SQ_NB>& board, const Hand (&hands)[COLOR_NB],
                      const int (&kings)[COLOR_NB]) {
    for (Color c : {BLACK, WHITE})
        if (kings[c] > 1)
            return Status::failure(std::string(c == BLACK ? "Black" : "White")
                                   + " has more than one king");
    int  totals[HAND_TYPE_END + 1]       = {};
    bool pawn_on_file[COLOR_NB][FILE_NB] = {};
    for (int i = 0; i < SQ_NB; ++i) {
        const Piece pc = board[i];
        if (pc == NO_PIECE) continue;
        const Square    s  = Square(i);
        const Color     c  = color_of(pc);
        const PieceType pt = type_of(pc);
        const Rank      r  = relative_rank(c, rank_of(s));
        if (((pt == PAWN || pt == LANCE) && r == RANK_1) || (pt == KNIGHT && r <= RANK_2))
            return Status::failure("piece on " + to_usi(s) + " could never move again");
        if (pt == PAWN) {
            if (pawn_on_file[c][file_of(s)])
                return Status::failure("two unpromoted pawns of one side on file "
                                       + std::to_string(file_of(s) + 1) + " (nifu)");
            pawn_on_file[c][file_of(s)] = true;
        }
        ++totals[unpromoted(pt)];
    }
    for (int pt = HAND_TYPE_BEGIN; pt < HAND_TYPE_END; ++pt) {
        const int total =
            totals[pt] + hands[BLACK].count(PieceType(pt)) + hands[WHITE].count(PieceType(pt));
        if (total > Hand::capacity(PieceType(pt)))
            return Status::failure("more than " + std::to_string(Hand::capacity(PieceType(pt)))
                                   + " '" + PIECE_LETTERS[pt] + "' pieces on board and in hand");
    }
    return Status::success();
}

} // namespace

Status Position::set_sfen(std::string_view sfen, StateInfo* root) {
    const auto fields = split_tokens(sfen);
    if (fields.size() < 3)
        return Status::failure("SFEN needs board, side to move and hands; got "
                               + std::to_string(fields.size()) + " field(s)");
    if (fields.size() > 4)
        return Status::failure("unexpected text after the SFEN move number: '"
                               + std::string(fields[4]) + "'");

    // Parse into locals first so that a bad SFEN leaves the position untouched.
    std::array<Piece, SQ_NB> board{};
    Hand                     hands[COLOR_NB];
    int                      kings[COLOR_NB] = {0, 0};
    if (Status st = parse_board(fields[0], board, kings); !st.ok()) return st;
    if (fields[1] != "b" && fields[1] != "w")
        return Status::failure("side to move must be 'b' or 'w', not '" + std::string(fields[1])
                               + "'");
    const Color side = fields[1] == "b" ? BLACK : WHITE;

    if (Status st = parse_hands(fields[2], hands); !st.ok()) return st;
    int ply = 1;
    if (fields.size() == 4)
        if (Status st = parse_move_number(fields[3], ply); !st.ok()) return st;
    if (Status st = check_material(board, hands, kings); !st.ok()) return st;

    // Commit.
    clear();
    for (int i = 0; i < SQ_NB; ++i)
        if (board[i] != NO_PIECE) put_piece(board[i], Square(i));
    hands_[BLACK] = hands[BLACK];
    hands_[WHITE] = hands[WHITE];
    side_to_move_ = side;
    game_ply_     = ply;

    *root                      = StateInfo();
    st_                        = root;
    st_->board_key             = compute_board_key();
    st_->hand_key              = compute_hand_key();
    const Square opponent_king = king_square_[~side_to_move_];
    full_checker_scan_ =
        opponent_king != SQ_NONE && is_attacked(side_to_move_, opponent_king, pieces());
    set_check_info();
    st_->hand_of_side_to_move = hands_[side_to_move_];
    return Status::success();
}

std::string sfen_hands(Hand black, Hand white) {
    // Canonical hand order: RBGSNLP, Black before White.
    constexpr PieceType ORDER[] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
    std::string         hand;
    for (Color c : {BLACK, WHITE})
        for (PieceType pt : ORDER) {
            const int n = (c == BLACK ? black : white).count(pt);
            if (n == 0) continue;
            if (n > 1) hand += std::to_string(n);
            const char letter = PIECE_LETTERS[pt];
            hand += c == BLACK ? letter : char(letter - 'A' + 'a');
        }
    return hand.empty() ? "-" : hand;
}

std::string Position::sfen() const {
    std::string s;
    for (int r = 0; r < 9; ++r) {
        int empty = 0;
        for (int f = 8; f >= 0; --f) {
            const Piece pc = board_[make_square(File(f), Rank(r))];
            if (pc == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty);
            empty              = 0;
            const PieceType pt = type_of(pc);
            if (is_promoted(pt)) s += '+';
            const char letter = PIECE_LETTERS[unpromoted(pt)];
            s += color_of(pc) == BLACK ? letter : char(letter - 'A' + 'a');
        }
        if (empty) s += char('0' + empty);
        if (r < 8) s += '/';
    }
    s += side_to_move_ == BLACK ? " b " : " w ";
    s += sfen_hands(hands_[BLACK], hands_[WHITE]);
    s += ' ';
    s += std::to_string(game_ply_);
    return s;
}

} // namespace tsubame
