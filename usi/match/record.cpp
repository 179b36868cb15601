#include "match/record.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string_view>

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

// ---- KIF

constexpr const char* WIDE_DIGITS[] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char* KANJI_NUMBERS[] = {"",     "一",   "二",   "三",   "四",   "五",   "六",
                                         "七",   "八",   "九",   "十",   "十一", "十二", "十三",
                                         "十四", "十五", "十六", "十七", "十八"};

// A piece as a move names it (`成銀`), and as a diagram shows it (one character: `全`).
const char* kif_piece(PieceType pt, bool on_board) {
    switch (pt) {
        case PAWN:
            return "歩";
        case LANCE:
            return "香";
        case KNIGHT:
            return "桂";
        case SILVER:
            return "銀";
        case GOLD:
            return "金";
        case BISHOP:
            return "角";
        case ROOK:
            return "飛";
        case KING:
            return "玉";
        case PRO_PAWN:
            return "と";
        case PRO_LANCE:
            return on_board ? "杏" : "成香";
        case PRO_KNIGHT:
            return on_board ? "圭" : "成桂";
        case PRO_SILVER:
            return on_board ? "全" : "成銀";
        case HORSE:
            return "馬";
        case DRAGON:
            return "龍";
        default:
            return "？";
    }
}

// Characters (code points) of UTF-8 text: KIF aligns its columns by them.
int width(std::string_view utf8) {
    int n = 0;
    for (char c : utf8)
        n += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
    return n;
}

// `歩十五　香四　金　` (pawns first, as ShogiHome writes hands), or `なし`.
std::string kif_hand(const Hand& hand) {
    std::string text;
    for (PieceType pt : {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK}) {
        const int n = hand.count(pt);
        if (n == 0) continue;
        text += kif_piece(pt, true);
        if (n >= 2) text += KANJI_NUMBERS[n];
        text += "　";
    }
    return text.empty() ? "なし" : text;
}

// The start position: `手合割：平手` for the standard one with Black to move, else a BOD
// diagram: White's hand, the board (White's pieces marked `v`), Black's hand, the side to move.
void write_kif_position(const std::string& sfen, std::ostream& out) {
    Game game;
    (void)game.set_sfen(sfen);
    const Position& pos         = game.position();
    const auto      without_ply = [](std::string_view s) { return s.substr(0, s.rfind(' ')); };
    if (without_ply(pos.sfen()) == without_ply(Position::START_SFEN)) {
        out << "手合割：平手\n";
        return;
    }
    out << "後手の持駒：" << kif_hand(pos.hand(WHITE)) << "\n";
    out << "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int r = RANK_1; r <= RANK_9; ++r) {
        out << '|';
        for (int f = FILE_9; f >= FILE_1; --f) {
            const Piece pc = pos.piece_on(make_square(File(f), Rank(r)));
            if (pc == NO_PIECE)
                out << " ・";
            else
                out << (color_of(pc) == BLACK ? " " : "v") << kif_piece(type_of(pc), true);
        }
        out << '|' << KANJI_NUMBERS[r + 1] << '\n';
    }
    out << "+---------------------------+\n";
    out << "先手の持駒：" << kif_hand(pos.hand(BLACK)) << "\n";
    out << (pos.side_to_move() == BLACK ? "先手番" : "後手番") << "\n";
}

// The special move that ends a KIF record, from the view of `mover`, the side to move.
const char* kif_ending(const Outcome& o, Color mover) {
    switch (o.reason) {
        case Termination::CHECKMATE:
        case Termination::NO_LEGAL_MOVES:
            return "詰み";
        case Termination::RESIGN:
            return "投了";
        case Termination::TIME_FORFEIT:
            return "切れ負け";
        case Termination::REPETITION:
            return "千日手";
        case Termination::MAX_MOVES:
        case Termination::DECLARATION_DRAW:
            return "持将棋";
        case Termination::DECLARATION_WIN:
            return "入玉勝ち";
        case Termination::TRY_WIN:
            return "トライ";
        case Termination::ILLEGAL_MOVE:
        case Termination::INVALID_DECLARATION:
            return "反則負け"; // by the side to move
        case Termination::PERPETUAL_CHECK:
            // The checker's foul, which may be the side not to move.
            return o.winner == mover ? "反則勝ち" : "反則負け";
        default:
            return "中断"; // crash, startup failure, interruption
    }
}

// `まで80手で先手の勝ち`, `まで80手で千日手`, ... (Kifu for Windows' last line).
std::string kif_summary(const Outcome& o, int plies) {
    std::string text = "まで" + std::to_string(plies) + "手で";
    if (!o.winner) {
        switch (o.reason) {
            case Termination::REPETITION:
                return text + "千日手";
            case Termination::MAX_MOVES:
            case Termination::DECLARATION_DRAW:
                return text + "持将棋";
            default:
                return text + "中断";
        }
    }
    const std::string winner = *o.winner == BLACK ? "先手" : "後手";
    switch (o.reason) {
        case Termination::TIME_FORFEIT:
            return text + "時間切れにより" + winner + "の勝ち";
        case Termination::ILLEGAL_MOVE:
        case Termination::INVALID_DECLARATION:
        case Termination::PERPETUAL_CHECK:
            return text + winner + "の反則勝ち";
        default:
            return text + winner + "の勝ち";
    }
}

// ` ( 0:01/00:00:01)`: the move's time and the side's total, in whole seconds.
std::string kif_time(int64_t move_ms, int64_t total_ms) {
    const long long move = move_ms / 1000, total = total_ms / 1000;
    char            buf[64];
    std::snprintf(buf, sizeof buf, " (%2lld:%02lld/%02lld:%02lld:%02lld)", move / 60, move % 60,
                  total / 3600, total / 60 % 60, total % 60);
    return buf;
}

// The comment after a move in both formats: its time and what the engine last said, then the
// search's time by the engine's clock and whether the move was pondered (so that a late move
// shows whether the engine stopped late or its answer came late).
std::string move_comment(const MoveRecord& r) {
    std::string text = "time " + std::to_string(r.elapsed_ms) + " ms";
    if (r.depth) text += ", depth " + std::to_string(*r.depth);
    if (r.nodes) text += ", nodes " + std::to_string(*r.nodes);
    if (!r.score.empty()) text += ", score " + r.score;
    if (r.engine_ms) text += ", engine time " + std::to_string(*r.engine_ms) + " ms";
    if (r.pondered) text += ", ponderhit";
    return text;
}

} // namespace

std::string to_kif(Move m, Move previous) {
    std::string text = previous && previous.to() == m.to()
                         ? std::string("同　")
                         : std::string(WIDE_DIGITS[int(file_of(m.to())) + 1])
                               + KANJI_NUMBERS[int(rank_of(m.to())) + 1];
    if (m.is_drop()) return text + kif_piece(m.dropped_type(), false) + "打";
    text += kif_piece(type_of(m.moved_piece_before()), false);
    if (m.is_promotion()) text += "成";
    return text + "(" + csa_square(m.from()) + ")";
}

void write_kif(const GameResult& game, const MatchOptions& options, std::ostream& out) {
    const TimeControl& tc = options.tc;
    out << "#KIF version=2.0 encoding=UTF-8\n";
    out << "# tsubame match; time control: main " << tc.time_ms << " ms, byoyomi " << tc.byoyomi_ms
        << " ms, increment " << tc.inc_ms << " ms";
    if (tc.nodes) out << ", nodes " << tc.nodes;
    if (tc.depth) out << ", depth " << tc.depth;
    out << "\n# opening: " << game.setup.opening.substr(0, 200)
        << (game.setup.opening.size() > 200 ? " ..." : "") << '\n';
    out << "開始日時：" << csa_time(game.started) << '\n';
    out << "終了日時：" << csa_time(game.ended) << '\n';
    out << "棋戦：tsubame match game " << game.setup.number << '\n';
    write_kif_position(game.start_sfen, out);
    out << "先手：" << game.names[BLACK] << "\n後手：" << game.names[WHITE] << '\n';
    out << "手数----指手---------消費時間--\n";

    Game start;
    (void)start.set_sfen(game.start_sfen);
    Color      mover      = start.position().side_to_move();
    int        ply        = 0;
    Move       previous   = Move::none();
    int64_t    total[2]   = {0, 0}; // per colour, as ShogiHome sums them
    const auto write_move = [&](Move m, int64_t ms) {
        total[mover] += ms;
        const std::string text = to_kif(m, previous);
        // ShogiHome's columns: two spaces after a 7-character move, four after a drop.
        const int pad = m.is_drop() ? 4 : width(text) == 7 ? 2 : 0;
        char      number[16];
        std::snprintf(number, sizeof number, "%4d ", ++ply);
        out << number << text << std::string(size_t(pad), ' ') << kif_time(ms, total[mover])
            << '\n';
        previous = m;
        mover    = ~mover;
    };
    for (Move m : game.opening_moves)
        write_move(m, 0);
    if (!game.opening_moves.empty())
        out << "*end of opening (" << game.opening_moves.size() << " plies)\n";
    for (const MoveRecord& r : game.moves) {
        write_move(r.move, r.elapsed_ms);
        out << "*" << move_comment(r) << '\n';
    }
    const Outcome&    o      = game.outcome;
    const std::string ending = kif_ending(o, mover);
    char              number[16];
    std::snprintf(number, sizeof number, "%4d ", ply + 1);
    out << number << ending << std::string(size_t(std::max(12 - 2 * width(ending), 0)), ' ')
        << kif_time(0, total[mover]) << '\n';
    out << "*result: ";
    if (!o.winner)
        out << "draw";
    else
        out << (*o.winner == BLACK ? "sente (" : "gote (") << game.names[*o.winner] << ") wins";
    out << " by " << termination_name(o.reason);
    if (!o.detail.empty()) out << ": " << o.detail;
    out << '\n' << kif_summary(o, ply) << '\n';
}

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
        out << "'" << move_comment(r) << '\n';
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
