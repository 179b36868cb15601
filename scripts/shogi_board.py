"""A minimal shogi board for the analysis scripts: an SFEN's pieces, USI moves applied without
legality checks, and which squares a side attacks. Enough to say what kind of move a move is
(capture, drop, promotion, check, a piece leaving an attacked square); the engine remains the
authority on rules.

Squares are (file, rank), both 1-9, rank 1 being rank a (White's back rank). A piece is its
SFEN letter, upper case for Black, with '+' before a promoted one.
"""

GOLD_STEPS = [(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)]
KING_STEPS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
DIAGONALS = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
ORTHOGONALS = [(0, -1), (-1, 0), (1, 0), (0, 1)]
# For Black (moving towards rank 1): the single steps and the sliding directions of each piece.
STEPS = {
    "P": ([(0, -1)], []),
    "L": ([], [(0, -1)]),
    "N": ([(-1, -2), (1, -2)], []),
    "S": ([(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)], []),
    "G": (GOLD_STEPS, []),
    "K": (KING_STEPS, []),
    "B": ([], DIAGONALS),
    "R": ([], ORTHOGONALS),
    "+P": (GOLD_STEPS, []),
    "+L": (GOLD_STEPS, []),
    "+N": (GOLD_STEPS, []),
    "+S": (GOLD_STEPS, []),
    "+B": (ORTHOGONALS, DIAGONALS),
    "+R": (DIAGONALS, ORTHOGONALS),
}


def square(text):
    """'7g' -> (7, 7)."""
    return int(text[0]), ord(text[1]) - ord("a") + 1


def is_black(piece):
    return piece[-1].isupper()


class Board:
    """The pieces of an SFEN or of `startpos`, with the side to move; moves change it."""

    def __init__(self, sfen="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"):
        placement, side = sfen.split()[:2]
        self.squares = {}
        for rank, row in enumerate(placement.split("/"), start=1):
            file, promoted = 9, False
            for ch in row:
                if ch.isdigit():
                    file -= int(ch)
                elif ch == "+":
                    promoted = True
                else:
                    self.squares[(file, rank)] = ("+" if promoted else "") + ch
                    file, promoted = file - 1, False
        self.black_to_move = side == "b"

    @classmethod
    def from_position(cls, command):
        """The board after a `position startpos|sfen ... [moves ...]` command."""
        words = command.split()
        if words[1] == "startpos":
            board, rest = cls(), words[2:]
        else:
            board, rest = cls(" ".join(words[2:6])), words[6:]
        for move in rest[1:] if rest and rest[0] == "moves" else []:
            board.play(move)
        return board

    def play(self, move):
        """Applies a USI move (no legality check); returns the piece it captured, or None."""
        to = square(move[2:4])
        captured = self.squares.get(to)
        if move[1] == "*":
            piece = move[0] if self.black_to_move else move[0].lower()
        else:
            piece = self.squares.pop(square(move[0:2]))
            if move.endswith("+"):
                piece = "+" + piece
        self.squares[to] = piece
        self.black_to_move = not self.black_to_move
        return captured

    def attacks(self, black):
        """The squares the pieces of one side attack."""
        seen = set()
        for (f, r), piece in self.squares.items():
            if is_black(piece) != black:
                continue
            steps, slides = STEPS[piece.upper()]
            sign = 1 if black else -1
            for df, dr in steps:
                target = (f + df, r + dr * sign)
                if 1 <= target[0] <= 9 and 1 <= target[1] <= 9:
                    seen.add(target)
            for df, dr in slides:
                target = (f + df, r + dr * sign)
                while 1 <= target[0] <= 9 and 1 <= target[1] <= 9:
                    seen.add(target)
                    if target in self.squares:
                        break
                    target = (target[0] + df, target[1] + dr * sign)
        return seen

    def copy(self):
        other = Board.__new__(Board)
        other.squares, other.black_to_move = dict(self.squares), self.black_to_move
        return other

    def king(self, black):
        return next((sq for sq, p in self.squares.items() if p == ("K" if black else "k")), None)

    def kinds(self, move):
        """What kind of move `move` is here, as a sorted list of words: drop, capture,
        promotion, check, escape (a piece leaves a square the opponent attacks), king, quiet.

        >>> Board.from_position("position startpos moves 7g7f 3c3d").kinds("8h2b+")
        ['capture', 'escape', 'promotion']
        >>> Board.from_position("position startpos moves 7g7f 3c3d").kinds("8h3c")
        ['check', 'escape']
        >>> Board.from_position("position startpos").kinds("5i4h")
        ['king']
        >>> board = Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
        >>> board.kinds("G*4b"), board.kinds("G*4c"), board.kinds("5c5b+"), board.kinds("5c5b")
        (['check', 'drop'], ['drop'], ['check', 'promotion'], ['check'])
        >>> Board("4k4/9/4p4/9/9/9/9/9/4K4 w L 1").kinds("L*5h")
        ['check', 'drop']
        """
        mover = self.black_to_move
        kinds = []
        if move[1] == "*":
            kinds.append("drop")
        else:
            frm = square(move[0:2])
            if self.squares.get(frm, "").upper() == "K":
                kinds.append("king")
            elif frm in self.attacks(not mover):
                kinds.append("escape")
            if move.endswith("+"):
                kinds.append("promotion")
        if square(move[2:4]) in self.squares:
            kinds.append("capture")
        after = self.copy()
        after.play(move)
        king = after.king(not mover)
        if king and king in after.attacks(mover):
            kinds.append("check")
        return sorted(kinds) or ["quiet"]
