#include "core/notation.h"

namespace tsubame {

namespace {
constexpr std::string_view DROP_LETTERS = " PLNSBRG"; // indexed by PieceType PAWN..GOLD
}

std::string to_usi(Square s) {
    return std::string{char('1' + file_of(s)), char('a' + rank_of(s))};
}

std::optional<Square> parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < '1' || text[0] > '9' || text[1] < 'a' || text[1] > 'i')
        return std::nullopt;
    return make_square(File(text[0] - '1'), Rank(text[1] - 'a'));
}

std::string to_usi(Move m) {
    if (m == Move::none()) return "none";
    if (m == Move::null()) return "null";
    if (m.is_drop()) return std::string(1, DROP_LETTERS[m.dropped_type()]) + "*" + to_usi(m.to());
    return to_usi(m.from()) + to_usi(m.to()) + (m.is_promotion() ? "+" : "");
}

std::optional<MoveText> parse_move_text(std::string_view text) {
    MoveText mt;
    if (text.size() == 4 && text[1] == '*') {
        // Case-sensitive on purpose: USI drops are upper case for both colours.
        const size_t i = DROP_LETTERS.find(text[0]);
        if (i == std::string_view::npos || i == 0) return std::nullopt;
        const auto to = parse_square(text.substr(2));
        if (!to) return std::nullopt;
        mt.drop  = true;
        mt.piece = PieceType(i);
        mt.to    = *to;
        return mt;
    }
    if (text.size() != 4 && !(text.size() == 5 && text[4] == '+')) return std::nullopt;
    const auto from = parse_square(text.substr(0, 2));
    const auto to   = parse_square(text.substr(2, 2));
    if (!from || !to) return std::nullopt;
    mt.from    = *from;
    mt.to      = *to;
    mt.promote = text.size() == 5;
    return mt;
}

} // namespace tsubame
