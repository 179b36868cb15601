#include "match/child_process.h"

#include <cerrno>
#include <csignal>
#include <stdexcept>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tsubame::usi {

namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now()).count();
    return left > 0 ? int(left) : 0;
}

} // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, bool own_process_group) {
    if (argv.empty()) throw std::runtime_error("no program to run");
    std::signal(SIGPIPE, SIG_IGN); // a dead engine must fail a test, not kill it
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        if (own_process_group) setpgid(0, 0);
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        std::vector<char*> args;
        for (const std::string& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    own_group_ = own_process_group;
    if (own_group_) setpgid(pid_, pid_); // also here, so that kill_now never races the child
    to_child_   = in[1];
    from_child_ = out[0];
}

ChildProcess::~ChildProcess() {
    close_input();
    kill_now();
    if (from_child_ >= 0) close(from_child_);
}

void ChildProcess::kill_now() {
    if (!exited_ && pid_ > 0) {
        // The whole group when it has one: also whatever the engine started itself.
        if (!own_group_ || kill(-pid_, SIGKILL) != 0) kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        exited_ = true;
    }
}

void ChildProcess::send_raw(std::string_view bytes) {
    while (!bytes.empty() && to_child_ >= 0) {
        const ssize_t n = write(to_child_, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes.remove_prefix(size_t(n));
    }
}

void ChildProcess::close_input() {
    if (to_child_ >= 0) close(to_child_);
    to_child_ = -1;
}

std::optional<std::string> ChildProcess::read_line(Millis timeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            return line;
        }
        if (eof_) return std::nullopt;
        pollfd    pfd{from_child_, POLLIN, 0};
        const int ready = poll(&pfd, 1, remaining_ms(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return std::nullopt;
        char          chunk[4096];
        const ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            eof_ = true;
            continue;
        }
        buffer_.append(chunk, size_t(n));
    }
}

std::optional<std::vector<std::string>> ChildProcess::read_until(std::string_view prefix,
                                                                 Millis           timeout) {
    const auto deadline = Clock::now() + timeout;
    last_lines_.clear();
    while (auto line = read_line(Millis(remaining_ms(deadline)))) {
        last_lines_.push_back(*line);
        if (line->starts_with(prefix)) return last_lines_;
    }
    return std::nullopt;
}

std::vector<std::string> ChildProcess::read_for(Millis duration) {
    const auto               deadline = Clock::now() + duration;
    std::vector<std::string> lines;
    while (auto line = read_line(Millis(remaining_ms(deadline))))
        lines.push_back(*line);
    return lines;
}

bool ChildProcess::wait_exit(Millis timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!exited_) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            exited_ = true;
            if (WIFEXITED(status)) exit_status_ = WEXITSTATUS(status);
            break;
        }
        if (Clock::now() >= deadline) return false;
        usleep(2000);
    }
    return true;
}

} // namespace tsubame::usi
