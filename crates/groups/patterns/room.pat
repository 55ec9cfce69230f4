# Eye room (seed 000 §3.3.2, fig. 22), in the pattern language of
# keisei-board (docs/pattern-format.md).
#
# Fig. 22 is a picture; our reading. A group stone `@` on the 2nd or 3rd
# line has room to make an eye towards the edge when the `check:` points
# (the figure's × marks: the points between the stone and the edge) are
# empty, and then the `area:` (the figure's outlined area: the points where
# the eye would be made, beside and under the stone) is empty and not yet an
# eye region. Each such room is worth a half eye [1,0] with eye certainty 0.
# The labels are upper case: the program checks that they are empty and not
# part of an eye region.

# Third line: the two points below the stone, then the two lines beside them.
pattern room-third-line
  check: A B
  area: C D E F
  ? ? @ ? ?
  ? C A D ?
  ? E B F ?
  - - - - -

# Second line: the point below the stone, then the points beside it on the
# first and second lines.
pattern room-second-line
  check: A
  area: C D E F
  ? C @ D ?
  ? E A F ?
  - - - - -
