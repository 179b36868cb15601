#pragma once

// Memory for the large hash tables: 2 MiB aligned and, on Linux, backed by transparent huge
// pages. Tables are probed at random, so with 4 KiB pages nearly every probe also misses the
// TLB, and a page walk costs as much as the cache miss itself.

#include <cstddef>
#include <memory>

namespace tsubame {

/// Frees memory from allocate_large.
struct LargeMemoryFree {
    void operator()(void* p) const;
};

/// An array of T in such memory.
template <typename T>
using LargeArray = std::unique_ptr<T[], LargeMemoryFree>;

/// `bytes` rounded up to whole 2 MiB, zero-filled (which also maps every page now, so that a
/// search does not spend its time in page faults), or nullptr when memory runs out.
void* allocate_large_bytes(size_t bytes);

/// `count` zero-filled T (a type for which all-zero bytes are a valid value), or an empty
/// array when memory runs out.
template <typename T>
LargeArray<T> allocate_large(size_t count) {
    return LargeArray<T>(static_cast<T*>(allocate_large_bytes(count * sizeof(T))));
}

} // namespace tsubame
