#include "book/book.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "core/notation.h"
#include "core/tokens.h"
#include "movegen/movegen.h"

namespace tsubame {

namespace {

std::string_view trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n");
    return s.substr(first, last - first + 1);
}

// Reads a whole decimal number into `out`; null, or what is wrong with the text.
template <typename T>
const char* parse_int(std::string_view text, T& out) {
    if (text.size() > 1 && text.front() == '+') text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec == std::errc::result_out_of_range) return "is out of range";
    return ec == std::errc() && end == text.data() + text.size() ? nullptr : "is not a number";
}

// The words YaneuraOu's books use for "no move".
bool names_no_move(std::string_view word) {
    return word == "none" || word == "resign" || word == "win" || word == "null";
}

// Longest line a book may have: a SFEN is under 200 characters, a move line under 100.
constexpr size_t MAX_LINE = 4096;

// Reads a line (without its '\n') of at most MAX_LINE characters; false at the end of the
// input or for a longer line (`too_long` then set), which a file of another kind (a device, a
// binary) may have without end.
bool read_line(std::istream& in, std::string& line, bool& too_long) {
    line.clear();
    std::streambuf* buf = in.rdbuf();
    for (;;) {
        const int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
        if (c == std::char_traits<char>::eof()) return !line.empty();
        if (c == '\n') return true;
        if (line.size() == MAX_LINE) {
            too_long = true;
            return false;
        }
        line.push_back(char(c));
    }
}

Status line_error(size_t line, const std::string& what) {
    return Status::failure("line " + std::to_string(line) + ": " + what);
}

// The best move of a book position for the PV: the highest value, then the highest count,
// then the first in the file.
const BookMove* best_of(const std::vector<BookMove>& moves) {
    const BookMove* best = nullptr;
    for (const BookMove& m : moves)
        if (!best || m.value > best->value || (m.value == best->value && m.count > best->count))
            best = &m;
    return best;
}

} // namespace

Status Book::read(std::istream& in, Book& book) {
    book = Book();
    Book                   result;
    Position               pos;
    StateInfo              root;
    std::vector<BookMove>* moves       = nullptr; // the current position's
    bool                   seen_header = false;
    std::string            line;
    size_t                 number   = 0;
    bool                   too_long = false;
    while (read_line(in, line, too_long)) {
        ++number;
        const std::string_view text = trimmed(line);
        if (text.empty()) continue;
        if (!seen_header) {
            // The format's own first line; anything else is not a YaneuraOu book (an Apery
            // book.bin, say, or another file chosen by mistake).
            if (!text.starts_with("#YANEURAOU-DB2016"))
                return line_error(number, "not a YaneuraOu book: the first line must be '"
                                              + std::string(BOOK_HEADER) + "'");
            seen_header = true;
            continue;
        }
        if (text.starts_with("#") || text.starts_with("//")) continue;
        if (text.starts_with("sfen ") || text == "sfen") {
            if (Status s = pos.set_sfen(trimmed(text.substr(4)), &root); !s.ok())
                return line_error(number, "bad SFEN: " + s.message());
            moves = &result.entries_[pos.key()];
            continue;
        }
        const std::vector<std::string_view> words = split_tokens(text);
        if (!moves) return line_error(number, "a move before the first sfen line");
        // move [ponder [value [depth [count]]]]; further words (some tools add win and draw
        // counts) are ignored.
        if (!names_no_move(words[0]) && !parse_move_text(words[0]))
            return line_error(number, "'" + std::string(words[0]) + "' is not a move");
        if (words.size() > 1 && !names_no_move(words[1]) && !parse_move_text(words[1]))
            return line_error(number, "'" + std::string(words[1]) + "' is not a move or none");
        BookMove                     entry;
        static constexpr const char* FIELDS[] = {"value", "depth", "count"};
        for (size_t i = 2; i < std::min<size_t>(words.size(), 5); ++i) {
            const char* wrong = i == 2 ? parse_int(words[i], entry.value)
                              : i == 3 ? parse_int(words[i], entry.depth)
                                       : parse_int(words[i], entry.count);
            if (wrong)
                return line_error(number, std::string(FIELDS[i - 2]) + " '" + std::string(words[i])
                                              + "' " + wrong);
        }
        std::string error;
        entry.move =
            names_no_move(words[0]) ? Move::none() : parse_legal_move(pos, words[0], error);
        if (entry.move == Move::none()) {
            ++result.illegal_moves_;
            continue;
        }
        if (words.size() > 1 && !names_no_move(words[1])) {
            StateInfo st;
            pos.do_move(entry.move, st);
            entry.ponder = parse_legal_move(pos, words[1], error);
            pos.undo_move(entry.move);
        }
        const auto same = std::find_if(moves->begin(), moves->end(),
                                       [&](const BookMove& m) { return m.move == entry.move; });
        if (same == moves->end()) {
            moves->push_back(entry);
            ++result.moves_;
        } else {
            entry.count += same->count;
            *same = entry;
        }
    }
    if (too_long)
        return line_error(number + 1, "longer than " + std::to_string(MAX_LINE) + " characters");
    if (!seen_header)
        return Status::failure("empty: a YaneuraOu book starts with '" + std::string(BOOK_HEADER)
                               + "'");
    std::erase_if(result.entries_, [](const auto& entry) { return entry.second.empty(); });
    book = std::move(result);
    return Status::success();
}

const std::vector<BookMove>* Book::find(const Position& pos) const {
    const auto it = entries_.find(pos.key());
    return it == entries_.end() ? nullptr : &it->second;
}

std::optional<BookChoice> choose_book_move(const Book& book, const Position& pos,
                                           const BookOptions&       options,
                                           const std::vector<Move>& searchmoves,
                                           std::mt19937_64&         rng) {
    if (!options.own_book || pos.game_ply() > options.max_ply) return std::nullopt;
    if (options.ignore_rate > 0 && int(rng() % 100) < options.ignore_rate) return std::nullopt;
    const std::vector<BookMove>* moves = book.find(pos);
    if (!moves) return std::nullopt;

    // The candidates: legal (the reader checked it; this is the guard where a wrong move
    // would lose the game), allowed by searchmoves, deep enough, and valued within the limits.
    std::vector<const BookMove*> candidates;
    for (const BookMove& m : *moves)
        if (is_legal(pos, m.move) && m.depth >= options.depth_limit
            && (searchmoves.empty()
                || std::find(searchmoves.begin(), searchmoves.end(), m.move) != searchmoves.end()))
            candidates.push_back(&m);
    if (candidates.empty()) return std::nullopt;
    int best = candidates.front()->value;
    for (const BookMove* m : candidates)
        best = std::max(best, int(m->value));
    const int64_t floor = std::max(int64_t(best) - options.eval_diff,
                                   int64_t(options.eval_limit[pos.side_to_move()]));
    std::erase_if(candidates, [&](const BookMove* m) { return m->value < floor; });
    if (candidates.empty()) return std::nullopt;

    // Evenly, or in proportion to the counts (all counts 0: evenly), as YaneuraOu's
    // ConsiderBookMoveCount.
    const BookMove* chosen = candidates[rng() % candidates.size()];
    if (options.by_count) {
        uint64_t total = 0;
        for (const BookMove* m : candidates)
            total += m->count;
        if (total > 0) {
            uint64_t r = rng() % total;
            for (const BookMove* m : candidates) {
                if (r < m->count) {
                    chosen = m;
                    break;
                }
                r -= m->count;
            }
        }
    }

    BookChoice choice;
    choice.move       = chosen->move;
    choice.value      = std::clamp<Value>(chosen->value, -VALUE_MATE, VALUE_MATE);
    choice.depth      = chosen->depth;
    choice.candidates = int(candidates.size());

    // The line on a copy of the position: the chosen move, then in each position the last
    // book move's expected reply, else the book's best move there, until neither is left, a
    // position repeats or the line is long enough (two moves at least, for the ponder move).
    Position  line;
    StateInfo root;
    line.copy_from(pos, &root);
    const size_t           length = size_t(std::max(options.pv_moves, 2));
    std::vector<StateInfo> states(length);
    std::vector<uint64_t>  seen{line.key()};
    const BookMove*        entry = chosen; // the book's entry for the line's last move, if any
    for (Move next = chosen->move;;) {
        line.do_move(next, states[choice.pv.size()]);
        choice.pv.push_back(next);
        if (choice.pv.size() >= length) break;
        if (std::find(seen.begin(), seen.end(), line.key()) != seen.end()) break;
        seen.push_back(line.key());
        const std::vector<BookMove>* here = book.find(line);
        next                              = Move::none();
        if (entry && entry->ponder != Move::none() && is_legal(line, entry->ponder))
            next = entry->ponder;
        else if (const BookMove* b = here ? best_of(*here) : nullptr; b && is_legal(line, b->move))
            next = b->move;
        if (next == Move::none()) break;
        entry = nullptr;
        if (here)
            for (const BookMove& m : *here)
                if (m.move == next) entry = &m;
    }
    choice.ponder = choice.pv.size() > 1 ? choice.pv[1] : Move::none();
    choice.pv.resize(std::min(choice.pv.size(), size_t(std::max(options.pv_moves, 1))));
    return choice;
}

} // namespace tsubame
