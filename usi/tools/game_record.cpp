#include "tools/game_record.h"

#include <algorithm>

#include "movegen/movegen.h"
#include "rules/game.h"
#include "tools/file_fields.h"

namespace tsubame {

namespace {

constexpr char     MAGIC[8] = {'T', 'S', 'B', 'G', 'A', 'M', 'E', 'S'};
constexpr uint16_t VERSION  = 1;

} // namespace

void write_game_file_header(std::ostream& out, const std::string& provenance) {
    put_file_start(out, MAGIC, VERSION);
    put_text(out, provenance);
}

Status read_game_file_header(std::istream& in, std::string& provenance) {
    if (Status s = get_file_start(in, MAGIC, VERSION, "game file"); !s.ok()) return s;
    if (!get_text(in, provenance)) return Status::failure("game file header truncated");
    return Status::success();
}

void write_game(std::ostream& out, const GameRecord& game) {
    put_text(out, game.start_sfen);
    put16(out, uint16_t(game.plies.size()));
    out.put(char(game.black_result));
    out.put(char(game.end));
    for (const RecordedPly& ply : game.plies) {
        put16(out, ply.move16);
        put16(out, uint16_t(ply.score));
    }
}

bool read_game(std::istream& in, GameRecord& game, std::string& error) {
    error.clear();
    uint16_t length = 0;
    if (!get16(in, length)) {
        if (in.gcount() != 0) error = "truncated game";
        return false;
    }
    uint16_t plies = 0;
    game.start_sfen.assign(length, '\0');
    char result = 0, end = 0;
    if (!in.read(game.start_sfen.data(), length) || !get16(in, plies) || !in.get(result)
        || !in.get(end)) {
        error = "truncated game";
        return false;
    }
    if (result < -1 || result > 1 || uint8_t(end) > uint8_t(GameEnd::DECLARATION)) {
        error = "malformed game header";
        return false;
    }
    game.black_result = int8_t(result);
    game.end          = GameEnd(uint8_t(end));
    game.plies.resize(plies);
    for (RecordedPly& ply : game.plies) {
        uint16_t score = 0;
        if (!get16(in, ply.move16) || !get16(in, score)) {
            error = "truncated game";
            return false;
        }
        ply.score = int16_t(score);
    }
    return true;
}

Status replay_game(const GameRecord&                                         game,
                   const std::function<void(Position&, const RecordedPly&)>& visit) {
    Game replay;
    if (Status s = replay.set_sfen(game.start_sfen); !s.ok()) return s;
    for (size_t i = 0; i < game.plies.size(); ++i) {
        const Move m = generated_move_from16(replay.position(), game.plies[i].move16);
        if (m == Move::none())
            return Status::failure("ply " + std::to_string(i + 1) + " is not a legal move");
        visit(replay.position(), game.plies[i]);
        replay.play(m);
    }
    return Status::success();
}

} // namespace tsubame
