// Move-legality rules of rules.md §3, one hand-made position per rule.
//
// Every position and every legal / illegal / check / mate claim below was cross-checked
// against an independent implementation (the tsshogi library used by the match tool): same
// full legal move list, same "gives check" flag (legal start positions only) and same number
// of replies after each move.
// White positions are the Black ones rotated by 180 degrees with colours swapped.

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "board_fixture.h"
#include "core/notation.h"
#include "core/position.h"
#include "movegen/movegen.h"
#include "rules/game.h"

namespace tsubame {

namespace {

using testing_support::Board;

// True when the generator lists `usi` among all legal moves.
bool generated(const Position& pos, std::string_view usi) {
    for (Move m : LegalMoves(pos))
        if (to_usi(m) == usi) return true;
    return false;
}

// True when the USI parser accepts `usi` as a legal move.
bool parsed(const Position& pos, std::string_view usi) {
    std::string error;
    return parse_legal_move(pos, usi, error) != Move::none();
}

// Each move must be generated and accepted by the parser.
void expect_legal(std::string_view sfen, std::initializer_list<std::string_view> moves) {
    Board b(sfen);
    for (std::string_view usi : moves) {
        EXPECT_TRUE(generated(b.pos(), usi)) << usi << " should be legal in " << sfen;
        EXPECT_TRUE(parsed(b.pos(), usi)) << usi << " should parse in " << sfen;
    }
}

// Each move must be neither generated nor accepted by the parser.
void expect_illegal(std::string_view sfen, std::initializer_list<std::string_view> moves) {
    Board b(sfen);
    for (std::string_view usi : moves) {
        EXPECT_FALSE(generated(b.pos(), usi)) << usi << " should be illegal in " << sfen;
        EXPECT_FALSE(parsed(b.pos(), usi)) << usi << " should not parse in " << sfen;
    }
}

// Number of legal replies after playing `usi` (0 with the reply side in check = mate).
size_t replies_after(std::string_view sfen, std::string_view usi) {
    Board        b(sfen);
    const Status s = b.game.play(usi);
    EXPECT_TRUE(s.ok()) << usi << " in " << sfen << ": " << s.message();
    return LegalMoves(b.pos()).size();
}

// True when, after `usi`, the reply side is in check and has no legal move.
bool mates(std::string_view sfen, std::string_view usi) {
    Board        b(sfen);
    const Status s = b.game.play(usi);
    EXPECT_TRUE(s.ok()) << usi << " in " << sfen << ": " << s.message();
    return b.pos().in_check() && LegalMoves(b.pos()).empty();
}

// After `usi`, the reply `answer` is legal.
void expect_reply(std::string_view sfen, std::string_view usi, std::string_view answer) {
    Board        b(sfen);
    const Status s = b.game.play(usi);
    ASSERT_TRUE(s.ok()) << usi << " in " << sfen << ": " << s.message();
    EXPECT_TRUE(b.pos().in_check()) << usi << " should give check in " << sfen;
    EXPECT_TRUE(generated(b.pos(), answer)) << answer << " should answer " << usi << " in " << sfen;
}

// Position::gives_check of the legal move `usi` (which must be legal).
bool gives_check(std::string_view sfen, std::string_view usi) {
    Board       b(sfen);
    std::string error;
    const Move  m = parse_legal_move(b.pos(), usi, error);
    EXPECT_NE(m, Move::none()) << usi << " in " << sfen << ": " << error;
    return m != Move::none() && b.pos().gives_check(m);
}

// --- Forced promotion (pieces with no further move), rules.md §3 ---

// Black: W king 5a; B pawn 1b, lance 2c, knights 3c, 7d, 7e; B king 5i.
constexpr const char* kDeadBlack = "4k4/8P/6NL1/2N6/2N6/9/9/9/4K4 b - 1";
// The same rotated: White pawn 9h, lance 8g, knights 7g, 3f, 3e.
constexpr const char* kDeadWhite = "4k4/9/9/9/6n2/6n2/1ln6/p8/4K4 w - 1";

// A pawn reaching the last rank must promote (rules.md §3).
TEST(RulesForcedPromotion, PawnOnLastRankMustPromote) {
    expect_illegal(kDeadBlack, {"1b1a"});
    expect_legal(kDeadBlack, {"1b1a+"});
    expect_illegal(kDeadWhite, {"9h9i"});
    expect_legal(kDeadWhite, {"9h9i+"});
}

// A lance reaching the last rank must promote; on the second-last rank it may stay (§3).
TEST(RulesForcedPromotion, LanceOnLastRankMustPromote) {
    expect_illegal(kDeadBlack, {"2c2a"});
    expect_legal(kDeadBlack, {"2c2a+", "2c2b", "2c2b+"});
    expect_illegal(kDeadWhite, {"8g8i"});
    expect_legal(kDeadWhite, {"8g8i+", "8g8h", "8g8h+"});
}

// A knight reaching either of the last two ranks must promote (§3).
TEST(RulesForcedPromotion, KnightOnLastTwoRanksMustPromote) {
    expect_illegal(kDeadBlack, {"3c2a", "3c4a", "7d6b", "7d8b"});
    expect_legal(kDeadBlack, {"3c2a+", "3c4a+", "7d6b+", "7d8b+"});
    expect_illegal(kDeadWhite, {"7g8i", "7g6i", "3f4h", "3f2h"});
    expect_legal(kDeadWhite, {"7g8i+", "7g6i+", "3f4h+", "3f2h+"});
}

// A knight reaching its third rank may promote or stay unpromoted (§3).
TEST(RulesForcedPromotion, KnightOnThirdRankMayStayUnpromoted) {
    expect_legal(kDeadBlack, {"7e6c", "7e6c+", "7e8c", "7e8c+"});
    expect_legal(kDeadWhite, {"3e4g", "3e4g+", "3e2g", "3e2g+"});
}

// --- Optional promotion, rules.md §3 ---

// Black: W king 5a; B bishop 8b, silver 3c, rook 1c, gold 9d, king 7d, silver 5d.
constexpr const char* kPromoBlack = "4k4/1B7/6S1R/G1K1S4/9/9/9/9/9 b - 1";
constexpr const char* kPromoWhite = "9/9/9/9/9/4s1k1g/r1s6/7b1/4K4 w - 1";

// A move that starts in the zone and leaves it may promote or not (§3).
TEST(RulesOptionalPromotion, LeavingTheZoneMayPromote) {
    expect_legal(kPromoBlack,
                 {"3c4d", "3c4d+", "3c2d+", "8b6d", "8b6d+", "8b5e+", "1c1f", "1c1f+", "1c1d+"});
    expect_legal(kPromoWhite,
                 {"7g6f", "7g6f+", "7g8f+", "2h4f", "2h4f+", "2h5e+", "9g9d", "9g9d+", "9g9f+"});
}

// A move that enters the zone may promote or not (§3).
TEST(RulesOptionalPromotion, EnteringTheZoneMayPromote) {
    expect_legal(kPromoBlack, {"5d5c", "5d5c+", "5d4c+"});
    expect_legal(kPromoWhite, {"5f5g", "5f5g+", "5f6g+"});
}

// A move entirely outside the zone may not promote (§3).
TEST(RulesOptionalPromotion, OutsideTheZoneNoPromotion) {
    expect_legal(kPromoBlack, {"5d4e", "5d6e"});
    expect_illegal(kPromoBlack, {"5d4e+", "5d6e+"});
    expect_legal(kPromoWhite, {"5f6e", "5f4e"});
    expect_illegal(kPromoWhite, {"5f6e+", "5f4e+"});
}

// Gold and king never promote, even when entering the zone (§1, §3).
TEST(RulesOptionalPromotion, GoldAndKingNeverPromote) {
    expect_legal(kPromoBlack, {"9d9c", "7d7c"});
    expect_illegal(kPromoBlack, {"9d9c+", "7d7c+"});
    expect_legal(kPromoWhite, {"1f1g", "3f3g"});
    expect_illegal(kPromoWhite, {"1f1g+", "3f3g+"});
}

// --- Drop restrictions, rules.md §3 ---

constexpr const char* kDropsBlack = "4k4/9/9/9/9/9/9/9/4K4 b PLNpln 1";
constexpr const char* kDropsWhite = "4k4/9/9/9/9/9/9/9/4K4 w PLNpln 1";

// No pawn or lance drop on the last rank, no knight drop on the last two ranks (§3).
TEST(RulesDrops, NoDropWithoutFurtherMove) {
    expect_illegal(kDropsBlack, {"P*1a", "L*1a", "N*1a", "N*1b"});
    expect_legal(kDropsBlack, {"P*1b", "L*1b", "N*1c"});
    expect_illegal(kDropsWhite, {"P*9i", "L*9i", "N*9i", "N*9h"});
    expect_legal(kDropsWhite, {"P*9h", "L*9h", "N*9g"});
}

// Black: B pawn 5g, B tokin 3c, W pawn 7c, pawn in hand.
constexpr const char* kNifuBlack = "4k4/9/2p3+P2/9/9/9/4P4/9/4K4 b P 1";
constexpr const char* kNifuWhite = "4k4/9/4p4/9/9/9/2+p3P2/9/4K4 w p 1";

// Nifu: no pawn drop on a file holding an own unpromoted pawn (§3).
TEST(RulesDrops, NifuForbidsSecondPawnOnFile) {
    expect_illegal(kNifuBlack, {"P*5e", "P*5c", "P*5h"});
    expect_illegal(kNifuWhite, {"P*5e", "P*5g", "P*5b"});
}

// Nifu ignores tokins and enemy pawns (§3).
TEST(RulesDrops, NifuIgnoresTokinAndEnemyPawn) {
    expect_legal(kNifuBlack, {"P*3e", "P*3d", "P*7e", "P*7d", "P*1e"});
    expect_legal(kNifuWhite, {"P*7e", "P*7f", "P*3e", "P*3f", "P*9e"});
}

// --- Pawn-drop mate (uchifuzume), rules.md §3 ---

// W king 1a boxed in by its own knight 2a and lance 2b; B knight 2d guards 1b.
constexpr const char* kUchifuBlack = "7nk/7l1/9/7N1/9/9/9/9/4K4 b PGL 1";
constexpr const char* kUchifuWhite = "4k4/9/9/9/9/1n7/9/1L7/KN7 w pgl 1";

// A pawn drop that checkmates is illegal (§3).
TEST(RulesUchifuzume, MatingPawnDropIsIllegal) {
    expect_illegal(kUchifuBlack, {"P*1b"});
    expect_illegal(kUchifuWhite, {"P*9h"});
    // Control: the same drop one square lower is legal (no check).
    expect_legal(kUchifuBlack, {"P*1c"});
    expect_legal(kUchifuWhite, {"P*9g"});
}

// Mating by dropping a gold or a lance is legal (§3).
TEST(RulesUchifuzume, MatingDropOfOtherPieceIsLegal) {
    EXPECT_TRUE(mates(kUchifuBlack, "G*1b"));
    EXPECT_TRUE(mates(kUchifuBlack, "L*1b"));
    EXPECT_TRUE(mates(kUchifuWhite, "G*9h"));
    EXPECT_TRUE(mates(kUchifuWhite, "L*9h"));
}

// Mating by pushing a pawn (tsuki-fu-zume) is legal (§3).
TEST(RulesUchifuzume, MatingPawnPushIsLegal) {
    constexpr const char* black = "7nk/7l1/8P/7N1/9/9/9/9/4K4 b - 1";
    constexpr const char* white = "4k4/9/9/9/9/1n7/p8/1L7/KN7 w - 1";
    EXPECT_TRUE(mates(black, "1c1b"));
    EXPECT_TRUE(mates(black, "1c1b+"));
    EXPECT_TRUE(mates(white, "9g9h"));
    EXPECT_TRUE(mates(white, "9g9h+"));
}

// A checking pawn drop is legal when the king can take the undefended pawn (§3).
TEST(RulesUchifuzume, CheckingDropKingTakesPawn) {
    constexpr const char* sfen = "7nk/7l1/9/9/9/9/9/9/4K4 b P 1";
    expect_legal(sfen, {"P*1b"});
    expect_reply(sfen, "P*1b", "1a1b");
    EXPECT_EQ(replies_after(sfen, "P*1b"), 1u);
}

// A checking pawn drop is legal when another defender can take the pawn (§3).
TEST(RulesUchifuzume, CheckingDropOtherDefenderTakesPawn) {
    constexpr const char* sfen = "7gk/7l1/9/7N1/9/9/9/9/4K4 b P 1";
    expect_legal(sfen, {"P*1b"});
    expect_reply(sfen, "P*1b", "2a1b");
    EXPECT_EQ(replies_after(sfen, "P*1b"), 1u);
}

// A checking pawn drop is legal when the king can step aside (§3).
TEST(RulesUchifuzume, CheckingDropKingEscapesSideways) {
    constexpr const char* sfen = "8k/7l1/9/7N1/9/9/9/9/4K4 b P 1";
    expect_legal(sfen, {"P*1b"});
    expect_reply(sfen, "P*1b", "1a2a");
    EXPECT_EQ(replies_after(sfen, "P*1b"), 1u);
}

// The only defender that could take the pawn is pinned, so the drop mates: illegal (§3).
TEST(RulesUchifuzume, PinnedDefenderCannotSaveFromPawnDropMate) {
    constexpr const char* pinned   = "6Rgk/7l1/9/7N1/9/9/9/9/4K4 b P 1";
    constexpr const char* unpinned = "7gk/7l1/9/7N1/9/9/9/9/4K4 b P 1";
    expect_illegal(pinned, {"P*1b"});
    expect_legal(unpinned, {"P*1b"});
}

// --- King safety, rules.md §3 ---

// The king may not step onto a square the enemy attacks (§3).
TEST(RulesKingSafety, KingMayNotMoveIntoAttack) {
    constexpr const char* sfen = "4kr3/9/9/9/9/9/9/4K4/9 b - 1";
    expect_illegal(sfen, {"5h4g", "5h4h", "5h4i"});
    expect_legal(sfen, {"5h5g", "5h6g", "5h6h", "5h5i", "5h6i"});
}

// In check from a rook or lance, stepping straight away along its line stays in check (§3).
TEST(RulesKingSafety, KingMayNotRetreatAlongCheckingLine) {
    constexpr const char* rook  = "4r4/9/9/9/4K4/9/9/9/k8 b - 1";
    constexpr const char* lance = "4l4/9/9/9/4K4/9/9/9/k8 b - 1";
    expect_illegal(rook, {"5e5f", "5e5d"});
    expect_legal(rook, {"5e4e", "5e6e", "5e4f", "5e6f", "5e4d", "5e6d"});
    expect_illegal(lance, {"5e5f", "5e5d"});
    expect_legal(lance, {"5e4e", "5e6e", "5e4f", "5e6f", "5e4d", "5e6d"});
}

// A pinned rook may slide along the pin line only, including onto the pinner (§3).
TEST(RulesKingSafety, PinnedRookSlidesAlongPin) {
    constexpr const char* sfen = "4r3k/9/9/9/9/4R4/9/9/4K4 b - 1";
    expect_legal(sfen, {"5f5g", "5f5h", "5f5e", "5f5d", "5f5c", "5f5c+", "5f5b+", "5f5a", "5f5a+"});
    expect_illegal(sfen, {"5f4f", "5f6f", "5f1f", "5f9f"});
}

// A pinned silver may not leave the pin line (file pin and diagonal pin) (§3).
TEST(RulesKingSafety, PinnedSilverStaysOnLine) {
    constexpr const char* file_pin = "4r3k/9/9/9/9/9/4S4/9/4K4 b - 1";
    expect_legal(file_pin, {"5g5f"});
    expect_illegal(file_pin, {"5g4f", "5g6f", "5g4h", "5g6h"});
    constexpr const char* diagonal_pin = "8k/9/9/9/9/7b1/9/5S3/4K4 b - 1";
    expect_legal(diagonal_pin, {"4h3g"});
    expect_illegal(diagonal_pin, {"4h4g", "4h5g", "4h3i"});
}

// A pinned piece may capture its pinner (§3).
TEST(RulesKingSafety, PinnedPieceMayCapturePinner) {
    constexpr const char* silver = "8k/9/9/9/9/9/6b2/5S3/4K4 b - 1";
    expect_legal(silver, {"4h3g"});
    expect_illegal(silver, {"4h4g", "4h5g", "4h3i"});
    constexpr const char* gold = "8k/9/9/9/9/9/4l4/4G4/4K4 b - 1";
    expect_legal(gold, {"5h5g"});
    expect_illegal(gold, {"5h4h", "5h6h", "5h4g", "5h6g"});
}

// --- Checks ---

// W king 5a; B lance 5i behind silver 5e, pawn 4c, gold 7c, king 1i; gold and knight in hand.
constexpr const char* kChecks = "4k4/9/2G2P3/9/4S4/9/9/9/4L3K b GN 1";

// gives_check sees checks uncovered by moving a piece off a slider's line.
TEST(RulesChecks, DiscoveredCheck) {
    EXPECT_TRUE(gives_check(kChecks, "5e4d"));
    EXPECT_TRUE(gives_check(kChecks, "5e6d"));
    EXPECT_TRUE(gives_check(kChecks, "5e4f"));
    EXPECT_FALSE(gives_check(kChecks, "5e5d")); // stays on the line
    EXPECT_FALSE(gives_check(kChecks, "5i5f")); // the lance is still blocked
}

// gives_check sees direct checks by board moves, promotions and drops.
TEST(RulesChecks, DirectChecks) {
    EXPECT_TRUE(gives_check(kChecks, "7c6b"));
    EXPECT_FALSE(gives_check(kChecks, "7c7b"));
    EXPECT_TRUE(gives_check(kChecks, "4c4b+")); // a tokin on 4b touches 5a
    EXPECT_FALSE(gives_check(kChecks, "4c4b")); // a pawn on 4b does not
    EXPECT_TRUE(gives_check(kChecks, "G*5b"));
    EXPECT_TRUE(gives_check(kChecks, "G*4b"));
    EXPECT_FALSE(gives_check(kChecks, "G*9e"));
    EXPECT_TRUE(gives_check(kChecks, "N*6c"));
    EXPECT_FALSE(gives_check(kChecks, "N*4d"));
}

// gives_check agrees with "the opponent is in check after do_move" for every legal move.
TEST(RulesChecks, GivesCheckMatchesDoMove) {
    Board b(kChecks);
    int   checks = 0;
    for (Move m : LegalMoves(b.pos())) {
        Position&  pos = b.game.position();
        const bool gc  = pos.gives_check(m);
        StateInfo  st;
        pos.do_move(m, st);
        EXPECT_EQ(gc, pos.in_check()) << to_usi(m);
        pos.undo_move(m);
        checks += gc;
    }
    EXPECT_EQ(checks, 12);
}

// --- Evasions ---

// B king 5i checked by W rook 5a; B silver 4b, gold 6e and a pawn in hand can answer.
constexpr const char* kSingleCheck = "4r3k/5S3/9/9/3G5/9/9/9/4K4 b P 1";
// The same plus a W bishop on 1e: double check.
constexpr const char* kDoubleCheck = "4r3k/5S3/9/9/3G4b/9/9/9/4K4 b P 1";

// Every generated move leaves the mover's king unattacked; the list is exactly the evasions.
TEST(RulesEvasions, EveryMoveResolvesCheck) {
    for (const char* sfen : {kSingleCheck, kDoubleCheck, "4r4/9/9/9/4K4/9/9/9/k8 b - 1",
                             "4l4/9/9/9/4K4/9/9/9/k8 b - 1"}) {
        Board b(sfen);
        ASSERT_TRUE(b.pos().in_check()) << sfen;
        const LegalMoves legal(b.pos());
        EXPECT_FALSE(legal.empty()) << sfen;
        for (Move m : legal) {
            Position&   pos = b.game.position();
            const Color us  = pos.side_to_move();
            StateInfo   st;
            pos.do_move(m, st);
            EXPECT_FALSE(pos.is_attacked(~us, pos.king_square(us), pos.pieces()))
                << to_usi(m) << " in " << sfen;
            pos.undo_move(m);
        }
        const MoveList<GenType::EVASIONS, true> evasions(b.pos());
        EXPECT_EQ(evasions.size(), legal.size()) << sfen;
        for (Move m : legal)
            EXPECT_TRUE(evasions.contains(m)) << to_usi(m) << " in " << sfen;
    }
}

// A check can be answered by capturing the checker (§3).
TEST(RulesEvasions, CaptureTheChecker) {
    expect_legal(kSingleCheck, {"4b5a", "4b5a+"});
}

// A slider's check can be answered by interposing a board move or a drop (§3).
TEST(RulesEvasions, Interpose) {
    expect_legal(kSingleCheck, {"6e5e", "6e5d", "P*5b", "P*5e", "P*5h"});
    expect_illegal(kSingleCheck, {"6e6d", "4b4a", "P*9e", "5i5h"});
    expect_legal(kSingleCheck, {"5i4h", "5i6h", "5i4i", "5i6i"});
    EXPECT_EQ(LegalMoves(Board(kSingleCheck).pos()).size(), 17u);
}

// In double check only king moves are legal (§3).
TEST(RulesEvasions, DoubleCheckOnlyKingMoves) {
    Board b(kDoubleCheck);
    ASSERT_TRUE(b.pos().checkers().more_than_one());
    const LegalMoves legal(b.pos());
    EXPECT_EQ(legal.size(), 3u); // 5i6h, 5i4i, 5i6i
    for (Move m : legal) {
        EXPECT_FALSE(m.is_drop()) << to_usi(m);
        EXPECT_EQ(m.from(), b.pos().king_square(BLACK)) << to_usi(m);
    }
    expect_illegal(kDoubleCheck, {"4b5a", "6e5e", "P*5e", "5i4h", "5i5h"});
}

// --- Unusual start positions, rules.md §3 "Illegal positions from a GUI" ---

// A tsume SFEN without a Black king loads, generates moves for both sides and finds the mate.
TEST(RulesOddPositions, AttackerWithoutKing) {
    constexpr const char* sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    Board                 b(sfen);
    EXPECT_EQ(b.pos().king_square(BLACK), SQ_NONE);
    EXPECT_FALSE(b.pos().in_check());
    EXPECT_EQ(LegalMoves(b.pos()).size(), 81u); // 5c5b, 5c5b+ and 79 gold drops
    EXPECT_TRUE(mates(sfen, "G*5b"));
    EXPECT_FALSE(mates(sfen, "G*9e"));
    // White to move against a kingless Black: drops everywhere, no crash.
    ASSERT_TRUE(b.game.play("G*9e").ok());
    EXPECT_TRUE(generated(b.pos(), "R*5h"));
    EXPECT_TRUE(generated(b.pos(), "5a4b"));
    EXPECT_TRUE(b.pos().is_consistent());
}

// When the side not to move is in check, the king capture is generated (§3).
// In an illegal start where the side not to move is in check, a move that captures the
// king while uncovering a slider must not look for a discovered check against the captured
// king (found by review: an out-of-range table read under the sanitizers).
TEST(RulesOddPositions, KingCaptureThatUncoversASlider) {
    Board     b("9/9/9/4k4/4G4/9/9/9/K3R4 b - 1");
    Position& pos = b.game.position();
    for (Move m : LegalMoves(pos)) {
        StateInfo st;
        pos.do_move(m, st);
        std::string reason;
        EXPECT_TRUE(pos.is_consistent(&reason)) << to_usi(m) << ": " << reason;
        for (Move reply : LegalMoves(pos)) {
            StateInfo st2;
            pos.do_move(reply, st2);
            EXPECT_TRUE(pos.is_consistent(&reason)) << to_usi(m) << " " << to_usi(reply);
            pos.undo_move(reply);
        }
        pos.undo_move(m);
    }
    EXPECT_TRUE(generated(pos, "5e5d")); // the capture of the king
}

TEST(RulesOddPositions, OpponentKingLeftInCheck) {
    constexpr const char* sfen = "4k4/9/9/9/4R4/9/9/9/4K4 b - 1";
    Board                 b(sfen);
    EXPECT_FALSE(b.pos().in_check());
    EXPECT_TRUE(generated(b.pos(), "5e5a"));
    EXPECT_TRUE(generated(b.pos(), "5e5a+"));
}

} // namespace

} // namespace tsubame
