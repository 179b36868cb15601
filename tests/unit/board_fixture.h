#pragma once

// Test helper: a game set up from an SFEN that must be accepted.

#include <gtest/gtest.h>

#include <string_view>

#include "rules/game.h"

namespace tsubame::testing_support {

/// A position loaded from SFEN; fails the current test if the SFEN is rejected.
struct Board {
    Game game;
    explicit Board(std::string_view sfen) {
        const Status s = game.set_sfen(sfen);
        EXPECT_TRUE(s.ok()) << sfen << ": " << s.message();
    }
    const Position& pos() const { return game.position(); }
};

} // namespace tsubame::testing_support
