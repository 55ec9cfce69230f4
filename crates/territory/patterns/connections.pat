# Connection patterns (seed 000 §3.1, after Yen & Hsu), in the pattern
# language of keisei-board (docs/pattern-format.md).
#
# Each pattern links the anchor stone `@` to another stone of the same
# colour (`to: B`, the cell labelled B must hold an own stone) or to the
# board edge (`to: edge`). Attributes:
#   cut:   the cutting points (labelled cells; they may be empty or hold a
#          stone, which the program classifies)
#   needs: `all` when the opponent must take every cutting point to cut
#          (miai shapes), `any` when one is enough
#   max:   the best coefficient the shape can have (1 or 0.5)
#   wall:  the cells the link walls off for territory (default: the cuts;
#          `none` for a diagonal, which already blocks a region's spread)
# The coefficient (1 connected whatever happens, 0.5 connected if the owner
# plays first, 0 cut) comes from the cutting points: a point holding an own
# stone cannot be cut; an empty point where an opponent stone would be
# captured (tactical reading) does not cut; an opponent stone that cannot be
# captured holds it. Two stones adjacent to each other are one chain and
# need no pattern. When several patterns link the same two stones, the one
# earlier in this file describes the link.

# Tiger's mouth (hanging connection): a stone played on C is in atari.
pattern tigers-mouth
  to: B
  cut: C
  needs: any
  max: 1
  @ C B
  ? X ?

# Diagonal (kosumi): the opponent needs both C and D.
pattern diagonal
  to: B
  cut: C D
  needs: all
  max: 1
  wall: none
  @ C
  D B

# Bamboo joint: two pairs with a two-point gap; miai of C and D.
pattern bamboo-joint
  to: B
  cut: C D
  needs: all
  max: 1
  @ X
  C D
  B X

# One-space jump: a wedge on C cuts unless it is captured.
pattern one-space-jump
  to: B
  cut: C
  needs: any
  max: 1
  @ C B

# Knight's move: the opponent pushes on one of C, D and cuts on the other.
pattern knights-move
  to: B
  cut: C D
  needs: all
  max: 0.5
  @ ?
  C D
  ? B

# Two-space jump: a stone on either of C, D separates the stones.
pattern two-space-jump
  to: B
  cut: C D
  needs: any
  max: 0.5
  @ C D B

# Large knight's move: a stone on any of C, D, F, G separates them.
pattern large-knights-move
  to: B
  cut: C D F G
  needs: any
  max: 0.5
  @ ?
  C D
  F G
  ? B

# A stone on the second line reaches the edge below it.
pattern second-line-to-edge
  to: edge
  cut: C
  needs: any
  max: 1
  ? @ ?
  ? C ?
  - - -

# A stone on the third line reaches the edge if the two points below it
# are free; the opponent can slide under, so at best 0.5.
pattern third-line-to-edge
  to: edge
  cut: C D
  needs: any
  max: 0.5
  ? @ ?
  ? C ?
  ? D ?
  - - -
