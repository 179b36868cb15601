// The network evaluation's plumbing, checked with random weights (no trained net needed):
// incremental updates equal a full refresh, the score is colour-symmetric, the features are
// the ones the design names, and net files are read back exactly or rejected with a reason.

#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <memory>
#include <random>
#include <set>
#include <vector>

#include "bench_positions.h"
#include "engine/engine.h"
#include "eval/nnue/embedded.h"
#include "eval/nnue/network.h"
#include "eval/nnue/refresh_cache.h"
#include "evaluate_fresh.h"
#include "flipped_sfen.h"
#include "movegen/movegen.h"
#include "random_network.h"
#include "rules/game.h"
#include "search/search.h"

namespace tsubame::nnue {
namespace {

// Plays a uniformly random legal move and returns it; Move::none() when there is none.
Move play_random_move(Game& game, std::mt19937_64& rng) {
    const LegalMoves moves(game.position());
    if (moves.empty()) return Move::none();
    const Move m = *(moves.begin() + rng() % moves.size());
    game.play(m);
    return m;
}

bool same(const Accumulator& a, const Accumulator& b) {
    return std::equal(&a.values[0][0], &a.values[0][0] + 2 * HALF_DIMENSIONS, &b.values[0][0]);
}

TEST(Nnue, StartPositionHasFortyFeaturesPerSideAndTheyMirror) {
    Game        game;
    FeatureList black, white;
    active_features(game.position(), BLACK, black);
    active_features(game.position(), WHITE, white);
    EXPECT_EQ(black.size, 40);
    // The start position is its own colour-flipped twin: both sides see the same features.
    EXPECT_EQ(std::multiset<int>(black.index, black.index + black.size),
              std::multiset<int>(white.index, white.index + white.size));
    for (int i = 0; i < black.size; ++i)
        EXPECT_LT(black.index[i], INPUTS);
}

TEST(Nnue, HandPiecesCountByOrdinal) {
    Game game;
    ASSERT_TRUE(game.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b 3P2r 1").ok());
    FeatureList f;
    active_features(game.position(), BLACK, f);
    EXPECT_EQ(f.size, 2 + 3 + 2);
    const std::set<int> active(f.index, f.index + f.size);
    const FeatureFrame  frame = feature_frame(BLACK, game.position().king_square(BLACK));
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(active.count(frame.input(hand_feature(BLACK, BLACK, PAWN, i))));
    EXPECT_FALSE(active.count(frame.input(hand_feature(BLACK, BLACK, PAWN, 3))));
    EXPECT_TRUE(active.count(frame.input(hand_feature(BLACK, WHITE, ROOK, 1))));
    EXPECT_EQ(hand_feature(BLACK, WHITE, ROOK, 2), -1) << "beyond the standard count";
    // Seen from White, the same pawns are the opponent's.
    EXPECT_EQ(hand_feature(WHITE, BLACK, PAWN, 0), hand_feature(BLACK, WHITE, PAWN, 0));
}

// pos mirrored left-right (file 1 <-> file 9): same colours, hands and side to move.
std::string mirrored_sfen(const Position& pos) {
    std::string  sfen  = pos.sfen();
    const size_t space = sfen.find(' ');
    std::string  board, rank;
    auto         flush = [&] {
        // Reverse the squares of one rank, keeping each "+X" promotion marker before its piece.
        std::vector<std::string> squares;
        for (size_t i = 0; i < rank.size(); ++i) {
            if (std::isdigit(static_cast<unsigned char>(rank[i])))
                for (int n = rank[i] - '0'; n > 0; --n)
                    squares.push_back("1");
            else if (rank[i] == '+')
                squares.push_back(rank.substr(i++, 2));
            else
                squares.push_back(rank.substr(i, 1));
        }
        std::string out;
        int         empty = 0;
        for (auto it = squares.rbegin(); it != squares.rend(); ++it) {
            if (*it == "1") {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += *it;
        }
        if (empty) out += char('0' + empty);
        board += out;
        rank.clear();
    };
    for (char c : sfen.substr(0, space)) {
        if (c == '/') {
            flush();
            board += '/';
        } else
            rank += c;
    }
    flush();
    return board + sfen.substr(space);
}

// The board is mirrored so that the own king stands on files 1-5: a position mirrored
// left-right has the same features, unless the king is on the centre file, where its features
// are the original's mirrored within the bucket.
TEST(Nnue, MirroredPositionsShareFeatures) {
    std::mt19937_64 rng(9);
    int             same = 0, centre = 0;
    for (int g = 0; g < 20; ++g) {
        Game game;
        for (int ply = 0; ply < 100; ++ply) {
            if (play_random_move(game, rng) == Move::none()) break;
            Game              mirror;
            const std::string sfen = mirrored_sfen(game.position());
            ASSERT_TRUE(mirror.set_sfen(sfen).ok()) << sfen;
            for (Color p : {BLACK, WHITE}) {
                FeatureList ours, theirs;
                active_features(game.position(), p, ours);
                active_features(mirror.position(), p, theirs);
                const bool         on_centre = file_of(game.position().king_square(p)) == FILE_5;
                std::multiset<int> mapped;
                for (int i = 0; i < ours.size; ++i)
                    mapped.insert(on_centre ? mirrored_feature(ours.index[i]) : ours.index[i]);
                ASSERT_EQ(mapped, std::multiset<int>(theirs.index, theirs.index + theirs.size))
                    << game.position().sfen() << " vs " << sfen;
                ++(on_centre ? centre : same);
            }
        }
    }
    EXPECT_GT(same, 1000);
    EXPECT_GT(centre, 100);
    for (int f = 0; f < INPUTS; ++f)
        ASSERT_EQ(mirrored_feature(mirrored_feature(f)), f) << "a mirror is its own inverse";
}

// Castles on either wing share weights: Black's king on 8h (static rook) and on 2h (ranging
// rook) are in one bucket, one of them mirrored, and so is White's king on 2b seen from White.
TEST(Nnue, KingBucketsFollowTheOwnKingsRegion) {
    const FeatureFrame left  = feature_frame(BLACK, make_square(FILE_8, RANK_8));
    const FeatureFrame right = feature_frame(BLACK, make_square(FILE_2, RANK_8));
    const FeatureFrame white = feature_frame(WHITE, make_square(FILE_2, RANK_2));
    EXPECT_EQ(left.offset, right.offset);
    EXPECT_TRUE(left.mirror);
    EXPECT_FALSE(right.mirror);
    EXPECT_EQ(white.offset, left.offset);
    EXPECT_TRUE(white.mirror);
    // Every bucket is reachable, and a king outside its camp shares one bucket per file group.
    std::set<int> offsets;
    for (int s = 0; s < SQ_NB; ++s)
        offsets.insert(feature_frame(BLACK, Square(s)).offset);
    EXPECT_EQ(offsets.size(), size_t(KING_BUCKETS));
    EXPECT_EQ(feature_frame(BLACK, make_square(FILE_5, RANK_1)).offset,
              feature_frame(BLACK, make_square(FILE_4, RANK_6)).offset);
    EXPECT_EQ(feature_frame(BLACK, SQ_NONE).offset, 0) << "no king: bucket 0";
}

// Random games (random legal moves, so drops, promotions, captures of promoted pieces and king
// moves all come up): after every move the updated accumulator equals a fresh one, with the
// king moves' refreshes done from scratch and through a refresh cache kept over all the games.
TEST(Nnue, IncrementalUpdateEqualsRefreshOverRandomGames) {
    const auto      net = random_network(1);
    std::mt19937_64 rng(2);
    auto            cache = std::make_unique<RefreshCache>();
    cache->reset(*net);
    int checked = 0, drops = 0, promotions = 0, captures = 0, king_moves = 0;
    for (int g = 0; g < 60; ++g) {
        Game        game;
        Accumulator acc, cached_acc;
        refresh_accumulator(*net, game.position(), acc);
        refresh_accumulator(*net, game.position(), cached_acc, cache.get());
        ASSERT_TRUE(same(acc, cached_acc));
        for (int ply = 0; ply < 200; ++ply) {
            const Move m = play_random_move(game, rng);
            if (m == Move::none()) break;
            Accumulator updated, cached, fresh;
            update_accumulator(*net, acc, game.position(), m, updated);
            update_accumulator(*net, cached_acc, game.position(), m, cached, cache.get());
            refresh_accumulator(*net, game.position(), fresh);
            ASSERT_TRUE(same(updated, fresh)) << game.position().sfen() << " after " << ply;
            ASSERT_TRUE(same(cached, fresh)) << game.position().sfen() << " after " << ply;
            acc        = updated;
            cached_acc = cached;
            ++checked;
            drops += m.is_drop();
            promotions += m.is_promotion();
            captures += game.position().captured_piece() != NO_PIECE;
            king_moves += type_of(m.moved_piece_after()) == KING;
        }
    }
    EXPECT_GT(checked, 5000);
    EXPECT_GT(drops, 100);
    EXPECT_GT(promotions, 100);
    EXPECT_GT(captures, 100);
    EXPECT_GT(king_moves, 100);
}

// A refresh cache gives a full refresh's sums for any position, however far it is from the
// one its entry last held (positions of unrelated games, in turn), and after a reset for
// another net, that net's sums.
TEST(Nnue, RefreshCacheEqualsAFullRefresh) {
    const auto      first = random_network(21), second = random_network(22);
    std::mt19937_64 rng(23);
    auto            cache   = std::make_unique<RefreshCache>();
    int             checked = 0;
    for (const Network* net : {first.get(), second.get(), first.get()}) {
        cache->reset(*net);
        Game games[3];
        for (int ply = 0; ply < 150; ++ply)
            for (Game& game : games) {
                if (play_random_move(game, rng) == Move::none()) continue;
                for (Color perspective : {BLACK, WHITE}) {
                    Accumulator cached, fresh;
                    cache->refresh(*net, game.position(), perspective, cached.values[perspective]);
                    refresh_accumulator(*net, game.position(), fresh);
                    ASSERT_TRUE(std::equal(cached.values[perspective],
                                           cached.values[perspective] + HALF_DIMENSIONS,
                                           fresh.values[perspective]))
                        << game.position().sfen();
                    ++checked;
                }
            }
    }
    EXPECT_GT(checked, 1000);
}

// The build's propagate (AVX2 where the machine has it) equals the portable reference exactly,
// including nets whose weights sit at the int8 extremes.
TEST(Nnue, SimdPropagateEqualsTheReference) {
    for (uint64_t seed : {12, 13}) {
        auto net = random_network(seed);
        if (seed == 13)
            for (auto& layers : net->stacks)
                for (auto& row : layers.l1_weights)
                    for (int8_t& w : row)
                        w = w < 0 ? -128 : 127;
        std::mt19937_64 rng(seed);
        int             checked = 0;
        for (int g = 0; g < 10; ++g) {
            Game game;
            for (int ply = 0; ply < 80; ++ply) {
                if (play_random_move(game, rng) == Move::none()) break;
                Accumulator acc;
                refresh_accumulator(*net, game.position(), acc);
                for (Color c : {BLACK, WHITE})
                    for (int stack = 0; stack < LAYER_STACKS; ++stack)
                        ASSERT_EQ(propagate(*net, acc, c, stack),
                                  propagate_reference(*net, acc, c, stack))
                            << game.position().sfen() << " stack " << stack;
                ++checked;
            }
        }
        EXPECT_GT(checked, 500);
    }
}

TEST(Nnue, NullMoveChangesOnlyTheSideToMove) {
    const auto net = random_network(3);
    Game       game;
    ASSERT_TRUE(game.set_position("startpos moves 7g7f 3c3d 8h2b+").ok());
    Accumulator before, after;
    refresh_accumulator(*net, game.position(), before);
    update_accumulator(*net, before, game.position(), Move::null(), after);
    EXPECT_TRUE(same(before, after));
    std::string sfen           = game.position().sfen(); // the same board with Black to move
    sfen[sfen.find(" w ") + 1] = 'b';
    Game other;
    ASSERT_TRUE(other.set_sfen(sfen).ok()) << sfen;
    EXPECT_EQ(propagate(*net, after, BLACK, layer_stack(game.position())),
              evaluate_fresh(*net, other.position()));
}

TEST(Nnue, ScoreIsColourSymmetric) {
    const auto      net = random_network(4);
    std::mt19937_64 rng(5);
    int             distinct = 0;
    for (int g = 0; g < 20; ++g) {
        Game game;
        for (int ply = 0; ply < 120; ++ply) {
            if (play_random_move(game, rng) == Move::none()) break;
            if (ply % 10 != 9) continue;
            Game              twin;
            const std::string sfen = flipped_sfen(game.position(), false);
            ASSERT_TRUE(twin.set_sfen(sfen).ok()) << sfen;
            const Value v = evaluate_fresh(*net, game.position());
            EXPECT_EQ(v, evaluate_fresh(*net, twin.position())) << game.position().sfen();
            distinct += v != 0;
        }
    }
    EXPECT_GT(distinct, 100) << "a net that scores everything 0 would pass trivially";
}

TEST(Nnue, NetFileRoundTripsExactly) {
    const auto        net   = random_network(6);
    const std::string bytes = write_network(*net);
    auto              read  = std::make_unique<Network>();
    const Status      s     = read_network(bytes, *read);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(read->description, net->description);
    EXPECT_EQ(write_network(*read), bytes);
    // The net's name is the hash its file ends with (little-endian).
    uint32_t last = 0;
    for (int i = 0; i < 4; ++i)
        last |= uint32_t(uint8_t(bytes[bytes.size() - 4 + size_t(i)])) << (8 * i);
    EXPECT_EQ(read->hash, last);
    EXPECT_NE(read->hash, 0u);
    EXPECT_EQ(read->stack_count, LAYER_STACKS);
    Game game;
    ASSERT_TRUE(game.set_position("startpos moves 2g2f 8c8d 2f2e").ok());
    EXPECT_EQ(evaluate_fresh(*read, game.position()), evaluate_fresh(*net, game.position()));
}

TEST(Nnue, OneStackFileIsReadIntoEveryStack) {
    const auto        net   = random_network(8);
    const std::string bytes = write_network(*net, 1);
    auto              read  = std::make_unique<Network>();
    const Status      s     = read_network(bytes, *read);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_NE(bytes.find(ARCHITECTURE_V4), std::string::npos);
    EXPECT_LT(bytes.size(), write_network(*net).size());
    for (const LayerStack& layers : read->stacks)
        EXPECT_EQ(std::memcmp(&layers, &net->stacks[0], sizeof layers), 0);
    EXPECT_EQ(write_network(*read, 1), bytes);
    // Its copies are alike: evaluate() uses the first for every position.
    EXPECT_EQ(read->stack_count, 1);
}

TEST(Nnue, LayerStackFollowsThePiecesInHand) {
    auto stack_of = [](const std::string& position) {
        Game game;
        EXPECT_TRUE(game.set_position(position).ok()) << position;
        return layer_stack(game.position());
    };
    EXPECT_EQ(stack_of("startpos"), 0);
    EXPECT_EQ(stack_of("startpos moves 7g7f 3c3d 8h2b+ 3a2b"), 1); // a bishop in each hand
    EXPECT_EQ(stack_of("sfen 4k4/9/9/9/9/9/9/9/4K4 b 2P 1"), 1);
    EXPECT_EQ(stack_of("sfen 4k4/9/9/9/9/9/9/9/4K4 b R2Pg 1"), 3);
    EXPECT_EQ(stack_of("sfen 4k4/9/9/9/9/9/9/9/4K4 b RB2G2S3Prb2g2s2n 1"), 7);
    EXPECT_EQ(stack_of("sfen 4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1"), 7);
    // More than the standard material (problem positions): still the last stack.
    EXPECT_EQ(stack_of("sfen 4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P3p 1"), 7);
    // Either side to move, either hand: both hands count alike.
    EXPECT_EQ(stack_of("sfen 4k4/9/9/9/9/9/9/9/4K4 w rb2g3p 1"), 5);
}

TEST(Nnue, EvaluationUsesThePositionsStack) {
    const auto net = random_network(9);
    Game       game;
    ASSERT_TRUE(game.set_position("startpos moves 7g7f 3c3d 8h2b+ 3a2b").ok());
    Accumulator acc;
    refresh_accumulator(*net, game.position(), acc);
    const Color us = game.position().side_to_move();
    EXPECT_EQ(evaluate(*net, acc, game.position()), propagate(*net, acc, us, 1));
    int differ = 0;
    for (int stack = 0; stack < LAYER_STACKS; ++stack)
        differ += propagate(*net, acc, us, stack) != propagate(*net, acc, us, 1);
    EXPECT_GT(differ, 0) << "the stacks of a random net should score differently";
}

TEST(Nnue, BadNetFilesAreRejectedWithTheReason) {
    const auto        net   = random_network(7);
    const std::string bytes = write_network(*net);
    auto              read  = std::make_unique<Network>();
    auto              error = [&](const std::string& file) {
        const Status s = read_network(file, *read);
        return s.ok() ? std::string("accepted") : s.message();
    };
    EXPECT_NE(error("").find("not a Tsubame net"), std::string::npos);
    EXPECT_NE(error("#YANEURAOU-DB2016 1.00\n").find("not a Tsubame net"), std::string::npos);
    EXPECT_NE(error(bytes.substr(0, 20)).find("truncated"), std::string::npos);
    EXPECT_NE(error(bytes.substr(0, bytes.size() / 2)).find("truncated"), std::string::npos);
    EXPECT_NE(error(bytes + "x").find("unexpected bytes"), std::string::npos);
    std::string damaged = bytes;
    damaged[damaged.size() / 2] ^= 1;
    EXPECT_NE(error(damaged).find("damaged"), std::string::npos);
    std::string other_arch = bytes;
    other_arch[14]         = 'Q'; // inside the architecture text
    EXPECT_NE(error(other_arch).find("architecture"), std::string::npos);
}

TEST(Nnue, TheEmbeddedNetLoadsAndTheEngineUsesIt) {
    auto         net = std::make_unique<Network>();
    const Status s   = read_network(embedded_network(), *net);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(builtin_network().hash, net->hash);
    EXPECT_EQ(builtin_network().description, net->description);
    Engine engine(Engine::Callbacks{[](const SearchInfo&) {}, [](const BestMove&) {}});
    EXPECT_EQ(&engine.network(), &builtin_network());
    // Another net, then the built-in one again.
    const auto        other       = random_network(3);
    const std::string other_bytes = write_network(*other);
    ASSERT_TRUE(engine.load_network(other_bytes).ok());
    EXPECT_NE(&engine.network(), &builtin_network());
    EXPECT_EQ(write_network(engine.network()), other_bytes);
    engine.use_builtin_network();
    EXPECT_EQ(&engine.network(), &builtin_network());
}

// The search keeps the accumulators move by move (and through null moves): every evaluation's
// accumulator must equal one computed from scratch.
TEST(Nnue, SearchKeepsEveryAccumulatorExact) {
    const auto         net = random_network(8);
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(4));
    Searcher searcher(tt);
    for (int i = 0; i < 4; ++i) {
        Game game;
        ASSERT_TRUE(game.set_position(BENCH_POSITIONS[i]).ok());
        SearchLimits limits;
        limits.depth = 8;
        SearchOptions options;
        options.network             = net.get();
        options.verify_accumulators = true;
        (void)searcher.run(game.position(), limits, options, {});
    }
    EXPECT_GT(searcher.accumulators_verified(), 1000u);
    EXPECT_EQ(searcher.accumulator_mismatches(), 0u);
}

} // namespace
} // namespace tsubame::nnue
