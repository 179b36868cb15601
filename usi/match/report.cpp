#include "match/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/notation.h"

namespace tsubame::usi {

namespace {

std::string fixed(double x, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

std::string bound(double x) {
    x += 0.0; // no "-0.0"
    return (x >= 0 ? "+" : "") + fixed(x, 1);
}

std::string result_text(const GameResult& g) {
    if (!g.outcome.winner) return "1/2-1/2";
    return *g.outcome.winner == BLACK ? "1-0" : "0-1";
}

std::string wdl_text(const Wdl& w) {
    return "+" + std::to_string(w.wins) + " =" + std::to_string(w.draws) + " -"
         + std::to_string(w.losses);
}

std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return text;
}

// The moves played after the opening, in USI notation (what a replay of the game needs).
std::string played_moves(const GameResult& g) {
    std::string text;
    for (const MoveRecord& r : g.moves)
        text += (text.empty() ? "" : " ") + to_usi(r.move);
    return text;
}

} // namespace

void MatchTotals::add(const GameResult& game) {
    if (game.outcome.reason == Termination::INTERRUPTED) return;
    const int winner    = game.winner_engine();
    Wdl&      by_colour = game.setup.black == 0 ? as_black : as_white;
    for (Wdl* w : {&wdl, &by_colour}) {
        if (winner == 0)
            ++w->wins;
        else if (winner == 1)
            ++w->losses;
        else
            ++w->draws;
    }
    ++reasons[termination_name(game.outcome.reason)];
    for (int i = 0; i < 2; ++i)
        tally[i].add(game.tally[i]);
    history.push_back(*estimate_elo(wdl));
    // Games end in any order when several run at once: a pair counts once both have.
    const int half = winner == 0 ? 2 : winner == 1 ? 0 : 1;
    const int pair = (game.setup.number - 1) / 2;
    if (const auto other = unpaired.find(pair); other != unpaired.end()) {
        ++pairs.counts[other->second + half];
        unpaired.erase(other);
    } else
        unpaired[pair] = half;
}

double match_llr(const MatchTotals& totals, const MatchOptions& options) {
    const SprtParams& p = *options.sprt;
    return options.sprt_by_games ? sprt_llr(totals.wdl, p.elo0, p.elo1)
                                 : sprt_pair_llr(totals.pairs, p.elo0, p.elo1);
}

std::optional<int64_t> eta_seconds(int64_t elapsed_ms, int done, int left, int concurrency) {
    if (done <= 0) return std::nullopt;
    const int    slots  = std::max(concurrency, 1);
    const int    rounds = (std::max(left, 0) + slots - 1) / slots;
    const double game_s = double(elapsed_ms) / 1000 * slots / done;
    return int64_t(std::llround(rounds * game_s));
}

std::string progress_line(const MatchTotals& totals, int games, const MatchOptions& options,
                          int64_t elapsed_ms) {
    const int   done = totals.wdl.games();
    std::string line = "[" + std::to_string(done) + "/" + std::to_string(games) + "] "
                     + wdl_text(totals.wdl) + "  Elo " + format_elo(estimate_elo(totals.wdl));
    if (options.sprt)
        line += "  LLR " + fixed(match_llr(totals, options), 2) + " ("
              + fixed(sprt_lower_bound(*options.sprt), 2) + ", "
              + fixed(sprt_upper_bound(*options.sprt), 2) + ")";
    const auto eta =
        eta_seconds(elapsed_ms, done, games - done, std::min(options.concurrency, games));
    if (eta && done < games && totals.stop_reason.empty()) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "  ETA %lld:%02lld:%02lld",
                      static_cast<long long>(*eta / 3600), static_cast<long long>(*eta / 60 % 60),
                      static_cast<long long>(*eta % 60));
        line += buf;
    }
    return line;
}

std::string table_header() {
    char buf[256];
    std::snprintf(buf, sizeof buf, "%5s %4s  %-24s %-24s %-7s %-19s %5s", "game", "open",
                  "black (sente)", "white (gote)", "result", "reason", "plies");
    return buf;
}

std::string table_row(const GameResult& g) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%5d %4d  %-24.24s %-24.24s %-7s %-19s %5d", g.setup.number,
                  g.setup.opening_number, g.names[BLACK].c_str(), g.names[WHITE].c_str(),
                  result_text(g).c_str(), termination_name(g.outcome.reason), g.plies());
    std::string row = buf;
    if (!g.outcome.detail.empty()) row += "  " + one_line(g.outcome.detail);
    return row;
}

std::string tsv_header() {
    return "game\topening_no\topening\tblack\twhite\tresult\twinner\treason\tplies\tdetail\tfinal_"
           "sfen\tmoves";
}

std::string tsv_row(const GameResult& g) {
    const int   w      = g.winner_engine();
    std::string winner = w < 0 ? "-" : "engine" + std::to_string(w + 1);
    return std::to_string(g.setup.number) + "\t" + std::to_string(g.setup.opening_number) + "\t"
         + one_line(g.setup.opening) + "\t" + one_line(g.names[BLACK]) + "\t"
         + one_line(g.names[WHITE]) + "\t" + result_text(g) + "\t" + winner + "\t"
         + termination_name(g.outcome.reason) + "\t" + std::to_string(g.plies()) + "\t"
         + one_line(g.outcome.detail) + "\t" + g.final_sfen + "\t" + played_moves(g);
}

std::string summary_text(const MatchTotals& t, const MatchOptions& options) {
    std::ostringstream out;
    const int          n = t.wdl.games();
    out << "=== " << t.names[0] << " (engine1) vs " << t.names[1] << " (engine2) ===\n";
    out << "games " << n;
    if (!t.stop_reason.empty()) out << " (stopped: " << t.stop_reason << ")";
    out << '\n';
    const auto e = estimate_elo(t.wdl);
    out << "engine1 W/D/L: " << t.wdl.wins << "/" << t.wdl.draws << "/" << t.wdl.losses;
    if (e)
        out << "  score " << fixed(t.wdl.wins + 0.5 * t.wdl.draws, 1) << "/" << n << " ("
            << fixed(100 * e->score, 1) << "%)";
    out << '\n';
    if (e) {
        out << "Elo difference (engine1 - engine2): " << format_elo(e);
        if (e->bound == EloBound::NONE)
            out << "  95% [" << bound(e->low) << ", " << bound(e->high) << "]";
        out << "  LOS " << fixed(100 * e->los, 1) << "%\n";
    } else
        out << "Elo difference: n/a (no games)\n";
    out << "engine1 as sente: " << wdl_text(t.as_black) << "   as gote: " << wdl_text(t.as_white)
        << '\n';
    if (const int n_pairs = t.pairs.pairs(); n_pairs > 0) {
        out << "pairs " << n_pairs << " (0/0.5/1/1.5/2 points: ";
        for (int k = 0; k < 5; ++k)
            out << (k ? "/" : "") << t.pairs.counts[k];
        out << "): Elo ";
        if (const auto pe = estimate_pair_elo(t.pairs))
            out << format_elo(pe) << "  95% [" << bound(pe->low) << ", " << bound(pe->high) << "]";
        else
            out << "n/a";
        out << '\n';
    }
    if (options.sprt) {
        const SprtParams& p   = *options.sprt;
        const double      llr = match_llr(t, options);
        const std::string dec = sprt_decision(llr, p);
        out << "SPRT elo0 " << fixed(p.elo0, 1) << " elo1 " << fixed(p.elo1, 1) << " alpha "
            << p.alpha << " beta " << p.beta << " by "
            << (options.sprt_by_games ? "games" : "pairs") << ": LLR " << fixed(llr, 3)
            << " bounds (" << fixed(sprt_lower_bound(p), 3) << ", " << fixed(sprt_upper_bound(p), 3)
            << ") ";
        // The decision that stopped the match stands: the games in play then finish and count,
        // and may move the LLR back inside the bounds.
        if (t.stopped_after > 0)
            out << t.stop_reason << " after " << t.stopped_after << " games";
        else
            out << (dec.empty() ? "no decision" : "accepted " + dec);
        out << '\n';
    }
    out << "termination reasons:\n";
    for (const auto& [reason, count] : t.reasons) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "  %-20s %d\n", reason.c_str(), count);
        out << buf;
    }
    for (int i = 0; i < 2; ++i) {
        const EngineTally& s = t.tally[i];
        out << "engine" << i + 1 << " (" << t.names[i] << "): moves " << s.moves << ", avg time "
            << (s.moves ? s.time_ms / s.moves : 0) << " ms, max " << s.max_ms << " ms, avg depth "
            << (s.depth_count ? fixed(double(s.depth_sum) / s.depth_count, 1) : "n/a");
        if (s.nodes_time_ms > 0) out << ", nodes/s " << s.nodes_sum * 1000 / s.nodes_time_ms;
        out << ", late within margin " << s.late;
        if (s.ponder_hits + s.ponder_misses > 0)
            out << ", ponder hits " << s.ponder_hits << ", misses " << s.ponder_misses
                << ", ended early " << s.ponder_early;
        if (s.stops > 0)
            out << ", stopped " << s.stops << " (bestmove within " << s.max_stop_wait_ms << " ms)";
        if (s.extra_bestmoves > 0) out << ", EXTRA BESTMOVES " << s.extra_bestmoves;
        out << '\n';
    }
    return out.str();
}

} // namespace tsubame::usi
