// libFuzzer target over the USI command parser, the SFEN loader, the move parser and the
// opening book's reader. Each input is a USI transcript, and also a book; besides "no crash,
// no sanitizer report" it checks properties that must hold for any input that loads:
//   - a loaded position's SFEN loads again to the same position (same SFEN, same key);
//   - every legal move prints in USI notation and parses back to itself;
//   - a book is read whole or refused with a message, and a refused book holds nothing.
// Searches are not started (the fuzzer must stay fast and single-threaded).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "book/book.h"
#include "command.h"
#include "core/notation.h"
#include "movegen/movegen.h"
#include "option_table.h"
#include "rules/game.h"

namespace {

using namespace tsubame;
using namespace tsubame::usi;

void check(bool condition) {
    if (!condition) std::abort(); // libFuzzer reports the input
}

// Options of each kind, applied to nothing: only the value parsing is under test.
const std::vector<OptionSpec>& option_table() {
    static const std::vector<OptionSpec> table = {
        {"Spin",
         OptionSpec::Type::SPIN,
         1,
         -5,
         500,
         {},
         [](int64_t v) { check(v >= -5 && v <= 500); }},
        {"Check", OptionSpec::Type::CHECK, 0, 0, 0, {}, [](int64_t v) { check(v == 0 || v == 1); }},
        {"Combo",
         OptionSpec::Type::COMBO,
         0,
         0,
         0,
         {"a", "b"},
         [](int64_t v) { check(v == 0 || v == 1); }},
        {"Button", OptionSpec::Type::BUTTON},
    };
    return table;
}

void check_position(const Game& game) {
    const Position&   pos  = game.position();
    const std::string sfen = pos.sfen();
    Game              again;
    check(again.set_sfen(sfen).ok());
    check(again.position().sfen() == sfen);
    check(again.position().key() == pos.key());
    for (Move m : LegalMoves(pos)) {
        std::string error;
        check(parse_legal_move(pos, to_usi(m), error) == m);
    }
}

void fuzz_line(std::string_view line, Game& game) {
    const ParsedCommand parsed = parse_command(line);
    if (const auto* position = std::get_if<PositionCommand>(&parsed.command)) {
        Game next;
        next.replay(game);
        (void)next.set_position(position->sfen, position->moves);
        check_position(next);
        game.replay(next);
    } else if (const auto* go = std::get_if<GoCommand>(&parsed.command)) {
        check(go->perft >= 0 && go->perft <= MAX_PERFT_DEPTH);
        for (const std::string& text : go->searchmoves) {
            std::string error;
            const Move  m = parse_legal_move(game.position(), text, error);
            if (m == Move::none()) {
                check(!error.empty()); // a refusal always says why
            } else {
                std::string again_error;
                check(parse_legal_move(game.position(), to_usi(m), again_error) == m);
            }
        }
    } else if (const auto* option = std::get_if<SetOptionCommand>(&parsed.command)) {
        (void)apply_option(option_table(), option->name, option->value);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Game                   game;
    size_t                 begin = 0;
    while (begin <= text.size()) {
        size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        fuzz_line(text.substr(begin, end - begin), game);
        // The whole line also as a bare position and as a move list of the start position.
        if (begin == 0) {
            Game direct;
            (void)direct.set_position(text.substr(0, end));
            check_position(direct);
        }
        begin = end + 1;
    }
    std::istringstream book_text{std::string(text)};
    Book               book;
    const Status       read = Book::read(book_text, book);
    check(read.ok() ? book.moves() + book.illegal_moves() <= size
                    : !read.message().empty() && book.positions() == 0 && book.moves() == 0);
    return 0;
}
