#include "tools/tools.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "command.h"
#include "core/notation.h"
#include "mate/mate_solver.h"
#include "rules/game.h"

namespace tsubame::usi {

namespace {

constexpr std::string_view TSUME_USAGE =
    "usage: tsubame tsume <file> <ms-per-problem> [hash-mb] [max-nodes] "
    "[shorten (1; 0: stop at the first proof)]\n"
    "  file rows: sfen<TAB>plies[<TAB>first move]; plies `unknown` for a mate of unknown "
    "length,\n"
    "  anything else for no mate\n";

} // namespace

bool asks_for_help(int argc, char* argv[]) {
    for (int i = 2; i < argc; ++i)
        if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h") return true;
    return false;
}

namespace {

// A row of a tsume file: `sfen<TAB>plies<TAB>first move<TAB>...`.
struct TsumeRow {
    std::string sfen;
    std::string plies; ///< The expected length as written: a number, `unknown`, else no mate.
    int         expected    = -1; ///< The length, when `plies` is a number.
    bool        known       = false; ///< `plies` is a number.
    bool        mate_wanted = false; ///< A mate is expected (of known length or not).
    std::string first; ///< The expected first move, or empty.
};

// Reads a row of a tsume file; nullopt for blank lines, the header and comments.
std::optional<TsumeRow> parse_tsume_row(const std::string& line) {
    if (line.empty() || line.rfind("sfen", 0) == 0 || line[0] == '#') return std::nullopt;
    std::vector<std::string> fields;
    std::stringstream        ss(line);
    for (std::string f; std::getline(ss, f, '\t');)
        fields.push_back(f);
    TsumeRow row;
    row.sfen        = fields[0];
    row.plies       = fields.size() > 1 ? fields[1] : "";
    row.known       = !row.plies.empty() && parse_integer(row.plies, row.expected);
    row.mate_wanted = row.known || row.plies == "unknown";
    row.first       = fields.size() > 2 ? fields[2] : "";
    return row;
}

// The totals of a tsume run.
struct TsumeTally {
    int      total = 0, solved = 0, wrong = 0, length_diff = 0, first_diff = 0;
    int64_t  time_sum = 0, worst = 0;
    uint64_t node_sum = 0, proof_sum = 0, proof_max = 0, read_sum = 0;

    // Counts the solver's answer `r` to `row` (from `pos`) and returns its verdict.
    std::string judge(const TsumeRow& row, const Position& pos, const MateResult& r) {
        ++total;
        time_sum += r.time_ms;
        worst = std::max(worst, r.time_ms);
        node_sum += r.nodes;
        read_sum += r.read_nodes;
        if (r.status == MateStatus::MATE) return judge_mate(row, pos, r);
        if (r.status == MateStatus::NOMATE) {
            if (row.mate_wanted) {
                ++wrong;
                return "WRONG nomate";
            }
            ++solved;
            return "nomate";
        }
        return "timeout";
    }

    std::string judge_mate(const TsumeRow& row, const Position& pos, const MateResult& r) {
        std::string why;
        if (!row.mate_wanted || !verify_mate_line(pos, r.pv, &why)) {
            ++wrong;
            return "WRONG " + why;
        }
        ++solved;
        proof_sum += r.proof_nodes;
        proof_max           = std::max(proof_max, r.proof_nodes);
        std::string verdict = "mate " + std::to_string(r.length) + " (proof "
                            + std::to_string(r.proof_nodes) + " nodes, "
                            + std::to_string(r.proof_ms) + " ms"
                            + (r.shortened ? ", shortened " + std::to_string(r.shortened) : "")
                            + (r.shortest ? ", shortest" : "") + ")";
        if (row.known && r.length != row.expected) {
            verdict += " (expected " + row.plies + "):";
            for (Move m : r.pv)
                verdict += " " + to_usi(m);
            ++length_diff;
        }
        if (!row.first.empty() && to_usi(r.pv[0]) != row.first) {
            verdict += " first " + to_usi(r.pv[0]) + " (expected " + row.first + ")";
            ++first_diff;
        }
        return verdict;
    }

    // Prints the summary lines.
    void report(std::ostream& out) const {
        const int64_t t = std::max<int64_t>(time_sum, 1);
        out << "solved " << solved << "/" << total << ", wrong " << wrong << ", length differs "
            << length_diff << ", first move differs " << first_diff << "\nmean time "
            << (total ? time_sum / total : 0) << " ms, worst " << worst << " ms, nodes " << node_sum
            << ", nps " << node_sum * 1000 / uint64_t(t)
            << "\nnodes to the first proof of the mates " << proof_sum << ", at most " << proof_max
            << "\npositions weighed reading the lines " << read_sum << std::endl;
    }
};

} // namespace

int run_tsume(int argc, char* argv[]) {
    if (asks_for_help(argc, argv)) {
        std::cout << TSUME_USAGE;
        return 0;
    }
    uint64_t ms = 0, hash_mb = 256, max_nodes = 0, shorten = 1;
    if (argc < 4 || argc > 7 || !parse_integer(std::string_view(argv[3]), ms)
        || (argc > 4 && !parse_integer(std::string_view(argv[4]), hash_mb))
        || (argc > 5 && !parse_integer(std::string_view(argv[5]), max_nodes))
        || (argc > 6 && !parse_integer(std::string_view(argv[6]), shorten))) {
        std::cerr << TSUME_USAGE;
        return 2;
    }
    std::ifstream in(argv[2]);
    if (!in) {
        std::cerr << "cannot open " << argv[2] << "\n";
        return 1;
    }
    MateSolver solver(hash_mb);
    if (solver.hash_size_mb() != hash_mb) {
        std::cerr << "cannot allocate " << hash_mb << " MB\n";
        return 1;
    }
    MateLimits limits;
    limits.time_ms = int64_t(ms);
    limits.nodes   = max_nodes; // a machine-independent budget for comparisons
    limits.shorten = shorten != 0;
    TsumeTally  tally;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::optional<TsumeRow> row = parse_tsume_row(line);
        if (!row) continue;
        Game game;
        if (!game.set_sfen(row->sfen).ok()) {
            std::cout << "row " << number << ": bad sfen\n";
            continue;
        }
        const MateResult  r       = solver.solve(game.position(), limits);
        const std::string verdict = tally.judge(*row, game.position(), r);
        std::cout << "row " << number << ": " << verdict << "  " << r.time_ms << " ms  " << r.nodes
                  << " nodes" << std::endl;
    }
    tally.report(std::cout);
    return tally.wrong ? 1 : 0;
}

} // namespace tsubame::usi
