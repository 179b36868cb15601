#include "match/record.h"

#include <ctime>

#include "rules/game.h"

namespace tsubame::usi {

namespace {

const char* csa_piece(PieceType pt) {
    switch (pt) {
        case PAWN:
            return "FU";
        case LANCE:
            return "KY";
        case KNIGHT:
            return "KE";
        case SILVER:
            return "GI";
        case GOLD:
            return "KI";
        case BISHOP:
            return "KA";
        case ROOK:
            return "HI";
        case KING:
            return "OU";
        case PRO_PAWN:
            return "TO";
        case PRO_LANCE:
            return "NY";
        case PRO_KNIGHT:
            return "NK";
        case PRO_SILVER:
            return "NG";
        case HORSE:
            return "UM";
        case DRAGON:
            return "RY";
        default:
            return "??";
    }
}

std::string csa_square(Square s) {
    return std::to_string(int(file_of(s)) + 1) + std::to_string(int(rank_of(s)) + 1);
}

std::string csa_time(std::time_t t) {
    char    buf[32];
    std::tm tm{};
    localtime_r(&t, &tm);
    std::strftime(buf, sizeof buf, "%Y/%m/%d %H:%M:%S", &tm);
    return buf;
}

char sign(Color c) {
    return c == BLACK ? '+' : '-';
}

// The start position: `PI` when it is the standard one with Black to move, else P1..P9, the
// hands and the side to move.
void write_position(const std::string& sfen, std::ostream& out) {
    Game game;
    (void)game.set_sfen(sfen);
    const Position& pos = game.position();
    // Board, side to move and hands (the move number does not matter).
    const auto without_ply = [](std::string_view s) { return s.substr(0, s.rfind(' ')); };
    if (without_ply(pos.sfen()) == without_ply(Position::START_SFEN)) {
        out << "PI\n+\n";
        return;
    }
    for (int r = RANK_1; r <= RANK_9; ++r) {
        out << 'P' << r + 1;
        for (int f = FILE_9; f >= FILE_1; --f) {
            const Piece pc = pos.piece_on(make_square(File(f), Rank(r)));
            if (pc == NO_PIECE)
                out << " * ";
            else
                out << sign(color_of(pc)) << csa_piece(type_of(pc));
        }
        out << '\n';
    }
    for (Color c : {BLACK, WHITE}) {
        const Hand h = pos.hand(c);
        if (h.empty()) continue;
        out << 'P' << sign(c);
        for (PieceType pt : {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN})
            for (int i = 0; i < h.count(pt); ++i)
                out << "00" << csa_piece(pt);
        out << '\n';
    }
    out << sign(pos.side_to_move()) << '\n';
}

// The special move that ends the game; `loser` is the side that lost, `mover` the side to move.
std::string special_move(const Outcome& o, Color mover) {
    const Color loser = o.winner ? ~*o.winner : mover;
    switch (o.reason) {
        case Termination::CHECKMATE:
        case Termination::NO_LEGAL_MOVES:
            return "%TSUMI";
        case Termination::RESIGN:
            return "%TORYO";
        case Termination::TIME_FORFEIT:
            return "%TIME_UP";
        case Termination::REPETITION:
            return "%SENNICHITE";
        case Termination::DECLARATION_WIN:
            return "%KACHI";
        case Termination::DECLARATION_DRAW:
            return "%JISHOGI";
        case Termination::MAX_MOVES:
            return "%HIKIWAKE";
        case Termination::ILLEGAL_MOVE:
        case Termination::INVALID_DECLARATION:
            return "%ILLEGAL_MOVE"; // by the side to move, the offender
        case Termination::PERPETUAL_CHECK:
            // V2.2 has no %OUTE_SENNICHITE: a perpetual check is the checker's foul, which may
            // be the side not to move; the sign names the offender (spec text of V2.2).
            return std::string("%") + sign(loser) + "ILLEGAL_ACTION";
        default:
            return "%CHUDAN"; // crash, startup failure, interruption
    }
}

} // namespace

std::string to_csa(Move m) {
    const Piece after = m.moved_piece_after();
    std::string text(1, sign(color_of(after)));
    text += m.is_drop() ? "00" : csa_square(m.from());
    text += csa_square(m.to());
    text += csa_piece(type_of(after));
    return text;
}

void write_csa(const GameResult& game, const MatchOptions& options, std::ostream& out) {
    const Outcome& o = game.outcome;
    out << "V2.2\n";
    out << "N+" << game.names[BLACK] << "\nN-" << game.names[WHITE] << '\n';
    out << "$EVENT:tsubame match game " << game.setup.number << '\n';
    out << "$START_TIME:" << csa_time(game.started) << '\n';
    out << "$END_TIME:" << csa_time(game.ended) << '\n';
    const TimeControl& tc = options.tc;
    if (tc.has_clock() && tc.inc_ms == 0)
        out << "$TIME_LIMIT:" << (tc.time_ms / 3600000 < 10 ? "0" : "") << tc.time_ms / 3600000
            << ':' << (tc.time_ms / 60000 % 60 < 10 ? "0" : "") << tc.time_ms / 60000 % 60 << '+'
            << (tc.byoyomi_ms / 1000 < 10 ? "0" : "") << tc.byoyomi_ms / 1000 << '\n';
    out << "$OPENING:" << game.setup.opening.substr(0, 200)
        << (game.setup.opening.size() > 200 ? " ..." : "") << '\n';
    out << "'time control: main " << tc.time_ms << " ms, byoyomi " << tc.byoyomi_ms
        << " ms, increment " << tc.inc_ms << " ms";
    if (tc.nodes) out << ", nodes " << tc.nodes;
    if (tc.depth) out << ", depth " << tc.depth;
    out << '\n';
    write_position(game.start_sfen, out);
    for (Move m : game.opening_moves)
        out << to_csa(m) << "\nT0\n";
    if (!game.opening_moves.empty())
        out << "'end of opening (" << game.opening_moves.size() << " plies)\n";
    for (const MoveRecord& r : game.moves) {
        out << to_csa(r.move) << "\nT" << r.elapsed_ms / 1000 << '\n';
        out << "'time " << r.elapsed_ms << " ms";
        if (r.depth) out << ", depth " << *r.depth;
        if (!r.score.empty()) out << ", score " << r.score;
        out << '\n';
    }
    Game end;
    (void)end.set_sfen(game.final_sfen);
    out << special_move(o, end.position().side_to_move()) << '\n';
    out << "'result: ";
    if (!o.winner)
        out << "draw";
    else
        out << (*o.winner == BLACK ? "sente (" : "gote (") << game.names[*o.winner] << ") wins";
    out << " by " << termination_name(o.reason);
    if (!o.detail.empty()) out << ": " << o.detail;
    out << '\n';
}

} // namespace tsubame::usi
