#pragma once

// The fields of the training files (game records and label files): 16-bit numbers little-endian
// on every host, so that shards move between machines, and texts after their 16-bit length.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <istream>
#include <ostream>
#include <string>

#include "core/status.h"

namespace tsubame {

/// Writes `v` as two bytes, low byte first.
inline void put16(std::ostream& out, uint16_t v) {
    const char bytes[2] = {char(v & 0xff), char(v >> 8)};
    out.write(bytes, 2);
}

/// Reads two bytes, low byte first; false when the stream ends first.
inline bool get16(std::istream& in, uint16_t& v) {
    unsigned char bytes[2];
    if (!in.read(reinterpret_cast<char*>(bytes), 2)) return false;
    v = uint16_t(bytes[0] | (bytes[1] << 8));
    return true;
}

/// Writes a text as its length (at most 65,535 bytes kept) and its bytes.
inline void put_text(std::ostream& out, const std::string& text) {
    const uint16_t length = uint16_t(std::min<size_t>(text.size(), UINT16_MAX));
    put16(out, length);
    out.write(text.data(), length);
}

/// Reads a text written by put_text; false when the stream ends first.
inline bool get_text(std::istream& in, std::string& text) {
    uint16_t length = 0;
    if (!get16(in, length)) return false;
    text.assign(length, '\0');
    return bool(in.read(text.data(), length));
}

/// Writes a file's start: its 8-byte magic and its format version.
inline void put_file_start(std::ostream& out, const char (&magic)[8], uint16_t version) {
    out.write(magic, sizeof magic);
    put16(out, version);
}

/// Reads a file's start written by put_file_start; the error names the `kind` of file expected.
inline Status get_file_start(std::istream& in, const char (&magic)[8], uint16_t version,
                             const std::string& kind) {
    char     found[sizeof magic];
    uint16_t found_version = 0;
    if (!in.read(found, sizeof found) || std::memcmp(found, magic, sizeof magic) != 0)
        return Status::failure("not a " + kind + " (no " + std::string(magic, sizeof magic)
                               + " header)");
    if (!get16(in, found_version) || found_version != version)
        return Status::failure(kind + " version " + std::to_string(found_version) + ", expected "
                               + std::to_string(version));
    return Status::success();
}

} // namespace tsubame
