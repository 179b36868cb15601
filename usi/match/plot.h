#pragma once

// An SVG chart of the Elo estimate and its 95% interval after each game.

#include <ostream>
#include <string>
#include <vector>

#include "match/stats.h"

namespace tsubame::usi {

/// Writes the chart: games on the x axis, Elo on the y axis, the interval as a band, the
/// estimate as a line, zero as a dashed line. A one-sided sample's line is its bound, and the
/// open side of its band reaches the edge of the plot.
void write_elo_svg(const std::vector<EloEstimate>& history, const std::string& title,
                   std::ostream& out);

} // namespace tsubame::usi
