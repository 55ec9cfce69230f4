# Removal rules for restriction blocks (seed 000 §3.2.1, fig. 10) and
# control blocks (seed 001 §3.1.1, figs. 13–16), in the pattern language of
# keisei-board (docs/pattern-format.md).
#
# The figures are pictures; our reading: a block cell is removed when it is
# strictly closer (Manhattan distance) to an enemy stone that cannot be
# attacked than to the block's own stone `@`. For the four enemy positions
# of the figures that gives the cells below (upper-case labels; `E` is the
# enemy stone, which the program checks cannot be attacked). Cells outside
# a particular block (3×3, 3×4, 4×4 or 5×5) do not matter. Each rule applies
# in all 8 orientations.

# Fig. 10 (centre) / fig. 13: an enemy stone next to the stone removes the
# half of the block on its side.
pattern adjacent-enemy
  rule: fig. 13
  remove: A B C D F G H I J
  ? ? ? A B
  ? ? ? C D
  ? ? @ E F
  ? ? ? G H
  ? ? ? I J

# Fig. 10 (right) / fig. 14: an enemy stone on a diagonal removes the
# quarter of the block beyond it.
pattern diagonal-enemy
  rule: fig. 14
  remove: A B C
  ? ? ? ? ?
  ? ? ? ? ?
  ? ? @ ? ?
  ? ? ? E A
  ? ? ? B C

# Fig. 15: an enemy stone a one-space jump away removes the far column.
pattern jump-enemy
  rule: fig. 15
  remove: A B C D
  ? ? ? ? A
  ? ? ? ? B
  ? ? @ ? E
  ? ? ? ? C
  ? ? ? ? D

# Fig. 16: an enemy stone a knight's move away removes the cells nearer to it.
pattern knight-enemy
  rule: fig. 16
  remove: A B C D F G
  ? ? ? ? A
  ? ? ? ? B
  ? ? @ ? C
  ? ? ? D E
  ? ? ? F G
