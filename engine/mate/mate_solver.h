#pragma once

// A tsume (checkmate problem) solver: depth-first proof-number search (df-pn) over OR nodes,
// where the attacker (the side to move at the root) plays every legal check, and AND nodes,
// where the defender plays every legal evasion.
//
// - Transposition table with hand superiority: proofs are stored with their proof pieces (the
//   least hand that still mates), disproofs with their disproof pieces (the most hand that
//   still fails), so one result answers every hand it covers (see mate_table.h).
// - A repetition on the current path is no mate for the attacker (perpetual check loses);
//   so is an evasion back to a board of the path where the attacker held at least the hand
//   it holds now (the defender has undone the attack; no shortest mate goes that way).
//   Such results depend on the path that reached them (the graph-history-interaction
//   problem), so they are kept apart from the table, keyed by the position and the path.
// - Mate in one is tested when an OR node is first reached, and for the children of an AND
//   node when it is first expanded; unvisited nodes start from move-based estimates.
// - Thresholds use the 1+epsilon trick to switch between siblings less often.
//
// After a proof, the mating line is read from the table: the attacker takes the shortest
// proven mate, the defender the longest resistance, and drop interpositions that are simply
// captured (futile interpositions, 無駄合) do not count towards the length, as in tsume
// convention. The line is checked (legal, every attacker move a check, mate at the end).
//
// The shortest mate: every proof in the table carries the length of its mate by that
// convention (a futile interposition takes one ply off: it and the move that answers it count
// as nothing), every disproof the bound it holds for ("no mate of at most B plies"). After
// the first line (of length L) the root is searched again under the bound L - 2, in the same
// table: a node whose bound is spent is refuted, proofs longer than the bound decide nothing,
// and results found under a bound serve later searches under lower ones. A proof gives a
// shorter line, and the bound goes down again; a disproof shows that the line is the
// shortest (MateResult::shortest).

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "mate/key_set.h"
#include "mate/mate_in_one.h"
#include "mate/mate_path.h"
#include "mate/mate_table.h"

namespace tsubame {

/// When a solve must give up.
struct MateLimits {
    int64_t                  time_ms = -1; ///< Milliseconds from the start; below 0: none.
    uint64_t                 nodes   = 0; ///< Node budget; 0: none.
    const std::atomic<bool>* stop    = nullptr; ///< Polled at every node; set: give up at once.
    /// After the first proof, look for shorter mates until the line is proven the shortest
    /// (or a limit comes).
    bool shorten = true;
    /// Nodes the search for shorter mates may take after the first line (0: no limit but the
    /// solve's).
    uint64_t shorten_nodes = 0;
};

/// Outcome of a solve.
enum class MateStatus {
    MATE, ///< Proven mate; `pv` holds a mating line.
    NOMATE, ///< Proven: no mate by continuous checks.
    TIMEOUT, ///< A limit or the stop flag came first (or the answer could not be proven).
};

/// What a solve found: the status, a mating line and its length, and the effort.
struct MateResult {
    MateStatus        status = MateStatus::TIMEOUT;
    std::vector<Move> pv; ///< MATE: attacker's move first, ends in checkmate.
    /// MATE: length by tsume convention (the defender's longest resistance, futile
    /// interpositions not counted); pv.size() may be longer by such interpositions.
    int      length    = 0;
    uint64_t nodes     = 0;
    int64_t  time_ms   = 0;
    int      shortened = 0; ///< MATE: how many times a shorter line replaced the first one.
    /// MATE: no mate is shorter than `length` (a search under length - 2 disproved the root).
    bool     shortest    = false;
    uint64_t proof_nodes = 0; ///< MATE: nodes searched when the root was first proven.
    int64_t  proof_ms    = 0; ///< MATE: milliseconds to the first proof.
    /// Positions weighed reading the mating lines (every reading), apart from `nodes`.
    uint64_t read_nodes = 0;
};

/// Checks that `line` is legal from `pos`, that every move of the side to move at `pos` gives
/// check, and that the position at its end is checkmate (the side to move has no legal move
/// and is in check). On failure `why` says which move is wrong.
bool verify_mate_line(const Position& pos, const std::vector<Move>& line,
                      std::string* why = nullptr);

/// The df-pn tsume solver (see the top of this file), with its own table.
class MateSolver {
public:
    /// A solver whose table takes `hash_mb` MB.
    explicit MateSolver(size_t hash_mb = 16);
    ~MateSolver();
    MateSolver(const MateSolver&)            = delete;
    MateSolver& operator=(const MateSolver&) = delete;

    /// Resizes the table (emptied). False when memory ran out (the old size is kept).
    bool   set_hash_size(size_t mb) { return table_.resize(mb); }
    size_t hash_size_mb() const { return table_.size_mb(); }

    /// Solves `pos` for the side to move. Not thread-safe: one solve at a time.
    MateResult solve(const Position& pos, const MateLimits& limits);

private:
    struct Child {
        Move     move;
        uint64_t board_key; ///< Board after the move.
        uint64_t node_key; ///< Board and attacker's hand after the move (repetition key).
        Hand     hand; ///< Attacker's hand after the move.
        uint32_t pn, dn;
        uint32_t init_pn; ///< Proof number before any search (df-pn+ estimate).
        uint32_t init_dn; ///< Disproof number before any search.
        uint16_t dist; ///< Proven child: its mate's length; disproven: the bound it holds for.
        uint16_t real; ///< Proven child: its mate's plies.
        Hand     result_hand; ///< Proven or disproven child: its proof or disproof hand.
        bool     rep; ///< Disproven by a repetition (depends on the path).
        bool     found; ///< The table held the child when it was read (see MateProbe).
        bool     futile; ///< AND node: a drop on a square of futile_squares().
        uint64_t read_at; ///< nodes_ when the table was read for the child.
        /// AND node: the child's FlightCounter, made by its mate-in-one test in the parent's
        /// frame (valid as long as the frame's children; null when no test made one).
        const mate::FlightCounter* flights;
    };
    /// Nodes a search for a mate without an interposed piece may take (mates_without_piece).
    static constexpr uint64_t WITHOUT_PIECE_NODES = 2'000;
    static constexpr int      MAX_DROP_SQUARES    = 8;
    static constexpr int MAX_BOARD_EVASION = 16; ///< Board evasions whose FlightCounter is kept.
    struct Frame {
        std::vector<Child> children;
        Move               moves[MAX_MOVES];
        /// What reading the table for each child would give, as known after an AND node's
        /// first expansion tested and stored its children.
        mate::MateProbe known[MAX_MOVES];
        /// For the checks' estimates: the parent's (see Child::flights), else own_flights, made at
        /// the first estimate; null until then.
        const mate::FlightCounter* flights = nullptr;
        mate::FlightCounter        own_flights;
        /// For the estimates: both sides' attackers of the last destination square asked
        /// about (moves to one square, e.g. drops of several pieces, share them).
        Square   att_square = SQ_NONE;
        Bitboard att;
        /// At an AND node, for the mate-in-one tests after drops: the squares dropped on so
        /// far and the FlightCounter after a drop on each (the same for every piece).
        Square              drop_squares[MAX_DROP_SQUARES];
        mate::FlightCounter drop_flights[MAX_DROP_SQUARES];
        int                 drop_count = 0;
        /// At an AND node, the FlightCounter after each of its first board evasions (for the
        /// mate-in-one tests, then for the checks' estimates at the child).
        mate::FlightCounter board_flights[MAX_BOARD_EVASION];
    };
    struct Numbers {
        uint32_t pn, dn;
    };
    struct Eval {
        int  conv = 0; ///< Length by tsume convention.
        int  real = 0; ///< Plies of the actual line to checkmate.
        Move best = Move::none();
        bool ok   = false;
        /// The attacker's pieces in hand the mate drops (less those it captures first): at an
        /// AND node every evasion's but futile interpositions', at an OR node the fewest of
        /// each type among the checks of the shortest length.
        Hand used;
    };

    /// Searches the current node until its numbers reach a threshold. `known_found`: the
    /// caller read the table for this node since the last change to it, and found an open
    /// entry (true) or none (false); unknown when -1. `flights`: the node's FlightCounter, if
    /// the caller has it.
    /// `bound`: the longest mate looked for from this node (mate::NO_BOUND: any).
    Numbers mid(int ply, uint32_t th_pn, uint32_t th_dn, uint64_t path_key, int bound,
                int known_found = -1, const mate::FlightCounter* flights = nullptr);
    /// The child to search next and the node's numbers from its children's.
    struct Selection {
        Numbers  numbers;
        size_t   best   = 0; ///< The child to search.
        uint32_t second = 0; ///< The runner-up's number (pn at OR nodes, dn at AND nodes).
    };
    /// OR node: the child of least proof number (the one harder to disprove among equals);
    /// the node's disproof number sums its children's, drops of one type counted once by
    /// their largest (`drop_max`, filled here).
    Selection select_or_child(const Frame& f, uint32_t (&drop_max)[HAND_TYPE_END]) const;
    /// AND node: the child of least disproof number; the node's proof number sums its
    /// unproven children's, drops on one square and futile interpositions counted once.
    Selection select_and_child(const Frame& f) const;
    /// Stores the node's result when the search of it ends: its proof (with the proof hand
    /// and distance), its disproof (or a path-dependent repetition under `rep_key`), or its
    /// open numbers, with the `amount` of nodes it took.
    /// Searched under `bound`; proofs carry their length, disproofs the bound they hold for.
    void store_result(const Frame& f, bool or_node, uint64_t bkey, Hand hand, uint64_t rep_key,
                      Numbers cur, uint64_t amount, int bound);
    /// A node without moves: an OR node with no check is disproved (for any hand holding no
    /// new piece type), an AND node with no evasion is mated. Stores and returns its numbers.
    Numbers settle_without_moves(bool or_node, uint64_t bkey, Hand hand);
    /// The first visit's mate-in-one tests: at an OR node, its own (the proved numbers when it
    /// mates at once); at an AND node, every child's, with each child's table reading kept in
    /// the frame (`known_children` stays true while those readings remain valid).
    std::optional<Numbers> test_mates_in_one(Frame& f, int ply, bool or_node, uint64_t bkey,
                                             Hand hand, int bound, bool& known_children);
    /// Generates the node's moves into its frame's children (keys filled, numbers not).
    void   expand(Frame& f, bool or_node);
    Frame& frame(int ply);
    /// The child's df-pn+ estimate (init_pn, init_dn), made at its parent (the current node;
    /// a check's flight squares come from the frame's FlightCounter, made at the first one).
    void estimate(Frame& f, Child& c, bool or_node);
    /// Reads a child's numbers from the path, the repetition table (if `rep_children`) and
    /// the table (or from `known`, what reading the table would give), for the node's `bound`.
    void look_up_child(Frame& f, Child& c, uint64_t path_key, bool rep_children, int bound,
                       const mate::MateProbe* known = nullptr);
    /// At an OR node searched under a `bound` of at most 2 plies: marks refuted every check
    /// (not yet solved) the defender can answer otherwise than by a futile interposition.
    void refute_checks_with_replies(int ply, Frame& f, int bound);
    /// Records a result that depends on the path (key: the node and its path).
    void add_repetition(uint64_t key);
    /// Empties the path-dependent results.
    void clear_repetitions();
    bool check_limits();
    /// Searches the current node for at most `budget` nodes (the limits still apply).
    void try_prove(int ply, uint64_t budget);
    /// A move of the attacker that mates at once, found by the fast test.
    Move mate_in_one();
    /// mate_in_one after the defender's move, the frame's child i (played); keeps the
    /// FlightCounter it makes in the frame and points the child's `flights` at it.
    Move mate_in_one_after(Frame& f, size_t i);
    /// Proof hand of an AND node with no evasions (or the pieces any AND node must deny the
    /// defender so that it cannot interpose).
    Hand interposition_guard() const;

    // Reading the mating line, from here to prove_some_child (mate_line.cpp).

    /// The shortest-for-the-attacker, longest-for-the-defender line from the current node,
    /// by tsume convention; memoised per node.
    Eval eval_node(int ply);
    /// eval_node's limits: polls the time and the stop flag and counts the node; true (with
    /// eval_failed_ set) when the evaluation must give up.
    bool eval_budget_spent(int ply);
    /// At a proven OR node: a small search of each check neither proven nor disproven, which
    /// may mate sooner than the stored proof (reading the first line of a long mate).
    void search_unproven_checks(int ply, const Frame& f);
    /// What weigh_children gathers from the children (defined with them).
    struct EvalTally;
    /// The node's line from its children's (empty when it has none): the attacker's proven
    /// checks, those shorter than `bound` first, or every evasion of the defender.
    Eval weigh_children(int ply, Frame& f, bool or_node, int bound, int bound_real);
    /// Evaluates one child (taken by value, as the loop before the split did) and adds its
    /// line to the tally. `any_distance`: an attacker's child need not be proven shorter than
    /// `bound`.
    void weigh_child(int ply, Child c, bool or_node, bool any_distance, int bound, int bound_real,
                     EvalTally& tally);
    /// At the OR node just after `drop`, an interposition on a square of futile_squares(), the
    /// node evaluated as `conv` plies: whether the interposition is futile by convention.
    /// False when every shortest check weighed by eval_node takes the piece and the mate
    /// after it needs the piece.
    /// `ply`: the node's. Also futile when a check that takes the piece mates as soon with the
    /// piece given back to the defender (mates_without_piece).
    bool taken_for_nothing(int ply, Move drop, int conv);
    /// At the AND node at `ply`: whether every drop on the futile square of `drop` leads to a
    /// mate shorter than `longest` (the position after its capture with the piece back in the
    /// defender's hand, proven in the table, reads as mated within longest - 2: see
    /// mates_without_piece), so that none needs its line read.
    bool drops_shorter_than(int ply, Move drop, int longest);
    /// At the OR node at `ply` just after an interposition of a `pt`: whether the position
    /// after `capture` (which takes it) with the piece back in the defender's hand is mated
    /// within `length` plies (a small search, its answers memoised per reading).
    /// `budget`: the search's nodes (0: only the table is read).
    bool mates_without_piece(int ply, Move capture, PieceType pt, int length,
                             uint64_t budget = WITHOUT_PIECE_NODES);
    /// Reads the mating line of the proven root (eval_node, else stored_line) and verifies
    /// it; false (pv empty) when no verified line could be read.
    bool read_line(const Position& root, std::vector<Move>& pv, int& length);
    /// After a proof with its line in `result`: proves shorter mates under ever smaller
    /// bounds and reads their lines, within the limits (MateLimits::shorten).
    void shorten(const Position& root, MateResult& result, int64_t time_to_proof);
    /// A mating line from the root following the distances stored with the proofs.
    std::vector<Move> stored_line();
    /// Proves the current node again (after its proof was replaced in the table).
    bool reprove(int ply);
    /// At an OR node proven in `length` plies (by convention, futile interpositions counting
    /// nothing) none of whose checks is proven shorter in the table any more: proves one again
    /// within that length, with a small budget each. True when one is.
    bool prove_child_within(int ply, const Frame& f, int length);
    /// At a proven OR node none of whose checks is proven in the table: proves one again.
    bool prove_some_child(int ply, Frame& f);
    /// At an AND node in check by one long-range piece: the squares in between where a drop
    /// would be a futile interposition (the checker takes it, and the defender cannot take
    /// back), empty otherwise.
    Bitboard futile_squares() const;

    mate::MateTable                     table_;
    Position                            pos_;
    std::vector<StateInfo>              states_;
    std::vector<std::unique_ptr<Frame>> frames_;
    mate::MatePath                      path_;
    mate::KeySet                        rep_table_;
    /// Nodes (with their path, as in rep_table_) whose children may have results in
    /// rep_table_: only their children are looked for there.
    mate::KeySet                       rep_parents_;
    uint64_t                           rep_inserts_ = 0; ///< Insertions into rep_table_ so far.
    std::unordered_map<uint64_t, Eval> evals_;
    std::unordered_map<uint64_t, bool> without_piece_; ///< mates_without_piece's answers.
    Color                              attacker_ = BLACK;
    MateLimits                         limits_;
    int64_t                            start_ms_     = 0;
    uint64_t                           nodes_        = 0;
    uint64_t                           eval_nodes_   = 0;
    uint64_t                           read_nodes_   = 0; ///< eval_nodes_ of the readings so far
    bool                               aborted_      = false;
    bool                               hard_aborted_ = false; ///< A limit of the solve hit.
    uint64_t                           soft_limit_   = ~uint64_t(0);
    bool                               depth_cut_    = false;
    uint64_t                           post_budget_  = 0; ///< search_unproven_checks' nodes
    uint64_t                           post_nodes_   = 0;
    /// Looking for shorter mates: the node limit and soft_time_ms_ stop the search only.
    bool    shortening_   = false;
    int64_t soft_time_ms_ = 0;
    bool    reading_      = false; ///< In read_line: only the hard limits stop its searches.
    bool    eval_failed_  = false;
    /// eval_node: whether the node at each ply was reached by a drop on a futile square.
    std::vector<uint8_t> after_futile_drop_ = std::vector<uint8_t>(4096, 0);
};

} // namespace tsubame
