#pragma once

// Zobrist hashing keys. Bit 0 of a key is reserved for the side to move: every other key has
// it clear, so `key & 1` tells whose turn it is and transposition entries never mix sides.

#include <cstdint>

#include "core/types.h"

namespace tsubame::zobrist {

/// Key of piece pc standing on square s.
extern uint64_t PSQ[PIECE_NB][SQ_NB];
/// Key of colour c holding exactly n pieces of hand type pt (n = 0 has key 0; n is at most
/// Hand::capacity(pt) < 32).
extern uint64_t HAND[COLOR_NB][HAND_TYPE_END][32];
/// XOR-ed in when White is to move.
constexpr uint64_t SIDE = 1;

} // namespace tsubame::zobrist
