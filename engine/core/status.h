#pragma once

// Result of an operation on untrusted input: success, or an error message for the user.

#include <string>
#include <utility>

namespace tsubame {

/// Success or failure with a human-readable reason; functions taking user input return it
/// instead of throwing, so bad input can never escape as an exception or a crash.
class [[nodiscard]] Status {
public:
    static Status success() { return Status(); }
    static Status failure(std::string message) { return Status(std::move(message)); }

    bool               ok() const { return !failed_; }
    const std::string& message() const { return message_; }

private:
    Status() = default;
    explicit Status(std::string message) :
        message_(std::move(message)),
        failed_(true) { }

    std::string message_;
    bool        failed_ = false;
};

} // namespace tsubame
