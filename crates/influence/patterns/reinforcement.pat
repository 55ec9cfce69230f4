# Reinforcement rules of influence sources (seed 000 §3.2.2 step 2 and
# fig. 13; seed 001 §3.2.1 uses the same rules with k = 1), in the pattern
# language of keisei-board (docs/pattern-format.md).
#
# Each pattern is one rule. `@` is the stone whose source is reinforced;
#   partner: the label of the other own stone of the shape
#   add:     the direction of @'s source that gains k, as drawn
#            (n = towards the top of the diagram)
#   empty:   the check points: labels that must all be empty points
# Every other cell is an ordinary requirement of the pattern language
# (`.` empty, `x` own stone or empty, `?` anything). Dead stones read as
# empty points. Each rule applies in all 8 orientations, its direction
# turned with it; a partner reinforces one direction of @ at most once.
#
# Only fig. 13 (nobi) is given in the text; the other three are our
# reading, one principle for all four shapes (docs/algorithms.md §5.2):
# a direction is reinforced when the partner runs alongside @'s ray in that
# direction - one or two lines beside it, level with @ or one step ahead -
# and the points in front of both stones on that side (and any cutting
# point of the shape) are empty: no shape weakness (kizu) and nothing in
# the way on the side the pair faces.

# Fig. 13: nobi, the partner on the right. A1 = A and A2 = B empty: P_n += k.
# (B1, B2 empty: P_s += k is this rule mirrored top to bottom.)
pattern nobi
  partner: P
  add: n
  empty: A B
  A B
  @ P

# Kosumi (diagonal), the partner up and to the right: @ reinforces the ray
# that runs up past the partner through the cutting point A, when A, the
# point B in front of the partner and the other cutting point C are empty.
# Mirrored in the diagonal, the same rule reinforces the ray to the right
# through C. So a kosumi pair reinforces the two faces of the diagonal wall.
pattern kosumi
  partner: P
  add: n
  empty: A B C
  ? B
  A P
  @ C

# One-space jump: the face of the pair (A B C) is empty, and so is the row
# behind it, the gap included. A jump with anything next to it on the other
# side is not a bare jump (a stone there makes another shape, or a peep at
# the gap): it reinforces nothing. This is the reading under which seed 001
# fig. 23's jump "does not satisfy the rule" (its stone has a nobi partner
# on the back row).
pattern one-space-jump
  partner: P
  add: n
  empty: A B C
  A B C
  @ . P
  . . .

# Small knight's move, the partner two to the right and one down: @
# reinforces the ray downwards, which runs alongside the partner (two lines
# beside, one step ahead), when the two middle points are empty (the shape's
# cutting points) and the points A and B in front of both stones are empty.
pattern knights-move
  partner: P
  add: s
  empty: A B
  @ . ?
  A . P
  ? ? B
