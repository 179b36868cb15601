#include "match/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tsubame::usi {

namespace {

constexpr double WIDTH = 720, HEIGHT = 400;
constexpr double LEFT = 60, RIGHT = 20, TOP = 40, BOTTOM = 50;

std::string num(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", x);
    return buf;
}

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else
            out += c;
    }
    return out;
}

} // namespace

void write_elo_svg(const std::vector<EloEstimate>& history, const std::string& title,
                   std::ostream& out) {
    // The y range: the finite values, at least ±50, at most ±800, rounded to 50.
    double span = 50;
    for (const EloEstimate& e : history)
        for (double v : {e.elo, e.low, e.high})
            if (std::isfinite(v)) span = std::max(span, std::abs(v));
    span                = std::min(800.0, std::ceil(span / 50) * 50);
    const size_t n      = std::max<size_t>(history.size(), 1);
    const double plot_w = WIDTH - LEFT - RIGHT, plot_h = HEIGHT - TOP - BOTTOM;
    const auto   x = [&](size_t i) {
        return LEFT + (n == 1 ? plot_w / 2 : plot_w * double(i) / double(n - 1));
    };
    const auto y = [&](double elo) {
        const double clamped = std::isnan(elo) ? 0 : std::clamp(elo, -span, span);
        return TOP + plot_h * (span - clamped) / (2 * span);
    };

    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << WIDTH << "\" height=\"" << HEIGHT
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    out << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    out << "<text x=\"" << WIDTH / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">"
        << escape(title) << "</text>\n";
    // Grid and y labels every quarter of the span.
    for (int k = -2; k <= 2; ++k) {
        const double v = span * k / 2;
        out << "<line x1=\"" << LEFT << "\" x2=\"" << WIDTH - RIGHT << "\" y1=\"" << num(y(v))
            << "\" y2=\"" << num(y(v)) << "\" stroke=\"#ccc\""
            << (k == 0 ? " stroke-dasharray=\"4 3\" stroke-width=\"1.5\"" : "") << "/>\n";
        out << "<text x=\"" << LEFT - 6 << "\" y=\"" << num(y(v) + 4) << "\" text-anchor=\"end\">"
            << (v > 0 ? "+" : "") << num(v) << "</text>\n";
    }
    out << "<text x=\"" << WIDTH / 2 << "\" y=\"" << HEIGHT - 12
        << "\" text-anchor=\"middle\">games</text>\n";
    out << "<text x=\"16\" y=\"" << HEIGHT / 2 << "\" transform=\"rotate(-90 16 " << HEIGHT / 2
        << ")\" text-anchor=\"middle\">Elo (engine1 - engine2)</text>\n";
    out << "<text x=\"" << LEFT << "\" y=\"" << HEIGHT - BOTTOM + 16
        << "\" text-anchor=\"middle\">1</text>\n";
    out << "<text x=\"" << WIDTH - RIGHT << "\" y=\"" << HEIGHT - BOTTOM + 16
        << "\" text-anchor=\"middle\">" << history.size() << "</text>\n";
    if (history.empty()) {
        out << "</svg>\n";
        return;
    }
    // The 95% band: upper bounds left to right, lower bounds back.
    out << "<polygon fill=\"#9cc3e6\" fill-opacity=\"0.6\" stroke=\"none\" points=\"";
    for (size_t i = 0; i < history.size(); ++i)
        out << num(x(i)) << ',' << num(y(history[i].high)) << ' ';
    for (size_t i = history.size(); i-- > 0;)
        out << num(x(i)) << ',' << num(y(history[i].low)) << ' ';
    out << "\"/>\n";
    out << "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"2\" points=\"";
    for (size_t i = 0; i < history.size(); ++i)
        out << num(x(i)) << ',' << num(y(history[i].elo)) << ' ';
    out << "\"/>\n";
    const EloEstimate& last = history.back();
    out << "<text x=\"" << WIDTH - RIGHT << "\" y=\"" << TOP - 6
        << "\" text-anchor=\"end\" fill=\"#1f5fa8\">last: ";
    if (last.bound == EloBound::ABOVE)
        out << "&gt; " << num(last.elo) << " (95%)";
    else if (last.bound == EloBound::BELOW)
        out << "&lt; " << num(last.elo) << " (95%)";
    else
        out << num(last.elo) << " [" << num(last.low) << ", " << num(last.high) << "]";
    out << "</text>\n";
    out << "</svg>\n";
}

} // namespace tsubame::usi
