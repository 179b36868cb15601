#include "match/options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "command.h"
#include "flags.h"
#include "match/arbiter.h"
#include "option_table.h"

namespace tsubame::usi {

namespace {

bool parse_double(const std::string& text, double& value) {
    std::istringstream in(text);
    in >> value;
    return in && in.eof() && std::isfinite(value);
}

// `elo0,elo1[,alpha,beta]`.
std::optional<SprtParams> parse_sprt(const std::string& text) {
    std::vector<double> values;
    std::stringstream   in(text);
    for (std::string item; std::getline(in, item, ',');) {
        double v = 0;
        if (!parse_double(item, v)) return std::nullopt;
        values.push_back(v);
    }
    if (values.size() != 2 && values.size() != 4) return std::nullopt;
    SprtParams p;
    p.elo0 = values[0];
    p.elo1 = values[1];
    if (values.size() == 4) {
        p.alpha = values[2];
        p.beta  = values[3];
    }
    if (!(p.elo0 < p.elo1) || p.alpha <= 0 || p.alpha >= 0.5 || p.beta <= 0 || p.beta >= 0.5)
        return std::nullopt;
    return p;
}

} // namespace

const char* match_usage() {
    return R"(usage: tsubame match --engine1 CMD --engine2 CMD [options]

engines (command lines are split at spaces)
  --engine1 CMD, --engine2 CMD   the two engines
  --opt1 NAME=VALUE              setoption for engine 1 (repeatable); --opt2 for engine 2
games
  --games N                      games to play (default 2)
  --openings FILE                lines 'startpos [moves ...]' or 'sfen ... [moves ...]';
                                 each opening is played twice, colours swapped
  --seed N                       shuffle the openings with this seed
  --max-moves N                  draw after N plies, opening moves included (default 512; 0 off)
  --entering-king-rule RULE      judges 'bestmove win': NoEnteringKing, CSARule24, CSARule24H,
                                 CSARule27 (default), CSARule27H, TryRule
time control (per side; one of them is needed)
  --byoyomi MS                   byoyomi per move
  --time MS [--inc MS]           main time, Fischer increment (usable for the current move);
                                 --time alone is sudden death
  --nodes N, --depth N           fixed nodes or depth per move (alone or with a clock)
  --margin MS                    a move later than the clock allows by more loses (default 1000)
  --move-timeout MS              without a clock, the longest a move may take (default 60000)
run
  --concurrency K                games in parallel (default 1)
  --ponder                       engines think on their predicted move during the opponent's
                                 turn (go ponder, ponderhit, stop) as GUIs drive them; give
                                 each pondering game two cores
  --random-stop PERCENT          that share of searches gets `stop` at a random moment of
                                 the move's time ("move now"); the answer must come at once
  --out DIR                      records (DIR/game-NNNN.csa, CSA; DIR/game-NNNN.kifu, KIF
                                 in UTF-8), games.tsv, summary.txt
  --sprt ELO0,ELO1[,ALPHA,BETA]  stop when the SPRT decides (alpha = beta = 0.05 by default);
                                 it counts the pairs of games that share an opening
                                 (pentanomial, as fishtest), so a decision waits for a pair
  --sprt-games                   the SPRT counts games instead (fishtest's trinomial GSPRT)
  --plot FILE.svg                Elo estimate and its 95% interval over the games
)";
}

std::optional<EnteringKingRule> parse_entering_king_rule(const std::string& name) {
    for (size_t i = 0; i < std::size(ENTERING_KING_RULE_NAMES); ++i)
        if (name == ENTERING_KING_RULE_NAMES[i]) return EnteringKingRule(i);
    return std::nullopt;
}

std::optional<MatchOptions> parse_match_options(const std::vector<std::string>& args,
                                                std::string&                    error) {
    MatchOptions o;
    auto         fail = [&error](std::string message) {
        error = std::move(message);
        return std::nullopt;
    };
    FlagParser flags;
    for (int side : {0, 1}) {
        const std::string n = std::to_string(side + 1);
        flags.text("--engine" + n, o.engine[side]);
        flags.custom("--opt" + n, [&o, side](const std::string& value) -> std::string {
            const size_t eq = value.find('=');
            if (eq == 0 || eq == std::string::npos) return "needs NAME=VALUE, got '" + value + "'";
            o.options[side].emplace_back(value.substr(0, eq), value.substr(eq + 1));
            return {};
        });
    }
    flags.number("--games", o.games, 1)
        .text("--openings", o.openings_file)
        .number("--byoyomi", o.tc.byoyomi_ms)
        .number("--time", o.tc.time_ms)
        .number("--inc", o.tc.inc_ms)
        .number("--nodes", o.tc.nodes, 1)
        .number("--depth", o.tc.depth, 1)
        .number("--margin", o.tc.margin_ms)
        .number("--move-timeout", o.tc.move_timeout_ms, 1)
        .number("--concurrency", o.concurrency, 1)
        .toggle("--ponder", o.ponder)
        .toggle("--sprt-games", o.sprt_by_games)
        .number("--random-stop", o.random_stop)
        .number("--max-moves", o.max_moves)
        .custom("--entering-king-rule",
                [&o](const std::string& value) -> std::string {
                    const auto rule = parse_entering_king_rule(value);
                    if (!rule) return "needs a rule's name, got '" + value + "'";
                    o.rule = *rule;
                    return {};
                })
        .text("--out", o.out_dir)
        .text("--plot", o.plot_file)
        .custom("--sprt",
                [&o](const std::string& value) -> std::string {
                    o.sprt = parse_sprt(value);
                    if (!o.sprt)
                        return "needs elo0,elo1[,alpha,beta] with elo0 < elo1, got '" + value + "'";
                    return {};
                })
        .custom("--seed",
                [&o](const std::string& value) -> std::string {
                    uint64_t seed = 0;
                    if (!parse_integer(value, seed)) return "needs a number, got '" + value + "'";
                    o.seed = seed;
                    return {};
                })
        .number("--usi-timeout", o.usi_timeout_ms, 1)
        .number("--ready-timeout", o.ready_timeout_ms, 1);
    if (std::string e = flags.parse(args); !e.empty()) return fail(std::move(e));
    if (o.engine[0].empty() || o.engine[1].empty())
        return fail("--engine1 and --engine2 are required");
    if (o.tc.byoyomi_ms > 0 && o.tc.inc_ms > 0)
        return fail("use --byoyomi or --inc, not both (USI has no way to send both)");
    if (!o.tc.has_clock() && o.tc.nodes == 0 && o.tc.depth == 0)
        return fail("no time control: give --byoyomi, --time [--inc], --nodes or --depth");
    if (o.sprt_by_games && !o.sprt) return fail("--sprt-games needs --sprt");
    if (o.ponder && !o.tc.has_clock()) return fail("--ponder needs a clock (--byoyomi or --time)");
    if (o.random_stop > 100) return fail("--random-stop is a per cent (0 to 100)");
    if (o.random_stop > 0 && !o.tc.has_clock())
        return fail("--random-stop needs a clock (--byoyomi or --time)");
    for (auto& side : o.options)
        if (o.ponder && std::none_of(side.begin(), side.end(), [](const auto& option) {
                return option.first == "USI_Ponder";
            }))
            side.emplace_back("USI_Ponder", "true");
    return o;
}

std::optional<std::vector<std::string>> load_openings(std::istream& in, EnteringKingRule rule,
                                                      std::string& error) {
    std::vector<std::string> openings;
    int                      number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        line = openings_file_line(line);
        if (line.empty()) continue;
        Arbiter arbiter(rule, 0);
        if (Status s = arbiter.start(line); !s.ok()) {
            error = "line " + std::to_string(number) + ": " + s.message();
            return std::nullopt;
        }
        if (const Outcome o = arbiter.adjudicate(); o.over()) {
            error = "line " + std::to_string(number) + ": the game is already over ("
                  + termination_name(o.reason) + ")";
            return std::nullopt;
        }
        openings.push_back(line);
    }
    if (openings.empty()) {
        error = "no openings in the file";
        return std::nullopt;
    }
    return openings;
}

} // namespace tsubame::usi
