#include "core/large_memory.h"

#include <cstring>
#include <new>

#if defined(__linux__)
    #include <sys/mman.h>
#endif

namespace tsubame {

namespace {
constexpr size_t HUGE_PAGE = size_t(2) << 20;
} // namespace

// Aligned operator new rather than std::aligned_alloc, which MinGW-w64 does not provide.
void LargeMemoryFree::operator()(void* p) const {
    ::operator delete(p, std::align_val_t(HUGE_PAGE));
}

void* allocate_large_bytes(size_t bytes) {
    bytes   = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void* p = ::operator new(bytes, std::align_val_t(HUGE_PAGE), std::nothrow);
    if (!p) return nullptr;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
    std::memset(p, 0, bytes);
    return p;
}

} // namespace tsubame
