#pragma once

// A set of 64-bit keys with open addressing (linear probing, power-of-two capacity), for the
// mate solver's path-dependent results: looked up for nearly every child, so one probe into
// a flat array instead of std::unordered_set's division and pointer chase.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tsubame::mate {

/// A set of 64-bit keys (any key, 0 included), growing as needed.
class KeySet {
public:
    KeySet() :
        slots_(MIN_CAPACITY, 0) { }

    size_t size() const { return size_; }
    bool   empty() const { return size_ == 0; }

    bool contains(uint64_t key) const {
        key = stored(key);
        for (size_t i = key & mask();; i = (i + 1) & mask()) {
            if (slots_[i] == key) return true;
            if (slots_[i] == 0) return false;
        }
    }

    /// Starts loading the slot where a lookup of `key` begins.
    void prefetch(uint64_t key) const { __builtin_prefetch(&slots_[stored(key) & mask()]); }

    void insert(uint64_t key) {
        if (2 * (size_ + 1) > slots_.size()) grow();
        key      = stored(key);
        size_t i = key & mask();
        while (slots_[i] != 0 && slots_[i] != key)
            i = (i + 1) & mask();
        if (slots_[i] == 0) {
            slots_[i] = key;
            ++size_;
        }
    }

    /// Empties the set (and gives a large one's memory back).
    void clear() {
        if (slots_.size() > MIN_CAPACITY)
            std::vector<uint64_t>(MIN_CAPACITY, 0).swap(slots_);
        else
            std::fill(slots_.begin(), slots_.end(), 0);
        size_ = 0;
    }

private:
    static constexpr size_t MIN_CAPACITY = 1024;

    size_t mask() const { return slots_.size() - 1; }
    // 0 marks an empty slot; the key 0 is kept as another, mixed so that the low bits (the
    // slot) depend on every bit of the key.
    static uint64_t stored(uint64_t key) {
        key = (key ^ (key >> 31)) * 0x9e3779b97f4a7c15ULL;
        return key ? key : 1;
    }
    void grow() {
        std::vector<uint64_t> old(slots_.size() * 2, 0);
        old.swap(slots_);
        for (uint64_t k : old)
            if (k != 0) {
                size_t i = k & mask();
                while (slots_[i] != 0)
                    i = (i + 1) & mask();
                slots_[i] = k;
            }
    }

    std::vector<uint64_t> slots_;
    size_t                size_ = 0;
};

} // namespace tsubame::mate
