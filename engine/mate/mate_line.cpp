// The mate solver's reading of the mating line from its table (see mate_solver.h): the
// attacker's shortest proven mate against the defender's longest resistance, futile
// interpositions counting nothing (eval_node and the functions it calls), else the line the
// stored distances give (stored_line); read_line verifies what it reads.

#include <algorithm>
#include <cassert>
#include <string>
#include <unordered_set>
#include <vector>

#include "mate/mate_solver.h"
#include "mate/mate_solver_detail.h"
#include "movegen/movegen.h"

namespace tsubame {

using mate::INFINITE_PN;
using mate::NO_BOUND;
using mate::REAL_BOUND;
using namespace mate::detail;

namespace {

// Nodes the shortest-line evaluation may visit before it settles for the line stored in
// the table.
constexpr uint64_t EVAL_LIMIT = 3'000'000;
// Nodes of the small search each unproven check gets while the first line of a long mate is
// read (see search_unproven_checks and MateSolver::solve).
constexpr uint64_t POST_CHILD_NODES = 100;
// Nodes a check may take to be proven again within its stored length while the line is read
// (its proof pushed out of the table).
constexpr uint64_t REPROVE_NODES = 20'000;

} // namespace

bool MateSolver::taken_for_nothing(int ply, Move drop, int conv) {
    // Tsume convention: an interposition is futile when the attacker mates as soon without
    // the piece: by a shortest check that does not take it, or one that takes it and goes on
    // with a mate that can spare it. One that every shortest mate takes and then needs (the
    // attacker's own pieces of the type not being enough) counts, like Kotobuki's knight and
    // silver interpositions on 3g: the square alone (futile_squares) made it 587 plies, not
    // 611. The checks are those eval_node weighed at this node (memoised).
    const PieceType pt      = drop.dropped_type();
    const Hand      hand    = pos_.hand(attacker_);
    bool            weighed = false;
    Move            moves[MAX_MOVES];
    Move* const     end = generate<GenType::CHECKS, true>(pos_, moves);
    Move            taking[MAX_MOVES];
    int             takes = 0;
    for (const Move* m = moves; m != end; ++m) {
        const Hand after = hand_after(hand, *m, m->is_drop() ? NO_PIECE : pos_.piece_on(m->to()));
        const auto it    = evals_.find(node_key(pos_.board_key_after(*m), after));
        if (it == evals_.end() || 1 + it->second.conv != conv) continue;
        weighed = true;
        if (m->is_drop() || m->to() != drop.to() || it->second.used.count(pt) < after.count(pt))
            return true;
        taking[takes++] = *m;
    }
    // The mate read after the capture drops the piece, but another may not need it: the
    // position after the capture with the piece back in the defender's hand, mated as soon.
    for (int i = 0; i < takes; ++i)
        if (mates_without_piece(ply, taking[i], pt, conv - 1)) return true;
    return !weighed;
}

bool MateSolver::drops_shorter_than(int ply, Move drop, int longest) {
    // Every drop on the square is answered by the same captures, after which the board is the
    // same whatever the piece, and the attacker holds one piece more and the defender one less
    // than with the piece back in the defender's hand: a mate of that position mates them all
    // as soon (more pieces for the attacker, fewer for the defender, never make a mate
    // longer). A drop then counts at most that mate's length, whether futile (the drop and its
    // capture count nothing) or not (then the position without the piece is mated no sooner
    // than after the capture, and lengths after the defender's move are even): below
    // `longest`, none of them is the longest resistance, and reading each line is saved
    // (le31's first lines: 26% fewer nodes read, the same lengths). Only a proof in the table
    // is read: searches of 200 nodes for one cost more than they saved.
    if (longest < 2 || hard_aborted_ || ply + 4 >= MAX_PLY) return false;
    const PieceType pt = drop.dropped_type();
    pos_.do_move(drop, states_[size_t(ply) + 1]);
    Move        moves[MAX_MOVES];
    Move* const end    = generate<GenType::CHECKS, true>(pos_, moves);
    bool        spared = false;
    for (const Move* m = moves; m != end && !spared && !eval_failed_; ++m)
        if (!m->is_drop() && m->to() == drop.to())
            spared = mates_without_piece(ply + 1, *m, pt, longest - 2, 0);
    pos_.undo_move(drop);
    return spared;
}

bool MateSolver::mates_without_piece(int ply, Move capture, PieceType pt, int length,
                                     uint64_t budget) {
    if (length < 0 || length >= REAL_BOUND - 2 || hard_aborted_ || ply + 3 >= MAX_PLY) return false;
    pos_.do_move(capture, states_[size_t(ply) + 1]);
    Hand attacker = pos_.hand(attacker_), defender = pos_.hand(~attacker_);
    bool mates = false;
    if (attacker.has(pt) && defender.count(pt) < Hand::capacity(pt)) {
        attacker.remove(pt);
        defender.add(pt);
        const uint64_t key =
            node_key(pos_.board_key(), attacker) ^ uint64_t(length) ^ mix(budget + 1);
        const uint16_t bound = uint16_t(length);
        if (const auto it = without_piece_.find(key); it != without_piece_.end()) {
            mates = it->second;
        } else {
            // The SFEN with the hands changed (same board): searched at the plies above, then
            // the position is put back as it was, its history included.
            std::string sfen   = pos_.sfen();
            const auto  first  = sfen.find(' ');
            const auto  second = sfen.find(' ', first + 1);
            const auto  third  = sfen.find(' ', second + 1);
            sfen.replace(second + 1, third - second - 1,
                         attacker_ == BLACK ? sfen_hands(attacker, defender)
                                            : sfen_hands(defender, attacker));
            StateInfo* const here = &states_[size_t(ply) + 1];
            StateInfo* const prev = here->previous;
            Position         saved;
            StateInfo        saved_state;
            saved.copy_from(pos_, &saved_state);
            if (pos_.set_sfen(sfen, &states_[size_t(ply) + 2]).ok()) {
                const uint64_t  bkey = pos_.board_key();
                mate::MateProbe p    = table_.probe(bkey, attacker, bound);
                if (p.pn != 0 && p.dn != 0 && budget) {
                    soft_limit_ = nodes_ + budget;
                    (void)mid(ply + 2, INFINITE_PN, INFINITE_PN, mix(nodes_ ^ 0x2545f491), bound);
                    soft_limit_ = ~uint64_t(0);
                    aborted_    = hard_aborted_;
                    p           = table_.probe(bkey, attacker, bound);
                }
                // The length read, futile interpositions counted as the convention says.
                if (p.pn == 0) {
                    const Eval e = eval_node(ply + 2);
                    mates        = e.ok && e.conv <= length;
                }
            }
            pos_.copy_from(saved, here);
            here->previous = prev;
            without_piece_.emplace(key, mates);
        }
    }
    pos_.undo_move(capture);
    return mates;
}

bool MateSolver::prove_some_child(int ply, Frame& f) {
    // A proven OR node whose proving child was pushed out of the table: search the checks
    // again with growing budgets until one is proven.
    for (uint64_t budget = 1000; budget <= 10'000'000 && !hard_aborted_; budget *= 10) {
        for (const Child& c : f.children) {
            if (path_.contains(c.node_key, c.board_key)) continue;
            const mate::MateProbe p = table_.probe(c.board_key, c.hand);
            if (p.pn == 0) return true;
            if (p.dn == 0) continue;
            pos_.do_move(c.move, states_[size_t(ply) + 1]);
            try_prove(ply + 1, budget);
            pos_.undo_move(c.move);
            if (table_.probe(c.board_key, c.hand).pn == 0) return true;
        }
    }
    return false;
}

bool MateSolver::prove_child_within(int ply, const Frame& f, int length) {
    if (length < 1 || length >= NO_BOUND || hard_aborted_) return false;
    const int bound = child_bound(length, true, false);
    for (const Child& c : f.children) {
        if (path_.contains(c.node_key, c.board_key)) continue;
        const mate::MateProbe p = table_.probe(c.board_key, c.hand, uint16_t(bound));
        if (p.pn == 0) return true;
        if (p.dn == 0) continue;
        pos_.do_move(c.move, states_[size_t(ply) + 1]);
        soft_limit_ = nodes_ + REPROVE_NODES;
        (void)mid(ply + 1, INFINITE_PN, INFINITE_PN, mix(nodes_ ^ 0x5851f42d), bound);
        soft_limit_ = ~uint64_t(0);
        aborted_    = hard_aborted_;
        pos_.undo_move(c.move);
        if (table_.probe(c.board_key, c.hand, uint16_t(bound)).pn == 0) return true;
    }
    return false;
}

bool MateSolver::reprove(int ply) {
    const Hand hand = pos_.hand(attacker_);
    for (;;) {
        const mate::MateProbe p = table_.probe(pos_.board_key(), hand);
        if (p.pn == 0) return true;
        if (p.dn == 0 || aborted_) return false;
        const Numbers n = mid(ply, INFINITE_PN, INFINITE_PN, mix(nodes_), NO_BOUND);
        if (n.dn == 0 || aborted_) return false;
    }
}

bool MateSolver::eval_budget_spent(int ply) {
    if ((eval_nodes_ & 1023) == 0 && limits_.time_ms >= 0
        && now_ms() - start_ms_ >= limits_.time_ms)
        hard_aborted_ = aborted_ = true;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
        hard_aborted_ = aborted_ = true;
    if (eval_failed_ || ++eval_nodes_ > EVAL_LIMIT || ply >= MAX_PLY - 2 || hard_aborted_) {
        eval_failed_ = true;
        return true;
    }
    return false;
}

void MateSolver::search_unproven_checks(int ply, const Frame& f) {
    for (const Child& c : f.children) {
        if (path_.contains(c.node_key, c.board_key)) continue;
        const mate::MateProbe p = table_.probe(c.board_key, c.hand);
        if (p.pn == 0 || p.dn == 0) continue;
        const uint64_t before = nodes_;
        pos_.do_move(c.move, states_[size_t(ply) + 1]);
        try_prove(ply + 1, POST_CHILD_NODES);
        pos_.undo_move(c.move);
        post_nodes_ += nodes_ - before;
    }
}

/// What eval_node gathers from a node's children: the best line so far and the pieces the
/// mate drops.
struct MateSolver::EvalTally {
    Eval best;
    bool futile_best = false; ///< best answers a futile interposition.
    /// A child's line failed where the node cannot pass it over (an evasion's, or a child
    /// on the path): the node has no line.
    bool local_fail = false;
    /// The pieces the mate drops: at an AND node for every evasion but futile interpositions,
    /// at an OR node the fewest of each type among the shortest checks.
    Hand used;
    int  used_conv = -1; ///< OR node: the length `used` belongs to (-1: none yet).

    /// Adds the child reached by `move` (capturing `captured`), whose line from there is `e`.
    void add(bool or_node, Move move, Piece captured, const Eval& e, bool futile) {
        const int conv = or_node ? 1 + e.conv : (futile ? std::max(e.conv - 1, 0) : 1 + e.conv);
        const int real = 1 + e.real;
        bool      better;
        if (!best.ok)
            better = true;
        else if (or_node)
            better = conv < best.conv || (conv == best.conv && real < best.real);
        else
            better = conv > best.conv
                  || (conv == best.conv
                      && ((futile_best && !futile) || (futile_best == futile && real < best.real)));
        if (!or_node) {
            // Futile interpositions are no part of the solution, nor what answers them.
            if (!futile) used = hand_max(used, e.used);
        } else if (const Hand u = or_proof_hand(e.used, move, captured);
                   used_conv < 0 || conv < used_conv) {
            used      = u;
            used_conv = conv;
        } else if (conv == used_conv) {
            used = hand_min(used, u);
        }
        if (better) {
            best.conv   = conv;
            best.real   = real;
            best.best   = move;
            best.ok     = true;
            futile_best = futile;
        }
    }
};

void MateSolver::weigh_child(int ply, const Child c, bool or_node, bool any_distance, int bound,
                             int bound_real, EvalTally& tally) {
    const mate::MateProbe p       = table_.probe(c.board_key, c.hand);
    const bool            on_path = path_.contains(c.node_key, c.board_key);
    // Pass 0 takes the checks proven shorter than the node in either measure (those of a
    // proof found under a bound on the plies may be longer in the other).
    const bool usable = p.pn == 0 && !on_path
                     && (any_distance || !or_node || p.dist < bound || p.least_real < bound_real);
    if (or_node && !usable) return;
    if (on_path) {
        tally.local_fail = true;
        return;
    }
    bool        futile   = !or_node && c.futile;
    const Piece captured = c.move.is_drop() ? NO_PIECE : pos_.piece_on(c.move.to());
    pos_.do_move(c.move, states_[size_t(ply) + 1]);
    after_futile_drop_[size_t(ply) + 1] = futile;
    const bool proven                   = usable || reprove(ply + 1);
    const Eval e                        = proven ? eval_node(ply + 1) : Eval{};
    pos_.undo_move(c.move);
    if (!e.ok) {
        if (!or_node) tally.local_fail = true;
        return;
    }
    if (futile) {
        pos_.do_move(c.move, states_[size_t(ply) + 1]);
        futile = taken_for_nothing(ply + 1, c.move, e.conv);
        pos_.undo_move(c.move);
    }
    tally.add(or_node, c.move, captured, e, futile);
}

MateSolver::Eval MateSolver::weigh_children(int ply, Frame& f, bool or_node, int bound,
                                            int bound_real) {
    // Children whose line fails (lost from the table, or leading back onto the path) are
    // passed over by the attacker; the defender's must all succeed. Only running out of
    // budget (eval_failed_) ends the whole evaluation.
    EvalTally tally;
    for (int pass = 0; pass < 4 && !tally.best.ok && !tally.local_fail && !eval_failed_; ++pass) {
        // Pass 0: the attacker's children proven with a shorter stored distance (they cannot
        // lead back here); pass 1: the same after proving again, within the node's length, a
        // check whose proof was pushed out of the table (else a longer one would be taken);
        // pass 2: any proven child; pass 3: prove some child again first.
        if (pass == 1 && (!or_node || !prove_child_within(ply, f, bound))) continue;
        if (pass == 3 && (!or_node || !prove_some_child(ply, f))) break;
        if (!or_node) {
            // The evasions but drops on futile squares first: their longest line may let the
            // drops of a square be passed over all at once (drops_shorter_than).
            for (size_t i = 0; i < f.children.size() && !eval_failed_ && !tally.local_fail; ++i)
                if (!f.children[i].futile)
                    weigh_child(ply, f.children[i], or_node, pass > 1, bound, bound_real, tally);
            Bitboard done;
            for (size_t i = 0; i < f.children.size() && !eval_failed_ && !tally.local_fail; ++i) {
                const Child& c = f.children[i];
                if (!c.futile || done.test(c.move.to())) continue;
                done |= square_bb(c.move.to());
                if (tally.best.ok && drops_shorter_than(ply, c.move, tally.best.conv)) continue;
                for (size_t j = i; j < f.children.size() && !eval_failed_ && !tally.local_fail; ++j)
                    if (f.children[j].futile && f.children[j].move.to() == c.move.to())
                        weigh_child(ply, f.children[j], or_node, pass > 1, bound, bound_real,
                                    tally);
            }
            continue;
        }
        // The attacker's checks, shortest stored proofs first. A check whose stored proof
        // cannot beat the best line weighed is passed over: longer ones, and ones of the same
        // length and no fewer plies, except just after a drop on a futile square, where
        // taken_for_nothing looks at every shortest check.
        const bool keep_ties = after_futile_drop_[size_t(ply)];
        struct Order {
            uint16_t dist, real;
            uint32_t index;
        };
        std::vector<Order> order;
        order.reserve(f.children.size());
        for (size_t i = 0; i < f.children.size(); ++i) {
            const mate::MateProbe p = table_.probe(f.children[i].board_key, f.children[i].hand);
            order.push_back({p.pn == 0 ? p.dist : uint16_t(NO_BOUND),
                             p.pn == 0 ? p.least_real : uint16_t(NO_BOUND), uint32_t(i)});
        }
        std::stable_sort(order.begin(), order.end(), [](const Order& a, const Order& b) {
            return a.dist != b.dist ? a.dist < b.dist : a.real < b.real;
        });
        for (const Order& o : order) {
            if (eval_failed_ || tally.local_fail) break;
            if (tally.best.ok && o.dist < NO_BOUND) {
                if (1 + int(o.dist) > tally.best.conv) continue;
                if (!keep_ties && 1 + int(o.dist) == tally.best.conv
                    && 1 + int(o.real) >= tally.best.real)
                    continue;
            }
            weigh_child(ply, f.children[o.index], or_node, pass > 1, bound, bound_real, tally);
        }
    }
    tally.best.used = tally.used;
    if (tally.local_fail) return {};
    return tally.best;
}

MateSolver::Eval MateSolver::eval_node(int ply) {
    const bool     or_node = pos_.side_to_move() == attacker_;
    const Hand     hand    = pos_.hand(attacker_);
    const uint64_t bkey    = pos_.board_key();
    const uint64_t nkey    = node_key(bkey, hand);
    if (const auto it = evals_.find(nkey); it != evals_.end()) return it->second;
    if (path_.contains(nkey, bkey)) return {};
    if (eval_budget_spent(ply)) return {};
    mate::MateProbe self = table_.probe(bkey, hand);
    if (self.pn != 0) {
        if (!reprove(ply)) return {};
        self = table_.probe(bkey, hand);
    }
    const int bound = self.dist;

    Frame& f = frame(ply);
    expand(f, or_node);
    if (f.children.empty()) {
        if (or_node) return {};
        Eval mated;
        mated.ok = true;
        evals_.emplace(nkey, mated);
        return mated;
    }
    path_.push(nkey, bkey, hand);
    // Checks not yet proven may mate sooner: give each a small search.
    if (or_node && bound > 1 && !hard_aborted_ && post_nodes_ < post_budget_)
        search_unproven_checks(ply, f);
    const Eval best = weigh_children(ply, f, or_node, bound, self.least_real);
    path_.pop();
    if (eval_failed_ || !best.ok) return {};
    evals_.emplace(nkey, best);
    return best;
}

std::vector<Move> MateSolver::stored_line() {
    // The attacker takes the proven check with the shortest stored distance, the defender the
    // evasion with the longest (board moves before drops when equal).
    std::vector<Move> line;
    path_.clear();
    for (int ply = 0; ply < MAX_PLY - 2; ++ply) {
        const bool or_node = pos_.side_to_move() == attacker_;
        Frame&     f       = frame(ply);
        expand(f, or_node);
        if (f.children.empty()) return or_node ? std::vector<Move>{} : line;
        path_.push(node_key(pos_.board_key(), pos_.hand(attacker_)), pos_.board_key(),
                   pos_.hand(attacker_));
        const Child* pick      = nullptr;
        int          pick_dist = 0;
        for (const Child& c : f.children) {
            if (path_.contains(c.node_key, c.board_key)) {
                if (or_node) continue;
                return {};
            }
            mate::MateProbe p = table_.probe(c.board_key, c.hand);
            if (p.pn != 0) {
                if (or_node) continue;
                pos_.do_move(c.move, states_[size_t(ply) + 1]);
                const bool ok = reprove(ply + 1);
                pos_.undo_move(c.move);
                if (!ok) return {};
                p = table_.probe(c.board_key, c.hand);
            }
            const int d = p.dist;
            if (!pick
                || (or_node
                        ? d < pick_dist
                        : d > pick_dist
                              || (d == pick_dist && pick->move.is_drop() && !c.move.is_drop()))) {
                pick      = &c;
                pick_dist = d;
            }
        }
        if (!pick) {
            if (or_node && prove_some_child(ply, f)) {
                --ply; // the same node again, now with a proven check
                path_.pop();
                continue;
            }
            return {};
        }
        line.push_back(pick->move);
        pos_.do_move(pick->move, states_[size_t(ply) + 1]);
    }
    return {};
}

bool MateSolver::read_line(const Position& root, std::vector<Move>& pv, int& length) {
    reading_ = true;
    (void)pos_.set_sfen(root.sfen(), &states_[0]);
    pv.clear();
    path_.clear();
    evals_.clear();
    without_piece_.clear();
    eval_nodes_  = 0;
    eval_failed_ = false;
    Eval e       = eval_node(0);
    read_nodes_ += eval_nodes_;
    if (e.ok) {
        // Memoised lines were weighed with other paths behind them: a walk that comes back
        // to a position is no mating line (the check below, and the fallback, take over).
        std::unordered_set<uint64_t> seen;
        for (int ply = 0; ply < MAX_PLY; ++ply) {
            const uint64_t key = node_key(pos_.board_key(), pos_.hand(attacker_));
            const auto     it  = evals_.find(key);
            if (it == evals_.end() || it->second.best == Move::none()) break;
            if (!seen.insert(key).second) {
                e.ok = false;
                break;
            }
            pv.push_back(it->second.best);
            pos_.do_move(it->second.best, states_[size_t(ply) + 1]);
        }
        length = e.conv;
    }
    std::string why;
    bool        verified = e.ok && verify_mate_line(root, pv, &why);
    assert(!e.ok || verified); // debug check: a line read from a proof mates
    if (!verified) {
        // Too large a proof to weigh every line (or a line lost from the table): follow the
        // distances stored with the proofs instead.
        (void)pos_.set_sfen(root.sfen(), &states_[0]);
        pv       = stored_line();
        length   = int(pv.size());
        verified = !pv.empty() && verify_mate_line(root, pv, &why);
        assert(pv.empty() || verified);
    }
    if (!verified) pv.clear();
    reading_ = false;
    return verified;
}

} // namespace tsubame
