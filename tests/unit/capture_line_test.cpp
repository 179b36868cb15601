// The capture line (search/capture_line.h): what a position's score already counts, so that
// training learns it from the quiet position at the line's end. Hanging pieces are taken,
// exchanges are played out, losing captures are not, and the position is left as it was.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/notation.h"
#include "search/capture_line.h"

namespace tsubame {
namespace {

// The line of `sfen` in USI notation, and a check that the position is left as it was.
std::vector<std::string> line_of(const std::string& sfen) {
    Position  pos;
    StateInfo root;
    EXPECT_TRUE(pos.set_sfen(sfen, &root).ok()) << sfen;
    const uint64_t           before = pos.key();
    std::vector<std::string> moves;
    for (Move m : capture_line(pos))
        moves.push_back(to_usi(m));
    EXPECT_EQ(pos.key(), before) << sfen;
    EXPECT_EQ(pos.sfen(), sfen) << "left as it was";
    return moves;
}

TEST(CaptureLine, QuietPositionsHaveNone) {
    EXPECT_TRUE(line_of("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").empty());
    // In check: not a position to stand in.
    EXPECT_TRUE(line_of("4k4/9/9/9/9/9/9/4r4/4K4 b - 1").empty());
}

TEST(CaptureLine, AHangingPieceIsTaken) {
    EXPECT_EQ(line_of("4k4/9/9/9/4r4/4P4/9/9/4K4 b - 1"), std::vector<std::string>{"5f5e"});
}

TEST(CaptureLine, ALosingCaptureIsNot) {
    // The rook would take a pawn and be taken by the gold.
    EXPECT_TRUE(line_of("4k4/4g4/4p4/9/9/9/9/4R4/4K4 b - 1").empty());
}

TEST(CaptureLine, AnExchangeIsPlayedOut) {
    // Pawn takes silver and pawn takes pawn back.
    EXPECT_EQ(line_of("4k4/9/9/4p4/4s4/4P4/9/9/4K4 b - 1"),
              (std::vector<std::string>{"5f5e", "5d5e"}));
    // With a lance behind Black's pawn, the recapture would lose the pawn for a pawn: White
    // stands pat (an even trade is no gain), and the line is Black's capture alone.
    EXPECT_EQ(line_of("4k4/9/9/4p4/4s4/4P4/9/4L4/4K4 b - 1"), std::vector<std::string>{"5f5e"});
}

} // namespace
} // namespace tsubame
